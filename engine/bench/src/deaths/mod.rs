//! Death analysis: for every game of a bench that died, a [`Death`] record — the killer, the
//! turn, depth and level, the game's `while`, the HP over the last [`WINDOW_TURNS`] turns, the
//! last decisions with their reasons, the game's last messages, what the bot tried (prayed,
//! engraved Elbereth, retreated, went upstairs) and a [`Cause`] class from that evidence.
//!
//! Sources, per game directory: `decisions.log` (decisions, reasons, and the HP trail from its
//! status field), `game.ttyrec` (the game's messages; the HP trail of logs written before the
//! status field), `xlogfile` (the depth). A game whose files are gone is still classified from
//! its results line. The records go to `deaths.jsonl` beside `results.jsonl`, and
//! [`markdown`] writes the report's sections.

pub mod cause;
pub mod evidence;
pub mod markdown;

use anyhow::{Context, Result};
use serde::Serialize;
use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};

pub use cause::{classify, Cause, Evidence};
pub use evidence::{HpSample, HpSource, LoggedDecision, TurnMessage, WINDOW_TURNS};

use crate::record::Record;
use evidence::{
    last_decisions, log_tail, recording_tail, window_hp, LAST_DECISIONS, LAST_MESSAGES,
};

pub const DEATHS_FILE: &str = "deaths.jsonl";

/// What the bot tried in the last [`WINDOW_TURNS`] turns, from its decisions' action kinds,
/// tree paths and reasons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Flags {
    /// A `pray` action.
    pub prayed: bool,
    /// An `engrave` action writing Elbereth.
    pub engraved_elbereth: bool,
    /// A step away from a fight: a `retreat…` leaf, or a reason "retreating" / "the fight is
    /// lost".
    pub retreated: bool,
    /// An `ascend` action (fleeing or leaving by the up stairs).
    pub went_upstairs: bool,
}

impl Flags {
    pub fn of(decisions: &[LoggedDecision]) -> Flags {
        let mut f = Flags::default();
        for d in decisions {
            f.prayed |= d.kind == "pray";
            f.engraved_elbereth |= d.elbereth;
            let leaf = d.path.rsplit('/').next().unwrap_or("");
            f.retreated |= leaf.starts_with("retreat")
                || d.reason.starts_with("retreating")
                || d.reason.contains("the fight is lost");
            f.went_upstairs |= d.kind == "ascend";
        }
        f
    }

    /// The flags that hold, in words ("prayed, engraved Elbereth"), or "none".
    pub fn describe(&self) -> String {
        let names = [
            (self.prayed, "prayed"),
            (self.engraved_elbereth, "engraved Elbereth"),
            (self.retreated, "retreated"),
            (self.went_upstairs, "went upstairs"),
        ];
        let held: Vec<&str> = names
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, n)| *n)
            .collect();
        if held.is_empty() {
            "none".into()
        } else {
            held.join(", ")
        }
    }
}

/// One game that died.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Death {
    pub seed: u64,
    /// The game turn it died on.
    pub turn: i64,
    /// The game's death text ("killed by a soldier ant").
    pub killer: String,
    pub cause: Cause,
    /// The cause in words, as the report's tables name it.
    pub cause_label: &'static str,
    /// Why this cause: the evidence that decided it.
    pub evidence: String,
    pub dungeon: Option<String>,
    /// The depth it died on (the xlogfile's, else the last status seen).
    pub depth: Option<i32>,
    pub xl: Option<f64>,
    /// The game's `while` ("fainted from lack of food", "praying").
    pub helpless: Option<String>,
    pub hp_source: HpSource,
    /// HP samples over the last turns, oldest first; the first may be older (the HP the
    /// window started with).
    pub hp_trail: Vec<HpSample>,
    pub flags: Flags,
    /// The last decisions, oldest first, repeated runs folded.
    pub last_decisions: Vec<LoggedDecision>,
    /// The game's last messages, oldest first, ending with "You die...".
    pub messages: Vec<TurnMessage>,
    /// Where its files are, when found.
    pub game_dir: Option<PathBuf>,
}

impl Death {
    pub fn in_mines(&self) -> bool {
        self.dungeon.as_deref() == Some("The Gnomish Mines")
    }
}

