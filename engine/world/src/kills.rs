//! Kills we made or saw made: where a corpse may lie and since when.

use nhbot_screen::Pos;
use serde::{Deserialize, Serialize};

/// A monster we killed, or saw killed (by our pet, a trap, another monster): where its corpse
/// may lie and since when.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Kill {
    pub turn: i64,
    pub name: String,
    pub pos: Option<Pos>,
    /// Index of the level in [`crate::Dungeon::levels`].
    pub level: Option<usize>,
    /// Seen lying in a pile: eating from the floor answers "y" to the first food the game
    /// offers, which may be another, so the corpse is not eaten (nor walked to again).
    #[serde(default)]
    pub in_pile: bool,
    /// Our own kill ("You kill the newt!"), not one seen made by another ("The jackal is
    /// killed!"): only ours change our alignment record.
    #[serde(default)]
    pub by_us: bool,
    /// The look on its square showed something else (no corpse, another monster's): the kill
    /// left no corpse to eat, and it is not looked at again.
    #[serde(default)]
    pub no_corpse: bool,
    /// With no certain square (`pos` None): the monsters of the frame before that vanished
    /// from a square now showing a `%` (not our pet), any number of them. Which one died is
    /// for the reader to tell (by the glyph of the monster named), so nothing here dates a
    /// corpse by itself.
    #[serde(default)]
    pub vanished: Vec<Vanished>,
}

/// A monster of the last frame gone from its square, where a `%` shows now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vanished {
    pub pos: Pos,
    pub ch: char,
    /// CLR_* colour.
    pub color: u8,
}

impl Kill {
    /// Whether its corpse may lie at `here`: its square, or with none known one of the
    /// squares it may have died on. The messages about a square mark such kills too (a pile,
    /// another corpse, a meal there): that only makes them more doubtful.
    pub fn may_lie_at(&self, here: Option<Pos>) -> bool {
        self.pos == here
            || (self.pos.is_none() && self.vanished.iter().any(|v| Some(v.pos) == here))
    }
}
