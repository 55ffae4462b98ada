//! Search results: steps, solutions, errors and limits.

use std::fmt;
use std::time::{Duration, Instant};

/// A player step direction, in screen terms (y grows downwards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    Left,
    Up,
    Right,
    Down,
    UpLeft,
    UpRight,
    DownLeft,
    DownRight,
}

impl Dir {
    /// Same order as the solver's internal offsets.
    pub const ALL: [Dir; 8] = [
        Dir::Left,
        Dir::Up,
        Dir::Right,
        Dir::Down,
        Dir::UpLeft,
        Dir::UpRight,
        Dir::DownLeft,
        Dir::DownRight,
    ];

    pub fn delta(self) -> (isize, isize) {
        match self {
            Dir::Left => (-1, 0),
            Dir::Up => (0, -1),
            Dir::Right => (1, 0),
            Dir::Down => (0, 1),
            Dir::UpLeft => (-1, -1),
            Dir::UpRight => (1, -1),
            Dir::DownLeft => (-1, 1),
            Dir::DownRight => (1, 1),
        }
    }

    /// LURD letter; diagonals (NetHack only, never pushes) use `q e z c`
    /// (the keys around `s` on a QWERTY keyboard).
    pub fn lurd(self) -> char {
        match self {
            Dir::Left => 'l',
            Dir::Up => 'u',
            Dir::Right => 'r',
            Dir::Down => 'd',
            Dir::UpLeft => 'q',
            Dir::UpRight => 'e',
            Dir::DownLeft => 'z',
            Dir::DownRight => 'c',
        }
    }

    /// NetHack's vi-key for this direction.
    pub fn vi_key(self) -> char {
        match self {
            Dir::Left => 'h',
            Dir::Up => 'k',
            Dir::Right => 'l',
            Dir::Down => 'j',
            Dir::UpLeft => 'y',
            Dir::UpRight => 'u',
            Dir::DownLeft => 'b',
            Dir::DownRight => 'n',
        }
    }
}

/// One player step; `push` means a boulder moves ahead of the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub dir: Dir,
    pub push: bool,
}

/// A solution: fewest pushes found by the search, walks between pushes as short as possible.
#[derive(Clone, Debug)]
pub struct Solution {
    pub steps: Vec<Step>,
    pub pushes: usize,
    /// All steps, pushes included.
    pub moves: usize,
    /// Search states stored.
    pub nodes: usize,
    pub elapsed: Duration,
}

impl Solution {
    /// LURD string: lowercase walks, uppercase pushes.
    pub fn lurd(&self) -> String {
        self.steps
            .iter()
            .map(|s| {
                if s.push {
                    s.dir.lurd().to_ascii_uppercase()
                } else {
                    s.dir.lurd()
                }
            })
            .collect()
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "pushes {} moves {} nodes {} time {:.3} ms",
            self.pushes,
            self.moves,
            self.nodes,
            self.elapsed.as_secs_f64() * 1e3
        )?;
        write!(f, "{}", self.lurd())
    }
}

/// Why no solution was returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// Every reachable state was explored (or pruned as a proven deadlock).
    #[error("unsolvable: search exhausted after {nodes} states")]
    Unsolvable { nodes: usize },
    /// The node or time limit stopped the search first; the puzzle may still be solvable.
    #[error("limit hit after {nodes} states and {millis} ms")]
    LimitHit { nodes: usize, millis: u64 },
    #[error("invalid puzzle: {0}")]
    Invalid(String),
}

/// Search budget and greed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub max_nodes: usize,
    pub max_time: Duration,
    /// Weight on the lower bound in `pushes + weight * bound`: 1 gives fewest pushes on
    /// classic levels (slow on big ones); larger values find longer solutions faster.
    pub weight: u32,
}

impl Limits {
    /// When a solve started at `start` must end. A `max_time` past any real solve (more than
    /// 100 years) waits for the state budget alone, instead of overflowing the clock.
    pub fn deadline(&self, start: Instant) -> Instant {
        let century = Duration::from_secs(100 * 365 * 24 * 3600);
        start + self.max_time.min(century)
    }

    /// What the bot gives one solve in the game: the state budget decides (the count is
    /// deterministic, so seeded games replay); the clock only guards against a hang. Of the
    /// 3M states, the searches get 2M, the lighter levels' plans 0.5M and the proofs from
    /// subsets 0.5M.
    pub fn in_game() -> Limits {
        Limits {
            max_nodes: 3_000_000,
            max_time: Duration::from_secs(600),
            weight: 1,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: 1_000_000,
            max_time: Duration::from_secs(30),
            weight: 1,
        }
    }
}
