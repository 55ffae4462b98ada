//! What a map glyph means, for NetHack 3.6.6's tty default symset (DECgraphics off, `boulder:0`).
//!
//! Several characters are shared (`#` corridor/sink/tree/bars, `|` wall/open door/grave, `+`
//! door/spellbook): the colour separates most, and the few left (sink vs corridor, grave vs wall,
//! doorway vs floor, brown spellbook vs door) are settled from the neighbouring glyphs.

use nhbot_screen::{Cell, COLS, MAP_ROWS};
use serde::{Deserialize, Serialize};

/// NetHack's CLR_* numbering after [`color_of`] folds the terminal's bold/default encoding in.
pub mod clr {
    pub const BLACK: u8 = 0;
    pub const RED: u8 = 1;
    pub const GREEN: u8 = 2;
    pub const BROWN: u8 = 3;
    pub const BLUE: u8 = 4;
    pub const MAGENTA: u8 = 5;
    pub const CYAN: u8 = 6;
    pub const GRAY: u8 = 7;
    pub const ORANGE: u8 = 9;
    pub const BRIGHT_GREEN: u8 = 10;
    pub const YELLOW: u8 = 11;
    pub const BRIGHT_BLUE: u8 = 12;
    pub const BRIGHT_MAGENTA: u8 = 13;
    pub const BRIGHT_CYAN: u8 = 14;
    pub const WHITE: u8 = 15;
}

/// The game colour of a cell. The tty draws CLR_GRAY in the default colour, bright colours as the
/// base colour in bold, and dark gray (CLR_BLACK with use_darkgray) as bold black; a scraper may
/// already have folded bold into 8-15. Both encodings land on the same CLR_* value here.
pub fn color_of(cell: &Cell) -> u8 {
    let base = match cell.fg {
        16 => clr::GRAY,
        c => c,
    };
    match (base, cell.bold) {
        (0, _) | (8, _) => clr::BLACK,
        (1..=7, true) => base + 8,
        (c, _) => c,
    }
}

/// A map square's terrain (dungeon feature), as far as the bot knows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Feature {
    /// Never seen.
    #[default]
    Unknown,
    /// Seen blank next to us: solid rock (or a spot nothing can be made of yet).
    Rock,
    Floor,
    Corridor,
    Wall,
    /// A door gap with no door or a broken one (`.` inside a wall line).
    Doorway,
    OpenDoor,
    ClosedDoor,
    StairsUp,
    StairsDown,
    LadderUp,
    LadderDown,
    Fountain,
    Altar,
    Sink,
    Throne,
    Grave,
    /// A trap; [`trap_kinds`] names the candidates for its colour.
    Trap,
    Web,
    Water,
    Lava,
    Ice,
    Tree,
    IronBars,
    Boulder,
    /// A statue: drawn as the monster it shows, learnt from messages; blocks movement.
    Statue,
    /// A lowered drawbridge (walkable) or a raised one (not).
    DrawbridgeDown,
    DrawbridgeUp,
    Air,
    Cloud,
}

impl Feature {
    /// Every feature, in declaration order.
    pub const ALL: [Feature; 30] = {
        use Feature::*;
        [
            Unknown,
            Rock,
            Floor,
            Corridor,
            Wall,
            Doorway,
            OpenDoor,
            ClosedDoor,
            StairsUp,
            StairsDown,
            LadderUp,
            LadderDown,
            Fountain,
            Altar,
            Sink,
            Throne,
            Grave,
            Trap,
            Web,
            Water,
            Lava,
            Ice,
            Tree,
            IronBars,
            Boulder,
            Statue,
            DrawbridgeDown,
            DrawbridgeUp,
            Air,
            Cloud,
        ]
    };

    /// The name trees and Lua use: `StairsDown` → `stairs_down`.
    pub fn name(self) -> String {
        let camel = format!("{self:?}");
        let mut out = String::with_capacity(camel.len() + 4);
        for (i, c) in camel.chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    }

