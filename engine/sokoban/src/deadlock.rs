//! Lower bounds and deadlock tests. Everything here must stay sound: a state is only
//! declared dead when no sequence of legal moves can finish from it.

use crate::board::{dir_x, dir_y, reachable_sides, Board, Terrain, BOULDER, INF};
use crate::guide::{Boulders, Guide};
use crate::puzzle::Rules;
use crate::verdict::Deadlock;
use crate::walk::Walker;

/// Frozen-cluster recursion stops here and answers "not frozen" (the safe answer).
const MAX_FREEZE_DEPTH: usize = 4;

/// A boulder is frozen when it can never move again: both axes are blocked by walls
/// or by other boulders that are themselves frozen (assuming this one stays put).
pub fn is_frozen(board: &Board, occ: &[u8], b: u16, assumed: &mut Vec<u16>) -> bool {
    if assumed.len() >= MAX_FREEZE_DEPTH {
        return false;
    }
    assumed.push(b);
    let frozen =
        axis_blocked(board, occ, b, 0, 2, assumed) && axis_blocked(board, occ, b, 1, 3, assumed);
    assumed.pop();
    frozen
}

fn axis_blocked(
    board: &Board,
    occ: &[u8],
    b: u16,
    d1: usize,
    d2: usize,
    assumed: &mut Vec<u16>,
) -> bool {
    let (a, z) = (board.step(b, d1), board.step(b, d2));
    let toward_a = board.boulder_may_enter(a) && board.player_may_stand(z);
    let toward_z = board.boulder_may_enter(z) && board.player_may_stand(a);
    if !toward_a && !toward_z {
        return true;
    }
    // Both directions need both neighbours free at some point.
    never_free(board, occ, a, assumed) || never_free(board, occ, z, assumed)
}

fn never_free(board: &Board, occ: &[u8], c: u16, assumed: &mut Vec<u16>) -> bool {
    match board.terrain[c as usize] {
        Terrain::Wall | Terrain::Blocked => true,
        _ if assumed.contains(&c) => true,
        _ if occ[c as usize] == BOULDER => is_frozen(board, occ, c, assumed),
        _ => false,
    }
}

/// Minimum-cost assignment of every row to a distinct column (Hungarian method),
/// with reusable buffers. Costs of `INF` mark impossible pairs.
#[derive(Default)]
pub struct Assignment {
    u: Vec<i64>,
    v: Vec<i64>,
    p: Vec<usize>,
    way: Vec<usize>,
    minv: Vec<i64>,
    used: Vec<bool>,
    matrix: Vec<i64>,
    owner: Vec<usize>,
    seen: Vec<bool>,
    masks: Vec<u64>,
    pending: Vec<usize>,
}

const BIG: i64 = 1 << 40;

impl Assignment {
    /// Whether every row can get a distinct column it accepts (Kuhn's augmenting paths).
    /// Asks `ok` once per pair; up to 64 columns, rows are column bit sets.
    pub fn feasible(
        &mut self,
        rows: usize,
        cols: usize,
        ok: impl Fn(usize, usize) -> bool,
    ) -> bool {
        if rows > cols {
            return false;
        }
        if cols > 64 {
            return self.feasible_wide(rows, cols, ok);
        }
        self.masks.clear();
        for row in 0..rows {
            let mask = (0..cols)
                .filter(|&c| ok(row, c))
                .fold(0u64, |m, c| m | 1 << c);
            if mask == 0 {
                return false;
            }
            self.masks.push(mask);
        }
        self.owner.clear();
        self.owner.resize(cols, usize::MAX);
        // Most rows find a free column at once; only the rest need augmenting paths.
        let mut free = if cols == 64 {
            u64::MAX
        } else {
            (1 << cols) - 1
        };
        self.pending.clear();
        for (row, &mask) in self.masks.iter().enumerate() {
            if mask & free != 0 {
                let col = (mask & free).trailing_zeros() as usize;
                free &= !(1 << col);
                self.owner[col] = row;
            } else {
                self.pending.push(row);
            }
        }
        for i in 0..self.pending.len() {
            let mut seen = 0u64;
            if !augment_mask(self.pending[i], &self.masks, &mut self.owner, &mut seen) {
                return false;
            }
        }
        true
    }

