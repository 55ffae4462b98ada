//! nhbot-screen: a terminal snapshot of NetHack's tty interface and the scraper that reads it.
//!
//! Data flows one way: the pty layer feeds bytes into [`Terminal`], which keeps a `vt100` parser;
//! at every input wait the engine takes a [`Screen`] snapshot and [`scrape`]s it into a [`Frame`].

pub mod types;
pub use types::*;
