//! Holding a verified Elbereth while hurt (`elbereth_rest`'s `hold_below`). The Elbereth leaves
//! rest on one only while a hostile stands within 2 or while `rest_until_healed` allows (no
//! blow, no fall in HP since its own last rest, no line of fire); in the gaps the explore,
//! wander and Sokoban leaves walked off it. In the b25 bench's 90 melee deaths the bot stepped
//! off a verified Elbereth below 60% HP with hostiles in view in 14 games: seed 182 pushed
//! boulders at HP 4/62 with an Uruk-hai 3 squares away, seed 17 wandered off at 24/64 among
//! fire ants and came back to engrave at 12/64.

use crate::elbereth::{on_verified_elbereth, worst_and_more};
use crate::look;
use crate::recall::Recall;
use crate::threat::{self, Threat};
use nhbot_world::{Action, Condition, Hunger, World};

/// Below `below` of max HP, standing on an Elbereth read lately with a hostile within
/// `radius` that can come to us: read it back (free), then search a turn on it. None when HP
/// fell since this leaf's own last decision or a blow landed this turn (what hurts us ignores
/// it), when a hostile in reach ignores Elbereth or gazes, in a line of fire or under an unseen
/// attacker, hallucinating, polymorphed, Weak, or Hungry with nothing to eat.
pub fn hold_step(
    r: &mut Recall,
    w: &World,
    path: &str,
    below: f64,
    radius: i16,
) -> Option<(Action, String)> {
    if below <= 0.0 || w.hp_fraction() >= below {
        return None;
    }
    if w.hallucinating() || w.status.polymorphed || w.status.hunger >= Hunger::Weak {
        return None;
    }
    if w.status.hunger >= Hunger::Hungry && crate::food::pack_food(w).is_none() {
        return None;
    }
    if crate::signs::attacked(&w.messages) || w.hp_fell_since_own(path).is_some() {
        return None;
    }
    if w.status.conditions.contains(&Condition::Blind)
        || crate::ranged::unsafe_to_wait(r, w).is_some()
    {
        return None;
    }
    let all = threat::threats(r, w);
    if all.iter().any(|t| t.gazes) {
        return None;
    }
    let near: Vec<&Threat> = all
        .iter()
        .filter(|t| t.hostile && t.distance <= radius)
        .filter(|t| t.distance <= 1 || !crate::heal::immobile(w, t.pos))
        .collect();
    let worst = near.first()?;
    if !near.iter().all(|t| t.respects_elbereth) {
        return None;
    }
    let (now, max) = (w.status.hp, w.status.hp_max);
    let them = worst_and_more(worst, near.len());
    if look::on_elbereth(&w.messages) {
        return Some((
            Action::Search { count: 1 },
            format!("holding a verified Elbereth at HP {now}/{max} (below {below}): {them}"),
        ));
    }
    on_verified_elbereth(r, w).then(|| {
        (
            look::look_action_at(r, w),
            format!("reading the Elbereth we hold (HP {now}/{max}): {them}"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seen::{show_saying, world};

    const ANT: [&str; 5] = [
        "-----------",
        "|.........|",
        "|..@....a.|",
        "|.........|",
        "-----------",
    ];

    fn at(rows: &[&str], hp: i32, turn: i64, messages: &[&str]) -> World {
        let mut w = world(rows);
        show_saying(&mut w, rows, turn, messages);
        (w.status.hp, w.status.hp_max, w.status.xl, w.status.ac) = (hp, 64, 6, 4);
        for m in &mut w.monsters {
            if m.ch == 'a' {
                m.name = Some("soldier ant".into());
            }
        }
        w
    }

    fn hold(r: &mut Recall, w: &World) -> Option<(Action, String)> {
        hold_step(r, w, "root/survive/elbereth_rest", 0.6, 8)
    }

    /// Seed 17: on a verified Elbereth at 24/64 with a soldier ant 5 squares off, search on it;
    /// at 50/64 (above `below`), or off (0), the other leaves decide.
    #[test]
    fn holds_a_verified_elbereth_while_hurt_with_a_danger_in_view() {
        let read = ["You read: \"Elbereth\"."];
        let (action, why) = hold(&mut Recall::default(), &at(&ANT, 24, 10, &read)).expect("holds");
        assert_eq!(action, Action::Search { count: 1 }, "{why}");
        assert!(why.contains("soldier ant 5 square(s) away"), "{why}");
        assert_eq!(hold(&mut Recall::default(), &at(&ANT, 50, 11, &read)), None);
        let off = hold_step(
            &mut Recall::default(),
            &at(&ANT, 24, 12, &read),
            "p",
            0.0,
            8,
        );
        assert_eq!(off, None);
        // A misspelled one is not held (the engraving leaves write it again).
        let smudged = ["You read: \"Elbcreth\"."];
        assert_eq!(
            hold(&mut Recall::default(), &at(&ANT, 24, 13, &smudged)),
            None
        );
        // Nothing read lately: nothing to hold.
        assert_eq!(hold(&mut Recall::default(), &at(&ANT, 24, 14, &[])), None);
    }

    /// No hold with nothing hostile in view, with a human in view (it ignores Elbereth), under
    /// a blow, or Weak from hunger.
    #[test]
    fn no_hold_without_a_danger_that_respects_it() {
        let read = ["You read: \"Elbereth\"."];
        let empty = ["-----------", "|.........|", "|..@......|", "-----------"];
        assert_eq!(
            hold(&mut Recall::default(), &at(&empty, 24, 20, &read)),
            None
        );
        let human = ["-----------", "|.........|", "|..@...@..|", "-----------"];
        assert_eq!(
            hold(&mut Recall::default(), &at(&human, 24, 21, &read)),
            None
        );
        let struck = at(&ANT, 24, 22, &["You read: \"Elbereth\".", "It bites!"]);
        assert_eq!(hold(&mut Recall::default(), &struck), None);
        let mut weak = at(&ANT, 24, 23, &read);
        weak.status.hunger = Hunger::Weak;
        assert_eq!(hold(&mut Recall::default(), &weak), None);
    }
}
