//! Benchmark: incremental update + query on a KB holding many facts.

use crate::catalogue::{AppId, Catalogue, ObjId, PriceKind};
use crate::effects::{Effect, ALL_EFFECTS};
use crate::facts::{Fact, Why};
use crate::kb::Kb;
use crate::price::{buy_price, sell_offer, Side};
use std::collections::BTreeMap;
use std::fmt;
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct BenchReport {
    pub n_facts: usize,
    pub samples: usize,
    /// Time to build the KB from `n_facts` facts.
    pub build_ms: f64,
    /// Wall time of one `add` + one `candidates` query.
    pub median_us: f64,
    pub p99_us: f64,
    pub max_us: f64,
    /// The same on this thread's CPU clock: unaffected by other processes
    /// taking the core (the wall p99 is, on a loaded machine).
    pub cpu_median_us: f64,
    pub cpu_p99_us: f64,
    /// Worst pool, CPU time of a full re-evaluation (what an update that changes
    /// an appearance's possible set or names something costs).
    pub worst_pool_eval_us: f64,
    pub worst_pool: String,
}

impl fmt::Display for BenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "kb: {} facts, build {:.1} ms; add+query over {} samples: wall median {:.0} µs, p99 {:.0} µs, max {:.0} µs; cpu median {:.0} µs, p99 {:.0} µs; full re-evaluation of the worst pool ({}) {:.0} µs cpu",
            self.n_facts,
            self.build_ms,
            self.samples,
            self.median_us,
            self.p99_us,
            self.max_us,
            self.cpu_median_us,
            self.cpu_p99_us,
            self.worst_pool,
            self.worst_pool_eval_us
        )
    }
}

/// CPU time consumed by the calling thread, in microseconds.
fn thread_cpu_us() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec we pass.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return f64::NAN;
    }
    ts.tv_sec as f64 * 1e6 + ts.tv_nsec as f64 / 1e3
}

/// Small deterministic generator (xorshift64*), enough for synthetic games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// A random game: which identity each used appearance has, per shuffled pool.
fn shuffle_game(cat: &Catalogue, rng: &mut Rng) -> Vec<(AppId, ObjId)> {
    let mut truth = Vec::new();
    for pool in cat.pools.iter().filter(|p| p.shuffled) {
        let mut apps = pool.appearances.clone();
        for i in (1..apps.len()).rev() {
            apps.swap(i, rng.below(i + 1));
        }
        truth.extend(apps.into_iter().zip(pool.objects.iter().copied()));
    }
    truth
}

const SHOPKEEPERS: [(&str, bool); 4] = [
    ("Asidonhopo", false),
    ("Izchak", true),
    ("Njezjin", false),
    ("Kachzi Rellod", true),
];

/// Price observations consistent with one random game, spread over all pools.
pub fn synthetic_facts(n: usize, seed: u64) -> Vec<Fact> {
    synthetic_game(n, seed, 0).0
}

/// A random game and `n` facts true in it: mostly prices, `named_percent` names,
/// plus some weights and wand engrave tests. Returns the facts and the truth
/// (shown appearance → identity) for every appearance in use.
pub fn synthetic_game(
    n: usize,
    seed: u64,
    named_percent: u64,
) -> (Vec<Fact>, BTreeMap<String, String>) {
    let cat = Catalogue::embedded();
    let mut rng = Rng(seed | 1);
    let truth = shuffle_game(cat, &mut rng);
    let facts = (0..n)
        .map(|_| {
            let (app, id) = truth[rng.below(truth.len())];
            let obj = cat.object(id);
            let appearance = cat.appearance_info(app).shown.clone();
            let roll = rng.below(100) as u64;
            if roll < named_percent {
                return Fact::Named {
                    appearance,
                    identity: obj.name.clone(),
                    why: Why::default(),
                };
            }
            if roll < named_percent + 5 {
                return Fact::Weight {
                    appearance,
                    weight: obj.weight,
                };
            }
            if roll < named_percent + 10 && obj.class == "wand" {
                let fits: Vec<Effect> = ALL_EFFECTS
                    .iter()
                    .copied()
                    .filter(|e| e.allows(&obj.class, &obj.name))
                    .collect();
                if !fits.is_empty() {
                    let effect = fits[rng.below(fits.len())];
                    return Fact::UseOutcome {
                        appearance,
                        effect,
                        why: Why::default(),
                    };
                }
            }
            let enchant = if obj.price_kind == PriceKind::Armor && rng.chance(30) {
                10 * (1 + rng.below(3) as u32)
            } else {
                0
            };
            let base = obj.base_price + enchant;
            let charisma = 5 + rng.below(15) as u8;
            let sucker = rng.chance(10);
            let quantity = if obj.class == "potion" || obj.class == "scroll" {
                1 + rng.below(3) as u32
            } else {
                1
            };
            if rng.chance(80) {
                let unit = buy_price(base, charisma, sucker, rng.chance(25));
                Fact::PriceQuote {
                    appearance,
                    side: Side::Buy,
                    price: unit * quantity,
                    quantity,
                    charisma,
                    sucker,
                    shopkeeper: None,
                }
            } else {
                // each shopkeeper is stingy or not for the whole game
                let (shk, stingy) = SHOPKEEPERS[rng.below(SHOPKEEPERS.len())];
                Fact::PriceQuote {
                    appearance,
                    side: Side::Sell,
                    price: sell_offer(base, quantity, sucker, stingy),
                    quantity,
                    charisma,
                    sucker,
                    shopkeeper: Some(shk.to_string()),
                }
            }
        })
        .collect();
    let truth = truth
        .into_iter()
        .map(|(a, x)| {
            (
                cat.appearance_info(a).shown.clone(),
                cat.object(x).name.clone(),
            )
        })
        .collect();
    (facts, truth)
}