    fn feasible_wide(
        &mut self,
        rows: usize,
        cols: usize,
        ok: impl Fn(usize, usize) -> bool,
    ) -> bool {
        self.owner.clear();
        self.owner.resize(cols, usize::MAX);
        for row in 0..rows {
            self.seen.clear();
            self.seen.resize(cols, false);
            if !augment(row, cols, &ok, &mut self.owner, &mut self.seen) {
                return false;
            }
        }
        true
    }

    /// Returns `None` when some row cannot get a column at finite cost.
    pub fn solve(
        &mut self,
        rows: usize,
        cols: usize,
        cost: impl Fn(usize, usize) -> u16,
    ) -> Option<u32> {
        if rows == 0 {
            return Some(0);
        }
        if rows > cols {
            return None;
        }
        self.matrix.clear();
        for i in 0..rows {
            let mut any = false;
            for j in 0..cols {
                let x = cost(i, j);
                any |= x != INF;
                self.matrix.push(if x == INF { BIG } else { x as i64 });
            }
            if !any {
                return None; // no boulder can ever reach this sink
            }
        }
        let matrix = std::mem::take(&mut self.matrix);
        let c = |i: usize, j: usize| matrix[i * cols + j];
        self.u.clear();
        self.u.resize(rows + 1, 0);
        self.v.clear();
        self.v.resize(cols + 1, 0);
        self.p.clear();
        self.p.resize(cols + 1, 0);
        self.way.clear();
        self.way.resize(cols + 1, 0);
        for i in 1..=rows {
            self.p[0] = i;
            let mut j0 = 0;
            self.minv.clear();
            self.minv.resize(cols + 1, i64::MAX);
            self.used.clear();
            self.used.resize(cols + 1, false);
            loop {
                self.used[j0] = true;
                let i0 = self.p[j0];
                let mut delta = i64::MAX;
                let mut j1 = 0;
                for j in 1..=cols {
                    if self.used[j] {
                        continue;
                    }
                    let cur = c(i0 - 1, j - 1) - self.u[i0] - self.v[j];
                    if cur < self.minv[j] {
                        self.minv[j] = cur;
                        self.way[j] = j0;
                    }
                    if self.minv[j] < delta {
                        delta = self.minv[j];
                        j1 = j;
                    }
                }
                for j in 0..=cols {
                    if self.used[j] {
                        self.u[self.p[j]] += delta;
                        self.v[j] -= delta;
                    } else {
                        self.minv[j] -= delta;
                    }
                }
                j0 = j1;
                if self.p[j0] == 0 {
                    break;
                }
            }
            loop {
                let j1 = self.way[j0];
                self.p[j0] = self.p[j1];
                j0 = j1;
                if j0 == 0 {
                    break;
                }
            }
        }
        let mut total = 0i64;
        for j in 1..=cols {
            if self.p[j] != 0 {
                total += c(self.p[j] - 1, j - 1);
            }
        }
        self.matrix = matrix;
        (total < BIG).then_some(total as u32)
    }
}

/// Lower bounds for a live state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// Pushes still needed (admissible).
    pub total: u32,
    /// Estimated pushes until the next hole is filled (guided NetHack searches; classic:
    /// `total`; otherwise 0). Steers only: not a bound.
    pub next: u32,
    /// Open required holes (0 in classic mode); fewer means more progress.
    pub tier: u32,
    /// Guided NetHack states: boulders with a route to a hole beyond one per open hole.
    pub spare: u32,
}

fn augment(
    row: usize,
    cols: usize,
    ok: &impl Fn(usize, usize) -> bool,
    owner: &mut [usize],
    seen: &mut [bool],
) -> bool {
    for col in 0..cols {
        if seen[col] || !ok(row, col) {
            continue;
        }
        seen[col] = true;
        if owner[col] == usize::MAX || augment(owner[col], cols, ok, owner, seen) {
            owner[col] = row;
            return true;
        }
    }
    false
}

