//! Player movement under the solver's rules, and turning pushes back into steps.

use crate::board::{Board, Terrain};
use crate::board::{BOULDER, FREE, OPEN_HOLE};
use crate::puzzle::Rules;
use crate::solution::{Dir, Step};

/// Breadth-first walk with generation stamps, so nothing is cleared between calls.
#[derive(Default)]
pub(crate) struct Walker {
    stamp: u32,
    seen: Vec<u32>,
    pub(crate) dist: Vec<u32>,
    pub(crate) from: Vec<u8>,
    pub(crate) queue: Vec<u16>,
}

impl Walker {
    pub(crate) fn new(cells: usize) -> Walker {
        Walker {
            stamp: 0,
            seen: vec![0; cells],
            dist: vec![0; cells],
            from: vec![0; cells],
            queue: Vec::new(),
        }
    }

    /// Fills `queue` with every square reachable from `start`, in distance order, with
    /// `dist` and `from` (the last step's direction) for each.
    pub(crate) fn walk(&mut self, board: &Board, occ: &[u8], start: u16) {
        self.search::<true>(board, occ, start);
    }

    /// [`Walker::walk`] without `dist` and `from`: only where the player can go.
    pub(crate) fn flood(&mut self, board: &Board, occ: &[u8], start: u16) {
        self.search::<false>(board, occ, start);
    }

    fn search<const PATHS: bool>(&mut self, board: &Board, occ: &[u8], start: u16) {
        self.stamp += 1;
        self.queue.clear();
        self.queue.push(start);
        self.seen[start as usize] = self.stamp;
        self.dist[start as usize] = 0;
        self.spread::<PATHS>(board, occ, 0);
    }

    /// Walks on from the squares in `queue[head..]`, appending every square newly reached.
    fn spread<const PATHS: bool>(&mut self, board: &Board, occ: &[u8], mut head: usize) {
        while head < self.queue.len() {
            self.step_from::<PATHS>(board, occ, head);
            head += 1;
        }
    }

    /// Appends the squares newly reached in one step from `queue[head]`.
    fn step_from<const PATHS: bool>(&mut self, board: &Board, occ: &[u8], head: usize) {
        let c = self.queue[head];
        let d = if PATHS { self.dist[c as usize] + 1 } else { 0 };
        for s in board.walk_steps(c) {
            let n = s.to as usize;
            if self.seen[n] == self.stamp || occ[n] != FREE {
                continue;
            }
            if s.diagonal
                && occ[s.corners[0] as usize] == BOULDER
                && occ[s.corners[1] as usize] == BOULDER
            {
                continue;
            }
            self.seen[n] = self.stamp;
            if PATHS {
                self.dist[n] = d;
                self.from[n] = s.dir;
            }
            self.queue.push(s.to);
        }
    }

    /// [`Walker::flood`] for a push's child state, from the parent's walk `parent`: the
    /// player, now on `start` (where the pushed boulder stood), reaches the parent's squares
    /// less `dropped` (where the boulder went, if the parent reached it) and whatever
    /// `start` opens. Only valid when the boulder cuts no way off: see [`cuts_nothing`].
    pub(crate) fn extend(
        &mut self,
        parent: &Walker,
        board: &Board,
        occ: &[u8],
        start: u16,
        dropped: Option<u16>,
    ) {
        self.stamp += 1;
        self.queue.clear();
        self.queue.push(start);
        self.seen[start as usize] = self.stamp;
        for &c in &parent.queue {
            if Some(c) != dropped {
                self.seen[c as usize] = self.stamp;
                self.queue.push(c);
            }
        }
        // `start` heads the queue (see `start`); a second copy at the end is walked on from,
        // then taken out again.
        let head = self.queue.len();
        self.queue.push(start);
        self.spread::<false>(board, occ, head);
        self.queue.swap_remove(head);
    }

    /// The square the last walk started from.
    pub(crate) fn start(&self) -> u16 {
        self.queue[0]
    }

    pub(crate) fn reached(&self, c: u16) -> bool {
        self.seen[c as usize] == self.stamp
    }
}

/// Whether a boulder just pushed onto `to`, a square the parent's walk `region` reached,
/// leaves the rest of that region connected: the squares around `to` that the region
/// held are still linked to each other by moves around `to` (so no way through `to`, nor
/// a diagonal `to` now makes a squeeze, is lost). `occ` is the child's. A `false` may
/// be wrong (a link farther round); only `true` is relied on.
pub(crate) fn cuts_nothing(board: &Board, occ: &[u8], to: u16, region: &Walker) -> bool {
    let ring: [u16; 8] = std::array::from_fn(|dir| board.step(to, dir));
    let mut wanted = 0u8;
    for (i, &c) in ring.iter().enumerate() {
        if region.reached(c) && occ[c as usize] == FREE {
            wanted |= 1 << i;
        }
    }
    if wanted.count_ones() <= 1 {
        return true;
    }
    let first = wanted.trailing_zeros() as usize;
    let mut linked = 1u8 << first;
    let (mut stack, mut top) = ([0u16; 8], 1);
    stack[0] = ring[first];
    while top > 0 {
        top -= 1;
        let c = stack[top];
        for s in board.walk_steps(c) {
            let Some(i) = ring.iter().position(|&r| r == s.to) else {
                continue;
            };
            if linked >> i & 1 == 1 || wanted >> i & 1 == 0 {
                continue;
            }
            if s.diagonal
                && occ[s.corners[0] as usize] == BOULDER
                && occ[s.corners[1] as usize] == BOULDER
            {
                continue;
            }
            linked |= 1 << i;
            stack[top] = s.to;
            top += 1;
        }
    }
    linked == wanted
}

