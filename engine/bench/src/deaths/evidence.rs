//! What a dead game's directory tells about its last turns: the decisions with their reasons
//! (`decisions.log`), the HP trail (the log's status field; for logs written before it existed,
//! the status lines of `game.ttyrec`) and the game's own messages (`game.ttyrec`).

use serde::Serialize;
use serde_json::Value;
use std::path::Path;

use nhbot_agent::logs::{parse_line, LogLine};
use nhbot_game::ttyrec::read_recording;
use nhbot_screen::{scrape, split_messages, Terminal};

/// The turns before a death that its analysis looks at.
pub const WINDOW_TURNS: i64 = 50;
/// Decisions a death's block shows (runs of one repeated decision count once).
pub const LAST_DECISIONS: usize = 12;
/// Game messages a death's block shows.
pub const LAST_MESSAGES: usize = 10;

/// The hero's HP at a turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HpSample {
    pub turn: i64,
    pub hp: i32,
    pub hp_max: i32,
    pub dlvl: i32,
}

/// Where a death's HP trail came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HpSource {
    /// The status field of decisions.log: one sample per turn the bot decided at.
    Log,
    /// The status lines of game.ttyrec (older logs): one sample per turn shown.
    Recording,
    NotRecorded,
}

/// One decision of the log, as the death report shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LoggedDecision {
    pub turn: i64,
    /// HP and maximum when deciding, when the log recorded the status.
    pub hp: Option<(i32, i32)>,
    /// The action's kind (`move`, `pray`, `engrave`, ...).
    pub kind: String,
    /// The action in short: its kind then its other values (`move E`, `engrave Elbereth`).
    pub action: String,
    /// Whether it engraved Elbereth (the engrave action's text).
    pub elbereth: bool,
    pub path: String,
    pub reason: String,
    /// The same decision taken this many times in a row (1 when once).
    pub repeats: usize,
}

impl LoggedDecision {
    fn same_as(&self, other: &LoggedDecision) -> bool {
        (&self.action, &self.path, &self.reason) == (&other.action, &other.path, &other.reason)
    }
}

/// A message of the game's top line and the turn the status line showed with it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TurnMessage {
    pub turn: i64,
    pub text: String,
}

/// The end of a decision log: every decision from `WINDOW_TURNS` before `death_turn` (and at
/// least the last `LAST_DECISIONS`), oldest first, with the HP samples its status fields give.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LogTail {
    pub decisions: Vec<LoggedDecision>,
    /// One sample per turn (the last decision of the turn), oldest first; the first may be
    /// older than the window (the HP the window started with).
    pub hp: Vec<HpSample>,
}

/// Reads the tail of a decision log's text (see [`LogTail`]).
pub fn log_tail(text: &str, death_turn: i64) -> LogTail {
    let start = death_turn - WINDOW_TURNS;
    let mut tail = LogTail::default();
    for line in text.lines().rev() {
        let Some(LogLine::Decision {
            turn,
            status,
            action,
            path,
            reason,
            ..
        }) = parse_line(line)
        else {
            continue;
        };
        let before_window = turn < start;
        if let Some(s) = &status {
            if tail.hp.last().is_none_or(|h| h.turn != turn) {
                tail.hp.push(HpSample {
                    turn,
                    hp: s.hp,
                    hp_max: s.hp_max,
                    dlvl: s.dlvl,
                });
            }
        }
        if before_window && tail.decisions.len() >= LAST_DECISIONS {
            break;
        }
        let json = serde_json::to_value(&action).unwrap_or(Value::Null);
        tail.decisions.push(LoggedDecision {
            turn,
            hp: status.as_ref().map(|s| (s.hp, s.hp_max)),
            kind: json["kind"].as_str().unwrap_or("?").to_string(),
            action: short_action(&json),
            elbereth: json["kind"] == "engrave"
                && json["text"]
                    .as_str()
                    .is_some_and(|t| t.contains("Elbereth")),
            path,
            reason,
            repeats: 1,
        });
    }
    tail.decisions.reverse();
    tail.hp.reverse();
    tail
}

