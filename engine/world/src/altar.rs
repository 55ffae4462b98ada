//! Altars and temple visits as a level remembers them: plain data, kept by [`crate::level::Level`]
//! and read by [`crate::temple`].

use nhbot_screen::{Alignment, Pos};
use serde::{Deserialize, Serialize};

/// An altar's alignment as the game names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AltarAlignment {
    Lawful,
    Neutral,
    Chaotic,
    /// Moloch's.
    Unaligned,
}

impl AltarAlignment {
    /// The game's word ("lawful", "neutral", "chaotic", "unaligned"), as Lua names it too.
    pub fn name(self) -> &'static str {
        match self {
            AltarAlignment::Lawful => "lawful",
            AltarAlignment::Neutral => "neutral",
            AltarAlignment::Chaotic => "chaotic",
            AltarAlignment::Unaligned => "unaligned",
        }
    }

    pub fn parse(word: &str) -> Option<AltarAlignment> {
        [
            AltarAlignment::Lawful,
            AltarAlignment::Neutral,
            AltarAlignment::Chaotic,
            AltarAlignment::Unaligned,
        ]
        .into_iter()
        .find(|a| a.name() == word)
    }

    /// The hero's alignment as an altar's.
    pub fn of(hero: Alignment) -> AltarAlignment {
        match hero {
            Alignment::Lawful => AltarAlignment::Lawful,
            Alignment::Neutral => AltarAlignment::Neutral,
            Alignment::Chaotic => AltarAlignment::Chaotic,
        }
    }
}

/// An altar of a level, with what the game said of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Altar {
    pub pos: Pos,
    /// None until a look, farlook or its priest tells.
    pub alignment: Option<AltarAlignment>,
    /// The god a look named ("There is an altar to Odin ...").
    pub god: Option<String>,
}

/// A temple the hero entered: where, and what the greeting and the feeling said.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TempleVisit {
    /// A square inside the temple: the temple is its room.
    pub inside: Pos,
    /// "a sacred place" (true) or "a desecrated place" (false); None without the greeting.
    pub sacred: Option<bool>,
    /// The feeling on entering: a sense of peace (true), a forbidding feeling (false).
    pub peace: Option<bool>,
    /// "a strange forbidding feeling": the altar is the hero's, but the hero has sinned.
    pub strange: bool,
    /// Game turn of the latest entry.
    pub turn: i64,
}
