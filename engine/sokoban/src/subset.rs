//! Proofs from a subset of the boulders: a state is dead when a few of its boulders, on a
//! level without the others, cannot fill as many holes as the real level needs of them.
//!
//! Why a subset may stand for the level. Say the holes lie in one corridor that boulders
//! enter only from one square, `p0`, with the targets past it (NetHack's Sokoban levels).
//! Every hole must then be filled, each by its own boulder, so a solution leaves at most
//! `spares` (boulders less holes) unfilled, and at least `k = |S| - spares` of any subset
//! `S` of the boulders fill holes. Now take the level with only `S`, its first `k` holes,
//! and the square past them as a target. Any solution of the real level plays there too:
//! the same pushes of `S`'s boulders (nothing more is in the way, with fewer boulders),
//! walks through the corridor replaced by a step between its entrances (which the chain
//! test below requires to be next to each other), and each boulder of `S` that enters the
//! corridor pushed on at once into the next open hole. So when that lighter level is
//! unsolvable, so is the real one.
//!
//! Which subset. Too few boulders and the lighter level is solvable in ways the real one
//! is not; too many and its search is as hard as the real one. So this starts from a corral
//! (squares the player cannot reach) and the boulders round it, and solves. When the plan
//! found is illegal on the real level, the boulders that made it so (in the way of a push,
//! or of the player's walk to one) join the subset, and it solves again: refinement from
//! counterexamples. On soko1-2 with a boulder moved into the passage between the rooms
//! (disturbed state #9), the middle's boulder and the two that close the passages grow
//! into five whose level is unsolvable, proved in tens of thousands of states, where the
//! searches of the whole level stall at 20M.

use crate::board::{Board, Terrain};
use crate::board::{BOULDER, FREE};
use crate::derived::{pushes_of, replay_while_legal, Run};
use crate::puzzle::{Cell, Puzzle, Rules};
use crate::report::DerivedSolve;
use crate::solution::SolveError;
use crate::walk::{load_occ, Walker};
use std::collections::VecDeque;

/// States each solve of a subset's level gets.
const SUBSET_BUDGET: usize = 150_000;
/// Subsets grow to at most this many boulders: past it their searches are as hard as the
/// level's.
const MAX_SUBSET: usize = 10;

/// What [`prove_dead`] found: whether the state is dead, the states used and the solves.
pub(crate) struct Outcome {
    pub dead: bool,
    pub nodes: usize,
    pub solves: Vec<DerivedSolve>,
}

/// Tries to prove `puzzle` (its start) dead from subsets of its boulders on `run`'s budget.
pub(crate) fn prove_dead(puzzle: &Puzzle, board: &Board, mut run: Run) -> Outcome {
    let mut dead = false;
    if let Some(chain) = hole_chain(board) {
        let spares = board.boulders.len().saturating_sub(board.holes.len());
        for seed in corral_seeds(board, spares) {
            dead = refine(puzzle, board, &chain, spares, seed, &mut run);
            if dead || run.spent() {
                break;
            }
        }
    }
    Outcome {
        dead,
        nodes: run.used,
        solves: run.solves,
    }
}

