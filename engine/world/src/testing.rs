//! Helpers for tests of code that reads a world: maps drawn as text.

use nhbot_screen::{Cell, COLS, MAP_ROWS};

/// Builds a map from text rows and an optional colour grid of the same shape: a colour row
/// character is a hex digit CLR_* value, anything else means default (gray).
pub fn grid(rows: &[&str], colors: &[&str]) -> Vec<Cell> {
    let mut map = vec![Cell::default(); COLS * MAP_ROWS];
    for (y, row) in rows.iter().enumerate() {
        let crow: Vec<char> = colors
            .get(y)
            .map(|r| r.chars().collect())
            .unwrap_or_default();
        for (x, ch) in row.chars().enumerate() {
            let fg = crow
                .get(x)
                .and_then(|c| c.to_digit(16))
                .map_or(16, |d| d as u8);
            map[y * COLS + x] = Cell {
                ch,
                fg,
                bold: false,
                inverse: false,
            };
        }
    }
    map
}

/// Observes a recorded screen into `world` as the engine would: `bytes` (a fixture cut from a
/// real game, see engine/screen/tests/fixtures/README.md) fed to a fresh terminal, scraped.
pub fn observe_recorded_screen(world: &mut crate::World, bytes: &[u8]) {
    let mut term = nhbot_screen::Terminal::new();
    term.feed(bytes);
    let screen = term.screen();
    let frame = nhbot_screen::scrape(screen);
    world.observe(crate::Observation {
        map: screen.map_cells(),
        player: frame.player,
        status: frame.status.as_ref(),
        messages: &frame.messages,
        cursor_on_map: frame.menu.is_none() && frame.prompt.is_none(),
    });
}

/// The map as a bot that stood on every known walkable square knows it: each of them walked,
/// its never-seen neighbours rock (blank next to us). A recorded screen shows what the bot
/// saw, not where it stood; searches left to do then depend only on the map.
pub fn as_if_walked_everywhere(level: &mut crate::Level) {
    use crate::level::{neighbours, pos_of};
    use crate::Feature;
    for i in 0..level.squares.len() {
        if !level.squares[i].feature.walkable() {
            continue;
        }
        level.squares[i].walked = level.squares[i].walked.max(1);
        for q in neighbours(pos_of(i)) {
            if let Some(sq) = level.at_mut(q).filter(|s| s.feature == Feature::Unknown) {
                sq.feature = Feature::Rock;
            }
        }
    }
}

/// A world that has observed the map `rows` (colours as in [`grid`]) on Dlvl 1 at turn 1,
/// the hero at `player`: the start of most map-reading unit tests.
pub fn world_from_rows(rows: &[&str], colors: &[&str], player: crate::Pos) -> crate::World {
    let mut world = crate::World::default();
    let status = crate::Status {
        dlvl: 1,
        level_name: "Dlvl:1".into(),
        turn: Some(1),
        ..Default::default()
    };
    let map = grid(rows, colors);
    world.observe(crate::Observation {
        map: &map,
        player: Some(player),
        status: Some(&status),
        messages: &[],
        cursor_on_map: true,
    });
    world
}

/// Every never-seen square of the current level taken for rock: a map drawn whole, with
/// nothing left beyond it.
pub fn unknown_as_rock(world: &mut crate::World) {
    if let Some(level) = world.dungeon.current_mut() {
        for sq in level.squares.iter_mut() {
            if sq.feature == crate::Feature::Unknown {
                sq.feature = crate::Feature::Rock;
            }
        }
    }
}

/// One frame of the map `rows` observed into `world`, the hero at the row's `@` (none drawn:
/// no hero on the map), with `status` and the turn's `messages`: a game's screens one after
/// another, for tests that follow a world over several turns.
pub fn observe_rows(
    world: &mut crate::World,
    rows: &[&str],
    status: &crate::Status,
    messages: &[&str],
) {
    let map = grid(rows, &[]);
    let player = rows
        .iter()
        .enumerate()
        .find_map(|(y, r)| r.find('@').map(|x| crate::Pos::new(x as i16, y as i16)));
    let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
    world.observe(crate::Observation {
        map: &map,
        player,
        status: Some(status),
        messages: &messages,
        cursor_on_map: true,
    });
}
