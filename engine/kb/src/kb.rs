//! The knowledge base: facts in, candidate identities with reasons out.
//! Pools never share identities, so each pool is evaluated on its own and only
//! the pool a new fact touches is re-evaluated.

use crate::catalogue::{AppId, Catalogue, ObjId};
use crate::facts::Fact;
use crate::price::Quote;
use crate::rules::{self, Cause, Traits, NO_OBJ};
use anyhow::{anyhow, Result};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// Everything known about one appearance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub appearance: String,
    /// Identities still possible, in catalogue order.
    pub candidates: Vec<String>,
    /// Distinct base prices of the candidates.
    pub price_groups: Vec<u32>,
    /// Each ruled-out identity with the fact that ruled it out.
    pub excluded: Vec<(String, String)>,
    pub identified: Option<String>,
    /// Set when no identity fits: "no candidate — conflicting facts: …".
    pub conflict: Option<String>,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(conflict) = &self.conflict {
            return write!(f, "{}: {conflict}", self.appearance);
        }
        match &self.identified {
            Some(id) => write!(f, "{}: identified as {id}", self.appearance)?,
            None => write!(
                f,
                "{}: {} candidates, price {}: {}",
                self.appearance,
                self.candidates.len(),
                join(self.price_groups.iter()),
                self.candidates.join(", ")
            )?,
        }
        for (id, why) in &self.excluded {
            write!(f, "\n    not {id}: {why}")?;
        }
        Ok(())
    }
}

fn join<T: fmt::Display>(items: impl Iterator<Item = T>) -> String {
    items.map(|i| i.to_string()).collect::<Vec<_>>().join("/")
}

#[derive(Clone, Debug, Default)]
struct PoolResult {
    candidates: BTreeMap<AppId, Vec<ObjId>>,
    /// First cause per (appearance, identity); Fact causes sort before TakenBy.
    excluded: BTreeMap<(AppId, ObjId), Cause>,
    identified: BTreeMap<AppId, ObjId>,
    rounds: usize,
}

pub struct Kb {
    cat: &'static Catalogue,
    facts: Vec<Fact>,
    /// Fact indices per pool.
    pool_facts: Vec<Vec<u32>>,
    seen: Vec<BTreeSet<AppId>>,
    results: Vec<PoolResult>,
    /// Facts whose appearance is not in the catalogue.
    unknown: Vec<u32>,
}

impl Default for Kb {
    fn default() -> Self {
        Kb::new()
    }
}

impl Kb {
    pub fn new() -> Kb {
        let cat = Catalogue::embedded();
        let n = cat.pools.len();
        Kb {
            cat,
            facts: Vec::new(),
            pool_facts: vec![Vec::new(); n],
            seen: vec![BTreeSet::new(); n],
            results: vec![PoolResult::default(); n],
            unknown: Vec::new(),
        }
    }

    pub fn from_facts(facts: impl IntoIterator<Item = Fact>) -> Kb {
        let mut kb = Kb::new();
        let mut dirty = BTreeSet::new();
        for fact in facts {
            if let Some(pool) = kb.record(fact) {
                dirty.insert(pool);
            }
        }
        for pool in dirty {
            kb.evaluate(pool);
        }
        kb
    }

    /// Adds one fact and re-evaluates the pool it concerns.
    pub fn add(&mut self, fact: Fact) {
        if let Some(pool) = self.record(fact) {
            self.evaluate(pool);
        }
    }

    pub fn facts(&self) -> &[Fact] {
        &self.facts
    }

    /// Appearances named in facts that are not randomized appearances.
    pub fn unknown_appearances(&self) -> BTreeSet<&str> {
        self.unknown
            .iter()
            .map(|&i| self.facts[i as usize].appearance())
            .collect()
    }

    fn record(&mut self, fact: Fact) -> Option<usize> {
        let index = self.facts.len() as u32;
        let app = self.cat.appearance(fact.appearance());
        self.facts.push(fact);
        let Some(app) = app else {
            self.unknown.push(index);
            return None;
        };
        let pool = self.cat.appearances[app as usize].pool;
        self.pool_facts[pool].push(index);
        self.seen[pool].insert(app);
        Some(pool)
    }

