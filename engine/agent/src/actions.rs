//! Actions → keys, plus the prompt answers each implies.

use crate::prompts::{Answer, Expect, MenuPick};
use nhbot_world::{Action, Dir, Pick};

/// The keys to start an action and the prompts it expects.
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

pub fn plan(action: &Action) -> Plan {
    match action {
        Action::Move { dir } => Plan::keys(dir.key().to_string()),
        Action::Fight { dir } => Plan::keys(format!("F{}", dir.key())),
        Action::Search { count } => Plan::keys(format!("{}s", (*count).max(1))),
        Action::Rest { count } => Plan::keys(format!("{}s", (*count).max(1))),
        Action::Eat { item } => {
            // From the pack: the item letter answers "What do you want to eat?"; without one, the
            // first offered letter. Floor items are declined unless no letter was given and the
            // pack offers nothing.
            // "There is a newt corpse here; eat it?" / "There are 2 jackal corpses here; eat one?"
            let p = Plan::keys("e").with(Expect::new(
                "here; eat",
                if item.is_some() { "n" } else { "y" },
            ));
            match item {
                Some(c) => p.with(Expect::new("What do you want to eat?", c.to_string())),
                None => p.with(Expect {
                    contains: "What do you want to eat?",
                    answer: crate::prompts::Answer::Unknown,
                }),
            }
        }
        Action::Pray => {
            Plan::keys("#pray\r").with(Expect::new("Are you sure you want to pray?", "y"))
        }
        Action::Engrave { text, with } => Plan::keys("E")
            .with(Expect::new(
                "What do you want to write with?",
                with.unwrap_or('-').to_string(),
            ))
            .with(Expect::new(
                "Do you want to add to the current engraving?",
                "n",
            ))
            .with(Expect::new("You will overwrite it", "y"))
            .with(Expect::new(
                "What do you want to write in the dust here?",
                format!("{text}\r"),
            ))
            .with(Expect::new(
                "What do you want to engrave here?",
                format!("{text}\r"),
            ))
            // Wands and hard tools ask in their own words ("burn into the floor", "melt into
            // the ice", "scrawl on the ..."): every one is "What do you want to ... here?".
            .with(Expect::new(" here?", format!("{text}\r")))
            .with(Expect::new("Call a", "\x1b")),
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
        Action::Throw { item, dir } => Plan::keys("t")
            .with(Expect::new("What do you want to throw?", item.to_string()))
            .with(Expect::new("In what direction?", dir.key().to_string())),
        Action::Descend => Plan::keys(">"),
        Action::Ascend => Plan::keys("<"),
        Action::Pickup { what } => {
            let p = Plan::keys(",");
            let answer = match what {
                Pick::All => Answer::Menu(MenuPick::All),
                // Group accelerators: a class symbol selects every item of that class.
                Pick::Classes(c) => Answer::Keys(format!("{c}\r")),
                Pick::Named(n) => Answer::Menu(MenuPick::Named(n.clone())),
                // Unresolved (the agent resolves an index against the world's pile first).
                Pick::Index(_) => Answer::Keys("\x1b".into()),
            };
            p.with(Expect {
                contains: "Pick up what?",
                answer,
            })
        }
        Action::Look => Plan::keys(":"),
        Action::Zap { item, dir } => Plan::keys("z")
            .with(Expect::new("What do you want to zap?", item.to_string()))
            .with(Expect::new("In what direction?", dir.key().to_string()))
            .with(Expect::new("Call a", "\x1b")),
        Action::Quaff { item } => {
            let from_here = if item.is_some() { "n" } else { "y" };
            Plan::keys("q")
                .with(Expect::new("Drink from the fountain?", from_here))
                .with(Expect::new("Drink from the sink?", from_here))
                .with(Expect::new(
                    "What do you want to drink?",
                    item.map_or("\x1b".to_string(), |c| c.to_string()),
                ))
                .with(Expect::new("Call a", "\x1b"))
        }
        Action::Read { item } => Plan::keys("r")
            .with(Expect::new("What do you want to read?", item.to_string()))
            .with(Expect {
                contains: "What would you like to identify first?",
                answer: Answer::Menu(MenuPick::First),
            })
            .with(Expect::new("Call a", "\x1b")),
        Action::Wear { item } => {
            Plan::keys("W").with(Expect::new("What do you want to wear?", item.to_string()))
        }
        Action::TakeOff { item } => Plan::keys("T").with(Expect::new(
            "What do you want to take off?",
            item.to_string(),
        )),
        Action::Wield { item } => Plan::keys("w").with(Expect::new(
            "What do you want to wield?",
            item.unwrap_or('-').to_string(),
        )),
        Action::PutOn { item } => Plan::keys("P")
            .with(Expect::new("What do you want to put on?", item.to_string()))
            .with(Expect::new("Which ring-finger", "r")),
        Action::Remove { item } => {
            Plan::keys("R").with(Expect::new("What do you want to remove?", item.to_string()))
        }
        Action::Apply { item, dir } => {
            let p = Plan::keys("a").with(Expect::new(
                "What do you want to use or apply?",
                item.to_string(),
            ));
            match dir {
                // "In what direction?", "In what direction do you want to dig?"
                Some(d) => p.with(Expect::new("In what direction", d.key().to_string())),
                None => p,
            }
        }
        Action::Fire { dir, item } => Plan::keys("f")
            .with(Expect::new(
                "What do you want to fire?",
                item.map_or("\x1b".to_string(), |c| c.to_string()),
            ))
            .with(Expect::new("In what direction?", dir.key().to_string())),
        Action::Quiver { item } => {
            Plan::keys("Q").with(Expect::new("What do you want to ready?", item.to_string()))
        }
        Action::Drop { item, count } => Plan::keys("d").with(Expect::new(
            "What do you want to drop?",
            match count {
                Some(n) => format!("{n}{item}"),
                None => item.to_string(),
            },
        )),
        Action::Enhance => Plan::keys("#enhance\r").with(Expect {
            contains: "Pick a skill to advance",
            answer: Answer::Menu(MenuPick::First),
        }),
        Action::Offer { item } => Plan::keys("#offer\r")
            .with(Expect::new(
                "here; sacrifice",
                if item.is_some() { "n" } else { "y" },
            ))
            .with(Expect::new(
                "What do you want to sacrifice?",
                item.map_or("\x1b".to_string(), |c| c.to_string()),
            )),
        Action::Chat { dir } => {
            Plan::keys("#chat\r").with(Expect::new("Talk to whom?", dir.key().to_string()))
        }
        Action::Farlook { at } => {
            Plan::keys(";").with(Expect::new("Pick an object", travel_keys(*at)))
        }
        Action::Inventory => Plan::keys("i"),
        Action::Keys { keys } => Plan::keys(keys.clone()),
    }
}

