//! nhbot-screen: a terminal snapshot of NetHack's tty interface and the scraper that reads it.
//!
//! Data flows one way: the pty layer feeds bytes into [`Terminal`], which keeps a `vt100` parser;
//! at every input wait the engine takes a [`Screen`] snapshot and [`scrape`]s it into a [`Frame`].

pub mod bench;
pub mod gameover;
mod grid;
pub mod history;
pub mod menu;
pub mod prompt;
pub mod scrape;
pub mod status;
pub mod terminal;
pub mod types;

pub use bench::bench_scrape;
pub use history::{parse_history_window, single_history_message};
pub use scrape::{scrape, split_messages};
pub use terminal::{Screen, Terminal};
pub use types::*;