    /// The feature of a [`Feature::name`].
    pub fn from_name(name: &str) -> Option<Feature> {
        Feature::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Can the player walk onto it without doing anything first?
    pub fn walkable(self) -> bool {
        use Feature::*;
        matches!(
            self,
            Floor
                | Corridor
                | Doorway
                | OpenDoor
                | StairsUp
                | StairsDown
                | LadderUp
                | LadderDown
                | Fountain
                | Altar
                | Sink
                | Throne
                | Grave
                | Trap
                | Web
                | Ice
                | DrawbridgeDown
                | Air
                | Cloud
        )
    }

    /// A door or a doorless / broken-door gap in a wall.
    pub fn is_door_square(self) -> bool {
        matches!(
            self,
            Feature::Doorway | Feature::OpenDoor | Feature::ClosedDoor
        )
    }

    /// NetHack forbids diagonal moves into or out of a square holding an intact door. A `.`
    /// doorway (no door or a broken one) allows them; if the game says "You can't move
    /// diagonally out of an intact doorway", `learn` turns the square into an open door.
    pub fn blocks_diagonal(self) -> bool {
        matches!(self, Feature::OpenDoor | Feature::ClosedDoor)
    }

    pub fn is_door(self) -> bool {
        matches!(self, Feature::OpenDoor | Feature::ClosedDoor)
    }

    pub fn is_stairs(self) -> bool {
        matches!(
            self,
            Feature::StairsUp | Feature::StairsDown | Feature::LadderUp | Feature::LadderDown
        )
    }

    /// Solid: something a hidden door or passage can be found in.
    pub fn is_solid(self) -> bool {
        matches!(self, Feature::Wall | Feature::Rock)
    }

    /// Stops a thrown object before it enters (3.6.6 `bhit()`): rock and walls, trees, closed
    /// doors, iron bars (which let only darts, arrows, bolts, shuriken, spears and knives
    /// through: not daggers), a sink (the object drops onto it) and a raised drawbridge.
    /// Boulders, statues, water and lava are flown over. Never-seen squares count as solid.
    pub fn stops_missiles(self) -> bool {
        use Feature::*;
        matches!(
            self,
            Unknown | Rock | Wall | ClosedDoor | Tree | IronBars | Sink | DrawbridgeUp
        )
    }

    /// Blocks the line of sight (3.6.6 `does_block()`): rock and walls, trees, closed doors,
    /// boulders, clouds and a raised drawbridge. Never-seen squares count as solid.
    pub fn blocks_sight(self) -> bool {
        use Feature::*;
        matches!(
            self,
            Unknown | Rock | Wall | ClosedDoor | Tree | Boulder | Cloud | DrawbridgeUp
        )
    }

    /// Part of a room's inside: what lies or stands on a room's floor (corridors, doors and
    /// walls are not).
    pub fn is_room_inside(self) -> bool {
        use Feature::*;
        matches!(
            self,
            Floor
                | Fountain
                | Altar
                | Sink
                | Throne
                | Grave
                | StairsUp
                | StairsDown
                | LadderUp
                | LadderDown
                | Trap
                | Web
                | Ice
                | Water
                | Lava
                | Boulder
                | Statue
        )
    }
}

/// Every trap kind of NetHack 3.6.6, as the game names them (`defsyms` explanations).
pub const TRAP_NAMES: &[&str] = &[
    "arrow trap",
    "dart trap",
    "falling rock trap",
    "squeaky board",
    "bear trap",
    "land mine",
    "rolling boulder trap",
    "sleeping gas trap",
    "rust trap",
    "fire trap",
    "pit",
    "spiked pit",
    "hole",
    "trap door",
    "teleportation trap",
    "level teleporter",
    "magic portal",
    "web",
    "statue trap",
    "magic trap",
    "anti-magic field",
    "polymorph trap",
    "vibrating square",
];

/// What one map cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glyph {
    /// Blank: unexplored, solid rock, or dark floor not remembered.
    Blank,
    Feature(Feature),
    /// An object lying there; the terrain under it is hidden.
    Object,
    /// A monster (or warning / remembered-unseen `I`); the terrain under it is hidden.
    Monster,
}

