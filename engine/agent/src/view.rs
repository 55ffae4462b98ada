//! The live view: the game screen exactly as NetHack draws it (its bytes mirrored to our
//! terminal), plus the turn, the last action and its whole reason chain (the leaf's reason, the
//! plan phase and its tree path): under the game when the terminal has rows below its 24, wrapped onto as many
//! of them as it needs (up to [`MAX_SUMMARY_ROWS`]); else, or when even those rows are too few,
//! the whole line is also the terminal's title, and the rows under the game end with `…`. Never
//! cut silently. The game's 24 rows are never written over (on an 80x24 terminal a line "on row
//! 25" lands on row 24: NetHack's second status line, Dlvl, HP and T).

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

/// A [`View`] watching the loop, with the plan phase of the decision it is about to show.
pub struct ViewObserver {
    view: View,
    phase: Option<String>,
}

impl ViewObserver {
    pub fn new(view: View) -> ViewObserver {
        ViewObserver { view, phase: None }
    }
}

/// The view watches the loop: it mirrors the session's output from the start, writes the
/// summary line at each decision and moves the cursor under the game at the end.
impl LoopObserver for ViewObserver {
    fn on_start(&mut self, session: &mut Session) {
        if self.view.live {
            // Keep the terminal's title to give it back at the end (xterm's title stack).
            print!("\x1b[22;2t\x1b[2J\x1b[H");
            session.on_output = Some(Box::new(|bytes: &[u8]| {
                let mut out = std::io::stdout().lock();
                let _ = out.write_all(bytes);
                let _ = out.flush();
            }));
        }
    }

    fn on_phase(&mut self, _world: &World, phase: Option<&str>) -> Result<()> {
        self.phase = phase.map(str::to_string);
        Ok(())
    }

    fn on_decision(&mut self, world: &World, d: &Decision) -> Result<()> {
        if self.view.live {
            let line = format!("T:{} {}", world.turn, short(d, self.phase.as_deref()));
            let (rows, cols) = terminal_size();
            print!("{}", summary(&line, rows, cols));
            let _ = std::io::stdout().flush();
        }
        if let Some(delay) = self.view.delay {
            std::thread::sleep(delay);
        }
        Ok(())
    }

    fn on_end(&mut self, _result: &GameResult) -> Result<()> {
        if self.view.live {
            // Under everything the view wrote, and the terminal's own title back.
            let below = terminal_size()
                .0
                .map_or(GAME_ROWS, |r| r.min(GAME_ROWS + 1 + MAX_SUMMARY_ROWS));
            println!("\x1b[23;2t\x1b[{below};1H");
            let _ = std::io::stdout().flush();
        }
        Ok(())
    }
}

/// The rows the game draws on.
const GAME_ROWS: u16 = 24;
/// Rows under the game the summary may wrap onto.
pub const MAX_SUMMARY_ROWS: u16 = 6;
/// Columns assumed when the terminal does not say.
const DEFAULT_COLS: u16 = 80;
/// A title longer than this many characters is cut, with `…` (a reason is at most 300 bytes,
/// so only an absurd tree path gets there).
const MAX_TITLE: usize = 2000;

/// The escapes that show one decision's summary `line` on a terminal of `rows` rows and `cols`
/// columns (None: unknown). Under the game, wrapped at the terminal's width onto the rows it
/// needs (breaking after spaces and `/`), when the terminal has rows below the game; the whole
/// line is also the title when it has none or when they are too few (their last row then ends
/// with `…`). Control characters become spaces: the reason may come from a script, and an
/// escape in it would reach the terminal.
pub fn summary(line: &str, rows: Option<u16>, cols: Option<u16>) -> String {
    let clean: String = line
        .trim_end()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let spare = rows.map_or(0, |r| r.saturating_sub(GAME_ROWS).min(MAX_SUMMARY_ROWS));
    if spare == 0 {
        return title(&clean);
    }
    // One column short of the edge: writing the last column would wrap in some terminals.
    let width = usize::from(cols.unwrap_or(DEFAULT_COLS).max(2) - 1);
    let mut wrapped = wrap(&clean, width);
    let fits = wrapped.len() <= usize::from(spare);
    if !fits {
        wrapped.truncate(usize::from(spare));
        if let Some(last) = wrapped.last_mut() {
            while last.chars().count() >= width {
                last.pop();
            }
            last.push('…');
        }
    }
    // Save the cursor, write each row under the game (clearing the rows left over), restore.
    let mut out = String::from("\x1b7");
    for i in 0..spare {
        let text = wrapped.get(usize::from(i)).map_or("", String::as_str);
        let row = GAME_ROWS + 1 + i;
        if text.is_empty() {
            out += &format!("\x1b[{row};1H\x1b[2K");
        } else {
            out += &format!("\x1b[{row};1H\x1b[2K\x1b[7m{text}\x1b[0m");
        }
    }
    out += "\x1b8";
    if !fits {
        out += &title(&clean);
    }
    out
}

