//! Shortest paths over one level: Dijkstra with per-square costs, NetHack's movement rules (no
//! diagonal moves through doors, no squeezing between boulders), to the nearest of many targets.

mod grid;

use crate::level::{pos_of, Level};
use crate::tiles::Feature;
use crate::Dir;
use grid::{build_grid, step_cost_bound, Costs, LazyGrid, BOULDER, DOOR, SQUEEZE, TAKES_BOULDER};
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
    /// Known traps that are neither mild nor polymorph traps (holes, trap doors, teleporters,
    /// squeaky boards, fire traps, land mines) when `trap_cost` is None: a way off a level
    /// whose every other way on is shut.
    #[serde(default)]
    pub escape_trap_cost: Option<u32>,
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
            escape_trap_cost: None,
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
        let mut any = false;
        for i in targets.iter().filter_map(|&t| padded(t)) {
            wanted[i] = true;
            any = true;
        }
        // Nothing to reach (callers often ask with no targets on this level): no search.
        if !any {
            return None;
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
mod tests;
