//! A placeholder level's branch from its look: the Dungeons show doors and long corridors, the
//! Mines cave walls, wide open floor and gnomes, Sokoban (entered going up) its boulders. The
//! game's overview, when read, settles it (see `overview`).

use super::Dungeon;
use crate::level::{Branch, Level};
use crate::tiles::Feature;
use nhbot_screen::Pos;

impl Dungeon {
    /// Gives the current placeholder level its branch once its look tells; `new_gnomes` is the
    /// number of `G` that came into view this observation. Merges it into an existing level
    /// with the same key.
    pub fn recognise(&mut self, new_gnomes: usize) {
        let Some(id) = self.current else { return };
        if self.levels[id].branch != Branch::Unknown {
            return;
        }
        self.levels[id].gnomes_seen += new_gnomes as u32;
        let level = &self.levels[id];
        let count = |f: Feature| level.squares.iter().filter(|s| s.feature == f).count();
        let corridors = count(Feature::Corridor);
        let doors = count(Feature::OpenDoor) + count(Feature::ClosedDoor);
        let boulders = count(Feature::Boulder);
        let seen = level
            .squares
            .iter()
            .filter(|s| s.seen > 0 && s.feature != Feature::Rock)
            .count();
        // Dwarves dig short corridors in the Mines; the Dungeons have doors and long corridors.
        let branch = if level.entered_going_up && boulders >= 8 {
            Branch::Sokoban
        } else if doors > 0 || corridors >= DOOM_CORRIDORS {
            Branch::Doom
        } else if level.gnomes_seen >= 3
            || seen >= MINES_SEEN
            || (!level.entered_going_up
                && count(Feature::Fountain) == 0
                && cave_walls(level) >= MINES_CAVE_WALLS)
        {
            Branch::Mines
        } else {
            return;
        };
        self.set_branch(id, branch);
    }
}

/// Squares seen with no corridor or door among them that make a placeholder level the Mines: more
/// than the biggest room of the Dungeons (~170 with its walls), whose exits show corridors.
const MINES_SEEN: usize = 250;
/// Corridor squares that make a placeholder level the Dungeons (more than dwarves dig).
const DOOM_CORRIDORS: usize = 15;
/// Cave walls (see [`cave_walls`]) that make a placeholder level the Mines: a room of the
/// Dungeons has none, the Mines' walls many (seeds 133 and 173 showed 3 or more in their first
/// dozen turns on the Mines' top). The Oracle's centre has some, and fountains: a level with a
/// fountain is left to other evidence.
const MINES_CAVE_WALLS: usize = 3;

/// Wall squares whose floor neighbours lie on more than one side: on both sides along a line
/// (west and east, north and south), or around a bend (in two rows and two columns). A room of
/// the Dungeons is a rectangle: each wall square has its floor on one side, in one row (a
/// horizontal wall) or one column (a vertical one), a corner diagonally; doorways, corridors and
/// niches are not floor. The Mines' cave walls jut and bend between floors. A square between two
/// walls does not count as floor (a doorway under an object or a monster looks like floor).
pub fn cave_walls(level: &Level) -> usize {
    let wall = |x: i16, y: i16| level.feature(Pos::new(x, y)) == Feature::Wall;
    // Under an object the floor is a guess (objects lie in corridors and doorways too), and a
    // square between two walls may be a doorway a monster stood in when first seen.
    let floor = |p: Pos| {
        level.at(p).is_some_and(|sq| {
            matches!(
                sq.feature,
                Feature::Floor | Feature::StairsUp | Feature::StairsDown
            ) && sq.object.is_none()
        }) && !(wall(p.x - 1, p.y) && wall(p.x + 1, p.y))
            && !(wall(p.x, p.y - 1) && wall(p.x, p.y + 1))
    };
    let cave = |p: Pos| {
        let at = |dx: i16, dy: i16| floor(Pos::new(p.x + dx, p.y + dy));
        if (at(-1, 0) && at(1, 0)) || (at(0, -1) && at(0, 1)) {
            return true;
        }
        let around: Vec<(i16, i16)> = (-1..=1)
            .flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| (dx, dy) != (0, 0) && at(dx, dy))
            .collect();
        let rows = around.iter().any(|&(_, dy)| dy != around[0].1);
        let columns = around.iter().any(|&(dx, _)| dx != around[0].0);
        rows && columns
    };
    (0..level.squares.len())
        .filter(|&i| level.squares[i].feature == Feature::Wall)
        .map(crate::level::pos_of)
        .filter(|&p| cave(p))
        .count()
}
