//! Player movement under the solver's rules, and turning pushes back into steps.

use crate::board::{Board, Terrain};
use crate::deadlock::{BOULDER, FREE, OPEN_HOLE};
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
        let mut head = 0;
        while head < self.queue.len() {
            let c = self.queue[head];
            head += 1;
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
    }

    /// The square the last walk started from.
    pub(crate) fn start(&self) -> u16 {
        self.queue[0]
    }

    pub(crate) fn reached(&self, c: u16) -> bool {
        self.seen[c as usize] == self.stamp
    }
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
