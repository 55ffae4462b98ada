//! A prayer when death is at hand, though the timeout may not have run out (issue 27: 29 of the
//! 77 "melee while hurt" deaths of the 200-game bench reached HP below 1/7 without praying,
//! because the last prayer was fewer than 500 turns before; the world's model gave 17 of them
//! a refusal chance of 50% or less). In the same bench, 61 of the 103 such moments (HP that
//! low, a fight on, the last prayer within 500 turns) ended in death within 50 turns.
//!
//! The god fixes low HP only as a major trouble (pray.c `in_trouble`: HP below 6 or at most a
//! seventh of max) and only while the timeout is at most 200; praying too soon costs 3 Luck and
//! angers the god (`gods_upset`), so no later prayer works: worth it only when the foes next to
//! us can end the game this turn or the next.

use crate::recall::Recall;
use crate::threat::{self, Threat};
use nhbot_world::{Action, World};

/// The hostiles that can strike us before our next action: next to us, or two squares away
/// and faster than us.
fn striking(r: &Recall, w: &World) -> Vec<Threat> {
    threat::threats(r, w)
        .into_iter()
        .filter(|t| {
            t.hostile
                && (t.distance <= 1 || (t.distance <= 2 && t.speed > crate::threat::OUR_SPEED))
        })
        .collect()
}

/// Pray in major trouble from low HP when the hostiles that can strike us could take all our HP
/// in one turn at their worst, or in `turns` turns at their expected damage, and the world's
/// model refuses the prayer as too soon with chance at most `max_refusal`. Never once a prayer
/// was refused (the angry god refuses every later one), nor polymorphed (the monster form's
/// death only returns us to our own), nor on a verified Elbereth they all respect.
pub fn desperate_prayer_step(
    r: &Recall,
    w: &World,
    max_refusal: f64,
    turns: f64,
) -> Option<(Action, String)> {
    let (hp, max) = (w.status.hp, w.status.hp_max);
    let low = max > 0 && (hp <= 5 || hp * 7 <= max);
    if !low || w.status.polymorphed || !w.refused_prayers.is_empty() {
        return None;
    }
    let refusal = w.prayer_refusal_chance();
    if refusal > max_refusal {
        return None;
    }
    let foes = striking(r, w);
    let worst = foes.first()?;
    // On a verified Elbereth that every one of them respects, they cannot strike: its rest is
    // no gamble (the bench's seed 7 stood on one at HP 5/31 next to a dwarf mummy).
    let on_elbereth =
        crate::look::on_elbereth(&w.messages) || crate::elbereth::on_verified_elbereth(r, w);
    if on_elbereth && foes.iter().all(|t| t.respects_elbereth) {
        return None;
    }
    let most: u32 = foes.iter().map(|t| t.max_damage).sum();
    let expected: f64 = foes.iter().map(|t| t.expected_damage).sum();
    let deadly = i64::from(most) >= i64::from(hp) || expected * turns >= f64::from(hp);
    if !deadly {
        return None;
    }
    let since = match w.turns_since_prayer() {
        Some(since) => format!("the last prayer was {since} turns ago"),
        None => "no prayer yet".to_string(),
    };
    Some((
        Action::Pray,
        format!(
            "HP {hp}/{max} with {} {} square(s) away{} (up to {most} dmg/turn, {expected:.1} expected): \
             praying though {since} (refused as too soon with chance {:.0}%)",
            worst.name,
            worst.distance,
            if foes.len() > 1 {
                format!(" and {} more", foes.len() - 1)
            } else {
                String::new()
            },
            100.0 * refusal
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seen::world;

    fn hurt(rows: &[&str], hp: i32, turn: i64, last_prayer: Option<i64>) -> World {
        let mut w = world(rows);
        (w.status.hp, w.status.hp_max, w.status.xl, w.status.ac) = (hp, 60, 6, 4);
        w.turn = turn;
        w.last_prayer_turn = last_prayer;
        for m in &mut w.monsters {
            m.name = Some("soldier ant".into());
        }
        w
    }

    const ANT: [&str; 5] = ["-----", "|...|", "|.@a|", "|...|", "-----"];

    #[test]
    fn prays_next_to_a_soldier_ant_when_the_refusal_chance_is_low_enough() {
        let w = hurt(&ANT, 6, 5000, Some(4700));
        let (action, why) = desperate_prayer_step(&Recall::default(), &w, 0.5, 2.0)
            .expect("300 turns after a prayer, at HP 6/60 next to a soldier ant");
        assert_eq!(action, Action::Pray);
        assert!(why.contains("soldier ant"), "{why}");
        assert!(why.contains("300 turns ago"), "{why}");
        assert!(why.contains("34%"), "{why}");
    }

    #[test]
    fn waits_when_too_soon_healthy_or_refused_before() {
        let r = Recall::default();
        assert_eq!(
            desperate_prayer_step(&r, &hurt(&ANT, 6, 5000, Some(4950)), 0.5, 2.0),
            None,
            "50 turns after a prayer: refused two times in three"
        );
        assert_eq!(
            desperate_prayer_step(&r, &hurt(&ANT, 20, 5000, Some(4700)), 0.5, 2.0),
            None,
            "HP 20/60 is no trouble the god fixes"
        );
        let mut refused = hurt(&ANT, 6, 5000, Some(4700));
        refused.refused_prayers.push(4000);
        assert_eq!(desperate_prayer_step(&r, &refused, 0.5, 2.0), None);
    }

    #[test]
    fn not_on_a_verified_elbereth_they_respect() {
        let mut w = hurt(&ANT, 6, 5000, Some(4700));
        w.messages = vec!["You read: \"Elbereth\".".into()];
        assert_eq!(
            desperate_prayer_step(&Recall::default(), &w, 0.5, 2.0),
            None,
            "the ant respects it"
        );
        let human = ["-----", "|...|", "|.@@|", "|...|", "-----"];
        let mut w = hurt(&human, 6, 5000, Some(4700));
        for m in &mut w.monsters {
            m.name = Some("Woodland-elf".into());
        }
        w.messages = vec!["You read: \"Elbereth\".".into()];
        assert!(
            desperate_prayer_step(&Recall::default(), &w, 0.5, 2.0).is_some(),
            "an elf ignores it"
        );
    }

    #[test]
    fn not_when_nothing_can_strike_us() {
        let far = ["-------", "|.....|", "|.@..a|", "|.....|", "-------"];
        assert_eq!(
            desperate_prayer_step(
                &Recall::default(),
                &hurt(&far, 6, 5000, Some(4700)),
                0.5,
                2.0
            ),
            None,
            "three squares away"
        );
        let mut newt = hurt(&ANT, 6, 5000, Some(4700));
        for m in &mut newt.monsters {
            m.name = Some("newt".into());
        }
        assert_eq!(
            desperate_prayer_step(&Recall::default(), &newt, 0.5, 2.0),
            None,
            "a newt's 1d3 cannot take 6 HP"
        );
    }
}