/// Builds a KB from `n_facts` synthetic facts, then times 300 single-fact
/// updates each followed by a query of the updated appearance.
pub fn bench(n_facts: usize) -> BenchReport {
    const SAMPLES: usize = 300;
    let mut facts = synthetic_facts(n_facts + SAMPLES, 0x006e_6862_6f74);
    let extra = facts.split_off(n_facts);
    let start = Instant::now();
    let mut kb = Kb::from_facts(facts);
    let build_ms = start.elapsed().as_secs_f64() * 1e3;
    let (mut wall, mut cpu): (Vec<f64>, Vec<f64>) = extra
        .into_iter()
        .map(|fact| {
            let appearance = fact.appearance().to_string();
            let (t, c) = (Instant::now(), thread_cpu_us());
            kb.add(fact);
            let answer = kb.candidates(&appearance);
            let elapsed = (t.elapsed().as_secs_f64() * 1e6, thread_cpu_us() - c);
            std::hint::black_box(answer.ok());
            elapsed
        })
        .unzip();
    wall.sort_by(f64::total_cmp);
    cpu.sort_by(f64::total_cmp);
    let at = |v: &[f64], q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    let (mut worst_pool, mut worst_pool_eval_us) = (String::new(), 0.0);
    for (pool, p) in Catalogue::embedded().pools.iter().enumerate() {
        let mut runs: Vec<f64> = (0..5)
            .map(|_| {
                let c = thread_cpu_us();
                kb.evaluate(pool);
                thread_cpu_us() - c
            })
            .collect();
        runs.sort_by(f64::total_cmp);
        if runs[2] > worst_pool_eval_us {
            (worst_pool, worst_pool_eval_us) = (p.id.clone(), runs[2]);
        }
    }
    BenchReport {
        n_facts,
        samples: wall.len(),
        build_ms,
        median_us: at(&wall, 0.5),
        p99_us: at(&wall, 0.99),
        max_us: at(&wall, 1.0),
        cpu_median_us: at(&cpu, 0.5),
        cpu_p99_us: at(&cpu, 0.99),
        worst_pool_eval_us,
        worst_pool,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Soundness: in random games, the true identity is never excluded, and
    /// whatever the KB calls identified is the truth.
    #[test]
    fn never_excludes_the_truth() {
        let (mut identified, mut settled) = (0, 0);
        for seed in 1..=12 {
            let (facts, truth) = synthetic_game(300, seed, 4);
            let kb = Kb::from_facts(facts);
            for (shk, stingy) in kb.shopkeepers() {
                let real = SHOPKEEPERS.iter().find(|s| s.0 == shk).unwrap().1;
                assert_eq!(*stingy, real, "seed {seed}: {shk}");
                settled += 1;
            }
            for answer in kb.table() {
                let real = &truth[&answer.appearance];
                assert!(answer.conflict.is_none(), "seed {seed}: {answer}");
                assert!(
                    answer.candidates.contains(real),
                    "seed {seed}: {} is {real}: {answer}",
                    answer.appearance
                );
                if let Some(id) = &answer.identified {
                    assert_eq!(id, real, "seed {seed}: {answer}");
                    identified += 1;
                }
            }
        }
        assert!(
            identified > 50,
            "the facts should identify things: {identified}"
        );
        assert!(settled > 12, "shopkeepers should be settled: {settled}");
    }

    #[test]
    fn bench_reports_ordered_quantiles() {
        let r = bench(50);
        assert_eq!(r.samples, 300);
        assert!(r.median_us <= r.p99_us && r.p99_us <= r.max_us);
    }
}
