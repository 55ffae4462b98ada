//! Thefts: a nymph (or a monkey) took something of ours. She teleports away with it and keeps
//! it until she dies, when it falls where she stood (steal.c `steal`, `stealarm`). In b41's
//! 200 games nymphs stole 587 items, the +1 long sword 36 times; 33 of those games never killed
//! a nymph again and most died within ~1,100 turns, fighting bare-handed.

use crate::inventory::parse_inventory_line;
use crate::World;
use serde::{Deserialize, Serialize};

/// One theft, as the game told it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Theft {
    /// The level's index in the dungeon (`Dungeon::current` then).
    pub level: Option<usize>,
    pub turn: i64,
    /// "water nymph", or "" when the game said "She" or "It".
    pub thief: String,
    /// The item as the game named it ("a +1 long sword").
    pub item: String,
    /// Our wielded weapon or worn armour (an armour stolen is always worn: `stealarm`).
    pub gear: bool,
}

/// "The water nymph stole a +1 long sword." → ("water nymph", "a +1 long sword");
/// "She stole a +0 orcish cloak." → ("", ...); "The wood nymph steals a +1 leather armor!"
/// (armour she charmed off us). None for any other message.
pub fn parse_theft(message: &str) -> Option<(String, String)> {
    let (who, item) = message
        .split_once(" stole ")
        .map(|(who, item)| (who, item.strip_suffix('.')))
        .or_else(|| {
            message
                .split_once(" steals ")
                .map(|(who, item)| (who, item.strip_suffix('!')))
        })?;
    let item = item?;
    // "She removed your chain and stole ..." is a punishment's ball, not ours to chase.
    if (who.contains(' ') && !who.starts_with("The ")) || item.is_empty() {
        return None;
    }
    let thief = match who {
        "She" | "It" | "Somebody" => "",
        named => named.strip_prefix("The ")?,
    };
    Some((thief.to_string(), item.to_string()))
}

/// Whether a kill's name may be the thief's: the kind the game named, or any nymph or monkey
/// when it said "She" or "It".
fn may_be_thief(thief: &str, killed: &str) -> bool {
    if thief.is_empty() {
        killed.contains("nymph") || killed.contains("monkey")
    } else {
        killed == thief
    }
}

/// Whether the thief was a nymph, or one the game did not name ("She stole ...", "It stole
/// ..." when unseen: most thieves are nymphs, and a monkey is seen before it steals).
fn by_nymph(theft: &Theft) -> bool {
    theft.thief.is_empty() || theft.thief.contains("nymph")
}

/// Whether `kill` may be the death of the thief of `theft`: her kind, on her level, since.
fn settles(theft: &Theft, kill: &crate::kills::Kill) -> bool {
    kill.level == theft.level && kill.turn >= theft.turn && may_be_thief(&theft.thief, &kill.name)
}

impl World {
    /// Records a theft told by one message (see [`parse_theft`]); `gear` from the pack as last
    /// listed (the stolen item is still in it).
    pub(crate) fn learn_theft(&mut self, message: &str) {
        let Some((thief, item)) = parse_theft(message) else {
            return;
        };
        let armour = message.ends_with('!');
        let name = parse_inventory_line(&format!("x - {item}")).map(|i| i.name);
        let gear = armour
            || self
                .inventory
                .iter()
                .any(|i| (i.wielded || i.worn) && Some(&i.name) == name.as_ref());
        self.thefts.push(Theft {
            level: self.dungeon.current,
            turn: self.turn,
            thief,
            item,
            gear,
        });
    }

    /// After the kill just recorded (the last of [`World::kills`]): when it is the death of a
    /// thief that took our gear on this level, and no earlier kill settled that theft, what she
    /// carried lies where she died: a pile of our gear to pick up ([`World::shed_gear`]).
    pub(crate) fn learn_thief_death(&mut self, kill_message: &str) {
        let Some((last, earlier)) = self.kills.split_last() else {
            return;
        };
        let Some(pos) = last.pos.or_else(|| last.vanished.first().map(|v| v.pos)) else {
            return;
        };
        let stolen: Vec<String> = self
            .thefts
            .iter()
            .filter(|t| {
                t.gear
                    && t.level == last.level
                    && settles(t, last)
                    && !earlier.iter().any(|k| settles(t, k))
            })
            .map(|t| format!("stolen at turn {}: {};", t.turn, t.item))
            .collect();
        if stolen.is_empty() {
            return;
        }
        let mut said = stolen;
        said.push(kill_message.to_string());
        self.shed_gear.push(crate::shed::ShedGear {
            level: last.level,
            pos,
            turn: self.turn,
            said,
        });
    }

