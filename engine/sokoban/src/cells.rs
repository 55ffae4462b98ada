//! Feature cells, after FESS (Shoham and Schaeffer): the open list split by what a state
//! has achieved, expanded in turn, so that states a greedy order would never reach (a
//! level prepared for later fills, not nearer the next one) get their share.

use crate::board::Board;
use crate::board::FREE;
use crate::walk::Walker;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// Spare boulders beyond this count share a cell: past a few, more do not change a plan.
pub(crate) const SPARES_APART: u32 = 4;

/// Counts the regions the player could stand in: areas of free squares cut off from each
/// other by boulders and open holes (FESS's connectivity feature), each walked by [`Walker`]
/// under the solver's movement rules.
#[derive(Default)]
pub(crate) struct Regions {
    stamp: u32,
    seen: Vec<u32>,
    walker: Walker,
}

impl Regions {
    pub(crate) fn count(&mut self, board: &Board, occ: &[u8]) -> u32 {
        if self.seen.len() != board.len() {
            self.seen = vec![0; board.len()];
            self.walker = Walker::new(board.len());
        }
        self.stamp += 1;
        let mut regions = 0;
        for c in 0..board.len() as u16 {
            if self.seen[c as usize] == self.stamp
                || occ[c as usize] != FREE
                || !board.player_may_stand(c)
            {
                continue;
            }
            regions += 1;
            self.walker.flood(board, occ, c);
            for &r in &self.walker.queue {
                self.seen[r as usize] = self.stamp;
            }
        }
        regions
    }
}

/// One queue per feature cell, popped in turn.
pub(crate) struct CellQueues<K: Ord> {
    index: HashMap<(u32, u32, u32), u32>,
    heaps: Vec<BinaryHeap<Reverse<K>>>,
    cursor: usize,
}

impl<K: Ord> Default for CellQueues<K> {
    fn default() -> Self {
        CellQueues {
            index: HashMap::new(),
            heaps: Vec::new(),
            cursor: 0,
        }
    }
}

impl<K: Ord> CellQueues<K> {
    /// The cell of these features, made if new.
    pub(crate) fn cell(&mut self, features: (u32, u32, u32)) -> u32 {
        let next = self.heaps.len() as u32;
        let id = *self.index.entry(features).or_insert(next);
        if id == next {
            self.heaps.push(BinaryHeap::new());
        }
        id
    }

    pub(crate) fn push(&mut self, cell: u32, key: K) {
        self.heaps[cell as usize].push(Reverse(key));
    }

    /// The best entry of the next non-empty cell after the last one popped.
    pub(crate) fn pop(&mut self) -> Option<K> {
        let n = self.heaps.len();
        for i in 0..n {
            let k = (self.cursor + i) % n;
            if let Some(Reverse(key)) = self.heaps[k].pop() {
                self.cursor = k + 1;
                return Some(key);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BOULDER;
    use crate::parse::parse_nethack;
    use crate::walk::load_occ;

    // The boulder in the doorway cuts the right room off.
    const ROOMS: &str = "\
-----------
|@..|.....|
|.0.0.^.<.|
|...|.....|
-----------";

    fn occ_of(board: &Board) -> Vec<u8> {
        let mut occ = vec![FREE; board.len()];
        load_occ(board, &mut occ, &board.boulders, 0);
        occ
    }

    #[test]
    fn a_boulder_in_a_doorway_splits_the_level_in_two() {
        let board = Board::new(&parse_nethack("t", ROOMS).unwrap());
        let mut occ = occ_of(&board);
        let mut regions = Regions::default();
        assert_eq!(regions.count(&board, &occ), 2);
        // Out of the doorway, one region again.
        let door = board.boulders[1];
        occ[door as usize] = FREE;
        assert_eq!(regions.count(&board, &occ), 1);
        // Boulders above and right of the corner (1,3): its one way out is the diagonal
        // between them, which the rules forbid.
        let w = board.offsets[3] as i32;
        let (bx, by) = board.xy(board.boulders[0]); // (2,2) on the map
        let at = |dx: i32, dy: i32| ((by + dy) * w + bx + dx) as usize;
        occ[at(0, 0)] = FREE;
        occ[at(-1, 0)] = BOULDER;
        occ[at(0, 1)] = BOULDER;
        assert_eq!(regions.count(&board, &occ), 2);
        occ[at(0, 1)] = FREE;
        assert_eq!(regions.count(&board, &occ), 1);
    }

    #[test]
    fn cells_are_taken_in_turn_each_best_first() {
        let mut queues = CellQueues::<u32>::default();
        let (a, b) = (queues.cell((3, 1, 0)), queues.cell((2, 1, 0)));
        assert_eq!(
            queues.cell((3, 1, 0)),
            a,
            "the same features give the same cell"
        );
        for key in [5, 1, 9] {
            queues.push(a, key);
        }
        queues.push(b, 7);
        let order: Vec<u32> = std::iter::from_fn(|| queues.pop()).collect();
        assert_eq!(order, [1, 7, 5, 9]);
    }
}
