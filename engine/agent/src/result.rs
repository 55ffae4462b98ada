//! The result of one game: why it ended and the results line.

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::Path;

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// The game ended by itself (death, or an ascension).
    GameOver,
    MaxTurns,
    MaxActions,
    /// No turn progress for WATCHDOG_ACTIONS actions.
    Stuck,
    /// Ctrl-C: the game was saved for --resume.
    Interrupted,
    Error,
}

/// The results line of one game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameResult {
    pub seed: Option<u64>,
    pub role: String,
    pub race: String,
    pub gender: String,
    pub align: String,
    pub brain: String,
    pub end: EndReason,
    /// Death cause from the game's own record ("killed by a jackal", "quit", "starvation"...).
    pub death: Option<String>,
    pub score: Option<i64>,
    pub turns: i64,
    pub max_depth: i32,
    pub xl: i32,
    pub actions: u64,
    pub keys: u64,
    pub wall_s: f64,
    pub actions_per_s: f64,
    pub warnings: u64,
    pub game_dir: String,
    pub error: Option<String>,
    /// Per-level exploration statistics (squares seen, doors and hidden doors found, turns).
    #[serde(default)]
    pub levels: Vec<nhbot_world::LevelStats>,
}

/// Opens `path` for appending, creating it and its directory if need be.
pub(crate) fn open_append(path: &Path) -> Result<std::fs::File> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("opening {}", path.display()))
}

/// Appends one JSON line with a single write (O_APPEND keeps lines whole across processes).
pub fn append_result(path: &Path, result: &GameResult) -> Result<()> {
    let mut line = serde_json::to_string(result)?;
    line.push('\n');
    let mut f = open_append(path)?;
    f.write_all(line.as_bytes())?;
    f.sync_data()?;
    Ok(())
}
