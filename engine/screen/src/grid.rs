//! A small terminal emulator holding plain [`Cell`]s, fed alongside the `vt100` parser.
//!
//! `vt100` 0.15 only exposes cells one by one (`Screen::cell`), and each lookup walks a row
//! iterator and `contents()` allocates: ~40 ns a cell, far too slow for 1920 cells per key. This
//! grid keeps the screen in the form the scraper reads, so a snapshot is one `memcpy`. It
//! implements what NetHack's tty writes for `TERM=xterm*` (cursor addressing, erase, SGR colours
//! and attributes, scrolling, the alternate screen) with vt100's semantics; `tests/grid.rs` checks
//! it against `vt100` cell by cell over whole recorded games.

use crate::snapshot::Screen;
use crate::types::{Cell, Color, COLOR_DEFAULT, COLS, ROWS};

/// Drawing attributes for the next characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Pen {
    /// The raw colour index (0-255) or None for the default colour.
    fg: Option<u8>,
    bold: bool,
    inverse: bool,
}

impl Pen {
    /// The cell this pen draws; bold + base colour folds into NetHack's bright colours 8-15.
    fn cell(self, ch: char) -> Cell {
        let fg: Color = match self.fg {
            Some(n) if n < 8 && self.bold => n + 8,
            Some(n) if n < 16 => n,
            _ => COLOR_DEFAULT,
        };
        Cell {
            ch,
            fg,
            bold: self.bold,
            inverse: self.inverse,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Ground,
    Escape,
    /// After `ESC (` and friends: one charset byte follows.
    Charset,
    Csi,
    /// Operating system command, ended by BEL or `ESC \`.
    Osc,
    OscEscape,
}

const MAX_PARAMS: usize = 16;

/// One screen buffer (main or alternate) with its own cursor and scroll region, as in vt100.
#[derive(Clone)]
struct Page {
    /// The cells, and the cursor as of the end of the last [`Grid::feed`]: the snapshot the
    /// scraper reads, lent without a copy.
    screen: Screen,
    row: usize,
    /// May equal COLS after writing the last column: the next character wraps.
    col: usize,
    saved: (usize, usize),
    /// Scroll region, inclusive rows.
    top: usize,
    bottom: usize,
}

impl Page {
    fn new() -> Self {
        Page {
            screen: Screen {
                cells: vec![Cell::default(); ROWS * COLS],
                cursor: (0, 0),
            },
            row: 0,
            col: 0,
            saved: (0, 0),
            top: 0,
            bottom: ROWS - 1,
        }
    }
}

pub(crate) struct Grid {
    page: Page,
    /// The other screen buffer: the alternate one while the main one is shown, and vice versa.
    other: Page,
    on_alternate: bool,
    pen: Pen,
    saved_pen: Pen,
    state: State,
    params: [u16; MAX_PARAMS],
    param_count: usize,
    private: bool,
    /// UTF-8 decoding: code point so far and continuation bytes still expected.
    utf8: (u32, u8),
}

impl Grid {
    pub(crate) fn new() -> Self {
        Grid {
            page: Page::new(),
            other: Page::new(),
            on_alternate: false,
            pen: Pen::default(),
            saved_pen: Pen::default(),
            state: State::Ground,
            params: [0; MAX_PARAMS],
            param_count: 0,
            private: false,
            utf8: (0, 0),
        }
    }

    /// The page shown, with the cursor where the last bytes fed left it.
    pub(crate) fn screen(&self) -> &Screen {
        &self.page.screen
    }

    fn cursor(&self) -> (u16, u16) {
        (self.page.row as u16, self.page.col.min(COLS - 1) as u16)
    }

    pub(crate) fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.byte(b);
        }
        // Only the page shown is read, and only between feeds.
        self.page.screen.cursor = self.cursor();
    }

    fn byte(&mut self, b: u8) {
        match self.state {
            State::Ground => self.ground(b),
            State::Escape => self.escape(b),
            State::Charset => self.state = State::Ground,
            State::Csi => self.csi_byte(b),
            State::Osc => match b {
                0x07 => self.state = State::Ground,
                0x1b => self.state = State::OscEscape,
                _ => {}
            },
            State::OscEscape => {
                self.state = if b == b'\\' {
                    State::Ground
                } else {
                    State::Osc
                }
            }
        }
    }

    fn ground(&mut self, b: u8) {
        if b >= 0x80 {
            return self.utf8_byte(b);
        }
        self.utf8 = (0, 0);
        let page = &mut self.page;
        match b {
            0x1b => self.state = State::Escape,
            b'\r' => page.col = 0,
            b'\n' | 0x0b | 0x0c => self.line_feed(),
            0x08 => page.col = page.col.saturating_sub(1),
            b'\t' => page.col = (page.col - page.col % 8 + 8).min(COLS - 1),
            0x20..=0x7e => self.print(b as char),
            _ => {} // BEL, SO/SI and other controls draw nothing
        }
    }

