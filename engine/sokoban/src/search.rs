//! Best-first search over push states. A state is (boulders, filled holes, player region); the region is
//! normalised to its smallest square so walks that end in the same region merge.

use crate::board::Board;
use crate::board::{BOULDER, FREE, OPEN_HOLE};
use crate::cells::{CellQueues, Regions, SPARES_APART};
use crate::corral::Corrals;
use crate::deadlock::{Bound, Evaluator};
use crate::derived::Run;
use crate::guide::Guide;
use crate::puzzle::{Cell, Puzzle, Rules};
use crate::relax;
use crate::report::{DerivedSolve, Explanation, Frontier, SearchReport, TierCount};
use crate::solution::{Limits, Solution, SolveError};
use crate::subset;
use crate::walk::{cuts_nothing, load_occ, push_target, replay, Walker};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// What the search steers by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Focus {
    /// Weighted A* on the admissible bound for all sinks (classic levels).
    AllSinks,
    /// NetHack: fill holes one at a time, steered by the obstacle-aware guide with this
    /// price per boulder in the way; `prefer_spares` tries states that keep more usable
    /// boulders first; `check_turns` checks the guide's best routes' first turn with a
    /// walk (see `Guide::turn_blocked`); `far_push` is the extra cost of a push far from
    /// the last one, generated only when the search gets that far (see [`Relevance`]);
    /// `corrals` says where it tries only a corral's pushes when one must be entered;
    /// `cells` takes states in turn from the feature cells of [`CellQueues`] instead of
    /// from one best-first queue; `follow` pushes each new child's boulder on and on at
    /// once (see [`Search::follow_boulders`]).
    NextHole {
        in_the_way: u32,
        prefer_spares: bool,
        forward: bool,
        novelty: bool,
        check_turns: bool,
        far_push: Option<u32>,
        corrals: CorralPruning,
        cells: bool,
        follow: bool,
    },
}

/// Where a search tries only a corral's pushes when one must be entered (see [`Corrals`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CorralPruning {
    /// Only in tests, to compare verdicts.
    #[cfg(test)]
    Never,
    Always,
    /// Once at most half the holes open at the start are left: the part of the level where
    /// a greedy search proves plans dead by exhausting them. Earlier, the push it forces
    /// into a corral before the next fill costs such a search a detour.
    SecondHalf,
}

/// NetHack portfolio, run side by side: each search is complete but each has levels it
/// thrashes on (an early choice it can only undo by exhausting everything after it) or
/// wanders on (a plateau of equal estimates), and they rarely struggle on the same level.
/// Measured on the 8 maps: the first solves soko3-2 and soko1-2 fast but stalls on
/// soko1-1's first hole, the second (with forward pricing) the reverse; A* on the
/// all-holes bound (the former fallback) only added work. Novelty in the first cut
/// soko1-2 from 46k to 17k states; in the second it sent soko1-1 past 1M. Checking turns
/// in the first took soko3-2 from 219k states to 14k and halved the states of the
/// disturbed levels both portfolios solve; in the second (on the forward prices too) it
/// took soko1-1 from 69k to 64k. Putting off pushes far from the last one (see
/// [`Relevance`]) took soko1-1 from 64k to 18k (priced 4 in the second; 2 and 8 gave the
/// same) and soko3-2 from 14k to 12k (priced 1 in the first; 4 sent soko3-2 past 1M), and
/// 130 of the 160 disturbed states are decided instead of 127. PI-corral pruning (see
/// [`Corrals`]) in the second took soko1-1 from 18k states to 7.5k and decides 134 of the
/// 160 (three more proofs of unsolvability: 14 to 954 states where 4M had not sufficed).
/// In the first it sent soko3-2 from 12k to 83k: it forces a push into a corral before
/// the push that fills the next hole, and that search's greedy order pays for the detour;
/// there it prunes only once at most half the holes are left (one more disturbed state
/// decided, soko3-1 8.1k states to 6.2k, soko1-2 12.2k to 11.2k). Following boulders in the
/// second (see [`Search::follow_boulders`]) solved soko1-1's disturbed #8 (0.64M states,
/// undecided at 2M before) and lost no other; the 8 maps cost more states there (soko1-1
/// 7.5k to 12.1k, soko4-1 1.1k to 1.6k) but stay under 100 ms. As a late search instead,
/// or in the late ones, it decided no more at the game's budget (the extra search's
/// share cost others).
const NETHACK_PORTFOLIO: [Focus; 2] = [
    Focus::NextHole {
        in_the_way: 8,
        prefer_spares: true,
        forward: false,
        novelty: true,
        check_turns: true,
        far_push: Some(1),
        corrals: CorralPruning::SecondHalf,
        cells: false,
        follow: false,
    },
    Focus::NextHole {
        in_the_way: 3,
        prefer_spares: false,
        forward: true,
        novelty: false,
        check_turns: true,
        far_push: Some(4),
        corrals: CorralPruning::Always,
        cells: false,
        follow: true,
    },
];

/// Searches that join the NetHack race when neither search of [`NETHACK_PORTFOLIO`] has
/// ended within [`LATE_JOIN`] states. Greedy orders thrash when a disturbance makes their
/// early choices wrong, and on the top levels with a boulder lost, every plan that wastes a
/// second boulder is dead, so a plan must first store boulders in the lower rooms: dozens
/// of pushes that bring no fill nearer, which no order steered by the next fill reaches.
///
/// - A variant of the first search with corrals everywhere and neither novelty nor the turn
///   check (measured alone at 150k states, it decided soko3-2 #6, #12, #14 and #15 of
///   the disturbed states the portfolio left undecided at 300k).
/// - Both searches of the portfolio again, from the start, taking states from feature cells
///   in turn ([`CellQueues`], after FESS): a state that opens the level up (fewer regions
///   cut off by boulders) or keeps more spares competes with those nearer the next fill.
///
/// Measured on the 160 disturbed states at the game's budget (2M states): with the former
/// three greedy variants 143 were decided; with those three and the two cell searches, 152;
/// with only the two cell searches, 151 (soko3-2 #12 and #14 lost); with this set, 153.
/// Cells from the start instead of late cost the 8 maps 16k to over 1M states each. Joining
/// late keeps them as fast as before (each search ends them under 12k states).
const NETHACK_LATE: [Focus; 3] = [
    Focus::NextHole {
        in_the_way: 8,
        prefer_spares: true,
        forward: false,
        novelty: false,
        check_turns: false,
        far_push: Some(1),
        corrals: CorralPruning::Always,
        cells: false,
        follow: false,
    },
    with_cells(NETHACK_PORTFOLIO[0]),
    with_cells(NETHACK_PORTFOLIO[1]),
];