/// `{"kind":"move","dir":"E"}` → `move E`: the kind, then the other values (nulls left out).
fn short_action(json: &Value) -> String {
    let Some(fields) = json.as_object() else {
        return json.to_string();
    };
    let mut parts = vec![json["kind"].as_str().unwrap_or("?").to_string()];
    for (key, value) in fields {
        match value {
            _ if key == "kind" => {}
            Value::Null => {}
            Value::String(s) => parts.push(s.clone()),
            other => parts.push(other.to_string()),
        }
    }
    parts.join(" ")
}

/// The last `n` decisions with runs of one repeated decision folded into one (`repeats`).
pub fn last_decisions(decisions: &[LoggedDecision], n: usize) -> Vec<LoggedDecision> {
    let mut folded: Vec<LoggedDecision> = Vec::new();
    for d in decisions {
        match folded.last_mut() {
            Some(last) if last.same_as(d) => {
                last.repeats += 1;
                // The run is shown at its last turn and HP.
                (last.turn, last.hp) = (d.turn, d.hp);
            }
            _ => folded.push(d.clone()),
        }
    }
    let skip = folded.len().saturating_sub(n);
    folded.split_off(skip)
}

/// What a recording showed over a game's last turns.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordingTail {
    /// One sample per turn (the last frame showing it), oldest first, the first possibly older
    /// than the window.
    pub hp: Vec<HpSample>,
    /// The game's messages from `WINDOW_TURNS` before the death to "You die..." (or "The
    /// poison was deadly..."; farlook answers left out), oldest first.
    pub messages: Vec<TurnMessage>,
}

/// Replays a recording through the scraper the bot uses (see [`RecordingTail`]); an absent or
/// unreadable recording shows nothing.
pub fn recording_tail(path: &Path, death_turn: i64) -> RecordingTail {
    let Ok(recording) = read_recording(path) else {
        return RecordingTail::default();
    };
    let start = death_turn - WINDOW_TURNS;
    let mut tail = RecordingTail::default();
    // The scraper reads the grid alone: no vt100 reference parser (most of this replay's time).
    let mut terminal = Terminal::grid_only();
    let mut turn: Option<i64> = None;
    let (mut last_top, mut after_glyph, mut died) = (String::new(), false, false);
    for f in recording.frames {
        terminal.feed(&f.bytes);
        let frame = scrape(terminal.screen());
        if let Some(s) = frame.status.as_ref().filter(|s| s.hp_max > 0) {
            if let Some(t) = s.turn {
                turn = Some(t);
                let sample = HpSample {
                    turn: t,
                    hp: s.hp,
                    hp_max: s.hp_max,
                    dlvl: s.dlvl,
                };
                match tail.hp.last_mut() {
                    Some(last) if last.turn == t => *last = sample,
                    _ => tail.hp.push(sample),
                }
            }
        }
        if frame.top_line == last_top || died {
            continue;
        }
        last_top = frame.top_line.clone();
        let Some(t) = turn.filter(|t| *t >= start) else {
            continue;
        };
        // "You die..." or "The poison was deadly..." with the cursor after it reads as a text
        // prompt, not as messages.
        let trailing = frame.top_line.trim_end().ends_with("...");
        let messages = if frame.messages.is_empty() && trailing {
            split_messages(&frame.top_line)
        } else {
            frame.messages
        };
        for text in messages.iter().filter(|m| !m.trim().is_empty()) {
            // A farlook shows the glyph, then what it is: neither is the game speaking.
            let glyph = text.trim().chars().count() <= 2;
            if !glyph && !after_glyph && !is_description(text) {
                tail.messages.push(TurnMessage {
                    turn: t,
                    text: text.clone(),
                });
            }
            after_glyph = glyph;
            died |= text.starts_with("You die") || text.contains("was deadly");
        }
    }
    // Samples older than the window are not needed, except the one the window starts with.
    let first = tail.hp.iter().rposition(|h| h.turn < start).unwrap_or(0);
    tail.hp.drain(..first);
    tail
}

