//! The first blow: a hostile two squares off that is coming for us gets a blow first if we wait
//! for it to step in, rather than stepping in ourselves and taking its blow first (AutoAscend's
//! movement heat map keeps one square between it and a monster it means to fight). One of its
//! attack rounds fewer in every fight begun so.

use crate::recall::Recall;
use crate::{hunt, ranged, threat};
use nhbot_bt::ParamType::*;
use nhbot_bt::Requirement::*;
use nhbot_bt::{p, Leaf, LeafOutcome, LeafSpec, NodeRegistry, Tick};
use nhbot_world::{Action, Pos, World};

/// The `wait_for_foe` action's parameters.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WaitForFoe {
    /// Farthest a foe of our speed or slower is waited for, in squares.
    pub radius: i16,
    /// Farthest a foe faster than us is waited for.
    pub fast_radius: i16,
    /// Slowest foe waited for: a slower one rarely strikes first anyway.
    pub min_speed: i32,
    /// Waits for a foe that has not moved before it is taken for asleep or stuck.
    pub patience: u32,
    /// Most waits in a row.
    pub most: u32,
    /// Turns the fight look-ahead looks ahead.
    pub depth: u32,
    /// Wait for a weapon user lined up with us too (it may throw or fire instead of coming).
    pub armed: bool,
}

/// The foe last waited for (where and what), waits while it stood there, waits in a row, and
/// the turn until which no foe is waited for after a wait was given up.
#[derive(Default)]
pub(crate) struct WaitState {
    last: Option<(Pos, char)>,
    still: u32,
    run: u32,
    resting_until: i64,
}

/// Turns without waiting after a foe did not come.
const REST: i64 = 20;

/// The foe to wait for: a hostile the look-ahead would fight, within its radius but not next
/// to us, none next to us already, and nothing making a wait in place unsafe.
fn foe_to_wait_for(r: &Recall, w: &World, rules: WaitForFoe) -> Option<(threat::Threat, String)> {
    if w.watched()
        || hunt::IMPAIRED
            .iter()
            .any(|c| w.status.conditions.contains(c))
    {
        return None;
    }
    let threats = threat::threats(r, w);
    if threats.iter().any(|t| t.hostile && t.distance <= 1) {
        return None; // the fight's nodes
    }
    let radius = |t: &threat::Threat| {
        if t.speed > threat::OUR_SPEED {
            rules.fast_radius
        } else {
            rules.radius
        }
    };
    let (foe, kind) = threats
        .iter()
        .filter(|t| t.distance >= 2 && t.distance <= radius(t) && t.speed >= rules.min_speed)
        .filter(|t| rules.armed || !ranged::armed_and_lined_up(w, t, w.player))
        .filter_map(|t| Some((t, hunt::prey_kind(w, t, rules.depth)?)))
        .min_by_key(|(t, _)| t.distance)?;
    if ranged::unsafe_to_wait(r, w).is_some() {
        return None;
    }
    Some((foe.clone(), kind))
}

/// A search in place while the foe comes, if it is time for one.
fn wait_step(
    s: &mut WaitState,
    r: &Recall,
    w: &World,
    rules: WaitForFoe,
) -> Option<(Action, String)> {
    if w.turn < s.resting_until {
        return None;
    }
    let Some((foe, kind)) = foe_to_wait_for(r, w, rules) else {
        s.last = None;
        s.still = 0;
        s.run = 0;
        return None;
    };
    let here = (foe.pos, foe.glyph);
    s.still = if s.last == Some(here) { s.still + 1 } else { 0 };
    s.last = Some(here);
    s.run += 1;
    if s.still >= rules.patience || s.run > rules.most {
        *s = WaitState {
            resting_until: w.turn + REST,
            ..WaitState::default()
        };
        return None;
    }
    Some((
        Action::Search { count: 1 },
        format!(
            "waiting for `{}` ({kind}, speed {}) {} squares off to step in: the first blow is ours",
            foe.glyph, foe.speed, foe.distance
        ),
    ))
}

impl Leaf for WaitForFoe {
    type State = WaitState;

    fn tick(&self, s: &mut WaitState, t: &mut Tick<'_>) -> LeafOutcome {
        let r: &Recall = t.blackboard.entry::<Recall>();
        match wait_step(s, r, t.world, *self) {
            Some((action, why)) => LeafOutcome::Act(action, why),
            None => LeafOutcome::Failure,
        }
    }

    /// A fight or a flight in between starts the count over; a rest after a foe that never
    /// came stands.
    fn halted(&self, s: &mut WaitState) {
        *s = WaitState {
            resting_until: s.resting_until,
            ..WaitState::default()
        };
    }
}