/// `focus` taking its states from feature cells, following no boulder (following in the
/// late searches decided none of the six disturbed states they left undecided).
const fn with_cells(focus: Focus) -> Focus {
    match focus {
        Focus::NextHole {
            in_the_way,
            prefer_spares,
            forward,
            novelty,
            check_turns,
            far_push,
            corrals,
            ..
        } => Focus::NextHole {
            in_the_way,
            prefer_spares,
            forward,
            novelty,
            check_turns,
            far_push,
            corrals,
            cells: true,
            follow: false,
        },
        Focus::AllSinks => Focus::AllSinks,
    }
}

/// Boulder squares one search stores at most (2 bytes each: 128 MiB), over all its states. A
/// state costs as many as it has boulders, up to about 1,500 on a level of [`MAX_WIDTH`] x
/// [`MAX_HEIGHT`], so a state budget alone does not bound the memory. NetHack's maps (at most
/// 20 boulders, about 1M states per search at the game's budget) and classic levels of up to
/// 64 boxes at 1M states stay under it.
///
/// [`MAX_WIDTH`]: crate::puzzle::MAX_WIDTH
/// [`MAX_HEIGHT`]: crate::puzzle::MAX_HEIGHT
const MAX_STORED_BOULDERS: usize = 1 << 26;

/// States [`Search::follow_boulders`] stores at most per expansion.
const FOLLOW_CAP: usize = 400;

/// A push from the player's square `square` in direction `dir`, sending the boulder to
/// `to` (filling hole `hole` if open there).
#[derive(Clone, Copy)]
struct Push {
    square: u16,
    dir: usize,
    to: u16,
    hole: Option<u8>,
}

/// Where, on each search's clock, the late searches join. At 30k, with a budget of 300k
/// states, the late ones get 48k each (the portfolio's two, 78k each instead of 150k).
const LATE_JOIN: usize = 30_000;

/// The lighter levels' plans ([`crate::relax`]) get one state in this many of a NetHack
/// solve's budget, tried once the portfolio has not ended by [`LATE_JOIN`], before the late
/// searches join.
const LIGHTER_SHARE: usize = 6;

/// The proofs from subsets of the boulders ([`crate::subset`]) get one state in this many,
/// tried after the lighter levels' plans.
const PROOF_SHARE: usize = 6;

/// Solves `puzzle` within `limits`.
///
/// Classic levels: weighted A* (`limits.weight` 1 gives fewest pushes). NetHack levels:
/// the searches of [`NETHACK_PORTFOLIO`] race side by side on threads; if none has ended
/// at [`LATE_JOIN`] states, the plans from lighter levels ([`crate::relax`]) get up to one
/// state in [`LIGHTER_SHARE`] of `limits.max_nodes`, then the proofs from subsets of the
/// boulders ([`crate::subset`]) one in [`PROOF_SHARE`], and if neither ends the solve, those
/// of [`NETHACK_LATE`] join the race, and all share what is left of the rest equally. The
/// first to end the solve by its own clock (states stored, counted from where it joined)
/// wins (see [`Race`]), so the result never depends on the threads. Every search is
/// complete, so one that runs dry proves unsolvability.
pub fn solve(puzzle: &Puzzle, limits: Limits) -> Result<Solution, SolveError> {
    solve_reporting(puzzle, limits, &AtomicUsize::new(0))
}

/// [`solve`], raising `progress` as it goes (every few hundred expansions) to a count of
/// states sure to be in the final one ([`Solution::nodes`] or the error's): the counter never
/// passes it. Both are deterministic, unlike time: a caller that waits for the count to pass
/// a mark (not for a while) sees the same progress on every run.
pub fn solve_reporting(
    puzzle: &Puzzle,
    limits: Limits,
    progress: &AtomicUsize,
) -> Result<Solution, SolveError> {
    race(puzzle, limits, progress, false, true).0
}

/// [`solve`] without the lighter levels' plans and the proofs from subsets (see
/// [`crate::relax`] and [`crate::subset`]), which solve with it.
pub(crate) fn solve_directly(puzzle: &Puzzle, limits: Limits) -> Result<Solution, SolveError> {
    race(puzzle, limits, &AtomicUsize::new(0), false, false).0
}

/// [`solve`], with an account of what each search did (see [`SearchReport`]) and what the
/// plans from lighter levels and the proofs from subsets tried: where a solve that hit its
/// limit got stuck.
pub fn solve_explained(
    puzzle: &Puzzle,
    limits: Limits,
) -> (Result<Solution, SolveError>, Explanation) {
    race(puzzle, limits, &AtomicUsize::new(0), true, true)
}

/// Runs the searches; with `explain`, reports on each; with `derived`, tries the lighter
/// levels' plans and the proofs from subsets (NetHack) when the portfolio has not ended by
/// [`LATE_JOIN`].
fn race(
    puzzle: &Puzzle,
    limits: Limits,
    progress: &AtomicUsize,
    explain: bool,
    derived: bool,
) -> (Result<Solution, SolveError>, Explanation) {
    if let Err(e) = puzzle.validate() {
        return (
            Err(SolveError::Invalid(format!("{e:#}"))),
            Explanation::default(),
        );
    }
    let started = Instant::now();
    let deadline = limits.deadline(started);
    let board = Board::new(puzzle);
    let (first, late): (&[Focus], &[Focus]) = match board.rules {
        Rules::Classic => (&[Focus::AllSinks], &[]),
        Rules::NetHack => (&NETHACK_PORTFOLIO, &NETHACK_LATE),
    };
    let mut searches: Vec<Search> = Vec::new();
    for &focus in first {
        let mut search = Search::new(&board, focus, limits.weight, 0);
        if !search.start() {
            // Every search judges the start alike: one report says why it is dead.
            let why = Explanation {
                searches: explain.then(|| search.report(puzzle)).into_iter().collect(),
                ..Explanation::default()
            };
            return (Err(SolveError::Unsolvable { nodes: 0 }), why);
        }
        searches.push(search);
    }
    let (lighter_budget, proof_budget) = if derived {
        derived_shares(board.rules, limits.max_nodes, first.len())
    } else {
        (0, 0)
    };
    let budget = limits.max_nodes - lighter_budget - proof_budget;
    // Past `LATE_JOIN` states each, the late searches join and all run up to `cap` on the
    // clock: `first.len() * cap + late.len() * (cap - LATE_JOIN)` is the budget.
    let share = (budget / first.len()).max(1);
    let joins = !late.is_empty() && share > LATE_JOIN;
    let first_cap = if joins { LATE_JOIN } else { share };
    let mut outcomes = run_race(&mut searches, first_cap, deadline, progress);
    let undecided = outcomes.iter().all(|o| matches!(o, Ending::Stopped(_)));
    let mut derived = Derived::default();
    if joins && undecided && Instant::now() < deadline {
        if lighter_budget > 0 {
            let before = counted(&searches, &outcomes, usize::MAX);
            let budgets = (lighter_budget, proof_budget);
            let clock = (started, deadline, progress);
            if let Some(result) = derived.run(puzzle, &board, budgets, clock, before) {
                let explanation = explained(explain, &searches, puzzle, derived.solves);
                return (result, explanation);
            }
        }
        for &focus in late {
            let mut search = Search::new(&board, focus, limits.weight, LATE_JOIN);
            if !search.start() {
                let nodes = counted(&searches, &outcomes, usize::MAX) + derived.nodes;
                return (
                    Err(SolveError::Unsolvable { nodes }),
                    Explanation::default(),
                );
            }
            searches.push(search);
        }
        let cap = (budget + late.len() * LATE_JOIN) / searches.len();
        outcomes = run_race(&mut searches, cap, deadline, progress);
    }
    // The winner: the ending at the fewest states, the first in portfolio order on a tie.
    let winner = outcomes
        .iter()
        .enumerate()
        .filter(|(_, o)| !matches!(o, Ending::Stopped(_)))
        .min_by_key(|(i, o)| (o.clock(), *i))
        .map(|(i, _)| i);
    let result = match winner.map(|i| &outcomes[i]) {
        Some(Ending::Solved(pushes, n)) => Ok(solution_of(
            &board,
            pushes,
            counted(&searches, &outcomes, *n) + derived.nodes,
            started,
        )),
        Some(Ending::Exhausted(n)) => Err(SolveError::Unsolvable {
            nodes: counted(&searches, &outcomes, *n) + derived.nodes,
        }),
        _ => Err(SolveError::LimitHit {
            nodes: counted(&searches, &outcomes, usize::MAX) + derived.nodes,
            millis: started.elapsed().as_millis() as u64,
        }),
    };
    let total = match &result {
        Ok(s) => s.nodes,
        Err(SolveError::Unsolvable { nodes } | SolveError::LimitHit { nodes, .. }) => *nodes,
        Err(SolveError::Invalid(_)) => 0,
    };
    progress.fetch_max(total, Ordering::Relaxed);
    (
        result,
        explained(explain, &searches, puzzle, derived.solves),
    )
}

