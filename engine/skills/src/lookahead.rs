//! Fight or flee: a small expectimax over a few turns of one duel, with the foe's damage dice as
//! chance nodes, against the plain rule ("fight unless HP is below a third").
//!
//! The model: the foe needs `hits_left` more hits of ours (each lands with `our_hit`); every turn
//! we do not kill it, it gets its attacks (a damage distribution per round, speed included).
//! Fleeing escapes outright with a chance set by its speed; Elbereth costs one round, then holds
//! with the chance a dust engraving comes out right (~72%).

use crate::monsters::MonsterInfo;
use crate::threat::monster_hit_chance;
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    Fight,
    Flee,
    Elbereth,
}

/// Chance a dust Elbereth is spelled right (each of 8 letters survives with 24/25).
pub const ELBERETH_OK: f64 = 0.72;

/// Value of getting away, and of a foe held off by Elbereth: both leave it alive nearby, so
/// they are worth less than a kill (1.0) and than a fight we are sure to win. `SCARED` is the
/// default of [`Duel::scared`].
const ESCAPED: f64 = 0.8;
pub const SCARED: f64 = 0.85;

/// One duel as the evaluator sees it.
#[derive(Clone, Debug)]
pub struct Duel {
    pub hp: i32,
    pub hp_max: i32,
    pub our_hit: f64,
    pub hits_left: u32,
    /// P(foe deals d damage in one of our turns), d = index.
    pub round: Vec<f64>,
    pub escape: f64,
    pub respects_elbereth: bool,
    /// Value of the foe held off by a working Elbereth (a kill is 1, our death 0): how much
    /// risk of death a fight may carry before Elbereth is worth more.
    pub scared: f64,
    /// The chance the Elbereth comes out whole ([`ELBERETH_OK`] in a sound state of mind).
    pub elbereth_ok: f64,
}

/// Distribution of the sum of `n` rolls of a `sides`-sided die.
fn dice_distribution(n: u8, sides: u8) -> Vec<f64> {
    let mut dist = vec![1.0];
    for _ in 0..n {
        let mut next = vec![0.0; dist.len() + sides as usize];
        for (v, p) in dist.iter().enumerate() {
            for face in 1..=sides as usize {
                next[v + face] += p / f64::from(sides);
            }
        }
        dist = next;
    }
    dist
}

fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, pa) in a.iter().enumerate() {
        for (j, pb) in b.iter().enumerate() {
            out[i + j] += pa * pb;
        }
    }
    out
}

/// The foe's damage in one of our turns against AC `ac` (active melee attacks, speed included).
pub fn round_distribution(m: &MonsterInfo, ac: i32) -> Vec<f64> {
    round_distribution_by(m, ac, None)
}

/// [`round_distribution`]; with `poison_death` (a damage no HP survives), a poisonous hit adds
/// its poison ([`crate::poison_blow::extra_distribution`], the instant death at that damage)
/// and the damage is capped there.
pub fn round_distribution_by(m: &MonsterInfo, ac: i32, poison_death: Option<usize>) -> Vec<f64> {
    let hit = monster_hit_chance(m.level, ac);
    let cap = |v: Vec<f64>| match poison_death {
        Some(death) => fold_at(v, death),
        None => v,
    };
    let mut one_move = vec![1.0];
    for a in m
        .attacks
        .iter()
        .filter(|a| !a.is_passive() && !a.is_ranged())
    {
        let mut dice = dice_distribution(a.dice.n, a.dice.sides);
        // mhitu.c adds the wielded weapon's damage to a weapon attack's dice (an elf's 2d4
        // hit 8 to 15 with its broadsword).
        if a.kind == "weap" {
            dice = convolve(&dice, &crate::threat::weapon_distribution());
        }
        if let Some(death) = poison_death.filter(|_| crate::poison_blow::poisons(a)) {
            dice = cap(convolve(
                &dice,
                &crate::poison_blow::extra_distribution(death),
            ));
        }
        let mut attack: Vec<f64> = dice.iter().map(|p| p * hit).collect();
        attack[0] += 1.0 - hit;
        one_move = cap(convolve(&one_move, &attack));
    }
    // Speed 12 is one move per turn; faster foes get an extra move with the fractional chance.
    let moves = f64::from(m.speed.max(0)) / 12.0;
    let (whole, extra) = (moves.floor() as u32, moves.fract());
    let mut base = vec![1.0];
    for _ in 0..whole {
        base = cap(convolve(&base, &one_move));
    }
    if extra > 0.0 {
        let with = cap(convolve(&base, &one_move));
        let mut mixed = vec![0.0; with.len()];
        for (i, p) in with.iter().enumerate() {
            mixed[i] += p * extra;
        }
        for (i, p) in base.iter().enumerate() {
            mixed[i] += p * (1.0 - extra);
        }
        base = mixed;
    }
    base
}