/// The terminal's title set to `line` (already clean).
fn title(line: &str) -> String {
    let mut shown: String = line.chars().take(MAX_TITLE).collect();
    if line.chars().count() > MAX_TITLE {
        shown.pop();
        shown.push('…');
    }
    format!("\x1b]2;{shown}\x07")
}

/// `text` in rows of at most `width` characters, broken after a space or a `/` when one is in
/// the row (else anywhere); every character of `text` but the spaces at the breaks is in one
/// row, in order.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut rows = Vec::new();
    let mut rest: Vec<char> = text.chars().collect();
    while rest.len() > width {
        let cut = (1..=width)
            .rev()
            .find(|&i| matches!(rest[i - 1], ' ' | '/'))
            .unwrap_or(width);
        let row: String = rest.drain(..cut).collect();
        rows.push(row.trim_end().to_string());
    }
    if !rest.is_empty() || rows.is_empty() {
        rows.push(rest.into_iter().collect());
    }
    rows
}

/// Our terminal's height and width, if stdout is one.
fn terminal_size() -> (Option<u16>, Option<u16>) {
    let mut size: libc::winsize = unsafe { std::mem::zeroed() };
    // SAFETY: TIOCGWINSZ writes a winsize into `size`, which lives for the call.
    let ok = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) } == 0;
    (
        (ok && size.ws_row > 0).then_some(size.ws_row),
        (ok && size.ws_col > 0).then_some(size.ws_col),
    )
}

