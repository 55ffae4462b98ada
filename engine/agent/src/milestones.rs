//! Dungeon milestones of one game, for its results line: the first turn the hero reached each
//! place or feat that marks progress through the dungeon (the Mines, Minetown, the Oracle,
//! Sokoban and each of its levels solved, its prize, Mines' End, the Big Room, the quest portal
//! level, Medusa, the Castle) and its experience level then. Read from the world's facts after
//! every decision by [`MilestoneWatch`]; the world is only read.

use nhbot_world::{Branch, Special, World};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One milestone, in the order a game usually meets them (the results line and the report keep
/// this order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Milestone {
    /// Stood on a Gnomish Mines level.
    Mines,
    /// Stood on Minetown.
    Minetown,
    /// Stood on the Oracle's level.
    Oracle,
    /// Stood on the level below the Oracle, whose extra up stairs lead into Sokoban.
    SokobanEntrance,
    /// Stood in Sokoban.
    Sokoban,
    /// Sokoban's levels solved, 1 (the bottom, entered first) to 4 (the top).
    #[serde(rename = "sokoban_1")]
    Sokoban1,
    #[serde(rename = "sokoban_2")]
    Sokoban2,
    #[serde(rename = "sokoban_3")]
    Sokoban3,
    #[serde(rename = "sokoban_4")]
    Sokoban4,
    /// Picked up Sokoban's prize (the amulet or the bag on its top level).
    SokobanPrize,
    /// Stood on Mines' End, the Mines' bottom.
    MinesEnd,
    /// Stood on the Big Room.
    Bigroom,
    /// Stood on the quest portal's level (the telepathic call heard).
    QuestPortal,
    /// Stood on Medusa's island level.
    Medusa,
    /// Stood on the Castle's level.
    Castle,
}

/// The Sokoban levels' milestones, bottom (1) first.
const SOKOBAN_LEVELS: [Milestone; 4] = [
    Milestone::Sokoban1,
    Milestone::Sokoban2,
    Milestone::Sokoban3,
    Milestone::Sokoban4,
];

impl Milestone {
    pub const ALL: [Milestone; 15] = [
        Milestone::Mines,
        Milestone::Minetown,
        Milestone::Oracle,
        Milestone::SokobanEntrance,
        Milestone::Sokoban,
        Milestone::Sokoban1,
        Milestone::Sokoban2,
        Milestone::Sokoban3,
        Milestone::Sokoban4,
        Milestone::SokobanPrize,
        Milestone::MinesEnd,
        Milestone::Bigroom,
        Milestone::QuestPortal,
        Milestone::Medusa,
        Milestone::Castle,
    ];

    /// Its key in the results line (`"minetown"`, `"sokoban_1"`...).
    pub fn key(self) -> &'static str {
        match self {
            Milestone::Mines => "mines",
            Milestone::Minetown => "minetown",
            Milestone::Oracle => "oracle",
            Milestone::SokobanEntrance => "sokoban_entrance",
            Milestone::Sokoban => "sokoban",
            Milestone::Sokoban1 => "sokoban_1",
            Milestone::Sokoban2 => "sokoban_2",
            Milestone::Sokoban3 => "sokoban_3",
            Milestone::Sokoban4 => "sokoban_4",
            Milestone::SokobanPrize => "sokoban_prize",
            Milestone::MinesEnd => "mines_end",
            Milestone::Bigroom => "bigroom",
            Milestone::QuestPortal => "quest_portal",
            Milestone::Medusa => "medusa",
            Milestone::Castle => "castle",
        }
    }

    /// What it means, in words, for the report.
    pub fn label(self) -> &'static str {
        match self {
            Milestone::Mines => "Gnomish Mines entered",
            Milestone::Minetown => "Minetown reached",
            Milestone::Oracle => "Oracle level reached",
            Milestone::SokobanEntrance => "Sokoban entrance level reached",
            Milestone::Sokoban => "Sokoban entered",
            Milestone::Sokoban1 => "Sokoban level 1 solved",
            Milestone::Sokoban2 => "Sokoban level 2 solved",
            Milestone::Sokoban3 => "Sokoban level 3 solved",
            Milestone::Sokoban4 => "Sokoban level 4 solved",
            Milestone::SokobanPrize => "Sokoban prize taken",
            Milestone::MinesEnd => "Mines' End reached",
            Milestone::Bigroom => "Big Room reached",
            Milestone::QuestPortal => "quest portal level reached",
            Milestone::Medusa => "Medusa's level reached",
            Milestone::Castle => "Castle reached",
        }
    }

    /// The special level standing on which is this milestone.
    fn special(self) -> Option<Special> {
        Some(match self {
            Milestone::Minetown => Special::Minetown,
            Milestone::Oracle => Special::Oracle,
            Milestone::SokobanEntrance => Special::SokobanEntrance,
            Milestone::MinesEnd => Special::MinesEnd,
            Milestone::Bigroom => Special::BigRoom,
            Milestone::QuestPortal => Special::QuestPortal,
            Milestone::Medusa => Special::Medusa,
            Milestone::Castle => Special::Castle,
            _ => return None,
        })
    }
}

