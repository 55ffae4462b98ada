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
//!
//! The reverse search stops once the prices that steer are settled; whether each boulder
//! has a route at all comes from tables that depend only on the frozen boulders (the
//! board's, or [`Routes`], cached). The search links a boulder's sides as if it stood
//! alone, so a turn that another boulder walls off looks free: the best routes' first turn
//! is checked with a real walk ([`Guide::turn_blocked`]).

use crate::board::{reachable_sides, BOULDER, FREE, OPEN_HOLE};
use crate::board::{Board, INF};
use crate::sealed::SealedCorrals;
use crate::verdict::Deadlock;
use crate::walk::Walker;
use std::collections::HashMap;

#[derive(Default)]
pub struct Guide {
    /// Extra pushes charged for each boulder or open hole standing in the way.
    in_the_way: u32,
    /// Price the best candidates again with a forward search per boulder.
    forward: bool,
    /// Check the best candidates' first turn with a walk (see `turn_blocked`).
    check_turns: bool,
    dist: Distances,
    buckets: Vec<Vec<u32>>,
    wall: Vec<bool>,
    candidates: Vec<(u32, u16)>,
    /// Per movable boulder of the state being guided: its sides and price so far.
    slots: Vec<Slot>,
    /// Index in `slots` of the boulder on each square, or `NO_SLOT`.
    slot_of: Vec<u16>,
    routes: Routes,
    turn_occ: Vec<u8>,
    turn_walker: Walker,
    forward_dist: Distances,
    forward_buckets: Vec<Vec<u32>>,
    sealed: SealedCorrals,
    /// Why the last state [`Guide::next_fill`] proved dead is dead.
    pub last_dead: Option<Deadlock>,
}

/// The (square, side) states from which a lone boulder has a route into an open required
/// hole past walls and frozen boulders: the reverse table's reach, without its prices.
/// Cached per (open required holes, frozen boulders), which many states share.
#[derive(Default)]
struct Routes {
    tables: HashMap<(u64, Vec<u16>), Vec<u64>>,
    stack: Vec<u32>,
}

/// Cached route tables kept at most (about 300 bytes each on NetHack's maps).
const ROUTE_TABLES: usize = 4096;

impl Routes {
    /// The bit set over `square * 4 + side`; `wall` marks the `frozen` boulders (sorted).
    fn table(
        &mut self,
        board: &Board,
        open_required: u64,
        frozen: &[u16],
        wall: &[bool],
    ) -> &[u64] {
        let key = (open_required, frozen.to_vec());
        if !self.tables.contains_key(&key) {
            if self.tables.len() >= ROUTE_TABLES {
                self.tables.clear();
            }
            let table = self.search(board, open_required, wall);
            self.tables.insert(key.clone(), table);
        }
        &self.tables[&key]
    }

    fn search(&mut self, board: &Board, open_required: u64, wall: &[bool]) -> Vec<u64> {
        let mut seen = vec![0u64; (board.len() * 4).div_ceil(64)];
        let mark = |seen: &mut [u64], i: usize| {
            let fresh = seen[i / 64] >> (i % 64) & 1 == 0;
            seen[i / 64] |= 1 << (i % 64);
            fresh
        };
        self.stack.clear();
        for (k, &h) in board.holes.iter().enumerate() {
            if open_required >> k & 1 == 1 {
                for side in 0..4 {
                    let i = h as usize * 4 + side;
                    if mark(&mut seen, i) {
                        self.stack.push(i as u32);
                    }
                }
            }
        }
        // The same moves as `next_fill`'s table.
        while let Some(state) = self.stack.pop() {
            let (to, side) = ((state / 4) as u16, (state % 4) as usize);
            let from = board.step(to, side);
            if !board.boulder_may_enter(from) || wall[from as usize] {
                continue;
            }
            let pusher = board.step(from, side);
            if !board.player_may_stand(pusher) || wall[pusher as usize] {
                continue;
            }
            let linked = board.linked_sides(from, side);
            for before in 0..4 {
                let i = from as usize * 4 + before;
                if linked >> before & 1 == 1 && mark(&mut seen, i) {
                    self.stack.push(i as u32);
                }
            }
        }
        seen
    }
}

