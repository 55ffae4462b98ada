//! Best-first search over push states. A state is (boulders, filled holes, player region); the region is
//! normalised to its smallest square so walks that end in the same region merge.

use crate::board::Board;
use crate::deadlock::{Bound, Evaluator, BOULDER, FREE, OPEN_HOLE};
use crate::puzzle::{Puzzle, Rules};
use crate::solution::{Limits, Solution, SolveError};
use crate::walk::{load_occ, push_target, replay, Walker};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

/// What the search steers by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Focus {
    /// Weighted A* on the bound for all sinks (classic; NetHack second attempt).
    AllSinks,
    /// NetHack: fill holes one at a time, steering by the cheapest next hole.
    NextHole,
}

/// Solves `puzzle` within `limits`.
///
/// Classic levels: weighted A* (`limits.weight` 1 gives fewest pushes). NetHack levels:
/// first a hole-by-hole search with half the budget, then weighted A* on all holes with
/// the rest. Both searches are complete, so an exhausted one proves unsolvability.
pub fn solve(puzzle: &Puzzle, limits: Limits) -> Result<Solution, SolveError> {
    puzzle
        .validate()
        .map_err(|e| SolveError::Invalid(format!("{e:#}")))?;
    let started = Instant::now();
    let board = Board::new(puzzle);
    let attempts: &[(Focus, usize)] = match board.rules {
        Rules::Classic => &[(Focus::AllSinks, 1)],
        Rules::NetHack => &[(Focus::NextHole, 2), (Focus::AllSinks, 1)],
    };
    let mut nodes = 0;
    let mut outcome = Err(SolveError::LimitHit {
        nodes: 0,
        millis: 0,
    });
    for &(focus, share) in attempts {
        let left = limits.max_time.saturating_sub(started.elapsed());
        let budget = Limits {
            max_nodes: limits.max_nodes / share,
            max_time: left / share as u32,
            ..limits
        };
        let mut search = Search::new(&board, focus);
        outcome = search.run(budget, Instant::now());
        nodes += search.nodes.len();
        if !matches!(outcome, Err(SolveError::LimitHit { .. })) {
            break;
        }
    }
    let pushes = match outcome {
        Ok(pushes) => pushes,
        Err(SolveError::LimitHit { .. }) => {
            let millis = started.elapsed().as_millis() as u64;
            return Err(SolveError::LimitHit { nodes, millis });
        }
        Err(SolveError::Unsolvable { .. }) => return Err(SolveError::Unsolvable { nodes }),
        Err(e) => return Err(e),
    };
    let steps = replay(&board, &pushes);
    let push_count = steps.iter().filter(|s| s.push).count();
    Ok(Solution {
        moves: steps.len(),
        pushes: push_count,
        steps,
        nodes,
        elapsed: started.elapsed(),
    })
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
    push_from: u16,
    push_dir: u8,
    closed: bool,
}

/// Open-list key: (tier, f, h, moves, node id), smallest first.
type Priority = (u32, u32, u32, u32, u32);

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
}

