//! Resting until healed before moving on (issue 27: 58 of the 77 "melee while hurt" deaths of
//! the 200-game bench walked on, explored or travelled below 70% HP in their last 100 turns;
//! seed 86 explored at HP 4/77, seed 121 walked off its Elbereth at 54/79 into six monsters).
//! `rest_when_safe` rests only below 60% and only with no hostile within 6; `elbereth_rest`
//! only while a hostile stands within 2 (a scared monster steps back to 3 squares, and the bot
//! walked off its Elbereth). This rest starts below one fraction and goes on to a higher one,
//! and with hostiles in view that respect Elbereth it rests on a verified Elbereth instead of
//! walking into them. A fight (a hostile next to us), a blow, a line of fire, falling HP or
//! weakness from hunger hand the decision back to the nodes that deal with those.

use crate::elbereth::{engrave_step, trusted_blind, worst_and_more};
use crate::look;
use crate::recall::Recall;
use crate::threat::{self, Threat};
use nhbot_world::{Action, Condition, Hunger, World};

/// When `rest_until_healed` rests: it starts below `below` of max HP and goes on until `until`;
/// hostiles within `radius` make it rest on Elbereth; below `elbereth_below` it rests on
/// Elbereth with none in view too, for the one that comes while it rests (0: off).
#[derive(Clone, Copy, Debug)]
pub struct RestLimits {
    pub below: f64,
    pub until: f64,
    pub radius: i16,
    pub elbereth_below: f64,
}

/// Nothing hostile within `radius`, HP low: read what is here, engrave Elbereth if it is not
/// there, and rest on the verified engraving 10 turns at a time. A monster that comes while we
/// rest and respects it does not strike (monmove.c `dochug`: no `mattacku` while `scared`);
/// the count ends when it comes into view and the rest goes on a turn at a time. `None` where
/// the square or our state takes no engraving.
fn rest_on_elbereth_unseen(
    r: &mut Recall,
    w: &World,
    (now, max, goal): (i32, i32, i32),
    radius: i16,
) -> Option<(Action, String)> {
    if crate::elbereth::on_verified_elbereth(r, w) {
        return Some((
            Action::Search { count: 10 },
            format!(
                "resting on a verified Elbereth at HP {now}/{max} until {goal}: no hostile within \
                 {radius}, in case one comes"
            ),
        ));
    }
    if crate::elbereth::cannot_engrave_here(r, w) {
        return None;
    }
    engrave_step(
        r,
        w,
        format!("reading what is engraved here (HP {now}/{max}, resting)"),
        "engraving Elbereth to rest on",
        |what| format!("HP {now}/{max}, resting until {goal}: {what}, in case a hostile comes"),
    )
}

/// The `rest_until_healed` leaf's memory: whether a rest is under way (it started below
/// `below` and goes on until `until`).
#[derive(Clone, Debug, Default)]
pub struct HealState {
    pub resting: bool,
}

/// Whether every monster the one at `pos` may be never moves (molds, most jellies).
pub(crate) fn immobile(w: &World, pos: nhbot_world::Pos) -> bool {
    w.monsters
        .iter()
        .find(|m| m.pos == pos)
        .is_some_and(|m| threat::plausible(w, m).iter().all(|o| o.speed == 0))
}

/// What the rest is up against: the hostiles within `radius` that can come to us (a mold or a
/// jelly that never moves counts only next to us).
fn near_hostiles(r: &Recall, w: &World, radius: i16) -> Vec<Threat> {
    threat::threats(r, w)
        .into_iter()
        .filter(|t| t.hostile && t.distance <= radius)
        .filter(|t| t.distance <= 1 || !immobile(w, t.pos))
        .collect()
}

