//! Special levels: recognised from what the screen shows where that is cheap, and looked up.
//!
//! - The Oracle (Dungeons 5-9): her four fountains in a diamond around her, or her level's
//!   sounds ("You hear a strange wind.", "convulsive ravings", "snoring snakes", "No more
//!   woodchucks!", "a loud ZOT!"); the overview says "Oracle of Delphi." only once her room is
//!   entered.
//! - The Sokoban entrance: the Dungeons level just below the Oracle (its second up stairs lead
//!   up into Sokoban), or the level whose overview entry says "Stairs up to Sokoban", or a
//!   Dungeons level one below the Oracle's depths that shows two up staircases.
//! - Minetown: a Mines level with a door, an altar or a shop (the Mines' own levels have none),
//!   or whose overview entry lists a temple or shops.
//! - Medusa: a Dungeons level from depth 21 that is mostly water; the Castle is just below her.
//! - The Valley: "You arrive at the Valley of the Dead..."; the quest portal level: "You
//!   receive a faint telepathic message from ...".
//!
//! The Big Room, the Rogue level, Fort Ludios, the Castle's drawbridge and the Quest's home come
//! from the overview's annotations (see `overview`). Mines' End is told by its depth and its
//! missing down stairs (see `mines_end`).

use super::facts::Special;
use super::Dungeon;
use crate::level::{Branch, Level};
use crate::tiles::Feature;
use nhbot_screen::Pos;

/// Depths the Oracle can be at (dungeon.def: 5-9).
const ORACLE_DEPTHS: std::ops::RangeInclusive<i32> = 5..=9;
/// Medusa's depths (21-24).
const MEDUSA_FROM: i32 = 21;
/// Water squares seen that make a deep Dungeons level Medusa's.
const MEDUSA_WATER: usize = 60;

/// Messages only the Oracle's level makes (sounds.c, `dosounds`, not hallucinating).
const ORACLE_SOUNDS: [&str; 5] = [
    "You hear a strange wind.",
    "You hear convulsive ravings.",
    "You hear snoring snakes.",
    "No more woodchucks!",
    "You hear a loud ZOT!",
];

impl Dungeon {
    /// The live level known to be `special`, the shallowest first.
    pub fn special_level(&self, special: Special) -> Option<usize> {
        let known = self
            .levels
            .iter()
            .enumerate()
            .filter(|(_, l)| l.merged_into.is_none() && l.facts.is(special))
            .min_by_key(|(_, l)| l.depth)
            .map(|(i, _)| i);
        known.or_else(|| match special {
            Special::SokobanEntrance => self.sokoban_entrance(),
            _ => None,
        })
    }

    /// The Dungeons level whose up stairs lead into Sokoban: the one the overview says has them,
    /// or the one just below the Oracle, or one below the Oracle's depths showing two up
    /// staircases (no other level there has two), or just below Sokoban's bottom level.
    fn sokoban_entrance(&self) -> Option<usize> {
        let live = |l: &&Level| l.merged_into.is_none();
        let by_overview = self.levels.iter().position(|l| {
            l.merged_into.is_none()
                && l.branch == Branch::Doom
                && l.facts
                    .branch_stairs
                    .is_some_and(|b| b.to == Branch::Sokoban)
        });
        let below = |depth: i32| self.find(Branch::Doom, depth + 1);
        let oracle = self
            .levels
            .iter()
            .filter(live)
            .find(|l| l.facts.is(Special::Oracle))
            .map(|l| l.depth);
        let sokoban_bottom = self
            .levels
            .iter()
            .filter(live)
            .filter(|l| l.branch == Branch::Sokoban)
            .map(|l| l.depth)
            .max();
        let two_up_stairs = || {
            self.levels.iter().position(|l| {
                live(&l)
                    && l.branch == Branch::Doom
                    && ORACLE_DEPTHS.contains(&(l.depth - 1))
                    && l.has_at_least(Feature::StairsUp, 2)
            })
        };
        by_overview
            .or_else(|| oracle.and_then(below))
            .or_else(two_up_stairs)
            .or_else(|| sokoban_bottom.and_then(below))
    }

