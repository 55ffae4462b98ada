//! Answers to the game's questions. Each action brings the answers it implies (BotHack's idea);
//! anything else gets a safe default and a log line — the engine never waits forever.

use nhbot_screen::Prompt;

/// What to send for a prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Keys(String),
    /// For a selection menu: the letters of the items chosen by their text, page by page.
    Menu(MenuPick),
    /// The action does not know this prompt: fall through to the default policy.
    Unknown,
}

/// Which items of a selection menu an action takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuPick {
    /// Every item.
    All,
    /// The first selectable item. Selecting it ends a pick-one menu (#enhance) at once, so its
    /// letter goes alone; a menu still shown with it selected (pick-any: identify) is then
    /// confirmed.
    First,
    /// The items whose text contains this (case-insensitive).
    Named(String),
}

impl MenuPick {
    /// The keys that select the chosen items of one menu page (skipping those already selected)
    /// and then go on: `>` to the next page, Enter on the last one (`First`: see there).
    pub fn keys(&self, menu: &nhbot_screen::Menu) -> String {
        let selectable = menu
            .items
            .iter()
            .filter(|i| !i.header)
            .filter_map(|i| i.letter.map(|l| (l, i)));
        let mut keys: String = match self {
            MenuPick::All => selectable
                .filter(|(_, i)| !i.selected)
                .map(|(l, _)| l)
                .collect(),
            MenuPick::First => {
                if menu.items.iter().any(|i| i.selected) {
                    return "\r".into();
                }
                match selectable.clone().next() {
                    Some((l, _)) => return l.to_string(),
                    None => String::new(),
                }
            }
            MenuPick::Named(name) => {
                let name = name.to_lowercase();
                selectable
                    .filter(|(_, i)| !i.selected && i.text.to_lowercase().contains(&name))
                    .map(|(l, _)| l)
                    .collect()
            }
        };
        match menu.page {
            Some((n, m)) if n < m => keys.push('>'),
            _ => keys.push('\r'),
        }
        keys
    }
}

/// One expected prompt of an action: a question fragment and the answer.
#[derive(Clone, Debug)]
pub struct Expect {
    pub contains: &'static str,
    pub answer: Answer,
}

impl Expect {
    pub fn new(contains: &'static str, keys: impl Into<String>) -> Expect {
        Expect {
            contains,
            answer: Answer::Keys(keys.into()),
        }
    }
}

/// The question text of a prompt.
pub fn question(p: &Prompt) -> &str {
    match p {
        Prompt::YesNo { question, .. }
        | Prompt::Direction { question }
        | Prompt::Item { question, .. }
        | Prompt::Text { question, .. }
        | Prompt::Position { question } => question,
    }
}

/// Known questions that can come up after almost any action, and their safe answers.
const COMMON: &[(&str, &str)] = &[
    // Never attack a peaceful by accident; never pay, never anger anyone.
    ("Really attack", "n"),
    // A shopkeeper's offer for what we dropped: keep it (selling is a decision, not an accident).
    ("Sell it?", "n"),
    ("Sell them?", "n"),
    ("Are you sure you want to pray", "y"),
    // Door handling: we choose doors deliberately; a stray prompt declines.
    ("Beware, there will be no return", "n"),
    ("Do you want to keep the save file", "n"),
    ("Do you want your possessions identified", "n"),
    ("Do you want to see your attributes", "n"),
    ("Do you want an account of creatures vanquished", "n"),
    ("Do you want to see the dungeon overview", "n"),
    ("Do you want to see your conduct", "n"),
    ("Do you want to see", "n"),
    // The game offers to name an object whose use showed nothing ("Call a milky potion:"):
    // naming is a decision, not an accident (the knowledge base keeps what was learnt).
    ("Call a", "\x1b"),
    ("Die?", "y"),
    ("Shall I pick a character", "y"),
    ("Is this ok?", "y"),
    // A resumed game's first screen: "Restoring save file...--More--" with the copyright
    // banner drawn after it on the same line, so the scraper cannot see the --More--.
    ("Restoring save file", "\r"),
    // Teleport control, teleportitis striking mid-action: stay (ESC aborts the teleport).
    ("Where do you want to be teleported?", "\x1b"),
    // A foocubus asking to take our armour off (mhitu.c `doseduce`): keep it on.
    ("Shall I remove your", "n"),
    // A vault's guard (vault.c `invault`): no name given is "I don't know you." and the way
    // out, as with any name but Croesus's (which angers him).
    ("Hello stranger, who are you?", "\x1b"),
];

