//! Best-first search over push states. A state is (boulders, filled holes, player region); the region is
//! normalised to its smallest square so walks that end in the same region merge.

use crate::board::Board;
use crate::deadlock::{Bound, Evaluator, BOULDER, FREE, OPEN_HOLE};
use crate::guide::Guide;
use crate::puzzle::{Puzzle, Rules};
use crate::solution::{Limits, Solution, SolveError};
use crate::walk::{load_occ, push_target, replay, Walker};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// What the search steers by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Focus {
    /// Weighted A* on the admissible bound for all sinks (classic levels).
    AllSinks,
    /// NetHack: fill holes one at a time, steered by the obstacle-aware guide with this
    /// price per boulder in the way; `prefer_spares` tries states that keep more usable
    /// boulders first.
    NextHole {
        in_the_way: u32,
        prefer_spares: bool,
        forward: bool,
        novelty: bool,
    },
}

/// NetHack portfolio, run side by side: each search is complete but each has levels it
/// thrashes on (an early choice it can only undo by exhausting everything after it) or
/// wanders on (a plateau of equal estimates), and they rarely struggle on the same level.
/// Measured on the 8 maps: the first solves soko3-2 and soko1-2 fast but stalls on
/// soko1-1's first hole, the second (with forward pricing) the reverse; A* on the
/// all-holes bound (the former fallback) only added work. Novelty in the first cut
/// soko1-2 from 46k to 17k states; in the second it sent soko1-1 past 1M.
const NETHACK_PORTFOLIO: [Focus; 2] = [
    Focus::NextHole {
        in_the_way: 8,
        prefer_spares: true,
        forward: false,
        novelty: true,
    },
    Focus::NextHole {
        in_the_way: 3,
        prefer_spares: false,
        forward: true,
        novelty: false,
    },
];

/// Nodes each search may store in the first round; doubled every round.
const FIRST_SLICE: usize = 4096;

/// Share of the round's slice, in percent, per search of [`NETHACK_PORTFOLIO`]. The second
/// prices its best candidates again (forward) and spends about a third more per state, so a
/// smaller slice lets the two threads finish a round together instead of one waiting for the
/// other. Measured: soko3-2 175k -> 159k states, soko1-2 17k -> 15k, soko1-1 unchanged.
const SLICE_SHARE: [usize; 2] = [100, 75];

/// Solves `puzzle` within `limits`.
///
/// Classic levels: weighted A* (`limits.weight` 1 gives fewest pushes). NetHack levels:
/// the searches of [`NETHACK_PORTFOLIO`] run in rounds of doubling node budgets, side by
/// side on threads, until one finds a solution; the result is the one taking turns in
/// portfolio order would give. Every search is complete, so one that runs dry proves
/// unsolvability.
pub fn solve(puzzle: &Puzzle, limits: Limits) -> Result<Solution, SolveError> {
    solve_reporting(puzzle, limits, &AtomicUsize::new(0))
}

