//! Where a hidden door or corridor square is likely, from how NetHack 3.6 builds a level
//! (mklev.c, sp_lev.c): rooms spread over the whole 80×21 map are joined by corridors dug from
//! door to door; one door in 8 is made secret (`dodoor`: `rn2(8) ? DOOR : SDOOR`), and a dug
//! corridor square is hidden one time in 100. So a hidden exit is
//! - beside a dead-end corridor: the corridor goes on through a hidden square, or ends at a
//!   secret door in the wall it touches;
//! - in a room wall whose far side is unexplored, the more so the more unexplored map lies
//!   beyond it (the rooms left to find are there);
//! - rarely, beside any corridor (a side branch whose first square is hidden);
//! - straight out of a door that leads nowhere: `join()` puts a door only at the ends of a
//!   corridor it dug all the way (`dig_corridor`, sp_lev.c), and the corridor's first square is
//!   the one straight out of the door; when nothing shows there from the door itself, that
//!   square is a hidden corridor square (seeds 185, 39, 115 of the 200-game bench searched the
//!   room's walls and corridors for thousands of turns beside such a door, never from it).
//!
//! A search turn finds an adjacent hidden square with chance 1/7 (`rnl(7)` at Luck 0), so the
//! chance that something is still hidden at a square searched `n` turns is its prior times
//! (6/7)^n: spots are worth less the longer they were searched, and a fresh promising spot
//! beats staying at an old one.

use crate::level::{neighbours, Level};
use crate::tiles::Feature;
use nhbot_screen::Pos;

fn walkable_neighbours(level: &Level, p: Pos) -> usize {
    neighbours(p)
        .filter(|&q| level.feature(q).walkable() || level.feature(q).is_door())
        .count()
}

/// A corridor square with a single way out.
pub fn is_dead_end(level: &Level, p: Pos) -> bool {
    level.feature(p) == Feature::Corridor && walkable_neighbours(level, p) <= 1
}

/// [`is_dead_end`], or with `bent` a corridor square with at most one orthogonal way out,
/// whatever touches it diagonally: `dig_corridor` digs one orthogonal step at a time, so a
/// corridor that stops one square past a bend touches the square before the bend diagonally
/// and still ends there (bench seed 147 of session 25: the east end of such a corridor, with
/// the unexplored east of the map past it, counted as an ordinary corridor square and was
/// searched 10 turns in 3,000 spent looking for the Sokoban stairs).
pub fn is_dead_end_by(level: &Level, p: Pos, bent: bool) -> bool {
    if !bent {
        return is_dead_end(level, p);
    }
    let open = |q: Pos| level.feature(q).walkable() || level.feature(q).is_door();
    level.feature(p) == Feature::Corridor
        && [(0, -1), (0, 1), (-1, 0), (1, 0)]
            .iter()
            .filter(|&&(dx, dy)| open(Pos::new(p.x + dx, p.y + dy)))
            .count()
            <= 1
}

/// A door's one hidden square when nothing shows beyond it: the corridor square straight
/// out of the door (away from its room), if that square is blank (rock or never seen) and,
/// for a doorway without a door, no square diagonally out of it is walkable (a corridor
/// leaving there shows the way on).
/// Doors of the Gnomish Mines' cave levels are no doors (mkmap makes no corridors).
pub fn door_exit(level: &Level, p: Pos) -> Option<Pos> {
    if !matches!(level.feature(p), Feature::Doorway | Feature::OpenDoor)
        || level.branch == crate::Branch::Mines
    {
        return None;
    }
    let walled = |q: Pos| level.feature(q) == Feature::Wall || level.feature(q).is_door_square();
    let room_side = |q: Pos| {
        let f = level.feature(q);
        f.walkable() && f != Feature::Corridor && !f.is_door_square()
    };
    for (dx, dy) in [(0, -1), (0, 1), (-1, 0), (1, 0)] {
        let out = Pos::new(p.x + dx, p.y + dy);
        let inside = Pos::new(p.x - dx, p.y - dy);
        // The wall runs across the way out: its squares are on both sides of the door.
        let (side_a, side_b) = (Pos::new(p.x + dy, p.y + dx), Pos::new(p.x - dy, p.y - dx));
        if !out.in_map() || !walled(side_a) || !walled(side_b) || !room_side(inside) {
            continue;
        }
        let blank = matches!(level.feature(out), Feature::Rock | Feature::Unknown);
        // Out of a doorway (no door) a corridor may leave diagonally; out of an open door
        // it may not, and the square straight out is still the only way.
        let diagonal_way = !level.feature(p).blocks_diagonal()
            && [
                Pos::new(out.x + dy, out.y + dx),
                Pos::new(out.x - dy, out.y - dx),
            ]
            .iter()
            .any(|&q| level.feature(q).walkable());
        return (blank && !diagonal_way).then_some(out);
    }
    None
}

