//! Running the rules: evidence per appearance, elimination per pool to a fixed point.

use crate::catalogue::{AppId, Catalogue, ObjId};
use crate::facts::Fact;
use crate::price::Quote;
use crate::rules::{elimination as elim, evidence as ev, Cause, FastState, NO_OBJ};
use std::collections::{BTreeMap, BTreeSet};

/// What an appearance's own facts allow.
#[derive(Clone, Debug, Default)]
pub struct Evidence {
    pub possible: Vec<ObjId>,
    /// First ruling-out fact per identity.
    pub ruled: BTreeMap<ObjId, Cause>,
}

/// Known stinginess of shopkeepers, by name.
pub type ShopStates = BTreeMap<String, bool>;

/// Evaluates the `evidence` program over the facts (indices into `facts`) of `app`,
/// with sell quotes limited to their shopkeeper's state where it is known.
pub fn evidence(
    cat: &'static Catalogue,
    facts: &[Fact],
    of_app: &[u32],
    app: AppId,
    shops: &ShopStates,
) -> Evidence {
    let mut rt = ev::Crepe::new();
    let pool = cat.pool_of(app);
    rt.extend(pool.objects.iter().map(|&id| ev::Ident(id)));
    for &f in of_app {
        match &facts[f as usize] {
            Fact::Seen { .. } => {}
            Fact::PriceQuote {
                side,
                price,
                quantity,
                charisma,
                sucker,
                shopkeeper,
                ..
            } => rt.extend([ev::Quoted(
                f,
                Quote {
                    side: *side,
                    price: *price,
                    quantity: *quantity,
                    charisma: *charisma,
                    sucker: *sucker,
                    stingy: shopkeeper.as_ref().and_then(|s| shops.get(s).copied()),
                },
            )]),
            Fact::Named { identity, .. } => {
                let id = cat.identity_in_pool(app, identity).unwrap_or(NO_OBJ);
                rt.extend([ev::NamedAs(f, id)]);
            }
            &Fact::UseOutcome { effect, .. } => rt.extend([ev::Tested(f, effect)]),
            Fact::NotIdentity { identity, .. } => {
                // A name outside the pool rules nothing out.
                let id = cat.identity_in_pool(app, identity).unwrap_or(NO_OBJ);
                rt.extend([ev::NotAs(f, id)]);
            }
            Fact::OneOf { identities, .. } => {
                rt.extend([ev::Restricts(f)]);
                let ids = identities.iter();
                rt.extend(
                    ids.filter_map(|i| cat.identity_in_pool(app, i).map(|id| ev::AllowedBy(f, id))),
                );
            }
            &Fact::Weight { weight, .. } => rt.extend([ev::Weighed(f, weight)]),
        }
    }
    let (ruled, possible) = rt.run_with_hasher::<FastState>();
    let mut out = Evidence {
        possible: possible.into_iter().map(|ev::Possible(id)| id).collect(),
        ruled: BTreeMap::new(),
    };
    out.possible.sort_unstable();
    for ev::Ruled(id, cause) in ruled {
        let slot = out.ruled.entry(id).or_insert(cause);
        *slot = (*slot).min(cause);
    }
    out
}

/// The state of one pool after elimination.
#[derive(Clone, Debug, Default)]
pub struct PoolResult {
    /// Candidates of each seen appearance (sorted).
    pub candidates: BTreeMap<AppId, Vec<ObjId>>,
    /// Identities ruled out by elimination (evidence causes are kept per appearance).
    pub eliminated: BTreeMap<(AppId, ObjId), Cause>,
    pub identified: BTreeMap<AppId, ObjId>,
    /// Base prices of each seen appearance's candidates (sorted).
    pub price_groups: BTreeMap<AppId, Vec<u32>>,
    /// Identities some appearance is known to be, or named as.
    pub taken: BTreeSet<ObjId>,
    pub rounds: usize,
}

/// Seen appearances of a pool with their evidence, and its named facts.
pub struct PoolInput<'a> {
    pub pool: usize,
    pub seen: &'a BTreeSet<AppId>,
    pub evidence: &'a [Option<Evidence>],
    /// (fact number, appearance, identity or NO_OBJ)
    pub named: Vec<(u32, AppId, ObjId)>,
}

/// Runs `elimination` until Known stops growing.
pub fn eliminate(cat: &Catalogue, input: &PoolInput) -> PoolResult {
    let pool = &cat.pools[input.pool];
    let possible: Vec<elim::Possible> = input
        .seen
        .iter()
        .flat_map(|&a| {
            let ids = input.evidence[a as usize]
                .as_ref()
                .map(|e| e.possible.as_slice())
                .unwrap_or(&[]);
            ids.iter().map(move |&id| elim::Possible(a, id))
        })
        .collect();
    let seen: Vec<elim::Seen> = input.seen.iter().map(|&a| elim::Seen(a)).collect();
    let unseen: Vec<elim::Unseen> = if pool.is_bijective() {
        pool.appearances
            .iter()
            .filter(|a| !input.seen.contains(a))
            .map(|&a| elim::Unseen(a))
            .collect()
    } else {
        Vec::new()
    };
    let ids: Vec<elim::PoolId> = pool.objects.iter().map(|&x| elim::PoolId(x)).collect();
    let bases: Vec<elim::Base> = pool
        .objects
        .iter()
        .map(|&x| elim::Base(x, cat.objects[x as usize].base_price))
        .collect();
    let named: Vec<elim::NamedAs> = input
        .named
        .iter()
        .map(|&(f, a, x)| elim::NamedAs(f, a, x))
        .collect();

    let mut known: BTreeMap<AppId, ObjId> = BTreeMap::new();
    let mut rounds = 0;
    loop {
        rounds += 1;
        let mut rt = elim::Crepe::new();
        rt.extend([elim::PoolTag(0)]);
        rt.extend(&possible);
        rt.extend(&seen);
        rt.extend(&unseen);
        rt.extend(&ids);
        rt.extend(&bases);
        rt.extend(&named);
        rt.extend(known.iter().map(|(&a, &x)| elim::Known(a, x)));
        let (excluded, candidate, identified, paired, groups) = rt.run_with_hasher::<FastState>();
        let before = known.len();
        for (a, x) in identified
            .iter()
            .map(|i| (i.0, i.1))
            .chain(paired.iter().map(|p| (p.0, p.1)))
        {
            known.entry(a).or_insert(x);
        }
        if known.len() > before {
            continue;
        }
        let mut result = PoolResult {
            rounds,
            ..PoolResult::default()
        };
        for elim::Candidate(a, x) in candidate {
            result.candidates.entry(a).or_default().push(x);
        }
        for v in result.candidates.values_mut() {
            v.sort_unstable();
        }
        for elim::PriceGroup(a, b) in groups {
            result.price_groups.entry(a).or_default().push(b);
        }
        for v in result.price_groups.values_mut() {
            v.sort_unstable();
        }
        for elim::Excluded(a, x, cause) in excluded {
            let slot = result.eliminated.entry((a, x)).or_insert(cause);
            *slot = (*slot).min(cause);
        }
        for elim::Identified(a, x) in identified {
            result.identified.insert(a, x);
        }
        for elim::Paired(a, x) in paired {
            result.identified.entry(a).or_insert(x);
        }
        // Unseen appearances paired in earlier rounds (seen ones re-derive theirs).
        for (&a, &x) in &known {
            if !input.seen.contains(&a) {
                result.identified.entry(a).or_insert(x);
            }
        }
        result.taken = known.values().copied().collect();
        result.taken.extend(input.named.iter().map(|n| n.2));
        return result;
    }
}