    /// The depth in the Dungeons of the level below which Sokoban's entrance is (the Oracle's),
    /// when known.
    pub fn oracle_depth(&self) -> Option<i32> {
        self.special_level(Special::Oracle)
            .map(|i| self.levels[i].depth)
            .or_else(|| self.sokoban_entrance().map(|i| self.levels[i].depth - 1))
    }

    /// Marks the current level special when what the screen shows (and `messages`, this
    /// frame's) gives it away. Called by the world on every frame.
    pub fn recognise_specials(&mut self, messages: &[String]) {
        let Some(id) = self.current else { return };
        let said = |text: &str| messages.iter().any(|m| m.contains(text));
        let level = &self.levels[id];
        let (branch, depth) = (level.branch, level.depth);
        let mut found = Vec::new();
        if said("You arrive at the Valley of the Dead") {
            found.push(Special::Valley);
        }
        if said("You receive a faint telepathic message from") {
            found.push(Special::QuestPortal);
        }
        let maybe_doom = matches!(branch, Branch::Doom | Branch::Unknown);
        if maybe_doom
            && ORACLE_DEPTHS.contains(&depth)
            && !level.facts.is(Special::Oracle)
            && (ORACLE_SOUNDS.iter().any(|s| said(s)) || fountain_diamond(level).is_some())
        {
            found.push(Special::Oracle);
        }
        if branch == Branch::Mines && !level.facts.is(Special::Minetown) && looks_built(level) {
            found.push(Special::Minetown);
        }
        if branch == Branch::Doom
            && depth >= MEDUSA_FROM
            && !level.facts.is(Special::Medusa)
            && level
                .squares
                .iter()
                .filter(|s| s.feature == Feature::Water)
                .count()
                >= MEDUSA_WATER
        {
            found.push(Special::Medusa);
        }
        for special in found {
            let branch_now = self.levels[id].branch;
            match special {
                Special::Valley if branch_now != Branch::Gehennom => {
                    self.set_branch(id, Branch::Gehennom)
                }
                Special::Oracle if branch_now == Branch::Unknown => {
                    self.set_branch(id, Branch::Doom)
                }
                _ => {}
            }
            let id = self.current.unwrap_or(id);
            self.levels[id].facts.mark(special);
        }
        self.mark_derived_specials();
    }

    /// Specials that follow from others and from the overview's counts: the level below the
    /// Oracle is the Sokoban entrance, below Medusa the Castle; a Mines level with a temple or
    /// shops is Minetown.
    pub(crate) fn mark_derived_specials(&mut self) {
        let depth_of = |d: &Dungeon, s: Special| {
            d.levels
                .iter()
                .find(|l| l.merged_into.is_none() && l.facts.is(s))
                .map(|l| l.depth)
        };
        let pairs = [
            (Special::Oracle, Special::SokobanEntrance),
            (Special::Medusa, Special::Castle),
        ];
        for (above, below) in pairs {
            if let Some(id) = depth_of(self, above).and_then(|d| self.find(Branch::Doom, d + 1)) {
                self.levels[id].facts.mark(below);
            }
        }
        if let Some(id) = self.sokoban_entrance() {
            self.levels[id].facts.mark(Special::SokobanEntrance);
        }
        for level in &mut self.levels {
            let f = &level.facts;
            if level.branch == Branch::Mines && (f.temples > 0 || f.shops > 0) {
                level.facts.mark(Special::Minetown);
            }
        }
    }
}

/// The centre of four fountains in a diamond (N, S, E, W of one square): the Oracle's.
pub fn fountain_diamond(level: &Level) -> Option<Pos> {
    let fountains = level.find(Feature::Fountain);
    if fountains.len() < 4 {
        return None;
    }
    let is = |p: Pos| level.feature(p) == Feature::Fountain;
    fountains.iter().find_map(|&north| {
        let centre = Pos::new(north.x, north.y + 1);
        let around = [
            Pos::new(centre.x - 1, centre.y),
            Pos::new(centre.x + 1, centre.y),
            Pos::new(centre.x, centre.y + 1),
        ];
        around.iter().all(|&p| is(p)).then_some(centre)
    })
}