/// Whether the game ended by dying: it ended by itself and the game's text is no quit, escape
/// or ascension.
pub fn is_death(r: &Record) -> bool {
    let ended = matches!(r.end.as_deref(), Some("game-over") | None);
    let text = r.death.as_deref().unwrap_or("");
    ended
        && !text.is_empty()
        && !["quit", "escaped", "ascended"]
            .iter()
            .any(|w| text.starts_with(w))
}

/// A game's directory: `games/<name>` under the bench directory (where a copied or moved bench
/// keeps it), else the `game_dir` its results line names, else `games/<seed>`.
pub fn find_game_dir(bench_dir: &Path, r: &Record) -> Option<PathBuf> {
    let named = r
        .raw
        .get("game_dir")
        .and_then(Value::as_str)
        .map(PathBuf::from);
    let mut candidates = Vec::new();
    if let Some(name) = named.as_ref().and_then(|p| p.file_name()) {
        candidates.push(bench_dir.join("games").join(name));
    }
    candidates.extend(named);
    candidates.push(bench_dir.join("games").join(r.seed.to_string()));
    candidates.into_iter().find(|p| p.is_dir())
}

/// The death of one game, from its results line and (when found) its directory.
pub fn analyse(r: &Record, game_dir: Option<&Path>) -> Death {
    let xlog = game_dir.and_then(|d| nhbot_game::xlog::read_last(&d.join("xlogfile")));
    let log_text = game_dir
        .and_then(|d| std::fs::read_to_string(d.join("decisions.log")).ok())
        .unwrap_or_default();
    let turn = r
        .turns
        .map(|t| t as i64)
        .or(xlog.as_ref().map(|x| x.turns))
        .unwrap_or(0);
    let log = log_tail(&log_text, turn);
    let recording = game_dir
        .map(|d| recording_tail(&d.join("game.ttyrec"), turn))
        .unwrap_or_default();
    let (hp_source, hp) = if !log.hp.is_empty() {
        (HpSource::Log, window_hp(&log.hp, turn))
    } else if !recording.hp.is_empty() {
        (HpSource::Recording, window_hp(&recording.hp, turn))
    } else {
        (HpSource::NotRecorded, Vec::new())
    };
    let window: Vec<LoggedDecision> = log
        .decisions
        .iter()
        .filter(|d| d.turn >= turn - WINDOW_TURNS)
        .cloned()
        .collect();
    let killer = r.death.clone().unwrap_or_default();
    let (cause, evidence) = classify(&Evidence {
        death: &killer,
        helpless: r.helpless.as_deref(),
        turn,
        hp: &hp,
        decisions: &window,
        messages: &recording.messages,
    });
    let skip = recording.messages.len().saturating_sub(LAST_MESSAGES);
    Death {
        seed: r.seed,
        turn,
        killer,
        cause,
        cause_label: cause.label(),
        evidence,
        dungeon: r.death_dungeon.clone(),
        depth: xlog
            .as_ref()
            .map(|x| x.deathlev)
            .or(hp.last().map(|h| h.dlvl)),
        xl: r.xl,
        helpless: r.helpless.clone(),
        hp_source,
        hp_trail: hp,
        flags: Flags::of(&window),
        last_decisions: last_decisions(&log.decisions, LAST_DECISIONS),
        messages: recording.messages[skip..].to_vec(),
        game_dir: game_dir.map(Path::to_path_buf),
    }
}

/// The deaths of a bench's games, by cause then seed.
pub fn collect(bench_dir: &Path, records: &[Record]) -> Vec<Death> {
    let mut deaths: Vec<Death> = records
        .iter()
        .filter(|r| is_death(r))
        .map(|r| analyse(r, find_game_dir(bench_dir, r).as_deref()))
        .collect();
    deaths.sort_by_key(|d| (d.cause, d.seed));
    deaths
}

/// Writes `deaths.jsonl` (one [`Death`] per line) into `dir`, replacing it.
pub fn write_jsonl(dir: &Path, deaths: &[Death]) -> Result<()> {
    let path = dir.join(DEATHS_FILE);
    let mut text = Vec::new();
    for d in deaths {
        serde_json::to_writer(&mut text, d)?;
        text.write_all(b"\n")?;
    }
    std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))
}
