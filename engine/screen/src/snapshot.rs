//! One snapshot of the 24x80 screen (`Screen`): the grid keeps it up to date as bytes are fed,
//! the terminal lends it, the scraper reads it. Its own module so that the grid and the terminal
//! both use it without using each other both ways.

use crate::types::{Cell, COLS, MAP_ROWS, MAP_TOP, ROWS};

/// One snapshot of the 24x80 screen: plain cells (no allocation per cell) and the cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Screen {
    /// Row-major, `ROWS * COLS` cells.
    pub(crate) cells: Vec<Cell>,
    /// (row, column) of the cursor.
    pub(crate) cursor: (u16, u16),
}

impl Screen {
    /// A screen from plain text rows (tests and tools); missing rows/columns are blank.
    pub fn from_text(rows: &[&str], cursor: (u16, u16)) -> Screen {
        let mut cells = vec![Cell::default(); ROWS * COLS];
        for (r, line) in rows.iter().take(ROWS).enumerate() {
            for (c, ch) in line.chars().take(COLS).enumerate() {
                cells[r * COLS + c].ch = ch;
            }
        }
        Screen { cells, cursor }
    }

    /// The cell at terminal `row`, `col` (blank when out of range).
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        if row < ROWS && col < COLS {
            self.cells[row * COLS + col]
        } else {
            Cell::default()
        }
    }

    /// The cells of terminal row `row` (empty when out of range).
    pub fn row(&self, row: usize) -> &[Cell] {
        if row < ROWS {
            &self.cells[row * COLS..(row + 1) * COLS]
        } else {
            &[]
        }
    }

    /// The text of terminal row `r`, trailing blanks removed.
    pub fn row_text(&self, r: usize) -> String {
        let end = self.last_char(r).map_or(0, |(col, _)| col + 1);
        let mut s = String::with_capacity(end);
        s.extend(self.row(r)[..end].iter().map(|c| c.ch));
        s
    }

    /// The last non-blank character of row `r` and its column.
    pub fn last_char(&self, r: usize) -> Option<(usize, char)> {
        self.row(r)
            .iter()
            .enumerate()
            .rev()
            .find(|(_, c)| c.ch != ' ')
            .map(|(i, c)| (i, c.ch))
    }

    /// The 21 map rows (terminal rows 1..=21), row-major, `MAP_ROWS * COLS` cells: index with
    /// `pos.y * COLS + pos.x`.
    pub fn map_cells(&self) -> &[Cell] {
        &self.cells[MAP_TOP * COLS..(MAP_TOP + MAP_ROWS) * COLS]
    }

    /// (row, column) of the cursor.
    pub fn cursor(&self) -> (u16, u16) {
        self.cursor
    }

    /// The whole screen as text, one line per row (debugging, test failure messages).
    pub fn text(&self) -> String {
        (0..ROWS)
            .map(|r| self.row_text(r))
            .collect::<Vec<_>>()
            .join("\n")
    }
}