/// A door, an altar or a shop: things the Mines' own cave levels never have, Minetown always.
fn looks_built(level: &Level) -> bool {
    !level.shops.is_empty()
        || level.squares.iter().any(|s| {
            matches!(
                s.feature,
                Feature::OpenDoor | Feature::ClosedDoor | Feature::Altar
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::Arrival;
    use crate::tiles::tests::grid;

    fn doom(depth: i32) -> Dungeon {
        let mut d = Dungeon::default();
        d.start(depth, &format!("Dlvl:{depth}"));
        d.set_branch(0, Branch::Doom);
        d
    }

    #[test]
    fn the_oracle_is_known_by_her_fountains_and_the_level_below_leads_to_sokoban() {
        let mut d = doom(7);
        let rows = ["|.....|", "|..{..|", "|.{.{.|", "|..{..|", "|.....|"];
        d.levels[0].update(&grid(&rows, &[]), Some(Pos::new(1, 1)), 5, true);
        d.recognise_specials(&[]);
        assert!(d.levels[0].facts.is(Special::Oracle));
        assert_eq!(d.oracle_depth(), Some(7));
        assert_eq!(
            d.special_level(Special::SokobanEntrance),
            None,
            "not seen yet"
        );
        let below = d.arrive(
            8,
            "Dlvl:8",
            Arrival::Stairs {
                from: Pos::new(3, 3),
                up: false,
                ladder: false,
            },
            Some(Pos::new(9, 9)),
        );
        d.recognise_specials(&[]);
        assert_eq!(d.special_level(Special::SokobanEntrance), Some(below));
        assert!(d.levels[below].facts.is(Special::SokobanEntrance));
    }

    #[test]
    fn three_fountains_or_a_shallow_level_are_not_the_oracle_but_her_sounds_are() {
        let mut d = doom(7);
        let rows = ["|.....|", "|..{..|", "|.{.{.|", "|.....|"];
        d.levels[0].update(&grid(&rows, &[]), Some(Pos::new(1, 1)), 5, true);
        d.recognise_specials(&[]);
        assert!(!d.levels[0].facts.is(Special::Oracle));
        d.recognise_specials(&["You hear a strange wind.".to_string()]);
        assert!(d.levels[0].facts.is(Special::Oracle));
        let mut shallow = doom(3);
        shallow.recognise_specials(&["You hear a strange wind.".to_string()]);
        assert!(!shallow.levels[0].facts.is(Special::Oracle));
    }

    #[test]
    fn a_mines_level_with_a_door_is_minetown() {
        let mut d = Dungeon::default();
        d.start(5, "Dlvl:5");
        d.set_branch(0, Branch::Mines);
        d.levels[0].update(&grid(&[" ...  ..", " ......."], &[]), None, 3, true);
        d.recognise_specials(&[]);
        assert!(!d.levels[0].facts.is(Special::Minetown));
        d.levels[0].update(&grid(&[" |.|", " |+|"], &["", "  3"]), None, 4, true);
        d.recognise_specials(&[]);
        assert!(
            d.levels[0].facts.is(Special::Minetown),
            "{:?}",
            d.levels[0].feature(Pos::new(2, 1))
        );
        assert_eq!(d.special_level(Special::Minetown), Some(0));
    }

    #[test]
    fn the_valley_message_puts_the_level_in_gehennom() {
        let mut d = doom(26);
        d.recognise_specials(&["You arrive at the Valley of the Dead...".to_string()]);
        let id = d.current.expect("a level");
        assert_eq!(d.levels[id].branch, Branch::Gehennom);
        assert_eq!(d.special_level(Special::Valley), Some(id));
    }
}
