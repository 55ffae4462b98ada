//! Mines' End, the Gnomish Mines' bottom level, recognised without the wizard-mode overview.
//! Nothing on its screen names it and the game's overview has no line for it, but the Mines are
//! 8 or 9 levels deep (dungeon.def: `(8, 2)`) and their bottom is the one Mines level with no
//! down stairs. So a Mines level is Mines' End when:
//! - it is the Mines' ninth level (their top known: the fork's branch stairs, the overview's
//!   range, or the stairs taken from the Dungeons), or
//! - it is at least the Mines' eighth level (Dlvl 10 when their top is unknown: the Mines start
//!   at Dlvl 3-5), a good part of it is seen, no down stairs are among it, and no square that
//!   could show more is left to walk to from where the hero stands (explored: what the
//!   `explore` leaf would go to next).
//!
//! Mines' End is "explored" once that last condition holds on it: the Mines' End phase is then
//! over (see nhbot-skills' `mines_end_over`).

use super::facts::Special;
use crate::explore::frontier;
use crate::level::{Branch, Level};
use crate::nav::PathOpts;
use crate::tiles::Feature;
use crate::World;
use nhbot_screen::Pos;

/// Levels of the Gnomish Mines at most (dungeon.def: 8 + rn2(2)).
pub const MINES_MAX_LEVELS: i32 = 9;
/// Levels of the Gnomish Mines at least.
pub const MINES_MIN_LEVELS: i32 = 8;
/// The shallowest Mines' End: the Mines start at Dlvl 3 at the earliest.
pub const MINES_END_MIN_DEPTH: i32 = 3 + MINES_MIN_LEVELS - 1;
/// Walkable squares seen before a level without down stairs may be called explored (a hero
/// boxed in on arrival has an empty frontier too). The Mines' levels span the whole map.
const MINES_END_MIN_SQUARES: usize = 200;

/// Whether nothing more of `level` can be seen by walking: every known square that touches
/// the unseen and was never stood on is out of reach from `from`, and a good part of the level
/// is known.
pub fn explored_from(level: &Level, from: Pos) -> bool {
    let walkable = level
        .squares
        .iter()
        .filter(|s| s.feature.walkable())
        .count();
    if walkable < MINES_END_MIN_SQUARES {
        return false;
    }
    let dist = level.distances(from, &PathOpts::default());
    frontier(level).into_iter().all(|p| dist.cost(p).is_none())
}

fn has_down_stairs(level: &Level) -> bool {
    [Feature::StairsDown, Feature::LadderDown]
        .iter()
        .any(|&f| !level.find(f).is_empty())
}

impl World {
    /// Marks the current level Mines' End when it is (see the module's doc). Called on every
    /// frame after the other special levels.
    pub(crate) fn recognise_mines_end(&mut self) {
        let Some(id) = self.dungeon.current else {
            return;
        };
        let level = &self.dungeon.levels[id];
        if level.branch != Branch::Mines || level.facts.is(Special::MinesEnd) {
            return;
        }
        let top = self.dungeon.mines_top();
        let ninth = top.is_some_and(|t| level.depth == t + MINES_MAX_LEVELS - 1);
        let deep_enough =
            level.depth >= top.map_or(MINES_END_MIN_DEPTH, |t| t + MINES_MIN_LEVELS - 1);
        let bottom =
            ninth || (deep_enough && !has_down_stairs(level) && explored_from(level, self.player));
        if bottom {
            self.dungeon.levels[id].facts.mark(Special::MinesEnd);
        }
    }

    /// Whether Mines' End is known and was seen explored (nothing left to walk to there, the
    /// hero on it); it stays so after the hero left.
    pub fn mines_end_explored(&self) -> bool {
        self.dungeon.mines_end_explored.is_some()
    }