/// The safe answer to a prompt no action expected: a known common answer, else ESC (which
/// cancels every NetHack prompt; for a y/n prompt the default or 'n' is taken instead when ESC
/// is not among the choices' meanings).
pub fn default_answer(p: &Prompt) -> (String, bool) {
    let q = question(p);
    if let Some((_, a)) = COMMON.iter().find(|(frag, _)| q.contains(frag)) {
        return (a.to_string(), true);
    }
    let keys = match p {
        Prompt::YesNo { choices, .. } if choices.contains('q') => "q".to_string(),
        Prompt::YesNo { choices, .. } if choices.contains('n') => "n".to_string(),
        _ => "\x1b".to_string(),
    };
    (keys, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peaceful_attack_is_declined_and_unknown_prompts_escape() {
        let p = Prompt::YesNo {
            question: "Really attack the watchman?".into(),
            choices: "yn".into(),
            default: Some('n'),
        };
        assert_eq!(default_answer(&p), ("n".to_string(), true));
        let p = Prompt::Text {
            question: "What do you want to name this dog?".into(),
            so_far: String::new(),
        };
        assert_eq!(default_answer(&p), ("\x1b".to_string(), false));
        let p = Prompt::Text {
            question: "Call a milky potion:".into(),
            so_far: String::new(),
        };
        assert_eq!(
            default_answer(&p),
            ("\x1b".to_string(), true),
            "known, no warning"
        );
        let p = Prompt::YesNo {
            question: "Something odd?".into(),
            choices: "ynq".into(),
            default: Some('n'),
        };
        assert_eq!(default_answer(&p).0, "q");
        let p = Prompt::YesNo {
            question: "\"Shall I remove your shield, lover?\"".into(),
            choices: "yn".into(),
            default: None,
        };
        assert_eq!(
            default_answer(&p),
            ("n".to_string(), true),
            "known, armour kept"
        );
        let p = Prompt::Text {
            question: "\"Hello stranger, who are you?\" -".into(),
            so_far: String::new(),
        };
        assert_eq!(
            default_answer(&p),
            ("\x1b".to_string(), true),
            "known, no name"
        );
        // Teleport control mid-meal: stay where we are, no warning.
        let p = Prompt::Position {
            question: "You resume your meal.  Where do you want to be teleported?".into(),
        };
        assert_eq!(default_answer(&p), ("\x1b".to_string(), true));
    }

    /// A menu page: `(letter, text, selected)` items under a "Weapons" header.
    fn page(items: &[(char, &str, bool)], page: Option<(u32, u32)>) -> nhbot_screen::Menu {
        let header = nhbot_screen::MenuItem {
            letter: None,
            text: "Weapons".into(),
            selected: false,
            header: true,
        };
        let items = items
            .iter()
            .map(|&(l, text, selected)| nhbot_screen::MenuItem {
                letter: Some(l),
                text: text.into(),
                selected,
                header: false,
            });
        nhbot_screen::Menu {
            items: std::iter::once(header).chain(items).collect(),
            page,
            last_page: page.is_none_or(|(n, m)| n == m),
            column: 40,
            title: None,
            end_row: 5,
            text_window: false,
        }
    }

    #[test]
    fn the_first_item_is_chosen_then_confirmed() {
        let first = MenuPick::First;
        // Its letter alone: a pick-one menu (#enhance) ends on it; a `>` after it would be
        // read as a command.
        let menu = page(&[('a', "axe", false), ('b', "dagger", false)], Some((1, 2)));
        assert_eq!(first.keys(&menu), "a");
        // A pick-any menu (identify) still shows it, selected: confirm.
        let menu = page(&[('a', "axe", true), ('b', "dagger", false)], Some((1, 2)));
        assert_eq!(first.keys(&menu), "\r");
        // Nothing to choose on this page: the next one.
        let menu = page(&[], Some((1, 2)));
        assert_eq!(first.keys(&menu), ">");
    }

    #[test]
    fn named_items_are_chosen_on_each_page() {
        let named = MenuPick::Named("Dagger".into());
        let menu = page(
            &[
                ('a', "a dagger", false),
                ('b', "an elven dagger", true),
                ('c', "an axe", false),
            ],
            Some((1, 2)),
        );
        assert_eq!(
            named.keys(&menu),
            "a>",
            "case-insensitive; the selected one stays"
        );
        let menu = page(&[('d', "2 daggers", false)], Some((2, 2)));
        assert_eq!(named.keys(&menu), "d\r");
        let menu = page(&[('a', "a dagger", false), ('c', "an axe", false)], None);
        assert_eq!(MenuPick::All.keys(&menu), "ac\r");
    }

    #[test]
    fn a_resumed_games_restoring_message_is_known() {
        // The top line of every --resume, as the scraper reads it.
        let p = Prompt::Text {
            question: "Restoring save file...--More-- NetHack, Copyright 1985-2020".into(),
            so_far: String::new(),
        };
        assert_eq!(default_answer(&p), ("\r".to_string(), true));
    }
}
