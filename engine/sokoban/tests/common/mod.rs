//! An independent rules simulator for verifying solutions. It works on the raw text grid
//! and shares no code with the solver.

#![allow(dead_code)]

use nhbot_sokoban::{Dir, Step};

#[derive(Clone, Debug)]
pub struct Sim {
    grid: Vec<Vec<char>>,
    nethack: bool,
    x: isize,
    y: isize,
    /// Goal squares (XSB) or target squares (NetHack), as (x, y).
    goals: Vec<(isize, isize)>,
}

impl Sim {
    /// `nethack` picks the rule set; the map is the same text the solver parsed.
    pub fn new(map: &str, nethack: bool) -> Sim {
        let lines: Vec<&str> = map
            .lines()
            .filter(|l| {
                !l.trim().is_empty() && !l.trim_start().starts_with(';') && !l.starts_with("title:")
            })
            .collect();
        let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let mut grid: Vec<Vec<char>> = lines
            .iter()
            .map(|l| {
                let mut row: Vec<char> = l.chars().collect();
                row.resize(width, ' ');
                row
            })
            .collect();
        let mut player = None;
        let mut arrival = None;
        let mut goals = Vec::new();
        for (y, row) in grid.iter_mut().enumerate() {
            for (x, ch) in row.iter_mut().enumerate() {
                let at = (x as isize, y as isize);
                match (*ch, nethack) {
                    ('@', _) => {
                        player = Some(at);
                        *ch = if nethack { '.' } else { ' ' };
                    }
                    ('+', false) => {
                        player = Some(at);
                        goals.push(at);
                        *ch = '.';
                    }
                    ('.', false) | ('<', true) | ('*', true) => goals.push(at),
                    ('*', false) => {
                        goals.push(at);
                        *ch = '$';
                    }
                    ('>', true) => arrival = Some(at),
                    _ => {}
                }
                if !nethack && *ch == '.' {
                    *ch = ' ';
                }
            }
        }
        let (x, y) = player.or(arrival).expect("map has a player");
        Sim {
            grid,
            nethack,
            x,
            y,
            goals,
        }
    }

    fn at(&self, x: isize, y: isize) -> char {
        if x < 0 || y < 0 {
            return ' ';
        }
        self.grid
            .get(y as usize)
            .and_then(|r| r.get(x as usize))
            .copied()
            .unwrap_or(' ')
    }

    fn set(&mut self, x: isize, y: isize, ch: char) {
        self.grid[y as usize][x as usize] = ch;
    }

    fn is_boulder(&self, x: isize, y: isize) -> bool {
        self.at(x, y) == if self.nethack { '0' } else { '$' }
    }

    fn is_wall(&self, x: isize, y: isize) -> bool {
        let c = self.at(x, y);
        if self.nethack {
            matches!(c, ' ' | '|' | '-')
        } else {
            c == '#'
        }
    }

    /// A square nothing may enter (monster letters in NetHack maps).
    fn is_blocked(&self, x: isize, y: isize) -> bool {
        self.nethack && self.at(x, y).is_ascii_alphabetic()
    }

    /// Applies one step; errors describe the broken rule.
    pub fn step(&mut self, step: Step) -> Result<(), String> {
        let (dx, dy) = step.dir.delta();
        let diagonal = dx != 0 && dy != 0;
        if diagonal && !self.nethack {
            return Err("diagonal move in classic rules".into());
        }
        let (tx, ty) = (self.x + dx, self.y + dy);
        if self.is_wall(tx, ty) || self.is_blocked(tx, ty) {
            return Err(format!("walks into a wall at ({tx},{ty})"));
        }
        if self.nethack && self.at(tx, ty) == '^' {
            return Err(format!("steps into a hole at ({tx},{ty})"));
        }
        if diagonal {
            if self.at(self.x, self.y) == '+' || self.at(tx, ty) == '+' {
                return Err("moves diagonally through a doorway".into());
            }
            let rock = |s: &Sim, x, y| s.is_wall(x, y) || s.is_boulder(x, y);
            if rock(self, tx, self.y) && rock(self, self.x, ty) {
                return Err(format!("squeezes diagonally to ({tx},{ty})"));
            }
        }
        let pushes = self.is_boulder(tx, ty);
        if pushes != step.push {
            return Err(format!(
                "step marked push={} but boulder ahead={pushes}",
                step.push
            ));
        }
        if pushes {
            if diagonal {
                return Err("pushes a boulder diagonally".into());
            }
            let (bx, by) = (tx + dx, ty + dy);
            let beyond = self.at(bx, by);
            if self.is_wall(bx, by)
                || self.is_boulder(bx, by)
                || self.is_blocked(bx, by)
                || (self.nethack && beyond == '+')
            {
                return Err(format!("boulder blocked at ({bx},{by})"));
            }
            let floor = if self.nethack { '.' } else { ' ' };
            self.set(tx, ty, floor);
            if self.nethack && beyond == '^' {
                self.set(bx, by, '.'); // the boulder fills the hole
            } else {
                self.set(bx, by, if self.nethack { '0' } else { '$' });
            }
        }
        self.x = tx;
        self.y = ty;
        Ok(())
    }

    /// The whole state, for telling states apart in a search.
    pub fn key(&self) -> (Vec<Vec<char>>, isize, isize) {
        (self.grid.clone(), self.x, self.y)
    }

    /// Whether any sequence of steps reaches the goal, by breadth-first search over every
    /// state; `None` past `max_states`. A reference for tiny levels, blind to any pruning.
    pub fn brute_force(&self, max_states: usize) -> Option<bool> {
        let mut seen = std::collections::HashSet::from([self.key()]);
        let mut queue = std::collections::VecDeque::from([self.clone()]);
        while let Some(sim) = queue.pop_front() {
            if sim.solved() {
                return Some(true);
            }
            for dir in Dir::ALL {
                for push in [false, true] {
                    let mut next = sim.clone();
                    if next.step(Step { dir, push }).is_ok() && seen.insert(next.key()) {
                        if seen.len() > max_states {
                            return None;
                        }
                        queue.push_back(next);
                    }
                }
            }
        }
        Some(false)
    }

    pub fn solved(&self) -> bool {
        if self.nethack {
            self.goals.contains(&(self.x, self.y))
        } else {
            self.goals.iter().all(|&(x, y)| self.is_boulder(x, y))
                && self.grid.iter().flatten().filter(|&&c| c == '$').count() == self.goals.len()
        }
    }

    /// Replays `steps`, then checks the goal.
    pub fn verify(mut self, steps: &[Step]) -> Result<(), String> {
        for (i, &s) in steps.iter().enumerate() {
            self.step(s)
                .map_err(|e| format!("step {i} ({:?}): {e}", s.dir))?;
        }
        if self.solved() {
            Ok(())
        } else {
            Err("replay ends without reaching the goal".into())
        }
    }
}

/// Deterministic generator for the disturbed states (splitmix64).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

pub fn all_dirs() -> [Dir; 8] {
    Dir::ALL
}
