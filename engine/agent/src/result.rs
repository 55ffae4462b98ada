//! The result of one game: why it ended and the results line.

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::os::unix::fs::FileExt;
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
    /// What the hero was doing when it ended (the game's record, `while`): "fainted from lack
    /// of food" says hunger killed, whatever struck the last blow.
    #[serde(default)]
    pub helpless: Option<String>,
    /// The dungeon it ended in, e.g. "The Gnomish Mines".
    #[serde(default)]
    pub death_dungeon: Option<String>,
    pub score: Option<i64>,
    pub turns: i64,
    pub max_depth: i32,
    /// The hero's experience level at the end (its own, also while polymorphed).
    pub xl: i32,
    pub actions: u64,
    pub keys: u64,
    pub wall_s: f64,
    pub actions_per_s: f64,
    pub warnings: u64,
    pub game_dir: String,
    pub error: Option<String>,
    /// How many runs of the engine played this game (1, plus one per `--resume`). Actions,
    /// keys, wall time and warnings add up over all of them.
    #[serde(default)]
    pub sessions: u32,
    /// Per-level exploration statistics (squares seen, doors and hidden doors found, turns).
    #[serde(default)]
    pub levels: Vec<nhbot_world::LevelStats>,
    /// The plan phases reached (became active) and completed, with the turn of each, in the
    /// order that first happened (every session's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phases: Vec<nhbot_bt::PhaseRecord>,
    /// Sokoban, from the world's facts: the turn it was entered, the levels solved (1 at the
    /// bottom .. 4), the turn the prize was picked up and the turn it was left; absent when
    /// the hero never entered it (this session: the world is not carried across `--resume`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sokoban: Option<nhbot_world::SokobanSummary>,
    /// Dungeon milestones (the Mines, Minetown, the Oracle, Sokoban and its levels, Mines' End,
    /// the Big Room, the quest portal, Medusa, the Castle): the first turn each was reached and
    /// the experience level then, from the world's facts after every decision (every
    /// session's: kept in the game's `milestones.json` across `--resume`).
    /// Always written (`{}`: none reached), so the report tells such lines from older ones.
    #[serde(default)]
    pub milestones: crate::milestones::Milestones,
    /// Where this session's wall time went (the last session's, for a resumed game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<TimeSplit>,
    /// The tree leaves that took the most decision time this session, slowest first, with
    /// their calls.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slowest_leaves: Vec<nhbot_bt::LeafTime>,
}

/// Where one session's wall time went, in seconds. The parts leave out only the loop's own
/// glue and the game's start and end, so `session_s` is a little more than their sum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TimeSplit {
    /// The whole session, from start to the results line.
    pub session_s: f64,
    /// Sending keys and waiting until the game asks for the next one: the game's own work
    /// and the engine's input-wait detection.
    pub game_s: f64,
    /// How many times the engine sent keys and waited (several per action with prompts,
    /// `--More--`, inventory reads and farlooks).
    #[serde(default)]
    pub game_waits: u64,
    /// Reading the game's output: terminal emulation and screen scraping.
    pub scrape_s: f64,
    /// Updating the world from frames, decisions, inventories and farlook answers.
    pub observe_s: f64,
    /// The brain's decisions.
    pub decide_s: f64,
    /// The part of `decide_s` spent in Lua leaves (building what they read of the world
    /// included).
    pub lua_s: f64,
    /// The loop's observers: decision log, live view, knowledge-base feed, totals.
    pub observers_s: f64,
    /// CPU time (user and system) the engine's thread used in the session: unlike the parts
    /// above, it does not grow when other processes compete for the cores.
    #[serde(default)]
    pub engine_cpu_s: f64,
}

/// CPU time the calling thread has used so far (zero where the system cannot tell).
pub(crate) fn thread_cpu_time() -> std::time::Duration {
    // SAFETY: getrusage only writes the struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_THREAD, &mut usage) } != 0 {
        return std::time::Duration::ZERO;
    }
    let time = |t: libc::timeval| {
        std::time::Duration::from_secs(t.tv_sec as u64)
            + std::time::Duration::from_micros(t.tv_usec as u64)
    };
    time(usage.ru_utime) + time(usage.ru_stime)
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

/// What the results line adds up over every session of one game: a resumed game goes on counting
/// from the sessions before it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Totals {
    pub sessions: u32,
    pub actions: u64,
    pub keys: u64,
    pub wall_s: f64,
    pub warnings: u64,
}

impl Totals {
    /// These totals (of the sessions before, this one counted in `sessions`) plus this
    /// session's counts so far.
    pub(crate) fn plus(
        &self,
        runner: &crate::Runner,
        warnings: u64,
        elapsed: std::time::Duration,
    ) -> Totals {
        Totals {
            sessions: self.sessions,
            actions: self.actions + runner.actions,
            keys: self.keys + runner.session.game.keys_sent,
            wall_s: self.wall_s + elapsed.as_secs_f64(),
            warnings: self.warnings + warnings,
        }
    }
}

