//! Levels derived from the real one (lighter levels, subsets of its boulders): solving them
//! on a share of the budget, with an account, and replaying their plans on the real level.

use crate::board::Board;
use crate::board::{BOULDER, FREE, OPEN_HOLE};
use crate::puzzle::{Cell, Puzzle};
use crate::report::DerivedSolve;
use crate::solution::{Dir, Limits, Solution, SolveError, Step};
use crate::walk::{load_occ, push_target, Walker};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// A push in the puzzle's terms: the boulder's square and the direction (0..4: L U R D).
pub(crate) type Push = (usize, usize);

/// The search's direct solver (no lighter levels, no subset proofs), handed in by the caller
/// so this module does not depend on the search that uses it.
pub(crate) type DirectSolver = fn(&Puzzle, Limits) -> Result<Solution, SolveError>;

/// A budget of states for derived solves, the states used so far and the solves run.
pub(crate) struct Run<'a> {
    budget: usize,
    pub used: usize,
    deadline: Instant,
    progress: &'a AtomicUsize,
    before: usize,
    pub solves: Vec<DerivedSolve>,
    solver: DirectSolver,
}

impl<'a> Run<'a> {
    /// Up to `budget` states and `deadline`, raising `progress` to `before` plus the states
    /// used as it goes, each solve by `solver`.
    pub fn new(
        budget: usize,
        deadline: Instant,
        progress: &'a AtomicUsize,
        before: usize,
        solver: DirectSolver,
    ) -> Run<'a> {
        Run {
            budget,
            used: 0,
            deadline,
            progress,
            before,
            solves: Vec::new(),
            solver,
        }
    }

    pub fn spent(&self) -> bool {
        self.used >= self.budget || Instant::now() >= self.deadline
    }

    /// Solves `puzzle` (`what` it is, for the account) directly with up to `max_nodes`
    /// states; `None` when the budget is already spent.
    pub fn solve(
        &mut self,
        puzzle: &Puzzle,
        max_nodes: usize,
        what: String,
    ) -> Option<Result<Solution, SolveError>> {
        if self.spent() {
            return None;
        }
        let limits = Limits {
            max_nodes: max_nodes.min(self.budget - self.used),
            max_time: self.deadline.saturating_duration_since(Instant::now()),
            weight: 1,
        };
        let result = (self.solver)(puzzle, limits);
        let (states, said) = match &result {
            Ok(s) => (s.nodes, "solved"),
            Err(SolveError::Unsolvable { nodes }) => (*nodes, "unsolvable"),
            Err(SolveError::LimitHit { nodes, .. }) => (*nodes, "limit hit"),
            Err(SolveError::Invalid(_)) => (0, "invalid"),
        };
        self.used += states;
        self.progress
            .fetch_max(self.before + self.used, Ordering::Relaxed);
        self.solves.push(DerivedSolve {
            what,
            states,
            result: said,
        });
        Some(result)
    }
}

/// Where a replay of pushes stopped: after how many pushes, with the boulders and open
/// holes (`occ`) and the player's square then.
pub(crate) struct Replayed {
    pub done: usize,
    pub occ: Vec<u8>,
    pub player: u16,
}

/// Plays `plan` from `board`'s start for as long as its pushes are legal (the player can
/// reach each, nothing is in the way), calling `after` with the state after each push.
pub(crate) fn replay_while_legal(
    board: &Board,
    plan: &[Push],
    mut after: impl FnMut(&[u8], u16),
) -> Replayed {
    let mut occ = vec![FREE; board.len()];
    load_occ(board, &mut occ, &board.boulders, 0);
    let mut walker = Walker::new(board.len());
    let mut player = board.player;
    for (done, &(boulder, dir)) in plan.iter().enumerate() {
        let from = board.board_index(boulder);
        let stand = board.step(from, (dir + 2) % 4);
        walker.flood(board, &occ, player);
        let to = walker
            .reached(stand)
            .then(|| push_target(board, &occ, stand, dir))
            .flatten();
        let Some(to) = to else {
            return Replayed { done, occ, player };
        };
        occ[from as usize] = FREE;
        occ[to as usize] = if occ[to as usize] == OPEN_HOLE {
            FREE
        } else {
            BOULDER
        };
        player = from;
        after(&occ, player);
    }
    Replayed {
        done: plan.len(),
        occ,
        player,
    }
}

/// `puzzle` with the boulders and open holes of `occ` and the player on `player`.
pub(crate) fn state_of(puzzle: &Puzzle, board: &Board, occ: &[u8], player: u16) -> Puzzle {
    let mut state = puzzle.clone();
    state.boulders = (0..board.len() as u16)
        .filter(|&c| occ[c as usize] == BOULDER)
        .map(|c| board.puzzle_index(c))
        .collect();
    for &h in &board.holes {
        if occ[h as usize] != OPEN_HOLE {
            state.cells[board.puzzle_index(h)] = Cell::Floor;
        }
    }
    state.player = board.puzzle_index(player);
    state
}

/// The pushes of `steps`, played from `puzzle`'s start.
pub(crate) fn pushes_of(puzzle: &Puzzle, steps: &[Step]) -> Vec<Push> {
    let (x, y) = puzzle.coords(puzzle.player);
    let (mut x, mut y) = (x as isize, y as isize);
    let mut pushes = Vec::new();
    for step in steps {
        let (dx, dy) = step.dir.delta();
        if step.push {
            let dir = Dir::ALL.iter().position(|&d| d == step.dir).unwrap_or(0);
            pushes.push((puzzle.index((x + dx) as usize, (y + dy) as usize), dir));
        }
        x += dx;
        y += dy;
    }
    pushes
}
