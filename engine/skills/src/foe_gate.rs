//! `foe_danger`: a condition that tells the leaves which are no survival leaf (a wand zap, a
//! meal off the floor, a walk to armour) to leave the turn to `survive`. In the b29 bench the
//! last decision before 5 deaths was a wand zapped at a foe next to us that respects Elbereth
//! (seed 16: a leocrotta at HP 25/94, a wand of striking missed twice), and before 7 a walk to
//! a corpse or to armour at low HP with a hostile a few squares away (seed 190: HP 14/99, a
//! soldier ant near).

use crate::recall::Recall;
use crate::threat::{self, Threat};
use nhbot_bt::{LeafOutcome, Params, Tick};
use nhbot_world::World;

/// What makes the danger: the node's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FoeDanger {
    /// HP below this fraction of max (1.0: any HP).
    pub below: f64,
    /// Hostiles within this many squares count.
    pub radius: i16,
    /// Those hostiles take our HP within this many turns at their expected damage (0: any
    /// hostile there is enough).
    pub turns: u32,
    /// Every one of them respects Elbereth (the survival leaves can engrave against them).
    pub elbereth: bool,
}

impl FoeDanger {
    pub fn from_params(p: &Params) -> Self {
        FoeDanger {
            below: p.number("below"),
            radius: p.integer("radius").clamp(1, 80) as i16,
            turns: p.integer("turns").clamp(0, 20) as u32,
            elbereth: p.flag("elbereth"),
        }
    }

    /// Why the hostiles among `threats` are a danger now, or None.
    pub fn why(&self, w: &World, threats: &[Threat]) -> Option<String> {
        if w.hp_fraction() >= self.below {
            return None;
        }
        let near: Vec<&Threat> = threats
            .iter()
            .filter(|t| t.hostile && t.distance <= self.radius)
            .collect();
        if near.is_empty() {
            return None;
        }
        if self.elbereth && !near.iter().all(|t| t.respects_elbereth) {
            return None;
        }
        let per_turn: f64 = near.iter().map(|t| t.expected_damage).sum();
        if self.turns > 0 && per_turn * f64::from(self.turns) < f64::from(w.status.hp) {
            return None;
        }
        Some(format!(
            "{} within {} ({:.1} dmg/turn) vs HP {}/{}",
            near[0].kind(),
            self.radius,
            per_turn,
            w.status.hp,
            w.status.hp_max
        ))
    }
}

/// The condition: succeeds when [`FoeDanger::why`] names a danger (the foes that struck us
/// within 50 turns count though farlook called them peaceful, as in `fight_or_flee`).
pub fn foe_danger(p: &Params, t: &mut Tick<'_>) -> LeafOutcome {
    let (w, r) = (t.world, t.blackboard.entry::<Recall>());
    let gate = FoeDanger::from_params(p);
    match gate.why(w, &threat::threats_by(r, w, 50)) {
        Some(why) => {
            log::debug!("foe_danger: {why}");
            LeafOutcome::Success
        }
        None => LeafOutcome::Failure,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::{Monster, Pos};

    fn world(hp: i32, hp_max: i32, monsters: Vec<Monster>) -> World {
        let mut w = World {
            player: Pos::new(10, 10),
            monsters,
            ..World::default()
        };
        w.status.hp = hp;
        w.status.hp_max = hp_max;
        w.status.ac = 4;
        w.status.dlvl = 10;
        w.status.xl = 10;
        w
    }

    fn named(name: &str, ch: char, x: i16) -> Monster {
        Monster {
            pos: Pos::new(x, 10),
            ch,
            name: Some(name.into()),
            ..Monster::default()
        }
    }

    fn gate(below: f64, radius: i16, turns: u32, elbereth: bool) -> FoeDanger {
        FoeDanger {
            below,
            radius,
            turns,
            elbereth,
        }
    }

    fn danger(g: FoeDanger, w: &World) -> Option<String> {
        g.why(w, &threat::threats(&Recall::default(), w))
    }

    /// Seed 16: a leocrotta (three 2d6 blows, speed 18) next to us at HP 25/94 would take it
    /// in two turns, and it respects Elbereth: a zap must leave the turn to `survive`.
    #[test]
    fn a_leocrotta_next_to_us_at_low_hp_is_a_danger_elbereth_can_meet() {
        let w = world(25, 94, vec![named("leocrotta", 'q', 11)]);
        let why = danger(gate(1.0, 1, 2, true), &w).expect("a danger");
        assert!(why.contains("leocrotta"), "{why}");
        // At full HP two turns of it are not our death.
        let healthy = world(94, 94, vec![named("leocrotta", 'q', 11)]);
        assert_eq!(danger(gate(1.0, 1, 2, true), &healthy), None);
        // Two squares away it is not next to us.
        let apart = world(25, 94, vec![named("leocrotta", 'q', 12)]);
        assert_eq!(danger(gate(1.0, 1, 2, true), &apart), None);
    }

    /// An elf ignores Elbereth: with `elbereth` the zap stays the bot's best blow.
    #[test]
    fn a_foe_that_ignores_elbereth_is_no_danger_with_elbereth_asked() {
        let w = world(5, 60, vec![named("Woodland-elf", '@', 11)]);
        assert_eq!(danger(gate(1.0, 1, 2, true), &w), None);
        assert!(danger(gate(1.0, 1, 2, false), &w).is_some());
    }

    /// Seed 190: HP 14/99 with a soldier ant 4 squares away: a walk to a corpse waits.
    #[test]
    fn any_hostile_in_radius_counts_below_the_hp_fraction_when_turns_is_zero() {
        let w = world(14, 99, vec![named("soldier ant", 'a', 14)]);
        assert!(danger(gate(0.5, 5, 0, false), &w).is_some());
        assert_eq!(danger(gate(0.5, 3, 0, false), &w), None);
        let healthy = world(60, 99, vec![named("soldier ant", 'a', 14)]);
        assert_eq!(danger(gate(0.5, 5, 0, false), &healthy), None);
    }

    #[test]
    fn pets_and_peacefuls_are_no_danger() {
        let mut pet = named("large dog", 'd', 11);
        pet.tame = true;
        let mut watchman = named("watchman", '@', 11);
        watchman.peaceful = Some(true);
        let w = world(3, 60, vec![pet, watchman]);
        assert_eq!(danger(gate(0.5, 5, 0, false), &w), None);
    }
}
