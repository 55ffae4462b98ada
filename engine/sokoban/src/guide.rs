//! Obstacle-aware guidance for the hole-by-hole search (NetHack rules).
//!
//! The lone-boulder distances in [`Board::sink_dist`] ignore every other boulder, so a
//! boulder sealed in behind three others looks as close to the hole as a free one, and
//! the search wanders. Here one reverse search per state, from every open required hole,
//! prices each (square, player side) with the other boulders in place: a push into a
//! square another boulder holds, or from a square one holds, costs extra (that boulder
//! must be moved first). Frozen boulders are walls. The value steers the search only;
//! it is not a lower bound. An unreachable result is sound, though: when no movable
//! boulder has any route to an open hole past walls and frozen boulders, the state is dead.

use crate::board::{Board, INF};
use crate::deadlock::{reachable_sides, BOULDER, OPEN_HOLE};
use crate::walk::Walker;

#[derive(Default)]
pub struct Guide {
    /// Extra pushes charged for each boulder or open hole standing in the way.
    in_the_way: u32,
    /// Price the best candidates again with a forward search per boulder.
    forward: bool,
    dist: Vec<u32>,
    buckets: Vec<Vec<u32>>,
    wall: Vec<bool>,
    candidates: Vec<(u32, u16)>,
    forward_dist: Vec<u32>,
    forward_buckets: Vec<Vec<u32>>,
}

/// Boulders priced by the forward search per state, best reverse estimates first.
const FORWARD_CANDIDATES: usize = 3;

/// What the guide found about a live state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// Estimated pushes until the next required hole is filled.
    pub next_fill: u32,
    /// Boulders with a route to an open required hole, beyond one per hole.
    pub spare: u32,
}

impl Guide {
    pub fn new(in_the_way: u32, forward: bool) -> Guide {
        Guide {
            in_the_way,
            forward,
            ..Guide::default()
        }
    }

    /// Estimates the next fill, or `None` if fewer movable boulders than open required
    /// holes have a route to one (a proven deadlock). `boulders` not in `movable` never
    /// move again; `reach` is the player's walk in this state.
    pub fn next_fill(
        &mut self,
        board: &Board,
        occ: &[u8],
        open_required: u64,
        boulders: &[u16],
        movable: &[u16],
        reach: &Walker,
    ) -> Option<Estimate> {
        let n = board.len();
        self.dist.clear();
        self.dist.resize(n * 4, u32::MAX);
        self.wall.clear();
        self.wall.resize(n, false);
        for &b in boulders {
            self.wall[b as usize] = true;
        }
        for &b in movable {
            self.wall[b as usize] = false;
        }
        for bucket in &mut self.buckets {
            bucket.clear();
        }
        let push = enqueue;
        for (k, &h) in board.holes.iter().enumerate() {
            if open_required >> k & 1 == 1 {
                for side in 0..4 {
                    self.dist[h as usize * 4 + side] = 0;
                    push(&mut self.buckets, 0, h as u32 * 4 + side as u32);
                }
            }
        }
        // Open holes count as obstacles too: another boulder may fill one first.
        let penalty = |c: u16| {
            if occ[c as usize] == BOULDER || occ[c as usize] == OPEN_HOLE {
                self.in_the_way
            } else {
                0
            }
        };
        let mut d = 0;
        while d < self.buckets.len() {
            while let Some(state) = self.buckets[d].pop() {
                let (to, side) = ((state / 4) as u16, (state % 4) as usize);
                if self.dist[state as usize] != d as u32 {
                    continue;
                }
                // The boulder was on `from` and the player pushed it from `pusher`.
                let from = board.step(to, side);
                if !board.boulder_may_enter(from) || self.wall[from as usize] {
                    continue;
                }
                let pusher = board.step(from, side);
                if !board.player_may_stand(pusher) || self.wall[pusher as usize] {
                    continue;
                }
                let step_cost = 1 + if d == 0 { 0 } else { penalty(to) };
                let next = d as u32 + step_cost;
                let linked = board.linked_sides(from, side);
                for before in 0..4 {
                    let s = from as usize * 4 + before;
                    if linked >> before & 1 == 1 && next < self.dist[s] {
                        self.dist[s] = next;
                        push(&mut self.buckets, next, s as u32);
                    }
                }
            }
            d += 1;
        }
        // The first push is exact: from a square the player reaches now, into a free
        // square. Failing that, a boulder costs its best side plus a detour.
        let dist = &self.dist;
        let first_push = |b: u16, dir: usize| -> Option<u32> {
            let (pusher, to) = (board.step(b, (dir + 2) % 4), board.step(b, dir));
            if !reach.reached(pusher) || !board.boulder_may_enter(to) || occ[to as usize] == BOULDER
            {
                return None;
            }
            if occ[to as usize] == OPEN_HOLE {
                return Some(1);
            }
            Some(dist[to as usize * 4 + (dir + 2) % 4].saturating_add(1))
        };
        // Each open required hole needs its own boulder with a route there; routes only
        // close for good at walls and frozen boulders, so too few routes is a deadlock.
        // The shared reverse table cannot charge for a boulder standing where the player
        // must push from (the moving boulder's own square would be charged too), so the
        // best candidates by that table are priced again one by one, forward, with it.
        let mut usable = 0;
        self.candidates.clear();
        let player = reach.start();
        for &b in movable {
            // Sides behind `b` itself (walls and `b` cut them off) are out of reach
            // until `b` moves, however the other boulders move.
            let sides = reachable_sides(board, b, player);
            let any_side = (0..4)
                .filter(|s| sides >> s & 1 == 1)
                .map(|s| dist[b as usize * 4 + s])
                .min()
                .unwrap_or(u32::MAX);
            if any_side == u32::MAX {
                continue;
            }
            usable += 1;
            let first = (0..4).filter_map(|dir| first_push(b, dir)).min();
            let cost = first
                .unwrap_or(u32::MAX)
                .min(any_side.saturating_add(self.in_the_way));
            self.candidates.push((cost, b));
        }
        self.candidates.sort_unstable();
        let mut best = u32::MAX;
        for i in 0..self.candidates.len() {
            let (optimistic, b) = self.candidates[i];
            if optimistic >= best || i >= FORWARD_CANDIDATES || !self.forward {
                best = best.min(optimistic);
                break;
            }
            best = best.min(self.forward(board, occ, open_required, b, reach));
        }
        let open = open_required.count_ones();
        // Lazily: `usable - open` would underflow on a dead state.
        (usable >= open && best < INF as u32).then(|| Estimate {
            next_fill: best,
            spare: usable - open,
        })
    }

