//! Trap kinds: a `^`'s colour narrows it to a few kinds ([`crate::tiles::trap_kinds`]); the
//! game names the kind when we look at it ("There is a bear trap here."), escape it or set it
//! off under us ("A board beneath you squeaks loudly.").

use crate::level::Level;
use crate::tiles::{clr, trap_kinds, Feature, TRAP_NAMES};
use crate::World;
use nhbot_screen::Pos;

/// What setting a trap off says, for the traps that leave us on their square (3.6.6 trap.c).
/// Longer matches first: a spiked pit also says "You fall into a pit!".
const SPRUNG: &[(&str, &str)] = &[
    ("sharp iron spikes", "spiked pit"),
    ("You fall into a pit", "pit"),
    ("An arrow shoots out at you", "arrow trap"),
    ("A little dart shoots out at you", "dart trap"),
    ("a rock falls on your head", "falling rock trap"),
    ("A board beneath you squeaks", "squeaky board"),
    ("bear trap closes on your", "bear trap"),
    ("You are caught in a bear trap", "bear trap"),
    // An exploded land mine leaves a pit.
    ("KAABLAMM", "pit"),
    ("You trigger a rolling boulder trap", "rolling boulder trap"),
    ("A cloud of gas puts you to sleep", "sleeping gas trap"),
    ("You are enveloped in a cloud of gas", "sleeping gas trap"),
    ("A gush of water hits", "rust trap"),
    ("A tower of flame", "fire trap"),
    ("You stumble into a spider web", "web"),
    (
        "You are momentarily blinded by a flash of light",
        "magic trap",
    ),
    ("You feel momentarily lethargic", "anti-magic field"),
];

/// The trap kind a message names under the hero, if any.
pub fn trap_named(message: &str) -> Option<&'static str> {
    // "There is a bear trap here." (a look), "You escape a bear trap."
    let named = |lead: &str, tail: &str| {
        let rest = &message[message.find(lead)? + lead.len()..];
        let rest = ["a ", "an "]
            .iter()
            .find_map(|a| rest.strip_prefix(a))
            .unwrap_or(rest);
        // Longest first: "spiked pit" before "pit".
        let mut names: Vec<&'static str> = TRAP_NAMES.to_vec();
        names.sort_by_key(|n| std::cmp::Reverse(n.len()));
        names
            .into_iter()
            .find(|n| rest.starts_with(&format!("{n}{tail}")))
    };
    named("There is ", " here")
        .or_else(|| named("You escape ", "."))
        .or_else(|| {
            SPRUNG
                .iter()
                .find(|(words, _)| message.contains(words))
                .map(|&(_, kind)| kind)
        })
}

/// The colour the game draws a trap kind in (the inverse of [`trap_kinds`]).
pub fn trap_color(kind: &str) -> Option<u8> {
    (0..16u8).find(|&c| trap_kinds(c).contains(&kind))
}

impl Level {
    /// The kind of the trap on `p`: named by a message, or the one kind its colour allows.
    pub fn trap_kind(&self, p: Pos) -> Option<&'static str> {
        let sq = self.at(p)?;
        match sq.feature {
            Feature::Web => Some("web"),
            Feature::Trap => match sq.trap_kind {
                Some(k) => TRAP_NAMES.get(k as usize).copied(),
                None => match trap_kinds(sq.trap_color) {
                    [only] => Some(only),
                    _ => None,
                },
            },
            _ => None,
        }
    }

    /// The kinds the trap on `p` may be: the known one, else its colour's candidates.
    pub fn trap_candidates(&self, p: Pos) -> Vec<&'static str> {
        match (self.trap_kind(p), self.feature(p)) {
            (Some(kind), _) => vec![kind],
            (None, Feature::Trap) => trap_kinds(self.at(p).map_or(0, |s| s.trap_color)).to_vec(),
            _ => Vec::new(),
        }
    }
}

impl World {
    /// Trap kinds the messages name under the hero.
    pub(crate) fn learn_traps(&mut self) {
        let Some(kind) = self.messages.iter().rev().find_map(|m| trap_named(m)) else {
            return;
        };
        let hero = self.player;
        if let Some(sq) = self.dungeon.current_mut().and_then(|l| l.at_mut(hero)) {
            if kind == "web" {
                sq.feature = Feature::Web;
            } else {
                sq.feature = Feature::Trap;
                sq.trap_kind = TRAP_NAMES.iter().position(|n| *n == kind).map(|k| k as u8);
                // Paths judge a trap by its colour (`trap_is_mild`): the kind's own.
                sq.trap_color = trap_color(kind).unwrap_or(clr::MAGENTA);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_traps() {
        assert_eq!(trap_named("There is a bear trap here."), Some("bear trap"));
        assert_eq!(
            trap_named("There is a spiked pit here."),
            Some("spiked pit")
        );
        assert_eq!(
            trap_named("There is an arrow trap here."),
            Some("arrow trap")
        );
        assert_eq!(
            trap_named("You escape a squeaky board."),
            Some("squeaky board")
        );
        assert_eq!(
            trap_named("You fall into a pit!  You land on a set of sharp iron spikes!"),
            Some("spiked pit")
        );
        assert_eq!(trap_named("There is a doorway here."), None);
        assert_eq!(trap_color("bear trap"), Some(clr::CYAN));
        assert_eq!(trap_color("rust trap"), Some(clr::BLUE));
        assert_eq!(trap_named("There is a staircase down here."), None);
    }
}
