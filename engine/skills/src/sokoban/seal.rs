//! A push that shuts squares off: a monster standing there is held ahead of the boulder for
//! good (Sokoban's monsters never step on a hole), and the plan needs the boulder to pass it.
//! Bench b23-i24b gave 9 bottom levels up to a monster shut in so in the hole corridor, unseen
//! behind the boulder ("You hear a monster behind the boulder."), and the sieges ran out of
//! missiles. Before such a push the node waits a few turns once, where it stands: a monster
//! inside comes out at us (monsters head for the hero wherever they are) and is fought in the
//! open, before the boulder shuts it in.

use super::{apply, Memory, StateKey};
use nhbot_sokoban::{Cell, Puzzle, Step};
use std::collections::VecDeque;

/// Squares waited for, kept (then forgotten at once) so a pocket is not waited for at every
/// push.
const MAX_SEAL_SQUARES: usize = 1024;
/// Turns after a wait for a pocket before it is waited for again: a monster may have walked
/// in since (smoke seed 177: the hole corridor was waited for once, and 200 turns later the
/// boulder shut a monster in there).
const REWAIT_TURNS: i64 = 50;

/// The squares a monster could walk to from `from` (8 ways over floor and doors, never
/// diagonally through a doorway, never onto a boulder or an open hole).
pub(super) fn monster_reach(p: &Puzzle, from: usize) -> Vec<bool> {
    let free =
        |i: usize| matches!(p.cells[i], Cell::Floor | Cell::Door) && !p.boulders.contains(&i);
    let (w, h) = (p.width as isize, p.height as isize);
    let mut seen = vec![false; p.cells.len()];
    seen[from] = true;
    let mut queue = VecDeque::from([from]);
    while let Some(i) = queue.pop_front() {
        let (x, y) = ((i % p.width) as isize, (i / p.width) as isize);
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (nx, ny) = (x + dx, y + dy);
                if (dx, dy) == (0, 0) || nx < 0 || ny < 0 || nx >= w || ny >= h {
                    continue;
                }
                let n = (ny * w + nx) as usize;
                let door = p.cells[i] == Cell::Door || p.cells[n] == Cell::Door;
                if seen[n] || !free(n) || (dx != 0 && dy != 0 && door) {
                    continue;
                }
                seen[n] = true;
                queue.push_back(n);
            }
        }
    }
    seen
}

/// The squares push `step` cuts off from the hero: reachable by a monster from the hero's
/// square before the push, not after it (the boulder's new square left out).
pub(super) fn shut_off_by(p: &Puzzle, step: Step) -> Vec<usize> {
    if !step.push {
        return Vec::new();
    }
    let before = monster_reach(p, p.player);
    let mut after_push = p.clone();
    apply(&mut after_push, step);
    let after = monster_reach(&after_push, after_push.player);
    (0..p.cells.len())
        .filter(|&i| before[i] && !after[i] && !after_push.boulders.contains(&i))
        .collect()
}

impl Memory {
    /// Whether a push shutting `squares` off at game turn `turn` gets its wait: none when any
    /// of them was waited for in the last [`REWAIT_TURNS`] turns (a boulder driven down a
    /// corridor shuts one more square of the same pocket off at each push).
    pub(super) fn seal_wait_due(&mut self, key: &StateKey, squares: &[usize], turn: i64) -> bool {
        let recent = |&i: &usize| {
            self.seal_waited
                .get(&(key.map, i))
                .is_some_and(|&t| turn - t < REWAIT_TURNS)
        };
        if squares.iter().any(recent) {
            return false;
        }
        if self.seal_waited.len() >= MAX_SEAL_SQUARES {
            self.seal_waited.clear();
        }
        self.seal_waited
            .extend(squares.iter().map(|&i| ((key.map, i), turn)));
        true
    }
}