/// A state's boulders for [`Guide::next_fill`]: the `frozen` ones never move again (walls
/// to it), and `sides[i]` are the sides of `movable[i]` the player can get to (see
/// `reachable_sides`). Both lists are sorted.
#[derive(Clone, Copy)]
pub struct Boulders<'a> {
    pub frozen: &'a [u16],
    pub movable: &'a [u16],
    pub sides: &'a [u8],
}

/// A movable boulder being priced by [`Guide::next_fill`].
struct Slot {
    b: u16,
    /// Sides the player can get to (see `reachable_sides`).
    sides: u8,
    /// Pushes to fill a hole, as far as the table is settled.
    price: u32,
}

const NO_SLOT: u16 = u16::MAX;

/// Best candidates whose first turn is checked with a walk.
const TURN_CHECKS: usize = 2;

/// Extra price of a first turn the player cannot walk to: about one push to clear the
/// way. Measured on the 8 maps: 2 and 3 take soko3-2 from 219k states to 14k; 1 is too
/// weak (146k), and 4 or `in_the_way` (8) lose soko1-2 or soko3-2 in plateaus.
const TURN_DETOUR: u32 = 2;

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
    pub fn new(in_the_way: u32, forward: bool, check_turns: bool) -> Guide {
        Guide {
            in_the_way,
            forward,
            check_turns,
            ..Guide::default()
        }
    }

    /// Estimates the next fill, or `None` if fewer movable boulders than open required
    /// holes have a route to one (a proven deadlock). `reach` is the player's walk in this
    /// state.
    pub fn next_fill(
        &mut self,
        board: &Board,
        occ: &[u8],
        open_required: u64,
        boulders: Boulders,
        reach: &Walker,
    ) -> Option<Estimate> {
        let Boulders {
            frozen,
            movable,
            sides,
        } = boulders;
        let n = board.len();
        self.dist.reset(n * 4);
        self.wall.clear();
        self.wall.resize(n, false);
        for &b in frozen {
            self.wall[b as usize] = true;
        }
        for bucket in &mut self.buckets {
            bucket.clear();
        }
        let push = enqueue;
        for (k, &h) in board.holes.iter().enumerate() {
            if open_required >> k & 1 == 1 {
                for side in 0..4 {
                    self.dist.set(h as usize * 4 + side, 0);
                    push(&mut self.buckets, 0, h as u32 * 4 + side as u32);
                }
            }
        }
        let in_the_way = self.in_the_way;
        // Each movable boulder's price: its first push, which is exact (from a square the
        // player reaches now, into a free square), or failing that its best side plus a
        // detour.
        if self.slot_of.len() != n {
            self.slot_of = vec![NO_SLOT; n];
        }
        self.slots.clear();
        for (i, &b) in movable.iter().enumerate() {
            self.slot_of[b as usize] = i as u16;
            // Into a hole that must be filled: a hole off the way (one in a room) would stop
            // the table before any boulder with a route is priced.
            let into_hole = (0..4).any(|dir| {
                let (pusher, to) = (board.step(b, (dir + 2) % 4), board.step(b, dir));
                reach.reached(pusher)
                    && occ[to as usize] == OPEN_HOLE
                    && board.hole_id[to as usize].is_some_and(|k| open_required >> k & 1 == 1)
            });
            self.slots.push(Slot {
                b,
                sides: sides[i],
                price: if into_hole { 1 } else { u32::MAX },
            });
        }
        // The table is searched only until the prices that matter are settled: the best
        // one, or the `FORWARD_CANDIDATES` to price again and the one after. Whether a
        // boulder has a route at all (the deadlock test below) comes from the board's
        // lone-boulder routes when no boulder is frozen, else from `routes`.
        let any_frozen = !frozen.is_empty();
        let wanted = if self.forward {
            FORWARD_CANDIDATES + 1
        } else {
            1
        };
        let mut d = 0;
        while d < self.buckets.len() {
            if self.slots.iter().filter(|s| s.price <= d as u32).count() >= wanted {
                break;
            }
            while let Some(state) = self.buckets[d].pop() {
                let (to, side) = ((state / 4) as u16, (state % 4) as usize);
                if self.dist[state as usize] != d as u32 {
                    continue;
                }
                // The boulder was on `from` and the player pushed it from `pusher`.
                let from = board.step(to, side);
                let pusher = board.step(from, side);
                self.settle_prices(board, occ, reach, (to, side, from, pusher), d as u32);
                if !board.boulder_may_enter(from) || self.wall[from as usize] {
                    continue;
                }
                if !board.player_may_stand(pusher) || self.wall[pusher as usize] {
                    continue;
                }
                let next = d as u32 + push_price(occ, to, d as u32, in_the_way);
                let linked = board.linked_sides(from, side);
                for before in 0..4 {
                    let s = from as usize * 4 + before;
                    if linked >> before & 1 == 1 && next < self.dist[s] {
                        self.dist.set(s, next);
                        push(&mut self.buckets, next, s as u32);
                    }
                }
            }
            d += 1;
        }
        // Each open required hole needs its own boulder with a route there; routes only
        // close for good at walls and frozen boulders, so too few routes is a deadlock.
        // The shared reverse table cannot charge for a boulder standing where the player
        // must push from (the moving boulder's own square would be charged too), so the
        // best candidates by that table are priced again one by one, forward, with it.
        let mut usable = 0;
        self.candidates.clear();
        let routes = if any_frozen {
            self.routes.table(board, open_required, frozen, &self.wall)
        } else {
            &[]
        };
        for slot in &self.slots {
            self.slot_of[slot.b as usize] = NO_SLOT;
            let routed = (0..4).any(|s| {
                let i = slot.b as usize * 4 + s;
                slot.sides >> s & 1 == 1
                    && if any_frozen {
                        routes[i / 64] >> (i % 64) & 1 == 1
                    } else {
                        board.sink_sets[i] & open_required != 0
                    }
            });
            if routed {
                usable += 1;
                self.candidates.push((slot.price, slot.b));
            }
        }
        self.candidates.sort_unstable();
        let mut detoured = [u16::MAX; TURN_CHECKS];
        if self.check_turns {
            for (i, detour) in detoured.iter_mut().enumerate() {
                let Some(&(price, b)) = self.candidates.get(i) else {
                    break;
                };
                if self.turn_blocked(board, occ, reach, b, price) {
                    self.candidates[i].0 = price.saturating_add(TURN_DETOUR);
                    *detour = b;
                }
            }
            self.candidates.sort_unstable();
        }
        let mut best = u32::MAX;
        for i in 0..self.candidates.len() {
            let (optimistic, b) = self.candidates[i];
            if optimistic >= best || i >= FORWARD_CANDIDATES || !self.forward {
                best = best.min(optimistic);
                break;
            }
            let detour = if detoured.contains(&b) {
                TURN_DETOUR
            } else {
                0
            };
            best = best.min(
                self.forward(board, occ, open_required, b, reach)
                    .saturating_add(detour),
            );
        }
        // Boulders shut in for good count against the deadlock test only: charged to the
        // spares that steer too, they sent soko1-2 from 11k states to 15k.
        let routed = self.candidates.iter().map(|&(_, b)| b);
        let lost = self.sealed.lost(board, occ, open_required, reach, routed);
        let open = open_required.count_ones();
        // Lazily: `usable - open` would underflow on a dead state.
        let estimate = (usable - lost >= open && best < INF as u32).then(|| Estimate {
            next_fill: best,
            spare: usable - open,
        });
        if estimate.is_none() {
            self.last_dead = Some(if usable - lost < open {
                Deadlock::TooFewBoulders { usable, lost, open }
            } else {
                Deadlock::NoNextFill
            });
        }
        estimate
    }

    /// Whether `b`'s first push at `price` leads only to second pushes (by the table) whose
    /// pushing square the player cannot walk to once `b` has moved, with every other
    /// boulder in place. The table links a boulder's sides by lone-boulder regions, blind
    /// to the others, so such a turn looks free to it.
    fn turn_blocked(
        &mut self,
        board: &Board,
        occ: &[u8],
        reach: &Walker,
        b: u16,
        price: u32,
    ) -> bool {
        if price <= 1 || price == u32::MAX {
            return false;
        }
        let mut any_first = false;
        for dir1 in 0..4 {
            let s1 = (dir1 + 2) % 4;
            let (pusher1, to1) = (board.step(b, s1), board.step(b, dir1));
            if !reach.reached(pusher1)
                || !board.boulder_may_enter(to1)
                || occ[to1 as usize] != FREE
                || self.dist[to1 as usize * 4 + s1].saturating_add(1) != price
            {
                continue;
            }
            any_first = true;
            let d1 = price - 1;
            // The table's best continuations from (to1, s1).
            let mut turns = 0u8;
            for side2 in 0..4 {
                if board.linked_sides(to1, side2) >> s1 & 1 == 0 {
                    continue;
                }
                let pusher2 = board.step(to1, side2);
                let t2 = board.step(to1, (side2 + 2) % 4);
                if !board.player_may_stand(pusher2) || self.wall[pusher2 as usize] {
                    continue;
                }
                let d2 = self.dist[t2 as usize * 4 + side2];
                if d2 == u32::MAX {
                    continue;
                }
                if d2 + push_price(occ, t2, d2, self.in_the_way) != d1 {
                    continue;
                }
                if side2 == s1 {
                    return false; // straight on: the player is already behind it
                }
                turns |= 1 << side2;
            }
            if turns == 0 {
                continue;
            }
            self.turn_occ.clear();
            self.turn_occ.extend_from_slice(occ);
            self.turn_occ[b as usize] = FREE;
            self.turn_occ[to1 as usize] = BOULDER;
            if self.turn_walker.dist.len() != board.len() {
                self.turn_walker = Walker::new(board.len());
            }
            self.turn_walker.flood(board, &self.turn_occ, b);
            if (0..4).any(|side2| {
                turns >> side2 & 1 == 1 && self.turn_walker.reached(board.step(to1, side2))
            }) {
                return false;
            }
        }
        any_first
    }

    /// Prices the boulders the reverse table's newly settled state (`to`, `side`) at
    /// distance `d` tells about: a boulder on `to` with `side` in reach costs `d` plus a
    /// detour; a boulder on `from` pushed from `pusher`, which the player reaches now, into
    /// a free `to` costs `d + 1`.
    fn settle_prices(
        &mut self,
        board: &Board,
        occ: &[u8],
        reach: &Walker,
        (to, side, from, pusher): (u16, usize, u16, u16),
        d: u32,
    ) {
        let on_to = self.slot_of[to as usize];
        if on_to != NO_SLOT {
            let slot = &mut self.slots[on_to as usize];
            if slot.sides >> side & 1 == 1 {
                slot.price = slot.price.min(d.saturating_add(self.in_the_way));
            }
        }
        let on_from = self.slot_of[from as usize];
        if on_from != NO_SLOT
            && reach.reached(pusher)
            && board.boulder_may_enter(to)
            && occ[to as usize] != BOULDER
        {
            let slot = &mut self.slots[on_from as usize];
            slot.price = slot.price.min(d + 1);
        }
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
        self.forward_dist.reset(n * 4);
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
                self.forward_dist.set(state, d);
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
                        self.forward_dist.set(s, next);
                        push(buckets, next, s as u32);
                    }
                }
            }
            d += 1;
        }
        u32::MAX
    }
}

