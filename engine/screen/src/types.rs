//! Plain data the scraper produces from one terminal screen. These types are the contract between
//! the screen layer and everything above it (world model, trees, Lua): keep them plain and serde-able.

use serde::{Deserialize, Serialize};

/// Terminal geometry NetHack's tty interface is played in.
pub const ROWS: usize = 24;
pub const COLS: usize = 80;
/// The map occupies terminal rows 1..=21 (row 0 is the message line, rows 22-23 the status lines).
pub const MAP_ROWS: usize = 21;
pub const MAP_TOP: usize = 1;

/// A position on the level map: `x` = terminal column (0..80), `y` = map row (0..21, terminal row - 1).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Pos {
    pub x: i16,
    pub y: i16,
}

impl Pos {
    pub const fn new(x: i16, y: i16) -> Self {
        Pos { x, y }
    }
    pub fn in_map(self) -> bool {
        self.x >= 0 && (self.x as usize) < COLS && self.y >= 0 && (self.y as usize) < MAP_ROWS
    }
}

/// One of the 8 standard ANSI colours, possibly bright (NetHack's CLR_* values 0-15); 16 = default.
pub type Color = u8;
pub const COLOR_DEFAULT: Color = 16;

/// One character cell as the terminal shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub ch: char,
    pub fg: Color,
    pub bold: bool,
    pub inverse: bool,
}

impl Default for Cell {
    fn default() -> Self {
        Cell {
            ch: ' ',
            fg: COLOR_DEFAULT,
            bold: false,
            inverse: false,
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Alignment {
    Lawful,
    #[default]
    Neutral,
    Chaotic,
}

/// Ordered from fed to fainted, so `hunger >= Hunger::Weak` reads naturally.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Hunger {
    Satiated,
    #[default]
    NotHungry,
    Hungry,
    Weak,
    Fainting,
    Fainted,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Encumbrance {
    #[default]
    Unencumbered,
    Burdened,
    Stressed,
    Strained,
    Overtaxed,
    Overloaded,
}

/// Status-line conditions (3.6.6 tty shows these words on the second status line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Condition {
    Stone,
    Slime,
    Strangled,
    FoodPois,
    Ill,
    Blind,
    Deaf,
    Stun,
    Conf,
    Hallu,
    Lev,
    Fly,
    Ride,
}

/// Everything on the two bottom status lines.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Status {
    /// "Agnar the Stripling" — name and rank title as shown.
    pub name_title: String,
    /// Strength as shown ("18/50", "18/**", "16").
    pub strength: String,
    /// Strength as a number in NetHack's internal scale: 3..=18, 18/xx → 18 + xx/100 ... kept as
    /// 3..=125 like the game (18/01 = 19, 18/** = 118, 19 = 119, 25 = 125).
    pub strength_value: u8,
    pub dex: u8,
    pub con: u8,
    pub int: u8,
    pub wis: u8,
    pub cha: u8,
    pub alignment: Alignment,
    /// The depth (the number after "Dlvl:"; for "Home 1" / "End Game" see `level_name`).
    pub dlvl: i32,
    /// The raw level label ("Dlvl:3", "Home 1", "Fort Ludios", "End Game", "Astral Plane").
    pub level_name: String,
    pub gold: i64,
    pub hp: i32,
    pub hp_max: i32,
    pub pw: i32,
    pub pw_max: i32,
    pub ac: i32,
    /// Experience level (or hit dice when polymorphed: `polymorphed` is then true).
    pub xl: i32,
    pub polymorphed: bool,
    /// Experience points (needs the `showexp` option).
    pub exp: Option<i64>,
    /// Game turn counter (needs the `time` option).
    pub turn: Option<i64>,
    pub hunger: Hunger,
    pub encumbrance: Encumbrance,
    pub conditions: Vec<Condition>,
}

/// What the game is asking for, when it is asking something specific.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Prompt {
    /// `Really attack the newt? [yn] (n)` — choices "yn", default 'n'.
    YesNo {
        question: String,
        choices: String,
        default: Option<char>,
    },
    /// `In what direction?`
    Direction { question: String },
    /// `What do you want to eat? [fg or ?*]` — the letters offered (expanded: "fg"), and the extra
    /// symbols after "or" ("?*").
    Item {
        question: String,
        letters: String,
        extra: String,
    },
    /// Free text (`What do you want to engrave here?`, `For what do you wish?`, `Call a ...`).
    Text { question: String, so_far: String },
    /// `Pick an object.`, `Where do you want to travel to?` — cursor positioning.
    Position { question: String },
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MenuItem {
    /// The selection letter, None for headers and plain text lines.
    pub letter: Option<char>,
    pub text: String,
    /// `+` (selected) or `#` (count) shown after the letter.
    pub selected: bool,
    /// A class header line (shown in inverse video: "Weapons", "Comestibles").
    pub header: bool,
}

/// A menu or text window (inventory, pick-up lists, discoveries).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Menu {
    pub items: Vec<MenuItem>,
    /// `(1 of 3)` → Some((1,3)); `(end)` → None with `last_page` true.
    pub page: Option<(u32, u32)>,
    pub last_page: bool,
    /// Terminal column the menu window starts at (it is drawn over the map's right side).
    pub column: u16,
    /// The window's first line when it is a plain title followed by a blank line ("What would you
    /// like to drop?", "Things that are here:", "Discoveries", "Message History").
    pub title: Option<String>,
    /// Terminal row of the terminator line (`(end)`, `(1 of 3)`, `--More--`).
    pub end_row: u16,
    /// True when the window ends in `--More--`: a text window, not a selection menu.
    pub text_window: bool,
}

/// Information from the end-of-game screens (the xlogfile in the playground is authoritative).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameOverScreen {
    /// "killed by a jackal", "died of starvation", "quit", ...
    pub cause: Option<String>,
    pub score: Option<i64>,
    pub turns: Option<i64>,
    /// "died", "quit", "escaped", "ascended"... from the "You died in ..." summary line.
    pub verb: Option<String>,
}

/// One scraped screen.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Frame {
    /// Top-line message text on this screen (without "--More--"), joined with its continuation on
    /// row 1 when the message wrapped. Messages of a `--More--` chain are collected by the caller
    /// over successive frames.
    pub top_line: String,
    /// `top_line` split into messages (the tty separates messages on one line by two spaces; a few
    /// single messages also contain two spaces, e.g. "Oh wow!  Everything looks so cosmic!").
    /// Empty when the top line is a prompt or covered by a window.
    pub messages: Vec<String>,
    /// The top line (or a text window) ends in `--More--`: the game waits for a key to continue.
    pub more: bool,
    pub prompt: Option<Prompt>,
    pub menu: Option<Menu>,
    pub status: Option<Status>,
    /// Player position on the map (the cursor, when the game waits for a command).
    pub player: Option<Pos>,
    pub game_over: Option<GameOverScreen>,
}