/// The chance that a door leading nowhere hides its corridor's first square: `join()` always
/// digs a door's corridor from that square, and one dug square in 100 is hidden; a door
/// (`dodoor`, `makeniche`) with nothing behind it is all but unheard of otherwise.
const DOOR_EXIT_PRIOR: f64 = 0.9;

/// The chance that one search turn misses a hidden square next to the hero (Luck 0).
pub const MISS_CHANCE: f64 = 6.0 / 7.0;

/// How far beyond a wall or dead end unexplored squares count (a room is up to ~15 wide).
const REACH: i16 = 12;
/// Half the width of the band beyond a wall that counts.
const HALF_WIDTH: i16 = 2;

/// Never-seen squares of a level summed over every box from the top-left corner (column 0
/// left out: the game draws nothing there), so the count in any box is four reads.
#[derive(Clone, Debug, Default)]
pub struct UnknownCounts {
    /// `sums[y * (COLS + 1) + x]`: never-seen squares above row `y` and left of column `x`.
    sums: Vec<u32>,
}

impl UnknownCounts {
    const WIDTH: usize = nhbot_screen::COLS + 1;

    pub fn of(level: &Level) -> UnknownCounts {
        let (cols, rows) = (nhbot_screen::COLS, nhbot_screen::MAP_ROWS);
        let mut sums = vec![0u32; Self::WIDTH * (rows + 1)];
        for y in 0..rows {
            for x in 0..cols {
                let p = Pos::new(x as i16, y as i16);
                let unknown = u32::from(x > 0 && level.feature(p) == Feature::Unknown);
                sums[(y + 1) * Self::WIDTH + x + 1] =
                    unknown + sums[y * Self::WIDTH + x + 1] + sums[(y + 1) * Self::WIDTH + x]
                        - sums[y * Self::WIDTH + x];
            }
        }
        UnknownCounts { sums }
    }

    /// Never-seen squares in the box of columns `x0..=x1` and rows `y0..=y1` (clipped to the map).
    pub fn in_box(&self, x0: i16, y0: i16, x1: i16, y1: i16) -> u32 {
        let (cols, rows) = (nhbot_screen::COLS as i16, nhbot_screen::MAP_ROWS as i16);
        let (x0, x1) = (x0.max(0), x1.min(cols - 1));
        let (y0, y1) = (y0.max(0), y1.min(rows - 1));
        if x0 > x1 || y0 > y1 {
            return 0;
        }
        let at = |x: i16, y: i16| self.sums[y as usize * Self::WIDTH + x as usize];
        at(x1 + 1, y1 + 1) + at(x0, y0) - at(x0, y1 + 1) - at(x1 + 1, y0)
    }

    /// Never-seen squares within `radius` (Chebyshev) of `p`, inside the map.
    pub fn around(&self, p: Pos, radius: i16) -> u32 {
        self.in_box(p.x - radius, p.y - radius, p.x + radius, p.y + radius)
    }

    /// The share (0..=1) of never-seen squares in the band beyond `q` going `(dx, dy)`: straight
    /// on, a band `REACH` long and 5 wide; diagonally, the `REACH`-square box in that corner.
    pub fn beyond(&self, q: Pos, dx: i16, dy: i16) -> f64 {
        let span = |d: i16, at: i16| match d {
            1 => (at + 1, at + REACH),
            -1 => (at - REACH, at - 1),
            _ => (at - HALF_WIDTH, at + HALF_WIDTH),
        };
        let (x0, x1) = span(dx, q.x);
        let (y0, y1) = span(dy, q.y);
        let area = ((x1 - x0 + 1) * (y1 - y0 + 1)) as f64;
        f64::from(self.in_box(x0, y0, x1, y1)) / area
    }
}

/// The chance (0..1) that the solid or never-seen square `q` hides a door or corridor square
/// leading somewhere new, before any search there.
pub fn prior(level: &Level, unknown: &UnknownCounts, q: Pos) -> f64 {
    prior_by(level, unknown, q, false)
}

