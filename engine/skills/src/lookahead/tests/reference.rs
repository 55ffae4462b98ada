//! The look-ahead as it was before its sums left out the impossible damages: every term of the
//! round added, `0.0` for the impossible. The tests check the search still gives exactly its
//! values.

use crate::lookahead::{Choice, Duel, ESCAPED};
use std::collections::HashMap;

/// [`Duel::best`] by the reference search.
pub(super) fn best(duel: &Duel, depth: u32) -> (Choice, f64) {
    let mut search = Search {
        duel,
        mean_round: duel.mean_round(),
        memo: HashMap::default(),
        rounds: HashMap::default(),
    };
    Choice::ALL
        .iter()
        .filter_map(|c| Some((*c, search.q(*c, duel.hp, duel.hits_left, depth.max(1))?)))
        .fold((Choice::Fight, f64::MIN), |best, c| {
            if c.1 > best.1 + 1e-9 {
                c
            } else {
                best
            }
        })
}

/// One look-ahead: the duel, its mean damage per round (read at every horizon), and the values
/// of the states already met, by (HP, hits left, depth).
pub(super) struct Search<'a> {
    duel: &'a Duel,
    mean_round: f64,
    memo: HashMap<(i32, u32, u32), f64>,
    /// [`Search::round_then`]'s values met: a fight's miss and a flight's stay are one sum,
    /// and a hit's sum is another state's miss.
    rounds: HashMap<(i32, u32, u32), f64>,
}

impl Search<'_> {
    /// Expected value of a state after the foe's round, over its damage.
    fn after_round(&mut self, hp: i32, then: &mut dyn FnMut(&mut Self, i32) -> f64) -> f64 {
        let duel = self.duel;
        duel.round
            .iter()
            .enumerate()
            .map(|(d, p)| {
                // Nothing to add for impossible damage; a killing blow is worth 0.
                if *p == 0.0 || hp - d as i32 <= 0 {
                    0.0
                } else {
                    p * then(self, hp - d as i32)
                }
            })
            .sum()
    }

    /// Expected value after the foe's round from `hp`, then `hits` left at `depth` ([`Search::next`]).
    fn round_then(&mut self, hp: i32, hits: u32, depth: u32) -> f64 {
        if let Some(v) = self.rounds.get(&(hp, hits, depth)) {
            return *v;
        }
        let v = self.after_round(hp, &mut |s, h| s.next(h, hits, depth));
        self.rounds.insert((hp, hits, depth), v);
        v
    }

    /// Heuristic value where the search stops: roughly the chance we outlast the foe by
    /// fighting on (our HP against the damage expected while we land the remaining hits).
    fn horizon(&self, hp: i32, hits_left: u32) -> f64 {
        let needed = f64::from(hits_left) / self.duel.our_hit * self.mean_round;
        (f64::from(hp) / (needed + 1.0)).min(1.0)
    }

    fn value(&mut self, hp: i32, hits_left: u32, depth: u32) -> f64 {
        if let Some(v) = self.memo.get(&(hp, hits_left, depth)) {
            return *v;
        }
        let v = Choice::ALL
            .iter()
            .filter_map(|c| self.q(*c, hp, hits_left, depth))
            .fold(0.0, f64::max);
        self.memo.insert((hp, hits_left, depth), v);
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
    pub(super) fn q(&mut self, choice: Choice, hp: i32, hits_left: u32, depth: u32) -> Option<f64> {
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
            Choice::Elbereth if duel.respects_elbereth => self.after_round(hp, &mut |s, h| {
                let ok = duel.elbereth_ok;
                ok * (duel.scared + 0.01 * f64::from(h) / f64::from(duel.hp_max.max(1)))
                    + (1.0 - ok) * s.next(h, hits_left, depth)
            }),
            Choice::Elbereth => return None,
        })
    }
}
