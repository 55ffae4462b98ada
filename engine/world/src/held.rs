//! Held: a monster grabbed us (an owlbear's hug, a lichen's touch, a python's coils). A step
//! away or up the stairs then fails ("You cannot escape from the owlbear!", "You are being
//! held, and cannot go up.") 37 times in 40 (hack.c `domove`) and costs the turn: seed 14 of the
//! b27 bench tried the up stairs again and again from HP 35 to 7 under an owlbear's hug.
//! Engulfing is another matter ([`World::engulfed`]).

use crate::World;

/// Turns a grab stays believed without a new word of it: each failed move repeats the word,
/// and a holder that let go or died says so or leaves our side.
const HELD_MEMORY: i64 = 20;

/// Words of a grab; the holder's name, when given, follows the prefix.
const HELD_BY: [&str; 2] = ["You cannot escape from ", "grabs you!"];
const HELD: [&str; 4] = [
    "You are being held, and cannot go",
    "You are being crushed.",
    "You are being choked.",
    "swings itself around you!",
];
/// Words of a release (hack.c "You pull free from", monmove.c `release_hero` "You get
/// released!", mhitu.c "... releases you.").
const RELEASED: [&str; 4] = [
    "You pull free from ",
    "You get released!",
    " releases you.",
    "You are released.",
];

/// Whether a message says we are held now.
pub fn says_held(message: &str) -> bool {
    HELD_BY.iter().any(|h| message.contains(h)) || HELD.iter().any(|h| message.contains(h))
}

/// Whether a message says a grab ended.
pub fn says_released(message: &str) -> bool {
    RELEASED.iter().any(|h| message.contains(h))
}

/// The holder "You cannot escape from the owlbear!" names ("owlbear").
fn holder_named(message: &str) -> Option<&str> {
    let rest = message.strip_prefix("You cannot escape from ")?;
    let rest = rest.strip_suffix('!').unwrap_or(rest);
    Some(rest.strip_prefix("the ").unwrap_or(rest))
}

impl World {
    /// Held by a monster next to us: the latest word of a grab came within [`HELD_MEMORY`]
    /// turns, no release or kill of the holder since, and a monster not our pet stands next to
    /// us (a holder two squares off has let go). Never while engulfed.
    pub fn held(&self) -> bool {
        if self.engulfed {
            return false;
        }
        let mut holder: Option<&str> = None;
        let mut grabbed = false;
        let said: Vec<&str> = self
            .history
            .newest_first()
            .take_while(|s| self.turn - s.turn <= HELD_MEMORY && s.turn <= self.turn)
            .map(|s| s.text.as_str())
            .collect();
        for text in &said {
            if says_released(text) {
                return false;
            }
            if says_held(text) {
                grabbed = true;
                holder = holder_named(text);
                break;
            }
        }
        if !grabbed {
            return false;
        }
        // The holder killed since its grab ("You kill the owlbear!").
        if let Some(name) = holder {
            let killed = said.iter().take_while(|t| !says_held(t)).any(|t| {
                (t.starts_with("You kill ") || t.starts_with("You destroy ")) && t.contains(name)
            });
            if killed {
                return false;
            }
        }
        self.monsters.iter().any(|m| {
            !m.tame
                && (m.pos.x - self.player.x).abs() <= 1
                && (m.pos.y - self.player.y).abs() <= 1
                && m.pos != self.player
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::Said;
    use crate::{Monster, Pos};

    fn world_saying(said: &[(i64, &str)], turn: i64, owlbear_next_to_us: bool) -> World {
        let mut w = World {
            turn,
            player: Pos::new(10, 10),
            ..World::default()
        };
        if owlbear_next_to_us {
            w.monsters.push(Monster {
                pos: Pos::new(11, 10),
                ch: 'Y',
                name: Some("owlbear".into()),
                ..Monster::default()
            });
        }
        for (t, text) in said {
            w.history.push(Said {
                turn: *t,
                decision: 0,
                text: text.to_string(),
            });
        }
        w
    }

    #[test]
    fn a_failed_escape_says_we_are_held() {
        let w = world_saying(&[(100, "You cannot escape from the owlbear!")], 101, true);
        assert!(w.held());
        let w = world_saying(&[(100, "You are being held, and cannot go up.")], 100, true);
        assert!(w.held());
        let w = world_saying(&[(100, "The owlbear grabs you!")], 102, true);
        assert!(w.held());
    }

    #[test]
    fn a_release_a_kill_or_time_ends_it() {
        let held = (100, "You cannot escape from the owlbear!");
        assert!(!world_saying(&[held, (101, "You pull free from the owlbear.")], 101, true).held());
        assert!(!world_saying(&[held, (102, "You get released!")], 102, true).held());
        assert!(!world_saying(&[held, (102, "You kill the owlbear!")], 102, true).held());
        assert!(!world_saying(&[held], 100 + HELD_MEMORY + 1, true).held());
        // A kill of another monster is no release.
        assert!(world_saying(&[held, (102, "You kill the jackal!")], 102, true).held());
    }

    #[test]
    fn nothing_next_to_us_holds_us() {
        let w = world_saying(&[(100, "You cannot escape from the owlbear!")], 101, false);
        assert!(!w.held());
    }

    #[test]
    fn blows_alone_are_no_grab() {
        let w = world_saying(&[(100, "The owlbear hits!")], 101, true);
        assert!(!w.held());
    }
}
