//! Solver-side board: the puzzle padded with a wall border, plus tables computed once per solve.

use crate::puzzle::{Cell, Puzzle, Rules, MAX_HOLES};

/// Marker for "cannot get there".
pub const INF: u16 = u16::MAX;

/// Occupancy codes in the search's scratch grid.
pub const FREE: u8 = 0;
pub const BOULDER: u8 = 1;
/// A hole that is still open.
pub const OPEN_HOLE: u8 = 2;

/// Terrain as the solver sees it; `Blocked` squares stop everyone but are not rock
/// for NetHack's diagonal-squeeze rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Wall,
    Blocked,
    Floor,
    Door,
    Hole,
}

pub struct Board {
    pub rules: Rules,
    pub terrain: Vec<Terrain>,
    /// Offsets for the 4 orthogonal directions (L, U, R, D), then the 4 diagonals.
    pub offsets: [isize; 8],
    pub boulders: Vec<u16>,
    pub player: u16,
    pub targets: Vec<u16>,
    pub is_target: Vec<bool>,
    /// Hole number of each square, if it is a hole.
    pub hole_id: Vec<Option<u8>>,
    pub holes: Vec<u16>,
    /// `region[c * len + x]`: the player's region containing `x` when a lone boulder sits
    /// on `c` (0 = not standable). Lets distances depend on which side the player is.
    pub region: Vec<u16>,
    /// Sinks are where boulders must go: goals (classic) or holes (NetHack).
    /// `sink_dist[k][c * 4 + side]`: fewest pushes moving a lone boulder from `c`, with the
    /// player next to it on `side` (direction index 0..4), into sink `k`.
    pub sink_dist: Vec<Vec<u16>>,
    /// The sink squares, in `sink_dist` order.
    pub sinks: Vec<u16>,
    /// `sink_sets[c * 4 + side]`: bit `k` set when `sink_dist[k][c * 4 + side]` is finite
    /// (sinks past 64 are left out; only NetHack's holes, at most 64, use it).
    pub sink_sets: Vec<u64>,
    /// NetHack: holes that every walk from the player to any target must cross.
    pub required_holes: u64,
    /// NetHack, per square `c`, bit `s`: with a lone boulder on `c` and the player on side
    /// `s` (holes walked on as if filled), the player can get to a target, at once or after
    /// pushing that boulder along or into a hole. A state where some boulder has no such
    /// side the player can reach is dead: with the other boulders gone, the level would be
    /// no easier for the player, so that boulder blocks it for good.
    pub way_out: Vec<u8>,
    /// NetHack, per square `c`, bit `s`: with a lone boulder left on `c` for good, the
    /// player on side `s` can get to a target.
    pub target_sides: Vec<u8>,
    /// `side_links[c * 4 + s]`: bit `t` set when, with a lone boulder on `c`, the player on
    /// side `s` can walk to side `t` (same region, both standable). A compact, cache-friendly
    /// view of `region` for the searches' inner loops.
    pub side_links: Vec<u8>,
    /// `walk_steps[walk_start[c]..walk_start[c + 1]]`: the player's moves out of `c` that the
    /// terrain alone allows (see [`WalkStep`]), so walks test only boulders.
    pub walk_start: Vec<u32>,
    pub walk_steps: Vec<WalkStep>,
}

/// One move of the player the terrain allows. The move also needs `to` free of boulders
/// and open holes; a diagonal one is a squeeze (forbidden) when both `corners` hold rock,
/// a wall corner being written as the other corner twice.
#[derive(Clone, Copy, Debug)]
pub struct WalkStep {
    pub to: u16,
    pub dir: u8,
    pub diagonal: bool,
    pub corners: [u16; 2],
}

