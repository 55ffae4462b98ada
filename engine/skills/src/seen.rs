//! Test worlds built the way the agent builds them: from what the screen shows.

use nhbot_world::{Cell, Observation, Pos, Status, World};

/// Shows `rows` (map rows from the top of the map area; `@` is the player) to `w` as one
/// observation at game turn `turn`.
pub fn show(w: &mut World, rows: &[&str], turn: i64) {
    show_saying(w, rows, turn, &[]);
}

/// [`show`] with `messages` on the top line (they go into the world's history at `turn`).
pub fn show_saying(w: &mut World, rows: &[&str], turn: i64, messages: &[&str]) {
    let mut map = vec![Cell::default(); 80 * 21];
    let mut player = None;
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            map[y * 80 + x] = Cell {
                ch,
                fg: 16,
                ..Cell::default()
            };
            if ch == '@' {
                player = Some(Pos::new(x as i16, y as i16));
            }
        }
    }
    let status = Status {
        dlvl: 3,
        level_name: "Dlvl:3".into(),
        turn: Some(turn),
        ..Default::default()
    };
    w.observe(Observation {
        map: &map,
        player,
        status: Some(&status),
        messages: &messages.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        cursor_on_map: true,
    });
}

/// A world that has seen `rows` once.
pub fn world(rows: &[&str]) -> World {
    let mut w = World::default();
    show(&mut w, rows, 1);
    w
}
