//! The loop's files: the decision log (one line per decision or note) and the results line.

use anyhow::Result;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

use nhbot_world::{Action, Decision, Encumbrance, Hunger, Status, World};

use crate::observer::LoopObserver;
use crate::result::{append_result, open_append, GameResult};

/// `decisions.log`: `T<turn> <status> <action JSON> | [<phase>] <path> | <reason>` per decision
/// (no `[<phase>] ` when the tree follows no plan phase; the status is the hero's as the decision
/// saw it, in the game's own words, `Dlvl:6 HP:25(58) Xp:7 Hungry`, absent before the first
/// status line and in logs written before it existed), `T<turn> NOTE
/// <note>` per warning or brain note, `T<turn> LOG <decision> <leaf path>: <text>` per line a
/// leaf logged (Lua's `log(...)`), just before the decision it was logged in. Every line is whole whatever ends the engine: each is one
/// unbuffered write (a killed engine loses no line and cuts none), free text has its newlines
/// written as `\n`, and a resumed game's log first drops a torn last line.
pub struct DecisionLog {
    out: std::fs::File,
    /// The plan phase of the decision being logged.
    phase: Option<String>,
}

impl DecisionLog {
    /// Opens `path` for appending (a resumed game continues its log).
    pub fn open(path: &Path) -> Result<DecisionLog> {
        let out = open_append(path)?;
        drop_torn_line(path, &out)?;
        Ok(DecisionLog { out, phase: None })
    }

    fn line(&mut self, line: String) -> Result<()> {
        self.out.write_all(line.as_bytes())?;
        Ok(())
    }
}

/// Cuts the file after its last newline: a line without one was being written when the engine
/// was killed, and appending to it would splice two lines.
fn drop_torn_line(path: &Path, file: &std::fs::File) -> Result<()> {
    let text = std::fs::read(path)?;
    let whole = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    if whole < text.len() {
        log::warn!("{}: dropping a torn last line", path.display());
        file.set_len(whole as u64)?;
    }
    Ok(())
}

impl LoopObserver for DecisionLog {
    fn on_note(&mut self, world: &World, note: &str) -> Result<()> {
        self.line(format!("T{} NOTE {}\n", world.turn, one_line(note)))
    }

    fn on_leaf_log(&mut self, world: &World, line: &nhbot_bt::LeafLog) -> Result<()> {
        self.line(format!(
            "T{} LOG {} {}: {}\n",
            world.turn,
            line.decision,
            one_line(&line.path),
            one_line(&line.text)
        ))
    }

    fn on_phase(&mut self, _world: &World, phase: Option<&str>) -> Result<()> {
        self.phase = phase.map(one_line);
        Ok(())
    }

    fn on_decision(&mut self, world: &World, decision: &Decision) -> Result<()> {
        let phase = self
            .phase
            .as_ref()
            .map_or(String::new(), |p| format!("[{p}] "));
        let status = status_field(&world.status).map_or(String::new(), |s| s + " ");
        self.line(format!(
            "T{} {status}{} | {phase}{} | {}\n",
            world.turn,
            describe(&decision.action),
            one_line(&decision.path),
            one_line(&decision.reason)
        ))
    }
}

/// The hero's status on a decision line, in the status line's own words: depth, HP(max), level
/// (`HD:` when polymorphed), then the hunger, encumbrance and condition words that are shown.
/// `None` before the game has shown a status line (no maximum HP yet).
fn status_field(s: &Status) -> Option<String> {
    if s.hp_max <= 0 {
        return None;
    }
    let level = if s.polymorphed { "HD" } else { "Xp" };
    let mut field = format!("Dlvl:{} HP:{}({}) {level}:{}", s.dlvl, s.hp, s.hp_max, s.xl);
    if s.hunger != Hunger::NotHungry {
        let _ = write!(field, " {:?}", s.hunger);
    }
    if s.encumbrance != Encumbrance::Unencumbered {
        let _ = write!(field, " {:?}", s.encumbrance);
    }
    for c in &s.conditions {
        let _ = write!(field, " {c:?}");
    }
    Some(field)
}

/// The status of a decision line, read back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LogStatus {
    pub dlvl: i32,
    pub hp: i32,
    pub hp_max: i32,
    /// Experience level, or hit dice when polymorphed.
    pub xl: i32,
    /// Hunger, encumbrance and condition words (`Hungry`, `Burdened`, `Blind`), as written.
    pub words: Vec<String>,
}

/// Reads a status field (`Dlvl:6 HP:25(58) Xp:7 Hungry`); `None` without an `HP:` token.
fn parse_status_field(text: &str) -> Option<LogStatus> {
    let mut status = LogStatus::default();
    let mut has_hp = false;
    for token in text.split_whitespace() {
        match token.split_once(':') {
            Some(("Dlvl", v)) => status.dlvl = v.parse().ok()?,
            Some(("HP", v)) => {
                let (hp, max) = v.strip_suffix(')')?.split_once('(')?;
                (status.hp, status.hp_max) = (hp.parse().ok()?, max.parse().ok()?);
                has_hp = true;
            }
            Some(("Xp" | "HD", v)) => status.xl = v.parse().ok()?,
            Some(_) => return None,
            None => status.words.push(token.to_string()),
        }
    }
    has_hp.then_some(status)
}

