//! Menus and text windows drawn over the map (or over the whole screen).
//!
//! The tty draws a window from row 0 down, starting at some column, and ends it with a terminator
//! line: `(end)` or `(1 of 3)` for menus, `--More--` for text windows. The terminator is alone from
//! its column to the end of the row and the column left of it is blank (the tty clears it), which
//! tells it apart from a `--More--` ending a top-line message. Full-screen windows start at column
//! 0 or 1.

use crate::snapshot::Screen;
use crate::types::{Menu, MenuItem, ROWS};

/// A text window's terminator.
const MORE: &str = "--More--";

/// Find a menu or text window on the screen.
pub fn parse_menu(screen: &Screen) -> Option<Menu> {
    let (end_row, column, page, text_window) = find_terminator(screen)?;
    // Full-screen windows indent their lines by one column; read them from column 0.
    let left = if column <= 1 { 0 } else { column };
    let mut lines: Vec<(String, bool)> = (0..end_row)
        .map(|r| {
            let cells = &screen.row(r)[left..];
            let first = cells
                .iter()
                .position(|c| c.ch != ' ')
                .unwrap_or(cells.len());
            let last = cells
                .iter()
                .rposition(|c| c.ch != ' ')
                .map_or(first, |i| i + 1);
            let cells = &cells[first..last.max(first)];
            // Class headers ("Weapons") are drawn in inverse video.
            let inverse = cells.iter().any(|c| c.inverse && c.ch != ' ');
            (cells.iter().map(|c| c.ch).collect(), inverse)
        })
        .collect();

    let title = match lines.as_slice() {
        [(first, false), (blank, _), ..]
            if !first.is_empty() && blank.is_empty() && item(first).is_none() =>
        {
            Some(first.clone())
        }
        _ => None,
    };
    if title.is_some() {
        lines.remove(0);
    }
    let items = lines
        .into_iter()
        .filter(|(text, _)| !text.is_empty())
        .map(|(text, inverse)| match item(&text) {
            Some((letter, selected, rest)) => MenuItem {
                letter: Some(letter),
                text: rest.to_string(),
                selected,
                header: false,
            },
            None => MenuItem {
                letter: None,
                text,
                selected: false,
                header: inverse,
            },
        })
        .collect();
    Some(Menu {
        items,
        last_page: page.is_none_or(|(n, of)| n == of),
        page,
        column: left as u16,
        title,
        end_row: end_row as u16,
        text_window,
    })
}

/// (row, column, page, is --More--) of the window's terminator line, searched from the bottom.
#[allow(clippy::type_complexity)]
fn find_terminator(screen: &Screen) -> Option<(usize, usize, Option<(u32, u32)>, bool)> {
    for r in (0..ROWS).rev() {
        // Cheap filters first: every terminator ends in ')' or '-', and one ending in '-' is
        // `--More--` (map rows ending in a wall's '-' are common: no text is made of them).
        match screen.last_char(r) {
            Some((_, ')')) => {}
            Some((col, '-')) if ends_in_more(screen, r, col) => {}
            _ => continue,
        }
        let text = screen.row_text(r);
        let (start, page, more) = if let Some(rest) = text.strip_suffix("(end)") {
            (rest.chars().count(), None, false)
        } else if let Some(rest) = text.strip_suffix(MORE) {
            (rest.chars().count(), None, true)
        } else if let Some(p) = page_of(&text) {
            let open = text.rfind('(').unwrap_or(0);
            (text[..open].chars().count(), Some(p), false)
        } else {
            continue;
        };
        if r == 0 && more {
            return None; // a top-line message waiting for a key
        }
        if start > 0 && screen.cell(r, start - 1).ch != ' ' {
            continue; // "...text--More--" ends a wrapped message
        }
        return Some((r, start, page, more));
    }
    None
}

/// Whether row `r`'s cells up to column `last` end with `--More--`.
fn ends_in_more(screen: &Screen, r: usize, last: usize) -> bool {
    let Some(start) = (last + 1).checked_sub(MORE.len()) else {
        return false;
    };
    screen.row(r)[start..=last]
        .iter()
        .map(|c| c.ch)
        .eq(MORE.chars())
}

/// "(2 of 3)" at the end of `s` → (2, 3).
fn page_of(s: &str) -> Option<(u32, u32)> {
    let inner = s.trim_end().rsplit('(').next()?.strip_suffix(')')?;
    let (n, of) = inner.split_once(" of ")?;
    Some((n.parse().ok()?, of.parse().ok()?))
}

/// "a - a +1 long sword" → ('a', false, "a +1 long sword"); `+` or `#` mark a selection.
fn item(line: &str) -> Option<(char, bool, &str)> {
    let mut chars = line.chars();
    let letter = chars.next()?;
    if !(letter.is_ascii_alphabetic() || letter == '$' || letter == '-') {
        return None;
    }
    let rest = chars.as_str();
    let selected = match rest.get(..3)? {
        " - " => false,
        " + " | " # " => true,
        _ => return None,
    };
    Some((letter, selected, &rest[3..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn item_lines() {
        assert_eq!(
            item("a - a +1 long sword"),
            Some(('a', false, "a +1 long sword"))
        );
        assert_eq!(item("v + 7 rocks"), Some(('v', true, "7 rocks")));
        assert_eq!(item("a lichen"), None);
        assert_eq!(item("Weapons"), None);
    }

    #[test]
    fn page_numbers() {
        assert_eq!(page_of(" (1 of 2)"), Some((1, 2)));
        assert_eq!(page_of("(end)"), None);
    }

    #[test]
    fn wrapped_message_more_is_not_a_window() {
        let screen = Screen::from_text(
            &["a long message that wrapped onto", "the second row--More--"],
            (1, 22),
        );
        assert_eq!(parse_menu(&screen), None);
    }
}