/// [`prior`], dead ends told by [`is_dead_end_by`] with `bent`.
pub fn prior_by(level: &Level, unknown: &UnknownCounts, q: Pos, bent: bool) -> f64 {
    let f = level.feature(q);
    if !(f.is_solid() || f == Feature::Unknown) {
        return 0.0;
    }
    let mut best: f64 = 0.0;
    for p in neighbours(q) {
        let here = level.feature(p);
        // Only a walkable neighbour (a door, a corridor, a room square) gives odds: the search
        // spots ask this of every solid square near them, and most neighbours are solid too.
        if !here.walkable() {
            continue;
        }
        if door_exit(level, p) == Some(q) {
            best = best.max(DOOR_EXIT_PRIOR);
            continue;
        }
        let (dx, dy) = (q.x - p.x, q.y - p.y);
        let orthogonal = dx == 0 || dy == 0;
        let beyond = || unknown.beyond(q, dx, dy);
        let odds = if is_dead_end_by(level, p, bent) {
            if f == Feature::Wall && orthogonal {
                // A corridor that ends at a wall: a secret door is the classic reason.
                0.5
            } else if f == Feature::Wall {
                0.0
            } else {
                0.15 + 0.25 * beyond()
            }
        } else if f == Feature::Wall && orthogonal && here != Feature::Corridor {
            // A room wall: a door leads out only where the far side is not known floor.
            let far = Pos::new(q.x + dx, q.y + dy);
            if matches!(level.feature(far), Feature::Unknown | Feature::Rock) {
                0.01 + 0.15 * beyond()
            } else {
                0.0
            }
        } else if here == Feature::Corridor && f != Feature::Wall {
            // A side branch hidden at its first square: one dug square in 100 is hidden (a
            // hidden square within a corridor shows as two dead ends instead).
            0.002 + 0.008 * beyond()
        } else {
            0.0
        };
        best = best.max(odds);
    }
    best
}

/// The chance that something is still hidden next to `p`: at each neighbour, its prior times
/// the chance every search there so far missed it.
pub fn hidden_left_around(level: &Level, unknown: &UnknownCounts, p: Pos) -> f64 {
    hidden_left_with(level, p, |q| prior(level, unknown, q))
}

/// [`hidden_left_around`] with the priors of `priors` (each square's worked out once).
pub fn hidden_left_around_known(priors: &mut Priors<'_>, p: Pos) -> f64 {
    let level = priors.level;
    hidden_left_with(level, p, |q| priors.of(q))
}

fn hidden_left_with(level: &Level, p: Pos, mut prior_of: impl FnMut(Pos) -> f64) -> f64 {
    let none_left: f64 = neighbours(p)
        .map(|q| {
            let prior = prior_of(q);
            // Most squares can hide nothing: their factor is 1 whatever the searching.
            if prior == 0.0 {
                return 1.0;
            }
            let searched = level.at(q).map_or(0, |s| s.searched);
            1.0 - prior * MISS_CHANCE.powi(searched.min(1000) as i32)
        })
        .product();
    1.0 - none_left
}

/// [`prior`] of the squares of one level, each worked out at its first use: a scan of the
/// search spots asks for each square up to 8 times, and a prior looks at 8 neighbours and
/// their neighbours.
pub struct Priors<'a> {
    level: &'a Level,
    unknown: &'a UnknownCounts,
    /// NaN until worked out.
    known: Vec<f64>,
    /// Dead ends by [`is_dead_end_by`] with `bent`.
    bent: bool,
}

impl<'a> Priors<'a> {
    pub fn new(level: &'a Level, unknown: &'a UnknownCounts) -> Priors<'a> {
        Priors::bent(level, unknown, false)
    }

    /// [`Priors::new`], dead ends told by [`is_dead_end_by`] with `bent`.
    pub fn bent(level: &'a Level, unknown: &'a UnknownCounts, bent: bool) -> Priors<'a> {
        Priors {
            level,
            unknown,
            known: vec![f64::NAN; level.squares.len()],
            bent,
        }
    }

    /// [`Priors::bent`] starting from the priors `memo` kept from earlier scans of a level with
    /// the same features (its `known` back to it with [`Priors::keep`]).
    fn kept(
        level: &'a Level,
        unknown: &'a UnknownCounts,
        bent: bool,
        known: Vec<f64>,
    ) -> Priors<'a> {
        Priors {
            level,
            unknown,
            known,
            bent,
        }
    }

    /// The priors worked out so far, for the next scan of the same level.
    fn keep(self) -> Vec<f64> {
        self.known
    }

    /// [`prior`] of `q`.
    pub fn of(&mut self, q: Pos) -> f64 {
        let Some(i) = crate::level::index(q).filter(|&i| i < self.known.len()) else {
            return prior_by(self.level, self.unknown, q, self.bent);
        };
        if self.known[i].is_nan() {
            self.known[i] = prior_by(self.level, self.unknown, q, self.bent);
        }
        self.known[i]
    }
}

