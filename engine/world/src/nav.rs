//! Shortest paths over one level: Dijkstra with per-square costs, NetHack's movement rules (no
//! diagonal moves through doors, no squeezing between boulders), to the nearest of many targets.

use crate::level::{pos_of, Level};
use crate::tiles::{trap_is_mild, Feature};
use crate::Dir;
use nhbot_screen::{Pos, COLS, MAP_ROWS};
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// The search works on the map with a one-square impassable border, so neighbours need no
/// bounds checks.
const W: usize = COLS + 2;
const PADDED: usize = W * (MAP_ROWS + 2);
const NONE: u16 = u16::MAX;
/// Orthogonal moves first: among equal-cost paths the straighter one wins.
const DELTAS: [(isize, isize); 8] = [
    (0, -1),
    (0, 1),
    (1, 0),
    (-1, 0),
    (1, -1),
    (-1, -1),
    (1, 1),
    (-1, 1),
];

const DOOR: u8 = 1;
const SQUEEZE: u8 = 2;
const BOULDER: u8 = 4;
const TAKES_BOULDER: u8 = 8;

fn padded(p: Pos) -> Option<usize> {
    p.in_map()
        .then(|| (p.y as usize + 1) * W + p.x as usize + 1)
}

fn unpadded(i: usize) -> Pos {
    Pos::new((i % W) as i16 - 1, (i / W) as i16 - 1)
}

/// What a path may cross and at what price. `None` means never.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PathOpts {
    /// Never-seen squares (exploring through the dark).
    pub unknown_cost: Option<u32>,
    /// Known traps that teleport, change level, polymorph, burn or explode.
    pub trap_cost: Option<u32>,
    /// Known mild traps (see [`crate::tiles::trap_is_mild`]), webs included.
    pub mild_trap_cost: Option<u32>,
    /// Closed doors (the step into one is an `Open`).
    pub closed_door_cost: Option<u32>,
    /// Doors known locked and not a shop's (the step into one is a `Kick`).
    pub locked_door_cost: Option<u32>,
    /// Squares of hostile or unidentified monsters (the step is an attack).
    pub monster_cost: Option<u32>,
    /// Never entered: peaceful monsters, squares the caller wants avoided.
    pub blocked: Vec<Pos>,
    /// Squares holding monsters that are not peaceful.
    pub monsters: Vec<Pos>,
    /// Boulders pushed ahead (only where the square beyond can take the boulder).
    pub boulder_cost: Option<u32>,
    /// Forbid diagonal squeezes between two solid squares (always so in Sokoban).
    pub no_squeeze: bool,
    /// "Boulders" the caller knows are monsters posing as one (Sokoban's giant mimics): entered
    /// as a fight (`monster_cost`), never pushed.
    pub mimics: Vec<Pos>,
}