/// The trap kinds drawn as `^` in a colour (3.6.6 drawing.c defsyms).
pub fn trap_kinds(color: u8) -> &'static [&'static str] {
    match color {
        clr::CYAN => &["arrow trap", "dart trap", "bear trap"],
        clr::GRAY => &["falling rock trap", "rolling boulder trap", "statue trap"],
        clr::BROWN => &["squeaky board", "hole"],
        clr::BRIGHT_BLUE => &["sleeping gas trap", "magic trap", "anti-magic field"],
        clr::BLUE => &["rust trap"],
        clr::RED => &["land mine"],
        clr::ORANGE => &["fire trap"],
        clr::BLACK => &["pit", "spiked pit"],
        clr::MAGENTA => &["trap door", "teleportation trap", "level teleporter"],
        clr::BRIGHT_MAGENTA => &["magic portal"],
        clr::BRIGHT_GREEN => &["polymorph trap"],
        _ => &[],
    }
}

/// Traps that only hurt a little or hold us a while (arrow, dart, bear, falling rock, rolling
/// boulder, statue, sleeping gas, magic, anti-magic, rust, pits, webs): worth crossing when no
/// other way exists. Level-changing, polymorph, fire and land mine traps are not.
pub fn trap_is_mild(color: u8) -> bool {
    matches!(
        color,
        clr::CYAN | clr::GRAY | clr::BRIGHT_BLUE | clr::BLUE | clr::BLACK
    )
}

const OBJECT_CHARS: &str = ")[%?/=!(*$`";

/// Whether [`classify`] calls this cell a monster: it does so from the cell alone (letters,
/// `@&':;~`, warning digits, a white `0`), so a scan for monsters need not classify the map.
pub fn shows_monster(cell: &Cell) -> bool {
    match cell.ch {
        '0' => color_of(cell) == clr::WHITE,
        // One lookup: every frame asks this of all 1,680 map cells.
        c => MONSTER_ASCII.get(c as usize).copied().unwrap_or(false),
    }
}

/// The ASCII characters always drawn for a monster: letters, `@&':;~` and warning digits 1-5.
const MONSTER_ASCII: [bool; 128] = {
    let mut table = [false; 128];
    let mut code = 0;
    while code < 128 {
        let c = code as u8;
        table[code] = c.is_ascii_alphabetic()
            || matches!(c, b'@' | b'&' | b'\'' | b':' | b';' | b'~' | b'1'..=b'5');
        code += 1;
    }
    table
};

/// Classifies the cell at (x, y) of a map of `MAP_ROWS * COLS` cells; neighbours settle the
/// ambiguous glyphs. Does not know where the player is: the caller handles the player's `@`.
pub fn classify(map: &[Cell], x: usize, y: usize) -> Glyph {
    let Some(cell) = map.get(y * COLS + x) else {
        return Glyph::Blank;
    };
    let color = color_of(cell);
    let f = |feature| Glyph::Feature(feature);
    match cell.ch {
        ' ' => Glyph::Blank,
        '.' => match color {
            clr::CYAN => f(Feature::Ice),
            clr::BROWN => f(Feature::DrawbridgeDown),
            _ if in_wall_line(map, x, y) => f(Feature::Doorway),
            _ => f(Feature::Floor),
        },
        '#' => match color {
            clr::GREEN => f(Feature::Tree),
            clr::CYAN => f(Feature::IronBars),
            clr::BROWN => f(Feature::DrawbridgeUp),
            _ if floor_neighbours(map, x, y) >= 4 => f(Feature::Sink),
            _ => f(Feature::Corridor),
        },
        '|' | '-' => match color {
            clr::BROWN | clr::YELLOW => f(Feature::OpenDoor),
            // A grave stands in a room; a thin wall piece (common in the Mines) joins others.
            _ if cell.ch == '|' && floor_all_around(map, x, y) => f(Feature::Grave),
            _ => f(Feature::Wall),
        },
        '+' if color == clr::BROWN
            && (between_walls(map, x, y) || !floor_on_opposite_sides(map, x, y)) =>
        {
            f(Feature::ClosedDoor)
        }
        '+' => Glyph::Object,
        '<' => f(if color == clr::BROWN {
            Feature::LadderUp
        } else {
            Feature::StairsUp
        }),
        '>' => f(if color == clr::BROWN {
            Feature::LadderDown
        } else {
            Feature::StairsDown
        }),
        '{' => f(Feature::Fountain),
        '}' => f(if color == clr::RED {
            Feature::Lava
        } else {
            Feature::Water
        }),
        '_' if color == clr::GRAY => f(Feature::Altar),
        '_' => Glyph::Object,
        '\\' => f(Feature::Throne),
        '^' => f(Feature::Trap),
        '"' if color == clr::GRAY => f(Feature::Web),
        '"' => Glyph::Object,
        '0' if color == clr::WHITE => Glyph::Monster, // warning level 0
        '0' => f(Feature::Boulder),
        c if OBJECT_CHARS.contains(c) => Glyph::Object,
        c if c.is_ascii_alphabetic() || "@&':;~12345".contains(c) => Glyph::Monster,
        _ => Glyph::Blank,
    }
}

