//! What is known about a level beyond its squares: the features the game's overview counts
//! (shops, temples, altars, fountains...), the special level it is, and the branch stairs on it.
//! Filled from the overview (`^O`) and from what the screen shows (see `special`).

use crate::branch::Branch;
use serde::{Deserialize, Serialize};

/// The special levels the bot tells apart (3.6's dungeon.def names in brackets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Special {
    /// The Oracle's level (`oracle`), Dungeons 5-9.
    Oracle,
    /// The level just below the Oracle: its extra up stairs lead to Sokoban.
    SokobanEntrance,
    /// The Big Room (`bigrm`), Dungeons 10-12, not in every game.
    BigRoom,
    /// The Rogue tribute level (`rogue`): "A primitive area."
    Rogue,
    /// The level of the magic portal to the Quest ("Summoned by ..." / the telepathic call).
    QuestPortal,
    /// The Quest's home level ("Home", "Given quest by ...").
    QuestHome,
    /// Fort Ludios itself ("Fort Ludios.").
    FortLudios,
    /// Medusa's island (`medusa`), just above the Castle.
    Medusa,
    /// The Castle (`castle`), the bottom of the Dungeons.
    Castle,
    /// The Valley of the Dead, Gehennom's first level.
    Valley,
    /// Moloch's Sanctum.
    Sanctum,
    /// Minetown (`minetn`), Mines level 3 or 4: temple, shops, the watch.
    Minetown,
    /// Mines' End (`minend`), the Mines' bottom.
    MinesEnd,
}

impl Special {
    pub const ALL: [Special; 13] = [
        Special::Oracle,
        Special::SokobanEntrance,
        Special::BigRoom,
        Special::Rogue,
        Special::QuestPortal,
        Special::QuestHome,
        Special::FortLudios,
        Special::Medusa,
        Special::Castle,
        Special::Valley,
        Special::Sanctum,
        Special::Minetown,
        Special::MinesEnd,
    ];

    /// The snake-case name trees and Lua use (`"oracle"`, `"sokoban_entrance"`...).
    pub fn name(self) -> &'static str {
        match self {
            Special::Oracle => "oracle",
            Special::SokobanEntrance => "sokoban_entrance",
            Special::BigRoom => "bigroom",
            Special::Rogue => "rogue",
            Special::QuestPortal => "quest_portal",
            Special::QuestHome => "quest_home",
            Special::FortLudios => "fort_ludios",
            Special::Medusa => "medusa",
            Special::Castle => "castle",
            Special::Valley => "valley",
            Special::Sanctum => "sanctum",
            Special::Minetown => "minetown",
            Special::MinesEnd => "mines_end",
        }
    }

    pub fn parse(name: &str) -> Option<Special> {
        Special::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The special level a wizard-mode overview's `[proto]` names (wizard mode only: the bot
    /// never relies on it; tests use it as the game's ground truth).
    pub fn from_proto(proto: &str) -> Option<Special> {
        Some(match proto {
            "oracle" => Special::Oracle,
            "bigrm" => Special::BigRoom,
            "rogue" => Special::Rogue,
            "medusa" => Special::Medusa,
            "castle" => Special::Castle,
            "valley" => Special::Valley,
            "sanctum" => Special::Sanctum,
            "minetn" => Special::Minetown,
            "minend" => Special::MinesEnd,
            "knox" => Special::FortLudios,
            p if p.ends_with("-strt") => Special::QuestHome,
            _ => return None,
        })
    }
}

/// How a branch is reached from a level ("Stairs down to The Gnomish Mines.").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BranchStairs {
    pub to: Branch,
    /// Stairs up (Sokoban, Vlad's Tower) rather than down.
    pub up: bool,
    /// A magic portal (the Quest, Fort Ludios) rather than stairs.
    pub portal: bool,
    /// The depth of the branch's level at the other end, when the game says it (upward
    /// branches: "Stairs up to Sokoban, level 8.").
    pub to_depth: Option<i32>,
}

/// What the overview and the screen tell about one level. Counts are the overview's: 1, 2
/// ("some") or 3 ("many": three or more).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LevelFacts {
    pub shops: u8,
    /// The kind of the level's one shop kind ("general store"), when the game names it.
    pub shop_kind: Option<String>,
    pub temples: u8,
    pub altars: u8,
    /// The god every altar of the level is to, named only when it is the hero's own.
    pub own_god_altars: Option<String>,
    pub thrones: u8,
    pub fountains: u8,
    pub sinks: u8,
    pub graves: u8,
    pub trees: u8,
    /// Special levels this is (a level may be two: the quest portal on the Big Room).
    pub specials: Vec<Special>,
    /// Sokoban: whether the game calls this level solved.
    pub solved: Option<bool>,
    pub branch_stairs: Option<BranchStairs>,
    /// The player's own annotation (`#annotate`).
    pub annotation: Option<String>,
    /// Wizard mode's `[proto]` name of a special level (never in a normal game).
    pub proto: Option<String>,
    /// Listed by the game's overview at least once.
    pub in_overview: bool,
}

impl LevelFacts {
    pub fn is(&self, special: Special) -> bool {
        self.specials.contains(&special)
    }

    /// Records that the level is `special` (once).
    pub fn mark(&mut self, special: Special) {
        if !self.is(special) {
            self.specials.push(special);
            self.specials.sort();
        }
    }

    /// Takes what an overview entry says: its counts and annotations replace the old ones (the
    /// game recounts them), specials and branch stairs only add.
    pub fn absorb(&mut self, from: &LevelFacts) {
        let specials = std::mem::take(&mut self.specials);
        let stairs = self.branch_stairs;
        *self = from.clone();
        for s in specials {
            self.mark(s);
        }
        self.branch_stairs = from.branch_stairs.or(stairs);
        self.in_overview = true;
    }

    /// Joins the facts of a level merged into this one.
    pub fn merge_from(&mut self, other: &LevelFacts) {
        if other.in_overview && !self.in_overview {
            let mine = self.clone();
            *self = other.clone();
            for s in mine.specials {
                self.mark(s);
            }
            self.branch_stairs = self.branch_stairs.or(mine.branch_stairs);
        } else {
            for &s in &other.specials {
                self.mark(s);
            }
            self.branch_stairs = self.branch_stairs.or(other.branch_stairs);
        }
    }
}

/// The branch names trees and Lua use, in the dungeon's order.
pub const BRANCH_NAMES: [&str; 8] = [
    "unknown", "dungeons", "mines", "sokoban", "quest", "ludios", "gehennom", "planes",
];

/// A branch as trees and Lua name it (`"dungeons"`, `"mines"`, `"sokoban"`...).
pub fn branch_name(branch: Branch) -> &'static str {
    match branch {
        Branch::Unknown => "unknown",
        Branch::Doom => "dungeons",
        Branch::Mines => "mines",
        Branch::Sokoban => "sokoban",
        Branch::Quest => "quest",
        Branch::Ludios => "ludios",
        Branch::Gehennom => "gehennom",
        Branch::Planes => "planes",
    }
}

/// The branch a tree or Lua name means (see [`branch_name`]).
pub fn parse_branch(name: &str) -> Option<Branch> {
    [
        Branch::Unknown,
        Branch::Doom,
        Branch::Mines,
        Branch::Sokoban,
        Branch::Quest,
        Branch::Ludios,
        Branch::Gehennom,
        Branch::Planes,
    ]
    .into_iter()
    .find(|&b| branch_name(b) == name)
}