/// Registers `wait_for_foe`.
pub(crate) fn register(r: &mut NodeRegistry) {
    r.register(
        LeafSpec::action(
            "wait_for_foe",
            "Search in place while a hostile the fight look-ahead would fight comes at us from \
             2..`radius` squares (2..`fast_radius` if faster than us), so that it steps in and \
             our blow comes first. Not for a foe slower than `min_speed`, never in a line of \
             fire (nor, without `armed`, lined up with a weapon user), next to a zapper or under an unseen attacker's blows, nor blind, confused, \
             stunned or hallucinating. A foe that stays on its square `patience` waits (asleep, \
             shut away), or `most` waits in a row, ends the waiting for 20 turns.",
        )
        .params(
            const {
                &[
                    p(
                        "radius",
                        Integer { min: 2, max: 7 },
                        Default("2"),
                        "Farthest a foe of our speed or slower is waited for, in squares.",
                    ),
                    p(
                        "fast_radius",
                        Integer { min: 2, max: 7 },
                        Default("3"),
                        "Farthest a foe faster than us is waited for, in squares.",
                    ),
                    p(
                        "min_speed",
                        Integer { min: 0, max: 30 },
                        Default("6"),
                        "Slowest foe waited for.",
                    ),
                    p(
                        "patience",
                        Integer { min: 1, max: 20 },
                        Default("2"),
                        "Waits for a foe that has not moved before it is taken for asleep.",
                    ),
                    p(
                        "most",
                        Integer { min: 1, max: 50 },
                        Default("6"),
                        "Most waits in a row.",
                    ),
                    p(
                        "depth",
                        Integer { min: 1, max: 8 },
                        Default("4"),
                        "Turns the fight look-ahead looks ahead.",
                    ),
                    p(
                        "armed",
                        Flag,
                        Default("true"),
                        "Wait for a weapon user lined up with us too (it may throw instead).",
                    ),
                ]
            },
        ),
        |p| WaitForFoe {
            radius: p.integer("radius") as i16,
            fast_radius: p.integer("fast_radius") as i16,
            min_speed: p.integer("min_speed") as i32,
            patience: p.integer("patience") as u32,
            most: p.integer("most") as u32,
            depth: p.integer("depth") as u32,
            armed: p.flag("armed"),
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::tiles::clr;

    fn with(ch: char, color: u8, at: Pos) -> World {
        crate::seen::room_with(ch, color, at)
    }

    fn rules() -> WaitForFoe {
        WaitForFoe {
            radius: 2,
            fast_radius: 3,
            min_speed: 6,
            patience: 2,
            most: 6,
            depth: 4,
            armed: true,
        }
    }

    #[test]
    fn a_dog_two_squares_off_is_waited_for() {
        let w = with('d', clr::BROWN, Pos::new(5, 2));
        let (action, why) =
            wait_step(&mut WaitState::default(), &Recall::default(), &w, rules()).expect("a wait");
        assert_eq!(action, Action::Search { count: 1 }, "{why}");
        assert!(why.contains("2 squares off"), "{why}");
    }

    #[test]
    fn next_to_us_too_far_or_too_slow_is_not_waited_for() {
        // Next to us: the fight's nodes.
        let w = with('d', clr::BROWN, Pos::new(4, 2));
        assert_eq!(
            wait_step(&mut WaitState::default(), &Recall::default(), &w, rules()),
            None
        );
        // Four squares off, a jackal of our speed.
        let w = with('d', clr::BROWN, Pos::new(7, 2));
        assert_eq!(
            wait_step(&mut WaitState::default(), &Recall::default(), &w, rules()),
            None
        );
        // A lichen (speed 1) never steps in soon.
        let w = with('F', clr::BRIGHT_GREEN, Pos::new(5, 2));
        assert_eq!(
            wait_step(&mut WaitState::default(), &Recall::default(), &w, rules()),
            None
        );
        // A floating eye is never fought.
        let w = with('e', clr::BLUE, Pos::new(5, 2));
        assert_eq!(
            wait_step(&mut WaitState::default(), &Recall::default(), &w, rules()),
            None
        );
    }

    #[test]
    fn a_foe_that_does_not_come_is_given_up_for_a_while() {
        let w = with('d', clr::BROWN, Pos::new(5, 2));
        let mut s = WaitState::default();
        let mut waits = 0;
        while wait_step(&mut s, &Recall::default(), &w, rules()).is_some() {
            waits += 1;
            assert!(waits < 100, "never gave up");
        }
        assert_eq!(waits, 2);
        assert_eq!(s.resting_until, w.turn + REST);
        assert_eq!(wait_step(&mut s, &Recall::default(), &w, rules()), None);
    }

    #[test]
    fn a_foe_that_moves_is_waited_for_up_to_the_most_in_a_row() {
        let mut s = WaitState::default();
        let mut waits = 0;
        for turn in 0..20 {
            // It moves between two squares two off, never stepping in.
            let at = if turn % 2 == 0 {
                Pos::new(5, 2)
            } else {
                Pos::new(5, 1)
            };
            let w = with('d', clr::BROWN, at);
            if wait_step(&mut s, &Recall::default(), &w, rules()).is_none() {
                break;
            }
            waits += 1;
        }
        assert_eq!(waits, 6);
    }

    #[test]
    fn a_weapon_user_lined_up_is_waited_for_only_when_armed() {
        // A hill orc (yellow `o`) two squares east: it may throw its daggers from there.
        let w = with('o', clr::YELLOW, Pos::new(5, 2));
        let unarmed = WaitForFoe {
            armed: false,
            ..rules()
        };
        assert_eq!(
            wait_step(&mut WaitState::default(), &Recall::default(), &w, unarmed),
            None
        );
        assert!(wait_step(&mut WaitState::default(), &Recall::default(), &w, rules()).is_some());
        // A knight's move off, it cannot throw at us: waited for.
        let w = with('o', clr::YELLOW, Pos::new(5, 1));
        assert!(wait_step(&mut WaitState::default(), &Recall::default(), &w, unarmed).is_some());
    }
}
