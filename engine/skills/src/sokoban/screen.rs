//! Reading a Sokoban level off the screen: find which of the 8 NetHack 3.6.6 maps is shown
//! (premapped, so every wall is drawn on arrival) and where, then build the solver's puzzle
//! from what the screen shows now (boulders, filled holes, the player) over the map's walls.

use nhbot_sokoban::{Cell, Puzzle, Rules};
use nhbot_world::tiles::{classify, Feature, Glyph};
use nhbot_world::{LevelView, Pos, World};
use std::sync::LazyLock;

/// The 8 maps as data/sokoban renders them (`0` boulder, `^` hole, `<` up, `>` down, `+` door).
const MAPS: [(&str, &str); 8] = [
    (
        "soko4-1",
        include_str!("../../../../data/sokoban/soko4-1.txt"),
    ),
    (
        "soko4-2",
        include_str!("../../../../data/sokoban/soko4-2.txt"),
    ),
    (
        "soko3-1",
        include_str!("../../../../data/sokoban/soko3-1.txt"),
    ),
    (
        "soko3-2",
        include_str!("../../../../data/sokoban/soko3-2.txt"),
    ),
    (
        "soko2-1",
        include_str!("../../../../data/sokoban/soko2-1.txt"),
    ),
    (
        "soko2-2",
        include_str!("../../../../data/sokoban/soko2-2.txt"),
    ),
    (
        "soko1-1",
        include_str!("../../../../data/sokoban/soko1-1.txt"),
    ),
    (
        "soko1-2",
        include_str!("../../../../data/sokoban/soko1-2.txt"),
    ),
];

/// Squares past the hole line of the top levels (no `<` there): reaching one ends the puzzle.
const TOP_GOALS: [(&str, usize, usize); 2] = [("soko1-1", 24, 1), ("soko1-2", 23, 1)];

/// The tty map: 80 columns, 21 rows.
const SCREEN_COLS: usize = 80;
const MAP_ROWS: usize = 21;

/// Wall squares of a map that may differ on screen (a monster or the cursor over a corner).
const WALL_MISMATCHES: usize = 2;

pub struct Template {
    pub name: &'static str,
    pub width: usize,
    pub height: usize,
    /// Row-major map characters, blanks outside the walls.
    chars: Vec<char>,
    walls: Vec<(usize, usize)>,
    /// See [`Template::past_the_holes`] (found once: the prize leaf asks every decision).
    past_holes: Vec<usize>,
}

impl Template {
    fn parse(name: &'static str, text: &str) -> Template {
        let rows: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with(';') && !l.starts_with("title:") && !l.trim().is_empty())
            .collect();
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        let height = rows.len();
        let mut chars = vec![' '; width * height];
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                chars[y * width + x] = ch;
            }
        }
        let walls = (0..width * height)
            .filter(|&i| matches!(chars[i], '|' | '-'))
            .map(|i| (i % width, i / width))
            .collect();
        let mut t = Template {
            name,
            width,
            height,
            chars,
            walls,
            past_holes: Vec::new(),
        };
        t.past_holes = t.find_past_the_holes();
        t
    }

    pub fn char_at(&self, i: usize) -> char {
        self.chars[i]
    }

    /// Whether the map holds up stairs (the three lower levels) rather than the prize.
    pub fn has_up_stairs(&self) -> bool {
        self.chars.contains(&'<')
    }

    /// The top levels' squares past the hole line (corridor, zoo, closets): those the
    /// square past the last hole reaches without crossing a hole. The map has no boulder
    /// there, and no push can bring one: a boulder drawn there is a giant mimic.
    pub fn past_the_holes(&self) -> &[usize] {
        &self.past_holes
    }

    fn find_past_the_holes(&self) -> Vec<usize> {
        let Some(&(_, x, y)) = TOP_GOALS.iter().find(|(n, ..)| *n == self.name) else {
            return Vec::new();
        };
        let open = |i: usize| !matches!(self.chars[i], '|' | '-' | ' ' | '^');
        let seen = flood(self.width, self.height, y * self.width + x, open);
        (0..seen.len()).filter(|&i| seen[i]).collect()
    }
}