/// The game's totals in its directory (`totals.json`), rewritten after every decision so that
/// even a session killed with SIGKILL leaves its counts to the next one. The file is one
/// fixed-size record written in place by a single `pwrite`: a small write at offset 0 is not
/// cut by a kill (a killed process dies when the system call returns), so the file always
/// holds one whole record.
pub struct TotalsFile {
    file: std::fs::File,
}

const TOTALS_RECORD: usize = 256;

impl TotalsFile {
    /// Opens the totals at `path` and returns what they hold when `carry` (a game restored from
    /// its save continues its counts); a new game starts from zero.
    pub fn open(path: &Path, carry: bool) -> Result<(TotalsFile, Totals)> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(path)
            .with_context(|| format!("opening {}", path.display()))?;
        let carried = if carry {
            let text = std::fs::read_to_string(path)?;
            serde_json::from_str(text.trim()).unwrap_or_else(|e| {
                log::warn!("{}: unreadable ({e}); counting from zero", path.display());
                Totals::default()
            })
        } else {
            Totals::default()
        };
        Ok((TotalsFile { file }, carried))
    }

    pub fn store(&self, totals: &Totals) -> Result<()> {
        let mut record = serde_json::to_vec(totals)?;
        record.resize(TOTALS_RECORD - 1, b' ');
        record.push(b'\n');
        self.file.write_all_at(&record, 0)?;
        Ok(())
    }
}

/// The game's plan progress in its directory (`phases.json`), rewritten when it changes (a
/// phase reached or completed: a few times a game) by writing a new file and renaming it over
/// the old one, so a kill leaves the old file or the new one, whole.
pub struct PhasesFile {
    path: std::path::PathBuf,
    kept: Vec<nhbot_bt::PhaseRecord>,
}

impl PhasesFile {
    /// The phases file at `path` and what it holds when `carry` (a game restored from its
    /// save); a new game starts with none.
    pub fn open(path: &Path, carry: bool) -> Result<(PhasesFile, Vec<nhbot_bt::PhaseRecord>)> {
        let kept = match std::fs::read_to_string(path) {
            Ok(text) if carry => serde_json::from_str(&text).unwrap_or_else(|e| {
                log::warn!("{}: unreadable ({e}); no phases carried", path.display());
                Vec::new()
            }),
            _ => Vec::new(),
        };
        let file = PhasesFile {
            path: path.to_path_buf(),
            kept: Vec::new(),
        };
        Ok((file, kept))
    }

    /// Stores `records` unless they are what the file holds already.
    pub fn keep(&mut self, records: &[nhbot_bt::PhaseRecord]) -> Result<()> {
        if records == self.kept.as_slice() {
            return Ok(());
        }
        let fresh = self.path.with_extension("json.new");
        std::fs::write(&fresh, serde_json::to_vec(records)?)?;
        std::fs::rename(&fresh, &self.path).with_context(|| {
            format!("renaming {} over {}", fresh.display(), self.path.display())
        })?;
        self.kept = records.to_vec();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_carry_over_to_a_resumed_game_only() {
        let dir = std::env::temp_dir().join(format!("nhbot-totals-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("totals.json");
        let _ = std::fs::remove_file(&path);
        let (file, carried) = TotalsFile::open(&path, true).unwrap();
        assert_eq!(carried, Totals::default(), "nothing to carry yet");
        let first = Totals {
            sessions: 1,
            actions: 123_456,
            keys: 200_000,
            wall_s: 61.5,
            warnings: 3,
        };
        file.store(&Totals {
            actions: 9_999_999,
            ..first
        })
        .unwrap();
        file.store(&first).unwrap();
        assert_eq!(TotalsFile::open(&path, true).unwrap().1, first);
        assert_eq!(TotalsFile::open(&path, false).unwrap().1, Totals::default());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn phases_carry_over_to_a_resumed_game_only() {
        let dir = std::env::temp_dir().join(format!("nhbot-phases-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("phases.json");
        let _ = std::fs::remove_file(&path);
        let (mut file, carried) = PhasesFile::open(&path, true).unwrap();
        assert!(carried.is_empty(), "nothing to carry yet");
        let records = vec![nhbot_bt::PhaseRecord {
            name: "dungeons".into(),
            reached: Some(1),
            completed: Some(900),
        }];
        file.keep(&records).unwrap();
        assert_eq!(PhasesFile::open(&path, true).unwrap().1, records);
        assert!(PhasesFile::open(&path, false).unwrap().1.is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