impl Default for PathOpts {
    fn default() -> Self {
        PathOpts {
            unknown_cost: None,
            trap_cost: None,
            mild_trap_cost: Some(20),
            closed_door_cost: Some(3),
            locked_door_cost: Some(12),
            monster_cost: Some(10),
            boulder_cost: Some(8),
            blocked: Vec::new(),
            monsters: Vec::new(),
            no_squeeze: false,
            mimics: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Path {
    /// The squares walked through, start excluded, target last.
    pub steps: Vec<Pos>,
    pub cost: u32,
    /// The first move.
    pub first: Dir,
}

impl Path {
    pub fn target(&self) -> Pos {
        self.steps[self.steps.len() - 1]
    }

    /// Travel (`_`) reaches the target in one command; worth it over several plain moves, and
    /// when nothing is there to interrupt it (the caller checks monsters).
    pub fn travel_saves_actions(&self) -> bool {
        self.steps.len() >= 4
    }
}

/// Distances from one square to every square of a level.
#[derive(Clone, Debug)]
pub struct DistMap {
    pub from: Pos,
    dist: Vec<u32>,
    prev: Vec<u16>,
}

impl DistMap {
    pub fn cost(&self, to: Pos) -> Option<u32> {
        padded(to).map(|i| self.dist[i]).filter(|&d| d != u32::MAX)
    }

    /// The path to `to`, if reachable and not the start itself.
    pub fn path(&self, to: Pos) -> Option<Path> {
        let cost = self.cost(to)?;
        let mut steps = Vec::new();
        let mut cur = padded(to)?;
        let start = padded(self.from)?;
        while cur != start {
            steps.push(unpadded(cur));
            let p = self.prev[cur];
            if p == NONE {
                return None;
            }
            cur = p as usize;
        }
        steps.reverse();
        let first = *steps.first()?;
        let first = Dir::from_delta(first.x - self.from.x, first.y - self.from.y)?;
        Some(Path { steps, cost, first })
    }
}

fn step_cost(level: &Level, opts: &PathOpts, i: usize) -> Option<u32> {
    let sq = &level.squares[i];
    if sq.bumps >= 2 {
        return None;
    }
    match sq.feature {
        Feature::Web => opts.mild_trap_cost.map(|c| c + 1),
        Feature::Trap if trap_is_mild(sq.trap_color) => opts.mild_trap_cost.map(|c| c + 1),
        Feature::Trap => opts.trap_cost.map(|c| c + 1),
        Feature::ClosedDoor if sq.locked => {
            if sq.shop_door {
                None
            } else {
                opts.locked_door_cost
            }
        }
        Feature::ClosedDoor => opts.closed_door_cost,
        Feature::Unknown => opts.unknown_cost,
        Feature::Boulder => opts.boulder_cost,
        f if f.walkable() => Some(1),
        _ => None,
    }
}

/// Per-square facts the search loop needs, computed once per search (padded layout).
struct Grid {
    /// Entry cost, u32::MAX = impassable.
    cost: Vec<u32>,
    /// DOOR: no diagonal move into or out of it; SQUEEZE: blocks a diagonal squeeze when both
    /// corner squares have it; BOULDER; TAKES_BOULDER: a pushed boulder can roll onto it
    /// (walkable, no door, no monster, no other boulder).
    flags: Vec<u8>,
}

/// The entry cost and flags of square `i` (unpadded) before monsters and blocked squares.
fn square_facts(level: &Level, opts: &PathOpts, i: usize) -> (u32, u8) {
    let sq = &level.squares[i];
    let cost = step_cost(level, opts, i).unwrap_or(u32::MAX);
    let f = sq.feature;
    let flags = if f.blocks_diagonal() { DOOR } else { 0 }
        | if f == Feature::Boulder || (opts.no_squeeze && f.is_solid()) {
            SQUEEZE
        } else {
            0
        }
        | if f == Feature::Boulder { BOULDER } else { 0 }
        | if f.walkable() && !f.is_door_square() && sq.bumps < 2 {
            TAKES_BOULDER
        } else {
            0
        };
    (cost, flags)
}

fn build_grid(level: &Level, opts: &PathOpts) -> Grid {
    let mut cost = vec![u32::MAX; PADDED];
    let mut flags = vec![0u8; PADDED];
    for i in 0..level.squares.len() {
        let p = padded(pos_of(i)).unwrap_or(0);
        (cost[p], flags[p]) = square_facts(level, opts, i);
    }
    for p in opts.mimics.iter().filter_map(|&m| padded(m)) {
        cost[p] = opts.monster_cost.map_or(u32::MAX, |extra| 1 + extra);
        flags[p] &= !(BOULDER | SQUEEZE | TAKES_BOULDER);
    }
    for p in opts.monsters.iter().filter_map(|&m| padded(m)) {
        cost[p] = match (cost[p], opts.monster_cost) {
            (u32::MAX, _) | (_, None) => u32::MAX,
            (c, Some(extra)) => c + extra,
        };
        flags[p] &= !TAKES_BOULDER;
    }
    for p in opts.blocked.iter().filter_map(|&b| padded(b)) {
        cost[p] = u32::MAX;
        flags[p] &= !TAKES_BOULDER;
    }
    Grid { cost, flags }
}

/// What the search asks of the grid, by padded index: built whole ([`Grid`]) or square by
/// square as the search reaches them ([`LazyGrid`]); both answer the same.
trait Costs {
    fn cost(&mut self, p: usize) -> u32;
    fn flags(&mut self, p: usize) -> u8;
}

impl Costs for Grid {
    fn cost(&mut self, p: usize) -> u32 {
        self.cost[p]
    }
    fn flags(&mut self, p: usize) -> u8 {
        self.flags[p]
    }
}

/// Marks a square of a [`LazyGrid`] as worked out.
const KNOWN: u8 = 0x80;

/// [`build_grid`]'s facts, worked out for a square the first time the search looks at it: a
/// search that stops at the nearest target reaches a small part of the level, and building
/// the whole grid had become most of its cost.
struct LazyGrid<'a> {
    level: &'a Level,
    opts: &'a PathOpts,
    cost: Vec<u32>,
    /// [`KNOWN`] once worked out, with the flags.
    flags: Vec<u8>,
}

impl<'a> LazyGrid<'a> {
    fn new(level: &'a Level, opts: &'a PathOpts) -> LazyGrid<'a> {
        LazyGrid {
            level,
            opts,
            cost: vec![u32::MAX; PADDED],
            flags: vec![0; PADDED],
        }
    }

    /// As [`build_grid`] does for square `p`: its own cost and flags, then the mimics, monsters
    /// and blocked squares on it, in that order (once per time it is listed).
    fn work_out(&mut self, p: usize) {
        let (x, y) = (p % W, p / W);
        let (mut cost, mut flags) = (u32::MAX, 0u8);
        if (1..=COLS).contains(&x) && (1..=MAP_ROWS).contains(&y) {
            let i = (y - 1) * COLS + (x - 1);
            let opts = self.opts;
            (cost, flags) = square_facts(self.level, opts, i);
            let here = |m: &&Pos| padded(**m) == Some(p);
            for _ in opts.mimics.iter().filter(here) {
                cost = opts.monster_cost.map_or(u32::MAX, |extra| 1 + extra);
                flags &= !(BOULDER | SQUEEZE | TAKES_BOULDER);
            }
            for _ in opts.monsters.iter().filter(here) {
                cost = match (cost, opts.monster_cost) {
                    (u32::MAX, _) | (_, None) => u32::MAX,
                    (c, Some(extra)) => c + extra,
                };
                flags &= !TAKES_BOULDER;
            }
            for _ in opts.blocked.iter().filter(here) {
                cost = u32::MAX;
                flags &= !TAKES_BOULDER;
            }
        }
        self.cost[p] = cost;
        self.flags[p] = flags | KNOWN;
    }
}

impl Costs for LazyGrid<'_> {
    fn cost(&mut self, p: usize) -> u32 {
        if self.flags[p] & KNOWN == 0 {
            self.work_out(p);
        }
        self.cost[p]
    }
    fn flags(&mut self, p: usize) -> u8 {
        if self.flags[p] & KNOWN == 0 {
            self.work_out(p);
        }
        self.flags[p] & !KNOWN
    }
}

