//! Never stumble into a floating eye. Stunned, every move goes in a random direction (hack.c
//! `domove`: `confdir()`), confused one in five: a move next to a floating eye may become a
//! blow at it, and a blow it survives freezes us for up to 127 turns 2 times in 3 (uhitm.c
//! `passive`). Seed 128 of the 200-game bench, stunned by a gnomish wizard, attacked a giant
//! bat to the W, hit the floating eye instead and died frozen. Standing still (a search) until
//! the stun or confusion passes costs a few turns. Confused with a hostile next to us, a blow
//! at it strays into the eye one time in 40 (1/5 astray, 1/8 that way): the fight goes on.

use nhbot_world::{Action, Condition, Pos, World};

/// A floating eye as the map shows it: a blue `e` (not while hallucinating, when glyphs lie).
fn floating_eye_at(w: &World, pos: Pos) -> bool {
    w.monsters.iter().any(|m| {
        m.pos == pos
            && !m.hallucinated
            && (m.name.as_deref() == Some("floating eye")
                || (m.ch == 'e' && m.color == nhbot_world::tiles::clr::BLUE))
    })
}

fn beside(w: &World, p: Pos) -> bool {
    crate::threat::distance(p, w.player) == 1
}

/// Stunned, or confused with no other hostile next to us, with a floating eye next to us:
/// search one turn, naming the eye and the condition. None otherwise.
pub fn hold_still_step(w: &World) -> Option<(Action, String)> {
    let unsteady = [Condition::Stun, Condition::Conf]
        .into_iter()
        .find(|c| w.status.conditions.contains(c))?;
    let eye = w
        .monsters
        .iter()
        .map(|m| m.pos)
        .find(|&p| beside(w, p) && floating_eye_at(w, p))?;
    let foe_beside = w.monsters.iter().any(|m| {
        beside(w, m.pos) && !floating_eye_at(w, m.pos) && !m.tame && m.peaceful != Some(true)
    });
    if unsteady == Condition::Conf && foe_beside {
        return None;
    }
    Some((
        Action::Search { count: 1 },
        format!(
            "{unsteady:?} with the floating eye at ({}, {}) next to us: a move may stumble into it \
             (frozen up to 127 turns), standing still until steady",
            eye.x, eye.y
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seen::world;

    const EYE: [&str; 5] = ["-----", "|...|", "|.@e|", "|..B|", "-----"];

    fn scene(rows: &[&str], condition: Option<Condition>) -> World {
        let mut w = world(rows);
        for m in &mut w.monsters {
            if m.ch == 'e' {
                m.color = nhbot_world::tiles::clr::BLUE;
            }
        }
        w.status.conditions.extend(condition);
        w
    }

    #[test]
    fn stunned_or_confused_next_to_a_floating_eye_stands_still() {
        let alone = ["-----", "|...|", "|.@e|", "|...|", "-----"];
        for (rows, c) in [
            (&EYE, Condition::Stun),
            (&alone, Condition::Stun),
            (&alone, Condition::Conf),
        ] {
            let (action, why) = hold_still_step(&scene(rows, Some(c)))
                .unwrap_or_else(|| panic!("{c:?} beside the eye"));
            assert_eq!(action, Action::Search { count: 1 });
            assert!(why.contains("floating eye at (3, 2)"), "{why}");
            assert!(why.contains(&format!("{c:?}")), "{why}");
        }
    }

    #[test]
    fn confused_with_a_hostile_beside_us_fights_on() {
        assert_eq!(
            hold_still_step(&scene(&EYE, Some(Condition::Conf))),
            None,
            "the bat's blows against a 1 in 40 stray blow"
        );
    }

    #[test]
    fn steady_or_no_eye_near_leaves_it_to_the_other_nodes() {
        assert_eq!(hold_still_step(&scene(&EYE, None)), None, "steady");
        let far = ["------", "|....|", "|.@.e|", "|..B.|", "------"];
        assert_eq!(
            hold_still_step(&scene(&far, Some(Condition::Stun))),
            None,
            "two squares away"
        );
        let mut red = scene(&EYE, Some(Condition::Stun));
        for m in &mut red.monsters {
            if m.ch == 'e' {
                m.color = nhbot_world::tiles::clr::RED;
            }
        }
        assert_eq!(hold_still_step(&red), None, "a red `e` is a flaming sphere");
    }
}