/// The decision summary under the game: "action — reason (path)", or "action — reason
/// ([phase] path)" in a plan phase.
pub fn short(decision: &Decision, phase: Option<&str>) -> String {
    let phase = phase.map_or(String::new(), |p| format!("[{p}] "));
    format!(
        "{} — {} ({phase}{})",
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
        let (grid, vt) = (
            term.screen(),
            term.vt100_screen().expect("a reference terminal"),
        );
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
                term.feed(summary(line, rows, Some(80)).as_bytes());
                assert_eq!(seen(&term), before, "{rows:?}");
                let status = term.screen().row_text(23);
                assert!(status.starts_with("Dlvl:1 $:0 HP:16(16)"), "{status}");
                assert!(status.contains("T:1"), "{status}");
            }
        }
    }

    #[test]
    fn with_a_25th_row_the_summary_goes_under_the_game() {
        let out = summary("T:1 search — searching (root/search#1)", Some(25), Some(80));
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
            let out = summary(line, rows, None);
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

    /// A real terminal of `rows`x80 showing the game on its first 24 rows.
    fn tall(rows: u16) -> vt100::Parser {
        let mut term = vt100::Parser::new(rows, 80, 0);
        term.process(
            b"\x1b[H\x1b[2JHello nhbot, welcome to NetHack!\x1b[24;1HDlvl:1 $:0 HP:16(16) T:1\x1b[7;40H",
        );
        term
    }

    /// A reason chain far longer than a row: a deep tree path and a plan's reason.
    fn long_line() -> String {
        let path: Vec<String> = (0..14).map(|i| format!("survive_branch_{i}")).collect();
        format!(
            "T:1234 travel 12,7 — plan phase 2 of 3: walking to the downstairs at (12, 7) past the \
             fountain, HP 16/16, nothing hostile in sight (root/{})",
            path.join("/")
        )
    }

    /// The text of rows `from..to` (1-based, inclusive), joined with spaces between rows.
    fn rows_text(term: &vt100::Parser, from: u16, to: u16) -> Vec<String> {
        let screen = term.screen();
        screen
            .rows(0, 80)
            .skip(usize::from(from - 1))
            .take(usize::from(to - from + 1))
            .collect()
    }

    /// `text` without spaces: what must survive wrapping (which drops the spaces it breaks at).
    fn squeezed(text: &str) -> String {
        text.chars().filter(|c| *c != ' ').collect()
    }

    #[test]
    fn a_long_reason_chain_wraps_under_the_game_whole_at_80_columns() {
        let line = long_line();
        assert!(line.chars().count() > 3 * 79, "{}", line.len());
        let mut term = tall(40);
        let before = rows_text(&term, 1, 24);
        term.process(summary(&line, Some(40), Some(80)).as_bytes());
        assert_eq!(
            rows_text(&term, 1, 24),
            before,
            "the game's rows are untouched"
        );
        let under = rows_text(&term, 25, 30);
        assert!(under.iter().all(|r| r.chars().count() <= 79), "{under:#?}");
        assert_eq!(
            squeezed(&under.concat()),
            squeezed(&line),
            "every character of the line is shown, in order: {under:#?}"
        );
        let used = under.iter().take_while(|r| !r.is_empty()).count();
        assert!(used >= 4, "{under:#?}");
        assert!(under[used..].iter().all(String::is_empty), "{under:#?}");
        assert_eq!(term.screen().title(), "", "it fits: no title needed");
        // The cursor is back on the hero.
        assert_eq!(term.screen().cursor_position(), (6, 39));

        // A shorter summary next clears the rows the long one used.
        term.process(summary("T:1235 search — resting", Some(40), Some(80)).as_bytes());
        let under = rows_text(&term, 25, 30);
        assert_eq!(under[0], "T:1235 search — resting");
        assert!(under[1..].iter().all(String::is_empty), "{under:#?}");
    }

    #[test]
    fn when_the_rows_under_the_game_are_too_few_the_title_has_the_whole_line() {
        let line = long_line();
        let mut term = tall(25);
        let before = rows_text(&term, 1, 24);
        term.process(summary(&line, Some(25), Some(80)).as_bytes());
        assert_eq!(rows_text(&term, 1, 24), before);
        let row = &rows_text(&term, 25, 25)[0];
        assert!(row.ends_with('…') && row.chars().count() <= 79, "{row}");
        assert!(line.starts_with(row.trim_end_matches('…')), "{row}");
        assert_eq!(
            term.screen().title(),
            line,
            "the whole line, never cut silently"
        );

        // Without rows under the game (80x24), the title alone.
        let mut term = tall(24);
        let before = rows_text(&term, 1, 24);
        term.process(summary(&line, Some(24), Some(80)).as_bytes());
        assert_eq!(rows_text(&term, 1, 24), before);
        assert_eq!(term.screen().title(), line);
    }

    #[test]
    fn the_summary_names_the_plan_phase_before_the_tree_path() {
        let d = Decision {
            action: nhbot_world::Action::Search { count: 5 },
            path: "root/dungeons/do/search_now_and_then/search#1".into(),
            reason: "nothing in sight".into(),
        };
        assert_eq!(
            short(&d, Some("dungeons: explore and descend")),
            "search 5 — nothing in sight ([dungeons: explore and descend] \
             root/dungeons/do/search_now_and_then/search#1)"
        );
        assert_eq!(
            short(&d, None),
            "search 5 — nothing in sight (root/dungeons/do/search_now_and_then/search#1)"
        );
    }

    #[test]
    fn wrapping_keeps_every_character_and_the_width() {
        for width in [1, 5, 10, 79] {
            for text in [
                long_line(),
                "a/b c".to_string(),
                String::new(),
                "x".repeat(200),
            ] {
                let rows = wrap(&text, width);
                assert!(rows.iter().all(|r| r.chars().count() <= width), "{rows:?}");
                assert_eq!(
                    squeezed(&rows.concat()),
                    squeezed(&text),
                    "{width}: {rows:?}"
                );
            }
        }
        assert_eq!(wrap("root/a/b c d", 7), ["root/a/", "b c d"]);
    }
}
