//! Gear our own body shed: a were-creature's change (lycanthropy), or any polymorph into a
//! form too small or handless for it, drops the armour and the weapon where we stand
//! (polyself.c `break_armor`, `drop_weapon`). 20 of the 200-game bench's games changed so;
//! back in human form the bot did not know the pile under it and walked off with AC 10
//! (seed 29: changed while searching, prayed, returned on the pile, wielded a dagger and
//! went down).

use crate::World;
use nhbot_screen::Pos;
use serde::{Deserialize, Serialize};

/// Where our gear fell, and what the game said of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShedGear {
    /// The level's index in the dungeon (`Dungeon::current` then).
    pub level: Option<usize>,
    pub pos: Pos,
    /// The turn of the last message about it.
    pub turn: i64,
    /// The game's words, in order ("Your armor falls around you!", ...).
    pub said: Vec<String>,
}

/// Whether a message tells that a piece of our gear fell to the floor (not one destroyed:
/// "You break out of your armor!" leaves nothing to pick up).
pub fn sheds_gear(message: &str) -> bool {
    let ours_falls = message.starts_with("Your ")
        && (message.contains(" falls to the ") || message.ends_with(" falls off!"));
    ours_falls
        || message.starts_with("Your armor falls around you")
        || message.starts_with("You can no longer hold your ")
        || message.starts_with("You find you must drop your ")
        || message.starts_with("You drop your gloves")
        || message.contains(" off your feet!")
        || message.contains("much too small for your ")
}

/// Whether a message tells that we dropped something ("You drop a food ration."): in a small
/// polymorphed form, the load it could not carry.
pub fn dropped_in_form(message: &str) -> bool {
    // "You drop your gloves and weapon!" is the change shedding them (`sheds_gear`).
    message.starts_with("You drop ") && !message.starts_with("You drop your ")
}

/// The game's refusals that tell our form has no hands to throw with (dothrow.c
/// `ok_to_throw`), a loop for any leaf that tries again: seeds 137, 232, 305, 329 and 381 of a
/// 400-game bench threw at a floating eye or a mold 700 to 8,500 times in a were-form.
const HANDLESS: &[&str] = &[
    "You can't throw or shoot without hands.",
    "You are physically incapable of throwing or shooting anything.",
];

impl World {
    /// Learns from a frame's messages whether our form has hands ([`World::handless`]); a
    /// form no longer polymorphed has its hands back.
    pub(crate) fn learn_hands(&mut self, messages: &[String]) {
        if !self.status.polymorphed {
            self.handless = false;
        } else if messages
            .iter()
            .any(|m| HANDLESS.iter().any(|h| m.starts_with(h)))
        {
            self.handless = true;
        }
    }

    /// Records where our gear fell, from one message (see [`sheds_gear`]), and what we dropped
    /// in a polymorphed form (a small form's load, see [`dropped_in_form`]): back in our own
    /// form it is all picked up again.
    pub(crate) fn learn_shed_gear(&mut self, message: &str) {
        let ours = sheds_gear(message) || (self.status.polymorphed && dropped_in_form(message));
        if !ours {
            return;
        }
        let (level, pos, turn) = (self.dungeon.current, self.player, self.turn);
        if let Some(same) = self
            .shed_gear
            .iter_mut()
            .find(|s| s.level == level && s.pos == pos)
        {
            same.turn = turn;
            same.said.push(message.to_string());
            return;
        }
        self.shed_gear.push(ShedGear {
            level,
            pos,
            turn,
            said: vec![message.to_string()],
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_were_change_sheds_armour_shield_helm_boots_and_weapon() {
        // Seeds 29, 43 and 96 of the 200-game bench (wererat and werejackal).
        for said in [
            "Your armor falls around you!",
            "You can no longer hold your shield!",
            "Your helm falls to the ground!",
            "Your helm falls to the floor!",
            "Your boots slide off your feet!",
            "You find you must drop your sword!",
            "Your cloak falls off!",
            "You drop your gloves and weapon!",
        ] {
            assert!(sheds_gear(said), "{said}");
        }
        for not_ours in [
            "You break out of your armor!",
            "The wererat's helmet falls to the ground!",
            "A trap door in the ceiling opens and a rock falls on your head!",
            "You turn into a wererat!",
        ] {
            assert!(!sheds_gear(not_ours), "{not_ours}");
        }
    }

    #[test]
    fn a_refused_throw_marks_the_form_handless_until_it_ends() {
        let said = |m: &str| vec![m.to_string()];
        let mut w = World::default();
        w.status.polymorphed = true;
        w.learn_hands(&said("You turn into a werejackal!"));
        assert!(!w.handless);
        w.learn_hands(&said("You can't throw or shoot without hands."));
        assert!(w.handless);
        w.learn_hands(&[]);
        assert!(w.handless, "the form lasts");
        w.status.polymorphed = false;
        w.learn_hands(&[]);
        assert!(!w.handless, "back in human form, with or without a message");
    }

    #[test]
    fn one_change_is_one_pile_where_we_stood() {
        let mut w = World {
            turn: 2825,
            player: Pos::new(10, 5),
            ..World::default()
        };
        w.learn_shed_gear("Your armor falls around you!");
        w.learn_shed_gear("You can no longer hold your shield!");
        w.learn_shed_gear("You feel feverish.");
        assert_eq!(w.shed_gear.len(), 1);
        assert_eq!(w.shed_gear[0].pos, Pos::new(10, 5));
        assert_eq!(w.shed_gear[0].said.len(), 2);
        w.player = Pos::new(30, 7);
        w.turn = 3100;
        w.learn_shed_gear("Your helm falls to the floor!");
        assert_eq!(w.shed_gear.len(), 2);
        assert_eq!(w.shed_gear[1].turn, 3100);
    }

    #[test]
    fn what_we_drop_in_a_polymorphed_form_joins_the_pile_and_not_otherwise() {
        let mut w = World {
            turn: 6029,
            player: Pos::new(12, 8),
            ..World::default()
        };
        w.learn_shed_gear("You drop a +0 dagger.");
        assert!(
            w.shed_gear.is_empty(),
            "a drop in our own form is ours to leave"
        );
        w.status.polymorphed = true;
        w.learn_shed_gear("You drop 2 food rations.");
        w.learn_shed_gear("You drop a wand of striking.");
        assert_eq!(w.shed_gear.len(), 1);
        assert_eq!(w.shed_gear[0].said.len(), 2);
        assert!(!dropped_in_form("You drop your gloves and weapon!"));
    }
}