/// `dist` with every damage of `at` or more put at `at` (all of them kill alike).
pub(crate) fn fold_at(mut dist: Vec<f64>, at: usize) -> Vec<f64> {
    if dist.len() > at + 1 {
        let tail: f64 = dist[at..].iter().sum();
        dist.truncate(at + 1);
        dist[at] = tail;
    }
    dist
}

impl Duel {
    /// A duel against `m` from our HP/AC, experience level and mean damage per hit.
    pub fn against(
        m: &MonsterInfo,
        hp: i32,
        hp_max: i32,
        ac: i32,
        xl: i32,
        our_damage: f64,
    ) -> Duel {
        // uhitm.c: 1 + abon(+1) + foe AC + our level (+1 weapon) > d20.
        let our_hit = (f64::from(1 + 1 + m.ac + xl + 1 - 1) / 20.0).clamp(0.05, 0.95);
        let foe_hp = if m.level == 0 {
            2.5
        } else {
            4.5 * f64::from(m.level)
        };
        Duel {
            hp,
            hp_max,
            our_hit,
            hits_left: (foe_hp / our_damage.max(1.0)).ceil().max(1.0) as u32,
            round: round_distribution(m, ac),
            escape: (1.0 - f64::from(m.speed) / 12.0).clamp(0.05, 0.9),
            respects_elbereth: m.respects_elbereth,
            scared: SCARED,
            elbereth_ok: ELBERETH_OK,
        }
    }

    /// The adjacent foes' expected damage in one of our turns.
    pub fn mean_round(&self) -> f64 {
        self.round
            .iter()
            .enumerate()
            .map(|(d, p)| d as f64 * p)
            .sum()
    }
    /// The best choice now looking `depth` turns ahead, and its value (≈ survival chance).
    pub fn best(&self, depth: u32) -> (Choice, f64) {
        self.best_in(depth, &mut SearchTables::new(self))
    }

    /// [`Duel::best`], with the states `memo` kept from earlier searches of this duel (at any
    /// HP): the same choice and value, bit for bit, from the states not met before only.
    pub fn best_kept(&self, depth: u32, memo: &mut DuelMemo) -> (Choice, f64) {
        let at = match memo.kept.iter().position(|(d, _)| d.same_states(self)) {
            Some(at) => at,
            None => {
                if memo.kept.len() >= DUELS_KEPT {
                    memo.kept.remove(0);
                }
                memo.kept.push((self.clone(), SearchTables::new(self)));
                memo.kept.len() - 1
            }
        };
        self.best_in(depth, &mut memo.kept[at].1)
    }

    /// Whether the look-ahead's states have the same values in `self` and `other`: every field
    /// but the HP the search starts from and the hits it starts with (a state has its own).
    fn same_states(&self, other: &Duel) -> bool {
        // Every field named: a field added to `Duel` must be weighed here (or it would not
        // compile), else a kept table could answer for another duel.
        let Duel {
            hp: _,
            hp_max,
            our_hit,
            hits_left: _,
            round,
            escape,
            respects_elbereth,
            scared,
            elbereth_ok,
        } = self;
        let same = |a: f64, b: f64| a.to_bits() == b.to_bits();
        *hp_max == other.hp_max
            && same(*our_hit, other.our_hit)
            && round.len() == other.round.len()
            && round.iter().zip(&other.round).all(|(a, b)| same(*a, *b))
            && same(*escape, other.escape)
            && *respects_elbereth == other.respects_elbereth
            && same(*scared, other.scared)
            && same(*elbereth_ok, other.elbereth_ok)
    }

