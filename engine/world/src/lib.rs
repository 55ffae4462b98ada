//! nhbot-world: what the bot knows about the game, as plain data updated from scraper frames.
//! Decision code (trees, Lua) reads a `World`; its fields are public for reading, but the world
//! changes only through one entry point, [`World::observe`], fed [`Event`]s:
//!
//! - `Event::Frame(Observation { .. })`: a screen frame with the messages collected since the
//!   last one (a `&Observation` converts into this event, so `world.observe(&obs)` works too);
//! - `Event::Decision(&decision)`: the decision about to be carried out; its action tells the
//!   next frame which door was locked, which square a kill left its corpse on, which moves
//!   bumped into something, and [`World::decisions`] counts it (`Event::Action(&action)` notes
//!   an action sent outside a decision, without counting);
//! - `Event::Inventory(&menu_items)`: an `i` menu as the game listed it;
//! - `Event::Farlook { at, answer }`: what `;` said about the monster at `at`.
//!
//! `note_action` and `set_monster_info` are shorthands for the action and farlook events, for
//! worlds driven by hand in tests.
//!
//! Modules: `tiles` (glyph + colour → terrain), `level` (per-square memory, stats), `dungeon`
//! (levels by branch and depth, stairs links, placeholder branches; the game's `^O` overview,
//! special levels, routes across levels), `monsters` (tracking),
//! `observe` (the events and the update step), `learn` (what messages and failed moves teach,
//! called by the update step; it does not use `observe`), `nav` (Dijkstra), `explore` (frontier,
//! doors, searching, stairs), `inventory` (item lines), `farlook` (`;` answers), `history` (the
//! message history and the last decision), `hp_trail` (the HP of the last turns),
//! `intrinsics` (learnt from the welcome and from messages), `prayer` (the timeout estimate
//! and the trouble a prayer fixes), `identity` (remembered monsters, the pet, statue and mimic
//! suspicion), `hallucination` (the map and the monsters while every monster and object is
//! drawn at random). The map queries Rust skills and Lua share: `map` (terrain, paths and distances from the hero, features by kind), `objects`
//! (floor piles), `rooms` (rooms and shops), `sight` (lines of fire and sight), `traps` (trap
//! kinds), `zaps` (wands zapped at us on this level), `temple` (temples, altars and priests, curse statuses altars told), `peace` (what
//! would anger the watch or a priest), `squeeze` (diagonal squeezes refused for our load).

pub mod action;
pub mod altar;
pub mod blocker;
pub mod blows;
pub mod branch;
pub mod dungeon;
pub mod engraving;
pub mod exit;
pub mod explore;
pub mod farlook;
pub mod hallucination;
pub mod held;
pub mod hidden;
pub mod history;
pub mod hp_trail;
mod identity;
pub mod intrinsics;
pub mod inventory;
pub mod kills;
pub mod learn;
pub mod level;
pub mod map;
pub mod monsters;
pub mod names;
pub mod nav;
pub mod objects;
mod observe;
mod peace;
pub mod prayer;
pub mod rooms;
pub mod shed;
pub mod sight;
pub mod squeeze;
pub mod temple;
pub mod testing;
pub mod thefts;
pub mod tiles;
pub mod traps;
pub mod zaps;

pub use action::{Action, Decision, Dir, Pick};
pub use blocker::Blocker;
pub use dungeon::facts::{branch_name, parse_branch, BranchStairs, LevelFacts, Special};
pub use dungeon::overview::{parse_overview, Overview};
pub use dungeon::route::Leg;
pub use dungeon::sokoban::{SokobanLevel, SokobanProgress, SokobanSummary};
pub use dungeon::{Arrival, Dungeon};
pub use farlook::{parse_farlook, Farlook};
pub use history::{DecisionTaken, MessageHistory, Said};
pub use intrinsics::Intrinsic;
pub use inventory::{parse_inventory_line, parse_inventory_menu, Buc, Charges, Erosion, Item};
pub use kills::{Kill, Vanished};
pub use level::{Branch, Level, LevelStats, Pile, Shop, Square};
pub use monsters::Monster;
pub use nav::{bench_path, Path, PathOpts};
pub use nhbot_screen::{Alignment, Cell, Condition, Encumbrance, Hunger, MenuItem, Pos, Status};
pub use observe::{Event, Observation};
pub use squeeze::SqueezeRefused;
pub use temple::{Altar, AltarAlignment, AltarTest, Temple};
pub use tiles::Feature;
pub use zaps::Zap;
// map
pub use map::PathInfo;
pub use objects::FloorObject;

use serde::{Deserialize, Serialize};

/// Glyph cells of the current level as last seen (terminal rows 1..=21).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelView {
    pub cells: Vec<Cell>,
}

impl Default for LevelView {
    fn default() -> Self {
        LevelView {
            cells: vec![Cell::default(); nhbot_screen::COLS * nhbot_screen::MAP_ROWS],
        }
    }
}

