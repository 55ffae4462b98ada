//! Plans from a lighter level. On a top level with a boulder lost, a plan must store boulders
//! far from the holes before its first fill (a boulder of the upper room taken down through
//! the lower rooms and back up, say): dozens of pushes that bring no fill nearer, which no
//! search steered by the next fill finds among all the ways to shuffle the far rooms. The
//! same level with only the boulders nearest the holes (and as many fewer holes to fill as
//! boulders left out) is solved in thousands of states, storage moves included.
//!
//! So, when the searches stall, this module solves such lighter levels, replays each plan on
//! the real level for as long as its pushes stay legal there, and starts the searches again
//! from the states along the way, deepest first. A lighter level the searches cannot solve
//! on their own is tried the same way from the plan of the one before it (a ladder).
//!
//! It only finds solutions: a lighter level, or a start along its plan, that runs dry proves
//! nothing about the real level.

use crate::board::FREE;
use crate::board::{Board, Terrain};
use crate::deadlock::is_frozen;
use crate::derived::{pushes_of, replay_while_legal, state_of, Push, Run};
use crate::puzzle::{Cell, Puzzle};
use crate::report::DerivedSolve;
use crate::solution::{SolveError, Step};
use crate::walk::load_occ;

/// The lighter levels tried, as boulders kept besides the frozen ones. Measured on soko1-1's
/// disturbed states: #9 and #14 are solved from the plan with 8, #11 needs 10, #15 12. With
/// (4,7) jammed into the corner (1,7) and the player beside it, no plan of 8, 10 or 12
/// boulders led anywhere; the 9-boulder rung's did (248k states in all).
const RUNGS: [usize; 5] = [8, 9, 10, 11, 12];
/// States a lighter level gets on its own.
const LIGHT_BUDGET: usize = 60_000;
/// States each start along a plan gets: most starts that led to a solution needed 5k to 42k;
/// soko1-1 #15 is solved from the 12-boulder level's plan, found from a start that needed
/// more than 40k.
const START_BUDGET: usize = 60_000;
/// A plan's earlier starts are given up once this many of its starts ran out of states
/// undecided: those before them are further from the plateau's end, not nearer.
const STALLED_STARTS: usize = 2;

/// What [`solve`] found (the pushes, as the searches give them: the board's square of the
/// boulder and the direction), the states it used and the solves it ran.
pub(crate) struct Outcome {
    pub pushes: Option<Vec<(u16, u8)>>,
    pub nodes: usize,
    pub solves: Vec<DerivedSolve>,
}

/// Tries the lighter levels of `puzzle` on `run`'s budget.
pub(crate) fn solve(puzzle: &Puzzle, board: &Board, mut run: Run) -> Outcome {
    let mut pushes = None;
    let mut last_plan: Option<(usize, Vec<Push>)> = None;
    for k in RUNGS {
        let Some((light, fill)) = lighter(puzzle, board, k) else {
            continue;
        };
        let what = format!("{k} boulders nearest the holes, {fill} holes");
        let plan = match solve_counted(&mut run, &light, LIGHT_BUDGET, what).0 {
            Some(steps) => Some(pushes_of(&light, &steps)),
            None => last_plan.as_ref().and_then(|(from, plan)| {
                solve_along(
                    &mut run,
                    &light,
                    &format!("the {k}-boulder level"),
                    (*from, plan),
                )
            }),
        };
        let Some(plan) = plan else {
            continue;
        };
        pushes = solve_along(&mut run, puzzle, "the level", (k, &plan));
        if pushes.is_some() || run.spent() {
            break;
        }
        last_plan = Some((k, plan));
    }
    Outcome {
        pushes: pushes.map(|pushes| {
            pushes
                .iter()
                .map(|&(b, dir)| (board.board_index(b), dir as u8))
                .collect()
        }),
        nodes: run.used,
        solves: run.solves,
    }
}

/// Solves `puzzle` directly on `run` with up to `max_nodes` states (`what` it is, for the
/// account): its steps if solved, and whether it ran out of states undecided.
fn solve_counted(
    run: &mut Run,
    puzzle: &Puzzle,
    max_nodes: usize,
    what: String,
) -> (Option<Vec<Step>>, bool) {
    match run.solve(puzzle, max_nodes, what) {
        Some(Ok(solution)) => (Some(solution.steps), false),
        None | Some(Err(SolveError::LimitHit { .. })) => (None, true),
        Some(Err(_)) => (None, false),
    }
}

