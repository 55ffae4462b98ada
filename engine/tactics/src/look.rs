//! The `:` look-here command and what its messages say: the engraving and the objects here.

use nhbot_world::Action;

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

pub fn look_action() -> Action {
    Action::Keys { keys: ":".into() }
}

pub fn look_here(messages: &[String]) -> LookHere {
    for m in messages {
        if m.contains("You see no objects here") || m.contains("There is nothing here") {
            return LookHere::Nothing;
        }
        if let Some(at) = m.find("You see here ") {
            let rest = &m[at + "You see here ".len()..];
            let text = rest
                .split(". ")
                .next()
                .unwrap_or(rest)
                .trim_end_matches('.');
            return LookHere::One(text.to_string());
        }
        if m.contains("objects here") || m.contains("Things that are here") {
            return LookHere::Several;
        }
    }
    LookHere::Unknown
}

/// The engraving a look (or a step onto the square) read: `You read: "Elbereth".`
pub fn engraving_read(messages: &[String]) -> Option<String> {
    messages.iter().find_map(|m| {
        let at = m.find("You read: \"")?;
        let rest = &m[at + "You read: \"".len()..];
        let end = rest.rfind('"')?;
        Some(rest[..end].to_string())
    })
}

/// Whether a look happened in this decision's messages (an engraving read or an object report).
pub fn looked(messages: &[String]) -> bool {
    engraving_read(messages).is_some() || look_here(messages) != LookHere::Unknown
}

/// Standing on an intact Elbereth, as the latest look read it.
pub fn on_elbereth(messages: &[String]) -> bool {
    engraving_read(messages).is_some_and(|t| t.eq_ignore_ascii_case("Elbereth"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msgs(m: &[&str]) -> Vec<String> {
        m.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn reads_look_results() {
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
    }

    #[test]
    fn reads_the_engraving() {
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