impl LevelView {
    pub fn get(&self, p: Pos) -> Option<&Cell> {
        if p.in_map() {
            self.cells
                .get(p.y as usize * nhbot_screen::COLS + p.x as usize)
        } else {
            None
        }
    }
}

/// The world as the bot believes it to be at one decision.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct World {
    pub status: Status,
    /// The hero's own experience level: the status line's `Xp`, kept while a polymorphed form
    /// shows its hit dice (`HD`) in its place (`status.xl` is then the form's).
    #[serde(default)]
    pub experience_level: i32,
    /// Game turn (from the status line `T:`).
    pub turn: i64,
    pub player: Pos,
    pub view: LevelView,
    /// Messages shown since the previous decision, in order.
    pub messages: Vec<String>,
    pub inventory: Vec<Item>,
    /// Number of decisions taken so far in this game.
    pub decisions: u64,
    /// Every level visited, keyed by branch and depth, linked by stairs.
    pub dungeon: Dungeon,
    /// Monsters in view on the current level.
    pub monsters: Vec<Monster>,
    /// Monsters of the current level gone out of view, where they were last seen (newest
    /// last). Never in `monsters`: they are not counted as present.
    #[serde(default)]
    pub remembered: Vec<Monster>,
    /// The glyphs of the last map read, to classify only what changed (a cache: never saved,
    /// equal in any two worlds).
    #[serde(skip)]
    pub glyphs: tiles::GlyphMemo,
    /// Turn of the last "You begin praying".
    pub last_prayer_turn: Option<i64>,
    /// Turns of the prayers the god refused ("You feel that Tyr is displeased.", "Thou must
    /// relearn thy lessons!"...): prayed too soon (the god is angry from then on), or with bad
    /// Luck or alignment. The trouble stayed. Also the turn the god was angered otherwise,
    /// which refuses every later prayer the same way: "You feel guilty about losing your pet
    /// like this." (hack.c: a pet displaced into water or a trap, `u.ugangr++`).
    #[serde(default)]
    pub refused_prayers: Vec<i64>,
    /// Monsters we killed, for corpse ages (and what each kill did to our alignment record).
    pub kills: Vec<Kill>,
    /// Turns of "You feel like a hypocrite." (a blow from an Elbereth at a monster it scares:
    /// -5 alignment record, mon.c `setmangry`).
    #[serde(default)]
    pub hypocrisies: Vec<i64>,
    /// The last action the agent sent (see [`Event::Action`]): tells which door was locked,
    /// which monster was hit.
    pub last_action: Option<Action>,
    /// Observations in a row in which a directed action changed nothing (see `learn`).
    pub idle_repeats: u32,
    /// The last messages with their turns (see [`history`]).
    #[serde(default)]
    pub history: MessageHistory,
    /// The decision carried out last and the leaf that took it.
    #[serde(default)]
    pub last_decision: Option<DecisionTaken>,
    /// The leaf that took the latest decisions in a row, and the most HP seen at any of them
    /// (see [`World::hp_fell_since_own`]).
    #[serde(default)]
    pub own_run: Option<(String, i32)>,
    /// The hero's HP at each of the last turns (see [`hp_trail`]).
    #[serde(default)]
    pub hp_trail: Vec<hp_trail::HpSeen>,
    /// Intrinsics the hero is believed to have (see [`intrinsics`]).
    #[serde(default)]
    pub intrinsics: std::collections::BTreeSet<Intrinsic>,
    /// What altars told of pack items dropped on them (see [`temple`]).
    #[serde(default)]
    pub altar_tests: Vec<AltarTest>,
    /// Wands zapped at us or near us on the current level, oldest first (see [`zaps`]).
    #[serde(default)]
    pub zaps: Vec<Zap>,
    /// Swallowed at the last frame: the tty drew an engulfer (`/-\` `| |` `\-/`) around us.
    #[serde(default)]
    pub engulfed: bool,
    /// Where our own gear fell when a new form shed it (see [`shed`]), or where the thief that
    /// stole it died (see [`thefts`]), oldest first.
    #[serde(default)]
    pub shed_gear: Vec<shed::ShedGear>,
    /// Our present form has no hands: the game refused a throw for it ("You can't throw or
    /// shoot without hands.": a were-change into a jackal or rat). Cleared once the status line
    /// no longer shows a polymorphed form (see [`shed`]).
    #[serde(default)]
    pub handless: bool,
    /// The game refused a diagonal squeeze for our load, and the pack has not got lighter
    /// since (see [`squeeze`]): paths keep off squeezes.
    #[serde(default)]
    pub squeeze_refused: Option<squeeze::SqueezeRefused>,
    /// What nymphs and monkeys stole from us, oldest first (see [`thefts`]).
    #[serde(default)]
    pub thefts: Vec<thefts::Theft>,
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