/// The largest step cost `opts` can give a square (what [`Queue::new`] finds in a whole
/// grid, or more), None past any bound.
fn step_cost_bound(opts: &PathOpts) -> Option<u64> {
    let base = [
        Some(1),
        opts.mild_trap_cost.map(|c| u64::from(c) + 1),
        opts.trap_cost.map(|c| u64::from(c) + 1),
        opts.locked_door_cost.map(u64::from),
        opts.closed_door_cost.map(u64::from),
        opts.unknown_cost.map(u64::from),
        opts.boulder_cost.map(u64::from),
    ]
    .into_iter()
    .flatten()
    .max()?;
    Some(match opts.monster_cost.map(u64::from) {
        // A mimic's square costs 1 + extra; each listing as a monster adds extra again.
        Some(extra) => base.max(1 + extra) + extra * opts.monsters.len() as u64,
        None => base,
    })
}

/// The open set. Step costs are small integers, so a ring of buckets indexed by distance (Dial's
/// algorithm) pops in O(1); a binary heap covers callers who set huge costs.
enum Queue {
    /// `ring.len()` is a power of two above the largest step cost; `mask` = len - 1.
    Buckets {
        ring: Vec<VecDeque<u16>>,
        mask: usize,
        current: u32,
        len: usize,
    },
    Heap(BinaryHeap<Reverse<(u32, u16)>>),
}

