//! Questions the game asks on the top line.
//!
//! The tty acknowledges pending messages (`--More--`) before it asks anything, so a prompt is
//! alone on the top line. While the game waits for an answer the cursor sits on the top line; when
//! it waits for a command the cursor is on the map. Position prompts are the exception: the cursor
//! moves over the map, so they are recognised by their wording alone.

use crate::types::Prompt;

/// Classify the top line. `cursor_on_top` tells whether the cursor is on the top line.
pub fn parse_prompt(line: &str, cursor_on_top: bool) -> Option<Prompt> {
    let line = line.trim_end();
    if line.is_empty() {
        return None;
    }
    if is_position_prompt(line) {
        return Some(Prompt::Position {
            question: line.to_string(),
        });
    }
    if !cursor_on_top {
        return None;
    }
    if let Some(prompt) = bracket_prompt(line) {
        return Some(prompt);
    }
    if line.ends_with("direction?") {
        return Some(Prompt::Direction {
            question: line.to_string(),
        });
    }
    let (question, so_far) = split_typed_text(line);
    Some(Prompt::Text {
        question: question.to_string(),
        so_far: so_far.to_string(),
    })
}

fn is_position_prompt(line: &str) -> bool {
    line.contains("(For instructions type a")
        || line.starts_with("Pick an object")
        || line.starts_with("Pick a monster")
        || (line.starts_with("Where do you want to") && line.contains(" to?"))
        // Teleport control (wizard mode always): teleportitis may strike mid-meal, after
        // messages on the same line ("You resume your meal.  Where do you want to be
        // teleported?"); unseen, the next command's keys went to the cursor.
        || line.contains("Where do you want to be teleported?")
}

/// `... [yn] (n)`, `... [rl]` (a choice) or `... [fg or ?*]` (an item).
fn bracket_prompt(line: &str) -> Option<Prompt> {
    let (body, default) = match line.strip_suffix(')') {
        Some(rest) => {
            let (body, def) = rest.rsplit_once(" (")?;
            let mut chars = def.chars();
            let d = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            (body, Some(d))
        }
        None => (line, None),
    };
    let body = body.strip_suffix(']')?;
    let (question, inside) = body.rsplit_once(" [")?;
    let question = question.to_string();
    if !inside.is_empty() && inside.chars().all(|c| c.is_ascii_alphabetic()) {
        return Some(Prompt::YesNo {
            question,
            choices: inside.to_string(),
            default,
        });
    }
    // getobj always offers "[<letters> or ?*]", or "[*]" when nothing fits; any other bracket
    // ("[type the name]") is a hint inside a text prompt.
    let (letters, extra) = match inside.split_once(" or ") {
        Some((letters, extra)) => (letters, extra),
        None if !inside.is_empty() && inside.chars().all(|c| "?*".contains(c)) => ("", inside),
        None => return None,
    };
    Some(Prompt::Item {
        question,
        letters: expand_letters(letters),
        extra: extra.to_string(),
    })
}

/// "- a-dfg $" → "-abcdfg$": ranges expanded, spaces dropped. A leading `-` means "your hands".
pub fn expand_letters(spec: &str) -> String {
    let chars: Vec<char> = spec.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let is_range = c == '-'
            && i > 0
            && i + 1 < chars.len()
            && chars[i - 1].is_ascii_alphabetic()
            && chars[i + 1].is_ascii_alphabetic()
            && chars[i - 1] < chars[i + 1];
        if is_range {
            let (from, to) = (chars[i - 1] as u8 + 1, chars[i + 1] as u8);
            out.extend((from..=to).map(char::from));
            i += 2;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Split a getlin line into the question and what was typed so far. The question ends at the
/// first `?` or `:` followed by a blank (plus a bracketed hint such as `[type the name]`); an
/// extended command line starts with `#`.
fn split_typed_text(line: &str) -> (&str, &str) {
    if let Some(rest) = line.strip_prefix('#') {
        return ("#", rest.trim_start());
    }
    let bytes = line.as_bytes();
    let mut end = None;
    for (i, &b) in bytes.iter().enumerate() {
        if (b == b'?' || b == b':') && bytes.get(i + 1).is_none_or(|&n| n == b' ') {
            end = Some(i + 1);
            break;
        }
    }
    let Some(mut end) = end else {
        return (line, "");
    };
    if let Some(hint) = line[end..].strip_prefix(" [") {
        if let Some(close) = hint.find(']') {
            end += 2 + close + 1;
        }
    }
    (
        &line[..end],
        line[end..].strip_prefix(' ').unwrap_or(&line[end..]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cursor sits on the map while the game waits for a square.
    #[test]
    fn controlled_teleport_asks_for_a_position_after_other_messages() {
        let line = "You resume your meal.  Where do you want to be teleported?";
        assert_eq!(
            parse_prompt(line, false),
            Some(Prompt::Position {
                question: line.into()
            })
        );
        assert_eq!(parse_prompt("You resume your meal.", false), None);
    }

    #[test]
    fn item_letters() {
        assert_eq!(expand_letters("a-d"), "abcd");
        assert_eq!(expand_letters("- abijn"), "-abijn");
        assert_eq!(expand_letters("$a-cx-zA-B"), "$abcxyzAB");
    }

    #[test]
    fn bracket_prompts() {
        assert_eq!(
            parse_prompt("Really attack the newt? [yn] (n)", true),
            Some(Prompt::YesNo {
                question: "Really attack the newt?".into(),
                choices: "yn".into(),
                default: Some('n')
            })
        );
        assert_eq!(
            parse_prompt("What do you want to wield? [- a-d or ?*]", true),
            Some(Prompt::Item {
                question: "What do you want to wield?".into(),
                letters: "-abcd".into(),
                extra: "?*".into()
            })
        );
        assert_eq!(
            parse_prompt("What do you want to read? [*]", true),
            Some(Prompt::Item {
                question: "What do you want to read?".into(),
                letters: "".into(),
                extra: "*".into()
            })
        );
    }

    #[test]
    fn text_prompts() {
        let text = |q: &str, s: &str| {
            Some(Prompt::Text {
                question: q.into(),
                so_far: s.into(),
            })
        };
        assert_eq!(
            parse_prompt("Call a milky potion: fo", true),
            text("Call a milky potion:", "fo")
        );
        assert_eq!(
            parse_prompt("For what do you wish?", true),
            text("For what do you wish?", "")
        );
        assert_eq!(parse_prompt("# pray", true), text("#", "pray"));
        assert_eq!(
            parse_prompt("Become what kind of monster? [type the name] newt", true),
            text("Become what kind of monster? [type the name]", "newt")
        );
        // The same words with the cursor on the map are a message, not a question.
        assert_eq!(parse_prompt("For what do you wish?", false), None);
    }
}