fn describe(a: &Action) -> String {
    serde_json::to_string(a).unwrap_or_else(|_| format!("{a:?}"))
}

/// Free text on one log line: line breaks (a reload's diagnostics, a script's reason) become a
/// visible `\n`.
pub fn one_line(text: &str) -> String {
    text.trim_end()
        .replace("\r\n", "\\n")
        .replace(['\n', '\r'], "\\n")
}

/// One line of the decision log, read back.
#[derive(Clone, Debug, PartialEq)]
pub enum LogLine {
    Decision {
        turn: i64,
        /// The hero's status when deciding (`None` in logs written before the field existed).
        status: Option<LogStatus>,
        action: Action,
        /// The plan phase it was taken in (`sokoban: solve the four levels`), if any.
        phase: Option<String>,
        path: String,
        reason: String,
    },
    Note {
        turn: i64,
        text: String,
    },
    /// A line a leaf logged while deciding.
    Log {
        turn: i64,
        decision: u64,
        path: String,
        text: String,
    },
}

/// Reads one decision-log line (without its newline); `None` for anything else (a torn line).
pub fn parse_line(line: &str) -> Option<LogLine> {
    let rest = line.strip_prefix('T')?;
    let (turn, rest) = rest.split_once(' ')?;
    let turn = turn.parse().ok()?;
    if let Some(text) = rest.strip_prefix("NOTE ") {
        return Some(LogLine::Note {
            turn,
            text: text.into(),
        });
    }
    if let Some(logged) = rest.strip_prefix("LOG ") {
        let (decision, logged) = logged.split_once(' ')?;
        // The path ends at the first ": " (a node name holding one reads back cut there).
        let (path, text) = logged.split_once(": ")?;
        return Some(LogLine::Log {
            turn,
            decision: decision.parse().ok()?,
            path: path.into(),
            text: text.into(),
        });
    }
    // A status field comes before the action, whose JSON starts with the first `{` (the
    // status words never hold one).
    let (status, rest) = match rest.find('{') {
        Some(0) => (None, rest),
        Some(at) => (Some(parse_status_field(&rest[..at])?), &rest[at..]),
        None => return None,
    };
    // The action is JSON (which may hold " | " itself): its end is where the parser stops.
    let mut actions = serde_json::Deserializer::from_str(rest).into_iter::<Action>();
    let action = actions.next()?.ok()?;
    let (chain, reason) = rest[actions.byte_offset()..]
        .strip_prefix(" | ")?
        .split_once(" | ")?;
    // The phase ends at the first "] " (a goal holding one reads back cut there).
    let (phase, path) = match chain.strip_prefix('[').and_then(|c| c.split_once("] ")) {
        Some((phase, path)) => (Some(phase.to_string()), path),
        None => (None, chain),
    };
    Some(LogLine::Decision {
        turn,
        status,
        action,
        phase,
        path: path.into(),
        reason: reason.into(),
    })
}

/// The results file: the game's result appended as one JSON line when it ends.
pub struct ResultsLine {
    pub path: PathBuf,
}

