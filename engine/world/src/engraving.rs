//! The engraving under us, as the game last read it back to us (`:` or a step onto it).

use crate::action::Action;
use crate::World;

/// Turns a read-back of an Elbereth stays good for code that does not look itself (dust
/// smudges: one turn in ~80 a few letters go).
const READ_BACK_TURNS: i64 = 2;

/// The text of a "You read: \"...\"" among these messages.
pub fn engraving_read(messages: &[String]) -> Option<String> {
    messages.iter().find_map(|m| {
        let at = m.find("You read: \"")?;
        let rest = &m[at + "You read: \"".len()..];
        let end = rest.rfind('"')?;
        Some(rest[..end].to_string())
    })
}

/// Whether these messages read an intact Elbereth here.
pub fn reads_elbereth(messages: &[String]) -> bool {
    engraving_read(messages).is_some_and(|t| t.eq_ignore_ascii_case("Elbereth"))
}

/// Actions after which we still stand where we read the engraving, and it still reads the same
/// (a blow of ours wipes it, an engraving rewrites it).
fn keeps_the_read(action: &Action) -> bool {
    matches!(
        action,
        Action::Search { .. }
            | Action::Rest { .. }
            | Action::Keys { .. }
            | Action::Look
            | Action::Farlook { .. }
            | Action::Inventory
            | Action::Overview
    )
}

impl World {
    /// Standing on an Elbereth as the latest read-back (within [`READ_BACK_TURNS`] turns) saw
    /// it: no decision since the read, or only one that neither moved us nor touched the
    /// engraving. A blow, zap or throw from it at a monster that respects it costs 5 alignment
    /// and wipes it (3.6 `setmangry`: "You feel like a hypocrite.").
    pub fn elbereth_read_here(&self) -> bool {
        let Some(read) = self
            .history
            .newest_first()
            .take_while(|s| self.turn - s.turn <= READ_BACK_TURNS)
            .find(|s| s.text.contains("You read: \""))
        else {
            return false;
        };
        if !reads_elbereth(std::slice::from_ref(&read.text)) {
            return false;
        }
        match self.decisions.saturating_sub(read.decision) {
            0 => true,
            1 => self
                .last_decision
                .as_ref()
                .is_some_and(|d| keeps_the_read(&d.action)),
            _ => false,
        }
    }
}
