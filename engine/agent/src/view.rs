//! The live view: the game screen exactly as NetHack draws it (its bytes mirrored to our
//! terminal), plus one line with the turn, the last action and its reason chain: under the game
//! when the terminal has a 25th row, else in the terminal's title. The game's 24 rows are never
//! written over (on an 80x24 terminal a line "on row 25" lands on row 24: NetHack's second
//! status line, Dlvl, HP and T).

use anyhow::Result;
use std::io::Write;
use std::time::Duration;

use nhbot_world::{Decision, World};

use crate::observer::LoopObserver;
use crate::result::GameResult;
use crate::session::Session;

#[derive(Clone, Debug, Default)]
pub struct View {
    pub live: bool,
    /// Pause after each decision so a person can follow.
    pub delay: Option<Duration>,
}

/// The view watches the loop: it mirrors the session's output from the start, writes the
/// summary line at each decision and moves the cursor under the game at the end.
impl LoopObserver for View {
    fn on_start(&mut self, session: &mut Session) {
        if self.live {
            // Keep the terminal's title to give it back at the end (xterm's title stack).
            print!("\x1b[22;2t\x1b[2J\x1b[H");
            session.on_output = Some(Box::new(|bytes: &[u8]| {
                let mut out = std::io::stdout().lock();
                let _ = out.write_all(bytes);
                let _ = out.flush();
            }));
        }
    }

    fn on_decision(&mut self, world: &World, d: &Decision) -> Result<()> {
        if self.live {
            let line = format!("T:{} {}", world.turn, short(d));
            print!("{}", summary(&line, terminal_rows()));
            let _ = std::io::stdout().flush();
        }
        if let Some(delay) = self.delay {
            std::thread::sleep(delay);
        }
        Ok(())
    }

    fn on_end(&mut self, _result: &GameResult) -> Result<()> {
        if self.live {
            // Under everything the view wrote, and the terminal's own title back.
            let below = terminal_rows().unwrap_or(GAME_ROWS).min(GAME_ROWS + 2);
            println!("\x1b[23;2t\x1b[{below};1H");
            let _ = std::io::stdout().flush();
        }
        Ok(())
    }
}

/// The rows the game draws on.
const GAME_ROWS: u16 = 24;

/// The escapes that show one decision's summary `line` on a terminal of `rows` rows (None:
/// unknown): on the row under the game when there is one, else as the terminal's title. Control
/// characters become spaces: the reason may come from a script, and an escape in it would
/// reach the terminal.
pub fn summary(line: &str, rows: Option<u16>) -> String {
    let clean = |max: usize| -> String {
        let shown = line.chars().map(|c| if c.is_control() { ' ' } else { c });
        shown.take(max).collect()
    };
    match rows {
        // Save the cursor, write on row 25, restore.
        Some(r) if r > GAME_ROWS => {
            format!("\x1b7\x1b[25;1H\x1b[2K\x1b[7m{}\x1b[0m\x1b8", clean(79))
        }
        _ => format!("\x1b]2;{}\x07", clean(200)),
    }
}

/// Our terminal's height, if stdout is one.
fn terminal_rows() -> Option<u16> {
    let mut size: libc::winsize = unsafe { std::mem::zeroed() };
    // SAFETY: TIOCGWINSZ writes a winsize into `size`, which lives for the call.
    let ok = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) } == 0;
    (ok && size.ws_row > 0).then_some(size.ws_row)
}

/// The decision summary under the game: "action — reason (path)".
pub fn short(decision: &Decision) -> String {
    format!(
        "{} — {} ({})",
        decision.action, decision.reason, decision.path
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_screen::Terminal;

    /// A game screen as NetHack draws it on 80x24: the message line, the map, the two status
    /// lines (rows 22 and 23), the cursor on the hero.
    fn game() -> Terminal {
        let mut term = Terminal::new();
        term.feed(
            b"\x1b[H\x1b[2JHello nhbot, welcome to NetHack!  You are a neutral human Valkyrie.",
        );
        term.feed(b"\x1b[7;36H|...@...|");
        term.feed(
            b"\x1b[23;1HNhbot the Stripling            St:16 Dx:14 Co:18 In:10 Wi:10 Ch:7 Neutral",
        );
        term.feed(b"\x1b[24;1HDlvl:1 $:0 HP:16(16) Pw:2(2) AC:6 Xp:1/0 T:1\x1b[7;40H");
        term
    }

    fn seen(term: &Terminal) -> [(String, (u16, u16)); 2] {
        let (grid, vt) = (term.screen(), term.vt100_screen());
        [(grid.text(), grid.cursor()), (vt.text(), vt.cursor())]
    }

    #[test]
    fn at_80x24_the_summary_leaves_the_game_s_rows_alone() {
        // Byte 79 falls inside a character: a byte cut there panicked.
        let long = format!("T:1 {} (root/explore#4)", "é".repeat(120));
        for line in ["T:1 search — searching 5 turns (root/search#1)", &long] {
            for rows in [Some(24), Some(10), None] {
                let mut term = game();
                let before = seen(&term);
                term.feed(summary(line, rows).as_bytes());
                assert_eq!(seen(&term), before, "{rows:?}");
                let status = term.screen().row_text(23);
                assert!(status.starts_with("Dlvl:1 $:0 HP:16(16)"), "{status}");
                assert!(status.contains("T:1"), "{status}");
            }
        }
    }

    #[test]
    fn with_a_25th_row_the_summary_goes_under_the_game() {
        let out = summary("T:1 search — searching (root/search#1)", Some(25));
        assert!(
            out.contains("\x1b[25;1H") && out.contains("searching"),
            "{out:?}"
        );
        assert!(!out.contains("\x1b]2;"), "{out:?}");
    }

    #[test]
    fn escapes_in_a_reason_never_reach_the_terminal() {
        let line = "T:1 x — \x1b[2J\x1b]2;owned\x07 (root/lua#1)";
        for rows in [Some(24), Some(25)] {
            let out = summary(line, rows);
            assert!(
                !out.contains("\x1b[2J") && !out.contains("\x1b]2;owned"),
                "{out:?}"
            );
            let mut term = game();
            let before = seen(&term);
            term.feed(out.as_bytes());
            if rows == Some(24) {
                assert_eq!(seen(&term), before);
            }
        }
    }
}