/// [`solve`], adding the states it stores to `progress` as it goes (every few hundred
/// expansions), but only states sure to be in the final count ([`Solution::nodes`] or the
/// error's): the counter never passes it. Both are deterministic, unlike time: a caller
/// that waits for the count to pass a mark (not for a while) sees the same progress on
/// every run.
pub fn solve_reporting(
    puzzle: &Puzzle,
    limits: Limits,
    progress: &AtomicUsize,
) -> Result<Solution, SolveError> {
    puzzle
        .validate()
        .map_err(|e| SolveError::Invalid(format!("{e:#}")))?;
    let started = Instant::now();
    let deadline = started + limits.max_time;
    let board = Board::new(puzzle);
    let focuses: &[Focus] = match board.rules {
        Rules::Classic => &[Focus::AllSinks],
        Rules::NetHack => &NETHACK_PORTFOLIO,
    };
    let mut searches: Vec<Search> = focuses
        .iter()
        .map(|&f| Search::new(&board, f, limits.weight))
        .collect();
    for search in &mut searches {
        if !search.start() {
            return Err(SolveError::Unsolvable { nodes: 0 });
        }
    }
    let stored = |searches: &[Search]| searches.iter().map(|s| s.nodes.len()).sum::<usize>();
    let mut slice = FIRST_SLICE;
    let (pushes, nodes) = 'rounds: loop {
        let cap = slice.min(limits.max_nodes);
        let before: Vec<usize> = searches.iter().map(|s| s.nodes.len()).collect();
        let outcomes = run_round(&mut searches, cap, deadline, progress);
        // The first search in portfolio order that ended the solve wins, as if they had
        // taken turns; searches after it count as not having run this round. So the
        // winner and the state count depend on the slices, never on the threads.
        for (i, outcome) in outcomes.into_iter().enumerate() {
            let nodes = || {
                let (done, skipped) = (&searches[..=i], &before[i + 1..]);
                stored(done) + skipped.iter().sum::<usize>()
            };
            match outcome {
                Progress::Solved(pushes) => break 'rounds (pushes, nodes()),
                Progress::Exhausted => return Err(SolveError::Unsolvable { nodes: nodes() }),
                Progress::Paused => {}
            }
        }
        let total = stored(&searches);
        if total >= limits.max_nodes || Instant::now() >= deadline {
            return Err(SolveError::LimitHit {
                nodes: total,
                millis: started.elapsed().as_millis() as u64,
            });
        }
        slice = slice
            .saturating_mul(2)
            .min(limits.max_nodes / searches.len())
            .max(slice + 1);
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

/// Lets every search store up to `cap` states, each on its own thread when there are
/// several (the machine's cores would otherwise idle while the portfolio takes turns).
fn run_round(
    searches: &mut [Search],
    cap: usize,
    deadline: Instant,
    progress: &AtomicUsize,
) -> Vec<Progress> {
    let round = Round::new(searches.len());
    if let [search] = searches {
        return vec![search.resume(cap, deadline, progress, (&round, 0))];
    }
    let outcomes: Vec<Progress> = std::thread::scope(|scope| {
        let round = &round;
        let running: Vec<_> = searches
            .iter_mut()
            .enumerate()
            .map(|(i, search)| {
                let cap = cap * SLICE_SHARE.get(i).copied().unwrap_or(100) / 100;
                scope.spawn(move || {
                    let outcome = search.resume(cap, deadline, progress, (round, i));
                    round.finished(i, &outcome);
                    outcome
                })
            })
            .collect();
        running
            .into_iter()
            .map(|r| {
                r.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    // A search that finished its slice before the ones ahead of it did has not reported.
    if outcomes.iter().all(|o| matches!(o, Progress::Paused)) {
        for search in searches.iter_mut() {
            search.report(progress);
        }
    }
    outcomes
}

/// Bookkeeping shared by the searches of one round, so that running them side by side
/// reports exactly what taking turns in portfolio order would have.
struct Round {
    /// Set for a search once every search before it has paused this round: its states
    /// are then sure to count, and go into the shared progress counter.
    counted: Vec<AtomicBool>,
    /// Set for a search once one before it has ended the solve: its work is moot.
    cancelled: Vec<AtomicBool>,
    paused: Mutex<Vec<bool>>,
}

impl Round {
    fn new(searches: usize) -> Round {
        Round {
            counted: (0..searches).map(|i| AtomicBool::new(i == 0)).collect(),
            cancelled: (0..searches).map(|_| AtomicBool::new(false)).collect(),
            paused: Mutex::new(vec![false; searches]),
        }
    }

    fn counted(&self, i: usize) -> bool {
        self.counted[i].load(Ordering::Acquire)
    }

    fn cancelled(&self, i: usize) -> bool {
        self.cancelled[i].load(Ordering::Relaxed)
    }

    fn finished(&self, i: usize, outcome: &Progress) {
        if matches!(outcome, Progress::Paused) {
            let mut paused = self.paused.lock().unwrap_or_else(|e| e.into_inner());
            paused[i] = true;
            let first_running = paused.iter().position(|p| !p).unwrap_or(paused.len());
            for counted in &self.counted[..(first_running + 1).min(paused.len())] {
                counted.store(true, Ordering::Release);
            }
        } else {
            for cancelled in &self.cancelled[i + 1..] {
                cancelled.store(true, Ordering::Relaxed);
            }
        }
    }
}

/// Where a search stands after a slice of work.
enum Progress {
    Solved(Vec<(u16, u8)>),
    /// Every reachable state was tried: no solution exists.
    Exhausted,
    /// The slice's node budget or the deadline ran out.
    Paused,
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
}

/// Open-list key: (tier, stale, rank, f, h, moves, node id), smallest first.
type Priority = (u32, u32, u32, u32, u32, u32, u32);

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
    /// States already added to the shared progress counter.
    reported: usize,
}

impl<'a> Search<'a> {
    fn new(board: &'a Board, focus: Focus, weight: u32) -> Search<'a> {
        let guide = match focus {
            Focus::NextHole {
                in_the_way,
                forward,
                ..
            } => Some(Guide::new(in_the_way, forward)),
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
            reported: 0,
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

    /// Stores the root; `false` if the start is already a proven deadlock.
    fn start(&mut self) -> bool {
        let board = self.board;
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
        };
        self.insert(u32::MAX, root, (0, 0));
        true
    }

    /// Expands states best first until a goal, an empty open list, `max_nodes` stored
    /// states or the deadline. Adds the states it stores to `progress` as it goes (the
    /// portfolio's searches share the counter).
    /// `round` is this round's bookkeeping and our place in the portfolio: states are
    /// reported only once they are sure to count, and a cancelled search stops early.
    fn resume(
        &mut self,
        max_nodes: usize,
        deadline: Instant,
        progress: &AtomicUsize,
        round: (&Round, usize),
    ) -> Progress {
        let outcome = self.run(max_nodes, deadline, progress, round);
        if round.0.counted(round.1) {
            self.report(progress);
        }
        outcome
    }

    fn report(&mut self, progress: &AtomicUsize) {
        progress.fetch_add(self.nodes.len() - self.reported, Ordering::Relaxed);
        self.reported = self.nodes.len();
    }

    fn run(
        &mut self,
        max_nodes: usize,
        deadline: Instant,
        progress: &AtomicUsize,
        (round, me): (&Round, usize),
    ) -> Progress {
        let board = self.board;
        let mut expanded = 0u64;
        while self.nodes.len() < max_nodes {
            expanded += 1;
            // An atomic load is cheap; a late stop keeps the winner's result waiting.
            if expanded.is_multiple_of(16) && round.cancelled(me) {
                return Progress::Paused;
            }
            if expanded.is_multiple_of(256) {
                if round.counted(me) {
                    self.report(progress);
                }
                if Instant::now() >= deadline {
                    return Progress::Paused;
                }
            }
            let Some(Reverse((.., moves, id))) = self.open.pop() else {
                return Progress::Exhausted;
            };
            let node = &self.nodes[id as usize];
            if node.closed || node.moves != moves {
                continue; // stale entry
            }
            self.nodes[id as usize].closed = true;
            let (filled, player) = (
                self.nodes[id as usize].filled,
                self.nodes[id as usize].player,
            );
            let boulders = self.boulders(id).to_vec();
            load_occ(board, &mut self.occ, &boulders, filled);
            self.walker.walk(board, &self.occ, player);
            if self.is_goal(id) {
                return Progress::Solved(self.pushes_to(id));
            }
            if board.rules == Rules::NetHack {
                let open = (board.required_holes & !filled).count_ones();
                if self
                    .evaluator
                    .shut_in(board, &self.occ, &boulders, player, open)
                {
                    self.nodes[id as usize].h = DEAD;
                    continue;
                }
            }
            self.expand(id, &boulders);
        }
        Progress::Paused
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

    /// Open-list key: progress tier first (NetHack), spares, then weighted f, h, and moves.
    fn priority(&self, id: u32) -> Priority {
        let n = &self.nodes[id as usize];
        (
            n.tier,
            n.stale,
            n.rank,
            n.pushes + self.weight * n.h,
            n.h,
            n.moves,
            id,
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
