//! The game's dungeon overview (`^O`, no game time): a text window of one or more pages, each
//! ended by `--More--`. Its lines go to the world as one event, never as messages.

use anyhow::Result;

use super::Plan;
use crate::session::Session;

/// At most this many pages (a whole game's overview fits in a few).
const MAX_PAGES: usize = 16;

/// Opens the overview and reads every page of it; returns its lines (trimmed, in order), empty
/// when no window came up. The game is back at its command prompt afterwards.
pub fn read_overview(session: &mut Session) -> Result<Vec<String>> {
    let mut lines = Vec::new();
    session.send_raw("\x0f")?;
    for _ in 0..MAX_PAGES {
        let Some(menu) = session.frame.menu.clone() else {
            break;
        };
        lines.extend(menu.title);
        lines.extend(menu.items.into_iter().map(|i| i.text.trim().to_string()));
        session.send_raw("\r")?;
    }
    // The window's text is no message of the game's; whatever follows is settled as usual.
    let _ = session.take_messages();
    session.perform(&Plan {
        keys: String::new(),
        expect: Vec::new(),
    })?;
    Ok(lines)
}