/// [`classify`] of every cell of the last map classified, kept for the next: a cell's glyph
/// depends on the cells around it alone, so only the rows next to a change are classified
/// again (most of the map stays the same from one frame to the next, and classifying all of
/// it at every frame was a tenth of the engine's instructions).
#[derive(Clone, Default)]
pub struct GlyphMemo {
    map: Vec<Cell>,
    glyphs: Vec<Glyph>,
}

impl GlyphMemo {
    /// The glyph of every cell of `map` (`MAP_ROWS * COLS` cells), as [`classify`] says.
    pub fn classify_all(&mut self, map: &[Cell]) -> &[Glyph] {
        let n = COLS * MAP_ROWS;
        let map = &map[..n];
        if self.map.len() != n {
            self.map = map.to_vec();
            self.glyphs = (0..n).map(|i| classify(map, i % COLS, i / COLS)).collect();
            return &self.glyphs;
        }
        // A row is classified again when it or a row next to it changed: a cell's glyph reads
        // no farther than its 8 neighbours. Rows, not cells: comparing and marking cell by cell
        // cost more than classifying did.
        let changed: Vec<bool> = (0..MAP_ROWS)
            .map(|y| self.map[y * COLS..(y + 1) * COLS] != map[y * COLS..(y + 1) * COLS])
            .collect();
        for y in 0..MAP_ROWS {
            let near = y.saturating_sub(1)..(y + 2).min(MAP_ROWS);
            if changed[near].iter().any(|c| *c) {
                for x in 0..COLS {
                    self.glyphs[y * COLS + x] = classify(map, x, y);
                }
            }
        }
        // Only the changed rows differ from the map kept.
        for y in (0..MAP_ROWS).filter(|&y| changed[y]) {
            let row = y * COLS..(y + 1) * COLS;
            self.map[row.clone()].copy_from_slice(&map[row]);
        }
        &self.glyphs
    }
}

impl std::fmt::Debug for GlyphMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GlyphMemo({} cells)", self.map.len())
    }
}