/// A square's description as the travel and farlook cursors show it ("corridor", "stone (no
/// travel path)"), not a message: the game's messages start with a capital or end with `.`,
/// `!` or `?`.
fn is_description(text: &str) -> bool {
    let text = text.trim();
    text.starts_with(|c: char| c.is_lowercase()) && !text.ends_with(['.', '!', '?'])
}

/// The HP samples in the window of a death: those from `WINDOW_TURNS` before it, and the last
/// one before that (the HP the window started with).
pub fn window_hp(hp: &[HpSample], death_turn: i64) -> Vec<HpSample> {
    let start = death_turn - WINDOW_TURNS;
    let first = hp.iter().rposition(|h| h.turn < start).unwrap_or(0);
    hp[first..].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "\
T90 Dlvl:3 HP:20(20) Xp:4 {\"kind\":\"search\",\"count\":10} | root/rest | resting\n\
T140 Dlvl:3 HP:18(20) Xp:4 {\"kind\":\"move\",\"dir\":\"E\"} | [p: g] root/explore#1 | exploring\n\
T141 NOTE something\n\
T141 Dlvl:3 HP:12(20) Xp:4 {\"kind\":\"move\",\"dir\":\"E\"} | [p: g] root/explore#1 | exploring\n\
T141 Dlvl:3 HP:12(20) Xp:4 {\"kind\":\"engrave\",\"text\":\"Elbereth\",\"with\":null} | root/survive/elbereth_rest#2 | HP 12/20\n\
T142 Dlvl:3 HP:5(20) Xp:4 {\"kind\":\"pray\"} | root/survive/pray_if_in_trouble#0 | low HP\n";

    #[test]
    fn the_log_tail_reads_decisions_and_one_hp_sample_per_turn() {
        let tail = log_tail(LOG, 143);
        let turns: Vec<i64> = tail.hp.iter().map(|h| h.turn).collect();
        assert_eq!(turns, [90, 140, 141, 142]);
        let hps: Vec<i32> = tail.hp.iter().map(|h| h.hp).collect();
        assert_eq!(hps, [20, 18, 12, 5]);
        let kinds: Vec<&str> = tail.decisions.iter().map(|d| d.kind.as_str()).collect();
        // Fewer than LAST_DECISIONS in the window: the older one is kept too.
        assert_eq!(kinds, ["search", "move", "move", "engrave", "pray"]);
        assert_eq!(tail.decisions[1].action, "move E");
        assert!(tail.decisions[3].elbereth && !tail.decisions[1].elbereth);
        assert_eq!(
            window_hp(&tail.hp, 143)[0].turn,
            90,
            "the HP the window starts with"
        );
        assert_eq!(window_hp(&tail.hp, 200)[0].turn, 142);
        let folded = last_decisions(&tail.decisions, 3);
        let shown: Vec<(&str, usize, i64)> = folded
            .iter()
            .map(|d| (d.action.as_str(), d.repeats, d.turn))
            .collect();
        assert_eq!(
            shown,
            [
                ("move E", 2, 141),
                ("engrave Elbereth", 1, 141),
                ("pray", 1, 142)
            ]
        );
    }

    /// A screen with a top line and the status lines at `turn` and `hp`, the cursor left on
    /// the status line.
    fn screen(top: &str, turn: i64, hp: i32) -> String {
        format!(
            "\x1b[2J\x1b[H{top}\x1b[23;1HAgent the Stripling  St:18 Dx:15 Co:17 In:7 Wi:11 Ch:7 Neutral\
             \x1b[24;1HDlvl:4 $:0 HP:{hp}(40) Pw:1(1) AC:6 Xp:5/300 T:{turn}"
        )
    }

    /// A recording of these frames.
    fn recording(dir: &Path, frames: &[String]) -> std::path::PathBuf {
        let path = dir.join("game.ttyrec");
        let mut w = nhbot_game::ttyrec::TtyrecWriter::create(&path).unwrap();
        for f in frames {
            w.frame(f.as_bytes()).unwrap();
        }
        path
    }

    #[test]
    fn the_recording_gives_hp_per_turn_and_messages_up_to_the_death() {
        let dir = tempfile::tempdir().unwrap();
        let screens = [
            ("You see here a newt corpse.", 10, 40),
            ("The jackal bites!", 100, 30),
            ("d", 101, 30),
            ("jackal", 101, 30),
            ("corridor", 102, 30),
            ("The jackal bites!", 103, 12),
            ("The jackal bites!  You die...", 104, 0),
            ("Do you want your possessions identified?", 104, 0),
        ];
        let frames: Vec<String> = screens
            .iter()
            .map(|(t, n, hp)| screen(t, *n, *hp))
            .collect();
        let path = recording(dir.path(), &frames);
        let tail = recording_tail(&path, 104);
        let hp: Vec<(i64, i32)> = tail.hp.iter().map(|h| (h.turn, h.hp)).collect();
        // The sample before the window (turn 10) is kept: the HP the window starts with.
        assert_eq!(
            hp,
            [
                (10, 40),
                (100, 30),
                (101, 30),
                (102, 30),
                (103, 12),
                (104, 0)
            ]
        );
        let messages: Vec<(i64, &str)> = tail
            .messages
            .iter()
            .map(|m| (m.turn, m.text.as_str()))
            .collect();
        assert_eq!(
            messages,
            [
                (100, "The jackal bites!"),
                (103, "The jackal bites!"),
                (104, "The jackal bites!"),
                (104, "You die...")
            ],
            "farlook glyphs and answers, cursor descriptions and what follows the death are left out"
        );
        assert_eq!(
            recording_tail(&dir.path().join("absent"), 104),
            RecordingTail::default()
        );
    }

    #[test]
    fn you_die_with_the_cursor_after_it_is_still_a_message() {
        let dir = tempfile::tempdir().unwrap();
        // The game leaves the cursor after "You die...", which reads as a text prompt.
        let dying = "\x1b[24;1HDlvl:4 $:0 HP:0(40) Pw:1(1) AC:6 Xp:5/300 T:41\
                     \x1b[1;1H\x1b[KThe wolf bites!  You die...";
        let path = recording(
            dir.path(),
            &[screen("The wolf bites!", 40, 9), dying.to_string()],
        );
        let texts: Vec<String> = recording_tail(&path, 41)
            .messages
            .into_iter()
            .map(|m| m.text)
            .collect();
        assert_eq!(texts, ["The wolf bites!", "The wolf bites!", "You die..."]);
    }

    #[test]
    fn cursor_descriptions_are_not_messages() {
        for d in ["corridor", "stone (no travel path)", "floor of a room"] {
            assert!(is_description(d), "{d}");
        }
        for m in [
            "You die...",
            "The wolf bites!",
            "a gnome lord hits!",
            "It misses.",
        ] {
            assert!(!is_description(m), "{m}");
        }
    }

    #[test]
    fn an_old_log_has_decisions_but_no_hp() {
        let old = "\
T140 {\"kind\":\"move\",\"dir\":\"E\"} | root/explore#1 | exploring\n\
T142 {\"kind\":\"pray\"} | root/survive/pray_if_in_trouble#0 | low HP\n";
        let tail = log_tail(old, 143);
        assert!(tail.hp.is_empty());
        let kinds: Vec<(&str, Option<(i32, i32)>)> = tail
            .decisions
            .iter()
            .map(|d| (d.kind.as_str(), d.hp))
            .collect();
        assert_eq!(kinds, [("move", None), ("pray", None)]);
    }
}
