//! Missiles: weapons thrown by hand, for a monster we cannot reach (one shut behind a Sokoban
//! boulder in a 1-wide corridor, where nothing else gets at it), and picking them up when we
//! step on them.

use crate::look::{self, LookHere};
use nhbot_world::{Action, Encumbrance, Item, World};

/// Weapons made to be thrown by hand, as their names read (singular and plural).
const MISSILES: &[&str] = &[
    "dagger", "knife", "knives", "dart", "shuriken", "spear", "javelin",
];

/// Whether an object of this name is a missile (and no launcher's ammunition).
pub fn is_missile(name: &str) -> bool {
    MISSILES.iter().any(|m| name.contains(m))
}

/// The missile we may throw: neither wielded nor worn (a Valkyrie's long sword is no missile;
/// her dagger is).
pub fn throwable(w: &World) -> Option<&Item> {
    w.inventory
        .iter()
        .find(|i| !i.wielded && !i.worn && is_missile(&i.name))
}

/// Pick up the missile we just stepped on (the step onto a square with one object says "You
/// see here 3 darts."): every one is a throw more when a monster is out of reach. Never in a
/// shop (it would be unpaid), never when it would burden us.
pub fn pick_up_missile_step(w: &World) -> Option<(Action, String)> {
    let LookHere::One(text) = look::look_here(&w.messages) else {
        return None;
    };
    if text.contains("for sale") || w.status.encumbrance != Encumbrance::Unencumbered {
        return None;
    }
    is_missile(&text).then(|| {
        (
            Action::Pickup {
                what: nhbot_world::Pick::All,
            },
            format!("picking up a missile to throw: {text}"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::parse_inventory_line;

    #[test]
    fn missiles_are_thrown_and_picked_up() {
        let mut w = World {
            inventory: [
                "a - a +1 long sword (weapon in hand)",
                "c - an uncursed +3 small shield (being worn)",
                "f - 3 darts",
            ]
            .iter()
            .filter_map(|l| parse_inventory_line(l))
            .collect(),
            ..World::default()
        };
        assert_eq!(throwable(&w).map(|i| i.letter), Some('f'));
        w.inventory.retain(|i| i.letter != 'f');
        assert_eq!(throwable(&w), None, "the wielded sword is no missile");
        w.messages = vec!["You see here 2 orcish daggers.".into()];
        assert!(matches!(
            pick_up_missile_step(&w),
            Some((
                Action::Pickup {
                    what: nhbot_world::Pick::All
                },
                _
            ))
        ));
        for not in [
            "You see here a dagger (for sale, 5 zorkmids).",
            "You see here 12 crossbow bolts.",
            "You see here a long sword.",
        ] {
            w.messages = vec![not.into()];
            assert_eq!(pick_up_missile_step(&w), None, "{not}");
        }
        w.messages = vec!["You see here a dart.".into()];
        w.status.encumbrance = Encumbrance::Burdened;
        assert_eq!(pick_up_missile_step(&w), None, "burdened");
    }
}
