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
        .any(|m| beside(w, m.pos) && m.maybe_hostile());
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

/// Stunned, every step and every blow goes astray (hack.c `domove`: `confdir()` picks the
/// direction at random among the squares around us): search one turn until steady. With a
/// hostile next to us only while our pet or a peaceful is next to us too (a blow meant for the
/// foe strikes it as often); otherwise the fight goes on, a blow now and then landing. In b36's
/// 400 games the watch of Minetown killed 3 bots that had struck a watchman so, stunned by a
/// gnomish wizard's spell ("You reel..."), 2 of them while striking at the wizard. Standing
/// still beside a lone foe was worse: a barrow wight drained seed 187 from XL 8 to 6 (b37).
pub fn hold_still_stunned_step(w: &World) -> Option<(Action, String)> {
    if !w.status.conditions.contains(&Condition::Stun) {
        return None;
    }
    let (foes, others): (Vec<_>, Vec<_>) = w
        .monsters
        .iter()
        .filter(|m| beside(w, m.pos))
        .partition(|m| m.maybe_hostile());
    let (foes, others) = (foes.len(), others.len());
    if foes > 0 && others == 0 {
        return None;
    }
    Some((
        Action::Search { count: 1 },
        format!(
            "stunned: a step or blow goes astray ({foes} hostile(s), {others} pet or peaceful(s) \
             next to us); standing still until steady"
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seen::world;

    #[test]
    fn stunned_we_stand_still_unless_a_lone_foe_is_beside_us() {
        // Seed 93 of b36: stunned by a gnomish wizard in Minetown, a blow at it struck the
        // watchman beside us.
        let rows = ["-------", "|.....|", "|.@G..|", "|.@...|", "-------"];
        let mut w = world(&rows);
        for m in &mut w.monsters {
            m.peaceful = Some(m.ch == '@');
        }
        assert_eq!(hold_still_stunned_step(&w), None, "steady");
        w.status.conditions.push(Condition::Stun);
        let (action, why) = hold_still_stunned_step(&w).expect("stands still");
        assert_eq!(action, Action::Search { count: 1 });
        assert!(why.contains("1 hostile(s), 1 pet or peaceful(s)"), "{why}");
        let mut lone_foe = w.clone();
        lone_foe.monsters.retain(|m| m.ch == 'G');
        assert_eq!(
            hold_still_stunned_step(&lone_foe),
            None,
            "the foe is fought"
        );
        w.monsters.retain(|m| m.ch == '@');
        assert!(
            hold_still_stunned_step(&w).is_some(),
            "no foe: no step astray"
        );
    }

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