/// Replays `plan` (of the lighter level with `boulders` boulders) on `puzzle` (`name`d for
/// the account) as far as it stays legal and solves from the states along the way, deepest
/// first: the plan's pushes up to that state, then the solution's.
fn solve_along(
    run: &mut Run,
    puzzle: &Puzzle,
    name: &str,
    (boulders, plan): (usize, &[Push]),
) -> Option<Vec<Push>> {
    let starts = replay_legal(puzzle, plan);
    let mut stalled = 0;
    for (done, start) in starts.iter().enumerate().rev() {
        let what = format!(
            "{name} after {} pushes of the {boulders}-boulder plan",
            done + 1
        );
        let (steps, ran_out) = solve_counted(run, start, START_BUDGET, what);
        if let Some(steps) = steps {
            let mut pushes = plan[..=done].to_vec();
            pushes.extend(pushes_of(start, &steps));
            return Some(pushes);
        }
        stalled += usize::from(ran_out);
        if stalled >= STALLED_STARTS || run.spent() {
            break;
        }
    }
    None
}

/// `puzzle` with only the `k` usable boulders nearest a hole (plus the frozen ones, which
/// shape the level as walls do) and the holes nearest the player that those boulders must
/// fill with the spares the level has; the holes left out become floor and the targets, so
/// the player gets there once the kept holes are filled; with the number of holes kept.
/// `None` when that is not lighter.
fn lighter(puzzle: &Puzzle, board: &Board, k: usize) -> Option<(Puzzle, usize)> {
    let mut occ = vec![FREE; board.len()];
    load_occ(board, &mut occ, &board.boulders, 0);
    let mut assumed = Vec::new();
    let (frozen, mut usable): (Vec<u16>, Vec<u16>) = board
        .boulders
        .iter()
        .partition(|&&b| is_frozen(board, &occ, b, &mut assumed));
    let holes = board.holes.len();
    let spares = usable.len().checked_sub(holes)?;
    let fill = k.checked_sub(spares)?;
    if k >= usable.len() || fill == 0 || fill >= holes {
        return None;
    }
    // Holes in the order the player meets them; boulders by how far the first of them is
    // in orthogonal steps over the floor, boulders ignored (the lone-boulder push distances
    // would put the upper room's boulders, which need a long storage trip, last: the very
    // ones a plan must deal with first).
    let walked = distances(board, board.player, 8, |t| {
        !matches!(t, Terrain::Wall | Terrain::Blocked)
    });
    let mut holes_by_walk = board.holes.clone();
    holes_by_walk.sort_by_key(|&h| (walked[h as usize], h));
    let near = distances(board, holes_by_walk[0], 4, |t| {
        matches!(t, Terrain::Floor | Terrain::Hole)
    });
    usable.sort_by_key(|&b| (near[b as usize], b));
    let mut light = puzzle.clone();
    light.title = format!("{} (lighter: {k} boulders, {fill} holes)", puzzle.title);
    light.boulders = usable[..k]
        .iter()
        .chain(&frozen)
        .map(|&b| board.puzzle_index(b))
        .collect();
    light.targets.clear();
    for &h in &holes_by_walk[fill..] {
        let i = board.puzzle_index(h);
        light.cells[i] = Cell::Floor;
        light.targets.push(i);
    }
    Some((light, fill))
}

