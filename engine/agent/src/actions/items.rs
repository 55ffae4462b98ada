//! Using items: each command with the questions NetHack 3.6.6 asks on the way, in its own
//! words (getobj's "What do you want to <verb>? [letters or ?*]", and the follow-ups each
//! command may ask). Checked on the real game by `tests/item_actions_game.rs`.

use super::Plan;
use crate::prompts::{Answer, Expect, MenuPick};
use nhbot_world::Action;

/// The answer to an item question: the letter, or ESC (cancel) without one.
fn letter_or_cancel(item: Option<char>) -> String {
    item.map_or("\x1b".to_string(), |c| c.to_string())
}

/// The plans of the item actions (every other action is `super::plan`'s).
pub(super) fn plan(action: &Action) -> Plan {
    match action {
        Action::Eat { item } => eat(*item),
        Action::Engrave { text, with } => engrave(text, *with),
        Action::Throw { item, dir } => Plan::keys("t")
            .with(Expect::new("What do you want to throw?", item.to_string()))
            .with(Expect::new("In what direction?", dir.key().to_string())),
        // A wand the zap identifies not, when it did something: "Call a wand ...".
        Action::Zap { item, dir } => Plan::keys("z")
            .with(Expect::new("What do you want to zap?", item.to_string()))
            .with(Expect::new("In what direction?", dir.key().to_string()))
            .with(Expect::new("Call a", "\x1b")),
        Action::Quaff { item } => {
            let from_here = if item.is_some() { "n" } else { "y" };
            Plan::keys("q")
                .with(Expect::new("Drink from the fountain?", from_here))
                .with(Expect::new("Drink from the sink?", from_here))
                // Wizard mode asks before a fountain dries up; a normal game just dries it.
                .with(Expect::new("Dry up fountain?", "y"))
                .with(Expect::new(
                    "What do you want to drink?",
                    letter_or_cancel(*item),
                ))
                .with(Expect::new("Call a", "\x1b"))
        }
        // Identify asks "What would you like to identify first?", then "... next?" while it
        // may identify more: the first item each time.
        Action::Read { item } => Plan::keys("r")
            .with(Expect::new("What do you want to read?", item.to_string()))
            .with(Expect {
                contains: "What would you like to identify",
                answer: Answer::Menu(MenuPick::First),
            })
            .with(Expect::new("Call a", "\x1b")),
        // With one piece of armour (or one accessory) on, `T` (`R`) takes it off unasked.
        Action::Wear { item } => {
            Plan::keys("W").with(Expect::new("What do you want to wear?", item.to_string()))
        }
        Action::TakeOff { item } => Plan::keys("T").with(Expect::new(
            "What do you want to take off?",
            item.to_string(),
        )),
        // `-`: bare hands.
        Action::Wield { item } => Plan::keys("w").with(Expect::new(
            "What do you want to wield?",
            item.unwrap_or('-').to_string(),
        )),
        // "Which ring-finger, Right or Left? [rl]" only while both hands are free.
        Action::PutOn { item } => Plan::keys("P")
            .with(Expect::new("What do you want to put on?", item.to_string()))
            .with(Expect::new("Which ring-finger", "r")),
        Action::Remove { item } => {
            Plan::keys("R").with(Expect::new("What do you want to remove?", item.to_string()))
        }
        // A pick-axe: "In what direction do you want to dig? [yuhjklbn><]" (wielding it first).
        Action::Apply { item, dir } => {
            let p = Plan::keys("a").with(Expect::new(
                "What do you want to use or apply?",
                item.to_string(),
            ));
            match dir {
                Some(d) => p.with(Expect::new("In what direction", d.key().to_string())),
                None => p,
            }
        }
        // With an empty quiver the game says "You have no ammunition readied." and asks what
        // to throw (the stack it then quivers).
        Action::Fire { dir, item } => Plan::keys("f")
            .with(Expect::new(
                "What do you want to throw?",
                letter_or_cancel(*item),
            ))
            .with(Expect::new("In what direction?", dir.key().to_string())),
        // Readying the wielded stack: "You are wielding 6 daggers.  Ready 5 of them?" (one
        // stays in hand), or "You are wielding that.  Ready it instead?".
        Action::Quiver { item } => Plan::keys("Q")
            .with(Expect::new("What do you want to ready?", item.to_string()))
            .with(Expect::new(".  Ready ", "y")),
        // A count typed before the letter drops that many of the stack.
        Action::Drop { item, count } => Plan::keys("d").with(Expect::new(
            "What do you want to drop?",
            match count {
                Some(n) => format!("{n}{item}"),
                None => item.to_string(),
            },
        )),
        other => unreachable!("{other} is not an item action"),
    }
}

/// `e`: from the pack, the item letter answers "What do you want to eat?"; without one, the
/// first offered letter. Floor items ("There is a newt corpse here; eat it?", "There are 2
/// jackal corpses here; eat one?") are declined when a letter was given.
fn eat(item: Option<char>) -> Plan {
    let p = Plan::keys("e").with(Expect::new(
        "here; eat",
        if item.is_some() { "n" } else { "y" },
    ));
    match item {
        Some(c) => p.with(Expect::new("What do you want to eat?", c.to_string())),
        None => p.with(Expect {
            contains: "What do you want to eat?",
            answer: Answer::Unknown,
        }),
    }
}

