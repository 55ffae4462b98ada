//! nhbot-game: the real NetHack 3.6.6 in a pty.
//!
//! - [`cores`]: a game and the engine thread playing it on one CPU core;
//! - [`install`]: a private non-setgid copy of Debian's binary and the preload shim, verified;
//! - [`preflight`]: the character and the options checked before a command starts its games;
//! - [`playground`]: a private playground per game (locks, saves, record, xlogfile);
//! - [`process`]: start the game, send keys, wait for the next input wait ([`sync`]);
//! - [`ttyrec`] recordings and the game's own [`xlog`] record.

pub mod cores;
pub mod install;
pub mod options;
pub mod playground;
pub mod preflight;
pub mod process;
pub mod sync;
pub mod ttyrec;
pub mod xlog;

pub use options::Character;
pub use process::{Game, GameConfig, Wait};
pub use sync::SyncMode;