/// One step of the rest: below `below` of max HP a rest starts, and it goes on until `until`.
/// Nothing hostile within `radius`: search 10 turns. Hostiles within `radius`, none next to us,
/// all respecting Elbereth: look, engrave, read back, and rest on it a turn at a time. Fails
/// (keeping the rest under way) next to a hostile, after a blow or a fall in HP since its own
/// last decision, in a line of fire or under an unseen attacker, hallucinating with monsters
/// near, Weak from hunger (or Hungry with no food in the pack), or with a near hostile Elbereth
/// does not stop.
pub fn heal_step(
    r: &mut Recall,
    state: &mut HealState,
    w: &World,
    path: &str,
    limits: &RestLimits,
) -> Option<(Action, String)> {
    let RestLimits {
        below,
        until,
        radius,
        elbereth_below,
    } = *limits;
    let hp = w.hp_fraction();
    if hp >= until {
        state.resting = false;
        return None;
    }
    if hp < below {
        state.resting = true;
    }
    if !state.resting || w.status.hunger >= Hunger::Weak || w.status.polymorphed {
        return None;
    }
    // Hungry with nothing to eat: food is found by walking, and every turn of rest brings the
    // faint closer (smoke seed 158 rested while Hungry, its prayer spent, and fainted).
    if w.status.hunger >= Hunger::Hungry && crate::food::pack_food(w).is_none() {
        return None;
    }
    if crate::signs::attacked(&w.messages) || w.hp_fell_since_own(path).is_some() {
        return None;
    }
    if crate::ranged::unsafe_to_wait(r, w).is_some() {
        return None;
    }
    let near = near_hostiles(r, w, radius);
    if w.status.conditions.contains(&Condition::Hallu)
        && w.monsters.iter().any(|m| w.distance(m.pos) <= radius)
    {
        return None;
    }
    let (now, max) = (w.status.hp, w.status.hp_max);
    let goal = (until * f64::from(max)).ceil() as i32;
    let Some(worst) = near.first() else {
        if hp < elbereth_below && !w.hallucinating() {
            if let Some(step) = rest_on_elbereth_unseen(r, w, (now, max, goal), radius) {
                return Some(step);
            }
        }
        return Some((
            Action::Search { count: 10 },
            format!("resting at HP {now}/{max} until {goal}: no hostile within {radius}"),
        ));
    };
    if near.iter().any(|t| t.distance <= 1)
        || !near.iter().all(|t| t.respects_elbereth)
        || threat::threats(r, w).iter().any(|t| t.gazes)
    {
        return None;
    }
    let them = worst_and_more(worst, near.len());
    let msgs = &w.messages;
    if look::on_elbereth(msgs) || trusted_blind(r, w) {
        return Some((
            Action::Search { count: 1 },
            format!("resting on a verified Elbereth at HP {now}/{max} until {goal}: {them}"),
        ));
    }
    engrave_step(
        r,
        w,
        format!("reading what is engraved here (HP {now}/{max}, {them})"),
        "engraving Elbereth to rest on",
        |what| format!("HP {now}/{max}, resting until {goal}: {what}: {them} respect(s) it"),
    )
}

#[cfg(test)]
#[allow(unused_mut, unused_variables)]
mod tests {
    use super::*;
    use crate::seen::{show_saying, world};

    const ROOM: [&str; 7] = [
        "----------",
        "|........|",
        "|........|",
        "|..@.....|",
        "|........|",
        "|........|",
        "----------",
    ];

    fn hurt(rows: &[&str], hp: i32) -> World {
        let mut w = world(rows);
        (w.status.hp, w.status.hp_max, w.status.xl, w.status.ac) = (hp, 60, 6, 4);
        w
    }

    fn step(r: &mut Recall, s: &mut HealState, w: &World) -> Option<(Action, String)> {
        let limits = RestLimits {
            below: 0.7,
            until: 0.9,
            radius: 8,
            elbereth_below: 0.0,
        };
        heal_step(r, s, w, "root/rest/rest_until_healed", &limits)
    }

    #[test]
    fn starts_below_and_goes_on_to_until() {
        let (mut r, mut s) = (Recall::default(), HealState::default());
        assert_eq!(
            step(&mut r, &mut s, &hurt(&ROOM, 45)),
            None,
            "75%: no rest starts"
        );
        let (action, why) = step(&mut r, &mut s, &hurt(&ROOM, 40)).expect("66%: rests");
        assert_eq!(action, Action::Search { count: 10 });
        assert!(why.contains("40/60 until 54"), "{why}");
        assert!(
            step(&mut r, &mut s, &hurt(&ROOM, 50)).is_some(),
            "83%: the rest under way goes on"
        );
        assert_eq!(step(&mut r, &mut s, &hurt(&ROOM, 54)), None, "90%: done");
        assert_eq!(
            step(&mut r, &mut s, &hurt(&ROOM, 50)),
            None,
            "83% after the rest ended: none starts"
        );
    }

    #[test]
    fn never_weak_nor_hungry_without_food_nor_after_a_blow() {
        let (mut r, mut s) = (Recall::default(), HealState::default());
        let mut w = hurt(&ROOM, 20);
        w.status.hunger = Hunger::Weak;
        assert_eq!(step(&mut r, &mut s, &w), None, "Weak: food first");
        w.status.hunger = Hunger::Hungry;
        assert_eq!(step(&mut r, &mut s, &w), None, "Hungry, no food: find some");
        let mut ration = nhbot_world::parse_inventory_line("f - a food ration").expect("a line");
        ration.class = "Comestibles".into();
        w.inventory = vec![ration];
        assert!(
            step(&mut r, &mut s, &w).is_some(),
            "Hungry with a ration: rest (the feed nodes eat first)"
        );
        let mut w = hurt(&ROOM, 20);
        w.messages = vec!["The jackal bites!".into()];
        assert_eq!(step(&mut r, &mut s, &w), None, "struck: no rest");
    }