    fn best_in(&self, depth: u32, tables: &mut SearchTables) -> (Choice, f64) {
        let mut search = Search { duel: self, tables };
        Choice::ALL
            .iter()
            .filter_map(|c| Some((*c, search.q(*c, self.hp, self.hits_left, depth.max(1))?)))
            .fold((Choice::Fight, f64::MIN), |best, c| {
                if c.1 > best.1 + 1e-9 {
                    c
                } else {
                    best
                }
            })
    }

    /// The plain rule: fight unless HP is below a third; then Elbereth if it works, else flee.
    pub fn plain_rule(&self) -> Choice {
        if self.hp * 3 >= self.hp_max {
            Choice::Fight
        } else if self.respects_elbereth {
            Choice::Elbereth
        } else {
            Choice::Flee
        }
    }
}

/// Look-ahead tables kept across searches by a leaf that weighs the same duels again and again
/// (each decision of a fight, at whatever HP it is down to): [`Duel::best_kept`].
#[derive(Default)]
pub struct DuelMemo {
    /// The duels met last (oldest first), each with its tables.
    kept: Vec<(Duel, SearchTables)>,
}

/// Duels a [`DuelMemo`] keeps tables for: a fight's duel and its variants (no escape, no
/// Elbereth), and another foe's.
const DUELS_KEPT: usize = 4;

/// One look-ahead: the duel and what the search knows of it.
struct Search<'a> {
    duel: &'a Duel,
    tables: &'a mut SearchTables,
}

/// What searches of one duel know: its mean damage per round (read at every horizon), the
/// damages the foe can deal, and the values of the states already met, by (HP, hits left,
/// depth). A state's value does not depend on the HP the search started from, so a search of
/// the same duel from another HP reads the states an earlier one met ([`DuelMemo`]).
struct SearchTables {
    mean_round: f64,
    /// [`horizon_divisor`] by hits left, up to the duel's: a round's sum at the last turn
    /// reads it at every term.
    horizon_divisors: Vec<f64>,
    /// The round's possible damages (`(d, P(d))` with `P(d) != 0`), ascending: a state's sum
    /// over the round stops at the first one that kills, not at the round's end.
    damages: Vec<(i32, f64)>,
    memo: StateTable,
    /// [`Search::round_then`]'s values met: a fight's miss and a flight's stay are one sum,
    /// and a hit's sum is another state's miss.
    rounds: StateTable,
}

impl SearchTables {
    fn new(duel: &Duel) -> SearchTables {
        let mean_round = duel.mean_round();
        SearchTables {
            mean_round,
            horizon_divisors: (0..=duel.hits_left.min(MAX_HITS_KEPT))
                .map(|hits| horizon_divisor(duel, mean_round, hits))
                .collect(),
            damages: duel
                .round
                .iter()
                .enumerate()
                .filter(|(_, p)| **p != 0.0)
                .map(|(d, p)| (d as i32, *p))
                .collect(),
            memo: StateTable::new(duel),
            rounds: StateTable::new(duel),
        }
    }
}

