//! The dungeon's branches: their own module, so that the level and its facts both name them
//! without importing each other.

use serde::{Deserialize, Serialize};

/// Dungeon branches. `Unknown` is a placeholder until the level is recognised.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Branch {
    #[default]
    Unknown,
    Doom,
    Mines,
    Sokoban,
    Quest,
    Ludios,
    Gehennom,
    Planes,
}
