//! A recording through the same terminal and scraper the live engine uses, offline.

use anyhow::Result;
use std::path::Path;

use nhbot_game::ttyrec::read_recording;
use nhbot_screen::{scrape, Frame, Prompt, Terminal};

/// What a recording showed.
#[derive(Default)]
pub struct Replay {
    pub frames: usize,
    /// Byte offset where the recording was cut mid-frame (a killed writer): the frames before
    /// it were replayed.
    pub cut_at: Option<usize>,
    /// Every top-line message, in order (a message left on screen over several frames counts once).
    pub messages: Vec<String>,
    /// The game turn each message of `messages` appeared on (the status line of its frame, or
    /// the last one before it; `None` before the first status line).
    pub message_turns: Vec<Option<i64>>,
    /// Every distinct prompt, in order.
    pub prompts: Vec<Prompt>,
    /// The last frame with a status line.
    pub last_status: Option<nhbot_screen::Status>,
    pub last: Frame,
    pub terminal: Terminal,
}

/// Replays a recording's whole frames (a torn last frame is left out, its offset in `cut_at`).
pub fn replay(path: &Path) -> Result<Replay> {
    replay_until(path, None)
}

/// As [`replay`], stopping after the first frame whose status line shows `turn` or later (the
/// whole recording when `None`): the screen as the bot saw it then.
pub fn replay_until(path: &Path, turn: Option<u64>) -> Result<Replay> {
    let recording = read_recording(path)?;
    let mut r = Replay {
        cut_at: recording.cut_at,
        ..Replay::default()
    };
    let mut last_top = String::new();
    for f in recording.frames {
        r.terminal.feed(&f.bytes);
        let frame = scrape(r.terminal.screen());
        r.frames += 1;
        if frame.status.is_some() {
            r.last_status = frame.status.clone();
        }
        if frame.top_line != last_top {
            last_top = frame.top_line.clone();
            let turn = r.last_status.as_ref().and_then(|s| s.turn);
            for m in frame.messages.iter().filter(|m| !m.is_empty()) {
                r.messages.push(m.clone());
                r.message_turns.push(turn);
            }
            if let Some(p) = &frame.prompt {
                if r.prompts.last() != Some(p) {
                    r.prompts.push(p.clone());
                }
            }
        }
        r.last = frame;
        let reached = r.last_status.as_ref().and_then(|s| s.turn);
        if matches!((turn, reached), (Some(t), Some(at)) if at >= t as i64) {
            break;
        }
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_game::ttyrec::TtyrecWriter;

    #[test]
    fn a_cut_recording_replays_its_whole_frames() {
        let dir = std::env::temp_dir().join(format!("nhbot-replay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("cut.ttyrec");
        let _ = std::fs::remove_file(&path);
        let first = b"\x1b[HYou see here a newt corpse.";
        {
            let mut w = TtyrecWriter::create(&path).unwrap();
            w.frame(first).unwrap();
            w.frame(b"\x1b[2J\x1b[HHello again.").unwrap();
        }
        // Killed mid-frame: the second frame is cut 5 bytes short.
        let data = std::fs::read(&path).unwrap();
        std::fs::write(&path, &data[..data.len() - 5]).unwrap();
        let r = replay(&path).unwrap();
        assert_eq!(r.frames, 1);
        assert_eq!(r.cut_at, Some(12 + first.len()));
        let screen = r.terminal.screen().text();
        assert!(
            screen.contains("newt corpse") && !screen.contains("Hello"),
            "{screen}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn replay_until_stops_at_the_first_frame_of_that_turn() {
        let dir = std::env::temp_dir().join(format!("nhbot-replay-until-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("turns.ttyrec");
        {
            let mut w = TtyrecWriter::create(&path).unwrap();
            for (turn, msg) in [(5, "A newt."), (9, "A jackal."), (12, "A gnome.")] {
                let frame = format!(
                    "\x1b[2J\x1b[H{msg}\x1b[23;1HAgent the Stripling  St:18 Dx:15 Co:17 In:7 Wi:11 Ch:7 Neutral\
                     \x1b[24;1HDlvl:1 $:0 HP:16(16) Pw:1(1) AC:6 Xp:1/0 T:{turn}"
                );
                w.frame(frame.as_bytes()).unwrap();
            }
        }
        let r = replay_until(&path, Some(8)).unwrap();
        assert_eq!(r.frames, 2, "stops at the frame of turn 9");
        assert_eq!(r.last_status.as_ref().and_then(|s| s.turn), Some(9));
        assert!(r.terminal.screen().text().contains("jackal"));
        assert_eq!(r.messages, ["A newt.", "A jackal."]);
        assert_eq!(
            r.message_turns,
            [Some(5), Some(9)],
            "each message with its frame's turn"
        );
        assert_eq!(replay_until(&path, None).unwrap().frames, 3);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