/// When a milestone was first reached: the game turn and the hero's experience level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reached {
    pub turn: i64,
    pub xl: i32,
}

/// The milestones of a game so far, in [`Milestone`] order (absent: not reached).
pub type Milestones = BTreeMap<Milestone, Reached>;

/// Watches the world after every decision and keeps the first time each milestone held.
#[derive(Clone, Debug, Default)]
pub struct MilestoneWatch {
    reached: Milestones,
}

impl MilestoneWatch {
    /// A watch that goes on from the milestones of the sessions before (a resumed game: its
    /// world starts empty, what was reached before stays reached).
    pub fn resuming(earlier: Milestones) -> MilestoneWatch {
        MilestoneWatch { reached: earlier }
    }

    /// Takes in the world as just observed. A level milestone's turn is the hero's arrival on
    /// the level (a level recognised some turns after arriving, as Mines' End once explored,
    /// counts from the arrival); Sokoban's are the world's own turns of each feat. The
    /// experience level is the hero's now (its own, not a polymorphed form's hit dice).
    pub fn observe(&mut self, world: &World) {
        if self.reached.len() == Milestone::ALL.len() {
            return;
        }
        let xl = world.experience_level;
        let dungeon = &world.dungeon;
        let mut note = |m: Milestone, turn: i64| {
            self.reached.entry(m).or_insert(Reached { turn, xl });
        };
        if let Some(level) = dungeon.current() {
            let arrived = dungeon.sokoban.arrived.unwrap_or(world.turn);
            if level.branch == Branch::Mines {
                note(Milestone::Mines, arrived);
            }
            for m in Milestone::ALL {
                if m.special().is_some_and(|s| level.facts.is(s)) {
                    note(m, arrived);
                }
            }
        }
        let sokoban = &dungeon.sokoban;
        let Some(entered) = sokoban.entered else {
            return;
        };
        note(Milestone::Sokoban, entered);
        for level in &sokoban.levels {
            let Some(solved) = level.solved else { continue };
            if let Some(n) = dungeon.sokoban_level_number(level.depth) {
                note(SOKOBAN_LEVELS[n as usize - 1], solved);
            }
        }
        // Levels the game's overview calls solved that no frame showed so.
        if let Some(summary) = dungeon.sokoban_summary() {
            for n in summary.solved {
                note(SOKOBAN_LEVELS[n as usize - 1], world.turn);
            }
        }
        if let Some(prize) = sokoban.prize_taken {
            note(Milestone::SokobanPrize, prize);
        }
    }

    /// The milestones reached so far.
    pub fn reached(&self) -> &Milestones {
        &self.reached
    }
}

/// The game's milestones in its directory (`milestones.json`), rewritten when one is reached (a
/// few times a game) by writing a new file and renaming it over the old one, so that a resumed
/// game's results line keeps what the sessions before it reached.
pub struct MilestonesFile {
    path: std::path::PathBuf,
    kept: Milestones,
}

impl MilestonesFile {
    /// The milestones file at `path` and what it holds when `carry` (a game restored from its
    /// save); a new game starts with none.
    pub fn open(path: &std::path::Path, carry: bool) -> (MilestonesFile, Milestones) {
        let kept = match std::fs::read_to_string(path) {
            Ok(text) if carry => serde_json::from_str(&text).unwrap_or_else(|e| {
                log::warn!(
                    "{}: unreadable ({e}); no milestones carried",
                    path.display()
                );
                Milestones::new()
            }),
            _ => Milestones::new(),
        };
        let file = MilestonesFile {
            path: path.to_path_buf(),
            kept: Milestones::new(),
        };
        (file, kept)
    }

