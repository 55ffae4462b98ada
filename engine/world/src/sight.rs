//! Lines of fire and of sight over the remembered map. A thrown object flies in one of the 8
//! directions, square by square, and stops before the first square that stops missiles
//! ([`crate::Feature::stops_missiles`]) or at the first monster (3.6.6 `bhit()`). Sight follows
//! NetHack's `clear_path()` (vision.c): a Bresenham line whose squares strictly between the
//! ends must not block light ([`crate::Feature::blocks_sight`]); lighting is not considered.

use crate::level::Level;
use crate::{Dir, World};
use nhbot_screen::Pos;

/// Whether `b` lies on one of the 8 lines from `a` (same row, column or diagonal), `a` excluded.
pub fn aligned(a: Pos, b: Pos) -> bool {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    (dx, dy) != (0, 0) && (dx == 0 || dy == 0 || dx.abs() == dy.abs())
}

/// The squares strictly between `a` and `b`, which must be [`aligned`].
fn between(a: Pos, b: Pos) -> impl Iterator<Item = Pos> {
    let (dx, dy) = ((b.x - a.x).signum(), (b.y - a.y).signum());
    let n = (b.x - a.x).abs().max((b.y - a.y).abs());
    (1..n).map(move |k| Pos::new(a.x + k * dx, a.y + k * dy))
}

impl Level {
    /// Whether an object thrown from `a` toward `b` gets there: `b` is on one of the 8 lines
    /// from `a` and no square strictly between stops missiles (walls, rock, never-seen
    /// squares, closed doors, trees, iron bars, sinks). Monsters are not considered (see
    /// [`World::fire_dir`]); nor is the throw's range.
    pub fn line_clear(&self, a: Pos, b: Pos) -> bool {
        a.in_map()
            && b.in_map()
            && aligned(a, b)
            && between(a, b).all(|p| !self.feature(p).stops_missiles())
    }

    /// NetHack's `clear_path(a, b)`: nothing that blocks light on the line between the two
    /// squares (the ends are not checked). The line is the game's Bresenham line from `a`,
    /// so `can_see(a, b)` and `can_see(b, a)` may differ.
    pub fn can_see(&self, a: Pos, b: Pos) -> bool {
        if !a.in_map() || !b.in_map() {
            return false;
        }
        let clear = |x: i16, y: i16| !self.feature(Pos::new(x, y)).blocks_sight();
        // vision.c picks the quadrant so: x steps right when a is left of b, else left; y
        // steps up when a is below b, else down.
        let sx = if a.x < b.x { 1 } else { -1 };
        let sy = if a.y > b.y { -1 } else { 1 };
        let (dx, dy) = ((b.x - a.x).abs(), (b.y - a.y).abs());
        let (mut x, mut y) = (a.x, a.y);
        let (dxs, dys) = (2 * dx, 2 * dy);
        if dy > dx {
            let mut err = dxs - dy;
            for _ in 1..dy {
                if err >= 0 {
                    x += sx;
                    err -= dys;
                }
                y += sy;
                err += dxs;
                if !clear(x, y) {
                    return false;
                }
            }
        } else {
            let mut err = dys - dx;
            for _ in 1..dx {
                if err >= 0 {
                    y += sy;
                    err -= dxs;
                }
                x += sx;
                err += dys;
                if !clear(x, y) {
                    return false;
                }
            }
        }
        true
    }
}

impl World {
    /// The direction to throw at `target` from where the hero stands: when the line is clear
    /// ([`Level::line_clear`]), no monster in view stands strictly between (it would take the
    /// missile), and `target` is within `range` squares if one is given (a thrown dagger
    /// flies about Str/2 squares: 9 or 10 for a strong hero).
    pub fn fire_dir(&self, target: Pos, range: Option<i16>) -> Option<Dir> {
        let level = self.level()?;
        let from = self.player;
        if !level.line_clear(from, target) {
            return None;
        }
        let distance = (target.x - from.x).abs().max((target.y - from.y).abs());
        if range.is_some_and(|r| distance > r) {
            return None;
        }
        let in_the_way = between(from, target).any(|p| self.monsters.iter().any(|m| m.pos == p));
        if in_the_way {
            return None;
        }
        Dir::from_delta(target.x - from.x, target.y - from.y)
    }

    /// Whether a thrown object gets from `a` to `b` on the current level (terrain only).
    pub fn line_clear(&self, a: Pos, b: Pos) -> bool {
        self.level().is_some_and(|l| l.line_clear(a, b))
    }

    /// NetHack's line of sight from `a` to `b` over the remembered terrain.
    pub fn can_see(&self, a: Pos, b: Pos) -> bool {
        self.level().is_some_and(|l| l.can_see(a, b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Branch;
    use crate::testing::grid;
    use crate::tiles::Feature;

    fn level(rows: &[&str], colors: &[&str]) -> Level {
        let mut l = Level::new(Branch::Doom, 1);
        l.update(&grid(rows, colors), None, 1, true);
        l
    }

    #[test]
    fn missiles_fly_over_boulders_and_water_but_not_through_doors_or_walls() {
        let l = level(
            &[
                "|.........|",
                "|.0.}.....|",
                "|.........|",
                "|----+----|",
                "|.........|",
            ],
            &["", "", "", "     3"],
        );
        let p = Pos::new;
        assert!(
            l.line_clear(p(1, 1), p(8, 1)),
            "over the boulder and the pool"
        );
        assert!(l.line_clear(p(1, 0), p(3, 2)), "diagonal");
        assert!(!l.line_clear(p(1, 0), p(4, 2)), "not on a line");
        assert!(!l.line_clear(p(5, 2), p(5, 4)), "the closed door");
        assert!(!l.line_clear(p(2, 2), p(2, 4)), "the wall");
        assert!(
            l.line_clear(p(2, 2), p(2, 3)),
            "the wall itself is the end: nothing between"
        );
        assert!(!l.line_clear(p(2, 2), p(2, 2)), "no line to oneself");
        // The door opened: the line goes through it.
        let open = level(
            &["|.........|", "|----|----|", "|.........|"],
            &["", "     3"],
        );
        assert_eq!(open.feature(p(5, 1)), Feature::OpenDoor);
        assert!(open.line_clear(p(5, 0), p(5, 2)));
        assert!(
            open.line_clear(p(4, 0), p(6, 2)),
            "bhit() has no doorway rule"
        );
    }

    #[test]
    fn sight_is_the_games_bresenham_line() {
        // A boulder blocks sight but not a missile.
        let l = level(&["|.......|", "|...0...|", "|.......|"], &[]);
        let p = Pos::new;
        assert!(!l.can_see(p(1, 1), p(7, 1)));
        assert!(l.line_clear(p(1, 1), p(7, 1)));
        assert!(l.can_see(p(1, 0), p(7, 0)));
        // A knight's-move line: vision.c steps x first, y when the error allows. From (1,0)
        // to (7,2) the line crosses (2,0) (3,1) (4,1) (5,1) (6,2): the boulder at (4,1) hides
        // it; from (1,2) to (7,0) likewise.
        assert!(!l.can_see(p(1, 0), p(7, 2)));
        assert!(!l.can_see(p(1, 2), p(7, 0)));
        // Steeper: from (3,0) to (5,2) the middle is (4,1), the boulder.
        assert!(!l.can_see(p(3, 0), p(5, 2)));
        assert!(l.can_see(p(3, 0), p(3, 2)));
        assert!(l.can_see(p(3, 0), p(3, 0)));
        assert!(l.can_see(p(4, 0), p(4, 1)), "adjacent: nothing between");
    }
}