/// What the derived levels did in a solve: the states they used, and their solves (the
/// lighter levels', then the proofs').
#[derive(Default)]
struct Derived {
    nodes: usize,
    solves: (Vec<DerivedSolve>, Vec<DerivedSolve>),
}

impl Derived {
    /// Tries the lighter levels' plans, then the proofs from subsets, on their `budgets`,
    /// `before` states into the solve: the result if either ends it.
    fn run(
        &mut self,
        puzzle: &Puzzle,
        board: &Board,
        (lighter_budget, proof_budget): (usize, usize),
        (started, deadline, progress): (Instant, Instant, &AtomicUsize),
        before: usize,
    ) -> Option<Result<Solution, SolveError>> {
        let found = relax::solve(
            puzzle,
            board,
            Run::new(lighter_budget, deadline, progress, before, solve_directly),
        );
        self.nodes = found.nodes;
        self.solves.0 = found.solves;
        if let Some(pushes) = found.pushes {
            let solution = solution_of(board, &pushes, before + self.nodes, started);
            progress.fetch_max(solution.nodes, Ordering::Relaxed);
            return Some(Ok(solution));
        }
        let run = Run::new(
            proof_budget,
            deadline,
            progress,
            before + self.nodes,
            solve_directly,
        );
        let proof = subset::prove_dead(puzzle, board, run);
        self.nodes += proof.nodes;
        self.solves.1 = proof.solves;
        if !proof.dead {
            return None;
        }
        let nodes = before + self.nodes;
        progress.fetch_max(nodes, Ordering::Relaxed);
        Some(Err(SolveError::Unsolvable { nodes }))
    }
}

/// The shares of a budget of `max_nodes` states for the lighter levels' plans and the
/// proofs from subsets: none unless the level is NetHack's and the late searches would join
/// (each of the `portfolio` searches gets more than [`LATE_JOIN`] of the rest), since they
/// run only then.
fn derived_shares(rules: Rules, max_nodes: usize, portfolio: usize) -> (usize, usize) {
    let shares = match rules {
        Rules::NetHack => (max_nodes / LIGHTER_SHARE, max_nodes / PROOF_SHARE),
        Rules::Classic => (0, 0),
    };
    if (max_nodes - shares.0 - shares.1) / portfolio > LATE_JOIN {
        shares
    } else {
        (0, 0)
    }
}

/// The account of a solve, when asked for.
fn explained(
    explain: bool,
    searches: &[Search],
    puzzle: &Puzzle,
    (lighter, subsets): (Vec<DerivedSolve>, Vec<DerivedSolve>),
) -> Explanation {
    if !explain {
        return Explanation::default();
    }
    Explanation {
        searches: searches.iter().map(|s| s.report(puzzle)).collect(),
        lighter,
        subsets,
    }
}

/// The solution that makes `pushes` (walks between them shortest) found in `nodes` states.
fn solution_of(board: &Board, pushes: &[(u16, u8)], nodes: usize, started: Instant) -> Solution {
    let steps = replay(board, pushes);
    let push_count = steps.iter().filter(|s| s.push).count();
    Solution {
        moves: steps.len(),
        pushes: push_count,
        steps,
        nodes,
        elapsed: started.elapsed(),
    }
}

/// Steps between `a` and `b` on an open floor (a walk's lower bound).
fn chebyshev(board: &Board, a: u16, b: u16) -> u32 {
    let ((ax, ay), (bx, by)) = (board.xy(a), board.xy(b));
    (ax - bx).unsigned_abs().max((ay - by).unsigned_abs())
}

/// States counted when the race ends at `end` on the clock: each search counts its own
/// states up to that point (a search past it when it heard of the win did that work
/// only because of thread timing).
fn counted(searches: &[Search], outcomes: &[Ending], end: usize) -> usize {
    searches
        .iter()
        .zip(outcomes)
        .map(|(s, o)| o.clock().min(end).saturating_sub(s.joined))
        .sum()
}