    /// Stores `reached` unless it is what the file holds already.
    pub fn keep(&mut self, reached: &Milestones) -> anyhow::Result<()> {
        if reached == &self.kept {
            return Ok(());
        }
        let fresh = self.path.with_extension("json.new");
        std::fs::write(&fresh, serde_json::to_vec(reached)?)?;
        std::fs::rename(&fresh, &self.path)?;
        self.kept = reached.clone();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::{Level, SokobanLevel};

    fn world_on(branch: Branch, depth: i32, turn: i64, xl: i32) -> World {
        let mut world = World {
            turn,
            ..World::default()
        };
        world.experience_level = xl;
        world.dungeon.levels = vec![Level::new(branch, depth)];
        world.dungeon.current = Some(0);
        world.dungeon.sokoban.arrived = Some(turn);
        world
    }

    #[test]
    fn the_first_turn_and_xl_of_each_place_are_kept() {
        let mut watch = MilestoneWatch::default();
        let mut world = world_on(Branch::Doom, 3, 500, 3);
        watch.observe(&world);
        assert!(watch.reached().is_empty(), "nothing on Dlvl 3");
        // Into the Mines at turn 900, XL 4; Minetown recognised at turn 2100 on a level
        // arrived on at turn 2000, XL 6.
        let mut world_mines = world_on(Branch::Mines, 4, 900, 4);
        watch.observe(&world_mines);
        world_mines.dungeon.levels[0].depth = 6;
        world_mines.dungeon.sokoban.arrived = Some(2000);
        world_mines.turn = 2100;
        world_mines.experience_level = 6;
        watch.observe(&world_mines);
        world_mines.dungeon.levels[0].facts.mark(Special::Minetown);
        watch.observe(&world_mines);
        // Back later: the first time stays.
        world_mines.turn = 5000;
        world_mines.experience_level = 9;
        watch.observe(&world_mines);
        let r = watch.reached();
        assert_eq!(r[&Milestone::Mines], Reached { turn: 900, xl: 4 });
        assert_eq!(r[&Milestone::Minetown], Reached { turn: 2000, xl: 6 });
        assert_eq!(r.len(), 2, "{r:?}");
        // Mines' End, once the world marks it.
        world.dungeon.levels[0] = Level::new(Branch::Mines, 12);
        world.dungeon.levels[0].facts.mark(Special::MinesEnd);
        world.turn = 8000;
        world.dungeon.sokoban.arrived = Some(7900);
        world.experience_level = 11;
        watch.observe(&world);
        assert_eq!(
            watch.reached()[&Milestone::MinesEnd],
            Reached { turn: 7900, xl: 11 }
        );
    }

    #[test]
    fn sokoban_levels_and_the_prize_come_from_the_worlds_progress() {
        let mut watch = MilestoneWatch::default();
        let mut world = world_on(Branch::Sokoban, 6, 3000, 8);
        let progress = &mut world.dungeon.sokoban;
        progress.entered = Some(2900);
        progress.levels = vec![
            SokobanLevel {
                depth: 6,
                solved: Some(3500),
                ..SokobanLevel::default()
            },
            SokobanLevel {
                depth: 5,
                solved: None,
                ..SokobanLevel::default()
            },
        ];
        watch.observe(&world);
        let r = watch.reached();
        assert_eq!(r[&Milestone::Sokoban], Reached { turn: 2900, xl: 8 });
        assert_eq!(r[&Milestone::Sokoban1].turn, 3500);
        assert!(!r.contains_key(&Milestone::Sokoban2));
        assert!(!r.contains_key(&Milestone::SokobanPrize));
        world.dungeon.sokoban.prize_taken = Some(9000);
        watch.observe(&world);
        assert_eq!(watch.reached()[&Milestone::SokobanPrize].turn, 9000);
    }

    #[test]
    fn milestones_carry_over_to_a_resumed_game_only() {
        let dir = std::env::temp_dir().join(format!("nhbot-milestones-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("milestones.json");
        let _ = std::fs::remove_file(&path);
        let (mut file, carried) = MilestonesFile::open(&path, true);
        assert!(carried.is_empty(), "nothing to carry yet");
        let mut watch = MilestoneWatch::default();
        watch.observe(&world_on(Branch::Mines, 4, 900, 4));
        file.keep(watch.reached()).unwrap();
        let (_, carried) = MilestonesFile::open(&path, true);
        assert_eq!(&carried, watch.reached());
        assert!(MilestonesFile::open(&path, false).1.is_empty());
        // The resumed session's world starts empty: the Mines stay reached at turn 900.
        let mut resumed = MilestoneWatch::resuming(carried);
        resumed.observe(&world_on(Branch::Mines, 5, 3000, 6));
        assert_eq!(
            resumed.reached()[&Milestone::Mines],
            Reached { turn: 900, xl: 4 }
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_results_line_keys_are_the_milestone_names_in_game_order() {
        let mut watch = MilestoneWatch::default();
        let mut world = world_on(Branch::Doom, 7, 4000, 7);
        world.dungeon.levels[0].facts.mark(Special::Oracle);
        watch.observe(&world);
        let mut mines = world_on(Branch::Mines, 3, 4500, 7);
        mines.dungeon.levels[0].facts.mark(Special::Minetown);
        watch.observe(&mines);
        let json = serde_json::to_string(watch.reached()).unwrap();
        assert_eq!(
            json,
            r#"{"mines":{"turn":4500,"xl":7},"minetown":{"turn":4500,"xl":7},"oracle":{"turn":4000,"xl":7}}"#
        );
        for m in Milestone::ALL {
            assert_eq!(serde_json::to_value(m).unwrap(), m.key(), "{m:?}");
        }
    }
}