/// Steps from `from` to every square, in the first `dirs` directions, over terrain that is
/// `open`.
fn distances(board: &Board, from: u16, dirs: usize, open: impl Fn(Terrain) -> bool) -> Vec<u32> {
    let mut dist = vec![u32::MAX; board.len()];
    let mut queue = std::collections::VecDeque::from([from]);
    dist[from as usize] = 0;
    while let Some(c) = queue.pop_front() {
        for dir in 0..dirs {
            let n = board.step(c, dir);
            if open(board.terrain[n as usize]) && dist[n as usize] == u32::MAX {
                dist[n as usize] = dist[c as usize] + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

/// The states of `puzzle` after each push of `plan`, up to the first push that is not
/// legal there (the player cannot reach it, or something is in the way).
fn replay_legal(puzzle: &Puzzle, plan: &[Push]) -> Vec<Puzzle> {
    let board = Board::new(puzzle);
    let mut states = Vec::new();
    replay_while_legal(&board, plan, |occ, player| {
        states.push(state_of(puzzle, &board, occ, player))
    });
    states
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_nethack;
    use crate::search::solve_directly;
    use crate::solution::Limits;

    /// soko1-1 with boulder (11,5) moved to (12,7): no spare left, as the disturbed states
    /// test makes it (#9).
    const NO_SPARE: &str = "\
--------------------------
|>......^^^^^^^^^^^^^^^^.|
|.......|---------------.|
-------.------         |.|
 |...........|         |.|
 |.0.0.0.0...|         |.|
--------.-----         |.|
|...0.0..0.00|         |.|
|...0........|         |.|
-----.--------   ------|.|
 |..0.0.0...|  --|.....|.|
 |.....0....|  |<+.....|.|
 |.0.0...0.|-  |-|.....|.|
-------.----   |.+.....+.|
|..0.....|     |-|.....|--
|........|     |.+.....|
|...|-----     --|.....|
-----            -------";

    #[test]
    fn the_lighter_level_keeps_the_nearest_boulders_and_holes() {
        let puzzle = parse_nethack("no spare", NO_SPARE).unwrap();
        let board = Board::new(&puzzle);
        let (light, fill) = lighter(&puzzle, &board, 8).unwrap();
        assert_eq!(fill, 8);
        let at = |x, y| light.index(x, y);
        // The two frozen boulders of the upper right corner of the middle room stay, with
        // the four of the upper room and the four of the middle one.
        let mut kept = light.boulders.clone();
        kept.sort_unstable();
        let mut want = vec![
            at(3, 5),
            at(5, 5),
            at(7, 5),
            at(9, 5),
            at(4, 7),
            at(6, 7),
            at(9, 7),
            at(11, 7),
            at(12, 7),
            at(4, 8),
        ];
        want.sort_unstable();
        assert_eq!(kept, want);
        // No spare: the 8 boulders fill the first 8 holes; the ninth is the target.
        let holes: Vec<usize> = (0..light.cells.len())
            .filter(|&i| light.cells[i] == Cell::Hole)
            .collect();
        assert_eq!(holes, (8..16).map(|x| at(x, 1)).collect::<Vec<_>>());
        assert!(light.targets.contains(&at(16, 1)));
        assert!(!light.targets.contains(&at(15, 11)));
        // Nothing lighter with all usable boulders kept.
        assert!(lighter(&puzzle, &board, 16).is_none());
    }

    #[test]
    fn a_plan_replays_until_its_first_illegal_push() {
        let puzzle = parse_nethack("no spare", NO_SPARE).unwrap();
        let at = |x, y| puzzle.index(x, y);
        // (9,5) right, then (7,5) right onto (8,5): that shuts the player in the upper room,
        // so (9,7) below cannot be pushed next.
        let plan = [(at(9, 5), 2), (at(7, 5), 2), (at(9, 7), 0), (at(12, 8), 0)];
        let states = replay_legal(&puzzle, &plan);
        assert_eq!(states.len(), 2);
        assert!(states[0].boulders.contains(&at(10, 5)));
        assert_eq!(states[0].player, at(9, 5));
        assert!(states[1].boulders.contains(&at(8, 5)));
        assert!(!states[1].boulders.contains(&at(7, 5)));
        assert_eq!(states[1].boulders.len(), puzzle.boulders.len());
        // A push of a boulder that is not there ends the replay at once.
        assert!(replay_legal(&puzzle, &[(at(12, 8), 0)]).is_empty());
        // A push into a hole fills it: the state has the hole as floor, one boulder fewer.
        let corridor = "------\n|>0.^<|\n------";
        let puzzle = parse_nethack("corridor", corridor).unwrap();
        let states = replay_legal(&puzzle, &[(puzzle.index(2, 1), 2), (puzzle.index(3, 1), 2)]);
        assert_eq!(states.len(), 2);
        assert!(states[1].boulders.is_empty());
        assert_eq!(states[1].cells[puzzle.index(4, 1)], Cell::Floor);
    }

    /// soko1-1 with the boulder (4,7) removed: one spare where the level has two.
    fn one_spare_short() -> Puzzle {
        let mut puzzle = crate::bench::nethack_maps()
            .into_iter()
            .find(|p| p.title == "soko1-1")
            .unwrap();
        let gone = puzzle.index(4, 7);
        puzzle.boulders.retain(|&b| b != gone);
        puzzle
    }

    #[test]
    #[cfg_attr(
        debug_assertions,
        ignore = "slow without optimisation; run with --release"
    )]
    fn the_lighter_plan_gets_past_where_the_searches_stall() {
        let puzzle = one_spare_short();
        let limits = |max_nodes| Limits {
            max_nodes,
            max_time: std::time::Duration::from_secs(120),
            weight: 1,
        };
        let alone = solve_directly(&puzzle, limits(300_000));
        assert!(
            matches!(alone, Err(SolveError::LimitHit { .. })),
            "{alone:?}"
        );
        // The same 300k states for the searches, and a sixth each of 450k for the lighter levels
        // and the proofs from subsets.
        let solved = crate::search::solve(&puzzle, limits(450_000)).unwrap();
        assert!(solved.nodes < 450_000);
        // The plan keeps every push legal from the start (checked by replaying it).
        let pushes = pushes_of(&puzzle, &solved.steps);
        assert_eq!(replay_legal(&puzzle, &pushes).len(), pushes.len());
    }
}