/// What scans of a level for search spots keep between decisions: the never-seen counts and the
/// priors worked out, both functions of the level's features and branch (and `bent`) alone. A
/// hero searching for a hidden way scans every decision and changes no feature for many; each
/// scan worked out its priors afresh (the scans were up to 15% of the bot's instructions).
#[derive(Debug, Default)]
pub struct PriorsMemo {
    /// The features, branch and `bent` the values below are of.
    features: Vec<Feature>,
    branch: Option<crate::Branch>,
    bent: bool,
    unknown: UnknownCounts,
    /// By square, NaN where not worked out yet.
    known: Vec<f64>,
}

impl PriorsMemo {
    /// Runs `scan` with `level`'s never-seen counts and priors (`bent` dead ends): those kept
    /// when the level's features and branch are the ones kept for, else fresh ones.
    pub fn scan<R>(
        &mut self,
        level: &Level,
        bent: bool,
        scan: impl FnOnce(&UnknownCounts, &mut Priors<'_>) -> R,
    ) -> R {
        let same = self.bent == bent
            && self.branch == Some(level.branch)
            && self.features.len() == level.squares.len()
            && self
                .features
                .iter()
                .zip(&level.squares)
                .all(|(f, sq)| *f == sq.feature);
        if !same {
            self.features.clear();
            self.features
                .extend(level.squares.iter().map(|sq| sq.feature));
            self.branch = Some(level.branch);
            self.bent = bent;
            self.unknown = UnknownCounts::of(level);
            self.known.clear();
            self.known.resize(level.squares.len(), f64::NAN);
        }
        let known = std::mem::take(&mut self.known);
        let mut priors = Priors::kept(level, &self.unknown, bent, known);
        let found = scan(&self.unknown, &mut priors);
        self.known = priors.keep();
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::pos_of;

    /// A room (x 1..=5) with a corridor from its east doorway ending at (9, 2) in the
    /// unexplored, and a corridor along its north wall; rock where the hero walked.
    fn level() -> Level {
        let mut level = Level::default();
        let rows = [
            " #######", // y 0: a corridor along the top wall
            " -------",
            " |.....####",
            " |.....|",
            " -------",
        ];
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let f = match c {
                    '#' => Feature::Corridor,
                    '.' => Feature::Floor,
                    '-' | '|' => Feature::Wall,
                    _ => continue,
                };
                if let Some(sq) = level.at_mut(Pos::new(x as i16, y as i16)) {
                    sq.feature = f;
                }
            }
        }
        // The doorway in the east wall at (7, 2).
        if let Some(sq) = level.at_mut(Pos::new(7, 2)) {
            sq.feature = Feature::Doorway;
        }
        level
    }

    /// Scans that keep their priors across calls find the spots and promises fresh scans find,
    /// as the level's features, branch, searches and `bent` change between them.
    #[test]
    fn kept_scans_find_what_fresh_scans_find() {
        use crate::explore::{search_rounds, search_spots_kept, search_spots_where};
        let mut memo = PriorsMemo::default();
        let mut level = level();
        let round = search_rounds().last().expect("a round");
        let mut compare = |level: &Level, bent: bool| {
            let fresh = search_spots_where(level, round, bent, |_| true);
            let kept = search_spots_kept(level, round, bent, |_| true, &mut memo);
            assert!(!fresh.is_empty());
            assert_eq!(kept, fresh);
        };
        compare(&level, false);
        compare(&level, false);
        compare(&level, true);
        // Searched next to the corridor's end: the same features, other promises.
        level.at_mut(Pos::new(9, 2)).expect("on the map").searched = 12;
        compare(&level, true);
        compare(&level, false);
        // A hidden corridor square found past the end: other features.
        level.at_mut(Pos::new(11, 2)).expect("on the map").feature = Feature::Corridor;
        compare(&level, false);
        level.branch = crate::Branch::Mines;
        compare(&level, false);
        level.branch = crate::Branch::Doom;
        compare(&level, false);
    }