    /// A jackal four squares away respects Elbereth: look, engrave, read back, rest on it.
    #[test]
    fn rests_on_elbereth_with_a_respecting_hostile_in_view() {
        let rows = [
            "----------",
            "|........|",
            "|........|",
            "|..@.....|",
            "|......d.|",
            "----------",
        ];
        let (mut r, mut s) = (Recall::default(), HealState::default());
        let name = |w: &mut World| {
            for m in &mut w.monsters {
                m.name = Some("jackal".into());
            }
        };
        let mut w = hurt(&rows, 20);
        name(&mut w);
        let (action, why) = step(&mut r, &mut s, &w).expect("a look first");
        assert_eq!(action, look::look_action(), "{why}");
        assert!(why.contains("jackal"), "{why}");
        show_saying(&mut w, &rows, 2, &["You see no objects here."]);
        (w.status.hp, w.status.hp_max) = (20, 60);
        name(&mut w);
        let (action, why) = step(&mut r, &mut s, &w).expect("engraves");
        assert!(matches!(action, Action::Engrave { .. }), "{why}");
        assert!(why.contains("jackal 4 square(s) away"), "{why}");
        show_saying(&mut w, &rows, 3, &["You read: \"Elbereth\"."]);
        (w.status.hp, w.status.hp_max) = (20, 60);
        name(&mut w);
        let (action, why) = step(&mut r, &mut s, &w).expect("rests on it");
        assert_eq!(action, Action::Search { count: 1 }, "{why}");
        assert!(why.starts_with("resting on a verified Elbereth"), "{why}");
    }

    /// With `elbereth_below`, a rest with nothing hostile in view is taken on Elbereth too:
    /// look, engrave, read back, then 10 turns at a time on the verified engraving; above
    /// that fraction, or on the stairs, the plain rest.
    #[test]
    fn below_elbereth_below_rests_on_elbereth_with_no_hostile_in_view() {
        let limits = RestLimits {
            below: 0.7,
            until: 0.9,
            radius: 8,
            elbereth_below: 0.5,
        };
        let step = |r: &mut Recall, s: &mut HealState, w: &World| {
            heal_step(r, s, w, "root/rest/rest_until_healed", &limits)
        };
        let (mut r, mut s) = (Recall::default(), HealState::default());
        let (action, why) = step(&mut r, &mut s, &hurt(&ROOM, 40)).expect("66%: rests");
        assert_eq!(action, Action::Search { count: 10 }, "above 50%: {why}");
        assert!(why.contains("no hostile within 8"), "{why}");

        let (mut r, mut s) = (Recall::default(), HealState::default());
        let mut w = hurt(&ROOM, 20);
        let (action, why) = step(&mut r, &mut s, &w).expect("a look first");
        assert_eq!(action, look::look_action(), "{why}");
        show_saying(&mut w, &ROOM, 2, &["You see no objects here."]);
        (w.status.hp, w.status.hp_max) = (20, 60);
        let (action, why) = step(&mut r, &mut s, &w).expect("engraves");
        assert!(matches!(action, Action::Engrave { .. }), "{why}");
        assert!(why.contains("in case a hostile comes"), "{why}");
        show_saying(&mut w, &ROOM, 3, &["You read: \"Elbereth\"."]);
        (w.status.hp, w.status.hp_max) = (20, 60);
        let (action, why) = step(&mut r, &mut s, &w).expect("rests on it");
        assert_eq!(action, Action::Search { count: 10 }, "{why}");
        assert!(why.starts_with("resting on a verified Elbereth"), "{why}");

        // The down stairs seen beside us, then stood on (the map keeps them under the `@`).
        let beside = [
            "----------",
            "|........|",
            "|........|",
            "|..>@....|",
            "|........|",
            "----------",
        ];
        let on = [
            "----------",
            "|........|",
            "|........|",
            "|..@.....|",
            "|........|",
            "----------",
        ];
        let (mut r, mut s) = (Recall::default(), HealState::default());
        let mut w = hurt(&beside, 20);
        show_saying(&mut w, &on, 2, &["There is a staircase down here."]);
        (w.status.hp, w.status.hp_max) = (20, 60);
        assert_eq!(
            w.level().map(|l| l.feature(w.player)),
            Some(nhbot_world::tiles::Feature::StairsDown)
        );
        let (action, why) = step(&mut r, &mut s, &w).expect("rests");
        assert_eq!(action, Action::Search { count: 10 }, "on the stairs: {why}");
        assert!(why.contains("no hostile within 8"), "{why}");
    }

    /// Next to a hostile, or with one in view that ignores Elbereth (an @), the rest waits.
    #[test]
    fn no_rest_next_to_a_hostile_nor_near_one_that_ignores_elbereth() {
        let (mut r, mut s) = (Recall::default(), HealState::default());
        let next_to = [
            "----------",
            "|........|",
            "|..@d....|",
            "|........|",
            "----------",
        ];
        assert_eq!(step(&mut r, &mut s, &hurt(&next_to, 20)), None);
        let human = [
            "----------",
            "|........|",
            "|..@...@.|",
            "|........|",
            "----------",
        ];
        assert_eq!(step(&mut r, &mut s, &hurt(&human, 20)), None);
        // A mold never moves: four squares away it is no reason not to rest.
        let mold = [
            "----------",
            "|........|",
            "|..@...F.|",
            "|........|",
            "----------",
        ];
        let mut w = hurt(&mold, 20);
        for m in &mut w.monsters {
            m.name = Some("brown mold".into());
        }
        let (action, why) = step(&mut r, &mut s, &w).expect("rests");
        assert_eq!(action, Action::Search { count: 10 }, "{why}");
    }
}
