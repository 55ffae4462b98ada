//! nhbot-sokoban: a Sokoban solver for NetHack 3.6.6's Sokoban branch and for classic
//! XSB levels.
//!
//! Rules modelled for NetHack: boulders move only orthogonally; the player walks in 8
//! directions but never diagonally through a doorway nor between two "rocks" (walls or
//! boulders — NetHack's `bad_rock`/`cant_squeeze_thru` Sokoban rule); a boulder pushed
//! into a hole or pit fills it; the goal is to stand on a target square. Doors (`+`) are
//! walked through orthogonally (a locked door must be opened by the caller) and stop
//! boulders; monsters are blocked squares for the duration of one solve.
//!
//! Solutions come as [`Step`]s (direction + push flag, with `Dir::vi_key` for NetHack) and
//! as LURD text: lowercase walks, uppercase pushes, diagonal walks as `q e z c`.
//!
//! Search: best-first over push states (player position normalised to its region,
//! Zobrist-hashed transposition table), deadlock pruning by frozen boulders, a reachability
//! closure and matching feasibility. Classic levels use weighted A* on a boulder-to-goal
//! matching bound (`Limits::weight` 1 = fewest pushes). NetHack levels fill holes one at a
//! time: states with fewer open holes first, steered by an obstacle-aware estimate of the
//! next fill (`guide.rs`, which also proves states dead when too few boulders keep a route
//! to a hole); two such searches with different tastes race on two threads, and the one
//! that ends at the fewest states wins (deterministic). One of them tries only a corral's
//! pushes when a part of the level the player cannot reach must be entered (`corral.rs`).
//! The guide also charges a boulder for each sealed corral (`sealed.rs`): one the player
//! can open only by pushing a boulder where it can never reach a hole. The second search
//! follows each pushed boulder on at once, storing its whole route. When both stall, the
//! level is solved with only its boulders nearest the holes, and the searches start again
//! from the states along that lighter level's plan (`relax.rs`); then the level is proved
//! dead if a few of its boulders, alone, cannot fill the holes they must (`subset.rs`);
//! then more searches join.
//! Solutions are not push-optimal there; walks between pushes are shortest.

mod board;
mod cells;
mod corral;
mod deadlock;
mod derived;
mod guide;
mod parse;
mod puzzle;
mod relax;
mod report;
mod sealed;
mod search;
mod solution;
mod subset;
mod verdict;
mod walk;

pub mod bench;

pub use parse::{parse_levels, parse_nethack, parse_xsb};
pub use puzzle::{Cell, Puzzle, Rules, MAX_HEIGHT, MAX_WIDTH};
pub use report::{to_text, DerivedSolve, Explanation, Frontier, SearchReport, TierCount};
pub use search::{solve, solve_explained, solve_reporting};
pub use solution::{Dir, Limits, Solution, SolveError, Step};

use anyhow::{Context, Result};
use std::path::Path;

/// Every level in a file (XSB or NetHack grid, detected per level).
pub fn read_levels(path: &Path) -> Result<Vec<Puzzle>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    parse_levels(&text).with_context(|| format!("parsing {}", path.display()))
}

/// Solves every level in a file (see [`read_levels`]).
pub fn solve_file(
    path: &Path,
    limits: Limits,
) -> Result<Vec<(String, Result<Solution, SolveError>)>> {
    Ok(read_levels(path)?
        .into_iter()
        .map(|p| (p.title.clone(), solve(&p, limits)))
        .collect())
}

/// Whether `puzzle` (its state as given) is proved unsolvable from subsets of its boulders
/// within `limits` (see `subset.rs`), and the solves that tried. The solver tries these
/// proofs itself once its searches stall; this runs them alone.
pub fn prove_from_subsets(puzzle: &Puzzle, limits: Limits) -> (bool, Vec<DerivedSolve>) {
    if puzzle.validate().is_err() {
        return (false, Vec::new());
    }
    let progress = std::sync::atomic::AtomicUsize::new(0);
    let run = derived::Run::new(
        limits.max_nodes,
        limits.deadline(std::time::Instant::now()),
        &progress,
        0,
        search::solve_directly,
    );
    let outcome = subset::prove_dead(puzzle, &board::Board::new(puzzle), run);
    (outcome.dead, outcome.solves)
}