    fn evaluate(&mut self, pool_index: usize) {
        let cat = self.cat;
        let pool = &cat.pools[pool_index];
        let seen = &self.seen[pool_index];
        let real: Vec<AppId> = if pool.is_bijective() {
            pool.appearances.clone()
        } else {
            seen.iter().copied().collect()
        };
        let seen_in: Vec<rules::Seen> = seen.iter().map(|&a| rules::Seen(a)).collect();
        let real_in: Vec<rules::RealApp> = real.iter().map(|&a| rules::RealApp(a)).collect();
        let ids_in: Vec<rules::PoolId> = pool
            .objects
            .iter()
            .map(|&id| rules::PoolId(id, Traits::of(&cat.objects[id as usize])))
            .collect();
        let (mut quoted, mut named, mut tested, mut weighed) = (vec![], vec![], vec![], vec![]);
        for &f in &self.pool_facts[pool_index] {
            let fact = &self.facts[f as usize];
            let Some(app) = cat.appearance(fact.appearance()) else {
                continue;
            };
            match fact {
                Fact::Seen { .. } => {}
                &Fact::PriceQuote {
                    side,
                    price,
                    quantity,
                    charisma,
                    sucker,
                    ..
                } => {
                    let quote = Quote {
                        side,
                        price,
                        quantity,
                        charisma,
                        sucker,
                    };
                    quoted.push(rules::Quoted(f, app, quote));
                }
                Fact::Named { identity, .. } => {
                    let id = cat.identity_in_pool(app, identity).unwrap_or(NO_OBJ);
                    named.push(rules::NamedAs(f, app, id));
                }
                &Fact::UseOutcome { effect, .. } => tested.push(rules::Tested(f, app, effect)),
                &Fact::Weight { weight, .. } => weighed.push(rules::Weighed(f, app, weight)),
            }
        }

        // Fixed point: feed each round's identifications back as Known.
        let mut known: BTreeMap<AppId, ObjId> = BTreeMap::new();
        let mut rounds = 0;
        loop {
            rounds += 1;
            let mut runtime = rules::Crepe::new();
            runtime.extend([rules::PoolTag(0)]);
            runtime.extend(&seen_in);
            runtime.extend(&real_in);
            runtime.extend(&ids_in);
            runtime.extend(&quoted);
            runtime.extend(&named);
            runtime.extend(&tested);
            runtime.extend(&weighed);
            runtime.extend(known.iter().map(|(&a, &x)| rules::Known(a, x)));
            let (excluded, candidate, identified, paired) = runtime.run();
            let before = known.len();
            for (a, x) in identified
                .iter()
                .map(|i| (i.0, i.1))
                .chain(paired.iter().map(|p| (p.0, p.1)))
            {
                known.entry(a).or_insert(x);
            }
            if known.len() == before {
                let mut result = PoolResult {
                    rounds,
                    ..PoolResult::default()
                };
                for rules::Candidate(a, x) in candidate {
                    result.candidates.entry(a).or_default().push(x);
                }
                for v in result.candidates.values_mut() {
                    v.sort_unstable();
                }
                for rules::Excluded(a, x, cause) in excluded {
                    let slot = result.excluded.entry((a, x)).or_insert(cause);
                    *slot = (*slot).min(cause);
                }
                for (a, x) in identified.iter().map(|i| (i.0, i.1)) {
                    result.identified.insert(a, x);
                }
                for rules::Paired(a, x) in paired {
                    result.identified.entry(a).or_insert(x);
                }
                // Unseen appearances paired in earlier rounds (seen ones re-derive theirs).
                for (&a, &x) in &known {
                    if !seen.contains(&a) && !result.excluded.contains_key(&(a, x)) {
                        result.identified.entry(a).or_insert(x);
                    }
                }
                self.results[pool_index] = result;
                return;
            }
        }
    }

    fn app_of(&self, appearance: &str) -> Result<AppId> {
        self.cat.appearance(appearance.trim()).ok_or_else(|| {
            anyhow!(
                "{appearance:?} is not a randomized appearance \
                 (write it as the game shows it, e.g. \"bubbly potion\", \"scroll labeled KIRJE\")"
            )
        })
    }

    /// Candidates, price groups and reasons for one appearance.
    pub fn candidates(&self, appearance: &str) -> Result<Answer> {
        let app = self.app_of(appearance)?;
        Ok(self.answer(app))
    }

