//! The terminal wrapper and the cheap [`Screen`] snapshot the scraper reads.
//!
//! Bytes go to a [`Grid`] that stores cells the way the scraper reads them, so a snapshot is a
//! copy of 1920 small cells instead of 1920 slow `vt100` lookups (see grid.rs), and, unless the
//! terminal is [`Terminal::grid_only`], to a `vt100::Parser` (the reference emulator the grid is
//! tested against; it also produces fixtures with `contents_formatted()`).

use crate::grid::Grid;
use crate::snapshot::Screen;
use crate::types::{Cell, Color, COLOR_DEFAULT, COLS, ROWS};

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