impl Board {
    pub fn new(p: &Puzzle) -> Board {
        let width = p.width + 2;
        let height = p.height + 2;
        let pad = |i: usize| -> u16 {
            let (x, y) = (i % p.width, i / p.width);
            ((y + 1) * width + x + 1) as u16
        };
        let mut terrain = vec![Terrain::Wall; width * height];
        for (i, cell) in p.cells.iter().enumerate() {
            terrain[pad(i) as usize] = match cell {
                Cell::Wall => Terrain::Wall,
                Cell::Floor => Terrain::Floor,
                Cell::Door => Terrain::Door,
                Cell::Hole => Terrain::Hole,
            };
        }
        for &b in &p.blocked {
            let c = pad(b) as usize;
            if terrain[c] != Terrain::Wall {
                terrain[c] = Terrain::Blocked;
            }
        }
        let w = width as isize;
        let offsets = [-1, -w, 1, w, -w - 1, -w + 1, w - 1, w + 1];
        let mut hole_id = vec![None; terrain.len()];
        let mut holes = Vec::new();
        for (c, t) in terrain.iter().enumerate() {
            if *t == Terrain::Hole {
                hole_id[c] = Some(holes.len() as u8);
                holes.push(c as u16);
            }
        }
        let targets: Vec<u16> = p.targets.iter().map(|&t| pad(t)).collect();
        let mut is_target = vec![false; terrain.len()];
        for &t in &targets {
            is_target[t as usize] = true;
        }
        let mut boulders: Vec<u16> = p.boulders.iter().map(|&b| pad(b)).collect();
        boulders.sort_unstable();
        let mut board = Board {
            rules: p.rules,
            terrain,
            offsets,
            boulders,
            player: pad(p.player),
            targets,
            is_target,
            hole_id,
            holes,
            region: Vec::new(),
            sink_dist: Vec::new(),
            sinks: Vec::new(),
            sink_sets: Vec::new(),
            required_holes: 0,
            way_out: Vec::new(),
            target_sides: Vec::new(),
            side_links: Vec::new(),
            walk_start: Vec::new(),
            walk_steps: Vec::new(),
        };
        board.region = board.lone_boulder_regions();
        board.side_links = board.link_sides();
        (board.walk_start, board.walk_steps) = board.walk_table();
        let sinks = match board.rules {
            Rules::Classic => board.targets.clone(),
            Rules::NetHack => board.holes.clone(),
        };
        board.sink_dist = sinks.iter().map(|&s| board.pull_distances(s)).collect();
        board.sinks = sinks;
        board.sink_sets = (0..board.len() * 4)
            .map(|i| {
                (board.sink_dist.iter().take(MAX_HOLES).enumerate())
                    .filter(|(_, dist)| dist[i] != INF)
                    .fold(0, |m, (k, _)| m | 1 << k)
            })
            .collect();
        if board.rules == Rules::NetHack {
            board.required_holes = board.find_required_holes();
            (board.way_out, board.target_sides) = board.find_ways_out();
        }
        board
    }

    /// [`Board::way_out`] and [`Board::target_sides`]: the sides whose region holds a
    /// target, then every side from which the player can push the lone boulder, one push
    /// at a time, to a square with such a side in its region, or into a hole, until nothing
    /// changes.
    fn find_ways_out(&self) -> (Vec<u8>, Vec<u8>) {
        let n = self.len();
        let mut target_sides = vec![0u8; n];
        let mut way_out = vec![0u8; n];
        for c in 0..n as u16 {
            if !self.boulder_may_enter(c) {
                continue;
            }
            for s in 0..4 {
                let r = self.region_of(c, self.step(c, s));
                if r != 0 && self.targets.iter().any(|&t| self.region_of(c, t) == r) {
                    target_sides[c as usize] |= 1 << s;
                }
            }
            way_out[c as usize] = if self.terrain[c as usize] == Terrain::Hole {
                0b1111 // the boulder drops in, or rests on a filled hole: optimistic
            } else {
                target_sides[c as usize]
            };
        }
        let mut changed = true;
        while changed {
            changed = false;
            for c in 0..n as u16 {
                if !self.boulder_may_enter(c) {
                    continue;
                }
                for s in 0..4 {
                    let linked = self.linked_sides(c, s);
                    if way_out[c as usize] >> s & 1 == 1 || linked == 0 {
                        continue;
                    }
                    // From side t the player pushes the boulder to `to`, and stands on
                    // side t of it.
                    let out = linked & way_out[c as usize] != 0
                        || (0..4).filter(|t| linked >> t & 1 == 1).any(|t| {
                            let to = self.step(c, (t + 2) % 4);
                            self.boulder_may_enter(to) && way_out[to as usize] >> t & 1 == 1
                        });
                    if out {
                        way_out[c as usize] |= 1 << s;
                        changed = true;
                    }
                }
            }
        }
        (way_out, target_sides)
    }

    pub fn len(&self) -> usize {
        self.terrain.len()
    }

    /// Column and row of square `c` (`offsets[3]`, a step down, is the row length).
    pub fn xy(&self, c: u16) -> (i32, i32) {
        let w = self.offsets[3] as i32;
        (c as i32 % w, c as i32 / w)
    }

    /// The puzzle's index of square `c` (the board pads the puzzle with a wall all round).
    pub fn puzzle_index(&self, c: u16) -> usize {
        let (x, y) = self.xy(c);
        let width = self.offsets[3] as usize - 2;
        (y as usize - 1) * width + x as usize - 1
    }

    /// The square of the puzzle's index `i` (the inverse of [`Board::puzzle_index`]).
    pub fn board_index(&self, i: usize) -> u16 {
        let width = self.offsets[3] as usize - 2;
        ((i / width + 1) * (width + 2) + i % width + 1) as u16
    }

    pub fn step(&self, c: u16, dir: usize) -> u16 {
        (c as isize + self.offsets[dir]) as u16
    }

