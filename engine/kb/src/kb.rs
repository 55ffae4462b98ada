//! The knowledge base: facts in, candidate identities with reasons out.
//! Pools never share identities, so each pool is evaluated on its own and only
//! the pool a new fact touches is re-evaluated.

use crate::catalogue::{AppId, Catalogue, ObjId};
use crate::eval::{eliminate, evidence, Evidence, PoolInput, PoolResult, ShopStates};
use crate::facts::Fact;
use crate::price::Side;
use crate::rules::{Cause, NO_OBJ};
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
    /// The appearance's own facts (sightings aside), each with its source and reason.
    pub evidence: Vec<String>,
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
        for fact in &self.evidence {
            write!(f, "\n    evidence: {fact}")?;
        }
        for (id, why) in &self.excluded {
            write!(f, "\n    not {id}: {why}")?;
        }
        Ok(())
    }
}

impl Answer {
    /// One line: identity, or candidate count, price groups and a few names.
    pub fn summary(&self) -> String {
        if let Some(conflict) = &self.conflict {
            return format!("{}: {conflict}", self.appearance);
        }
        if let Some(id) = &self.identified {
            return format!("{}: {id}", self.appearance);
        }
        let mut names = self.candidates[..self.candidates.len().min(6)].join(", ");
        if self.candidates.len() > 6 {
            names.push_str(", …");
        }
        format!(
            "{}: {} candidates, price {}: {names}",
            self.appearance,
            self.candidates.len(),
            join(self.price_groups.iter())
        )
    }
}

fn join<T: fmt::Display>(items: impl Iterator<Item = T>) -> String {
    items.map(|i| i.to_string()).collect::<Vec<_>>().join("/")
}

