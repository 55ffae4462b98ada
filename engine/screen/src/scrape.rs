//! [`scrape`]: one [`Screen`] → one [`Frame`].

use crate::gameover::parse_game_over;
use crate::menu::parse_menu;
use crate::prompt::parse_prompt;
use crate::snapshot::Screen;
use crate::status::parse_status;
use crate::types::{Frame, Menu, Pos, COLS, MAP_ROWS, MAP_TOP, ROWS};

const MORE: &str = "--More--";

/// Read everything the tty shows on one screen.
pub fn scrape(screen: &Screen) -> Frame {
    let mut frame = Frame {
        status: parse_status(&screen.row_text(ROWS - 2), &screen.row_text(ROWS - 1)),
        menu: parse_menu(screen),
        ..Frame::default()
    };
    let (cursor_row, cursor_col) = (screen.cursor().0 as usize, screen.cursor().1 as usize);
    let mut wrapped = false;
    if let Some(menu) = &frame.menu {
        frame.more = menu.text_window;
    } else {
        let (top, was_wrapped) = top_line(screen);
        wrapped = was_wrapped;
        let top = match top.strip_suffix(MORE) {
            Some(text) => {
                frame.more = true;
                text.trim_end().to_string()
            }
            None => top,
        };
        if !frame.more {
            let cursor_on_top = cursor_row == 0 || (wrapped && cursor_row == 1);
            frame.prompt = parse_prompt(&top, cursor_on_top);
        }
        if frame.prompt.is_none() {
            frame.messages = split_messages(&top);
        }
        frame.top_line = top;
    }
    frame.game_over = parse_game_over(&frame.top_line, frame.menu.as_ref());

    let waiting_for_command =
        frame.menu.is_none() && frame.prompt.is_none() && !frame.more && !wrapped;
    frame.player = if waiting_for_command && (MAP_TOP..MAP_TOP + MAP_ROWS).contains(&cursor_row) {
        Some(Pos::new(cursor_col as i16, (cursor_row - MAP_TOP) as i16))
    } else if frame.game_over.is_none() {
        find_hero_glyph(screen, frame.menu.as_ref())
    } else {
        None
    };
    frame
}

/// The top line, joined with row 1 when a long message wrapped onto it. The map never uses
/// column 0 (x = 0 is not a valid map column), so text starting there on row 1 is a continuation.
/// A wrap at a space starts row 1 with a blank instead: then the cursor, left on row 1 after a
/// long top line (a question waiting for its answer), tells it.
fn top_line(screen: &Screen) -> (String, bool) {
    let mut top = screen.row_text(0);
    let cursor_after_long_top = screen.cursor().0 == 1 && top.len() >= 60;
    let wrapped = !top.is_empty() && (screen.cell(1, 0).ch != ' ' || cursor_after_long_top);
    if wrapped {
        top.push(' ');
        top.push_str(screen.row_text(1).trim_start());
    }
    (top.trim().to_string(), wrapped)
}

/// The tty puts several messages on one line separated by two spaces.
pub fn split_messages(line: &str) -> Vec<String> {
    line.split("  ")
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .map(str::to_string)
        .collect()
}

/// Fallback when the cursor is not on the hero: the `@` on the map (a white one when several are
/// shown, e.g. while hallucinating), ignoring the area under a window. None when polymorphed.
fn find_hero_glyph(screen: &Screen, menu: Option<&Menu>) -> Option<Pos> {
    if menu.is_some_and(|m| m.column <= 1) {
        return None; // a full-screen window hides the map
    }
    let mut first = None;
    for (i, cell) in screen.map_cells().iter().enumerate() {
        let (y, x) = (i / COLS, i % COLS);
        let covered =
            menu.is_some_and(|m| x >= m.column as usize && y + MAP_TOP <= m.end_row as usize);
        if cell.ch != '@' || covered {
            continue;
        }
        let pos = Pos::new(x as i16, y as i16);
        if cell.fg == 15 {
            return Some(pos);
        }
        first.get_or_insert(pos);
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_split_on_two_spaces() {
        assert_eq!(
            split_messages("You drop a bow.  You drop 7 rocks."),
            vec!["You drop a bow.", "You drop 7 rocks."]
        );
        assert!(split_messages("   ").is_empty());
    }
}

#[cfg(test)]
mod wrap_tests {
    use super::*;
    use crate::types::Prompt;

    #[test]
    fn a_question_wrapped_at_a_space_is_one_prompt() {
        let row0 = "Akalapi offers 38 gold pieces for your cloudy potion.  Sell it? [ynaq]";
        let screen = Screen::from_text(&[row0, " (y) "], (1, 4));
        let frame = scrape(&screen);
        assert!(frame.top_line.ends_with("(y)"), "{:?}", frame.top_line);
        assert!(
            matches!(
                frame.prompt,
                Some(Prompt::YesNo {
                    default: Some('y'),
                    ..
                })
            ),
            "{:?}",
            frame.prompt
        );
        // A short top line with the cursor on the map's first row is not a wrap.
        let screen = Screen::from_text(&["You see here a newt corpse.", " @"], (1, 1));
        assert_eq!(scrape(&screen).top_line, "You see here a newt corpse.");
    }
}
