//! End-of-game screens: the disclosure questions, the tombstone, the goodbye and summary lines.
//!
//! ```text
//!                   |    killed by     |          (tombstone, 3.6.6 tty)
//!                   |  strangulation   |
//! Farvel wizard the Valkyrie...                   ("Goodbye" in the role's language)
//! You died in The Dungeons of Doom on dungeon level 1 with 30 points,
//! and 0 pieces of gold, after 33 moves.
//! ```

use crate::types::{GameOverScreen, Menu};

/// Top-line questions asked only once the game is over (wizard mode adds "Die?").
const END_QUESTIONS: &[&str] = &[
    "Do you want your possessions identified?",
    "Do you want to see your attributes?",
    "Do you want an account of creatures vanquished?",
    "Do you want to see your conduct?",
    "Do you want to see the dungeon overview?",
    "Do you want to see the genocided",
    "Die?",
    "Save bones?",
];

/// Window lines shown only in the final disclosure.
const END_WINDOW_MARKS: &[&str] = &[
    "Final Characteristics:",
    "Final Status:",
    "Final Attributes:",
    "Final resting place for",
    "You are dead.",
];

/// Recognise an end-of-game screen and read what it tells, from the scraped top line and the
/// window shown (every end screen but the questions is a text window or menu).
pub fn parse_game_over(top_line: &str, window: Option<&Menu>) -> Option<GameOverScreen> {
    let mut seen = END_QUESTIONS.iter().any(|q| top_line.starts_with(q));
    let rows: Vec<&str> = match window {
        Some(menu) => menu
            .title
            .iter()
            .map(String::as_str)
            .chain(menu.items.iter().map(|i| i.text.as_str()))
            .collect(),
        None if seen => Vec::new(),
        None => return None,
    };
    seen |= rows
        .iter()
        .any(|r| END_WINDOW_MARKS.iter().any(|m| r.contains(m)));
    let mut over = GameOverScreen::default();
    if let Some(cause) = tombstone_cause(&rows) {
        over.cause = Some(cause);
        seen = true;
    }
    if rows.iter().any(|r| is_goodbye(r)) {
        seen = true;
    }
    if let Some(summary) = summary(&rows) {
        seen = true;
        over.verb = summary_verb(&summary);
        over.score = number_before(&summary, " point");
        over.turns = number_before(&summary, " move");
        if over.cause.is_none() && over.verb.as_deref() != Some("died") {
            over.cause = over.verb.clone();
        }
    }
    if over.cause.is_none() {
        // The final dungeon overview: "Final resting place for / you, killed by a jackal."
        over.cause = rows.iter().find_map(|r| {
            let at = r.find("killed by ")?;
            Some(r[at..].trim_end().trim_end_matches('.').to_string())
        });
    }
    seen.then_some(over)
}

/// "Farvel wizard the Valkyrie..." / "Goodbye agnar the Barbarian..."
fn is_goodbye(row: &str) -> bool {
    let row = row.trim();
    row.ends_with("...")
        && row.contains(" the ")
        && !row.starts_with(' ')
        && row.split(' ').count() >= 4
}

/// The inner text of the tombstone lines between the gold line ("0 Au") and the year.
fn tombstone_cause(rows: &[&str]) -> Option<String> {
    let inner = |r: &str| -> Option<String> {
        let open = r.find('|')?;
        let close = r.rfind('|')?;
        (close > open).then(|| r[open + 1..close].trim().to_string())
    };
    if !rows.iter().any(|r| r.contains("REST")) || !rows.iter().any(|r| r.contains("PEACE")) {
        return None;
    }
    let gold = rows
        .iter()
        .position(|r| inner(r).is_some_and(|t| t.ends_with(" Au")))?;
    let mut parts = Vec::new();
    for r in &rows[gold + 1..] {
        let Some(text) = inner(r) else { break };
        if text.len() == 4 && text.chars().all(|c| c.is_ascii_digit()) {
            break; // the year
        }
        if !text.is_empty() {
            parts.push(text);
        }
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// "You died in ... with 30 points, and 0 pieces of gold, after 33 moves." joined over its rows.
fn summary(rows: &[&str]) -> Option<String> {
    let start = rows
        .iter()
        .position(|r| r.starts_with("You ") && r.contains(" with ") && r.contains(" point"))?;
    let mut text = String::new();
    for r in &rows[start..] {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(r.trim());
        if r.contains(" move") {
            break;
        }
    }
    Some(text)
}

/// "You were poisoned in The Gnomish Mines on ..." → "were poisoned".
fn summary_verb(summary: &str) -> Option<String> {
    let rest = summary.strip_prefix("You ")?;
    let end = [" in ", " with ", " on "]
        .iter()
        .filter_map(|w| rest.find(w))
        .min()?;
    Some(rest[..end].to_string())
}

/// The integer right before `word` ("with 30 points" → 30).
fn number_before(text: &str, word: &str) -> Option<i64> {
    let at = text.find(word)?;
    text[..at].rsplit(' ').next()?.parse().ok()
}