/// [`augment`] over column bit sets: `seen` marks the columns this search has tried.
fn augment_mask(row: usize, masks: &[u64], owner: &mut [usize], seen: &mut u64) -> bool {
    let mut untried = masks[row] & !*seen;
    while untried != 0 {
        let col = untried.trailing_zeros() as usize;
        untried &= untried - 1;
        *seen |= 1 << col;
        if owner[col] == usize::MAX || augment_mask(owner[col], masks, owner, seen) {
            owner[col] = row;
            return true;
        }
    }
    false
}

/// Scratch buffers for evaluating states.
#[derive(Default)]
pub struct Evaluator {
    assignment: Assignment,
    assumed: Vec<u16>,
    movable: Vec<u16>,
    frozen: Vec<u16>,
    rows: Vec<usize>,
    /// Per movable boulder: the holes it has a lone-boulder route to.
    hole_sets: Vec<u64>,
    /// Per boulder, bit `s` set when the player can get to side `s` of it.
    sides: Vec<u8>,
    closure: Closure,
    /// Compute the exact matching bound; otherwise NetHack states only get its feasibility.
    exact: bool,
    /// NetHack hole-by-hole search: `next` comes from the obstacle-aware guide.
    guide: Option<Guide>,
    /// Why the last state [`Evaluator::evaluate`] proved dead is dead.
    pub last_dead: Option<Deadlock>,
}

/// Over-approximates where the player can ever go: flood from the player, letting it pass
/// any boulder it could push at least once (its far side free or itself passable), until
/// nothing changes. Boulders never made passable can never move.
#[derive(Default)]
struct Closure {
    stamp: u32,
    reached: Vec<u32>,
    passable: Vec<u32>,
    stack: Vec<u16>,
}

impl Closure {
    fn reached(&self, c: u16) -> bool {
        self.reached[c as usize] == self.stamp
    }

    fn passable(&self, c: u16) -> bool {
        self.passable[c as usize] == self.stamp
    }

    /// `stuck` boulders (frozen) are never made passable.
    fn run(&mut self, board: &Board, occ: &[u8], player: u16, boulders: &[u16], stuck: &[u16]) {
        if self.reached.len() != board.len() {
            self.reached = vec![0; board.len()];
            self.passable = vec![0; board.len()];
            self.stamp = 0;
        }
        self.stamp += 1;
        let dirs = if board.rules == Rules::NetHack { 8 } else { 4 };
        self.stack.clear();
        self.stack.push(player);
        self.reached[player as usize] = self.stamp;
        loop {
            while let Some(c) = self.stack.pop() {
                for dir in 0..dirs {
                    let n = board.step(c, dir);
                    if self.reached(n) || !board.player_may_stand(n) {
                        continue;
                    }
                    if occ[n as usize] == BOULDER && !self.passable(n) {
                        continue;
                    }
                    if dir >= 4 {
                        let rock = |x: u16| {
                            board.terrain[x as usize] == Terrain::Wall
                                || (occ[x as usize] == BOULDER && !self.passable(x))
                        };
                        if board.terrain[c as usize] == Terrain::Door
                            || board.terrain[n as usize] == Terrain::Door
                            || (rock(board.step(c, dir_x(dir))) && rock(board.step(c, dir_y(dir))))
                        {
                            continue;
                        }
                    }
                    self.reached[n as usize] = self.stamp;
                    self.stack.push(n);
                }
            }
            let mut changed = false;
            for &b in boulders {
                if self.passable(b) || stuck.contains(&b) {
                    continue;
                }
                let pushable = (0..4).any(|d| {
                    let (behind, ahead) = (board.step(b, (d + 2) % 4), board.step(b, d));
                    self.reached(behind)
                        && board.boulder_may_enter(ahead)
                        && (occ[ahead as usize] != BOULDER || self.passable(ahead))
                });
                if pushable {
                    self.passable[b as usize] = self.stamp;
                    changed = true;
                    // Re-flood from the neighbours that already touch it.
                    for d in 0..dirs {
                        let n = board.step(b, d);
                        if self.reached(n) {
                            self.stack.push(n);
                        }
                    }
                }
            }
            if !changed {
                return;
            }
        }
    }
}

