//! The puzzle model: static terrain plus the movable parts, in the caller's coordinates.

use anyhow::{bail, Context, Result};

/// Holes are tracked as bits of a u64 in every search state.
pub const MAX_HOLES: usize = 64;

/// The largest level, NetHack's map (COLNO x ROWNO). The solver's tables grow with the square
/// of the squares (a map of the player's regions around a boulder on each square): 7 MB here,
/// 3 GB at 200x200, and a 100,000-column row would ask for 320 GB.
pub const MAX_WIDTH: usize = 80;
pub const MAX_HEIGHT: usize = 21;

/// Refuses a level larger than [`MAX_WIDTH`] x [`MAX_HEIGHT`].
pub fn check_size(width: usize, height: usize) -> Result<()> {
    if width > MAX_WIDTH || height > MAX_HEIGHT {
        bail!(
            "the level is {width}x{height}: at most {MAX_WIDTH}x{MAX_HEIGHT} (NetHack's map) is supported"
        );
    }
    Ok(())
}

/// Which win condition and movement rules apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// Classic Sokoban: 4-way walking, solved when every box sits on a goal.
    Classic,
    /// NetHack Sokoban: 8-way walking (no squeezing, no diagonal through doors),
    /// boulders fill holes, solved when the player stands on a target square.
    NetHack,
}

/// Static terrain of one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Wall,
    Floor,
    /// A doorway: walkable only orthogonally, boulders cannot enter (closed doors stop them).
    Door,
    /// A hole or pit: the player must not enter; a boulder pushed in fills it.
    Hole,
}

/// A Sokoban position in any state. Squares are addressed as `y * width + x`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub title: String,
    pub rules: Rules,
    pub width: usize,
    pub height: usize,
    /// Row-major terrain, `width * height` long.
    pub cells: Vec<Cell>,
    pub boulders: Vec<usize>,
    pub player: usize,
    /// NetHack: squares the player must reach (any one). Classic: goal squares for boxes.
    pub targets: Vec<usize>,
    /// Squares nobody may enter for now (monsters, unknown obstacles).
    pub blocked: Vec<usize>,
}

impl Puzzle {
    pub fn index(&self, x: usize, y: usize) -> usize {
        y * self.width + x
    }

    pub fn coords(&self, index: usize) -> (usize, usize) {
        (index % self.width, index / self.width)
    }

    /// Checks the invariants the solver relies on.
    pub fn validate(&self) -> Result<()> {
        check_size(self.width, self.height).with_context(|| self.title.clone())?;
        let size = self.width * self.height;
        if size == 0 || self.cells.len() != size {
            bail!(
                "{}: grid is {}x{} but has {} cells",
                self.title,
                self.width,
                self.height,
                self.cells.len()
            );
        }
        let in_grid = |what: &str, i: usize| -> Result<()> {
            if i >= size {
                bail!(
                    "{}: {what} square {i} is outside the {}x{} grid",
                    self.title,
                    self.width,
                    self.height
                );
            }
            Ok(())
        };
        in_grid("player", self.player)?;
        if !matches!(self.cells[self.player], Cell::Floor | Cell::Door) {
            bail!(
                "{}: player stands on {:?}",
                self.title,
                self.cells[self.player]
            );
        }
        let mut seen = vec![false; size];
        for &b in &self.boulders {
            in_grid("boulder", b)?;
            if self.cells[b] != Cell::Floor {
                bail!(
                    "{}: boulder at {:?} is on {:?}",
                    self.title,
                    self.coords(b),
                    self.cells[b]
                );
            }
            if std::mem::replace(&mut seen[b], true) {
                bail!("{}: two boulders at {:?}", self.title, self.coords(b));
            }
        }
        if seen[self.player] {
            bail!(
                "{}: player and boulder share {:?}",
                self.title,
                self.coords(self.player)
            );
        }
        for &t in &self.targets {
            in_grid("target", t)?;
        }
        for &b in &self.blocked {
            in_grid("blocked", b)?;
        }
        if self.targets.is_empty() {
            bail!("{}: no target squares", self.title);
        }
        let holes = self.cells.iter().filter(|c| **c == Cell::Hole).count();
        if holes > MAX_HOLES {
            bail!(
                "{}: {holes} holes, at most {} supported",
                self.title,
                MAX_HOLES
            );
        }
        if self.rules == Rules::Classic && self.targets.len() != self.boulders.len() {
            bail!(
                "{}: {} boxes but {} goals",
                self.title,
                self.boulders.len(),
                self.targets.len()
            );
        }
        Ok(())
    }
}