    fn utf8_byte(&mut self, b: u8) {
        let (acc, left) = self.utf8;
        if b & 0xc0 == 0x80 && left > 0 {
            let acc = (acc << 6) | u32::from(b & 0x3f);
            self.utf8 = (acc, left - 1);
            if left == 1 {
                self.print(char::from_u32(acc).unwrap_or('\u{fffd}'));
            }
            return;
        }
        self.utf8 = match b {
            0xc0..=0xdf => (u32::from(b & 0x1f), 1),
            0xe0..=0xef => (u32::from(b & 0x0f), 2),
            0xf0..=0xf7 => (u32::from(b & 0x07), 3),
            _ => (0, 0),
        };
    }

    fn print(&mut self, ch: char) {
        if self.page.col >= COLS {
            self.page.col = 0;
            self.line_feed();
        }
        let page = &mut self.page;
        page.screen.cells[page.row * COLS + page.col] = self.pen.cell(ch);
        page.col += 1;
    }

    fn escape(&mut self, b: u8) {
        self.state = State::Ground;
        match b {
            b'[' => {
                self.state = State::Csi;
                self.params = [0; MAX_PARAMS];
                self.param_count = 0;
                self.private = false;
            }
            b']' => self.state = State::Osc,
            b'(' | b')' | b'*' | b'+' => self.state = State::Charset,
            b'7' => self.save_cursor(),
            b'8' => self.restore_cursor(),
            b'D' => self.line_feed(),
            b'E' => {
                self.page.col = 0;
                self.line_feed();
            }
            b'M' => self.reverse_index(),
            b'c' => *self = Grid::new(),
            _ => {}
        }
    }

    fn csi_byte(&mut self, b: u8) {
        match b {
            b'0'..=b'9' => {
                if self.param_count == 0 {
                    self.param_count = 1;
                }
                let p = &mut self.params[self.param_count - 1];
                *p = p.saturating_mul(10).saturating_add(u16::from(b - b'0'));
            }
            b';' => {
                if self.param_count == 0 {
                    self.param_count = 1;
                }
                self.param_count = (self.param_count + 1).min(MAX_PARAMS);
            }
            b'?' | b'>' | b'<' | b'=' => self.private = true,
            0x20..=0x2f => {} // intermediates: none NetHack uses matter
            0x40..=0x7e => {
                self.state = State::Ground;
                self.csi_dispatch(b);
            }
            0x1b => self.state = State::Escape,
            _ => {}
        }
    }

    /// Parameter `i`, with 0 or absent meaning `default`.
    fn param(&self, i: usize, default: usize) -> usize {
        match self.params[i] {
            p if p != 0 && i < self.param_count => usize::from(p),
            _ => default,
        }
    }

    fn csi_dispatch(&mut self, b: u8) {
        if self.private {
            if matches!(b, b'h' | b'l') {
                for i in 0..self.param_count.max(1) {
                    self.private_mode(self.params[i], b == b'h');
                }
            }
            return;
        }
        let n = self.param(0, 1);
        let (second, mode) = (self.param(1, 1), self.param(0, 0));
        let region_bottom = (self.param(1, ROWS) - 1).min(ROWS - 1);
        let in_region = (self.page.top..=self.page.bottom).contains(&self.page.row);
        let page = &mut self.page;
        match b {
            b'H' | b'f' => {
                page.row = (n - 1).min(ROWS - 1);
                page.col = (second - 1).min(COLS - 1);
            }
            b'A' => {
                page.row = page.row.saturating_sub(n);
                if in_region {
                    page.row = page.row.max(page.top);
                }
            }
            b'B' => page.row = (page.row + n).min(if in_region { page.bottom } else { ROWS - 1 }),
            b'C' => page.col = (page.col + n).min(COLS - 1),
            b'D' => page.col = page.col.saturating_sub(n),
            b'G' | b'`' => page.col = (n - 1).min(COLS - 1),
            b'd' => page.row = (n - 1).min(ROWS - 1),
            b'J' => self.erase_display(mode),
            b'K' => self.erase_line(mode),
            b'L' => self.insert_lines(n),
            b'M' => self.delete_lines(n),
            b'@' => self.insert_chars(n),
            b'P' => self.delete_chars(n),
            b'X' => {
                let col = page.col.min(COLS);
                let (start, end) = self.row_span(col, col + n);
                self.erase(start, end);
            }
            b'S' => self.scroll_up(self.page.top, n.min(ROWS - self.page.top)),
            b'T' => self.scroll_down(self.page.top, n),
            b'm' => self.sgr(),
            b'r' => {
                let top = n - 1;
                (page.top, page.bottom) = if top < region_bottom {
                    (top, region_bottom)
                } else {
                    (0, ROWS - 1)
                };
                (page.row, page.col) = (page.top, 0);
            }
            b's' => self.save_cursor(),
            b'u' => self.restore_cursor(),
            _ => {}
        }
    }

    fn private_mode(&mut self, mode: u16, on: bool) {
        match (mode, on) {
            (1049, true) => {
                self.save_cursor();
                if !self.on_alternate {
                    std::mem::swap(&mut self.page, &mut self.other);
                    self.on_alternate = true;
                }
                self.page = Page::new();
            }
            (47, true) if !self.on_alternate => {
                std::mem::swap(&mut self.page, &mut self.other);
                self.on_alternate = true;
            }
            (47 | 1049, false) => {
                if self.on_alternate {
                    std::mem::swap(&mut self.page, &mut self.other);
                    self.on_alternate = false;
                }
                if mode == 1049 {
                    self.restore_cursor();
                }
            }
            _ => {}
        }
    }

