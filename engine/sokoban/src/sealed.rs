//! Sealed corrals: boulders lost for sure, though each still has a route to a hole.
//!
//! A corral here is an area the player cannot reach, fenced by walls and boulders only. It
//! is sealed when no push the player could make from outside sends a fence boulder anywhere
//! a hole can still be reached from, and no fence boulder without a route can be pushed
//! from outside at all. Until a fence boulder moves, none can be pushed from inside, so the
//! first to move is lost, and if none ever moves, those needing a push from inside are. So
//! each sealed corral costs at least one of the boulders the guide counts as usable, and two
//! when every sacrifice that might open it leaves what is left of it sealed again. Lone-
//! boulder routes count each fence boulder as usable (the player could stand behind it, in
//! the corral), so they miss this: soko1-1 with a boulder moved into a corner (disturbed
//! state #0) thrashed past 2M states on plans ending with two boulders shut in against room
//! A's right wall; charged in the guide's deadlock test, it is solved at 7.7k states.

use crate::board::{Board, Terrain};
use crate::board::{BOULDER, FREE, OPEN_HOLE};
use crate::walk::Walker;

#[derive(Default)]
pub(crate) struct SealedCorrals {
    corral: Walker,
    after: Walker,
    /// Stamps: squares of corrals already judged, and the routed boulders' squares.
    covered: Vec<u32>,
    routed: Vec<u32>,
    stamp: u32,
    /// Fence boulders of the corrals already charged (each boulder is lost at most once).
    charged: Vec<u16>,
    inside: Vec<u16>,
    scratch: Vec<u8>,
}

/// A sealed corral's fence, how many of its boulders are routed, and the sacrifices
/// (fence boulder, where it goes) that might open it.
struct Sealed {
    fence: Vec<u16>,
    routed: u32,
    sacrifices: Vec<(u16, u16)>,
}

impl SealedCorrals {
    /// Boulders among `routed` (those with a route to an open required hole) lost for sure
    /// to sealed corrals. `reach` is the player's walk in this state, `occ` its squares.
    pub(crate) fn lost(
        &mut self,
        board: &Board,
        occ: &[u8],
        open_required: u64,
        reach: &Walker,
        routed: impl Iterator<Item = u16> + Clone,
    ) -> u32 {
        let n = board.len();
        if self.covered.len() != n {
            self.covered = vec![0; n];
            self.routed = vec![0; n];
            self.corral = Walker::new(n);
            self.after = Walker::new(n);
        }
        self.stamp += 1;
        let stamp = self.stamp;
        for b in routed.clone() {
            self.routed[b as usize] = stamp;
        }
        self.charged.clear();
        let mut lost = 0;
        // Every corral worth judging borders a routed boulder.
        for b in routed {
            for d in 0..4 {
                let c = board.step(b, d);
                if occ[c as usize] != FREE
                    || !board.player_may_stand(c)
                    || reach.reached(c)
                    || self.covered[c as usize] == stamp
                {
                    continue;
                }
                let sealed = self.judge(board, occ, open_required, &|q| reach.reached(q), c);
                for &q in &self.corral.queue {
                    self.covered[q as usize] = stamp;
                }
                let Some(sealed) = sealed else { continue };
                if sealed.fence.iter().any(|f| self.charged.contains(f)) {
                    continue;
                }
                lost += self.cost(board, occ, open_required, &sealed);
                self.charged.extend_from_slice(&sealed.fence);
            }
        }
        lost
    }

    /// Boulders `sealed` (just judged: its squares are `self.corral`'s walk) costs.
    fn cost(&mut self, board: &Board, occ: &[u8], open_required: u64, sealed: &Sealed) -> u32 {
        if sealed.sacrifices.is_empty() {
            return sealed.routed; // it never opens
        }
        // A sacrifice onto a square another boulder holds now comes after that boulder
        // leaves, which the state after it here would not show.
        if sealed.routed < 2
            || sealed
                .sacrifices
                .iter()
                .any(|&(_, t)| occ[t as usize] != FREE)
        {
            return 1;
        }
        self.inside.clear();
        self.inside.extend_from_slice(&self.corral.queue);
        let inside = std::mem::take(&mut self.inside);
        let mut after = std::mem::take(&mut self.scratch);
        let mut walker = std::mem::take(&mut self.after);
        let again = sealed.sacrifices.iter().all(|&(f, t)| {
            after.clear();
            after.extend_from_slice(occ);
            after[f as usize] = FREE;
            after[t as usize] = BOULDER;
            // The player stands where the sacrificed boulder stood.
            walker.flood(board, &after, f);
            let free_inside = inside
                .iter()
                .copied()
                .filter(|&q| after[q as usize] == FREE);
            if free_inside.clone().any(|q| walker.reached(q)) {
                return false;
            }
            let start = free_inside.clone().next();
            start.is_some_and(|q| {
                self.judge(board, &after, open_required, &|x| walker.reached(x), q)
                    .is_some_and(|s| s.routed > 0)
            })
        });
        self.after = walker;
        self.scratch = after;
        self.inside = inside;
        if again {
            2
        } else {
            1
        }
    }

