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