/// The squares of a `width` × `height` grid that `start` reaches by orthogonal steps onto
/// `open` squares (the start itself included, open or not).
pub(super) fn flood(
    width: usize,
    height: usize,
    start: usize,
    open: impl Fn(usize) -> bool,
) -> Vec<bool> {
    let mut seen = vec![false; width * height];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(i) = stack.pop() {
        let (x, y) = (i % width, i / width);
        let around = [
            (x > 0).then(|| i - 1),
            (x + 1 < width).then_some(i + 1),
            (y > 0).then(|| i - width),
            (y + 1 < height).then_some(i + width),
        ];
        for n in around.into_iter().flatten() {
            if !seen[n] && open(n) {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    seen
}

pub static TEMPLATES: LazyLock<Vec<Template>> =
    LazyLock::new(|| MAPS.iter().map(|(n, t)| Template::parse(n, t)).collect());

/// Which map is on screen and where its top-left corner is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Located {
    pub template: usize,
    pub origin: Pos,
}

impl Located {
    pub fn template(&self) -> &'static Template {
        &TEMPLATES[self.template]
    }

    /// Screen position of puzzle square `i`.
    pub fn pos(&self, i: usize) -> Pos {
        let t = self.template();
        Pos::new(
            self.origin.x + (i % t.width) as i16,
            self.origin.y + (i / t.width) as i16,
        )
    }

    /// Puzzle square of a screen position, when it lies inside the map.
    pub fn index(&self, p: Pos) -> Option<usize> {
        let t = self.template();
        let (x, y) = (p.x - self.origin.x, p.y - self.origin.y);
        (x >= 0 && y >= 0 && (x as usize) < t.width && (y as usize) < t.height)
            .then(|| y as usize * t.width + x as usize)
    }
}

fn is_wall_char(c: char) -> bool {
    matches!(c, '|' | '-')
}

/// The squares of the screen's map that show a wall: all that matching a map looks at, read
/// once per search instead of once per square tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WallMap(Vec<bool>);

impl WallMap {
    pub fn of(view: &LevelView) -> WallMap {
        // The view's cells are the map's, row by row, 80 (SCREEN_COLS) to a row.
        WallMap(
            (0..SCREEN_COLS * MAP_ROWS)
                .map(|i| view.cells.get(i).is_some_and(|c| is_wall_char(c.ch)))
                .collect(),
        )
    }

    fn at(&self, p: Pos) -> bool {
        let inside = (0..SCREEN_COLS as i16).contains(&p.x) && (0..MAP_ROWS as i16).contains(&p.y);
        inside && self.0[p.y as usize * SCREEN_COLS + p.x as usize]
    }
}

/// Walls on screen counted over every box at once (a summed-area table): `sums[y][x]` is the
/// number of walls above and left of (x, y).
struct WallCounts(Vec<usize>);

impl WallCounts {
    const STRIDE: usize = SCREEN_COLS + 1;

    fn of(walls: &WallMap) -> WallCounts {
        let mut sums = vec![0; Self::STRIDE * (MAP_ROWS + 1)];
        for y in 0..MAP_ROWS {
            for x in 0..SCREEN_COLS {
                sums[(y + 1) * Self::STRIDE + x + 1] = usize::from(walls.0[y * SCREEN_COLS + x])
                    + sums[y * Self::STRIDE + x + 1]
                    + sums[(y + 1) * Self::STRIDE + x]
                    - sums[y * Self::STRIDE + x];
            }
        }
        WallCounts(sums)
    }

    /// Walls in the `width` x `height` box with its corner at (x, y) (inside the screen).
    fn in_box(&self, x: usize, y: usize, width: usize, height: usize) -> usize {
        let at = |x: usize, y: usize| self.0[y * Self::STRIDE + x];
        at(x + width, y + height) + at(x, y) - at(x + width, y) - at(x, y + height)
    }
}

/// [`locate`] remembered: the wall squares and hint of the last search and what it found. The
/// same walls and hint find the same map, so a leaf asking at every decision searches only when
/// the walls on screen change.
#[derive(Clone, Debug, Default)]
pub struct LocateMemo(Option<(Vec<u16>, Option<Located>, Option<Located>)>);

impl LocateMemo {
    /// What [`locate`] answers for `view` and `hint`.
    pub fn locate(&mut self, view: &LevelView, hint: Option<Located>) -> Option<Located> {
        if let Some((seen, asked, found)) = &self.0 {
            if *asked == hint && shows_walls_at(view, seen) {
                return *found;
            }
        }
        let walls = WallMap::of(view);
        let found = locate_in(&walls, hint);
        let squares = (0..walls.0.len())
            .filter(|&i| walls.0[i])
            .map(|i| i as u16)
            .collect();
        self.0 = Some((squares, hint, found));
        found
    }
}

/// Whether the walls on the screen's map are exactly at `squares` (indices into the map's
/// cells, as [`WallMap::of`] reads them): each of them a wall, and as many walls in all. A
/// count and a few lookups, not a map built and compared, at every decision.
fn shows_walls_at(view: &LevelView, squares: &[u16]) -> bool {
    let cells = &view.cells[..view.cells.len().min(SCREEN_COLS * MAP_ROWS)];
    squares.iter().all(|&i| {
        cells
            .get(usize::from(i))
            .is_some_and(|c| is_wall_char(c.ch))
    }) && cells.iter().filter(|c| is_wall_char(c.ch)).count() == squares.len()
}

/// Whether template `t` drawn with its corner at `origin` fits the walls on screen.
fn fits(walls: &WallMap, t: &Template, origin: Pos) -> bool {
    let mut misses = 0;
    for &(x, y) in &t.walls {
        if !walls.at(Pos::new(origin.x + x as i16, origin.y + y as i16)) {
            misses += 1;
            if misses > WALL_MISMATCHES {
                return false;
            }
        }
    }
    // Walls drawn where the map has floor mean another map (doors excepted: open ones are `|`/`-`).
    let mut extra = 0;
    for (i, &ch) in t.chars.iter().enumerate() {
        let p = Pos::new(
            origin.x + (i % t.width) as i16,
            origin.y + (i / t.width) as i16,
        );
        if !is_wall_char(ch) && ch != '+' && ch != ' ' && walls.at(p) {
            extra += 1;
            if extra > WALL_MISMATCHES {
                return false;
            }
        }
    }
    true
}

/// Finds the Sokoban map on screen, trying `hint` first.
pub fn locate(view: &LevelView, hint: Option<Located>) -> Option<Located> {
    locate_in(&WallMap::of(view), hint)
}

/// [`locate`] over the walls of a screen.
fn locate_in(walls: &WallMap, hint: Option<Located>) -> Option<Located> {
    if let Some(h) = hint.filter(|h| h.template < TEMPLATES.len()) {
        if fits(walls, h.template(), h.origin) {
            return Some(h);
        }
    }
    let counts = WallCounts::of(walls);
    for (n, t) in TEMPLATES.iter().enumerate() {
        let max_x = SCREEN_COLS.saturating_sub(t.width);
        let max_y = MAP_ROWS.saturating_sub(t.height);
        // A map fits only where its box holds all its walls but a few: most boxes of an
        // ordinary level hold far fewer, and are passed over without looking at the map.
        let needed = t.walls.len().saturating_sub(WALL_MISMATCHES);
        for oy in 0..=max_y {
            for ox in 0..=max_x {
                if counts.in_box(ox, oy, t.width, t.height) < needed {
                    continue;
                }
                let origin = Pos::new(ox as i16, oy as i16);
                if fits(walls, t, origin) {
                    return Some(Located {
                        template: n,
                        origin,
                    });
                }
            }
        }
    }
    None
}

/// The puzzle as the screen shows it now, plus the squares monsters stand on.
pub struct Observed {
    pub puzzle: Puzzle,
    /// Puzzle squares with a monster on them (our pet included).
    pub monsters: Vec<usize>,
}

/// Builds the puzzle: walls and doors from the map; holes where the map has them unless the
/// screen shows them filled (floor, the player, a boulder); boulders where `0` is drawn.
pub fn observe(w: &World, at: Located) -> Result<Observed, String> {
    let t = at.template();
    let size = t.width * t.height;
    let mut cells = vec![Cell::Wall; size];
    let mut boulders = Vec::new();
    let mut targets = Vec::new();
    let mut monsters = Vec::new();
    let player = at
        .index(w.player)
        .ok_or_else(|| format!("the player at {:?} is outside {}", w.player, t.name))?;
    for (i, cell) in cells.iter_mut().enumerate() {
        let p = at.pos(i);
        let glyph = glyph_at(w, p);
        let here_boulder = glyph == Glyph::Feature(Feature::Boulder) && i != player;
        *cell = match t.chars[i] {
            '|' | '-' | ' ' => Cell::Wall,
            '+' => Cell::Door,
            '^' => {
                // Under a monster or an object the world's memory of the square tells.
                let remembered = w.level().map_or(Feature::Unknown, |l| l.feature(p));
                let filled = i == player
                    || here_boulder
                    || matches!(glyph, Glyph::Feature(Feature::Floor | Feature::Doorway))
                    || (!matches!(glyph, Glyph::Feature(_)) && remembered == Feature::Floor);
                if filled {
                    Cell::Floor
                } else {
                    Cell::Hole
                }
            }
            _ => Cell::Floor,
        };
        if *cell == Cell::Wall {
            continue;
        }
        if here_boulder && *cell == Cell::Floor {
            boulders.push(i);
        }
        if glyph == Glyph::Monster && i != player {
            monsters.push(i);
        }
        if t.chars[i] == '<' {
            targets.push(i);
        }
    }
    if cells[player] == Cell::Wall {
        return Err(format!("the player stands in a wall of {}", t.name));
    }
    if targets.is_empty() {
        targets.extend(
            TOP_GOALS
                .iter()
                .filter(|(name, ..)| *name == t.name)
                .map(|&(_, x, y)| y * t.width + x),
        );
    }
    unmask_mimics(t, &mut cells, &mut boulders, &mut monsters);
    let puzzle = Puzzle {
        title: t.name.to_string(),
        rules: Rules::NetHack,
        width: t.width,
        height: t.height,
        cells,
        boulders,
        player,
        targets,
        blocked: Vec::new(),
    };
    puzzle.validate().map_err(|e| format!("{e:#}"))?;
    Ok(Observed { puzzle, monsters })
}

/// The top levels hide two giant mimics posing as boulders at random squares (sokoban.des).
/// On arrival, with every boulder of the map still in place, the extra ones are they: the
/// squares of boulders the map does not have. `None` once any boulder has left its square.
pub fn decoys_on_arrival(at: Located, obs: &Observed) -> Option<Vec<usize>> {
    let t = at.template();
    if t.has_up_stairs() {
        return Some(Vec::new());
    }
    let boulders = &obs.puzzle.boulders;
    let in_place = (0..t.width * t.height)
        .filter(|&i| t.chars[i] == '0')
        .all(|i| boulders.contains(&i));
    in_place.then(|| {
        boulders
            .iter()
            .copied()
            .filter(|&b| t.chars[b] != '0')
            .collect()
    })
}

/// Boulders drawn now that no push explains: real ones are premapped (drawn from arrival on,
/// in sight or not) and move only when pushed, onto a square next to the one they left. A
/// "boulder" that appears anywhere else is a mimic that has come into view.
/// `covered` is the square the hero stood on before: a boulder can hide under the hero (a
/// level teleport may land one on a boulder), so one drawn there later was always there.
pub fn appeared_from_nowhere(
    before: &[usize],
    covered: usize,
    now: &[usize],
    width: usize,
) -> Vec<usize> {
    let left: Vec<usize> = before
        .iter()
        .copied()
        .filter(|b| !now.contains(b))
        .collect();
    now.iter()
        .copied()
        .filter(|&b| b != covered && !before.contains(&b))
        .filter(|&b| {
            !left
                .iter()
                .any(|&l| l.abs_diff(b) == 1 || l.abs_diff(b) == width)
        })
        .collect()
}

/// Treats the known decoys still drawn as boulders as the monsters they are: never pushed,
/// never walked into. Forgets those no longer drawn (revealed, or killed).
pub fn unmask_decoys(obs: &mut Observed, decoys: &mut Vec<usize>) {
    decoys.retain(|d| obs.puzzle.boulders.contains(d));
    for &d in decoys.iter() {
        obs.puzzle.boulders.retain(|&b| b != d);
        obs.puzzle.blocked.push(d);
        obs.monsters.push(d);
    }
}

/// Mimics in Sokoban pose as boulders. A real boulder on a hole square got there by filling
/// it with a push, or by a push over it once filled, so it has a square it could have come
/// from: an orthogonal neighbour that is floor or a filled hole. A "boulder" on a hole with
/// only walls and open holes around (one sitting in the middle of the hole corridor) is a
/// monster, and the hole under it is still open.
fn unmask_mimics(
    t: &Template,
    cells: &mut [Cell],
    boulders: &mut Vec<usize>,
    monsters: &mut Vec<usize>,
) {
    let neighbours = |i: usize| {
        let (x, y) = (i % t.width, i / t.width);
        [
            (x > 0).then(|| i - 1),
            (x + 1 < t.width).then(|| i + 1),
            (y > 0).then(|| i - t.width),
            (y + 1 < t.height).then(|| i + t.width),
        ]
        .into_iter()
        .flatten()
    };
    let fakes: Vec<usize> = boulders
        .iter()
        .copied()
        .filter(|&b| t.chars[b] == '^')
        .filter(|&b| !neighbours(b).any(|n| matches!(cells[n], Cell::Floor | Cell::Door)))
        .collect();
    for b in fakes {
        log::debug!(
            "sokoban {}: the boulder on hole square {b} is a mimic",
            t.name
        );
        boulders.retain(|&x| x != b);
        cells[b] = Cell::Hole;
        monsters.push(b);
    }
}

/// What the screen shows at `p` (the view keeps the map rows only).
fn glyph_at(w: &World, p: Pos) -> Glyph {
    if !p.in_map() {
        return Glyph::Blank;
    }
    classify(&w.view.cells, p.x as usize, p.y as usize)
}

#[cfg(test)]
mod wall_count_tests;