/// Fewest pushes for boulder `b` into sink `k` with the player able to reach `sides` of it.
fn sink_cost(board: &Board, k: usize, b: u16, sides: u8) -> u16 {
    if board.sinks[k] == b {
        return 0; // already there, even if the player can never get next to it
    }
    let dist = &board.sink_dist[k][b as usize * 4..b as usize * 4 + 4];
    (0..4)
        .filter(|s| sides >> s & 1 == 1)
        .map(|s| dist[s])
        .min()
        .unwrap_or(INF)
}

impl Evaluator {
    /// `exact`: compute the matching bound (else NetHack states get its feasibility only);
    /// `guide`: NetHack `next` values from the obstacle-aware [`Guide`].
    pub fn new(exact: bool, guide: Option<Guide>) -> Evaluator {
        Evaluator {
            exact,
            guide,
            ..Evaluator::default()
        }
    }

    /// NetHack: whether the state is dead for good, checked when it is about to be expanded
    /// (one state in seven generated is): the player can never reach a target however the
    /// boulders move, or fewer boulders than `open_required` holes can ever move.
    pub fn shut_in(
        &mut self,
        board: &Board,
        occ: &[u8],
        boulders: &[u16],
        player: u16,
        open_required: u32,
    ) -> bool {
        self.frozen.clear();
        for &b in boulders {
            self.assumed.clear();
            if is_frozen(board, occ, b, &mut self.assumed) {
                self.frozen.push(b);
            }
        }
        self.closure.run(board, occ, player, boulders, &self.frozen);
        let closure = &self.closure;
        let can_move = boulders.iter().filter(|&&b| closure.passable(b)).count();
        !board.targets.iter().any(|&t| closure.reached(t)) || (can_move as u32) < open_required
    }

    /// Whether every open required hole (`rows`) can get its own movable boulder with a
    /// lone-boulder route to it from a side the player can reach (`sides`).
    fn routes_feasible(&mut self, board: &Board) -> bool {
        let (rows, movable, sides) = (&self.rows, &self.movable, &self.sides);
        self.hole_sets.clear();
        self.hole_sets
            .extend(movable.iter().zip(sides).map(|(&b, &s)| {
                (0..4)
                    .filter(|side| s >> side & 1 == 1)
                    .fold(0u64, |m, side| m | board.sink_sets[b as usize * 4 + side])
            }));
        let sets = &self.hole_sets;
        // A boulder already on its sink costs 0 whatever its sides (see `sink_cost`).
        self.assignment.feasible(rows.len(), movable.len(), |i, j| {
            sets[j] >> rows[i] & 1 == 1 || board.sinks[rows[i]] == movable[j]
        })
    }