/// Where a push from `player` in orthogonal `dir` sends the boulder, if it is legal.
pub(crate) fn push_target(board: &Board, occ: &[u8], player: u16, dir: usize) -> Option<u16> {
    let b = board.step(player, dir);
    if occ[b as usize] != BOULDER {
        return None;
    }
    let to = board.step(b, dir);
    let lands = match board.terrain[to as usize] {
        Terrain::Floor => true,
        Terrain::Hole => board.rules == Rules::NetHack,
        _ => false,
    };
    (lands && occ[to as usize] != BOULDER).then_some(to)
}

pub(crate) fn load_occ(board: &Board, occ: &mut [u8], boulders: &[u16], filled: u64) {
    occ.fill(FREE);
    for (k, &h) in board.holes.iter().enumerate() {
        if filled >> k & 1 == 0 {
            occ[h as usize] = OPEN_HOLE;
        }
    }
    for &b in boulders {
        occ[b as usize] = BOULDER;
    }
}

/// Turns the pushes into player steps: shortest walks between pushes, then (NetHack)
/// the walk to the nearest target.
pub(crate) fn replay(board: &Board, pushes: &[(u16, u8)]) -> Vec<Step> {
    let mut occ = vec![FREE; board.len()];
    load_occ(board, &mut occ, &board.boulders, 0);
    let mut walker = Walker::new(board.len());
    let mut player = board.player;
    let mut steps = Vec::new();
    let walk_to =
        |walker: &mut Walker, occ: &[u8], player: u16, goal: u16, steps: &mut Vec<Step>| {
            walker.walk(board, occ, player);
            let mut path = Vec::new();
            let mut c = goal;
            while c != player {
                let dir = walker.from[c as usize] as usize;
                path.push(Step {
                    dir: Dir::ALL[dir],
                    push: false,
                });
                c = board.step(c, OPPOSITE[dir]);
            }
            path.reverse();
            steps.extend(path);
        };
    for &(from, dir) in pushes {
        let dir = dir as usize;
        let stand = board.step(from, (dir + 2) % 4);
        walk_to(&mut walker, &occ, player, stand, &mut steps);
        let to = board.step(from, dir);
        occ[from as usize] = FREE;
        occ[to as usize] = if occ[to as usize] == OPEN_HOLE {
            FREE
        } else {
            BOULDER
        };
        steps.push(Step {
            dir: Dir::ALL[dir],
            push: true,
        });
        player = from;
    }
    if board.rules == Rules::NetHack {
        walker.walk(board, &occ, player);
        let nearest = board
            .targets
            .iter()
            .copied()
            .filter(|&t| walker.reached(t))
            .min_by_key(|&t| walker.dist[t as usize]);
        if let Some(t) = nearest {
            walk_to(&mut walker, &occ, player, t, &mut steps);
        }
    }
    steps
}

/// Opposite of each direction index (L U R D UL UR DL DR).
pub(crate) const OPPOSITE: [usize; 8] = [2, 3, 0, 1, 7, 6, 5, 4];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::nethack_maps;

    /// Where `walker` reached, sorted.
    fn reached(walker: &Walker) -> Vec<u16> {
        let mut squares = walker.queue.clone();
        squares.sort_unstable();
        squares
    }

    /// Every push from every map's start and from each of its children: where the shortcut
    /// applies, the extended walk reaches exactly what a full flood reaches.
    #[test]
    fn extending_the_parents_walk_matches_a_flood() {
        let (mut shortcuts, mut floods) = (0, 0);
        for puzzle in nethack_maps() {
            let board = Board::new(&puzzle);
            let mut occ = vec![FREE; board.len()];
            load_occ(&board, &mut occ, &board.boulders, 0);
            let mut parents = vec![(occ, board.player)];
            for _depth in 0..2 {
                let mut children = Vec::new();
                for (occ, player) in &parents {
                    let mut parent = Walker::new(board.len());
                    parent.walk(&board, occ, *player);
                    for &p in &parent.queue {
                        for dir in 0..4 {
                            let Some(to) = push_target(&board, occ, p, dir) else {
                                continue;
                            };
                            let from = board.step(p, dir);
                            let mut child = occ.clone();
                            child[from as usize] = FREE;
                            child[to as usize] = if occ[to as usize] == OPEN_HOLE {
                                FREE
                            } else {
                                BOULDER
                            };
                            let dropped = parent.reached(to).then_some(to);
                            let mut flood = Walker::new(board.len());
                            flood.flood(&board, &child, from);
                            if dropped.is_none_or(|to| cuts_nothing(&board, &child, to, &parent)) {
                                let mut extended = Walker::new(board.len());
                                extended.extend(&parent, &board, &child, from, dropped);
                                assert_eq!(extended.start(), from);
                                assert_eq!(reached(&extended), reached(&flood), "{}", puzzle.title);
                                shortcuts += 1;
                            } else {
                                floods += 1;
                            }
                            children.push((child, from));
                        }
                    }
                }
                parents = children;
            }
        }
        // Both paths are exercised.
        assert!(
            shortcuts > 100 && floods > 0,
            "{shortcuts} shortcuts, {floods} floods"
        );
    }
}
