//! The ^P message history, to recover a message that was overwritten before it was read.
//!
//! What NetHack 3.6.6 tty shows (recorded, see tests/fixtures/README.md):
//! - `msg_window:single` (the engine's setting): each ^P redraws ONE older message on the top line,
//!   exactly as it was first shown, with the cursor back on the map. The screen is therefore
//!   indistinguishable from the original message: read `Frame::top_line` after each ^P (the first
//!   ^P shows the most recent message) and press ESC to stop. Use [`single_history_message`].
//! - `msg_window:full` / `reversed`: one ^P opens a "Message History" text window, one message per
//!   line (oldest first; newest first for `reversed`), long messages wrapped at word boundaries
//!   onto the next line, ended by `--More--`. Use [`parse_history_window`].

use crate::menu::parse_menu;
use crate::snapshot::Screen;
use crate::types::{Frame, COLS};

/// The message a ^P showed in `msg_window:single` mode (None if the top line is empty or the
/// screen shows something else, like a window).
pub fn single_history_message(frame: &Frame) -> Option<&str> {
    (frame.menu.is_none() && !frame.top_line.is_empty()).then_some(frame.top_line.as_str())
}

/// The messages of a "Message History" window (`msg_window:full`/`reversed`), in screen order.
/// Wrapped lines are joined: the tty only breaks a line when the next word does not fit, so a
/// line is a continuation when its first word would not have fitted on the line above.
pub fn parse_history_window(screen: &Screen) -> Option<Vec<String>> {
    let menu = parse_menu(screen)?;
    if menu.title.as_deref() != Some("Message History") {
        return None;
    }
    let mut messages: Vec<String> = Vec::new();
    let mut last_line_len = usize::MAX; // no line above the first one
    for item in menu.items {
        let line = match item.letter {
            // parse_menu splits "a - ..." lines into letter + text; a message may look like that.
            Some(letter) => format!(
                "{letter} {} {}",
                if item.selected { '+' } else { '-' },
                item.text
            ),
            None => item.text,
        };
        let first_word = line.split(' ').next().unwrap_or("").chars().count();
        let continues = last_line_len != usize::MAX && last_line_len + 1 + first_word >= COLS - 1;
        last_line_len = line.chars().count();
        match messages.last_mut() {
            Some(prev) if continues => {
                prev.push(' ');
                prev.push_str(&line);
            }
            _ => messages.push(line),
        }
    }
    Some(messages)
}