    /// Notes the turn Mines' End was first seen explored: the hero on it, nothing left to walk
    /// to.
    pub(crate) fn note_mines_end_explored(&mut self) {
        let Some(level) = self.dungeon.current() else {
            return;
        };
        if self.dungeon.mines_end_explored.is_none()
            && level.facts.is(Special::MinesEnd)
            && explored_from(level, self.player)
        {
            self.dungeon.mines_end_explored = Some(self.turn);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::Dungeon;
    use crate::testing::grid;

    /// A cave of 40 x 7 floor squares (280) walled round, with `extra` drawn over its first
    /// rows; the hero at (2, 2).
    fn cave(extra: &[&str]) -> Vec<nhbot_screen::Cell> {
        let mut rows: Vec<String> = vec![format!(" {}", "-".repeat(42))];
        for _ in 0..7 {
            rows.push(format!(" |{}|", ".".repeat(40)));
        }
        rows.push(format!(" {}", "-".repeat(42)));
        for (y, row) in extra.iter().enumerate() {
            let mut chars: Vec<char> = rows[y].chars().collect();
            for (x, c) in row.chars().enumerate() {
                if c != ' ' {
                    chars[x] = c;
                }
            }
            rows[y] = chars.into_iter().collect();
        }
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        grid(&refs, &[])
    }

    fn mines_world(depth: i32, top: Option<i32>) -> World {
        let mut w = World::default();
        let mut d = Dungeon::default();
        if let Some(top) = top {
            d.branch_ranges.push((Branch::Mines, (top, depth)));
        }
        d.start(depth, &format!("Dlvl:{depth}"));
        d.set_branch(0, Branch::Mines);
        w.dungeon = d;
        w.player = Pos::new(2, 2);
        w
    }

    fn see(w: &mut World, map: &[nhbot_screen::Cell]) {
        let at = w.player;
        w.dungeon.levels[0].update(map, Some(at), 100, true);
        w.recognise_mines_end();
        w.note_mines_end_explored();
    }

    #[test]
    fn the_ninth_mines_level_is_mines_end_on_arrival() {
        let mut w = mines_world(12, Some(4));
        see(&mut w, &grid(&["  ..."], &[]));
        assert!(w.dungeon.levels[0].facts.is(Special::MinesEnd));
        assert!(!w.mines_end_explored(), "barely seen");
        see(&mut w, &cave(&[]));
        assert!(
            w.mines_end_explored(),
            "all of it seen, nothing left to walk to"
        );
    }

    #[test]
    fn a_deep_mines_level_explored_without_down_stairs_is_mines_end() {
        // The Mines from Dlvl 4: their eighth level (Dlvl 11) may be the bottom.
        let mut w = mines_world(11, Some(4));
        // An opening in the wall on the right shows the unseen beyond: not explored.
        see(
            &mut w,
            &cave(&["", "", "", "                                          ."]),
        );
        assert!(!w.dungeon.levels[0].facts.is(Special::MinesEnd));
        see(&mut w, &cave(&[]));
        assert!(w.dungeon.levels[0].facts.is(Special::MinesEnd));
        assert!(w.mines_end_explored());
        assert_eq!(w.dungeon.special_level(Special::MinesEnd), Some(0));
    }

    #[test]
    fn down_stairs_or_a_shallow_level_are_not_mines_end() {
        let mut w = mines_world(11, Some(4));
        see(&mut w, &cave(&["", "", "       >"]));
        assert!(
            !w.dungeon.levels[0].facts.is(Special::MinesEnd),
            "a way down"
        );
        // The seventh level of Mines from Dlvl 4 is never the bottom.
        let mut w = mines_world(10, Some(4));
        see(&mut w, &cave(&[]));
        assert!(!w.dungeon.levels[0].facts.is(Special::MinesEnd));
        // Top unknown: from Dlvl 10 only.
        let mut w = mines_world(9, None);
        see(&mut w, &cave(&[]));
        assert!(!w.dungeon.levels[0].facts.is(Special::MinesEnd));
        let mut w = mines_world(10, None);
        see(&mut w, &cave(&[]));
        assert!(w.dungeon.levels[0].facts.is(Special::MinesEnd));
    }

    #[test]
    fn a_dungeons_level_is_never_mines_end() {
        let mut w = mines_world(12, Some(4));
        w.dungeon.set_branch(0, Branch::Doom);
        see(&mut w, &cave(&[]));
        assert_eq!(w.dungeon.special_level(Special::MinesEnd), None);
    }
}
