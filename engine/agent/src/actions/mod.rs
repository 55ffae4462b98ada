//! Actions → keys, plus the prompt answers each implies. Moving, fighting and the other
//! commands without an item are here; item use in `items`, picking up in `pickup`.

mod items;
mod overview;
mod pickup;

use crate::prompts::Expect;
use nhbot_world::{Action, Dir};

pub use overview::read_overview;
pub use pickup::{resolve_pick, PILE_HEADER};

/// The keys to start one command and the prompts it expects.
pub struct Plan {
    pub keys: String,
    pub expect: Vec<Expect>,
}

impl Plan {
    fn keys(keys: impl Into<String>) -> Plan {
        Plan {
            keys: keys.into(),
            expect: Vec::new(),
        }
    }
    fn with(mut self, e: Expect) -> Plan {
        self.expect.push(e);
        self
    }
}

/// The commands that carry out `action`, in order: one for almost every action. Firing a
/// given stack readies it first (`Q`), since `f` fires whatever is in the quiver.
pub fn commands(action: &Action) -> Vec<Plan> {
    match action {
        Action::Fire {
            dir,
            item: Some(item),
        } => vec![
            plan(&Action::Quiver { item: *item }),
            plan(&Action::Fire {
                dir: *dir,
                item: Some(*item),
            }),
        ],
        other => vec![plan(other)],
    }
}

/// The keys and prompt answers of the command at the heart of `action` (for firing a given
/// stack, `commands` readies it before this).
pub fn plan(action: &Action) -> Plan {
    match action {
        Action::Move { dir } => Plan::keys(dir.key().to_string()),
        Action::Fight { dir } => Plan::keys(format!("F{}", dir.key())),
        Action::FightPeaceful { dir } => {
            Plan::keys(format!("F{}", dir.key())).with(Expect::new("Really attack", "y"))
        }
        Action::Search { count } => Plan::keys(format!("{}s", (*count).max(1))),
        Action::Rest { count } => Plan::keys(format!("{}s", (*count).max(1))),
        // Wizard mode offers to force the gods' favour: never (a normal game does not ask).
        Action::Pray => Plan::keys("#pray\r")
            .with(Expect::new("Are you sure you want to pray?", "y"))
            .with(Expect::new("Force the gods to be pleased?", "n")),
        Action::Travel { to } => Plan::keys("_").with(Expect::new(
            "Where do you want to travel to?",
            travel_keys(*to),
        )),
        Action::Open { dir } => {
            Plan::keys("o").with(Expect::new("In what direction?", dir.key().to_string()))
        }
        Action::Kick { dir } => {
            Plan::keys("\x04").with(Expect::new("In what direction?", dir.key().to_string()))
        }
        Action::Descend => Plan::keys(">"),
        Action::Ascend => Plan::keys("<"),
        Action::Pickup { what } => pickup::plan(what),
        Action::Look => Plan::keys(":"),
        Action::Enhance => items::enhance(),
        // One item on the bill: "<item> for 60 zorkmids.  Pay?"; several: itemized, each asked.
        Action::Pay => Plan::keys("p")
            .with(Expect::new("Itemized billing?", "y"))
            .with(Expect::new("Pay?", "y")),
        Action::Offer { item } => items::offer(*item),
        // "Talk to whom? (in what direction)"; a temple priest then asks a hero with gold "How
        // much will you offer?" (priest.c `bribe`): the amount, or nothing (ESC: "You refuse.").
        Action::Chat { dir, offer } => Plan::keys("#chat\r")
            .with(Expect::new("Talk to whom?", dir.key().to_string()))
            .with(Expect::new(
                "How much will you offer?",
                offer.map_or("\x1b".to_string(), |n| format!("{n}\r")),
            )),
        Action::Farlook { at } => {
            Plan::keys(";").with(Expect::new("Pick an object", travel_keys(*at)))
        }
        Action::Inventory => Plan::keys("i"),
        // The runner reads its window page by page (`read_overview`); alone it is just shown.
        Action::Overview => Plan::keys("\x0f"),
        Action::Keys { keys } => Plan::keys(keys.clone()),
        item_use => items::plan(item_use),
    }
}

/// A position answer: a marker the session expands into cursor keys from the cursor position
/// it sees when the game asks (see [`expand_position`]).
fn travel_keys(to: nhbot_screen::Pos) -> String {
    format!("\u{0}{},{}", to.x, to.y)
}