/// `E`, what to write with (`-`: fingers), then the text. An existing engraving of the same
/// kind is not added to ("Do you want to add to the current engraving?": no, so the game wipes
/// it out and the text is all ours).
fn engrave(text: &str, with: Option<char>) -> Plan {
    Plan::keys("E")
        .with(Expect::new(
            "What do you want to write with?",
            with.unwrap_or('-').to_string(),
        ))
        .with(Expect::new(
            "Do you want to add to the current engraving?",
            "n",
        ))
        // "What do you want to write in the dust here?", "... engrave in the floor here?",
        // "... burn into the floor here?", "... melt into the ice here?": all end so.
        .with(Expect::new(" here?", format!("{text}\r")))
        .with(Expect::new("Call a", "\x1b"))
}

/// `#enhance`. Wizard mode first offers to advance without practice: never (a normal game
/// does not ask). With nothing to advance the game lists "Current skills:", closed quietly.
pub(super) fn enhance() -> Plan {
    Plan::keys("#enhance\r")
        .with(Expect::new("Advance skills without practice?", "n"))
        .with(Expect {
            contains: "Pick a skill to advance",
            answer: Answer::Menu(MenuPick::First),
        })
}

/// `#offer`: the corpse here ("There is a newt corpse here; sacrifice it?") unless a pack
/// item is given, which answers "What do you want to sacrifice?".
pub(super) fn offer(item: Option<char>) -> Plan {
    Plan::keys("#offer\r")
        .with(Expect::new(
            "here; sacrifice",
            if item.is_some() { "n" } else { "y" },
        ))
        .with(Expect::new(
            "What do you want to sacrifice?",
            letter_or_cancel(item),
        ))
}

#[cfg(test)]
mod tests {
    use super::super::answer_to;
    use super::*;
    use crate::prompts::Answer::Keys;
    use nhbot_world::Dir;

    fn keys(s: &str) -> Option<Answer> {
        Some(Keys(s.into()))
    }

    /// Every question below is the game's own text, as recorded by the real-game tests.
    #[test]
    fn item_questions_are_answered_with_the_item() {
        let cases: Vec<(Action, &str, Option<Answer>)> = vec![
            (
                Action::Wear { item: 'f' },
                "What do you want to wear? [f or ?*]",
                keys("f"),
            ),
            (
                Action::TakeOff { item: 'f' },
                "What do you want to take off? [cf or ?*]",
                keys("f"),
            ),
            (
                Action::PutOn { item: 'g' },
                "Which ring-finger, Right or Left?",
                keys("r"),
            ),
            (
                Action::Remove { item: 'g' },
                "What do you want to remove? [gh or ?*]",
                keys("g"),
            ),
            (
                Action::Quiver { item: 'l' },
                "You are wielding 6 daggers.  Ready 5 of them?",
                keys("y"),
            ),
            (
                Action::Quiver { item: 'l' },
                "You are wielding that.  Ready it instead?",
                keys("y"),
            ),
            (
                Action::Fire {
                    dir: Dir::E,
                    item: None,
                },
                "What do you want to throw? [$ab or ?*]",
                keys("\x1b"),
            ),
            (
                Action::Drop {
                    item: 'm',
                    count: Some(2),
                },
                "What do you want to drop? [a-fhilm or ?*]",
                keys("2m"),
            ),
            (
                Action::Apply {
                    item: 'f',
                    dir: Some(Dir::Down),
                },
                "In what direction do you want to dig? [yuhjklbn><]",
                keys(">"),
            ),
            (
                Action::Quaff { item: None },
                "Drink from the fountain?",
                keys("y"),
            ),
            (
                Action::Quaff { item: Some('g') },
                "Drink from the fountain?",
                keys("n"),
            ),
            (
                Action::Enhance,
                "Advance skills without practice?",
                keys("n"),
            ),
            (
                Action::Offer { item: None },
                "There is a newt corpse here; sacrifice it?",
                keys("y"),
            ),
            (
                Action::Engrave {
                    text: "Elbereth".into(),
                    with: Some('b'),
                },
                "What do you want to engrave in the floor here?",
                keys("Elbereth\r"),
            ),
            (
                Action::Engrave {
                    text: "Elbereth".into(),
                    with: Some('f'),
                },
                "What do you want to burn into the floor here?",
                keys("Elbereth\r"),
            ),
        ];
        for (action, question, expected) in cases {
            let p = super::super::plan(&action);
            assert_eq!(
                answer_to(&p, question).cloned(),
                expected,
                "{action}: {question}"
            );
        }
    }

    #[test]
    fn reading_identify_picks_the_first_item_of_each_menu() {
        let p = plan(&Action::Read { item: 'j' });
        for title in [
            "What would you like to identify first?",
            "What would you like to identify next?",
        ] {
            assert_eq!(
                answer_to(&p, title),
                Some(&Answer::Menu(MenuPick::First)),
                "{title}"
            );
        }
    }

    #[test]
    fn eating_from_the_floor_answers_singular_and_plural_questions() {
        let p = plan(&Action::Eat { item: None });
        for q in [
            "There is a newt corpse here; eat it?",
            "There are 2 jackal corpses here; eat one?",
        ] {
            assert_eq!(answer_to(&p, q), Some(&Keys("y".into())), "{q}");
        }
        let p = plan(&Action::Throw {
            item: 'b',
            dir: Dir::E,
        });
        assert_eq!(p.keys, "t");
        assert_eq!(
            answer_to(&p, "What do you want to throw? [$ab or ?*]"),
            Some(&Keys("b".into()))
        );
        assert_eq!(answer_to(&p, "In what direction?"), Some(&Keys("l".into())));
    }
}