const MAX_BUCKETS: u32 = 256;

impl Queue {
    fn new(costs: &[u32]) -> Queue {
        let max_step = costs
            .iter()
            .copied()
            .filter(|&c| c != u32::MAX)
            .max()
            .unwrap_or(1);
        Queue::for_steps_up_to(max_step)
    }

    /// Buckets when no step costs `max_step` or more than [`MAX_BUCKETS`]; the pops come in the
    /// same order whatever the number of buckets (each holds one distance at a time).
    fn for_steps_up_to(max_step: u32) -> Queue {
        if max_step < MAX_BUCKETS {
            let size = (max_step as usize + 1).next_power_of_two();
            let ring = (0..size).map(|_| VecDeque::with_capacity(64)).collect();
            Queue::Buckets {
                ring,
                mask: size - 1,
                current: 0,
                len: 0,
            }
        } else {
            Queue::Heap(BinaryHeap::with_capacity(256))
        }
    }

    fn push(&mut self, dist: u32, i: usize) {
        match self {
            Queue::Buckets {
                ring, mask, len, ..
            } => {
                ring[dist as usize & *mask].push_back(i as u16);
                *len += 1;
            }
            Queue::Heap(heap) => heap.push(Reverse((dist, i as u16))),
        }
    }

    fn pop(&mut self) -> Option<(u32, usize)> {
        match self {
            Queue::Buckets {
                ring,
                mask,
                current,
                len,
            } => {
                while *len > 0 {
                    if let Some(i) = ring[*current as usize & *mask].pop_front() {
                        *len -= 1;
                        return Some((*current, i as usize));
                    }
                    *current += 1;
                }
                None
            }
            Queue::Heap(heap) => heap.pop().map(|Reverse((d, i))| (d, i as usize)),
        }
    }
}

impl Level {
    /// Dijkstra from `from`; stops at the first (padded) square, other than `from`, for which
    /// `stop` (given its distance) is true, before expanding it.
    fn dijkstra(
        &self,
        from: Pos,
        opts: &PathOpts,
        stop: impl FnMut(u32, usize) -> bool,
    ) -> (DistMap, Option<usize>) {
        // The squares are worked out as the search reaches them when the queue can be chosen
        // without the whole grid (a bound on the step costs below the buckets' limit): the
        // same choice the whole grid would make, so the same search.
        match step_cost_bound(opts) {
            Some(bound) if bound < u64::from(MAX_BUCKETS) => {
                let grid = LazyGrid::new(self, opts);
                search(grid, Queue::for_steps_up_to(bound as u32), from, stop)
            }
            _ => {
                let grid = build_grid(self, opts);
                let queue = Queue::new(&grid.cost);
                search(grid, queue, from, stop)
            }
        }
    }
    /// Costs to reach every square from `from`.
    pub fn distances(&self, from: Pos, opts: &PathOpts) -> DistMap {
        self.dijkstra(from, opts, |_, _| false).0
    }

    /// [`Level::distances`] as far as the nearest of `targets` needs: the search stops once
    /// every square as cheap to reach as the cheapest target (other than `from`) is settled.
    /// Those squares, and all cheaper ones, have the costs and paths the full search gives
    /// them; the others may be dearer or unreached. With no target reachable it is the full
    /// search.
    pub fn distances_to_nearest(&self, from: Pos, opts: &PathOpts, targets: &[Pos]) -> DistMap {
        let mut wanted = vec![false; PADDED];
        for i in targets.iter().filter_map(|&t| padded(t)) {
            wanted[i] = true;
        }
        // Squares are settled in order of cost: once one dearer than the first target found
        // comes up, every square as cheap as that target is settled.
        let mut nearest = None;
        self.dijkstra(from, opts, |d, i| {
            if nearest.is_some_and(|n| d > n) {
                return true;
            }
            if wanted[i] && nearest.is_none() {
                nearest = Some(d);
            }
            false
        })
        .0
    }