/// Keys that move the position cursor to `to` and select it: `@` jumps to the player... we use
/// absolute positioning from the player's square through the caller; the simplest robust form is
/// to type the target position relative moves. NetHack's getpos accepts `<` `>` `_` symbols, and
/// capital HJKL move 8 squares. The agent resolves this lazily (see session::position_keys).
fn travel_keys(to: nhbot_screen::Pos) -> String {
    // Encoded as a marker the session expands with the cursor position it sees.
    format!("\u{0}{},{}", to.x, to.y)
}

/// Expands a position marker into cursor keys given the current cursor position.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_keys_reach_the_target() {
        let k = expand_position("\u{0}30,5", (10, 5)).unwrap();
        assert_eq!(k, "LLllll.");
        let k = expand_position("\u{0}11,6", (10, 5)).unwrap();
        assert_eq!(k, "n.");
        assert_eq!(expand_position("\u{0}3,3", (3, 3)).unwrap(), ".");
    }

    #[test]
    fn eating_from_the_floor_answers_singular_and_plural_questions() {
        let p = plan(&Action::Eat { item: None });
        for q in [
            "There is a newt corpse here; eat it?",
            "There are 2 jackal corpses here; eat one?",
        ] {
            let e = p.expect.iter().find(|e| q.contains(e.contains)).expect(q);
            assert_eq!(e.answer, crate::prompts::Answer::Keys("y".into()));
        }
    }

    #[test]
    fn actions_carry_their_prompt_answers() {
        let p = plan(&Action::Pray);
        assert_eq!(p.keys, "#pray\r");
        assert!(p.expect.iter().any(|e| e.contains.contains("pray")));
        let p = plan(&Action::Search { count: 0 });
        assert_eq!(p.keys, "1s");
        let p = plan(&Action::Throw {
            item: 'b',
            dir: Dir::E,
        });
        assert_eq!(p.keys, "t");
        let answer = |q: &str| {
            p.expect
                .iter()
                .find(|e| q.contains(e.contains))
                .map(|e| &e.answer)
        };
        use crate::prompts::Answer::Keys;
        assert_eq!(
            answer("What do you want to throw? [$ab or ?*]"),
            Some(&Keys("b".into()))
        );
        assert_eq!(answer("In what direction?"), Some(&Keys("l".into())));
    }
}
