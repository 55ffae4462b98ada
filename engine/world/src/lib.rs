//! nhbot-world: what the bot knows about the game, as plain data updated from scraper frames.
//! Decision code (trees, Lua) reads a `World`; only the agent's update step writes it.

pub mod action;

pub use action::{Action, Decision, Dir};
pub use nhbot_screen::{Alignment, Cell, Condition, Encumbrance, Hunger, Pos, Status};

use serde::{Deserialize, Serialize};

/// Glyph cells of the current level as last seen (terminal rows 1..=21).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelView {
    pub cells: Vec<Cell>,
}

impl Default for LevelView {
    fn default() -> Self {
        LevelView { cells: vec![Cell::default(); nhbot_screen::COLS * nhbot_screen::MAP_ROWS] }
    }
}

impl LevelView {
    pub fn get(&self, p: Pos) -> Option<&Cell> {
        if p.in_map() {
            self.cells.get(p.y as usize * nhbot_screen::COLS + p.x as usize)
        } else {
            None
        }
    }
}

/// An inventory entry parsed from the `i` menu.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Item {
    pub letter: char,
    pub text: String,
    /// The inventory class header it was listed under ("Comestibles", "Weapons", ...).
    pub class: String,
}

/// The world as the bot believes it to be at one decision.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct World {
    pub status: Status,
    /// Game turn (from the status line `T:`).
    pub turn: i64,
    pub player: Pos,
    pub view: LevelView,
    /// Messages shown since the previous decision, in order.
    pub messages: Vec<String>,
    pub inventory: Vec<Item>,
    /// Number of decisions taken so far in this game.
    pub decisions: u64,
}

impl World {
    pub fn hp_fraction(&self) -> f64 {
        if self.status.hp_max <= 0 {
            1.0
        } else {
            self.status.hp as f64 / self.status.hp_max as f64
        }
    }
}
