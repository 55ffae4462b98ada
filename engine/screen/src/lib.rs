//! nhbot-screen: a terminal snapshot of NetHack's tty interface and the scraper that reads it.
//!
//! Data flows one way: the pty layer feeds bytes into [`Terminal`] (a grid of cells, and unless
//! it is grid-only a `vt100` reference parser); at every input wait the engine takes a [`Screen`] snapshot and [`scrape`]s it into a [`Frame`].
//!
//! ```
//! use nhbot_screen::{scrape, Prompt, Terminal};
//!
//! let mut term = Terminal::new();
//! term.feed(b"\x1b[H\x1b[2JReally attack the newt? [yn] (n) ");
//! let frame = scrape(&term.screen());
//! assert!(matches!(frame.prompt, Some(Prompt::YesNo { default: Some('n'), .. })));
//! ```
//!
//! The map is [`Screen::map_cells`] (80x21 glyph + colour cells); [`Frame::player`] is where the
//! hero stands. [`bench_scrape`] measures the per-key cost (`--example bench_scrape`).

pub mod bench;
pub mod gameover;
mod grid;
pub mod history;
pub mod menu;
pub mod prompt;
pub mod scrape;
mod snapshot;
pub mod status;
pub mod terminal;
pub mod types;

pub use bench::bench_scrape;
pub use history::{parse_history_window, single_history_message};
pub use scrape::{scrape, split_messages};
pub use snapshot::Screen;
pub use terminal::Terminal;
pub use types::*;