/// The reverse table's price of a push onto `to`, at distance `d` from a hole: 1, plus
/// `in_the_way` when a boulder or an open hole is there (another boulder may fill it
/// first), except for the push into the hole itself (`d` 0).
fn push_price(occ: &[u8], to: u16, d: u32, in_the_way: u32) -> u32 {
    let taken = occ[to as usize] == BOULDER || occ[to as usize] == OPEN_HOLE;
    1 + if d != 0 && taken { in_the_way } else { 0 }
}

/// Distances, all `u32::MAX` after a reset, which costs only the entries set since the
/// last one (a search touches a fraction of the board's (square, side) states).
#[derive(Default)]
struct Distances {
    value: Vec<u32>,
    touched: Vec<u32>,
}

impl Distances {
    fn reset(&mut self, len: usize) {
        if self.value.len() == len {
            for &i in &self.touched {
                self.value[i as usize] = u32::MAX;
            }
        } else {
            self.value.clear();
            self.value.resize(len, u32::MAX);
        }
        self.touched.clear();
    }

    fn set(&mut self, i: usize, v: u32) {
        if self.value[i] == u32::MAX {
            self.touched.push(i as u32);
        }
        self.value[i] = v;
    }
}

impl std::ops::Index<usize> for Distances {
    type Output = u32;

