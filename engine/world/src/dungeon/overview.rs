//! The game's own dungeon overview (`^O`, `#overview`) read into the level graph. NetHack 3.6.6
//! prints (dungeon.c, `print_mapseen`), for every dungeon reached and every level of interest
//! in it (the current one, the deepest one reached, any with features, annotations or a known
//! branch):
//!
//! ```text
//! The Dungeons of Doom: levels 1 to 9
//!    Level 2:
//!       A fountain.
//!    Level 3:
//!       Stairs down to The Gnomish Mines.
//!    Level 8: <- You are here.
//!       Some shops, a temple to Anhur, many fountains.
//!       Oracle of Delphi.
//! The Gnomish Mines: levels 4 to 7
//!    Level 7:
//! ```
//!
//! Counts are words: a/an 1, some 2, many 3 or more. Wizard mode adds the special level's
//! `[proto]` name after "Level N:". The tty shows the window as text pages; the lines arrive
//! here trimmed, in order.

use super::facts::{BranchStairs, LevelFacts, Special};
use super::Dungeon;
use crate::level::Branch;
use serde::{Deserialize, Serialize};

/// One overview as the game listed it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Overview {
    pub dungeons: Vec<OverviewDungeon>,
}

/// One dungeon (branch) of the overview with its levels of interest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OverviewDungeon {
    /// As the game names it: "The Gnomish Mines".
    pub name: String,
    /// None for a dungeon the bot does not model (Vlad's Tower).
    pub branch: Option<Branch>,
    /// "levels 4 to 7": the branch's first depth and the deepest reached (for a branch built
    /// upwards, "levels 9 up to 6": the entry depth and the highest reached). None when only the
    /// entry level was reached.
    pub levels: Option<(i32, i32)>,
    pub entries: Vec<OverviewLevel>,
}

/// One level line of the overview and the lines under it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OverviewLevel {
    /// "Level 7" (the Quest and Fort Ludios count from 1, as their status line does; the
    /// Planes are -1 Earth .. -5 Astral).
    pub depth: i32,
    /// "<- You are here."
    pub here: bool,
    pub facts: LevelFacts,
}

/// The branch a dungeon name of the overview is.
pub fn branch_of_dungeon(name: &str) -> Option<Branch> {
    Some(match name {
        "The Dungeons of Doom" => Branch::Doom,
        "The Gnomish Mines" => Branch::Mines,
        "Sokoban" => Branch::Sokoban,
        "The Quest" => Branch::Quest,
        "Fort Ludios" => Branch::Ludios,
        "Gehennom" => Branch::Gehennom,
        "The Elemental Planes" => Branch::Planes,
        _ => return None,
    })
}

const PLANES: [(&str, i32); 5] = [
    ("Astral Plane", -5),
    ("Plane of Water", -4),
    ("Plane of Fire", -3),
    ("Plane of Air", -2),
    ("Plane of Earth", -1),
];

/// Reads the overview's lines (trimmed, in order; blank lines and the `--More--`/`(end)`
/// terminator may be included, they are skipped). Lines it does not know are ignored.
pub fn parse_overview<S: AsRef<str>>(lines: &[S]) -> Overview {
    let mut overview = Overview::default();
    for line in lines.iter().map(|l| l.as_ref().trim()) {
        if line.is_empty() || line == "--More--" || line == "(end)" {
            continue;
        }
        if let Some(level) = level_line(line) {
            if let Some(dungeon) = overview.dungeons.last_mut() {
                dungeon.entries.push(level);
            }
            continue;
        }
        if let Some(dungeon) = dungeon_line(line) {
            overview.dungeons.push(dungeon);
            continue;
        }
        let Some(level) = overview
            .dungeons
            .last_mut()
            .and_then(|d| d.entries.last_mut())
        else {
            continue;
        };
        detail_line(line, &mut level.facts);
    }
    overview
}