    /// A boulder may ever rest on this square (holes swallow it, doors stop it).
    pub fn boulder_may_enter(&self, c: u16) -> bool {
        matches!(self.terrain[c as usize], Terrain::Floor | Terrain::Hole)
    }

    /// The player may ever stand here (holes only once filled).
    pub fn player_may_stand(&self, c: u16) -> bool {
        matches!(
            self.terrain[c as usize],
            Terrain::Floor | Terrain::Door | Terrain::Hole
        )
    }

    /// Labels the player's regions around a lone boulder on each square.
    fn lone_boulder_regions(&self) -> Vec<u16> {
        let n = self.len();
        let mut region = vec![0u16; n * n];
        let mut stack = Vec::new();
        let dirs = if self.rules == Rules::NetHack { 8 } else { 4 };
        for c in 0..n as u16 {
            if !self.boulder_may_enter(c) {
                continue;
            }
            let labels = &mut region[c as usize * n..(c as usize + 1) * n];
            let rock = |x: u16| x == c || self.terrain[x as usize] == Terrain::Wall;
            let mut next = 0u16;
            for start in 0..n as u16 {
                if start == c || labels[start as usize] != 0 || !self.player_may_stand(start) {
                    continue;
                }
                next += 1;
                labels[start as usize] = next;
                stack.push(start);
                while let Some(x) = stack.pop() {
                    for dir in 0..dirs {
                        let y = self.step(x, dir);
                        if y == c || labels[y as usize] != 0 || !self.player_may_stand(y) {
                            continue;
                        }
                        if dir >= 4
                            && (self.terrain[x as usize] == Terrain::Door
                                || self.terrain[y as usize] == Terrain::Door
                                || (rock(self.step(x, dir_x(dir)))
                                    && rock(self.step(x, dir_y(dir)))))
                        {
                            continue;
                        }
                        labels[y as usize] = next;
                        stack.push(y);
                    }
                }
            }
        }
        region
    }

    fn walk_table(&self) -> (Vec<u32>, Vec<WalkStep>) {
        let dirs = if self.rules == Rules::NetHack { 8 } else { 4 };
        let mut start = Vec::with_capacity(self.len() + 1);
        let mut steps = Vec::new();
        for c in 0..self.len() as u16 {
            start.push(steps.len() as u32);
            if !self.player_may_stand(c) {
                continue;
            }
            for dir in 0..dirs {
                let to = self.step(c, dir);
                if !self.player_may_stand(to) {
                    continue;
                }
                if dir < 4 {
                    steps.push(WalkStep {
                        to,
                        dir: dir as u8,
                        diagonal: false,
                        corners: [to, to],
                    });
                    continue;
                }
                let door = |x: u16| self.terrain[x as usize] == Terrain::Door;
                let (a, b) = (self.step(c, dir_x(dir)), self.step(c, dir_y(dir)));
                let wall = |x: u16| self.terrain[x as usize] == Terrain::Wall;
                if door(c) || door(to) || (wall(a) && wall(b)) {
                    continue;
                }
                let corners = match (wall(a), wall(b)) {
                    (true, _) => [b, b],
                    (_, true) => [a, a],
                    _ => [a, b],
                };
                steps.push(WalkStep {
                    to,
                    dir: dir as u8,
                    diagonal: true,
                    corners,
                });
            }
        }
        start.push(steps.len() as u32);
        (start, steps)
    }

    /// The terrain's moves out of `c` (see [`WalkStep`]).
    pub fn walk_steps(&self, c: u16) -> &[WalkStep] {
        &self.walk_steps
            [self.walk_start[c as usize] as usize..self.walk_start[c as usize + 1] as usize]
    }

    fn link_sides(&self) -> Vec<u8> {
        let mut links = vec![0u8; self.len() * 4];
        for c in 0..self.len() as u16 {
            if !self.boulder_may_enter(c) {
                continue;
            }
            let regions: Vec<u16> = (0..4).map(|s| self.region_of(c, self.step(c, s))).collect();
            for s in 0..4 {
                if regions[s] == 0 {
                    continue;
                }
                links[c as usize * 4 + s] = (0..4)
                    .filter(|&t| regions[t] == regions[s])
                    .fold(0, |m, t| m | 1 << t);
            }
        }
        links
    }

    /// Sides of `c` the player on side `s` can walk to around a lone boulder on `c`.
    pub fn linked_sides(&self, c: u16, s: usize) -> u8 {
        self.side_links[c as usize * 4 + s]
    }

    /// Region label of square `x` with a lone boulder on `c`.
    pub fn region_of(&self, c: u16, x: u16) -> u16 {
        self.region[c as usize * self.len() + x as usize]
    }

