//! The terminal wrapper and the cheap [`Screen`] snapshot the scraper reads.
//!
//! Bytes go to a [`Grid`] that stores cells the way the scraper reads them, so a snapshot is a
//! copy of 1920 small cells instead of 1920 slow `vt100` lookups (see grid.rs), and, unless the
//! terminal is [`Terminal::grid_only`], to a `vt100::Parser` (the reference emulator the grid is
//! tested against; it also produces fixtures with `contents_formatted()`).

use crate::grid::Grid;
use crate::types::{Cell, Color, COLOR_DEFAULT, COLS, MAP_ROWS, MAP_TOP, ROWS};

/// A 24x80 terminal fed with the game's output bytes.
pub struct Terminal {
    /// The reference emulator; None in a [`Terminal::grid_only`] terminal.
    parser: Option<vt100::Parser>,
    grid: Grid,
}

impl Default for Terminal {
    fn default() -> Self {
        Self::new()
    }
}

impl Terminal {
    /// A terminal with the `vt100` reference emulator fed alongside the grid (tests, tools).
    pub fn new() -> Self {
        Terminal {
            parser: Some(vt100::Parser::new(ROWS as u16, COLS as u16, 0)),
            grid: Grid::new(),
        }
    }

    /// A terminal with the grid alone, for playing: nothing a game reads comes from `vt100`,
    /// whose parsing of every byte was about a tenth of the engine's instructions.
    pub fn grid_only() -> Self {
        Terminal {
            parser: None,
            grid: Grid::new(),
        }
    }

    /// Feed raw output bytes from the game (any chunking; escape sequences may be split).
    pub fn feed(&mut self, bytes: &[u8]) {
        if let Some(parser) = self.parser.as_mut() {
            parser.process(bytes);
        }
        self.grid.feed(bytes);
    }

    /// The reference parser, e.g. for `contents_formatted()` when saving a fixture (None in a
    /// [`Terminal::grid_only`] terminal).
    pub fn parser(&self) -> Option<&vt100::Parser> {
        self.parser.as_ref()
    }

    /// The visible screen and the cursor, as the bytes fed so far left them (lent: a caller
    /// that keeps it clones it, ~15 KB).
    pub fn screen(&self) -> &Screen {
        self.grid.screen()
    }

    /// The same snapshot read cell by cell from `vt100` (slow, ~40 ns a cell): the reference the
    /// fast grid is tested against (None in a [`Terminal::grid_only`] terminal).
    pub fn vt100_screen(&self) -> Option<Screen> {
        let vt = self.parser.as_ref()?.screen();
        let mut cells = vec![Cell::default(); ROWS * COLS];
        for (i, cell) in cells.iter_mut().enumerate() {
            if let Some(raw) = vt.cell((i / COLS) as u16, (i % COLS) as u16) {
                *cell = convert(raw);
            }
        }
        let (row, col) = vt.cursor_position();
        Some(Screen {
            cells,
            cursor: (row.min(ROWS as u16 - 1), col.min(COLS as u16 - 1)),
        })
    }
}

/// NetHack's tty draws bright colours as bold + base colour: fold that into CLR_* 8-15.
fn convert(raw: &vt100::Cell) -> Cell {
    let ch = if raw.has_contents() {
        raw.contents().chars().next().unwrap_or(' ')
    } else {
        ' '
    };
    let bold = raw.bold();
    let fg: Color = match raw.fgcolor() {
        vt100::Color::Idx(n) if n < 8 && bold => n + 8,
        vt100::Color::Idx(n) if n < 16 => n,
        _ => COLOR_DEFAULT,
    };
    Cell {
        ch,
        fg,
        bold,
        inverse: raw.inverse(),
    }
}

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