/// Expands a position marker into cursor keys given the current cursor position: capital
/// HJKL... move 8 squares where the target is that far, `.` selects.
pub fn expand_position(marker: &str, cursor: (i16, i16)) -> Option<String> {
    let rest = marker.strip_prefix('\u{0}')?;
    let (x, y) = rest.split_once(',')?;
    let (tx, ty): (i16, i16) = (x.parse().ok()?, y.parse().ok()?);
    let (mut cx, mut cy) = cursor;
    let mut keys = String::new();
    while (cx, cy) != (tx, ty) {
        let (dx, dy) = ((tx - cx).signum(), (ty - cy).signum());
        let dir = Dir::from_delta(dx, dy)?;
        // Capital letters move 8 squares at once when far enough in that direction.
        let far = (dx == 0 || (tx - cx).abs() >= 8) && (dy == 0 || (ty - cy).abs() >= 8);
        let step = if far { 8 } else { 1 };
        let c = dir.key();
        keys.push(if far { c.to_ascii_uppercase() } else { c });
        cx += dx * step;
        cy += dy * step;
    }
    keys.push('.');
    Some(keys)
}

/// The answer `plan` gives to a question the game asked (the first expectation it contains).
#[cfg(test)]
fn answer_to<'a>(plan: &'a Plan, question: &str) -> Option<&'a crate::prompts::Answer> {
    plan.expect
        .iter()
        .find(|e| question.contains(e.contains))
        .map(|e| &e.answer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prompts::Answer::Keys;

    #[test]
    fn position_keys_reach_the_target() {
        let k = expand_position("\u{0}30,5", (10, 5)).unwrap();
        assert_eq!(k, "LLllll.");
        let k = expand_position("\u{0}11,6", (10, 5)).unwrap();
        assert_eq!(k, "n.");
        assert_eq!(expand_position("\u{0}3,3", (3, 3)).unwrap(), ".");
    }

    #[test]
    fn paying_answers_the_shopkeepers_questions() {
        let p = plan(&Action::Pay);
        assert_eq!(p.keys, "p");
        assert_eq!(
            answer_to(
                &p,
                "An uncursed food ration for 45 zorkmids.  Pay? [yn] (n)"
            ),
            Some(&Keys("y".into()))
        );
        assert_eq!(
            answer_to(&p, "Itemized billing? [ynq] (q)"),
            Some(&Keys("y".into()))
        );
    }

    #[test]
    fn actions_carry_their_prompt_answers() {
        let p = plan(&Action::Pray);
        assert_eq!(p.keys, "#pray\r");
        assert_eq!(
            answer_to(&p, "Are you sure you want to pray? [yn] (n)"),
            Some(&Keys("y".into()))
        );
        assert_eq!(
            answer_to(&p, "Force the gods to be pleased?"),
            Some(&Keys("n".into()))
        );
        let p = plan(&Action::Search { count: 0 });
        assert_eq!(p.keys, "1s");
        let p = plan(&Action::Chat {
            dir: Dir::SW,
            offer: None,
        });
        // The game's own words (sounds.c); the scraper reads the rest as typed text.
        assert_eq!(answer_to(&p, "Talk to whom?"), Some(&Keys("b".into())));
        assert_eq!(
            answer_to(&p, "How much will you offer?"),
            Some(&Keys("\x1b".into()))
        );
        let p = plan(&Action::Chat {
            dir: Dir::E,
            offer: Some(1200),
        });
        assert_eq!(answer_to(&p, "Talk to whom?"), Some(&Keys("l".into())));
        assert_eq!(
            answer_to(&p, "How much will you offer?"),
            Some(&Keys("1200\r".into()))
        );
    }

    #[test]
    fn only_a_peaceful_fight_says_yes_to_really_attack() {
        let p = plan(&Action::FightPeaceful { dir: Dir::S });
        assert_eq!(
            answer_to(&p, "Really attack the dog?"),
            Some(&Keys("y".into()))
        );
        let p = plan(&Action::Fight { dir: Dir::S });
        assert_eq!(answer_to(&p, "Really attack the dog?"), None);
    }

    #[test]
    fn firing_a_given_stack_readies_it_first() {
        let fire = Action::Fire {
            dir: Dir::E,
            item: Some('m'),
        };
        let steps = commands(&fire);
        assert_eq!(
            steps.iter().map(|p| p.keys.as_str()).collect::<Vec<_>>(),
            ["Q", "f"]
        );
        assert_eq!(
            answer_to(&steps[0], "What do you want to ready? [$abm or ?*]"),
            Some(&Keys("m".into()))
        );
        // Only one command without a stack: the quivered one flies.
        assert_eq!(
            commands(&Action::Fire {
                dir: Dir::E,
                item: None
            })
            .len(),
            1
        );
        assert_eq!(commands(&Action::Search { count: 2 }).len(), 1);
    }
}
