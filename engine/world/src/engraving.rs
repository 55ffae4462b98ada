//! The engraving under us, as the game last read it back to us (`:` or a step onto it).

use crate::action::Action;
use crate::World;
use nhbot_screen::Pos;
use serde::{Deserialize, Serialize};

/// Turns a read-back of an Elbereth stays good for code that does not look itself (dust
/// smudges: one turn in ~80 a few letters go).
const READ_BACK_TURNS: i64 = 2;

/// Turns an Elbereth we engraved or read stays believed under us while we stand on its square
/// ([`World::may_stand_on_elbereth`]), with no read-back since.
const BELIEVED_TURNS: i64 = 100;

/// Where we last engraved an Elbereth or read one, and when.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ElberethSquare {
    /// The level's index in the dungeon (`Dungeon::current` then).
    pub level: Option<usize>,
    pub pos: Pos,
    pub turn: i64,
}

/// The message that tells the engraving under us is gone (a hypocrite's attack wiped it).
const WIPED: &str = "The engraving beneath you fades.";

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
    /// Learns from this frame's messages and the action before it where an Elbereth lies under
    /// us ([`World::elbereth_square`]): our engraving of one, or a read-back, sets it; a
    /// read-back of anything else, or a wipe, clears it.
    pub(crate) fn learn_elbereth_square(&mut self, messages: &[String]) {
        let here =
            |s: &ElberethSquare, w: &World| s.level == w.dungeon.current && s.pos == w.player;
        if messages.iter().any(|m| m.contains(WIPED))
            && self.elbereth_square.is_some_and(|s| here(&s, self))
        {
            self.elbereth_square = None;
        }
        let engraved =
            matches!(&self.last_action, Some(Action::Engrave { text, .. }) if text == "Elbereth");
        let read = engraving_read(messages);
        if read.is_some() && !reads_elbereth(messages) {
            if self.elbereth_square.is_some_and(|s| here(&s, self)) {
                self.elbereth_square = None;
            }
        } else if engraved || read.is_some() {
            self.elbereth_square = Some(ElberethSquare {
                level: self.dungeon.current,
                pos: self.player,
                turn: self.turn,
            });
        }
    }

    /// Whether an Elbereth may lie under us: read back just now ([`World::elbereth_read_here`]),
    /// or engraved or read on this square within [`BELIEVED_TURNS`] with nothing read here
    /// since. A zap or throw from it at a monster that respects it costs alignment and wipes
    /// it: seeds 122, 194, 246, 283, 360, 368 and 384 of a 400-game bench zapped so, just
    /// after engraving or after resting a few turns on it ("You feel like a hypocrite.").
    pub fn may_stand_on_elbereth(&self) -> bool {
        self.elbereth_read_here()
            || self.elbereth_square.is_some_and(|s| {
                s.level == self.dungeon.current
                    && s.pos == self.player
                    && self.turn - s.turn <= BELIEVED_TURNS
            })
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(w: &mut World, turn: i64, messages: &[&str]) {
        w.turn = turn;
        let said: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
        w.learn_elbereth_square(&said);
    }

    #[test]
    fn an_elbereth_engraved_or_read_is_believed_under_us_until_read_otherwise_or_wiped() {
        let mut w = World {
            player: Pos::new(10, 5),
            ..World::default()
        };
        w.last_action = Some(Action::Engrave {
            text: "Elbereth".into(),
            with: None,
        });
        frame(&mut w, 100, &["You write in the dust with your fingertip."]);
        assert!(w.may_stand_on_elbereth(), "engraved, not read back yet");
        w.last_action = Some(Action::Search { count: 5 });
        frame(&mut w, 150, &[]);
        assert!(w.may_stand_on_elbereth(), "50 turns on it");
        frame(&mut w, 201, &[]);
        assert!(!w.may_stand_on_elbereth(), "believed 100 turns only");
        frame(&mut w, 210, &["You read: \"Elbereth\"."]);
        assert!(w.may_stand_on_elbereth());
        w.player = Pos::new(11, 5);
        frame(&mut w, 211, &[]);
        assert!(!w.may_stand_on_elbereth(), "a step off it");
        w.player = Pos::new(10, 5);
        frame(&mut w, 212, &[]);
        assert!(w.may_stand_on_elbereth(), "back on it");
        frame(&mut w, 213, &["You read: \"Elbe?eth\"."]);
        assert!(!w.may_stand_on_elbereth(), "smudged");
        frame(&mut w, 214, &["You read: \"Elbereth\"."]);
        frame(
            &mut w,
            215,
            &[
                "You feel like a hypocrite.",
                "The engraving beneath you fades.",
            ],
        );
        assert!(!w.may_stand_on_elbereth(), "wiped");
    }
}