impl Search<'_> {
    /// Expected value of a state after the foe's round, over its damage.
    ///
    /// The same sum, in the same order, as over the whole round with impossible damages and
    /// killing blows as `0.0` terms: those are left out, and one `+ 0.0` stands for them all
    /// (it only turns a `-0.0` sum so far into `0.0`, as the first of them would have).
    fn after_round(&mut self, hp: i32, mut then: impl FnMut(&mut Self, i32) -> f64) -> f64 {
        let mut sum: f64 = std::iter::empty::<f64>().sum();
        let mut terms = 0;
        for i in 0..self.tables.damages.len() {
            let (d, p) = self.tables.damages[i];
            if hp - d <= 0 {
                break;
            }
            sum += p * then(self, hp - d);
            terms += 1;
        }
        if terms < self.duel.round.len() {
            sum += 0.0;
        }
        sum
    }

    /// Expected value after the foe's round from `hp`, then `hits` left at `depth` ([`Search::next`]).
    fn round_then(&mut self, hp: i32, hits: u32, depth: u32) -> f64 {
        if let Some(v) = self.tables.rounds.get(hp, hits, depth) {
            return v;
        }
        let v = self.after_round(hp, |s, h| s.next(h, hits, depth));
        self.tables.rounds.insert(hp, hits, depth, v);
        v
    }

    /// Heuristic value where the search stops: roughly the chance we outlast the foe by
    /// fighting on (our HP against the damage expected while we land the remaining hits).
    fn horizon(&self, hp: i32, hits_left: u32) -> f64 {
        let divisor = match self.tables.horizon_divisors.get(hits_left as usize) {
            Some(known) => *known,
            None => horizon_divisor(self.duel, self.tables.mean_round, hits_left),
        };
        (f64::from(hp) / divisor).min(1.0)
    }

    fn value(&mut self, hp: i32, hits_left: u32, depth: u32) -> f64 {
        if let Some(v) = self.tables.memo.get(hp, hits_left, depth) {
            return v;
        }
        let v = Choice::ALL
            .iter()
            .filter_map(|c| self.q(*c, hp, hits_left, depth))
            .fold(0.0, f64::max);
        self.tables.memo.insert(hp, hits_left, depth, v);
        v
    }

    /// The value of a state `depth` turns ahead of the horizon (its estimate at the last turn).
    fn next(&mut self, hp: i32, hits: u32, depth: u32) -> f64 {
        if depth <= 1 {
            self.horizon(hp, hits)
        } else {
            self.value(hp, hits, depth - 1)
        }
    }

    /// Value of taking `choice` now (None when it is not available).
    fn q(&mut self, choice: Choice, hp: i32, hits_left: u32, depth: u32) -> Option<f64> {
        let duel = self.duel;
        let bonus = 0.01 * f64::from(hp) / f64::from(duel.hp_max.max(1));
        Some(match choice {
            Choice::Fight => {
                let kill = if hits_left <= 1 {
                    duel.our_hit * (1.0 + bonus)
                } else {
                    0.0
                };
                let hit_on = if hits_left > 1 {
                    duel.our_hit * self.round_then(hp, hits_left - 1, depth)
                } else {
                    0.0
                };
                let miss = (1.0 - duel.our_hit) * self.round_then(hp, hits_left, depth);
                kill + hit_on + miss
            }
            Choice::Flee => {
                let stay = self.round_then(hp, hits_left, depth);
                duel.escape * (ESCAPED + bonus) + (1.0 - duel.escape) * stay
            }
            Choice::Elbereth if duel.respects_elbereth => self.after_round(hp, |s, h| {
                let ok = duel.elbereth_ok;
                ok * (duel.scared + 0.01 * f64::from(h) / f64::from(duel.hp_max.max(1)))
                    + (1.0 - ok) * s.next(h, hits_left, depth)
            }),
            Choice::Elbereth => return None,
        })
    }
}

/// Hits left [`Search::horizon_divisors`] are kept for (more are computed at each read).
const MAX_HITS_KEPT: u32 = 255;

/// What [`Search::horizon`] divides our HP by: one more than the damage expected while we
/// land the `hits_left` hits.
fn horizon_divisor(duel: &Duel, mean_round: f64, hits_left: u32) -> f64 {
    let needed = f64::from(hits_left) / duel.our_hit * mean_round;
    needed + 1.0
}

/// Values of look-ahead states by (HP, hits left, depth): a row by HP for each (hits, depth)
/// met, as a round's sum reads the states of one row at falling HP, one after the other. HP
/// above the duel's (and its maximum) or below 1 (no state of a search has them but its first)
/// go to a map.
struct StateTable {
    /// The duel's HP or maximum HP, the higher: a row's last index.
    hp: i32,
    /// Rows by `hits * DEPTHS + depth`, each made at its first value; `NaN` where none is
    /// known (a value that is `NaN` is only computed again, the same).
    rows: Vec<Vec<f64>>,
    others: HashMap<(i32, u32, u32), f64, BuildStateHasher>,
}

