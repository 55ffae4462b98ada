//! The terminal emulator wrapper and the cheap [`Screen`] snapshot the scraper reads.
//!
//! `vt100::Cell::contents()` allocates a `String` per cell, far too slow to call 1920 times per
//! key. [`Terminal`] therefore keeps a converted copy of every cell and re-converts only the cells
//! whose vt100 state changed since the last snapshot (a cheap `PartialEq` on the vt100 cell).

use std::cell::RefCell;

use crate::types::{Cell, Color, COLOR_DEFAULT, COLS, MAP_ROWS, MAP_TOP, ROWS};

/// A 24x80 terminal fed with the game's output bytes.
pub struct Terminal {
    parser: vt100::Parser,
    cache: RefCell<CellCache>,
}

/// Converted cells plus the vt100 cells they were converted from.
struct CellCache {
    /// Set by `feed`: the parser may have changed since `cells` was refreshed.
    dirty: bool,
    raw: Vec<vt100::Cell>,
    cells: Vec<Cell>,
}

impl Default for Terminal {
    fn default() -> Self {
        Self::new()
    }
}

impl Terminal {
    pub fn new() -> Self {
        Terminal {
            parser: vt100::Parser::new(ROWS as u16, COLS as u16, 0),
            cache: RefCell::new(CellCache {
                dirty: true,
                raw: vec![vt100::Cell::default(); ROWS * COLS],
                cells: vec![Cell::default(); ROWS * COLS],
            }),
        }
    }

    /// Feed raw output bytes from the game (any chunking; escape sequences may be split).
    pub fn feed(&mut self, bytes: &[u8]) {
        self.parser.process(bytes);
        self.cache.get_mut().dirty = true;
    }

    /// The underlying parser, e.g. for `contents_formatted()` when saving a fixture.
    pub fn parser(&self) -> &vt100::Parser {
        &self.parser
    }

    /// A snapshot of the visible screen and the cursor.
    pub fn screen(&self) -> Screen {
        let vt = self.parser.screen();
        let mut cache = self.cache.borrow_mut();
        if cache.dirty {
            cache.refresh(vt);
        }
        let (row, col) = vt.cursor_position();
        Screen {
            cells: cache.cells.clone(),
            cursor: (row.min(ROWS as u16 - 1), col.min(COLS as u16 - 1)),
        }
    }
}

impl CellCache {
    fn refresh(&mut self, vt: &vt100::Screen) {
        for row in 0..ROWS {
            for col in 0..COLS {
                let i = row * COLS + col;
                let Some(raw) = vt.cell(row as u16, col as u16) else {
                    continue;
                };
                if *raw != self.raw[i] {
                    self.cells[i] = convert(raw);
                    self.raw[i] = raw.clone();
                }
            }
        }
        self.dirty = false;
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
    cells: Vec<Cell>,
    /// (row, column) of the cursor.
    cursor: (u16, u16),
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
        let mut s: String = self.row(r).iter().map(|c| c.ch).collect();
        s.truncate(s.trim_end().len());
        s
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