/// Grows `subset` from the counterexamples its levels' plans give until its level is
/// proved unsolvable (`true`), or that fails: a solve ran out of states, the subset grew
/// too big, or a plan failed on the real level for no boulder's sake.
fn refine(
    puzzle: &Puzzle,
    board: &Board,
    chain: &Chain,
    spares: usize,
    mut subset: Vec<u16>,
    run: &mut Run,
) -> bool {
    while subset.len() <= MAX_SUBSET {
        let k = subset.len() - spares;
        let level = subset_level(puzzle, board, chain, &subset, k);
        let what = format!(
            "boulders {}, {k} hole{}",
            subset
                .iter()
                .map(|&b| {
                    let (x, y) = puzzle.coords(board.puzzle_index(b));
                    format!("({x},{y})")
                })
                .collect::<Vec<_>>()
                .join(" "),
            if k == 1 { "" } else { "s" }
        );
        let steps = match run.solve(&level, SUBSET_BUDGET, what) {
            Some(Err(SolveError::Unsolvable { .. })) => return true,
            Some(Ok(solution)) => solution.steps,
            _ => return false,
        };
        let plan = pushes_of(&level, &steps);
        let stopped = replay_while_legal(board, &plan, |_, _| {});
        if stopped.done == plan.len() {
            return false;
        }
        // Only the subset's boulders moved: the others stand where they started.
        let mut ours: Vec<bool> = stopped.occ.iter().map(|&o| o == BOULDER).collect();
        for &b in board.boulders.iter().filter(|b| !subset.contains(b)) {
            ours[b as usize] = false;
        }
        let more = in_the_way(
            board,
            &stopped.occ,
            &ours,
            stopped.player,
            plan[stopped.done],
        );
        if more.is_empty() {
            return false;
        }
        subset.extend(more);
        subset.sort_unstable();
        subset.dedup();
    }
    false
}

/// The boulders not of the subset (`ours` marks its squares) that make the push of the
/// boulder on `boulder` (puzzle index) in `dir` illegal with the player on `player`: the
/// one it would be pushed into, or those on a walk to where the player must stand that
/// crosses the fewest of them (none when the walk is barred by something else).
fn in_the_way(
    board: &Board,
    occ: &[u8],
    ours: &[bool],
    player: u16,
    (boulder, dir): (usize, usize),
) -> Vec<u16> {
    let from = board.board_index(boulder);
    let to = board.step(from, dir);
    if occ[to as usize] == BOULDER && !ours[to as usize] {
        return vec![to];
    }
    let stand = board.step(from, (dir + 2) % 4);
    // 0-1 breadth-first walk: stepping onto another boulder costs one.
    let n = board.len();
    let mut cost = vec![u32::MAX; n];
    let mut came = vec![u16::MAX; n];
    let mut queue = VecDeque::from([player]);
    cost[player as usize] = 0;
    while let Some(c) = queue.pop_front() {
        for s in board.walk_steps(c) {
            let t = s.to as usize;
            let extra = match occ[t] {
                FREE => 0,
                BOULDER if !ours[t] => 1,
                _ => continue,
            };
            let d = cost[c as usize] + extra;
            if d < cost[t] {
                cost[t] = d;
                came[t] = c;
                if extra == 0 {
                    queue.push_front(s.to);
                } else {
                    queue.push_back(s.to);
                }
            }
        }
    }
    let mut crossed = Vec::new();
    if cost[stand as usize] == u32::MAX || cost[stand as usize] == 0 {
        return crossed;
    }
    let mut c = stand;
    while c != player {
        if occ[c as usize] == BOULDER {
            crossed.push(c);
        }
        c = came[c as usize];
    }
    crossed
}

/// The level with only `subset`'s boulders, the first `k` holes of the chain, and the
/// square of the next hole as floor and a target (see the module's comment).
fn subset_level(puzzle: &Puzzle, board: &Board, chain: &Chain, subset: &[u16], k: usize) -> Puzzle {
    let mut level = puzzle.clone();
    level.title = format!("{} ({} boulders, {k} holes)", puzzle.title, subset.len());
    level.boulders = subset.iter().map(|&b| board.puzzle_index(b)).collect();
    for (i, &h) in chain.holes.iter().enumerate().skip(k) {
        let at = board.puzzle_index(h);
        level.cells[at] = Cell::Floor;
        if i == k {
            level.targets.push(at);
        }
    }
    level
}

/// The holes as one corridor, in the order boulders fill them.
struct Chain {
    holes: Vec<u16>,
}