impl<'a> Search<'a> {
    fn new(board: &'a Board, focus: Focus) -> Search<'a> {
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
            evaluator: Evaluator::new(focus == Focus::AllSinks),
            scratch: Vec::new(),
            weight: 1,
            focus,
        }
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

    /// Runs A*; returns the pushes (boulder square, direction) from the start to a goal.
    fn run(&mut self, limits: Limits, started: Instant) -> Result<Vec<(u16, u8)>, SolveError> {
        let board = self.board;
        self.weight = limits.weight.max(1);
        let boulders = board.boulders.clone();
        load_occ(board, &mut self.occ, &boulders, 0);
        self.child_walker.walk(board, &self.occ, board.player);
        let region = *self
            .child_walker
            .queue
            .iter()
            .min()
            .unwrap_or(&board.player);
        let Some(bound) =
            self.evaluator
                .evaluate(board, &self.occ, &boulders, 0, board.player, None)
        else {
            return Err(SolveError::Unsolvable { nodes: 0 });
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
        };
        self.insert(u32::MAX, root, (0, 0));
        let mut expanded = 0u64;
        while let Some(Reverse((.., moves, id))) = self.open.pop() {
            let node = &self.nodes[id as usize];
            if node.closed || node.moves != moves {
                continue; // stale entry
            }
            self.nodes[id as usize].closed = true;
            expanded += 1;
            if self.nodes.len() >= limits.max_nodes
                || (expanded.is_multiple_of(256) && started.elapsed() > limits.max_time)
            {
                return Err(SolveError::LimitHit {
                    nodes: self.nodes.len(),
                    millis: started.elapsed().as_millis() as u64,
                });
            }
            let (filled, player) = (
                self.nodes[id as usize].filled,
                self.nodes[id as usize].player,
            );
            let boulders = self.boulders(id).to_vec();
            load_occ(board, &mut self.occ, &boulders, filled);
            self.walker.walk(board, &self.occ, player);
            if self.is_goal(id) {
                return Ok(self.pushes_to(id));
            }
            self.expand(id, &boulders);
        }
        Err(SolveError::Unsolvable {
            nodes: self.nodes.len(),
        })
    }

    fn expand(&mut self, id: u32, boulders: &[u16]) {
        let board = self.board;
        let parent = &self.nodes[id as usize];
        let (filled, key_hash, pushes, moves) =
            (parent.filled, parent.key_hash, parent.pushes, parent.moves);
        for qi in 0..self.walker.queue.len() {
            let p = self.walker.queue[qi];
            for dir in 0..4 {
                let Some(to) = push_target(board, &self.occ, p, dir) else {
                    continue;
                };
                let from = board.step(p, dir);
                let hole =
                    board.hole_id[to as usize].filter(|_| self.occ[to as usize] == OPEN_HOLE);
                // Child boulder list, kept sorted.
                self.scratch.clear();
                self.scratch
                    .extend(boulders.iter().copied().filter(|&b| b != from));
                let (child_filled, child_hash) = match hole {
                    Some(k) => (
                        filled | 1 << k,
                        key_hash
                            ^ self.zobrist.boulder[from as usize]
                            ^ self.zobrist.hole[k as usize],
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
                self.child_walker.walk(board, &self.occ, from);
                let region = *self.child_walker.queue.iter().min().unwrap_or(&from);
                let child_moves = moves + self.walker.dist[p as usize] + 1;
                let found = self.lookup(child_hash, child_filled, region);
                match found {
                    Ok(existing) => {
                        let e = &mut self.nodes[existing as usize];
                        if e.h != DEAD && (pushes + 1, child_moves) < (e.pushes, e.moves) {
                            e.pushes = pushes + 1;
                            e.moves = child_moves;
                            e.parent = id;
                            e.player = from;
                            e.push_from = from;
                            e.push_dir = dir as u8;
                            e.closed = false;
                            let key = self.priority(existing);
                            self.open.push(Reverse(key));
                        }
                    }
                    Err(()) => {
                        let scratch = std::mem::take(&mut self.scratch);
                        let bound = self.evaluator.evaluate(
                            board,
                            &self.occ,
                            &scratch,
                            child_filled,
                            from,
                            hole.is_none().then_some(to),
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
                        };
                        self.insert(id, child, (from, dir as u8));
                    }
                }
                self.occ[to as usize] = old_to;
                self.occ[from as usize] = BOULDER;
            }
        }
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

    /// Open-list key: progress tier first (NetHack), then weighted f, h, and moves.
    fn priority(&self, id: u32) -> Priority {
        let n = &self.nodes[id as usize];
        (n.tier, n.pushes + self.weight * n.h, n.h, n.moves, id)
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
        } = c;
        let use_total = self.focus == Focus::AllSinks;
        let (h, tier) = bound.map_or((DEAD, u32::MAX), |b| {
            (if use_total { b.total } else { b.next }, b.tier)
        });
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
            push_from: push.0,
            push_dir: push.1,
            closed: false,
        });
        let mut key = self.full_hash(key_hash, region);
        while self.table.contains_key(&key) {
            key = key.wrapping_add(0x9E37_79B9_7F4A_7C15);
        }
        self.table.insert(key, id);
        if bound.is_some() {
            let key = self.priority(id);
            self.open.push(Reverse(key));
        }
        id
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
