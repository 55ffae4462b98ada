//! The `:` look-here command and what its messages say: the engraving and the objects here.

use crate::recall::Recall;
use nhbot_world::{Action, World};

/// What the latest look here showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LookHere {
    /// No look result among this decision's messages.
    Unknown,
    /// "You see no objects here."
    Nothing,
    /// "You see here X." (the text of X).
    One(String),
    /// Several objects (a list or "There are several objects here.").
    Several,
}

/// The look action; remembers when it was asked for (see [`looked_at`]).
pub fn look_action_at(r: &mut Recall, w: &World) -> Action {
    r.last_look = Some((w.turn, w.decisions, w.player));
    look_action()
}

pub fn look_action() -> Action {
    Action::Keys { keys: ":".into() }
}

/// Whether the previous decision was our look at this square (its output may be one we do not
/// recognise: never look twice in a row).
fn looked_just_before(r: &Recall, w: &World) -> bool {
    r.last_look.is_some_and(|(turn, decisions, at)| {
        turn == w.turn && decisions + 1 == w.decisions && at == w.player
    })
}

pub fn look_here(messages: &[String]) -> LookHere {
    let mut feature_only = false;
    for m in messages {
        // Blind, the look feels the floor: "You feel here X.", "Things that you feel here:".
        if m.contains("You see no objects here")
            || m.contains("You feel no objects here")
            || m.contains("There is nothing here")
        {
            return LookHere::Nothing;
        }
        if let Some((at, lead)) = ["You see here ", "You feel here "]
            .iter()
            .find_map(|lead| m.find(lead).map(|at| (at, lead.len())))
        {
            let rest = &m[at + lead..];
            let text = rest
                .split(". ")
                .next()
                .unwrap_or(rest)
                .trim_end_matches('.');
            return LookHere::One(text.to_string());
        }
        if m.contains("objects here")
            || m.contains("Things that are here")
            || m.contains("Things that you feel here")
        {
            return LookHere::Several;
        }
        // "There is a doorway here." alone: a dungeon feature and no objects.
        if m.starts_with("There is ") && m.ends_with(" here.") {
            feature_only = true;
        }
    }
    if feature_only {
        LookHere::Nothing
    } else {
        LookHere::Unknown
    }
}

/// The engraving a look (or a step onto the square) read: `You read: "Elbereth".`
pub use nhbot_world::engraving::engraving_read;

/// Whether a look happened in this decision's messages (an engraving read or an object report).
pub fn looked(messages: &[String]) -> bool {
    engraving_read(messages).is_some() || look_here(messages) != LookHere::Unknown
}

/// [`looked`], or our look was the previous decision here (whatever it printed).
pub fn looked_at(r: &Recall, w: &World) -> bool {
    looked(&w.messages) || looked_just_before(r, w)
}

/// Standing on an intact Elbereth, as the latest look read it.
pub use nhbot_world::engraving::reads_elbereth as on_elbereth;

#[cfg(test)]
#[allow(unused_mut, unused_variables)]
mod tests {
    use super::*;

    fn msgs(m: &[&str]) -> Vec<String> {
        m.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn reads_look_results() {
        let mut r = crate::Recall::default();
        assert_eq!(
            look_here(&msgs(&["You see no objects here."])),
            LookHere::Nothing
        );
        assert_eq!(
            look_here(&msgs(&["You see here a newt corpse."])),
            LookHere::One("a newt corpse".into())
        );
        assert_eq!(
            look_here(&msgs(&["There are several objects here."])),
            LookHere::Several
        );
        assert_eq!(look_here(&msgs(&["The jackal bites!"])), LookHere::Unknown);
        assert_eq!(
            look_here(&msgs(&["There is a doorway here."])),
            LookHere::Nothing
        );
        // Blind, the look feels the floor (seed 6's top level: a yellow light's blast, and a
        // look that read as nothing was repeated while the zoo hit us).
        assert_eq!(
            look_here(&msgs(&[
                "You try to feel what is lying here on the floor.",
                "You feel here a jaguar corpse."
            ])),
            LookHere::One("a jaguar corpse".into())
        );
        assert_eq!(
            look_here(&msgs(&[
                "You try to feel what is lying here on the floor.",
                "Things that you feel here:",
                "a jaguar corpse"
            ])),
            LookHere::Several
        );
        assert_eq!(
            look_here(&msgs(&[
                "You try to feel what is lying here on the floor.",
                "You feel no objects here."
            ])),
            LookHere::Nothing
        );
    }

    #[test]
    fn reads_the_engraving() {
        let mut r = crate::Recall::default();
        let good = msgs(&[
            "Something is written here in the dust.",
            "You read: \"Elbereth\".",
        ]);
        assert!(on_elbereth(&good));
        assert!(looked(&good));
        let bad = msgs(&["You read: \"Elbcreth\"."]);
        assert_eq!(engraving_read(&bad).as_deref(), Some("Elbcreth"));
        assert!(!on_elbereth(&bad));
        assert!(!on_elbereth(&msgs(&["You read: \"Elbereth Elbereth\"."])));
    }
}

#[cfg(test)]
mod memory_tests {
    use super::*;

    #[test]
    fn never_looks_twice_in_a_row() {
        let mut r = crate::Recall::default();
        let mut w = World {
            turn: 7,
            decisions: 3,
            ..World::default()
        };
        assert!(!looked_at(&r, &w));
        let _ = look_action_at(&mut r, &w);
        w.decisions = 4;
        w.messages = vec!["Something unexpected.".into()];
        assert!(looked_at(&r, &w), "the previous decision looked here");
        w.decisions = 5;
        w.turn = 8;
        assert!(!looked_at(&r, &w));
    }
}