    /// Reverse BFS from `sink` over (boulder square, player side); holes count as floor.
    fn pull_distances(&self, sink: u16) -> Vec<u16> {
        let mut dist = vec![INF; self.len() * 4];
        let mut queue = std::collections::VecDeque::new();
        for side in 0..4 {
            dist[sink as usize * 4 + side] = 0;
            queue.push_back((sink, side));
        }
        while let Some((to, side)) = queue.pop_front() {
            // The player stands on `side` of `to` right after pushing in the opposite direction.
            let from = self.step(to, side);
            if !self.boulder_may_enter(from) {
                continue;
            }
            let pusher = self.step(from, side);
            if !self.player_may_stand(pusher) {
                continue;
            }
            let push_region = self.region_of(from, pusher);
            let d = dist[to as usize * 4 + side] + 1;
            for before in 0..4 {
                let stand = self.step(from, before);
                if self.region_of(from, stand) == push_region
                    && dist[from as usize * 4 + before] == INF
                {
                    dist[from as usize * 4 + before] = d;
                    queue.push_back((from, before));
                }
            }
        }
        dist
    }

    /// Squares reachable from `start` ignoring boulders, walking over holes except `cut`.
    fn static_reach(&self, start: u16, cut: Option<u16>, walls: &[u16]) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        for &w in walls {
            seen[w as usize] = true;
        }
        if Some(start) == cut || seen[start as usize] {
            return vec![false; self.len()];
        }
        seen[start as usize] = true;
        let mut stack = vec![start];
        let mut reached = vec![false; self.len()];
        reached[start as usize] = true;
        while let Some(c) = stack.pop() {
            for dir in 0..8 {
                let n = self.step(c, dir);
                if seen[n as usize] || Some(n) == cut || !self.player_may_stand(n) {
                    continue;
                }
                // Doors forbid diagonal moves; squeezes depend on boulders, so allow them here.
                if dir >= 4
                    && (self.terrain[c as usize] == Terrain::Door
                        || self.terrain[n as usize] == Terrain::Door)
                {
                    continue;
                }
                if dir >= 4
                    && self.terrain[self.step(c, dir_x(dir)) as usize] == Terrain::Wall
                    && self.terrain[self.step(c, dir_y(dir)) as usize] == Terrain::Wall
                {
                    continue;
                }
                seen[n as usize] = true;
                reached[n as usize] = true;
                stack.push(n);
            }
        }
        reached
    }

    fn any_target(&self, reached: &[bool]) -> bool {
        self.targets.iter().any(|&t| reached[t as usize])
    }

    fn find_required_holes(&self) -> u64 {
        let mut mask = 0u64;
        if !self.any_target(&self.static_reach(self.player, None, &[])) {
            return 0; // unreachable anyway; the search will report it
        }
        for (k, &h) in self.holes.iter().enumerate() {
            if !self.any_target(&self.static_reach(self.player, Some(h), &[])) {
                mask |= 1 << k;
            }
        }
        mask
    }
}

/// Horizontal part of a diagonal direction (index into `offsets`).
pub fn dir_x(dir: usize) -> usize {
    match dir {
        4 | 6 => 0,
        _ => 2,
    }
}

/// Vertical part of a diagonal direction.
pub fn dir_y(dir: usize) -> usize {
    match dir {
        4 | 5 => 1,
        _ => 3,
    }
}

/// Sides of `b` in the player's region, counting only walls and `b` itself.
pub(crate) fn reachable_sides(board: &Board, b: u16, player: u16) -> u8 {
    let own = board.region_of(b, player);
    if own == 0 {
        return 0b1111;
    }
    (0..4)
        .filter(|&s| board.region_of(b, board.step(b, s)) == own)
        .fold(0, |m, s| m | 1 << s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_nethack;

    /// `way_out` of the boulder `dx` right and `dy` down of the player, from its left side.
    fn way_out_from_the_left(map: &str, dx: i32, dy: i32) -> bool {
        let board = Board::new(&parse_nethack("t", map).unwrap());
        let (px, py) = board.xy(board.player);
        let b = *board
            .boulders
            .iter()
            .find(|&&b| board.xy(b) == (px + dx, py + dy))
            .expect("a boulder there");
        board.way_out[b as usize] & 1 == 1
    }

    #[test]
    fn a_boulder_past_the_holes_that_can_only_jam_the_target_has_no_way_out() {
        let map = "\
-----------
|@.0.^^0.<|
-----------";
        assert!(!way_out_from_the_left(map, 6, 0));
        // The boulder before the holes drops into one.
        assert!(way_out_from_the_left(map, 2, 0));
    }

    #[test]
    fn a_boulder_the_player_can_walk_round_has_a_way_out() {
        let map = "\
-----------
|@.0.^^...|
|......0.<|
-----------";
        assert!(way_out_from_the_left(map, 6, 1));
    }
}