/// Cached values are no part of what the world knows: any two memos compare equal.
impl PartialEq for GlyphMemo {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

fn char_at(map: &[Cell], x: usize, y: usize) -> char {
    if x >= COLS || y >= MAP_ROWS {
        return ' ';
    }
    map.get(y * COLS + x).map_or(' ', |c| c.ch)
}

fn is_floor_char(map: &[Cell], x: usize, y: usize) -> bool {
    char_at(map, x, y) == '.'
}

fn is_wallish(c: char) -> bool {
    matches!(c, '|' | '-' | '+')
}

/// A `.` with wall glyphs on both sides along one axis sits in a wall: a doorway. Horizontal walls
/// (and every corner) are `-`, vertical ones `|`, so a 1-wide passage `|.|` is not mistaken.
fn in_wall_line(map: &[Cell], x: usize, y: usize) -> bool {
    let (w, e) = (char_at(map, x.wrapping_sub(1), y), char_at(map, x + 1, y));
    let (n, s) = (char_at(map, x, y.wrapping_sub(1)), char_at(map, x, y + 1));
    let horizontal = matches!(w, '-' | '+') && matches!(e, '-' | '+');
    let vertical = is_wallish(n) && is_wallish(s) && (n == '|' || s == '|');
    horizontal || vertical
}

/// Wall glyphs on both sides along one axis (a door in a wall, even with floor on both sides as
/// in Minetown's shops).
fn between_walls(map: &[Cell], x: usize, y: usize) -> bool {
    let wall = |dx: i32, dy: i32| {
        is_wallish(char_at(
            map,
            (x as i32 + dx) as usize,
            (y as i32 + dy) as usize,
        ))
    };
    (wall(-1, 0) && wall(1, 0)) || (wall(0, -1) && wall(0, 1))
}

fn floor_neighbours(map: &[Cell], x: usize, y: usize) -> usize {
    let mut n = 0;
    for dy in -1i32..=1 {
        for dx in -1i32..=1 {
            if (dx, dy) != (0, 0)
                && is_floor_char(map, (x as i32 + dx) as usize, (y as i32 + dy) as usize)
            {
                n += 1;
            }
        }
    }
    n
}

fn floor_all_around(map: &[Cell], x: usize, y: usize) -> bool {
    let floor =
        |dx: i32, dy: i32| is_floor_char(map, (x as i32 + dx) as usize, (y as i32 + dy) as usize);
    floor(-1, 0) && floor(1, 0) && floor(0, -1) && floor(0, 1)
}

fn floor_on_opposite_sides(map: &[Cell], x: usize, y: usize) -> bool {
    let floor =
        |dx: i32, dy: i32| is_floor_char(map, (x as i32 + dx) as usize, (y as i32 + dy) as usize);
    (floor(-1, 0) && floor(1, 0)) || (floor(0, -1) && floor(0, 1))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    pub use crate::testing::grid;

    fn at(map: &[Cell], x: usize, y: usize) -> Glyph {
        classify(map, x, y)
    }

    /// Frame after frame, the memo's glyphs are classify's for every cell: a change reclassifies
    /// its neighbours too (a `.` becomes a doorway when walls appear beside it, a `#` a sink when
    /// floor surrounds it), and cells on the map's edges are handled.
    #[test]
    fn the_glyph_memo_agrees_with_classify_frame_after_frame() {
        let frames = [
            grid(&["", " .    ", "      ", "  #   "], &[]),
            grid(&["", "-.-   ", " ...  ", " .#.  "], &[]),
            grid(&["", "-.-   ", " ...  ", " ...  ", "  .   "], &[]),
            grid(
                &["", "-+-  |", "|.|  .", " .#. |", "  .   "],
                &["", " 3", "", "", ""],
            ),
            grid(&["-----", "|...|", "|.@.|", "-----"], &[]),
            grid(
                &["", "-+-  |", "|.|  .", " .#. |", "  .   "],
                &["", " 3", "", "", ""],
            ),
        ];
        let mut memo = GlyphMemo::default();
        let mut edge = grid(&[], &[]);
        edge[0] = Cell { ch: '.', ..edge[0] };
        edge[COLS * MAP_ROWS - 1] = Cell { ch: '|', ..edge[0] };
        for (n, map) in frames.iter().chain([&edge]).enumerate() {
            let glyphs = memo.classify_all(map).to_vec();
            assert_eq!(glyphs.len(), COLS * MAP_ROWS);
            for (i, glyph) in glyphs.iter().enumerate() {
                let (x, y) = (i % COLS, i / COLS);
                assert_eq!(*glyph, classify(map, x, y), "frame {n}, ({x}, {y})");
            }
        }
        // Frame 1's doorway and sink are unchanged cells whose neighbours changed.
        let mut memo = GlyphMemo::default();
        let before = memo.classify_all(&frames[0]).to_vec();
        assert_eq!(before[COLS + 1], Glyph::Feature(Feature::Floor));
        assert_eq!(before[3 * COLS + 2], Glyph::Feature(Feature::Corridor));
        let after = memo.classify_all(&frames[1]);
        assert_eq!(after[COLS + 1], Glyph::Feature(Feature::Doorway));
        assert_eq!(after[3 * COLS + 2], Glyph::Feature(Feature::Sink));
        // A row that did not change, its neighbours' rows did: its `.` is a doorway now.
        let mut memo = GlyphMemo::default();
        let open = grid(&["", "   ", " . ", "   "], &[]);
        let walled = grid(&["", " | ", " . ", " | "], &[]);
        assert_eq!(
            memo.classify_all(&open)[2 * COLS + 1],
            Glyph::Feature(Feature::Floor)
        );
        let after = memo.classify_all(&walled)[2 * COLS + 1];
        assert_eq!(after, Glyph::Feature(Feature::Doorway));
    }

    /// `shows_monster` is `classify`'s verdict for every character and colour, whatever the
    /// neighbours (walls, floor, blanks).
    #[test]
    fn shows_monster_is_what_classify_says() {
        let mut checked = 0;
        for code in 32u8..127 {
            for (color, bold) in (0..=16u8).flat_map(|c| [(c, false), (c, true)]) {
                for around in [' ', '.', '-', '|', '#'] {
                    let mut map = vec![
                        Cell {
                            ch: around,
                            ..Cell::default()
                        };
                        COLS * MAP_ROWS
                    ];
                    let cell = Cell {
                        ch: code as char,
                        fg: color,
                        bold,
                        ..Cell::default()
                    };
                    map[5 * COLS + 5] = cell;
                    assert_eq!(
                        shows_monster(&cell),
                        classify(&map, 5, 5) == Glyph::Monster,
                        "{:?} colour {color} bold {bold} among {around:?}",
                        code as char
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 15000);
    }

    #[test]
    fn every_feature_is_listed_once_and_named_back() {
        // serde lists every variant when a name is unknown.
        let err = serde_json::from_str::<Feature>("\"?\"").expect_err("unknown");
        let listed = err.to_string().matches('`').count() / 2 - 1;
        assert_eq!(Feature::ALL.len(), listed, "{err}");
        for f in Feature::ALL {
            assert_eq!(Feature::from_name(&f.name()), Some(f));
        }
        assert_eq!(Feature::StairsDown.name(), "stairs_down");
    }

    #[test]
    fn colour_folding_handles_bold_and_default() {
        let c = |fg, bold| Cell {
            ch: '^',
            fg,
            bold,
            inverse: false,
        };
        assert_eq!(color_of(&c(16, false)), clr::GRAY);
        assert_eq!(color_of(&c(4, true)), clr::BRIGHT_BLUE);
        assert_eq!(color_of(&c(12, false)), clr::BRIGHT_BLUE);
        assert_eq!(color_of(&c(0, true)), clr::BLACK);
        assert_eq!(color_of(&c(8, false)), clr::BLACK);
        assert_eq!(color_of(&c(7, true)), clr::WHITE);
    }

    #[test]
    fn room_walls_doors_and_doorways() {
        let map = grid(
            &[
                "-----+-----", //
                "|.........|",
                "-.........|",
                "|....{....|",
                "|..<...>..|",
                "----.------",
            ],
            &["     3     ", "", "3", "     4"],
        );
        assert_eq!(at(&map, 0, 0), Glyph::Feature(Feature::Wall));
        assert_eq!(at(&map, 5, 0), Glyph::Feature(Feature::ClosedDoor));
        assert_eq!(at(&map, 0, 2), Glyph::Feature(Feature::OpenDoor));
        assert_eq!(at(&map, 4, 5), Glyph::Feature(Feature::Doorway));
        assert_eq!(at(&map, 4, 4), Glyph::Feature(Feature::Floor));
        assert_eq!(at(&map, 5, 3), Glyph::Feature(Feature::Fountain));
        assert_eq!(at(&map, 3, 4), Glyph::Feature(Feature::StairsUp));
        assert_eq!(at(&map, 7, 4), Glyph::Feature(Feature::StairsDown));
    }

    #[test]
    fn hash_by_colour_and_context() {
        let map = grid(&["#####", "..#..", ".....", "--.--", "  #  "], &["0236 "]);
        assert_eq!(at(&map, 0, 0), Glyph::Feature(Feature::Corridor)); // dark gray stays corridor
        assert_eq!(at(&map, 1, 0), Glyph::Feature(Feature::Tree));
        assert_eq!(at(&map, 2, 0), Glyph::Feature(Feature::DrawbridgeUp));
        assert_eq!(at(&map, 3, 0), Glyph::Feature(Feature::IronBars));
        assert_eq!(at(&map, 2, 1), Glyph::Feature(Feature::Sink));
        // A tunnel a dwarf dug into a cave touches floor on one side only.
        let tunnel = grid(&[".   ", ".## ", ".   "], &[]);
        assert_eq!(at(&tunnel, 1, 1), Glyph::Feature(Feature::Corridor));
        assert_eq!(at(&map, 2, 3), Glyph::Feature(Feature::Doorway));
        assert_eq!(
            at(&map, 2, 4),
            Glyph::Feature(Feature::Corridor),
            "one doorway beside is no sink"
        );
    }

    #[test]
    fn graves_only_in_the_open_thin_mines_walls_stay_walls() {
        let map = grid(&["...", ".|.", "...", "-.|.-", " .|. "], &[]);
        assert_eq!(at(&map, 1, 1), Glyph::Feature(Feature::Grave));
        assert_eq!(at(&map, 2, 3), Glyph::Feature(Feature::Wall));
    }

    #[test]
    fn plus_is_door_only_in_brown_and_not_on_floor() {
        let map = grid(&["...", ".+.", "...", "|+|"], &["", " 3 ", "", " 5 "]);
        assert_eq!(
            at(&map, 1, 1),
            Glyph::Object,
            "brown + with floor on both sides is a spellbook"
        );
        assert_eq!(at(&map, 1, 3), Glyph::Object, "magenta + is a spellbook");
        let map = grid(&["|", "+", "|"], &["", "3", ""]);
        assert_eq!(at(&map, 0, 1), Glyph::Feature(Feature::ClosedDoor));
        let minetown_shop = grid(&[" .", "-+-", " ."], &["", " 3", ""]);
        assert_eq!(
            at(&minetown_shop, 1, 1),
            Glyph::Feature(Feature::ClosedDoor)
        );
    }

    #[test]
    fn water_lava_traps_objects_monsters() {
        let map = grid(&["}}^^0)d@%\"\"I0_"], &["41c0        f "]);
        assert_eq!(at(&map, 0, 0), Glyph::Feature(Feature::Water));
        assert_eq!(at(&map, 1, 0), Glyph::Feature(Feature::Lava));
        assert_eq!(at(&map, 2, 0), Glyph::Feature(Feature::Trap));
        assert_eq!(at(&map, 4, 0), Glyph::Feature(Feature::Boulder));
        assert_eq!(at(&map, 5, 0), Glyph::Object);
        assert_eq!(at(&map, 6, 0), Glyph::Monster);
        assert_eq!(at(&map, 7, 0), Glyph::Monster);
        assert_eq!(at(&map, 8, 0), Glyph::Object);
        assert_eq!(at(&map, 9, 0), Glyph::Feature(Feature::Web));
        assert_eq!(at(&map, 11, 0), Glyph::Monster);
        assert_eq!(at(&map, 12, 0), Glyph::Monster, "white 0 is a warning");
        assert_eq!(at(&map, 13, 0), Glyph::Feature(Feature::Altar));
        assert_eq!(trap_kinds(clr::MAGENTA)[0], "trap door");
        assert!(
            !trap_is_mild(clr::MAGENTA)
                && !trap_is_mild(clr::BRIGHT_GREEN)
                && trap_is_mild(clr::CYAN)
        );
        assert_eq!(trap_kinds(color_of(&map[3])), &["pit", "spiked pit"]);
    }
}
