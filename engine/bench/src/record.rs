//! The results file: one JSON object per finished game, appended and flushed per game.
//!
//! Reading is lenient about fields (older or newer result lines may lack some) and strict about
//! lines: a line that does not parse is skipped with a warning naming the file and line.

use anyhow::{Context, Result};
use serde::Deserialize;
use serde_json::Value;
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

pub const RESULTS_FILE: &str = "results.jsonl";

/// The fields of a results line the reports use; every one but the seed may be missing.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Record {
    pub seed: u64,
    #[serde(default)]
    pub brain: Option<String>,
    /// End reason: "game-over", "max-turns", "stuck", "error", ...
    #[serde(default)]
    pub end: Option<String>,
    #[serde(default)]
    pub death: Option<String>,
    /// The game's `while` at the end ("fainted from lack of food").
    #[serde(default)]
    pub helpless: Option<String>,
    #[serde(default)]
    pub death_dungeon: Option<String>,
    #[serde(default)]
    pub score: Option<f64>,
    #[serde(default)]
    pub turns: Option<f64>,
    #[serde(default)]
    pub max_depth: Option<f64>,
    #[serde(default)]
    pub xl: Option<f64>,
    #[serde(default)]
    pub actions_per_s: Option<f64>,
    #[serde(default)]
    pub error: Option<String>,
    /// The plan phases the game reached and completed.
    #[serde(default)]
    pub phases: Vec<PhaseLine>,
    /// The whole line as read, written back verbatim when shards are merged.
    #[serde(skip)]
    pub raw: Value,
}

/// One phase of a results line: the turns it was first reached (active) and completed.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
pub struct PhaseLine {
    pub name: String,
    #[serde(default)]
    pub reached: Option<i64>,
    #[serde(default)]
    pub completed: Option<i64>,
}

impl Record {
    /// Parses one results line.
    pub fn parse(line: &str) -> Result<Record> {
        let raw: Value = serde_json::from_str(line).context("not JSON")?;
        let mut record: Record = serde_json::from_value(raw.clone()).context("not a result")?;
        record.raw = raw;
        Ok(record)
    }

    /// Squares explored over the game, when the line carries it: a `squares_explored` number,
    /// or the sum of `squares_seen` over a `levels` list of per-level statistics.
    pub fn squares_explored(&self) -> Option<f64> {
        if let Some(n) = self.raw.get("squares_explored").and_then(Value::as_f64) {
            return Some(n);
        }
        let levels = self.raw.get("levels")?.as_array()?;
        let seen: Vec<f64> = levels
            .iter()
            .filter_map(|l| l.get("squares_seen").and_then(Value::as_f64))
            .collect();
        (!seen.is_empty()).then(|| seen.iter().sum())
    }

    /// Why the game ended, for the death-cause table: the game's own death text when the game
    /// ended by itself, otherwise what stopped it ("stopped: max-turns").
    pub fn cause(&self) -> String {
        match self.end.as_deref() {
            Some("game-over") | None => self.death.clone().unwrap_or_else(|| "unknown".to_string()),
            Some(other) => format!("stopped: {other}"),
        }
    }
}

/// A results file as read: the usable records and a warning per skipped line.
#[derive(Debug, Default)]
pub struct Loaded {
    pub records: Vec<Record>,
    pub warnings: Vec<String>,
}

impl Loaded {
    pub fn seeds(&self) -> HashSet<u64> {
        self.records.iter().map(|r| r.seed).collect()
    }
}

/// Reads a results file (a missing file is empty). Corrupt lines and repeated seeds (the first
/// line of a seed wins) are skipped with a `file:line:` warning.
pub fn load_results(path: &Path) -> Result<Loaded> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Loaded::default()),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    let mut loaded = Loaded::default();
    let mut seen = HashSet::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = format!("{}:{}", path.display(), i + 1);
        match Record::parse(line) {
            Ok(r) if !seen.insert(r.seed) => loaded.warnings.push(format!(
                "{at}: seed {} already has a result above; this line is skipped",
                r.seed
            )),
            Ok(r) => loaded.records.push(r),
            Err(e) => loaded
                .warnings
                .push(format!("{at}: corrupt results line skipped ({e:#})")),
        }
    }
    Ok(loaded)
}

/// Appends results lines, one write and one flush to disk per game, so a killed run loses at
/// most the games in flight.
pub struct ResultsWriter {
    file: std::fs::File,
    path: PathBuf,
}

impl ResultsWriter {
    pub fn open(path: &Path) -> Result<ResultsWriter> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("opening {}", path.display()))?;
        // A run killed mid-write leaves a partial last line: end it so the next result starts on
        // its own line (the partial one is then reported as corrupt, not glued to a good one).
        let text = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
        if text.last().is_some_and(|b| *b != b'\n') {
            file.write_all(b"\n")?;
        }
        Ok(ResultsWriter {
            file,
            path: path.to_path_buf(),
        })
    }

    pub fn append(&mut self, line: &Value) -> Result<()> {
        let mut text = serde_json::to_string(line)?;
        text.push('\n');
        self.file
            .write_all(text.as_bytes())
            .and_then(|_| self.file.sync_data())
            .with_context(|| format!("appending to {}", self.path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_fields_are_tolerated_and_squares_come_from_levels() {
        let r = Record::parse(r#"{"seed":4,"levels":[{"squares_seen":10},{"squares_seen":5}]}"#)
            .unwrap();
        assert_eq!(
            (r.seed, r.score, r.squares_explored()),
            (4, None, Some(15.0))
        );
        assert_eq!(r.cause(), "unknown");
        let r = Record::parse(r#"{"seed":1,"end":"max-turns","death":"quit"}"#).unwrap();
        assert_eq!(
            (r.squares_explored(), r.cause()),
            (None, "stopped: max-turns".into())
        );
        assert!(
            Record::parse(r#"{"score":3}"#).is_err(),
            "a line without seed is unusable"
        );
    }
}
