//! The background solves of the `sokoban` node, and the budget of decisions it may wait on
//! them for one level state before giving the level up.

use super::{Memory, Plan, StateKey, MAX_FAILED, MAX_PLANS, MAX_SOLVING, SLICE};
use nhbot_sokoban::{solve_explained, solve_reporting, Limits, Puzzle, Solution, SolveError};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

/// A solve in the background: the big levels can take seconds, and the game loop must stay
/// responsive (Ctrl-C, watchdog, other games in the process) meanwhile. Each decision lets
/// it store [`SLICE`] more states before passing a turn, so how many turns a solve takes
/// depends on its state count, never on the clock: seeded games stay reproducible.
pub(super) struct Solving {
    key: StateKey,
    /// What is being solved, blocked squares included.
    puzzle: Puzzle,
    polls: usize,
    progress: Arc<AtomicUsize>,
    result: Receiver<Result<Solution, SolveError>>,
    /// The result, once received, until the polls have reached its state count.
    done: Option<Result<Solution, SolveError>>,
}

impl Solving {
    pub(super) fn start(key: StateKey, puzzle: Puzzle) -> Solving {
        let (tx, result) = mpsc::channel();
        let job = puzzle.clone();
        let progress = Arc::new(AtomicUsize::new(0));
        let reports = Arc::clone(&progress);
        std::thread::spawn(move || {
            // The receiver may be gone (a dropped solve): nothing to report then.
            let _ = tx.send(solve_reporting(&job, Limits::in_game(), &reports));
        });
        Solving {
            key,
            puzzle,
            polls: 0,
            progress,
            result,
            done: None,
        }
    }

    /// Waits until the solve has stored `polls × SLICE` states or finished within them;
    /// `Some` only in the second case.
    fn poll(&mut self) -> Option<Result<Solution, SolveError>> {
        self.polls += 1;
        let mark = self.polls * SLICE;
        loop {
            if self.done.is_none() {
                match self.result.recv_timeout(Duration::from_millis(2)) {
                    Ok(outcome) => self.done = Some(outcome),
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => {
                        self.done = Some(Err(SolveError::Invalid("solver panicked".into())))
                    }
                }
            }
            if let Some(done) = &self.done {
                return (states(done) <= mark).then(|| self.done.take().expect("checked"));
            }
            // Strictly past the mark: the count only holds states sure to be in the
            // final one, so a solve ending exactly on the mark is collected now, every run.
            if self.progress.load(Ordering::Relaxed) > mark {
                return None;
            }
        }
    }
}

/// Why `puzzle`'s start is a proven deadlock, when `e` says it is (no state stored): for the
/// log lines of a failed solve and a level given up. Judging the start takes no search.
pub(super) fn dead_start(puzzle: &Puzzle, e: &SolveError) -> Option<String> {
    if *e != (SolveError::Unsolvable { nodes: 0 }) {
        return None;
    }
    // The start is judged before any search; one state's budget keeps this instant even if
    // it were not dead this time.
    let once = Limits {
        max_nodes: 1,
        ..Limits::in_game()
    };
    let (_, explained) = solve_explained(puzzle, once);
    explained.searches.into_iter().find_map(|r| r.dead_start)
}

/// States a finished solve stored.
fn states(outcome: &Result<Solution, SolveError>) -> usize {
    match outcome {
        Ok(s) => s.nodes,
        Err(SolveError::LimitHit { nodes, .. } | SolveError::Unsolvable { nodes }) => *nodes,
        Err(_) => 0,
    }
}

/// What asking for a plan gave.
pub(super) enum Planned {
    Ready(usize),
    /// Still solving; wait a turn and ask again.
    /// States stored so far (a multiple of [`SLICE`]; reasons stay reproducible).
    Solving(usize),
    Failed(String),
    /// Proven unsolvable with nothing but boulders, holes and walls in the puzzle (no
    /// monster or mimic planned around that could still move).
    Dead(String),
}

impl Memory {
    pub(super) fn find(&self, key: &StateKey) -> Option<(usize, usize)> {
        self.plans
            .iter()
            .enumerate()
            .rev()
            .find_map(|(n, p)| p.states.get(key).map(|&i| (n, i)))
    }

    pub(super) fn forget(&mut self, key: &StateKey) {
        self.plans.retain(|p| !p.states.contains_key(key));
    }

    /// Plans from the observed puzzle with `blocked` squares: starts a background solve, or
    /// collects the one running for this state (letting it store [`SLICE`] more states). Remembers
    /// plans and failures. Solves for states nobody asks about any more are dropped, oldest
    /// first, when there are too many.
    pub(super) fn plan(&mut self, puzzle: &Puzzle, key: &StateKey, blocked: Vec<usize>) -> Planned {
        let at = match self.solving.iter().position(|s| &s.key == key) {
            Some(at) => at,
            None => {
                if self.failed.contains(&(key.clone(), blocked.clone())) {
                    return Planned::Failed("no plan from this position".into());
                }
                if self.solving.len() >= MAX_SOLVING {
                    self.solving.remove(0);
                }
                // The observed puzzle's own blocked squares (decoys) stay blocked.
                let mut p = puzzle.clone();
                p.blocked.extend(blocked);
                self.solving.push(Solving::start(key.clone(), p));
                self.solving.len() - 1
            }
        };
        let job = &mut self.solving[at];
        let Some(outcome) = job.poll() else {
            return Planned::Solving(job.polls * SLICE);
        };
        let job = self.solving.remove(at);
        match outcome {
            Ok(solution) => {
                log::info!(
                    "sokoban {}: planned {} moves, {} pushes ({} states, {:?})",
                    key.map,
                    solution.moves,
                    solution.pushes,
                    solution.nodes,
                    solution.elapsed
                );
                if self.plans.len() >= MAX_PLANS {
                    self.plans.remove(0);
                }
                self.plans
                    .push(Plan::new(&job.puzzle, key.map, solution.steps));
                Planned::Ready(self.plans.len() - 1)
            }
            Err(e) => {
                if self.failed.len() >= MAX_FAILED {
                    self.failed.clear();
                }
                let dead =
                    matches!(e, SolveError::Unsolvable { .. }) && job.puzzle.blocked.is_empty();
                let said = match dead_start(&job.puzzle, &e) {
                    Some(why) => format!("{e}: {why}"),
                    None => e.to_string(),
                };
                self.failed.insert((job.key, job.puzzle.blocked));
                if dead {
                    Planned::Dead(said)
                } else {
                    Planned::Failed(said)
                }
            }
        }
    }
}

/// Decisions the `sokoban` node has waited on background solves for one level state (its
/// boulders and holes, wherever the hero stands), held against its `solve_wait` budget: a
/// level whose solves keep running out of states (each from another square the rest of the
/// tree took the hero to) is given up instead of waited on for ever (bench seed 1, session
/// 19: over 1,000 decisions).
#[derive(Debug, Default)]
pub(super) struct SolveWait {
    level: Option<StateKey>,
    waited: u32,
}

impl SolveWait {
    /// Counts one more decision of waiting on `key`'s level (a new level state starts the
    /// count again: a push made progress); the decisions waited on it so far.
    pub(super) fn spend(&mut self, key: &StateKey) -> u32 {
        if !self.level.as_ref().is_some_and(|l| l.same_level(key)) {
            self.level = Some(key.without_player());
            self.waited = 0;
        }
        self.waited += 1;
        self.waited
    }
}