    /// The identity of an appearance, if the facts pin it down.
    pub fn identity(&self, appearance: &str) -> Result<Option<String>> {
        Ok(self.candidates(appearance)?.identified)
    }

    /// Whether the facts still allow `appearance` to be `identity`.
    pub fn could_be(&self, appearance: &str, identity: &str) -> Result<bool> {
        let app = self.app_of(appearance)?;
        let id = self
            .cat
            .identity_in_pool(app, identity.trim())
            .ok_or_else(|| anyhow!("{identity:?} is never a {appearance}"))?;
        Ok(self.candidate_ids(app).contains(&id))
    }

    /// Answers for every appearance seen (or paired by elimination), by pool.
    pub fn table(&self) -> Vec<Answer> {
        let mut apps = BTreeSet::new();
        for (pool, seen) in self.seen.iter().enumerate() {
            apps.extend(seen.iter().copied());
            apps.extend(self.results[pool].identified.keys().copied());
        }
        apps.into_iter().map(|a| self.answer(a)).collect()
    }

    /// Number of crepe runs the last evaluation of this appearance's pool took.
    pub fn rounds(&self, appearance: &str) -> Result<usize> {
        let app = self.app_of(appearance)?;
        Ok(self.results[self.cat.appearances[app as usize].pool].rounds)
    }

    fn candidate_ids(&self, app: AppId) -> Vec<ObjId> {
        let pool = self.cat.appearances[app as usize].pool;
        let result = &self.results[pool];
        if let Some(c) = result.candidates.get(&app) {
            return c.clone();
        }
        if self.seen[pool].contains(&app) {
            return Vec::new(); // seen, and every identity excluded
        }
        // Unseen: everything not excluded (by elimination) is possible.
        self.cat.pools[pool]
            .objects
            .iter()
            .copied()
            .filter(|&x| !result.excluded.contains_key(&(app, x)))
            .collect()
    }

    fn answer(&self, app: AppId) -> Answer {
        let cat = self.cat;
        let info = cat.appearance_info(app);
        let pool = info.pool;
        let result = &self.results[pool];
        let ids = self.candidate_ids(app);
        let name = |x: ObjId| cat.objects[x as usize].name.clone();
        let mut price_groups: Vec<u32> = ids
            .iter()
            .map(|&x| cat.objects[x as usize].base_price)
            .collect();
        price_groups.sort_unstable();
        price_groups.dedup();
        let excluded = cat.pools[pool]
            .objects
            .iter()
            .filter_map(|&x| {
                let cause = result.excluded.get(&(app, x))?;
                Some((name(x), self.explain(*cause, x)))
            })
            .collect();
        let conflict = ids.is_empty().then(|| {
            let mut why: Vec<String> = self.pool_facts[pool]
                .iter()
                .map(|&f| &self.facts[f as usize])
                .filter(|f| f.appearance() == info.shown && !matches!(f, Fact::Seen { .. }))
                .map(|f| f.to_string())
                .collect();
            why.extend(
                result
                    .excluded
                    .iter()
                    .filter(|((a, _), _)| *a == app)
                    .filter_map(|((_, x), c)| match c {
                        Cause::TakenBy(_) => Some(self.explain(*c, *x)),
                        Cause::Fact(_) => None,
                    }),
            );
            why.dedup();
            format!("no candidate — conflicting facts: {}", why.join("; "))
        });
        Answer {
            appearance: info.shown.clone(),
            identified: result.identified.get(&app).copied().map(name),
            candidates: ids.into_iter().map(name).collect(),
            price_groups,
            excluded,
            conflict,
        }
    }

    fn explain(&self, cause: Cause, id: ObjId) -> String {
        match cause {
            Cause::Fact(f) => match self.facts.get(f as usize) {
                Some(Fact::Named { identity, .. })
                    if self.cat.objects[id as usize]
                        .name
                        .eq_ignore_ascii_case(identity) =>
                {
                    format!("taken: {}", self.facts[f as usize])
                }
                Some(fact) => fact.to_string(),
                None => format!("fact #{f}"),
            },
            Cause::TakenBy(other) => format!(
                "{} is {}",
                self.cat.appearance_info(other).shown,
                self.cat.objects[id as usize].name
            ),
        }
    }
}