impl LoopObserver for ResultsLine {
    fn on_end(&mut self, result: &GameResult) -> Result<()> {
        append_result(&self.path, result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::Dir;

    fn temp_log(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("nhbot-logs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        path
    }

    fn decision(path: &str, reason: &str) -> Decision {
        Decision {
            action: Action::Move { dir: Dir::E },
            path: path.into(),
            reason: reason.into(),
        }
    }

    fn lines(path: &Path) -> Vec<LogLine> {
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.ends_with('\n'), "{text:?}");
        text.lines()
            .map(|l| parse_line(l).unwrap_or_else(|| panic!("not a log line: {l:?}")))
            .collect()
    }

    #[test]
    fn multi_line_reasons_and_notes_stay_one_line_each() {
        let path = temp_log("multi.log");
        let world = World::default();
        let mut log = DecisionLog::open(&path).unwrap();
        log.on_decision(
            &world,
            &decision("root/lua#0", "first\nsecond\r\nthird | x"),
        )
        .unwrap();
        log.on_note(&world, "tree reload failed:\ntrees/a.yaml:1:1: oops\n")
            .unwrap();
        // Written as soon as they happen, before the game ends.
        let got = lines(&path);
        assert_eq!(got.len(), 2);
        assert_eq!(
            got[0],
            LogLine::Decision {
                turn: 0,
                status: None,
                action: Action::Move { dir: Dir::E },
                phase: None,
                path: "root/lua#0".into(),
                reason: "first\\nsecond\\nthird | x".into(),
            }
        );
        assert_eq!(
            got[1],
            LogLine::Note {
                turn: 0,
                text: "tree reload failed:\\ntrees/a.yaml:1:1: oops".into()
            }
        );
    }

    #[test]
    fn leaf_log_lines_come_before_their_decision_and_read_back() {
        let path = temp_log("leaf-log.log");
        let world = World {
            turn: 40,
            ..World::default()
        };
        let mut log = DecisionLog::open(&path).unwrap();
        let line = nhbot_bt::LeafLog {
            decision: 12,
            path: "root/survive/my_leaf".into(),
            text: "hp 3: low\nnext".into(),
        };
        log.on_leaf_log(&world, &line).unwrap();
        log.on_decision(&world, &decision("root/survive/my_leaf", "resting"))
            .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with("T40 LOG 12 root/survive/my_leaf: hp 3: low\\nnext\n"),
            "{text}"
        );
        let got = lines(&path);
        assert_eq!(
            got[0],
            LogLine::Log {
                turn: 40,
                decision: 12,
                path: "root/survive/my_leaf".into(),
                text: "hp 3: low\\nnext".into(),
            }
        );
        assert!(matches!(&got[1], LogLine::Decision { reason, .. } if reason == "resting"));
    }

    #[test]
    fn the_plan_phase_heads_the_reason_chain_and_reads_back() {
        let path = temp_log("phase.log");
        let world = World {
            turn: 1603,
            ..World::default()
        };
        let mut log = DecisionLog::open(&path).unwrap();
        log.on_phase(&world, Some("sokoban: solve level 1"))
            .unwrap();
        log.on_decision(
            &world,
            &decision("root/sokoban/do/push", "boulder at (30, 8)"),
        )
        .unwrap();
        log.on_phase(&world, None).unwrap();
        log.on_decision(&world, &decision("root/explore#8", "unseen squares"))
            .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text.lines().next(),
            Some(
                "T1603 {\"kind\":\"move\",\"dir\":\"E\"} | [sokoban: solve level 1] \
                 root/sokoban/do/push | boulder at (30, 8)"
            )
        );
        let got = lines(&path);
        let chains: Vec<(Option<String>, String)> = got
            .into_iter()
            .map(|l| match l {
                LogLine::Decision { phase, path, .. } => (phase, path),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            chains,
            [
                (
                    Some("sokoban: solve level 1".to_string()),
                    "root/sokoban/do/push".to_string()
                ),
                (None, "root/explore#8".to_string()),
            ]
        );
    }

    #[test]
    fn the_status_field_is_written_in_the_games_words_and_reads_back() {
        let path = temp_log("status.log");
        let mut world = World {
            turn: 7669,
            ..World::default()
        };
        let mut log = DecisionLog::open(&path).unwrap();
        // Before any status line: no field.
        log.on_decision(&world, &decision("root/a", "first"))
            .unwrap();
        world.status.dlvl = 6;
        (world.status.hp, world.status.hp_max, world.status.xl) = (25, 58, 7);
        world.status.hunger = Hunger::Weak;
        world.status.conditions = vec![nhbot_world::Condition::Blind];
        log.on_decision(&world, &decision("root/rest", "resting at HP 25/58"))
            .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let second = text.lines().nth(1).unwrap();
        assert!(
            second.starts_with("T7669 Dlvl:6 HP:25(58) Xp:7 Weak Blind {\"kind\":\"move\""),
            "{second}"
        );
        let statuses: Vec<Option<LogStatus>> = lines(&path)
            .into_iter()
            .map(|l| match l {
                LogLine::Decision { status, .. } => status,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            statuses,
            [
                None,
                Some(LogStatus {
                    dlvl: 6,
                    hp: 25,
                    hp_max: 58,
                    xl: 7,
                    words: vec!["Weak".into(), "Blind".into()],
                })
            ]
        );
        // A line of an older log (no status) still reads, and a garbled status does not.
        let old = "T5 {\"kind\":\"pray\"} | root/pray | in trouble";
        assert!(matches!(
            parse_line(old),
            Some(LogLine::Decision {
                status: None,
                turn: 5,
                ..
            })
        ));
        assert_eq!(
            parse_line("T5 Dlvl:x HP:1(2) {\"kind\":\"pray\"} | root/pray | r"),
            None
        );
    }

    #[test]
    fn a_resumed_log_drops_a_torn_last_line() {
        let path = temp_log("torn.log");
        let world = World::default();
        DecisionLog::open(&path)
            .unwrap()
            .on_decision(&world, &decision("a", "whole"))
            .unwrap();
        // A killed engine's half line.
        let mut f = open_append(&path).unwrap();
        f.write_all(b"T0 {\"kind\":\"mo").unwrap();
        DecisionLog::open(&path)
            .unwrap()
            .on_decision(&world, &decision("b", "after the resume"))
            .unwrap();
        let paths: Vec<String> = lines(&path)
            .into_iter()
            .map(|l| match l {
                LogLine::Decision { path, .. } => path,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(paths, ["a", "b"]);
    }

    #[test]
    fn lines_that_are_not_the_log_format_do_not_parse() {
        for bad in [
            "",
            "T1",
            "T1 {\"kind\":\"mo",
            "T1 {\"kind\":\"move\",\"dir\":\"E\"} | p",
            "T1 LOG x root/a: text",
            "T1 LOG 3 no colon",
            "x",
        ] {
            assert_eq!(parse_line(bad), None, "{bad:?}");
        }
    }
}