    fn sgr(&mut self) {
        let count = self.param_count.max(1);
        let mut i = 0;
        while i < count {
            match self.params[i] {
                0 => self.pen = Pen::default(),
                1 => self.pen.bold = true,
                22 => self.pen.bold = false,
                7 => self.pen.inverse = true,
                27 => self.pen.inverse = false,
                p @ 30..=37 => self.pen.fg = Some((p - 30) as u8),
                39 => self.pen.fg = None,
                p @ 90..=97 => self.pen.fg = Some((p - 90 + 8) as u8),
                p @ (38 | 48) => {
                    match self.params.get(i + 1) {
                        Some(5) => {
                            if p == 38 {
                                self.pen.fg = self.params.get(i + 2).map(|&n| n.min(255) as u8);
                            }
                            i += 2;
                        }
                        Some(2) => {
                            if p == 38 {
                                self.pen.fg = None; // true colour: not a NetHack colour
                            }
                            i += 4;
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }

    fn save_cursor(&mut self) {
        self.page.saved = (self.page.row, self.page.col);
        self.saved_pen = self.pen;
    }

    fn restore_cursor(&mut self) {
        (self.page.row, self.page.col) = self.page.saved;
        self.pen = self.saved_pen;
    }

    /// Down one row; at the bottom of the scroll region the region scrolls up.
    fn line_feed(&mut self) {
        let page = &mut self.page;
        if page.row == page.bottom {
            self.scroll_up(self.page.top, 1);
        } else if page.row < ROWS - 1 {
            page.row += 1;
        }
    }

    fn reverse_index(&mut self) {
        let page = &mut self.page;
        if page.row == page.top {
            self.scroll_down(self.page.top, 1);
        } else {
            page.row = page.row.saturating_sub(1);
        }
    }

    /// Cell index range of the cursor row from column `from` to `to` (exclusive, clamped).
    fn row_span(&self, from: usize, to: usize) -> (usize, usize) {
        let base = self.page.row * COLS;
        (base + from.min(COLS), base + to.min(COLS))
    }

    /// Erasing keeps the current pen (as vt100 does); inserted and scrolled-in cells do not.
    fn erase(&mut self, start: usize, end: usize) {
        let cell = self.pen.cell(' ');
        self.page.screen.cells[start..end].fill(cell);
    }

    fn erase_display(&mut self, mode: usize) {
        let at = self.page.row * COLS + self.page.col.min(COLS - 1);
        match mode {
            0 => self.erase(at, ROWS * COLS),
            1 => self.erase(0, at + 1),
            2 => self.erase(0, ROWS * COLS),
            _ => {}
        }
    }

    fn erase_line(&mut self, mode: usize) {
        let col = self.page.col.min(COLS - 1);
        let (start, end) = match mode {
            0 => self.row_span(col, COLS),
            1 => self.row_span(0, col + 1),
            2 => self.row_span(0, COLS),
            _ => return,
        };
        self.erase(start, end);
    }

    /// Rows `from..=bottom` move up by `n`; blank rows come in at the bottom.
    fn scroll_up(&mut self, from: usize, n: usize) {
        let page = &mut self.page;
        let end = (page.bottom + 1) * COLS;
        let n = n.min(page.bottom + 1 - from.min(page.bottom + 1));
        page.screen
            .cells
            .copy_within((from + n) * COLS..end, from * COLS);
        page.screen.cells[end - n * COLS..end].fill(Cell::default());
    }

    /// Rows `from..=bottom` move down by `n`; blank rows come in at `from`.
    fn scroll_down(&mut self, from: usize, n: usize) {
        let page = &mut self.page;
        if from > page.bottom {
            return;
        }
        let end = (page.bottom + 1) * COLS;
        let n = n.min(page.bottom + 1 - from);
        page.screen
            .cells
            .copy_within(from * COLS..end - n * COLS, (from + n) * COLS);
        page.screen.cells[from * COLS..(from + n) * COLS].fill(Cell::default());
    }

    fn insert_lines(&mut self, n: usize) {
        self.scroll_down(self.page.row, n);
    }

    fn delete_lines(&mut self, n: usize) {
        self.scroll_up(self.page.row, n.min(ROWS - self.page.row));
    }

    fn insert_chars(&mut self, n: usize) {
        let (start, end) = self.row_span(self.page.col, COLS);
        let n = n.min(end - start);
        let cells = &mut self.page.screen.cells;
        cells.copy_within(start..end - n, start + n);
        cells[start..start + n].fill(Cell::default());
    }

    fn delete_chars(&mut self, n: usize) {
        let (start, end) = self.row_span(self.page.col, COLS);
        let n = n.min(end - start);
        let cells = &mut self.page.screen.cells;
        cells.copy_within(start + n..end, start);
        cells[end - n..end].fill(Cell::default());
    }
}