    /// Pushes to get `b` into an open required hole, with every other boulder in place:
    /// entering a square another boulder or an open hole holds, or pushing from a square
    /// another boulder holds, costs `in_the_way` extra; a start side the player cannot
    /// reach now costs it too. The player walks around `b` by the lone-boulder regions.
    fn forward(
        &mut self,
        board: &Board,
        occ: &[u8],
        open_required: u64,
        b: u16,
        reach: &Walker,
    ) -> u32 {
        let k = self.in_the_way;
        let n = board.len();
        self.forward_dist.clear();
        self.forward_dist.resize(n * 4, u32::MAX);
        for bucket in &mut self.forward_buckets {
            bucket.clear();
        }
        let buckets = &mut self.forward_buckets;
        let push = enqueue;
        let blocker = |c: u16| c != b && occ[c as usize] == BOULDER;
        let sides = reachable_sides(board, b, reach.start());
        for side in 0..4 {
            let stand = board.step(b, side);
            if sides >> side & 1 == 0 || !board.player_may_stand(stand) || self.wall[stand as usize]
            {
                continue;
            }
            let d = if reach.reached(stand) { 0 } else { k };
            let state = b as usize * 4 + side;
            if d < self.forward_dist[state] {
                self.forward_dist[state] = d;
                push(buckets, d, state as u32);
            }
        }
        let mut d = 0;
        while d < buckets.len() {
            while let Some(state) = buckets[d].pop() {
                if self.forward_dist[state as usize] != d as u32 {
                    continue;
                }
                let (c, side) = ((state / 4) as u16, (state % 4) as usize);
                let linked = board.linked_sides(c, side);
                for dir in 0..4 {
                    let pusher = board.step(c, (dir + 2) % 4);
                    let to = board.step(c, dir);
                    if !board.player_may_stand(pusher)
                        || self.wall[pusher as usize]
                        || linked >> ((dir + 2) % 4) & 1 == 0
                        || !board.boulder_may_enter(to)
                        || self.wall[to as usize]
                    {
                        continue;
                    }
                    if let Some(h) = board.hole_id[to as usize] {
                        if occ[to as usize] == OPEN_HOLE && open_required >> h & 1 == 1 {
                            return d as u32 + 1 + if blocker(pusher) { k } else { 0 };
                        }
                    }
                    let mut cost = 1;
                    if blocker(pusher) {
                        cost += k;
                    }
                    if blocker(to) || occ[to as usize] == OPEN_HOLE {
                        cost += k;
                    }
                    let next = d as u32 + cost;
                    let s = to as usize * 4 + (dir + 2) % 4;
                    if next < self.forward_dist[s] {
                        self.forward_dist[s] = next;
                        push(buckets, next, s as u32);
                    }
                }
            }
            d += 1;
        }
        u32::MAX
    }
}

/// Files `state` under distance `d` in a bucket queue (costs are small integers).
fn enqueue(buckets: &mut Vec<Vec<u32>>, d: u32, state: u32) {
    let d = d as usize;
    if buckets.len() <= d {
        buckets.resize_with(d + 1, Vec::new);
    }
    buckets[d].push(state);
}