    fn index(&self, i: usize) -> &u32 {
        &self.value[i]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_nethack;
    use crate::walk::load_occ;

    /// The guide's next-fill estimate for `map`'s start, all boulders movable.
    fn estimate(map: &str, check_turns: bool) -> u32 {
        let board = Board::new(&parse_nethack("t", map).unwrap());
        let mut occ = vec![0; board.len()];
        load_occ(&board, &mut occ, &board.boulders, 0);
        let mut reach = Walker::new(board.len());
        reach.walk(&board, &occ, board.player);
        let mut guide = Guide::new(8, false, check_turns);
        let open = board.required_holes;
        let movable = board.boulders.clone();
        let sides: Vec<u8> = movable
            .iter()
            .map(|&b| reachable_sides(&board, b, board.player))
            .collect();
        let boulders = Boulders {
            frozen: &[],
            movable: &movable,
            sides: &sides,
        };
        guide
            .next_fill(&board, &occ, open, boulders, &reach)
            .unwrap()
            .next_fill
    }

    // The boulder right of the player goes right once, then down twice into the hole. The
    // turn needs the player on (3,1), which the upper boulder walls off (its square and a
    // squeeze between the two boulders); lone-boulder regions ignore it.
    const BLOCKED_TURN: &str = "\
-------
|.0...|
|@0...|
|--.---
  |^|
  |<|
  ---";

    #[test]
    fn a_turn_walled_off_by_another_boulder_costs_a_detour() {
        assert_eq!(estimate(BLOCKED_TURN, false), 3);
        assert_eq!(estimate(BLOCKED_TURN, true), 3 + TURN_DETOUR);
    }

    #[test]
    fn a_free_turn_costs_nothing_more() {
        let free = BLOCKED_TURN.replacen("|.0...|", "|.....|", 1);
        assert_eq!(estimate(&free, false), 3);
        assert_eq!(estimate(&free, true), 3);
    }

    #[test]
    fn a_hole_off_the_way_does_not_hide_the_boulders_with_routes() {
        // A boulder ready to drop into a hole in the room (no way crosses it) once stopped
        // the table before any boulder with a route to the corridor's holes was priced, so
        // the start of this solvable level was taken for a deadlock (found by the random
        // levels of `search::tests::pruning_keeps_every_verdict`).
        let map = "\
----------------
|....^0..-------
|-00..@..-------
|...0....-------
|..0.....-------
|.....0..-------
|...-.-..^^^..<|
----------------";
        // The lowest boulder: right twice, down once, then right into the first hole.
        assert_eq!(estimate(map, false), 4);
    }
}