/// "The Gnomish Mines: levels 4 to 7", "Sokoban: levels 9 up to 6", "The Dungeons of Doom:".
fn dungeon_line(line: &str) -> Option<OverviewDungeon> {
    let (name, rest) = line.split_once(':')?;
    let rest = rest.trim();
    let levels = if rest.is_empty() {
        None
    } else {
        let range = rest.strip_prefix("levels ")?;
        let (a, b) = range
            .split_once(" up to ")
            .or_else(|| range.split_once(" to "))?;
        Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
    };
    let name = name.trim();
    let known = branch_of_dungeon(name);
    // A line with a colon that names no dungeon must still look like one: capitalised, short.
    if known.is_none() && (levels.is_none() || !name.starts_with(char::is_uppercase)) {
        return None;
    }
    Some(OverviewDungeon {
        name: name.to_string(),
        branch: known,
        levels,
        entries: Vec::new(),
    })
}

/// "Level 7: [minetn] \"stash\" <- You are here." or "Plane of Fire:".
fn level_line(line: &str) -> Option<OverviewLevel> {
    let (depth, rest) = if let Some(rest) = line.strip_prefix("Level ") {
        let (n, rest) = rest.split_once(':')?;
        (n.trim().parse::<i32>().ok()?, rest)
    } else {
        let &(name, depth) = PLANES.iter().find(|(name, _)| line.starts_with(name))?;
        (depth, line[name.len()..].strip_prefix(':')?)
    };
    let mut facts = LevelFacts::default();
    let mut rest = rest.trim();
    let mut here = false;
    for tail in [
        "<- You are here.",
        "<- You were here.",
        "<- You left from here.",
    ] {
        if let Some(r) = rest.strip_suffix(tail) {
            here = tail.contains("are");
            rest = r.trim();
        }
    }
    if let Some(r) = rest.strip_prefix('[') {
        if let Some((proto, r)) = r.split_once(']') {
            facts.proto = Some(proto.to_string());
            rest = r.trim();
        }
    }
    if let Some(r) = rest.strip_prefix('"') {
        facts.annotation = Some(r.strip_suffix('"').unwrap_or(r).to_string());
    }
    Some(OverviewLevel { depth, here, facts })
}

/// A line under a level: its features, its special annotation, or its branch.
fn detail_line(line: &str, facts: &mut LevelFacts) {
    let sentence = line.strip_suffix('.').unwrap_or(line);
    let special = match sentence {
        "Oracle of Delphi" => Some(Special::Oracle),
        "A very big room" => Some(Special::BigRoom),
        "A primitive area" => Some(Special::Rogue),
        "Fort Ludios" => Some(Special::FortLudios),
        "Valley of the Dead" => Some(Special::Valley),
        "Moloch's Sanctum" => Some(Special::Sanctum),
        s if s.starts_with("The castle") => Some(Special::Castle),
        s if s.starts_with("Home") || s.starts_with("Given quest by ") => Some(Special::QuestHome),
        s if s.starts_with("Completed quest for ") => Some(Special::QuestHome),
        s if s.starts_with("Summoned by ") => Some(Special::QuestPortal),
        _ => None,
    };
    if let Some(special) = special {
        facts.mark(special);
        return;
    }
    match sentence {
        "Solved" => facts.solved = Some(true),
        "Unsolved" => facts.solved = Some(false),
        s => {
            if let Some(stairs) = branch_line(s) {
                facts.branch_stairs = Some(stairs);
            } else {
                features(s, facts);
            }
        }
    }
}

/// "Stairs down to The Gnomish Mines", "Stairs up to Sokoban, level 8", "Portal to The Quest",
/// "One way stairs up to The Elemental Planes", "Connection to Gehennom".
fn branch_line(s: &str) -> Option<BranchStairs> {
    let (how, to) = s.split_once(" to ")?;
    let (up, portal) = match how {
        "Stairs up" | "One way stairs up" => (true, false),
        "Stairs down" | "One way stairs down" | "Connection" => (false, false),
        "Portal" | "Sealed portal" => (false, true),
        _ => return None,
    };
    let (name, to_depth) = match to.split_once(", level ") {
        Some((name, n)) => (name, n.trim().parse().ok()),
        None => (to, None),
    };
    Some(BranchStairs {
        to: branch_of_dungeon(name.trim())?,
        up,
        portal,
        to_depth,
    })
}

/// The shop kinds the overview names (dungeon.c `shop_string`).
const SHOP_KINDS: [&str; 13] = [
    "untended shop",
    "general store",
    "armor shop",
    "scroll shop",
    "potion shop",
    "weapon shop",
    "delicatessen",
    "jewelers",
    "wand shop",
    "bookstore",
    "health food store",
    "lighting shop",
    "shop",
];

