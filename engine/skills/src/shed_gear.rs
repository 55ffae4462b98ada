//! Picking up the gear our own body shed (`World::shed_gear`): back in our own form after a
//! were-change, walk to where the armour and weapon fell and pick up the armour and weapons
//! there; `wear_armour` and `wield_weapon` put them back on. The pile under us after such a
//! change was never looked at, so nothing else knew it was there (seed 29 of the 200-game
//! bench returned to human form on its own pile, wielded a dagger and went down at AC 10).
//! The same for what a thief dropped at her death (`World::learn_thief_death`).

use crate::recall::Recall;
use crate::threat;
use nhbot_bt::ParamType::*;
use nhbot_bt::Requirement::*;
use nhbot_bt::{p, Leaf, LeafOutcome, LeafSpec, NodeRegistry, Tick};
use nhbot_world::shed::{dropped_in_form, ShedGear};
use nhbot_world::{Action, Encumbrance, Pick, World};
use std::collections::HashSet;

/// The `recover_shed_gear` action's parameters.
pub(crate) struct RecoverShedGear {
    /// Longest walk back to the pile, in squares.
    pub reach: usize,
    /// No walking back below this fraction of max HP.
    pub hp: f64,
}

/// Piles picked up or given up (by the turn their last message came), and the one walked to
/// with the decisions spent and the most it may take.
#[derive(Default)]
pub(crate) struct Recovery {
    done: HashSet<i64>,
    walking: Option<(i64, u32, u32)>,
}

/// Decisions spent walking to one pile beyond its first path's length before it is given up.
const SLACK: u32 = 20;

/// The latest pile of our gear on this level not yet picked up, if any.
fn pile_here<'w>(w: &'w World, done: &HashSet<i64>) -> Option<&'w ShedGear> {
    w.shed_gear
        .iter()
        .rev()
        .find(|s| s.level == w.dungeon.current && !done.contains(&s.turn))
}

impl Leaf for RecoverShedGear {
    type State = Recovery;

    fn tick(&self, s: &mut Recovery, t: &mut Tick<'_>) -> LeafOutcome {
        let w = t.world;
        // In the new form the gear cannot go back on; a form that lasts drops it again.
        if w.status.polymorphed || w.dungeon.current.is_none() {
            return LeafOutcome::Failure;
        }
        let Some(pile) = pile_here(w, &s.done) else {
            return LeafOutcome::Failure;
        };
        let said = pile.said.join(" ");
        if w.player == pile.pos {
            s.done.insert(pile.turn);
            s.walking = None;
            // What a small form dropped (`drop_load`) is picked up with the gear.
            let dropped = pile.said.iter().any(|m| dropped_in_form(m));
            let (what, which) = if dropped {
                (Pick::All, "everything")
            } else {
                (Pick::Classes("[)".into()), "the armour and weapons")
            };
            return LeafOutcome::Act(
                Action::Pickup { what },
                format!("picking up {which} of ours lying here ({said})"),
            );
        }
        if let Some((turn, spent, budget)) = s.walking {
            if turn == pile.turn && spent > budget {
                s.done.insert(turn);
                s.walking = None;
                return LeafOutcome::Failure;
            }
        }
        if f64::from(w.status.hp) < self.hp * f64::from(w.status.hp_max)
            || w.status.encumbrance >= Encumbrance::Stressed
        {
            return LeafOutcome::Failure;
        }
        let r: &Recall = t.blackboard.entry::<Recall>();
        if threat::hostile_within(r, w, 6) {
            return LeafOutcome::Failure;
        }
        let Some(path) = w.path_to(&[pile.pos]) else {
            return LeafOutcome::Failure;
        };
        if path.steps.len() > self.reach {
            return LeafOutcome::Failure;
        }
        s.walking = match s.walking {
            Some((turn, spent, budget)) if turn == pile.turn => Some((turn, spent + 1, budget)),
            _ => Some((pile.turn, 0, path.steps.len() as u32 + SLACK)),
        };
        let step = w.walk_along(&path);
        LeafOutcome::Act(
            step,
            format!(
                "walking back to our gear lying at ({}, {}), {} steps ({said})",
                pile.pos.x,
                pile.pos.y,
                path.steps.len()
            ),
        )
    }

    /// A fight between steps does not make us forget the pile.
    fn halted(&self, _: &mut Recovery) {}
}

/// Registers `recover_shed_gear`.
pub(crate) fn register(r: &mut NodeRegistry) {
    r.register(
        LeafSpec::action(
            "recover_shed_gear",
            "Back in our own form after a change that shed our gear (a were-creature's change, \
             a polymorph: \"Your armor falls around you!\", \"You find you must drop your \
             sword!\"...), or once the nymph that stole our weapon or armour died (what she \
             carried falls where she dies), walk to where it fell (at most `reach` squares) and \
             pick up the armour and weapons there, once per pile; `wear_armour` and `wield_weapon` put them \
             back on. Only with no hostile within 6, HP at least `hp` of max, not Stressed; a \
             walk not done within its path's length + 20 decisions is given up.",
        )
        .params(
            const {
                &[
                    p(
                        "reach",
                        Integer { min: 1, max: 400 },
                        Default("80"),
                        "Longest walk, in squares.",
                    ),
                    p(
                        "hp",
                        Number { min: 0.0, max: 1.0 },
                        Default("0.3"),
                        "Least HP, a fraction of max.",
                    ),
                ]
            },
        ),
        |p| RecoverShedGear {
            reach: p.integer("reach") as usize,
            hp: p.number("hp"),
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::Pos;

    fn world_with_pile(player: Pos, polymorphed: bool) -> World {
        let mut w = World {
            turn: 2949,
            player,
            ..World::default()
        };
        w.status.hp = 31;
        w.status.hp_max = 31;
        w.status.polymorphed = polymorphed;
        w.dungeon.current = Some(0);
        w.shed_gear.push(ShedGear {
            level: Some(0),
            pos: Pos::new(20, 10),
            turn: 2825,
            said: vec!["Your armor falls around you!".into()],
        });
        w
    }

    fn tick(w: &World, s: &mut Recovery) -> LeafOutcome {
        let leaf = RecoverShedGear { reach: 80, hp: 0.3 };
        crate::seen::tick(&leaf, s, w)
    }

    #[test]
    fn on_the_pile_in_our_own_form_picks_up_armour_and_weapons_once() {
        let w = world_with_pile(Pos::new(20, 10), false);
        let mut s = Recovery::default();
        match tick(&w, &mut s) {
            LeafOutcome::Act(Action::Pickup { what }, why) => {
                assert_eq!(what, Pick::Classes("[)".into()));
                assert!(why.contains("Your armor falls around you!"), "{why}");
            }
            other => panic!("expected a pickup, got {other:?}"),
        }
        assert!(matches!(tick(&w, &mut s), LeafOutcome::Failure));
    }

    #[test]
    fn still_in_the_new_form_nothing_is_picked_up() {
        let w = world_with_pile(Pos::new(20, 10), true);
        assert!(matches!(
            tick(&w, &mut Recovery::default()),
            LeafOutcome::Failure
        ));
    }

    #[test]
    fn a_pile_on_another_level_is_not_ours_to_fetch_here() {
        let mut w = world_with_pile(Pos::new(20, 10), false);
        w.dungeon.current = Some(1);
        assert!(matches!(
            tick(&w, &mut Recovery::default()),
            LeafOutcome::Failure
        ));
    }
}
