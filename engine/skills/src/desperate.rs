//! A prayer when death is at hand, though the timeout may not have run out (issue 27: 29 of the
//! 77 "melee while hurt" deaths of the 200-game bench reached HP below 1/7 without praying,
//! because the last prayer was fewer than 500 turns before; the world's model gave 17 of them
//! a refusal chance of 50% or less). In the same bench, 61 of the 103 such moments (HP that
//! low, a fight on, the last prayer within 500 turns) ended in death within 50 turns.
//!
//! The god fixes low HP only as a major trouble (pray.c `critically_low_hp`: HP below 6 or at
//! most a fifth to a ninth of max by level) and only while the timeout is at most 200; praying too soon costs 3 Luck and
//! angers the god (`gods_upset`), so no later prayer works: worth it only when the foes next to
//! us can end the game this turn or the next.

use crate::lookahead::Duel;
use crate::recall::Recall;
use crate::threat::{self, Threat};
use nhbot_world::{Action, World};

/// Turns the look-ahead weighs a prayer's alternatives over (as `fight_or_flee` in the tree).
const LOOKAHEAD_DEPTH: u32 = 4;
/// Rounds the foes get while we pray (pray.c `dopray`: `nomul(-3)`); a refused prayer leaves us
/// helpless through them, a granted one invulnerable (`u.uinvulnerable`).
const PRAYER_ROUNDS: usize = 3;

/// The chance we outlast `rounds` rounds of `round` (P(damage d) by d) with `hp` HP.
fn survives(round: &[f64], rounds: usize, hp: i32) -> f64 {
    let mut total = vec![1.0];
    for _ in 0..rounds {
        let mut next = vec![0.0; total.len() + round.len() - 1];
        for (i, a) in total.iter().enumerate() {
            for (j, b) in round.iter().enumerate() {
                next[i + j] += a * b;
            }
        }
        total = next;
    }
    total.iter().take(hp.max(0) as usize).sum()
}

/// The prayer against what the look-ahead would do without it, for the duel next to us: the
/// prayer's value is its grant's (the duel at full HP) with chance 1 - `refusal`, else the
/// fight on from whatever HP the foes leave us through the prayer's helpless rounds.
struct Weighed {
    /// The look-ahead's best choice without a prayer and its value (≈ survival chance).
    without: (crate::lookahead::Choice, f64),
    /// The duel's value at full HP: what a granted prayer leaves us in.
    granted: f64,
    /// The prayer's value.
    prayer: f64,
}

fn weigh(duel: &Duel, refusal: f64) -> Weighed {
    let without = duel.best(LOOKAHEAD_DEPTH);
    let healed = Duel {
        hp: duel.hp_max,
        ..duel.clone()
    };
    let granted = healed.best(LOOKAHEAD_DEPTH).1.min(1.0);
    let refused = survives(&duel.round, PRAYER_ROUNDS, duel.hp) * without.1;
    Weighed {
        without,
        granted,
        prayer: (1.0 - refusal) * granted + refusal * refused,
    }
}

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
/// death only returns us to our own), nor on a verified Elbereth they all respect, nor when the
/// look-ahead's best without a prayer (fight, flee, Elbereth) is worth at least the prayer: a
/// refused prayer leaves us helpless for 3 turns (in the 200-game bench 14 of the 38 desperate
/// prayers died so, seeds 161 and 176 next to a soldier and a giant ant at HP 8).
pub fn desperate_prayer_step(
    r: &Recall,
    w: &World,
    max_refusal: f64,
    turns: f64,
) -> Option<(Action, String)> {
    let (hp, max) = (w.status.hp, w.status.hp_max);
    if !w.hp_critical() || w.status.polymorphed || !w.refused_prayers.is_empty() {
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
    let weighed =
        crate::steps::duel_here(r, w, &threat::threats(r, w)).map(|duel| weigh(&duel, refusal));
    if weighed.as_ref().is_some_and(|v| v.without.1 >= v.prayer) {
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
             praying though {since} (refused as too soon with chance {:.0}%){}",
            worst.name,
            worst.distance,
            if foes.len() > 1 {
                format!(" and {} more", foes.len() - 1)
            } else {
                String::new()
            },
            100.0 * refusal,
            weighed.map_or(String::new(), |v| format!(
                "; look-ahead: {:?} {:.2} without it, the prayer {:.2} ({:.2} if granted)",
                v.without.0, v.without.1, v.prayer, v.granted
            ))
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
        assert!(why.contains("look-ahead: "), "{why}");
    }

    /// A giant ant (1d4, speed 18) at HP 8 of 58 can take it all in one turn, but the look-ahead
    /// gives Elbereth or the fight more than a prayer refused 46% of the time, which leaves us
    /// helpless for 3 turns (seed 176 of the 200-game bench prayed so and died); at HP 4 of 40
    /// the prayer is worth more. A soldier ant at HP 8 of 58: the prayer.
    #[test]
    fn not_when_the_look_ahead_does_better_without_it() {
        let at = |name: &str, hp: i32, max: i32, xl: i32| {
            let mut w = hurt(&ANT, hp, 5000, Some(4810));
            (w.status.hp_max, w.status.xl) = (max, xl);
            for m in &mut w.monsters {
                m.name = Some(name.into());
            }
            w
        };
        let r = Recall::default();
        let ant = at("giant ant", 8, 58, 8);
        assert!((ant.prayer_refusal_chance() - 0.46).abs() < 0.01);
        let duel = crate::steps::duel_here(&r, &ant, &threat::threats(&r, &ant)).expect("a duel");
        let v = weigh(&duel, ant.prayer_refusal_chance());
        assert!(v.without.1 >= v.prayer, "{:?} vs {}", v.without, v.prayer);
        assert_eq!(desperate_prayer_step(&r, &ant, 0.5, 2.0), None);

        let weaker = at("giant ant", 4, 40, 4);
        let (action, why) =
            desperate_prayer_step(&r, &weaker, 0.5, 2.0).expect("HP 4/40 next to a giant ant");
        assert_eq!(action, Action::Pray);
        assert!(why.contains("giant ant") && why.contains("46%"), "{why}");

        let (action, why) = desperate_prayer_step(&r, &at("soldier ant", 8, 58, 8), 0.5, 2.0)
            .expect("HP 8/58 next to a soldier ant");
        assert_eq!(action, Action::Pray);
        assert!(why.contains("without it"), "{why}");
    }

    #[test]
    fn surviving_rounds_sums_the_damage_over_them() {
        // 0 or 1 damage, even odds: 3 rounds deal 3 with chance 1/8.
        let round = [0.5, 0.5];
        assert!((survives(&round, 3, 3) - 7.0 / 8.0).abs() < 1e-12);
        assert!((survives(&round, 3, 4) - 1.0).abs() < 1e-12);
        assert_eq!(survives(&round, 3, 0), 0.0);
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