/// "Some shops, a temple to Anhur, many fountains": counted nouns joined by commas.
fn features(s: &str, facts: &mut LevelFacts) {
    for part in s.split(", ") {
        let part = part.trim();
        let (count, noun) = match part.split_once(' ') {
            Some((word, noun)) => match word.to_ascii_lowercase().as_str() {
                "a" | "an" => (1, noun),
                "some" => (2, noun),
                "many" => (3, noun),
                _ => continue,
            },
            None => continue,
        };
        let (noun, god) = match noun.split_once(" to ") {
            Some((noun, god)) => (noun, Some(god.to_string())),
            None => (noun, None),
        };
        let singular = noun.strip_suffix('s').unwrap_or(noun);
        match singular {
            "altar" | "temple" => {
                if singular == "altar" {
                    facts.altars = count;
                } else {
                    facts.temples = count;
                    facts.altars = facts.altars.max(count);
                }
                facts.own_god_altars = god;
            }
            "throne" => facts.thrones = count,
            "fountain" => facts.fountains = count,
            "sink" => facts.sinks = count,
            "grave" => facts.graves = count,
            "tree" => facts.trees = count,
            _ if count == 1 && SHOP_KINDS.contains(&noun) => {
                facts.shops = 1;
                facts.shop_kind = (noun != "shop").then(|| noun.to_string());
            }
            "shop" => facts.shops = count,
            _ => {}
        }
    }
}

impl crate::World {
    /// The overview event: the game's lines read into the level graph.
    pub(crate) fn read_overview(&mut self, lines: &[String]) {
        self.dungeon.apply_overview(&parse_overview(lines));
        self.dungeon.mark_derived_specials();
        self.dungeon.overview_read_at = Some(self.dungeon.arrivals);
    }

    /// Whether the game's overview has been read since the hero arrived on this level.
    pub fn overview_is_fresh(&self) -> bool {
        self.dungeon.overview_read_at == Some(self.dungeon.arrivals)
    }
}

impl Dungeon {
    /// Takes in what the game's overview says: the current level's branch (the game's word
    /// settles a placeholder or a wrong guess), every listed level's facts (a level the bot has
    /// not seen is added, e.g. after a resumed game), the branches' depth ranges.
    pub fn apply_overview(&mut self, overview: &Overview) {
        for dungeon in &overview.dungeons {
            let Some(branch) = dungeon.branch else {
                continue;
            };
            if let Some(range) = dungeon.levels {
                self.branch_ranges.retain(|(b, _)| *b != branch);
                self.branch_ranges.push((branch, range));
            }
            for entry in &dungeon.entries {
                let id = match (entry.here, self.current) {
                    (true, Some(current)) if self.levels[current].depth == entry.depth => {
                        if self.levels[current].branch != branch {
                            self.set_branch(current, branch);
                        }
                        self.current.unwrap_or(current)
                    }
                    _ => match self.find(branch, entry.depth) {
                        Some(id) => id,
                        None => self.add(branch, entry.depth),
                    },
                };
                self.levels[id].facts.absorb(&entry.facts);
            }
        }
    }