    /// The corral of `c` (a free square the player cannot reach), walked into
    /// `self.corral`, if it is sealed (see the module's doc).
    fn judge(
        &mut self,
        board: &Board,
        occ: &[u8],
        open_required: u64,
        reached: &dyn Fn(u16) -> bool,
        c: u16,
    ) -> Option<Sealed> {
        self.corral.flood(board, occ, c);
        let mut fence: Vec<u16> = Vec::new();
        for &q in &self.corral.queue {
            for d in 0..4 {
                let m = board.step(q, d);
                if self.corral.reached(m) || board.terrain[m as usize] == Terrain::Wall {
                    continue;
                }
                // An open hole (a boulder may fill it), a blocked square (a monster may
                // leave) or a square the player reaches: no fence.
                if occ[m as usize] != BOULDER || reached(m) {
                    return None;
                }
                if !fence.contains(&m) {
                    fence.push(m);
                }
            }
        }
        let alive = |t: u16| {
            occ[t as usize] == OPEN_HOLE
                || (0..4).any(|s| board.sink_sets[t as usize * 4 + s] & open_required != 0)
        };
        let mut sacrifices = Vec::new();
        let mut routed = 0;
        for &b in &fence {
            let is_routed = self.routed[b as usize] == self.stamp;
            routed += u32::from(is_routed);
            for d in 0..4 {
                let (from, to) = (board.step(b, (d + 2) % 4), board.step(b, d));
                // Squares now held by other boulders may clear: only walls, the corral and
                // squares no boulder may enter rule a push out.
                if board.terrain[from as usize] == Terrain::Wall
                    || self.corral.reached(from)
                    || !board.boulder_may_enter(to)
                {
                    continue;
                }
                if !is_routed || alive(to) {
                    return None;
                }
                sacrifices.push((b, to));
            }
        }
        (routed > 0).then_some(Sealed {
            fence,
            routed,
            sacrifices,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_nethack;
    use crate::walk::load_occ;

    /// soko1-1 near its end (disturbed state #0 thrashed on such states): one hole left,
    /// two boulders against room A's right wall, with the two squares behind them shut in.
    const SHUT_IN: &str = "\
--------------------------
|>.....................^.|
|.......|---------------.|
-------.------         |.|
 |.........0.|         |.|
 |.........0.|         |.|
--------.-----         |.|
|............|         |.|
|............|         |.|
-----.--------   ------|.|
 |..........|  --|.....|.|
 |..........|  |*+.....|.|
 |.........|-  |-|.....|.|
-------.----   |*+.....+.|
|........|     |-|.....|--
|........|     |*+.....|
|...|-----     --|.....|
-----            -------";

    fn lost_in(map: &str) -> u32 {
        let board = Board::new(&parse_nethack("t", map).unwrap());
        let mut occ = vec![FREE; board.len()];
        load_occ(&board, &mut occ, &board.boulders, 0);
        let mut reach = Walker::new(board.len());
        reach.flood(&board, &occ, board.player);
        let routed = board.boulders.clone();
        SealedCorrals::default().lost(
            &board,
            &occ,
            board.required_holes,
            &reach,
            routed.iter().copied(),
        )
    }

    #[test]
    fn two_boulders_shutting_in_a_corner_are_both_lost() {
        // Each boulder's only way on is a push from behind, and pushing either one right
        // (into a corner) leaves the other shut in still.
        assert_eq!(lost_in(SHUT_IN), 2);
    }

    #[test]
    fn an_open_corral_costs_nothing() {
        // Without the lower boulder, the player walks round the upper one.
        let lower = "|.........0.|         |.|\n--------";
        let open = SHUT_IN.replace(lower, "|...........|         |.|\n--------");
        assert_eq!(open.matches('0').count(), 1);
        assert_eq!(lost_in(&open), 0);
        // A square from the wall, the two still shut squares in, but a push right sends
        // either to a square a hole can be reached from.
        let apart = SHUT_IN.replace("|.........0.|", "|........0..|");
        assert_eq!(apart.matches('0').count(), 2);
        assert_eq!(lost_in(&apart), 0);
    }

    #[test]
    fn a_fence_with_an_open_hole_is_no_fence() {
        // A hole behind the lower boulder: filling it changes the fence.
        let lower = "|.........0.|         |.|\n--------";
        let holed = SHUT_IN.replace(lower, "|.........0^|         |.|\n--------");
        assert_eq!(holed.matches('^').count(), 2);
        assert_eq!(lost_in(&holed), 0);
    }
}
