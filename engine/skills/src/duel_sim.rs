//! Monte-Carlo duels to compare the look-ahead with the plain rule: the foe's HP and our damage
//! are rolled (the planner only sees their means), the policy re-decides every turn.

use crate::lookahead::{Choice, Duel};
use crate::monsters::MonsterInfo;

/// xorshift64*: a small deterministic generator for repeatable tables.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    pub fn die(&mut self, sides: u32) -> i32 {
        (self.next() % u64::from(sides.max(1))) as i32 + 1
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    LookAhead(u32),
    Plain,
}

fn sample(dist: &[f64], rng: &mut Rng) -> i32 {
    let mut u = rng.unit();
    for (d, p) in dist.iter().enumerate() {
        u -= p;
        if u <= 0.0 {
            return d as i32;
        }
    }
    dist.len() as i32 - 1
}

/// Survival rate of `trials` duels from `hp` against `m` (our damage d8+2, AC `ac`, level `xl`).
#[allow(clippy::too_many_arguments)]
pub fn survival(
    m: &MonsterInfo,
    hp: i32,
    hp_max: i32,
    ac: i32,
    xl: i32,
    policy: Policy,
    trials: u32,
    seed: u64,
) -> f64 {
    survival_with(
        m,
        hp,
        hp_max,
        ac,
        xl,
        policy,
        trials,
        seed,
        crate::lookahead::SCARED,
    )
}

/// [`survival`] with the look-ahead valuing a foe held off by Elbereth at `scared`
/// ([`Duel::scared`]).
#[allow(clippy::too_many_arguments)]
pub fn survival_with(
    m: &MonsterInfo,
    hp: i32,
    hp_max: i32,
    ac: i32,
    xl: i32,
    policy: Policy,
    trials: u32,
    seed: u64,
    scared: f64,
) -> f64 {
    let mut rng = Rng::new(seed);
    let mut alive = 0;
    for _ in 0..trials {
        let mut foe_hp = if m.level == 0 {
            rng.die(4)
        } else {
            (0..m.level).map(|_| rng.die(8)).sum()
        };
        let mut hp_now = hp;
        let mut survived = true;
        for _turn in 0..60 {
            let mut duel = Duel::against(m, hp_now, hp_max, ac, xl, 6.5);
            duel.hits_left = ((f64::from(foe_hp) / 6.5).ceil() as u32).max(1);
            duel.scared = scared;
            let choice = match policy {
                Policy::LookAhead(depth) => duel.best(depth).0,
                Policy::Plain => duel.plain_rule(),
            };
            match choice {
                Choice::Fight => {
                    if rng.unit() < duel.our_hit {
                        foe_hp -= rng.die(8) + 2;
                        if foe_hp <= 0 {
                            break;
                        }
                    }
                }
                Choice::Flee if rng.unit() < duel.escape => break,
                Choice::Flee => {}
                Choice::Elbereth => {
                    hp_now -= sample(&duel.round, &mut rng);
                    if hp_now <= 0 {
                        survived = false;
                        break;
                    }
                    if rng.unit() < duel.elbereth_ok {
                        break;
                    }
                    continue;
                }
            }
            hp_now -= sample(&duel.round, &mut rng);
            if hp_now <= 0 {
                survived = false;
                break;
            }
        }
        alive += u32::from(survived);
    }
    f64::from(alive) / f64::from(trials)
}