    /// The first (top) depth of `branch` as the overview gave it ("The Gnomish Mines: levels 4
    /// to 7": 4).
    pub fn branch_top(&self, branch: Branch) -> Option<i32> {
        self.branch_ranges
            .iter()
            .find(|(b, _)| *b == branch)
            .map(|&(_, (first, _))| first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<&str> {
        text.lines().collect()
    }

    #[test]
    fn levels_features_specials_and_branches_are_read() {
        let o = parse_overview(&lines(
            "The Dungeons of Doom: levels 1 to 9
             Level 2:
                A fountain.
             Level 3:
                Stairs down to The Gnomish Mines.
             Level 5: \"stash\"
                Some shops, a temple to Anhur, many fountains, a sink.
                Oracle of Delphi.
             Level 6:
                A general store, some altars, a throne.
                Stairs up to Sokoban, level 5.
             Level 9: <- You are here.
             The Gnomish Mines: levels 4 to 7
             Level 7: [minetn]
                Some shops, a temple.
             Sokoban:
             Level 5:
                Unsolved.
             --More--",
        ));
        assert_eq!(o.dungeons.len(), 3);
        let doom = &o.dungeons[0];
        assert_eq!(
            (doom.branch, doom.levels, doom.entries.len()),
            (Some(Branch::Doom), Some((1, 9)), 5)
        );
        assert_eq!(doom.entries[0].facts.fountains, 1);
        let fork = doom.entries[1].facts.branch_stairs.expect("branch stairs");
        assert_eq!(
            (fork.to, fork.up, fork.to_depth),
            (Branch::Mines, false, None)
        );
        let oracle = &doom.entries[2].facts;
        assert_eq!(
            (oracle.shops, oracle.temples, oracle.fountains, oracle.sinks),
            (2, 1, 3, 1)
        );
        assert_eq!(oracle.own_god_altars.as_deref(), Some("Anhur"));
        assert_eq!(oracle.annotation.as_deref(), Some("stash"));
        assert_eq!(oracle.specials, vec![Special::Oracle]);
        let below = &doom.entries[3].facts;
        assert_eq!(below.shop_kind.as_deref(), Some("general store"));
        assert_eq!((below.shops, below.altars, below.temples), (1, 2, 0));
        let soko = below.branch_stairs.expect("Sokoban stairs");
        assert_eq!(
            (soko.to, soko.up, soko.to_depth),
            (Branch::Sokoban, true, Some(5))
        );
        assert!(doom.entries[4].here && !doom.entries[3].here);
        let mines = &o.dungeons[1];
        assert_eq!(mines.entries[0].facts.proto.as_deref(), Some("minetn"));
        assert_eq!(mines.levels, Some((4, 7)));
        let sokoban = &o.dungeons[2];
        assert_eq!(
            (sokoban.branch, sokoban.levels),
            (Some(Branch::Sokoban), None)
        );
        assert_eq!(sokoban.entries[0].facts.solved, Some(false));
    }

    #[test]
    fn quest_portal_home_and_unmodelled_dungeons() {
        let o = parse_overview(&lines(
            "The Dungeons of Doom: levels 1 to 15
             Level 14:
                A very big room.
                Summoned by Norn.
                Portal to The Quest.
             Level 15: <- You are here.
             The Quest: levels 1 to 2
             Level 1:
                Given quest by Norn.
             Vlad's Tower: levels 38 up to 39
             Level 39:",
        ));
        let big = &o.dungeons[0].entries[0].facts;
        assert_eq!(big.specials, vec![Special::BigRoom, Special::QuestPortal]);
        let portal = big.branch_stairs.expect("the portal");
        assert_eq!((portal.to, portal.portal), (Branch::Quest, true));
        assert_eq!(
            o.dungeons[1].entries[0].facts.specials,
            vec![Special::QuestHome]
        );
        assert_eq!(o.dungeons[2].branch, None, "Vlad's Tower is not modelled");
        assert_eq!(o.dungeons[2].levels, Some((38, 39)));
    }

    #[test]
    fn the_overview_settles_a_placeholder_and_adds_unseen_levels() {
        let mut d = Dungeon::default();
        d.start(3, "Dlvl:3");
        d.set_branch(0, Branch::Doom);
        let below = d.arrive(
            4,
            "Dlvl:4",
            super::super::Arrival::Stairs {
                from: nhbot_screen::Pos::new(5, 5),
                up: false,
                ladder: false,
            },
            Some(nhbot_screen::Pos::new(9, 9)),
        );
        assert_eq!(d.levels[below].branch, Branch::Unknown);
        d.apply_overview(&parse_overview(&lines(
            "The Dungeons of Doom: levels 1 to 3
             Level 2:
                A fountain.
             Level 3:
                Stairs down to The Gnomish Mines.
             The Gnomish Mines:
             Level 4: <- You are here.",
        )));
        assert_eq!(d.levels[below].branch, Branch::Mines);
        assert_eq!(d.mines_top(), Some(4));
        let two = d
            .find(Branch::Doom, 2)
            .expect("Doom 2 added from the overview");
        assert_eq!(d.levels[two].facts.fountains, 1);
        assert!(d.levels[two].facts.in_overview);
        assert_eq!(d.levels.len(), 3);
    }
}