    /// The priors worked out once each give every spot the chance the direct computation
    /// gives, bit for bit.
    #[test]
    fn remembered_priors_give_the_same_chances() {
        let mut level = level();
        level.record_search(Pos::new(10, 2), 3);
        let unknown = UnknownCounts::of(&level);
        let mut priors = Priors::new(&level, &unknown);
        let mut some = 0;
        for i in 0..level.squares.len() {
            let p = pos_of(i);
            let direct = hidden_left_around(&level, &unknown, p);
            assert_eq!(
                hidden_left_around_known(&mut priors, p).to_bits(),
                direct.to_bits()
            );
            some += usize::from(direct > 0.0);
        }
        assert!(some > 10, "{some} squares with a chance");
    }

    #[test]
    fn dead_ends_and_walls_facing_the_unexplored_are_likely_and_searching_wears_them_out() {
        let mut level = level();
        let unknown = UnknownCounts::of(&level);
        assert!(is_dead_end(&level, Pos::new(10, 2)));
        let ahead = prior(&level, &unknown, Pos::new(11, 2));
        let south_wall = prior(&level, &unknown, Pos::new(3, 4));
        let north_wall = prior(&level, &unknown, Pos::new(3, 1));
        assert!(ahead > south_wall, "{ahead} vs {south_wall}");
        assert!(south_wall > 0.1, "{south_wall}");
        assert_eq!(north_wall, 0.0, "a corridor runs beyond the north wall");
        let fresh = hidden_left_around(&level, &unknown, Pos::new(10, 2));
        level.record_search(Pos::new(10, 2), 15);
        let searched = hidden_left_around(&level, &unknown, Pos::new(10, 2));
        assert!(
            searched < fresh * 0.2,
            "15 turns at 1/7 leave about 10%: {fresh} -> {searched}"
        );
        assert!(searched > 0.0);
    }

    /// A corridor out of the east doorway that turns south and stops one square past the
    /// bend: its last square touches the square before the bend diagonally, yet it is a dead
    /// end (with `bent`), and the unexplored square past it is a likely hidden one; the bend's
    /// own square is no dead end either way.
    #[test]
    fn a_corridor_stopping_past_a_bend_is_a_dead_end_with_bent() {
        let mut level = level();
        for (x, y) in [(8, 3), (9, 3)] {
            if let Some(sq) = level.at_mut(Pos::new(x, y)) {
                sq.feature = Feature::Corridor;
            }
        }
        for x in 9..=10 {
            if let Some(sq) = level.at_mut(Pos::new(x, 2)) {
                sq.feature = Feature::Unknown;
            }
        }
        let (end, bend) = (Pos::new(9, 3), Pos::new(8, 3));
        assert!(!is_dead_end(&level, end), "two walkable neighbours");
        assert!(is_dead_end_by(&level, end, true));
        assert!(!is_dead_end_by(&level, end, false));
        assert!(!is_dead_end_by(&level, bend, true));
        let unknown = UnknownCounts::of(&level);
        let past = Pos::new(10, 3);
        let (old, new) = (
            prior_by(&level, &unknown, past, false),
            prior_by(&level, &unknown, past, true),
        );
        assert!(new > 0.15 && new > 10.0 * old, "{old} -> {new}");
    }

    /// The summed counts equal a count of the box's squares, on levels with never-seen squares
    /// scattered anywhere (column 0 and the map's edges included) and every box size.
    #[test]
    fn boxes_count_what_their_squares_hold() {
        let mut seed = 0x2545f4914f6cdd1du64;
        for _ in 0..20 {
            let mut level = Level::default();
            for sq in level.squares.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                sq.feature = match seed % 4 {
                    0 | 1 => Feature::Unknown,
                    2 => Feature::Floor,
                    _ => Feature::Wall,
                };
            }
            let counts = UnknownCounts::of(&level);
            for (i, _) in level.squares.iter().enumerate() {
                let p = pos_of(i);
                for radius in [0, 1, 5] {
                    let mut slow = 0;
                    for dy in -radius..=radius {
                        for dx in -radius..=radius {
                            let q = Pos::new(p.x + dx, p.y + dy);
                            if q.x > 0 && q.in_map() && level.feature(q) == Feature::Unknown {
                                slow += 1;
                            }
                        }
                    }
                    assert_eq!(counts.around(p, radius), slow, "{p:?} radius {radius}");
                }
            }
        }
    }
}