/// The holes in one corridor, when the level's are: one after another, 4-adjacent, the
/// first entered from one square only, walls along the sides, every hole needed, the
/// targets and nothing else past the last, and the squares from which the player steps
/// into the corridor all next to each other.
fn hole_chain(board: &Board) -> Option<Chain> {
    let n = board.holes.len();
    if board.rules != Rules::NetHack || n == 0 || n > 64 {
        return None;
    }
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    if board.required_holes != all {
        return None;
    }
    let open = |c: u16| !matches!(board.terrain[c as usize], Terrain::Wall | Terrain::Blocked);
    let is_hole = |c: u16| board.terrain[c as usize] == Terrain::Hole;
    // The puzzle's side: where the player walks without crossing a hole, boulders ignored.
    let side = flood(board, &[board.player], |c| open(c) && !is_hole(c));
    let mut entries = board.holes.iter().flat_map(|&h| {
        (0..4)
            .map(move |d| (h, board.step(h, d)))
            .filter(|&(_, c)| side[c as usize])
    });
    let (first, p0) = entries.next()?;
    if entries.next().is_some() {
        return None;
    }
    let mut holes = vec![first];
    let mut prev = p0;
    let mut at = first;
    loop {
        let next: Vec<u16> = (0..4)
            .map(|d| board.step(at, d))
            .filter(|&c| c != prev && open(c))
            .collect();
        match next[..] {
            [c] if is_hole(c) && !holes.contains(&c) => {
                prev = at;
                at = c;
                holes.push(c);
            }
            _ if holes.len() == n => break,
            _ => return None,
        }
    }
    // Past the last hole: squares walked to from there without crossing back.
    let past: Vec<u16> = (0..4)
        .map(|d| board.step(at, d))
        .filter(|&c| c != prev && open(c))
        .collect();
    let beyond = flood(board, &past, |c| open(c) && !is_hole(c));
    let in_corridor = |c: u16| is_hole(c) || beyond[c as usize];
    if (0..board.len()).any(|c| beyond[c] && side[c])
        || board.boulders.iter().any(|&b| beyond[b as usize])
        || board.targets.iter().any(|&t| !beyond[t as usize])
    {
        return None;
    }
    // Squares the player steps into the corridor from.
    let mut doors: Vec<u16> = holes
        .iter()
        .flat_map(|&h| board.walk_steps(h).iter().map(|s| s.to))
        .filter(|&c| !in_corridor(c))
        .collect();
    doors.sort_unstable();
    doors.dedup();
    let next_to = |a: u16, b: u16| a == b || (0..4).any(|d| board.step(a, d) == b);
    if !doors.contains(&p0) || doors.iter().any(|&a| doors.iter().any(|&b| !next_to(a, b))) {
        return None;
    }
    Some(Chain { holes })
}

/// Squares reached from `starts` by the player's moves the terrain allows, over squares
/// that are `open`.
fn flood(board: &Board, starts: &[u16], open: impl Fn(u16) -> bool) -> Vec<bool> {
    let mut seen = vec![false; board.len()];
    let mut stack: Vec<u16> = starts.iter().copied().filter(|&c| open(c)).collect();
    for &c in &stack {
        seen[c as usize] = true;
    }
    while let Some(c) = stack.pop() {
        for s in board.walk_steps(c) {
            if open(s.to) && !seen[s.to as usize] {
                seen[s.to as usize] = true;
                stack.push(s.to);
            }
        }
    }
    seen
}