    /// The cheapest path from `from` to the nearest of `targets`.
    pub fn path(&self, from: Pos, targets: &[Pos], opts: &PathOpts) -> Option<Path> {
        let mut wanted = vec![false; PADDED];
        for i in targets.iter().filter_map(|&t| padded(t)) {
            wanted[i] = true;
        }
        let (map, hit) = self.dijkstra(from, opts, |_, i| wanted[i]);
        map.path(unpadded(hit?))
    }
}

/// Dijkstra from `from` over `grid` (see [`Level::dijkstra`]).
fn search(
    mut grid: impl Costs,
    mut queue: Queue,
    from: Pos,
    mut stop: impl FnMut(u32, usize) -> bool,
) -> (DistMap, Option<usize>) {
    let mut dist = vec![u32::MAX; PADDED];
    let mut prev = vec![NONE; PADDED];
    let Some(start) = padded(from) else {
        return (DistMap { from, dist, prev }, None);
    };
    dist[start] = 0;
    queue.push(0, start);
    while let Some((d, i)) = queue.pop() {
        if d > dist[i] {
            continue;
        }
        if i != start && stop(d, i) {
            return (DistMap { from, dist, prev }, Some(i));
        }
        for (k, (dx, dy)) in DELTAS.into_iter().enumerate() {
            let offset = dy * W as isize + dx;
            // `i` is inside the border, so every neighbour is in the array.
            let j = (i as isize + offset) as usize;
            let c = grid.cost(j);
            if c == u32::MAX {
                continue;
            }
            if k >= 4 {
                let (side1, side2) = (
                    (i as isize + dx) as usize,
                    (i as isize + dy * W as isize) as usize,
                );
                if (grid.flags(i) | grid.flags(j)) & DOOR != 0
                    || grid.flags(side1) & grid.flags(side2) & SQUEEZE != 0
                {
                    continue;
                }
            }
            // A boulder square is entered by pushing the boulder one further; `j` is inside
            // the border too, so the square beyond is in the array.
            if grid.flags(j) & BOULDER != 0
                && grid.flags((j as isize + offset) as usize) & TAKES_BOULDER == 0
            {
                continue;
            }
            let nd = d + c;
            if nd < dist[j] {
                dist[j] = nd;
                prev[j] = i as u16;
                queue.push(nd, j);
            }
        }
    }
    (DistMap { from, dist, prev }, None)
}

/// The benchmark level: all floor with a serpentine of walls, so a path from one corner to the
/// other crosses the whole map.
pub fn bench_level() -> Level {
    let mut level = Level::new(crate::level::Branch::Doom, 1);
    for (i, sq) in level.squares.iter_mut().enumerate() {
        let p = pos_of(i);
        let wall_column = p.x % 8 == 4 && p.x < 78;
        let gap_at_bottom = (p.x / 8) % 2 == 0;
        let gap = if gap_at_bottom {
            p.y == MAP_ROWS as i16 - 1
        } else {
            p.y == 0
        };
        sq.feature = if wall_column && !gap {
            Feature::Wall
        } else {
            Feature::Floor
        };
    }
    level
}