/// Runs `searches` side by side (on threads when there are several) until one ends or
/// each has `cap` on the clock.
fn run_race(
    searches: &mut [Search],
    cap: usize,
    deadline: Instant,
    progress: &AtomicUsize,
) -> Vec<Ending> {
    let race = Race::new(
        searches.iter().map(|s| s.clock()).collect(),
        searches.iter().map(|s| s.joined).collect(),
    );
    if let [search] = searches {
        return vec![search.run(cap, deadline, progress, (&race, 0))];
    }
    std::thread::scope(|scope| {
        let race = &race;
        let running: Vec<_> = searches
            .iter_mut()
            .enumerate()
            .map(|(i, search)| scope.spawn(move || search.run(cap, deadline, progress, (race, i))))
            .collect();
        running
            .into_iter()
            .map(|r| {
                r.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}

/// Bookkeeping shared by the racing searches, so that running them side by side gives what
/// running each alone would: the winner is the search whose ending (a solution, or running
/// dry) comes first on its clock, the first in portfolio order on a tie. A search stops
/// once its clock passes where some other search ended, since it can no longer win.
struct Race {
    /// Each search's clock (see [`Search::clock`]; updated every few expansions).
    stored: Vec<AtomicUsize>,
    /// Where each search's count began on the clock (see [`Search::joined`]).
    joined: Vec<usize>,
    /// The earliest clock any search has ended at so far.
    best: AtomicUsize,
}

impl Race {
    /// `clocks`: where each search starts; `joined`: where each began counting.
    fn new(clocks: Vec<usize>, joined: Vec<usize>) -> Race {
        Race {
            stored: clocks.into_iter().map(AtomicUsize::new).collect(),
            joined,
            best: AtomicUsize::new(usize::MAX),
        }
    }

    /// Whether a search at `n` on its clock can still win.
    fn open(&self, n: usize) -> bool {
        n <= self.best.load(Ordering::Relaxed)
    }

    fn ended(&self, me: usize, n: usize) {
        self.stored[me].store(n, Ordering::Relaxed);
        self.best.fetch_min(n, Ordering::Relaxed);
    }

    /// Publishes our count and raises `progress` to the states sure to be counted in the
    /// end: every search counts at least up to the fewest any has stored now, since no
    /// search can end below its own count.
    fn publish(&self, me: usize, n: usize, progress: &AtomicUsize) {
        self.stored[me].store(n, Ordering::Relaxed);
        let counts: Vec<usize> = self
            .stored
            .iter()
            .map(|c| c.load(Ordering::Relaxed))
            .collect();
        let floor = counts.iter().copied().min().unwrap_or(0);
        let sure = counts
            .iter()
            .zip(&self.joined)
            .map(|(&c, &j)| c.min(floor).saturating_sub(j))
            .sum();
        progress.fetch_max(sure, Ordering::Relaxed);
    }
}

/// How a search's run ended, with its clock then.
enum Ending {
    Solved(Vec<(u16, u8)>, usize),
    /// Every reachable state was tried: no solution exists.
    Exhausted(usize),
    /// Its node budget or the deadline ran out, or another search won.
    Stopped(usize),
}

impl Ending {
    /// Where on its search's clock it ended.
    fn clock(&self) -> usize {
        match self {
            Ending::Solved(_, n) | Ending::Exhausted(n) | Ending::Stopped(n) => *n,
        }
    }
}

/// Zobrist hashes are already uniform; hashing them again is wasted work.
#[derive(Default)]
struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys are hashed")
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

struct Node {
    parent: u32,
    /// Boulders live in `Search::arena[start..start + count]`, sorted.
    start: u32,
    count: u16,
    filled: u64,
    /// Hash of boulders and filled holes (player region excluded).
    key_hash: u64,
    region: u16,
    /// Exact square the player stands on after the push that made this state.
    player: u16,
    pushes: u32,
    moves: u32,
    /// Heuristic used for ordering (`DEAD` for proven deadlocks) and progress tier.
    h: u32,
    tier: u32,
    /// Second key within a tier: fewer spare boulders sort later (when preferred).
    rank: u32,
    push_from: u16,
    push_dir: u8,
    closed: bool,
    /// 0 when the state put some boulder on a square no boulder had stood on among the
    /// states of its tier and estimate (see [`Novelty`]), else 1.
    stale: u32,
    /// Extra cost of the pushes far from their predecessor on the way here ([`Relevance`]).
    detours: u32,
    /// Its pushes far from the one that made it are still to be generated.
    put_off: bool,
    /// Its feature cell (see [`CellQueues`]), when the search has them.
    cell: u32,
    /// [`Evaluator::shut_in`] cleared it when it was first expanded. The answer depends on
    /// its boulders and region only (any square of the walk's region floods the same
    /// closure), so a state reopened on a shorter path is not judged again.
    alive: bool,
    /// Its children by push, in `Search::kids[kids[pass]..][..kid_count[pass]]` for each
    /// [`Pass`] (`Near`, `PutOff`), recorded at its first expansion in that pass (`NO_KIDS`
    /// until then): see [`Kid`].
    kids: [u32; 2],
    kid_count: [u16; 2],
}

/// A state's child by push (`from`: the boulder's square, `dir`), recorded when the state is
/// first expanded. A state reopened on a shorter path is expanded again (often many times
/// over, in the search's late phases: most expansions there are re-expansions), and each push
/// leads to the same child every time: the record spares the child's walk and the hash
/// lookup that would find it again.
#[derive(Clone, Copy)]
struct Kid {
    from: u16,
    dir: u8,
    child: u32,
}

/// `Node::kids` of a state not yet expanded.
const NO_KIDS: u32 = u32::MAX;

/// Open-list key: (tier, stale, rank, f, h, moves, node id, put-off pushes), smallest
/// first. The last marks the entry that generates a state's put-off pushes.
type Priority = (u32, u32, u32, u32, u32, u32, u32, bool);

/// Heuristic value marking a proven deadlock; such states are stored but never expanded.
const DEAD: u32 = u32::MAX;

/// Fields of a state about to be stored.
struct Child {
    key_hash: u64,
    filled: u64,
    region: u16,
    player: u16,
    pushes: u32,
    moves: u32,
    bound: Option<Bound>,
    detours: u32,
}

struct Zobrist {
    boulder: Vec<u64>,
    region: Vec<u64>,
    hole: Vec<u64>,
}

impl Zobrist {
    fn new(cells: usize, holes: usize) -> Zobrist {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            // splitmix64: fixed seed, so runs are reproducible.
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Zobrist {
            boulder: (0..cells).map(|_| next()).collect(),
            region: (0..cells).map(|_| next()).collect(),
            hole: (0..holes).map(|_| next()).collect(),
        }
    }
}

/// Width-based tie-breaking (novelty, as in best-first width search): on a plateau of equal
/// estimates, states that put a boulder somewhere new are tried before variations of
/// arrangements already seen, so the search spreads out instead of shuffling one corner.
/// Only reorders the open list: the search stays complete.
#[derive(Default)]
struct Novelty {
    /// Per (tier, estimate): the squares some stored state had a boulder on.
    seen: HashMap<(u32, u32), Vec<bool>>,
}

impl Novelty {
    /// Records the boulders of a new state; `true` if one stands somewhere new.
    fn is_new(&mut self, cells: usize, tier: u32, h: u32, boulders: &[u16]) -> bool {
        let seen = self
            .seen
            .entry((tier, h))
            .or_insert_with(|| vec![false; cells]);
        let mut new = false;
        for &b in boulders {
            new |= !seen[b as usize];
            seen[b as usize] = true;
        }
        new
    }
}

/// Which pushes [`Search::expand`] generates.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// All of them, or with relevance on, those near the last push.
    Near = 0,
    /// The pushes the `Near` pass put off.
    PutOff = 1,
}

/// How near (in squares, either axis) a boulder must be to the last push's squares for its
/// push to follow on from it.
const RELEVANT_RADIUS: i32 = 2;

/// Relevance of pushes, in the spirit of Junghanns and Schaeffer's relevance cuts (Rolling
/// Stone): pushes that change nothing near each other commute, so a plateau of equal
/// estimates fills with every combination of unrelated pushes. A push counts as following
/// on if it moves a boulder near the squares of the push that made the state, fills a hole,
/// or comes right after a push that lowered the estimate or filled a hole (a fresh start).
/// Others cost a detour and are generated only when the search gets that far, so the
/// search stays complete. Measured on soko1-1: 1,870 expansions before the first hole (74%
/// of them in states with a boulder of the far rooms moved), 804 with relevance.
#[derive(Clone, Copy)]
struct Relevance {
    /// Any push follows on (the state is a fresh start).
    free: bool,
    squares: [u16; 2],
}

impl Relevance {
    fn after(board: &Board, nodes: &[Node], id: u32) -> Relevance {
        let n = &nodes[id as usize];
        let free = n.parent == u32::MAX || {
            let before = &nodes[n.parent as usize];
            before.tier != n.tier || n.h < before.h
        };
        let to = board.step(n.push_from, n.push_dir as usize);
        Relevance {
            free,
            squares: [n.push_from, to],
        }
    }

    fn near(&self, board: &Board, from: u16) -> bool {
        let (x, y) = board.xy(from);
        self.free
            || self.squares.iter().any(|&c| {
                let (cx, cy) = board.xy(c);
                (cx - x).abs() <= RELEVANT_RADIUS && (cy - y).abs() <= RELEVANT_RADIUS
            })
    }
}

struct Search<'a> {
    board: &'a Board,
    zobrist: Zobrist,
    nodes: Vec<Node>,
    arena: Vec<u16>,
    table: HashMap<u64, u32, BuildHasherDefault<IdentityHasher>>,
    open: BinaryHeap<Reverse<Priority>>,
    occ: Vec<u8>,
    walker: Walker,
    child_walker: Walker,
    evaluator: Evaluator,
    scratch: Vec<u16>,
    weight: u32,
    focus: Focus,
    novelty: Option<Novelty>,
    corrals: Corrals,
    /// Where the search joined the race on its clock: a late search's states count from
    /// there, so the race compares it with the others as if it had run all along.
    joined: usize,
    cells: Option<CellQueues<Priority>>,
    regions: Regions,
    /// New children whose boulder [`Search::follow_boulders`] pushes on: (state, where the
    /// boulder was, where it is).
    following: Vec<(u32, u16, u16)>,
    /// Walks of the states [`Search::follow`] goes down from, by depth.
    walk_pool: Vec<Walker>,
    /// The children of expanded states (see [`Kid`]).
    kids: Vec<Kid>,
    /// The deadline of the current [`Search::run`]: an expansion stops generating children
    /// past it (one child of a big level can take milliseconds, an expansion seconds), and
    /// the run then stops before taking another state, so a state left half-expanded never
    /// makes the search look exhausted.
    deadline: Option<Instant>,
}

impl<'a> Search<'a> {
    fn new(board: &'a Board, focus: Focus, weight: u32, joined: usize) -> Search<'a> {
        let guide = match focus {
            Focus::NextHole {
                in_the_way,
                forward,
                check_turns,
                ..
            } => Some(Guide::new(in_the_way, forward, check_turns)),
            Focus::AllSinks => None,
        };
        Search {
            board,
            zobrist: Zobrist::new(board.len(), board.holes.len()),
            nodes: Vec::new(),
            arena: Vec::new(),
            table: HashMap::default(),
            open: BinaryHeap::new(),
            occ: vec![FREE; board.len()],
            walker: Walker::new(board.len()),
            child_walker: Walker::new(board.len()),
            evaluator: Evaluator::new(focus == Focus::AllSinks, guide),
            scratch: Vec::new(),
            weight: weight.max(1),
            focus,
            novelty: matches!(focus, Focus::NextHole { novelty: true, .. }).then(Novelty::default),
            corrals: Corrals::default(),
            joined,
            cells: matches!(focus, Focus::NextHole { cells: true, .. }).then(CellQueues::default),
            regions: Regions::default(),
            following: Vec::new(),
            walk_pool: Vec::new(),
            kids: Vec::new(),
            deadline: None,
        }
    }

    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Position on the race's clock: states stored, counted from where it joined.
    fn clock(&self) -> usize {
        self.joined + self.nodes.len()
    }

    /// Extra cost of a push far from the last one, or `None` to generate every push at
    /// once (see [`Relevance`]).
    fn far_push(&self) -> Option<u32> {
        match self.focus {
            Focus::NextHole { far_push, .. } => far_push,
            Focus::AllSinks => None,
        }
    }

    /// Whether the pushes of state `id` are restricted to a corral's when one must be
    /// entered (see [`Corrals`]).
    fn prune_corrals(&self, id: u32) -> bool {
        match self.focus {
            Focus::NextHole {
                corrals: CorralPruning::Always,
                ..
            } => true,
            // The root's tier is the holes open at the start.
            Focus::NextHole {
                corrals: CorralPruning::SecondHalf,
                ..
            } => self.nodes[id as usize].tier * 2 <= self.nodes[0].tier,
            _ => false,
        }
    }

    /// Loads state `id` into `occ` and walks the player (`walker`); returns its boulders.
    fn load(&mut self, id: u32) -> Vec<u16> {
        let n = &self.nodes[id as usize];
        let (filled, player) = (n.filled, n.player);
        let boulders = self.boulders(id).to_vec();
        load_occ(self.board, &mut self.occ, &boulders, filled);
        self.walker.walk(self.board, &self.occ, player);
        boulders
    }

    fn boulders(&self, id: u32) -> &[u16] {
        let n = &self.nodes[id as usize];
        &self.arena[n.start as usize..n.start as usize + n.count as usize]
    }

    fn is_goal(&self, id: u32) -> bool {
        match self.board.rules {
            Rules::Classic => self
                .boulders(id)
                .iter()
                .all(|&b| self.board.is_target[b as usize]),
            Rules::NetHack => self.board.targets.iter().any(|&t| self.walker.reached(t)),
        }
    }

    /// Stores the root; `false` if the start is already a proven deadlock.
    fn start(&mut self) -> bool {
        let board = self.board;
        let boulders = board.boulders.clone();
        load_occ(board, &mut self.occ, &boulders, 0);
        self.child_walker.flood(board, &self.occ, board.player);
        let region = *self
            .child_walker
            .queue
            .iter()
            .min()
            .unwrap_or(&board.player);
        let Some(bound) =
            self.evaluator
                .evaluate(board, &self.occ, &boulders, 0, None, &self.child_walker)
        else {
            return false;
        };
        let key_hash = boulders
            .iter()
            .fold(0, |acc, &b| acc ^ self.zobrist.boulder[b as usize]);
        self.scratch = boulders;
        let root = Child {
            key_hash,
            filled: 0,
            region,
            player: board.player,
            pushes: 0,
            moves: 0,
            bound: Some(bound),
            detours: 0,
        };
        self.insert(u32::MAX, root, (0, 0));
        true
    }

    /// Expands states best first until a goal, an empty open list, `cap` on the clock, the deadline, or another search of the `race` (we are `me` in it) ending at
    /// fewer states than we have stored. Publishes our count as it goes.
    fn run(
        &mut self,
        cap: usize,
        deadline: Instant,
        progress: &AtomicUsize,
        (race, me): (&Race, usize),
    ) -> Ending {
        let board = self.board;
        self.deadline = Some(deadline);
        let mut expanded = 0u64;
        while self.clock() < cap {
            expanded += 1;
            // An atomic load is cheap; a late stop keeps the winner's result waiting.
            if expanded.is_multiple_of(16) && !race.open(self.clock()) {
                return Ending::Stopped(self.clock());
            }
            if expanded.is_multiple_of(256) {
                race.publish(me, self.clock(), progress);
            }
            // Every time, and before taking a state: see `deadline`.
            if self.out_of_time() || self.arena.len() > MAX_STORED_BOULDERS {
                return Ending::Stopped(self.clock());
            }
            let Some((.., moves, id, put_off)) = self.pop_open() else {
                race.ended(me, self.clock());
                return Ending::Exhausted(self.clock());
            };
            let node = &self.nodes[id as usize];
            if node.moves != moves || node.closed != put_off || put_off && !node.put_off {
                continue; // stale entry
            }
            if put_off {
                // The pushes its first expansion put off.
                self.nodes[id as usize].put_off = false;
                let boulders = self.load(id);
                self.expand(id, &boulders, Pass::PutOff);
                // Followed now, while `occ` holds this state.
                if !self.following.is_empty() {
                    self.follow_boulders();
                }
                continue;
            }
            self.nodes[id as usize].closed = true;
            let boulders = self.load(id);
            if self.is_goal(id) {
                race.ended(me, self.clock());
                return Ending::Solved(self.pushes_to(id), self.clock());
            }
            if board.rules == Rules::NetHack && !self.nodes[id as usize].alive {
                let filled = self.nodes[id as usize].filled;
                let open = (board.required_holes & !filled).count_ones();
                if self
                    .evaluator
                    .shut_in(board, &self.occ, &boulders, self.walker.start(), open)
                {
                    self.nodes[id as usize].h = DEAD;
                    continue;
                }
                self.nodes[id as usize].alive = true;
            }
            self.expand(id, &boulders, Pass::Near);
            if !self.following.is_empty() {
                self.follow_boulders();
            }
        }
        Ending::Stopped(self.clock())
    }

    /// Generates the children of `id` (the walker holds its walk): with relevance on, the
    /// `Near` pass generates the pushes near the last one and puts the others off, queued
    /// at the price of a detour; the `PutOff` pass generates those.
    fn expand(&mut self, id: u32, boulders: &[u16], pass: Pass) {
        let board = self.board;
        let filled = self.nodes[id as usize].filled;
        let relevance = self
            .far_push()
            .map(|price| (Relevance::after(board, &self.nodes, id), price));
        let restricted = self.prune_corrals(id)
            && self
                .corrals
                .restrict(board, &self.occ, boulders, &self.walker, filled);
        let mut put_off = false;
        let (kids, kid_count) = {
            let n = &self.nodes[id as usize];
            (n.kids[pass as usize], n.kid_count[pass as usize])
        };
        // Recorded at the state's first expansion in this pass; later ones look pushes up.
        let record = kids == NO_KIDS;
        let recorded = self.kids.len();
        for qi in 0..self.walker.queue.len() {
            let p = self.walker.queue[qi];
            for dir in 0..4 {
                let Some(to) = push_target(board, &self.occ, p, dir) else {
                    continue;
                };
                if self.out_of_time() {
                    return;
                }
                let from = board.step(p, dir);
                if restricted && !self.corrals.allows((from, dir as u8)) {
                    continue;
                }
                let hole =
                    board.hole_id[to as usize].filter(|_| self.occ[to as usize] == OPEN_HOLE);
                let far_price = match relevance {
                    Some((r, price)) if hole.is_none() && !r.near(board, from) => price,
                    _ => 0,
                };
                if (far_price == 0) != (pass == Pass::Near) {
                    put_off |= far_price > 0;
                    continue;
                }
                let detours = self.nodes[id as usize].detours + far_price;
                let push = Push {
                    square: p,
                    dir,
                    to,
                    hole,
                };
                let known = (kids != NO_KIDS)
                    .then(|| self.kid(kids, kid_count, from, dir as u8))
                    .flatten();
                if let Some(child) = known {
                    let walked = self.walker.dist[p as usize];
                    self.reach_again(id, child, from, dir as u8, walked, detours);
                    continue;
                }
                let (child, new) = self.store_child(id, boulders, push, detours, true);
                if record {
                    self.kids.push(Kid {
                        from,
                        dir: dir as u8,
                        child,
                    });
                }
                if let (true, None, true) = (new, hole, self.follows()) {
                    self.following.push((child, board.step(p, dir), to));
                }
            }
        }
        if record {
            let n = &mut self.nodes[id as usize];
            n.kids[pass as usize] = recorded as u32;
            n.kid_count[pass as usize] = (self.kids.len() - recorded) as u16;
        }
        // Queued where the cheapest put-off push would be if it left the estimate as it is.
        if let (true, Some((_, price))) = (put_off, relevance) {
            self.nodes[id as usize].put_off = true;
            let mut key = self.priority(id);
            key.3 += price + 1;
            key.7 = true;
            self.push_open(id, key);
        }
    }

    /// Stores the state `push` leads to from `id` (loaded in `occ`, walked by `walker`), or
    /// improves the stored one's path; returns the state if it is new and alive.
    fn make_child(
        &mut self,
        id: u32,
        boulders: &[u16],
        push: Push,
        detours: u32,
        exact: bool,
    ) -> Option<u32> {
        let (child, new) = self.store_child(id, boulders, push, detours, exact);
        new.then_some(child)
    }

    /// The child of state `id` by the push of the boulder on `from` in `dir`, if recorded
    /// among its `count` kids from `start`.
    fn kid(&self, start: u32, count: u16, from: u16, dir: u8) -> Option<u32> {
        let kids = &self.kids[start as usize..start as usize + count as usize];
        kids.iter()
            .find(|k| k.from == from && k.dir == dir)
            .map(|k| k.child)
    }

    /// State `existing`, reached again from `id` by the push of the boulder on `from` in
    /// `dir` after a walk of `walked` moves: takes that path if it is shorter, and queues the
    /// state again (a dead one keeps its path).
    fn reach_again(
        &mut self,
        id: u32,
        existing: u32,
        from: u16,
        dir: u8,
        walked: u32,
        detours: u32,
    ) {
        let parent = &self.nodes[id as usize];
        let (pushes, moves) = (parent.pushes + 1, parent.moves + walked + 1);
        let e = &mut self.nodes[existing as usize];
        if e.h != DEAD && (pushes, moves) < (e.pushes, e.moves) {
            e.pushes = pushes;
            e.moves = moves;
            e.parent = id;
            e.player = from;
            e.push_from = from;
            e.push_dir = dir;
            e.detours = detours;
            e.closed = false;
            e.put_off = false;
            let key = self.priority(existing);
            self.push_open(existing, key);
        }
    }

    /// [`Search::make_child`]: the child (new or found), and whether it is new and alive.
    fn store_child(
        &mut self,
        id: u32,
        boulders: &[u16],
        push: Push,
        detours: u32,
        exact: bool,
    ) -> (u32, bool) {
        let board = self.board;
        let Push {
            square: p,
            dir,
            to,
            hole,
        } = push;
        let from = board.step(p, dir);
        let parent = &self.nodes[id as usize];
        let (filled, key_hash, pushes, moves) =
            (parent.filled, parent.key_hash, parent.pushes, parent.moves);
        // Child boulder list, kept sorted.
        self.scratch.clear();
        self.scratch
            .extend(boulders.iter().copied().filter(|&b| b != from));
        let (child_filled, child_hash) = match hole {
            Some(k) => (
                filled | 1 << k,
                key_hash ^ self.zobrist.boulder[from as usize] ^ self.zobrist.hole[k as usize],
            ),
            None => {
                let at = self.scratch.partition_point(|&b| b < to);
                self.scratch.insert(at, to);
                (
                    filled,
                    key_hash
                        ^ self.zobrist.boulder[from as usize]
                        ^ self.zobrist.boulder[to as usize],
                )
            }
        };
        let old_to = self.occ[to as usize];
        self.occ[from as usize] = FREE;
        self.occ[to as usize] = if hole.is_some() { FREE } else { BOULDER };
        // Most pushes cut nothing off: the child's walk is the parent's, give or
        // take the two squares, with no flood over the whole region.
        let dropped = self.walker.reached(to).then_some(to);
        if dropped.is_none_or(|to| cuts_nothing(board, &self.occ, to, &self.walker)) {
            self.child_walker
                .extend(&self.walker, board, &self.occ, from, dropped);
        } else {
            self.child_walker.flood(board, &self.occ, from);
        }
        let region = *self.child_walker.queue.iter().min().unwrap_or(&from);
        let walked = if exact {
            self.walker.dist[p as usize]
        } else {
            chebyshev(board, self.nodes[id as usize].player, p)
        };
        let child_moves = moves + walked + 1;
        let found = self.lookup(child_hash, child_filled, region);
        let made = match found {
            Ok(existing) => {
                self.reach_again(id, existing, from, dir as u8, walked, detours);
                (existing, false)
            }
            Err(()) => {
                let scratch = std::mem::take(&mut self.scratch);
                let bound = self.evaluator.evaluate(
                    board,
                    &self.occ,
                    &scratch,
                    child_filled,
                    hole.is_none().then_some(to),
                    &self.child_walker,
                );
                self.scratch = scratch;
                let child = Child {
                    key_hash: child_hash,
                    filled: child_filled,
                    region,
                    player: from,
                    pushes: pushes + 1,
                    moves: child_moves,
                    bound,
                    detours,
                };
                let made = self.insert(id, child, (from, dir as u8));
                (made, self.nodes[made as usize].h != DEAD)
            }
        };
        self.occ[to as usize] = old_to;
        self.occ[from as usize] = BOULDER;
        made
    }

    /// Pushes the boulder of each new child in `following` on, as far as it goes, storing
    /// every state on the way (at most [`FOLLOW_CAP`] per expansion; `occ` holds the
    /// expanded state): a boulder's whole route (a storage trip across rooms, say) is seen
    /// at once, where pushing it one square at a time looks worse at every step until the
    /// end. On soko1-1 with a boulder lost (disturbed #8), the first fill needs such trips;
    /// following in the portfolio's second search solves it at 0.64M states (undecided at
    /// 2M without). Only stored states change: pushes a corral restriction would skip are
    /// followed too, and a path found this way may replace a stored one on walks priced as
    /// the crow flies (the plan's real walks are computed again when it is replayed).
    fn follow_boulders(&mut self) {
        let work = std::mem::take(&mut self.following);
        let mut made = 0;
        for &(id, from, to) in &work {
            // `occ` holds the expanded state: step it to the child's, and back after. Its
            // siblings' walks replaced the child's: walk again.
            self.occ[from as usize] = FREE;
            self.occ[to as usize] = BOULDER;
            self.walker
                .walk(self.board, &self.occ, self.nodes[id as usize].player);
            self.follow(id, to, &mut made, 0);
            self.occ[to as usize] = FREE;
            self.occ[from as usize] = BOULDER;
        }
        self.following = work;
        self.following.clear();
    }

    /// Pushes boulder `b` of state `id` (in `occ`, walked by `walker`) on in every
    /// direction, depth first. Below the first level, the walk is the child's flood from
    /// [`Search::make_child`], with no distances: walks are priced as the crow flies.
    fn follow(&mut self, id: u32, b: u16, made: &mut usize, depth: usize) {
        let board = self.board;
        let boulders = self.boulders(id).to_vec();
        let detours = self.nodes[id as usize].detours;
        for dir in 0..4 {
            if *made >= FOLLOW_CAP || self.out_of_time() {
                return;
            }
            let square = board.step(b, (dir + 2) % 4);
            if !self.walker.reached(square) {
                continue;
            }
            let Some(to) = push_target(board, &self.occ, square, dir) else {
                continue;
            };
            let hole = board.hole_id[to as usize].filter(|_| self.occ[to as usize] == OPEN_HOLE);
            let push = Push {
                square,
                dir,
                to,
                hole,
            };
            let Some(child) = self.make_child(id, &boulders, push, detours, depth == 0) else {
                continue;
            };
            *made += 1;
            if hole.is_some() {
                continue;
            }
            // Down with the child's walk; this state's waits in the pool meanwhile.
            if self.walk_pool.len() <= depth {
                self.walk_pool.push(Walker::new(board.len()));
            }
            std::mem::swap(&mut self.walker, &mut self.walk_pool[depth]);
            std::mem::swap(&mut self.walker, &mut self.child_walker);
            self.occ[b as usize] = FREE;
            self.occ[to as usize] = BOULDER;
            self.follow(child, to, made, depth + 1);
            self.occ[to as usize] = FREE;
            self.occ[b as usize] = BOULDER;
            std::mem::swap(&mut self.walker, &mut self.walk_pool[depth]);
        }
    }

    /// Whether this search follows boulders (see [`Search::follow_boulders`]).
    fn follows(&self) -> bool {
        matches!(self.focus, Focus::NextHole { follow: true, .. })
    }

    fn full_hash(&self, key_hash: u64, region: u16) -> u64 {
        key_hash ^ self.zobrist.region[region as usize]
    }

    /// Finds the node equal to (`scratch`, `filled`, `region`), probing past hash collisions.
    fn lookup(&self, key_hash: u64, filled: u64, region: u16) -> Result<u32, ()> {
        let mut key = self.full_hash(key_hash, region);
        while let Some(&id) = self.table.get(&key) {
            let n = &self.nodes[id as usize];
            if n.filled == filled
                && n.region == region
                && self.boulders(id) == self.scratch.as_slice()
            {
                return Ok(id);
            }
            key = key.wrapping_add(0x9E37_79B9_7F4A_7C15);
        }
        Err(())
    }

    /// Open-list key: progress tier first (NetHack), spares, then weighted f, h, and moves.
    fn priority(&self, id: u32) -> Priority {
        let n = &self.nodes[id as usize];
        (
            n.tier,
            n.stale,
            n.rank,
            n.pushes + n.detours + self.weight * n.h,
            n.h,
            n.moves,
            id,
            false,
        )
    }

    /// Stores a new state whose boulders are in `scratch` and queues it unless it is dead
    /// (dead states are kept so they are not evaluated again).
    fn insert(&mut self, parent: u32, c: Child, push: (u16, u8)) -> u32 {
        let Child {
            key_hash,
            filled,
            region,
            player,
            pushes,
            moves,
            bound,
            detours,
        } = c;
        let (h, tier, rank) = bound.map_or((DEAD, u32::MAX, u32::MAX), |b| match self.focus {
            Focus::AllSinks => (b.total, b.tier, 0),
            Focus::NextHole { prefer_spares, .. } => {
                let rank = if prefer_spares { u32::MAX - b.spare } else { 0 };
                (b.next, b.tier, rank)
            }
        });
        let stale = match self.novelty.as_mut() {
            Some(novelty) if h != DEAD => {
                u32::from(!novelty.is_new(self.board.len(), tier, h, &self.scratch))
            }
            _ => 0,
        };
        let id = self.nodes.len() as u32;
        let start = self.arena.len() as u32;
        self.arena.extend_from_slice(&self.scratch);
        self.nodes.push(Node {
            parent,
            start,
            count: self.scratch.len() as u16,
            filled,
            key_hash,
            region,
            player,
            pushes,
            moves,
            h,
            tier,
            rank,
            push_from: push.0,
            push_dir: push.1,
            closed: false,
            stale,
            detours,
            put_off: false,
            cell: 0,
            alive: false,
            kids: [NO_KIDS; 2],
            kid_count: [0; 2],
        });
        let mut key = self.full_hash(key_hash, region);
        while self.table.contains_key(&key) {
            key = key.wrapping_add(0x9E37_79B9_7F4A_7C15);
        }
        self.table.insert(key, id);
        if let (Some(b), Some(cells)) = (bound, self.cells.as_mut()) {
            let regions = self.regions.count(self.board, &self.occ);
            self.nodes[id as usize].cell = cells.cell((tier, regions, b.spare.min(SPARES_APART)));
        }
        if bound.is_some() {
            let key = self.priority(id);
            self.push_open(id, key);
        }
        id
    }

    fn push_open(&mut self, id: u32, key: Priority) {
        match self.cells.as_mut() {
            Some(cells) => cells.push(self.nodes[id as usize].cell, key),
            None => self.open.push(Reverse(key)),
        }
    }

    fn pop_open(&mut self) -> Option<Priority> {
        match self.cells.as_mut() {
            Some(cells) => cells.pop(),
            None => self.open.pop().map(|Reverse(k)| k),
        }
    }

    /// What this search did (see [`SearchReport`]); `puzzle` is the one it solves.
    fn report(&self, puzzle: &Puzzle) -> SearchReport {
        let mut tiers: BTreeMap<u32, TierCount> = BTreeMap::new();
        let (mut dead, mut expanded, mut nearest) = (0, 0, None::<u32>);
        for (id, n) in self.nodes.iter().enumerate() {
            expanded += usize::from(n.closed);
            if n.h == DEAD {
                dead += 1;
                continue;
            }
            let t = tiers.entry(n.tier).or_insert(TierCount {
                tier: n.tier,
                stored: 0,
                expanded: 0,
            });
            t.stored += 1;
            t.expanded += usize::from(n.closed);
            let key = |n: &Node| (n.tier, n.h, n.pushes);
            if nearest.is_none_or(|b| key(n) < key(&self.nodes[b as usize])) {
                nearest = Some(id as u32);
            }
        }
        SearchReport {
            focus: format!("{:?}", self.focus),
            dead_start: self
                .nodes
                .is_empty()
                .then(|| self.evaluator.last_dead.map(|d| d.to_string()))
                .flatten(),
            joined: self.joined,
            stored: self.nodes.len(),
            expanded,
            dead,
            tiers: tiers.into_values().collect(),
            frontier: nearest.map(|id| self.frontier(puzzle, id)),
        }
    }

    /// State `id` as a puzzle: its boulders, its filled holes as floor, its player.
    fn frontier(&self, puzzle: &Puzzle, id: u32) -> Frontier {
        let board = self.board;
        let n = &self.nodes[id as usize];
        let index = |c: u16| board.puzzle_index(c);
        let mut state = puzzle.clone();
        state.boulders = self.boulders(id).iter().map(|&b| index(b)).collect();
        state.boulders.sort_unstable();
        for (k, &h) in board.holes.iter().enumerate() {
            if n.filled >> k & 1 == 1 {
                state.cells[index(h)] = Cell::Floor;
            }
        }
        state.player = index(n.player);
        Frontier {
            tier: n.tier,
            estimate: n.h,
            pushes: n.pushes,
            puzzle: state,
        }
    }

    fn pushes_to(&self, mut id: u32) -> Vec<(u16, u8)> {
        let mut out = Vec::new();
        while self.nodes[id as usize].parent != u32::MAX {
            let n = &self.nodes[id as usize];
            out.push((n.push_from, n.push_dir));
            id = n.parent;
        }
        out.reverse();
        out
    }
}

#[cfg(test)]
mod tests;