/// Depths a row of [`StateTable`] is kept for (deeper states go to its map).
const DEPTHS: u32 = 8;

impl StateTable {
    fn new(duel: &Duel) -> StateTable {
        StateTable {
            hp: duel.hp.max(duel.hp_max),
            rows: Vec::new(),
            others: HashMap::default(),
        }
    }

    /// The row of (hits, depth), when the table keeps one for them and for `hp`.
    fn row_index(&self, hp: i32, hits: u32, depth: u32) -> Option<usize> {
        (hp >= 1 && hp <= self.hp && depth < DEPTHS && hits < 1 << 16)
            .then(|| (hits * DEPTHS + depth) as usize)
    }

    fn get(&self, hp: i32, hits: u32, depth: u32) -> Option<f64> {
        match self.row_index(hp, hits, depth) {
            Some(row) => self
                .rows
                .get(row)
                .and_then(|r| r.get(hp as usize))
                .copied()
                .filter(|v| !v.is_nan()),
            None => self.others.get(&(hp, hits, depth)).copied(),
        }
    }

    fn insert(&mut self, hp: i32, hits: u32, depth: u32, v: f64) {
        match self.row_index(hp, hits, depth) {
            Some(row) => {
                if self.rows.len() <= row {
                    self.rows.resize_with(row + 1, Vec::new);
                }
                let cells = &mut self.rows[row];
                if cells.is_empty() {
                    cells.resize(self.hp as usize + 1, f64::NAN);
                }
                cells[hp as usize] = v;
            }
            None => {
                self.others.insert((hp, hits, depth), v);
            }
        }
    }
}

/// The memo's hasher: its keys are three small numbers, and SipHash over them was a good part
/// of a look-ahead's time.
#[derive(Clone, Copy, Default)]
struct BuildStateHasher;

impl std::hash::BuildHasher for BuildStateHasher {
    type Hasher = StateHasher;
    fn build_hasher(&self) -> StateHasher {
        StateHasher(0)
    }
}

/// Multiply-rotate over the written words (as FxHash does).
struct StateHasher(u64);

impl std::hash::Hasher for StateHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_i32(&mut self, n: i32) {
        self.write_u64(n as u32 as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Choice {
    pub const ALL: [Choice; 3] = [Choice::Fight, Choice::Flee, Choice::Elbereth];
}

/// Mean damage of one of our hits: a d8 weapon with a strength bonus (the starting Valkyrie).
pub const OUR_DAMAGE: f64 = 6.5;

/// The look-ahead's choice (`depth` turns) against `foe` alone, as we are now (HP, AC, XL).
pub fn choice_against(w: &nhbot_world::World, foe: &MonsterInfo, depth: u32) -> Choice {
    let duel = Duel::against(
        foe,
        w.status.hp,
        w.status.hp_max,
        w.status.ac,
        w.status.xl.max(1),
        OUR_DAMAGE,
    );
    duel.best(depth).0
}

/// Whether the look-ahead (`depth` turns) would rather flee than meet `foe` alone, as we are
/// now. Lets a node that goes looking for a fight pick its fights.
pub fn would_flee_from(w: &nhbot_world::World, foe: &MonsterInfo, depth: u32) -> bool {
    choice_against(w, foe, depth) == Choice::Flee
}

/// Whether the look-ahead (`depth` turns, at our HP and AC) would strike `foe` rather than
/// flee it or take Elbereth.
pub fn would_fight(w: &nhbot_world::World, foe: &MonsterInfo, depth: u32) -> bool {
    choice_against(w, foe, depth) == Choice::Fight
}

/// [`would_flee_from`] the worst monster the one drawn at `at` may be; `false` when none is
/// drawn there or it is not known (an unseen `I`).
pub fn would_flee_from_at(
    r: &crate::recall::Recall,
    w: &nhbot_world::World,
    at: nhbot_world::Pos,
    depth: u32,
) -> bool {
    crate::threat::threats(r, w)
        .iter()
        .find(|t| t.pos == at)
        .and_then(|t| crate::monsters::by_name(&t.name))
        .is_some_and(|foe| would_flee_from(w, foe, depth))
}

#[cfg(test)]
mod tests;