/// For each corral (4-connected free squares the player cannot reach), the boulders next
/// to it (with those next to them, when they are no more than `spares`), when there are more
/// than `spares`: smallest first.
fn corral_seeds(board: &Board, spares: usize) -> Vec<Vec<u16>> {
    let mut occ = vec![FREE; board.len()];
    load_occ(board, &mut occ, &board.boulders, 0);
    let mut walker = Walker::new(board.len());
    walker.flood(board, &occ, board.player);
    let free = |c: u16| board.player_may_stand(c) && occ[c as usize] == FREE && !walker.reached(c);
    let mut seen = vec![false; board.len()];
    let mut seeds = Vec::new();
    for start in 0..board.len() as u16 {
        if seen[start as usize] || !free(start) {
            continue;
        }
        seen[start as usize] = true;
        let mut stack = vec![start];
        let mut fence = Vec::new();
        while let Some(c) = stack.pop() {
            for d in 0..4 {
                let t = board.step(c, d);
                if occ[t as usize] == BOULDER {
                    fence.push(t);
                } else if free(t) && !seen[t as usize] {
                    seen[t as usize] = true;
                    stack.push(t);
                }
            }
        }
        fence.sort_unstable();
        fence.dedup();
        if fence.len() <= spares {
            // Too few to need a fill: with the boulders next to them, which hold them.
            let ring: Vec<u16> = fence
                .iter()
                .flat_map(|&b| (0..4).map(move |d| board.step(b, d)))
                .filter(|&c| occ[c as usize] == BOULDER)
                .collect();
            fence.extend(ring);
            fence.sort_unstable();
            fence.dedup();
        }
        if fence.len() > spares {
            seeds.push(fence);
        }
    }
    seeds.sort_by_key(|s| s.len());
    seeds
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_nethack;

    fn map(name: &str) -> Puzzle {
        crate::bench::nethack_maps()
            .into_iter()
            .find(|p| p.title == name)
            .unwrap()
    }

    #[test]
    fn the_holes_of_a_top_level_are_one_chain_from_the_left() {
        let puzzle = map("soko1-2");
        let board = Board::new(&puzzle);
        let chain = hole_chain(&board).unwrap();
        let xy: Vec<(usize, usize)> = chain
            .holes
            .iter()
            .map(|&h| puzzle.coords(board.puzzle_index(h)))
            .collect();
        assert_eq!(xy, (5..23).map(|x| (x, 1)).collect::<Vec<_>>());
    }

    #[test]
    fn holes_off_one_corridor_make_no_chain() {
        // soko4-1's pits lie in two corridors.
        assert!(hole_chain(&Board::new(&map("soko4-1"))).is_none());
        // A way round the holes: the target is reached without crossing them.
        let around = "\
-------
|@.^^<|
|.---.|
|.....|
-------";
        let puzzle = parse_nethack("around", around).unwrap();
        assert!(hole_chain(&Board::new(&puzzle)).is_none());
        // The same corridor walled off below is a chain.
        let walled = "\
-------
|@.^^<|
-------";
        let puzzle = parse_nethack("walled", walled).unwrap();
        assert_eq!(hole_chain(&Board::new(&puzzle)).unwrap().holes.len(), 2);
    }

    #[test]
    fn the_boulders_in_the_way_are_the_ones_the_push_or_the_walk_meets() {
        // The player on the left; boulders at (3,1) (the subset's), (5,1) and (2,3).
        let level = "\
--------
|@.0.0.|
|.----.|
|.0....|
|...^^<|
--------";
        let puzzle = parse_nethack("level", level).unwrap();
        let board = Board::new(&puzzle);
        let mut occ = vec![FREE; board.len()];
        load_occ(&board, &mut occ, &board.boulders, 0);
        let at = |x, y| board.board_index(puzzle.index(x, y));
        let mut ours = vec![false; board.len()];
        ours[at(3, 1) as usize] = true;
        // Pushed right twice, (3,1) would meet (5,1).
        let push_right = |x| (puzzle.index(x, 1), 2);
        assert_eq!(
            in_the_way(&board, &occ, &ours, at(1, 1), push_right(3)),
            Vec::<u16>::new()
        );
        occ[at(3, 1) as usize] = FREE;
        occ[at(4, 1) as usize] = BOULDER;
        ours[at(3, 1) as usize] = false;
        ours[at(4, 1) as usize] = true;
        assert_eq!(
            in_the_way(&board, &occ, &ours, at(3, 1), push_right(4)),
            vec![at(5, 1)]
        );
        // Pushing (4,1) left needs the player on (5,1), where the other boulder stands: the
        // walk there from below, round by (6,2), crosses only that one, not (2,3).
        let from_below = at(4, 3);
        let crossed = in_the_way(&board, &occ, &ours, from_below, (puzzle.index(4, 1), 0));
        assert_eq!(crossed, vec![at(5, 1)]);
    }
}
