//! Never strike our own pet by a stumble. Confused or stunned, a move goes astray (hack.c
//! `domove`: `confdir()`), and the pet is no "safe pet" then (`is_safepet` wants us steady and
//! seeing true): a move into it is a blow. Killing it costs 15 alignment and, half the time,
//! 5 Luck, and every prayer is refused for thousands of turns after: seeds 103, 109, 117, 119
//! and 130 of b31-hunt ate a rotten corpse ("You feel rather light headed."), killed their
//! little dog, and a hunger prayer the model called safe was refused.

use nhbot_world::{Action, Condition, World};

fn beside(w: &World, p: nhbot_world::Pos) -> bool {
    crate::threat::distance(p, w.player) == 1
}

/// Confused, stunned or hallucinating with our pet next to us and no hostile next to us:
/// search one turn, naming the pet and the condition. None otherwise.
pub fn hold_still_by_pet_step(w: &World) -> Option<(Action, String)> {
    let unsteady = [Condition::Stun, Condition::Conf, Condition::Hallu]
        .into_iter()
        .find(|c| w.status.conditions.contains(c))?;
    let pet = w.monsters.iter().find(|m| m.tame && beside(w, m.pos))?;
    let foe_beside = w
        .monsters
        .iter()
        .any(|m| beside(w, m.pos) && !m.tame && m.peaceful != Some(true));
    if foe_beside {
        return None; // the fight goes on: a blow strays into the pet one time in 40
    }
    Some((
        Action::Search { count: 1 },
        format!(
            "{unsteady:?} with our pet `{}` at ({}, {}) next to us: a move may stumble into it \
             (a blow at our pet), standing still until steady",
            pet.ch, pet.pos.x, pet.pos.y
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seen::world;

    fn scene(rows: &[&str], condition: Option<Condition>) -> World {
        let mut w = world(rows);
        for m in &mut w.monsters {
            m.tame = m.ch == 'd';
        }
        w.status.conditions.extend(condition);
        w
    }

    #[test]
    fn unsteady_next_to_our_pet_stands_still() {
        let rows = ["-----", "|...|", "|.@d|", "|...|", "-----"];
        for c in [Condition::Stun, Condition::Conf, Condition::Hallu] {
            let (action, why) = hold_still_by_pet_step(&scene(&rows, Some(c)))
                .unwrap_or_else(|| panic!("{c:?} beside the pet"));
            assert_eq!(action, Action::Search { count: 1 });
            assert!(why.contains("pet `d`"), "{why}");
        }
    }

    #[test]
    fn steady_or_far_from_it_or_fighting_moves_on() {
        let beside_pet = ["-----", "|...|", "|.@d|", "|...|", "-----"];
        assert_eq!(hold_still_by_pet_step(&scene(&beside_pet, None)), None);
        let far = ["------", "|....|", "|@..d|", "|....|", "------"];
        assert_eq!(
            hold_still_by_pet_step(&scene(&far, Some(Condition::Conf))),
            None
        );
        let with_a_foe = ["-----", "|...|", "|.@d|", "|..F|", "-----"];
        assert_eq!(
            hold_still_by_pet_step(&scene(&with_a_foe, Some(Condition::Conf))),
            None
        );
    }
}