/// Benchmark: a path across a full 80x21 level ([`bench_level`]). Returns (median, p99) wall-clock
/// microseconds over 500 runs. Build with `--release` for meaningful numbers.
pub fn bench_path() -> (f64, f64) {
    let level = bench_level();
    let opts = PathOpts::default();
    let (from, to) = (Pos::new(0, 0), Pos::new(79, 20));
    let mut samples = Vec::with_capacity(500);
    for _ in 0..500 {
        let t = std::time::Instant::now();
        let path = level.path(from, &[to], &opts);
        samples.push(t.elapsed().as_secs_f64() * 1e6);
        assert!(path.is_some(), "bench level has a path");
    }
    samples.sort_by(f64::total_cmp);
    (
        samples[samples.len() / 2],
        samples[samples.len() * 99 / 100],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Branch;
    use crate::tiles::tests::grid;

    fn level(rows: &[&str], colors: &[&str]) -> Level {
        let mut l = Level::new(Branch::Doom, 1);
        l.update(&grid(rows, colors), None, 1, true);
        l
    }

    /// Squares worked out as the search reaches them give the very search the whole grid gives
    /// (every cost and path), on levels of every feature with monsters, mimics and blocked
    /// squares listed (some twice, some off the map).
    #[test]
    fn the_grid_worked_out_square_by_square_gives_the_same_search() {
        let mut x: u64 = 11;
        let mut random = move |n: usize| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as usize % n
        };
        let features = [
            Feature::Floor,
            Feature::Floor,
            Feature::Floor,
            Feature::Corridor,
            Feature::Wall,
            Feature::Rock,
            Feature::Unknown,
            Feature::Doorway,
            Feature::OpenDoor,
            Feature::ClosedDoor,
            Feature::Boulder,
            Feature::Trap,
            Feature::Web,
            Feature::Water,
        ];
        for round in 0..60 {
            let mut l = Level::new(crate::level::Branch::Doom, 1);
            for sq in l.squares.iter_mut() {
                sq.feature = features[random(features.len())];
                sq.locked = random(4) == 0;
                sq.shop_door = random(8) == 0;
                sq.bumps = if random(20) == 0 { 2 } else { 0 };
                sq.trap_color = random(16) as u8;
            }
            let mut some_squares = |n: usize| -> Vec<Pos> {
                let mut v: Vec<Pos> = (0..n).map(|_| pos_of(random(COLS * MAP_ROWS))).collect();
                if let Some(&first) = v.first() {
                    v.push(first);
                }
                v.push(Pos::new(-1, 3));
                v
            };
            let opts = PathOpts {
                unknown_cost: [None, Some(5)][round % 2],
                trap_cost: [None, Some(30)][round / 2 % 2],
                monster_cost: [Some(10), None][round / 4 % 2],
                monsters: some_squares(5),
                blocked: some_squares(3),
                mimics: some_squares(2),
                no_squeeze: round % 3 == 0,
                ..PathOpts::default()
            };
            let from = pos_of(random(COLS * MAP_ROWS));
            let bound = step_cost_bound(&opts).expect("bounded");
            let eager = build_grid(&l, &opts);
            let eager_queue = Queue::new(&eager.cost);
            let (whole, _) = search(eager, eager_queue, from, |_, _| false);
            let lazy = LazyGrid::new(&l, &opts);
            let (worked, _) = search(lazy, Queue::for_steps_up_to(bound as u32), from, |_, _| {
                false
            });
            assert!(whole.dist == worked.dist, "round {round}: costs differ");
            assert!(whole.prev == worked.prev, "round {round}: paths differ");
        }
    }

    /// The search that stops at the nearest targets gives every target as cheap as the
    /// cheapest the full search's cost and path, and leaves no other target cheaper.
    #[test]
    fn distances_to_the_nearest_target_agree_with_the_full_search() {
        let mut l = bench_level();
        // Dearer squares (closed doors, boulders) break the ties of the plain floor.
        for (i, sq) in l.squares.iter_mut().enumerate() {
            if sq.feature == Feature::Floor && i % 13 == 0 {
                sq.feature = Feature::ClosedDoor;
            } else if sq.feature == Feature::Floor && i % 17 == 0 {
                sq.feature = Feature::Boulder;
            }
        }
        let opts = PathOpts::default();
        let mut x: u64 = 7;
        let mut random = |n: usize| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as usize % n
        };
        let mut compared = 0;
        for round in 0..40 {
            let from = pos_of(random(l.squares.len()));
            let targets: Vec<Pos> = (0..1 + round % 12)
                .map(|_| pos_of(random(l.squares.len())))
                .chain((round == 3).then_some(from))
                .collect();
            let full = l.distances(from, &opts);
            let near = l.distances_to_nearest(from, &opts, &targets);
            let cheapest = targets
                .iter()
                .filter(|&&t| t != from)
                .filter_map(|&t| full.cost(t))
                .min();
            for &t in targets.iter().filter(|&&t| t != from) {
                match (cheapest, full.cost(t)) {
                    (Some(c), Some(cost)) if cost == c => {
                        assert_eq!(near.cost(t), Some(cost), "round {round}: {t:?}");
                        assert_eq!(near.path(t), full.path(t), "round {round}: {t:?}");
                        compared += 1;
                    }
                    _ => assert!(
                        near.cost(t).is_none_or(|c| cheapest.is_some_and(|m| c > m)),
                        "round {round}: {t:?} cheaper than the nearest"
                    ),
                }
            }
        }
        assert!(compared >= 40, "{compared} nearest targets compared");
    }

    #[test]
    fn goes_around_a_wall() {
        let l = level(&["|.....|", "|.---.|", "|.....|"], &[]);
        let p = l
            .path(Pos::new(3, 0), &[Pos::new(3, 2)], &PathOpts::default())
            .expect("path");
        assert_eq!(p.target(), Pos::new(3, 2));
        assert_eq!(p.steps.len(), 4, "{:?}", p.steps);
        assert!(matches!(p.first, Dir::E | Dir::W));
    }

    #[test]
    fn diagonals_through_doorless_doorways_but_never_through_doors() {
        // A doorless doorway at (3,1) between two rooms: NetHack lets us cut the corner.
        let rows = ["|.....|", "---.---", "|.....|"];
        let l = level(&rows, &[]);
        assert_eq!(l.feature(Pos::new(3, 1)), Feature::Doorway);
        let p = l
            .path(Pos::new(2, 0), &[Pos::new(2, 2)], &PathOpts::default())
            .expect("path");
        assert_eq!(p.steps, vec![Pos::new(3, 1), Pos::new(2, 2)]);
        // An open door: in and out straight only.
        let open = level(&["|.....|", "---|---", "|.....|"], &["", "   3"]);
        assert_eq!(open.feature(Pos::new(3, 1)), Feature::OpenDoor);
        let p = open
            .path(Pos::new(2, 0), &[Pos::new(2, 2)], &PathOpts::default())
            .expect("path");
        assert_eq!(
            p.steps,
            vec![
                Pos::new(3, 0),
                Pos::new(3, 1),
                Pos::new(3, 2),
                Pos::new(2, 2)
            ]
        );
        assert_eq!(p.first, Dir::E);
    }

    #[test]
    fn water_lava_boulders_traps_and_peacefuls_are_avoided() {
        let l = level(&["......", ".}}0^.", "......"], &["", " 41 "]);
        let opts = PathOpts::default();
        let p = l
            .path(Pos::new(0, 1), &[Pos::new(5, 1)], &opts)
            .expect("path");
        assert!(
            p.steps.iter().all(|s| s.y != 1 || s.x == 5),
            "stays off row 1: {:?}",
            p.steps
        );
        let mut blocked = opts.clone();
        blocked.blocked = vec![Pos::new(1, 0), Pos::new(1, 2)];
        assert_eq!(
            l.path(Pos::new(0, 1), &[Pos::new(5, 1)], &blocked),
            None,
            "peacefuls wall us in"
        );
        let mut through_traps = opts;
        through_traps.trap_cost = Some(0);
        through_traps.boulder_cost = None;
        through_traps.blocked = vec![Pos::new(3, 0), Pos::new(3, 2)];
        assert_eq!(
            l.path(Pos::new(2, 0), &[Pos::new(5, 1)], &through_traps),
            None,
            "boulder never crossed when not pushing"
        );
    }

    #[test]
    fn mild_traps_are_crossed_when_needed_dangerous_ones_never() {
        let arrow = level(&["|.^.|"], &["  6"]);
        let p = arrow.path(Pos::new(1, 0), &[Pos::new(3, 0)], &PathOpts::default());
        assert_eq!(
            p.map(|p| p.cost),
            Some(22),
            "the only way is over the arrow trap"
        );
        let teleport = level(&["|.^.|"], &["  5"]);
        assert_eq!(
            teleport.path(Pos::new(1, 0), &[Pos::new(3, 0)], &PathOpts::default()),
            None
        );
    }

    #[test]
    fn boulders_are_pushed_only_where_they_can_roll() {
        let corridor = level(&["|.0..|"], &[]);
        let p = corridor.path(Pos::new(1, 0), &[Pos::new(4, 0)], &PathOpts::default());
        assert_eq!(p.map(|p| p.first), Some(Dir::E), "push the boulder along");
        let stuck = level(&["|.0|"], &[]);
        assert_eq!(
            stuck.path(Pos::new(1, 0), &[Pos::new(2, 0)], &PathOpts::default()),
            None,
            "wall behind"
        );
        let no_push = PathOpts {
            boulder_cost: None,
            ..Default::default()
        };
        assert_eq!(
            corridor.path(Pos::new(1, 0), &[Pos::new(4, 0)], &no_push),
            None
        );
        // A "boulder" known to be a mimic is fought through, even where it could not roll.
        let mimic = PathOpts {
            mimics: vec![Pos::new(2, 0)],
            ..no_push
        };
        let door = level(&["|.0.|"], &[]);
        assert_eq!(
            door.path(Pos::new(1, 0), &[Pos::new(3, 0)], &mimic)
                .map(|p| p.first),
            Some(Dir::E)
        );
        assert_eq!(
            stuck
                .path(Pos::new(1, 0), &[Pos::new(2, 0)], &mimic)
                .map(|p| p.cost),
            Some(1 + 10)
        );
    }

    #[test]
    fn huge_costs_fall_back_to_the_heap_and_agree() {
        let l = level(&["|.^..|", "------"], &["  6"]);
        let cheap = PathOpts {
            mild_trap_cost: Some(1),
            ..Default::default()
        };
        let dear = PathOpts {
            mild_trap_cost: Some(100_000),
            ..Default::default()
        };
        let (from, to) = (Pos::new(1, 0), Pos::new(4, 0));
        let over = l.path(from, &[to], &cheap).expect("over the trap");
        assert_eq!((over.cost, over.steps.len()), (4, 3));
        let heap = l.path(from, &[to], &dear).expect("over the trap, dearly");
        assert_eq!((heap.cost, heap.steps.len()), (100_003, 3));
    }

    #[test]
    fn no_squeezing_between_boulders() {
        let l = level(&[".0", "0."], &[]);
        assert_eq!(
            l.path(Pos::new(0, 0), &[Pos::new(1, 1)], &PathOpts::default()),
            None
        );
    }

    #[test]
    fn nearest_of_many_targets_and_unknown_squares() {
        let l = level(&["..........", "          ", ".........."], &[]);
        let targets = [Pos::new(9, 0), Pos::new(2, 0), Pos::new(0, 2)];
        let p = l
            .path(Pos::new(0, 0), &targets, &PathOpts::default())
            .expect("path");
        assert_eq!(p.target(), Pos::new(2, 0));
        let opts = PathOpts {
            unknown_cost: Some(5),
            ..Default::default()
        };
        let p = l
            .path(Pos::new(5, 0), &[Pos::new(5, 2)], &opts)
            .expect("through the unknown");
        assert_eq!(p.steps.len(), 2);
        assert_eq!(
            l.path(Pos::new(5, 0), &[Pos::new(5, 2)], &PathOpts::default()),
            None
        );
    }

    #[test]
    fn shop_doors_locked_are_never_entered() {
        let mut l = level(&["|.|", "|+|", "|.|"], &["", " 3"]);
        if let Some(s) = l.at_mut(Pos::new(1, 1)) {
            s.locked = true;
        }
        assert!(l
            .path(Pos::new(1, 0), &[Pos::new(1, 2)], &PathOpts::default())
            .is_some());
        if let Some(s) = l.at_mut(Pos::new(1, 1)) {
            s.shop_door = true;
        }
        assert_eq!(
            l.path(Pos::new(1, 0), &[Pos::new(1, 2)], &PathOpts::default()),
            None
        );
    }
}