    /// The latest theft of our gear on this level at most `patience` turns ago whose thief has
    /// not died here since (a kill of that kind, by us or seen): she still carries it here.
    /// With `any_item`, a nymph's theft of anything counts too: she comes back for more, and
    /// the gear may be next.
    pub fn theft_pending(&self, patience: i64, any_item: bool) -> Option<&Theft> {
        let here = self.dungeon.current?;
        self.thefts.iter().rev().find(|t| {
            (t.gear || (any_item && by_nymph(t)))
                && t.level == Some(here)
                && self.turn - t.turn <= patience
                && !self.kills.iter().any(|k| settles(t, k))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kills::Kill;

    #[test]
    fn theft_messages_are_read() {
        assert_eq!(
            parse_theft("The water nymph stole a +1 long sword."),
            Some(("water nymph".into(), "a +1 long sword".into()))
        );
        assert_eq!(
            parse_theft("She stole an uncursed +3 small shield."),
            Some((String::new(), "an uncursed +3 small shield".into()))
        );
        assert_eq!(
            parse_theft("The wood nymph steals a +1 leather armor!"),
            Some(("wood nymph".into(), "a +1 leather armor".into()))
        );
        assert_eq!(parse_theft("You kill the water nymph!"), None);
        assert_eq!(
            parse_theft("The wood nymph stole a +1 long sword"),
            None,
            "not the game's sentence"
        );
        assert_eq!(
            parse_theft("You hear someone say \"the thief stole it.\""),
            None
        );
    }

    fn world_with_sword() -> World {
        let mut w = World::default();
        w.dungeon.current = Some(0);
        let mut sword = parse_inventory_line("a - a +1 long sword (weapon in hand)").unwrap();
        sword.wielded = true;
        let potion = parse_inventory_line("n - a sky blue potion").unwrap();
        w.inventory = vec![sword, potion];
        w.turn = 100;
        w
    }

    #[test]
    fn a_stolen_weapon_is_pending_until_her_kind_dies_here() {
        let mut w = world_with_sword();
        w.learn_theft("The water nymph stole a +1 long sword.");
        assert!(w.theft_pending(1000, false).is_some());
        w.turn = 1101;
        assert!(w.theft_pending(1000, false).is_none(), "patience spent");
        w.turn = 200;
        w.dungeon.current = Some(1);
        assert!(w.theft_pending(1000, false).is_none(), "another level");
        w.dungeon.current = Some(0);
        let kill = |name: &str, turn: i64, level: usize| Kill {
            turn,
            name: name.into(),
            level: Some(level),
            ..Kill::default()
        };
        w.kills.push(kill("water nymph", 50, 0));
        w.kills.push(kill("wood nymph", 150, 0));
        w.kills.push(kill("water nymph", 150, 1));
        assert!(
            w.theft_pending(1000, false).is_some(),
            "a kill before, another kind, another level"
        );
        w.kills.push(kill("water nymph", 180, 0));
        assert!(w.theft_pending(1000, false).is_none(), "she died here");
    }

    #[test]
    fn her_death_leaves_our_gear_where_she_died_once() {
        let mut w = world_with_sword();
        w.learn_theft("The water nymph stole a +1 long sword.");
        let kill = |name: &str, turn: i64, x: i16| Kill {
            turn,
            name: name.into(),
            level: Some(0),
            pos: Some(nhbot_screen::Pos::new(x, 5)),
            ..Kill::default()
        };
        w.kills.push(kill("jackal", 110, 3));
        w.learn_thief_death("You kill the jackal!");
        assert!(w.shed_gear.is_empty(), "not the thief");
        w.kills.push(kill("water nymph", 120, 7));
        w.learn_thief_death("You kill the water nymph!");
        assert_eq!(w.shed_gear.len(), 1);
        assert_eq!(w.shed_gear[0].pos, nhbot_screen::Pos::new(7, 5));
        assert!(w.shed_gear[0].said[0].contains("+1 long sword"));
        w.kills.push(kill("water nymph", 130, 9));
        w.learn_thief_death("You kill the water nymph!");
        assert_eq!(
            w.shed_gear.len(),
            1,
            "a second nymph carries nothing of ours"
        );
    }

    #[test]
    fn a_pack_item_is_no_gear_and_an_unnamed_thief_is_any_nymph() {
        let mut w = world_with_sword();
        w.learn_theft("She stole a sky blue potion.");
        assert!(!w.thefts[0].gear);
        assert!(
            w.theft_pending(1000, false).is_none(),
            "not gear: not worth a hold"
        );
        w.learn_theft("She stole a +1 long sword.");
        assert!(w.theft_pending(1000, false).is_some());
        w.kills.push(Kill {
            turn: 120,
            name: "mountain nymph".into(),
            level: Some(0),
            ..Kill::default()
        });
        assert!(w.theft_pending(1000, false).is_none());
        w.learn_theft("The wood nymph steals a +0 orcish helm!");
        assert!(w.thefts[2].gear, "charmed off: worn");
    }

    #[test]
    fn any_item_counts_a_nymphs_theft_of_anything_but_not_a_monkeys() {
        let mut w = world_with_sword();
        w.learn_theft("The monkey stole a sky blue potion.");
        assert!(
            w.theft_pending(1000, true).is_none(),
            "a monkey does not come back"
        );
        w.learn_theft("The water nymph stole a sky blue potion.");
        assert!(w.theft_pending(1000, false).is_none(), "not gear");
        assert_eq!(
            w.theft_pending(1000, true).map(|t| t.thief.as_str()),
            Some("water nymph")
        );
        w.kills.push(Kill {
            turn: 130,
            name: "water nymph".into(),
            level: Some(0),
            ..Kill::default()
        });
        assert!(w.theft_pending(1000, true).is_none(), "she died here");
    }
}
