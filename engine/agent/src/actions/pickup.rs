//! Picking up by object, never by guessed menu letters: the game's "Pick up what?" menu is
//! answered by the objects' text, class or place in the pile. The menu lists a pile by class
//! (weapons, then comestibles, scrolls...), not in the order `:` lists it, so a letter read
//! off one is no letter of the other.

use super::Plan;
use crate::prompts::{Answer, Expect, MenuPick};
use nhbot_world::{Pick, World};

/// The line that opens the list of a pile in the `:` window.
pub const PILE_HEADER: &str = "Things that are here:";

pub(super) fn plan(what: &Pick) -> Plan {
    let answer = match what {
        Pick::All => Answer::Menu(MenuPick::All),
        // Group accelerators: a class symbol selects every item of that class, on every page
        // of the menu; a symbol typed twice would deselect them again.
        Pick::Classes(classes) => {
            let mut keys = String::new();
            for c in classes.chars().filter(|c| !c.is_whitespace()) {
                if !keys.contains(c) {
                    keys.push(c);
                }
            }
            keys.push('\r');
            Answer::Keys(keys)
        }
        Pick::Named(name) => Answer::Menu(MenuPick::Named(name.clone())),
        // Unresolved (see `resolve_pick`): take nothing rather than guess.
        Pick::Index(_) => Answer::Keys("\x1b".into()),
    };
    Plan::keys(",")
        .with(Expect {
            contains: "Pick up what?",
            answer,
        })
        // pickup_burden:unencumbered asks before an object would burden us ("You have a
        // little trouble lifting a boulder.  Continue?"): a pick-up never burdens.
        .with(Expect::new("Continue?", "n"))
}

/// The choice the game's menu can answer: an index becomes the text of that object of the
/// pile (1-based, in the order `:` lists it), matched in the menu by text. Other choices are
/// kept. An index the world cannot resolve stays an index, which picks up nothing.
///
/// The pile is the world's memory of the hero's square (`World::objects_here`, filled by the
/// looks and "You see here"), or else the last decision's messages; an unnamed object (only its
/// glyph seen) cannot be chosen, so look first.
pub fn resolve_pick(world: &World, pick: Pick) -> Pick {
    match pick {
        Pick::Index(n) => {
            let remembered: Vec<String> = world
                .objects_here()
                .into_iter()
                .map_while(|o| o.text)
                .collect();
            let pile = if remembered.is_empty() {
                pile_listed(&world.messages)
            } else {
                remembered
            };
            pile.get(usize::from(n).wrapping_sub(1))
                .map_or(Pick::Index(n), |text| Pick::Named(text.clone()))
        }
        other => other,
    }
}

/// The objects of the last pile listed in `messages`, top first: the lines after the last
/// "Things that are here:", or the one object of "You see here <object>.".
fn pile_listed(messages: &[String]) -> Vec<String> {
    if let Some(at) = messages.iter().rposition(|m| m.trim() == PILE_HEADER) {
        return messages[at + 1..]
            .iter()
            .map(|m| m.trim().to_string())
            .filter(|m| !m.is_empty())
            .collect();
    }
    messages
        .iter()
        .rev()
        .find_map(|m| m.trim().strip_prefix("You see here ")?.strip_suffix('.'))
        .map(|object| vec![object.to_string()])
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn world(messages: &[&str]) -> World {
        World {
            messages: messages.iter().map(|m| m.to_string()).collect(),
            ..World::default()
        }
    }

    /// A `:` window as the session keeps it: its lines join the decision's messages.
    const LOOKED: &[&str] = &[
        "There is a staircase up here.",
        PILE_HEADER,
        "a ruby ring",
        "2 uncursed scrolls of light",
        "an uncursed food ration",
        "a dagger",
    ];

    #[test]
    fn an_index_is_the_object_at_that_place_of_the_look() {
        let w = world(LOOKED);
        assert_eq!(
            resolve_pick(&w, Pick::Index(1)),
            Pick::Named("a ruby ring".into())
        );
        assert_eq!(
            resolve_pick(&w, Pick::Index(4)),
            Pick::Named("a dagger".into())
        );
        // Past the pile, or before a look: left unresolved.
        assert_eq!(resolve_pick(&w, Pick::Index(5)), Pick::Index(5));
        assert_eq!(resolve_pick(&w, Pick::Index(0)), Pick::Index(0));
        assert_eq!(resolve_pick(&world(&[]), Pick::Index(1)), Pick::Index(1));
        // Other choices are the menu's to match.
        assert_eq!(resolve_pick(&w, Pick::All), Pick::All);
    }

    #[test]
    fn a_lone_object_is_the_first_of_its_pile() {
        let w = world(&["There is a staircase up here.", "You see here 2 daggers."]);
        assert_eq!(
            resolve_pick(&w, Pick::Index(1)),
            Pick::Named("2 daggers".into())
        );
        assert_eq!(resolve_pick(&w, Pick::Index(2)), Pick::Index(2));
    }

    #[test]
    fn classes_select_each_group_once() {
        let p = plan(&Pick::Classes("?=?".into()));
        assert_eq!(p.expect[0].answer, Answer::Keys("?=\r".into()));
        assert_eq!(p.keys, ",");
    }
}