    /// Lower bounds on the pushes still needed, or `None` if the state is a proven deadlock.
    /// `occ` must describe `boulders` and the open holes; `reach` is the player's walk in
    /// this state. Without `self.exact`, NetHack states get only a feasibility test for `total`.
    /// `moved_to` is where the last push left its boulder (`None` for the root or a fill).
    pub fn evaluate(
        &mut self,
        board: &Board,
        occ: &[u8],
        boulders: &[u16],
        filled: u64,
        moved_to: Option<u16>,
        reach: &Walker,
    ) -> Option<Bound> {
        let player = reach.start();
        self.movable.clear();
        self.frozen.clear();
        for &b in boulders {
            self.assumed.clear();
            if is_frozen(board, occ, b, &mut self.assumed) {
                self.frozen.push(b);
            } else {
                self.movable.push(b);
            }
        }
        match board.rules {
            Rules::Classic => {
                if self.frozen.iter().any(|&b| !board.is_target[b as usize]) {
                    self.last_dead = Some(Deadlock::StuckOffGoal);
                    return None;
                }
                self.closure.run(board, occ, player, boulders, &self.frozen);
                let closure = &self.closure;
                if boulders
                    .iter()
                    .any(|&b| !closure.passable(b) && !board.is_target[b as usize])
                {
                    self.last_dead = Some(Deadlock::StuckOffGoal);
                    return None; // a box that can never move is off its goal
                }
                self.sides.clear();
                self.sides
                    .extend(boulders.iter().map(|&b| reachable_sides(board, b, player)));
                let sides = &self.sides;
                let Some(total) =
                    self.assignment
                        .solve(board.sink_dist.len(), boulders.len(), |i, j| {
                            sink_cost(board, i, boulders[j], sides[j])
                        })
                else {
                    self.last_dead = Some(Deadlock::NoMatching);
                    return None;
                };
                Some(Bound {
                    total,
                    next: total,
                    tier: 0,
                    spare: 0,
                })
            }
            Rules::NetHack => {
                // The closure (the costliest test) waits until the state is expanded: see
                // `shut_in`. Measured on the 8 maps, it pruned almost nothing at generation.
                let _ = moved_to;
                self.rows.clear();
                let open_required = board.required_holes & !filled;
                self.rows
                    .extend((0..board.holes.len()).filter(|k| open_required >> k & 1 == 1));
                self.sides.clear();
                self.sides.extend(
                    self.movable
                        .iter()
                        .map(|&b| reachable_sides(board, b, player)),
                );
                // A boulder that, even alone on the level, can never be pushed out of the
                // player's way to a target blocks it for good (a boulder dropped in the
                // corridor past the holes, above the door it would jam).
                let blocks =
                    |b: u16, sides: u8, ways: &[u8]| sides != 0 && sides & ways[b as usize] == 0;
                if self
                    .movable
                    .iter()
                    .zip(&self.sides)
                    .any(|(&b, &s)| blocks(b, s, &board.way_out))
                    || self
                        .frozen
                        .iter()
                        .any(|&b| blocks(b, reachable_sides(board, b, player), &board.target_sides))
                {
                    self.last_dead = Some(Deadlock::WayBlocked);
                    return None;
                }
                // Holes are filled one after another along the way, so the hole-by-hole
                // search steers by the guide's next fill and needs the matching only as a
                // deadlock test, for which feasibility is enough. It goes first: it is
                // cheaper than the guide and catches most dead states (soko1-1: 16k of 17k).
                if !self.exact && !self.routes_feasible(board) {
                    self.last_dead = Some(Deadlock::NoMatching);
                    return None;
                }
                let (rows, movable, sides) = (&self.rows, &self.movable, &self.sides);
                let cost = |i: usize, j: usize| sink_cost(board, rows[i], movable[j], sides[j]);
                let (mut next, mut spare) = (0, 0);
                if let Some(guide) = self.guide.as_mut().filter(|_| open_required != 0) {
                    let boulders = Boulders {
                        frozen: &self.frozen,
                        movable,
                        sides,
                    };
                    let Some(estimate) =
                        guide.next_fill(board, occ, open_required, boulders, reach)
                    else {
                        self.last_dead = guide.last_dead;
                        return None;
                    };
                    (next, spare) = (estimate.next_fill, estimate.spare);
                }
                let total = if self.exact {
                    let Some(total) = self.assignment.solve(rows.len(), movable.len(), cost) else {
                        self.last_dead = Some(Deadlock::NoMatching);
                        return None;
                    };
                    total
                } else {
                    next
                };
                Some(Bound {
                    total,
                    next,
                    tier: rows.len() as u32,
                    spare,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assignment_finds_the_cheaper_pairing() {
        let costs = [[4u16, 1, 3], [2, 0, 5], [3, 2, 2]];
        let mut a = Assignment::default();
        assert_eq!(a.solve(3, 3, |i, j| costs[i][j]), Some(5)); // 1 + 2 + 2
    }

    #[test]
    fn feasibility_needs_distinct_columns() {
        let ok = [[true, false], [true, false]];
        let mut a = Assignment::default();
        assert!(!a.feasible(2, 2, |i, j| ok[i][j]));
        let ok = [[true, true], [true, false]];
        assert!(a.feasible(2, 2, |i, j| ok[i][j]));
    }

    #[test]
    fn assignment_rejects_impossible_rows() {
        let costs = [[INF, INF], [1, 2]];
        let mut a = Assignment::default();
        assert_eq!(a.solve(2, 2, |i, j| costs[i][j]), None);
        assert_eq!(a.solve(3, 2, |_, _| 0), None);
    }
}