pub struct Kb {
    cat: &'static Catalogue,
    facts: Vec<Fact>,
    /// Fact indices per pool.
    pool_facts: Vec<Vec<u32>>,
    /// Fact indices per appearance.
    app_facts: Vec<Vec<u32>>,
    seen: Vec<BTreeSet<AppId>>,
    evidence: Vec<Option<Evidence>>,
    results: Vec<PoolResult>,
    /// Facts whose appearance is not in the catalogue.
    unknown: Vec<u32>,
    /// Shopkeepers whose stinginess the sell quotes have settled.
    stingy: ShopStates,
    /// Appearances each named shopkeeper made sell offers for.
    shop_apps: BTreeMap<String, BTreeSet<AppId>>,
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
            app_facts: vec![Vec::new(); cat.appearances.len()],
            seen: vec![BTreeSet::new(); n],
            evidence: vec![None; cat.appearances.len()],
            results: vec![PoolResult::default(); n],
            unknown: Vec::new(),
            stingy: ShopStates::new(),
            shop_apps: BTreeMap::new(),
        }
    }

    pub fn from_facts(facts: impl IntoIterator<Item = Fact>) -> Kb {
        let mut kb = Kb::new();
        let mut dirty = BTreeSet::new();
        for fact in facts {
            if let Some(app) = kb.record(fact) {
                dirty.insert(app);
            }
        }
        kb.settle_shopkeepers();
        let mut pools = BTreeSet::new();
        for &app in &dirty {
            kb.weigh_evidence(app);
            pools.insert(kb.cat.appearances[app as usize].pool);
        }
        for pool in pools {
            kb.evaluate(pool);
        }
        kb
    }

    /// Adds one fact and re-evaluates what it can change (repeats are dropped).
    pub fn add(&mut self, fact: Fact) {
        let is_name = matches!(fact, Fact::Named { .. });
        let Some(app) = self.cat.appearance(fact.appearance()) else {
            self.record(fact);
            return;
        };
        let pool = self.cat.appearances[app as usize].pool;
        let was_seen = self.seen[pool].contains(&app);
        if self.record(fact).is_none() {
            return; // a repeat
        }
        let mut touched = BTreeSet::from([app]);
        // New evidence about an appearance can settle the shopkeepers it was sold to.
        let unsettled = self
            .shop_apps
            .iter()
            .any(|(shk, apps)| apps.contains(&app) && !self.stingy.contains_key(shk));
        if unsettled {
            touched.extend(self.settle_shopkeepers());
        }
        let mut pools = BTreeSet::new();
        if !was_seen || is_name {
            pools.insert(pool);
        }
        for app in touched {
            let before = self.evidence[app as usize]
                .as_ref()
                .map(|e| e.possible.clone());
            self.weigh_evidence(app);
            // Elimination only reads seen appearances, possible sets and names:
            // if none of them changed, the pool's result stands.
            if before.as_ref() != self.evidence[app as usize].as_ref().map(|e| &e.possible) {
                pools.insert(self.cat.appearances[app as usize].pool);
            }
        }
        for pool in pools {
            self.evaluate(pool);
        }
    }

    /// Decides each undecided shopkeeper's stinginess when the evidence refutes
    /// one state (some appearance would have no identity left); repeats until
    /// nothing changes. Returns the appearances whose evidence must be redone.
    fn settle_shopkeepers(&mut self) -> BTreeSet<AppId> {
        let mut touched = BTreeSet::new();
        loop {
            let mut decided = None;
            for (shk, apps) in &self.shop_apps {
                if self.stingy.contains_key(shk) {
                    continue;
                }
                let refuted = |state: bool| {
                    let mut states = self.stingy.clone();
                    states.insert(shk.clone(), state);
                    apps.iter().any(|&a| {
                        let of_app = &self.app_facts[a as usize];
                        evidence(self.cat, &self.facts, of_app, a, &states)
                            .possible
                            .is_empty()
                    })
                };
                match (refuted(false), refuted(true)) {
                    (true, false) => decided = Some((shk.clone(), true)),
                    (false, true) => decided = Some((shk.clone(), false)),
                    _ => continue,
                }
                break;
            }
            let Some((shk, state)) = decided else {
                return touched;
            };
            touched.extend(self.shop_apps[&shk].iter().copied());
            self.stingy.insert(shk, state);
        }
    }

    /// Shopkeepers whose stinginess is settled (true: offers cut by a quarter).
    pub fn shopkeepers(&self) -> &ShopStates {
        &self.stingy
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

    /// Stores a fact; returns its appearance if the catalogue knows it.
    fn record(&mut self, fact: Fact) -> Option<AppId> {
        let index = self.facts.len() as u32;
        let app = self.cat.appearance(fact.appearance());
        if let Some(app) = app {
            // A bot re-reads the same label every turn: a repeat adds nothing, whatever the
            // words it came with.
            let facts = &self.facts;
            if self.app_facts[app as usize]
                .iter()
                .any(|&i| facts[i as usize].same_evidence(&fact))
            {
                return None;
            }
        }
        self.facts.push(fact);
        let Some(app) = app else {
            self.unknown.push(index);
            return None;
        };
        let pool = self.cat.appearances[app as usize].pool;
        if let Fact::PriceQuote {
            side: Side::Sell,
            shopkeeper: Some(shk),
            ..
        } = &self.facts[index as usize]
        {
            self.shop_apps.entry(shk.clone()).or_default().insert(app);
        }
        self.pool_facts[pool].push(index);
        self.app_facts[app as usize].push(index);
        self.seen[pool].insert(app);
        Some(app)
    }

    fn weigh_evidence(&mut self, app: AppId) {
        let of_app = &self.app_facts[app as usize];
        let ev = evidence(self.cat, &self.facts, of_app, app, &self.stingy);
        self.evidence[app as usize] = Some(ev);
    }

    pub(crate) fn evaluate(&mut self, pool: usize) {
        let named = self.pool_facts[pool]
            .iter()
            .filter_map(|&f| match &self.facts[f as usize] {
                Fact::Named {
                    appearance,
                    identity,
                    ..
                } => {
                    let app = self.cat.appearance(appearance)?;
                    let id = self.cat.identity_in_pool(app, identity).unwrap_or(NO_OBJ);
                    Some((f, app, id))
                }
                _ => None,
            })
            .collect();
        let input = PoolInput {
            pool,
            seen: &self.seen[pool],
            evidence: &self.evidence,
            named,
        };
        self.results[pool] = eliminate(self.cat, &input);
    }

    /// Accepts the catalogue key or any form the game prints ("2 bubbly potions").
    fn app_of(&self, appearance: &str) -> Result<AppId> {
        let parsed = || crate::parse::parse_item(appearance).map(|i| i.appearance);
        let found = self
            .cat
            .appearance(appearance.trim())
            .or_else(|| self.cat.appearance(&parsed()?));
        found.ok_or_else(|| {
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
        if self.seen[pool].contains(&app) {
            // absent: every identity excluded (a conflict)
            return result.candidates.get(&app).cloned().unwrap_or_default();
        }
        if let Some(&x) = result.identified.get(&app) {
            return vec![x];
        }
        // Unseen: anything nobody else is known to be.
        self.cat.pools[pool]
            .objects
            .iter()
            .copied()
            .filter(|x| !result.taken.contains(x))
            .collect()
    }

    /// The first reason `x` was ruled out for `app`: its own facts, then elimination.
    fn exclusion(&self, app: AppId, x: ObjId) -> Option<Cause> {
        let own = self.evidence[app as usize]
            .as_ref()
            .and_then(|e| e.ruled.get(&x).copied());
        let pool = self.cat.appearances[app as usize].pool;
        own.or_else(|| self.results[pool].eliminated.get(&(app, x)).copied())
    }

    fn answer(&self, app: AppId) -> Answer {
        let cat = self.cat;
        let info = cat.appearance_info(app);
        let pool = info.pool;
        let result = &self.results[pool];
        let ids = self.candidate_ids(app);
        let name = |x: ObjId| cat.objects[x as usize].name.clone();
        let price_groups = match result.price_groups.get(&app) {
            Some(groups) => groups.clone(),
            None => {
                // unseen appearances are not in the rules' output
                let mut g: Vec<u32> = ids
                    .iter()
                    .map(|&x| cat.objects[x as usize].base_price)
                    .collect();
                g.sort_unstable();
                g.dedup();
                g
            }
        };
        let excluded = cat.pools[pool]
            .objects
            .iter()
            .filter_map(|&x| Some((name(x), self.explain(self.exclusion(app, x)?, x))))
            .collect();
        let evidence: Vec<String> = self.app_facts[app as usize]
            .iter()
            .map(|&f| &self.facts[f as usize])
            .filter(|f| !matches!(f, Fact::Seen { .. }))
            .map(|f| f.to_string())
            .collect();
        let conflict = ids.is_empty().then(|| {
            let mut why = evidence.clone();
            for (&(a, x), &cause) in &result.eliminated {
                if a == app {
                    why.push(self.explain(cause, x));
                }
            }
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
            evidence,
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
