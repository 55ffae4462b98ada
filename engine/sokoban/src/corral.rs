//! PI-corral pruning (after Brian Damgaard's YASS), carried over to NetHack's rules.
//!
//! A corral is a part of the level the player cannot reach now: a 4-connected component of
//! the squares that are neither walls nor in the player's walk (its boulders included). Such
//! a component touches the walk only through its boulders: a free square next to the walk
//! would be in it. So until some push touches the corral, the player never enters it and
//! its boulders never move. If every solution must touch it (it holds a target or a hole
//! that must be filled, or too few boulders outside it are left for the holes), the first
//! push that does is a push of one of its boulders from the walk; if every such push goes
//! into the corral (none along it or out of it), each is legal now and commutes with the
//! pushes before it, so a solution can be reordered to start with it. The search then
//! needs to try only those pushes: fewer children, and the same push count.
//!
//! One case breaks the argument: an open hole of the corral next to the walk can be filled
//! by a boulder pushed there from outside, so such corrals are left alone.

use crate::board::{Board, Terrain};
use crate::board::{BOULDER, OPEN_HOLE};
use crate::walk::{push_target, Walker};

/// A push: the boulder's square and the direction.
pub(crate) type Push = (u16, u8);

/// Scratch buffers for finding a corral whose pushes can be tried alone.
#[derive(Default)]
pub(crate) struct Corrals {
    /// Component label per square (labels are unique across calls).
    label: Vec<u32>,
    next_label: u32,
    stack: Vec<u16>,
    members: Vec<u16>,
    pushes: Vec<Push>,
    best: Vec<Push>,
}

impl Corrals {
    /// Whether some corral needs touching and can only be pushed into; its pushes (those a
    /// solution from this state can be reordered to start with) are then the ones
    /// [`Corrals::allows`]. `occ` describes the state, `reach` is the player's walk,
    /// `filled` the holes filled so far; `boulders` are sorted.
    pub(crate) fn restrict(
        &mut self,
        board: &Board,
        occ: &[u8],
        boulders: &[u16],
        reach: &Walker,
        filled: u64,
    ) -> bool {
        if self.label.len() != board.len() || self.next_label > u32::MAX - 1024 {
            self.label = vec![0; board.len()];
            self.next_label = 0;
        }
        let open_required = (board.required_holes & !filled).count_ones() as usize;
        let first = self.next_label + 1;
        self.best.clear();
        let mut found = false;
        for &seed in boulders {
            if self.label[seed as usize] >= first {
                continue; // in a component already looked at
            }
            self.next_label += 1;
            let me = self.next_label;
            let Some(holds_a_must) = self.component(board, occ, reach, seed, me) else {
                continue;
            };
            // Holes filled only by boulders from outside: too few of those means one of
            // ours has to move.
            let needed = holds_a_must || boulders.len() - self.members.len() < open_required;
            if !needed || !self.pushes_only_into(board, occ, reach, me) {
                continue;
            }
            if !found || self.pushes.len() < self.best.len() {
                std::mem::swap(&mut self.best, &mut self.pushes);
                found = true;
            }
        }
        found
    }

    /// Whether `push` is among the corral's that [`Corrals::restrict`] last found.
    pub(crate) fn allows(&self, push: Push) -> bool {
        self.best.contains(&push)
    }

    /// Labels the component of `seed` with `me` and collects its boulders; `Some(true)` if
    /// it holds a target or a hole that must be filled, `None` if a boulder from outside
    /// could be pushed into it (an open hole of it next to the walk).
    fn component(
        &mut self,
        board: &Board,
        occ: &[u8],
        reach: &Walker,
        seed: u16,
        me: u32,
    ) -> Option<bool> {
        self.members.clear();
        self.stack.clear();
        self.stack.push(seed);
        self.label[seed as usize] = me;
        let mut needed = false;
        let mut enterable = false;
        while let Some(c) = self.stack.pop() {
            match occ[c as usize] {
                BOULDER => self.members.push(c),
                OPEN_HOLE => {
                    let k = board.hole_id[c as usize].expect("an open hole is a hole");
                    needed |= board.required_holes >> k & 1 == 1;
                    enterable |= (0..4).any(|d| reach.reached(board.step(c, d)));
                }
                _ => needed |= board.is_target[c as usize],
            }
            for d in 0..4 {
                let n = board.step(c, d);
                let wall = matches!(board.terrain[n as usize], Terrain::Wall | Terrain::Blocked);
                if wall || reach.reached(n) || self.label[n as usize] == me {
                    continue;
                }
                self.label[n as usize] = me;
                self.stack.push(n);
            }
        }
        (!enterable).then_some(needed)
    }

    /// Collects into `pushes` the legal pushes of the component's boulders from the walk;
    /// `false` if one of them would leave the boulder outside the component.
    fn pushes_only_into(&mut self, board: &Board, occ: &[u8], reach: &Walker, me: u32) -> bool {
        self.pushes.clear();
        for &b in &self.members {
            for d in 0..4 {
                let behind = board.step(b, (d + 2) % 4);
                if !reach.reached(behind) {
                    continue;
                }
                if let Some(to) = push_target(board, occ, behind, d) {
                    if self.label[to as usize] != me {
                        return false;
                    }
                    self.pushes.push((b, d as u8));
                }
            }
        }
        !self.pushes.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_nethack;
    use crate::walk::load_occ;

    /// The restriction for the start of `map`, as (boulder column, row, direction).
    fn restriction(map: &str) -> Option<Vec<(i32, i32, u8)>> {
        let board = Board::new(&parse_nethack("t", map).unwrap());
        let mut occ = vec![0; board.len()];
        load_occ(&board, &mut occ, &board.boulders, 0);
        let mut walker = Walker::new(board.len());
        walker.walk(&board, &occ, board.player);
        let origin = board.xy(board.player);
        let at = |c: u16| {
            let (x, y) = board.xy(c);
            (x - origin.0, y - origin.1)
        };
        let mut corrals = Corrals::default();
        let found = corrals.restrict(&board, &occ, &board.boulders, &walker, 0);
        found.then(|| {
            let pushes = corrals.best.iter();
            pushes.map(|&(b, d)| (at(b).0, at(b).1, d)).collect()
        })
    }

    // The lower room's boulders are needed (one boulder up top, two holes), and the one in
    // its doorway can only be pushed down into it.
    const NEEDED_ROOM: &str = "\
-----------
|@.....^^<|
|.0.-0-----
|...|...|
|...|.0.|
|...-----
-----";

    #[test]
    fn a_needed_corral_that_can_only_be_pushed_into_leaves_only_those_pushes() {
        // The doorway boulder is 4 right and 1 down of the player; direction 3 is down.
        assert_eq!(restriction(NEEDED_ROOM), Some(vec![(4, 1, 3)]));
    }

    #[test]
    fn a_corral_not_needed_restricts_nothing() {
        // Two boulders up top for two holes: the lower room may be left alone.
        let map = NEEDED_ROOM.replace("|...|...|", "|.0.|...|");
        assert_eq!(restriction(&map), None);
    }

    #[test]
    fn a_corral_with_an_open_hole_next_to_the_player_restricts_nothing() {
        // A boulder from outside can fill the hole in the room's second doorway, so the
        // doorway boulder's push is not the only way in.
        let map = NEEDED_ROOM.replace("|.0.-0-----", "|.0.-0^----");
        assert_eq!(restriction(&map), None);
    }
}
