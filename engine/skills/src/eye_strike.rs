//! The last resort against a floating eye that bars the only way on: strike it. Luring
//! (`lure_floating_eye`) and scaring it off with Elbereth (`scare_floating_eye`) need room for
//! it to move; in a shop's door or a dead-end corridor it has none (seed 251 of b32-food waited
//! on Elbereth beside one in a shop door for 57,000 turns, to the turn cap). A blow that does
//! not kill it freezes us for up to 127 turns (uhitm.c `passive`), which only matters with
//! another hostile near: so the blow waits until none is in view, and `after` turns hemmed in.

use crate::lure::{hemmed_by_eye, is_floating_eye};
use crate::recall::Recall;
use crate::threat;
use nhbot_bt::ParamType::*;
use nhbot_bt::Requirement::*;
use nhbot_bt::{p, Leaf, LeafOutcome, LeafSpec, NodeRegistry, Tick};
use nhbot_world::{Action, Branch, Dir, Pos, World};

/// The `strike_blocking_eye` action's parameters.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StrikeBlockingEye {
    /// Turns hemmed in by the same eye before the blow.
    pub after: i64,
    /// Squares of `lure_floating_eye`: hemmed in means no square this far off it to lure it
    /// from ([`hemmed_by_eye`]).
    pub lure_distance: i16,
    /// Least HP, a fraction of max.
    pub hp: f64,
}

/// Where the eye that hems us in stood, and the first turn we saw it do so.
#[derive(Default)]
pub(crate) struct EyeWatch {
    hemmed: Option<(Pos, i64)>,
}

fn strike_step(
    s: &mut EyeWatch,
    r: &Recall,
    w: &World,
    rules: StrikeBlockingEye,
) -> Option<(Action, String)> {
    // No floating eye in view, none hems us in: skip the way-on search, every decision.
    let eye_in_view = w.monsters.iter().any(is_floating_eye);
    let Some(eye) = eye_in_view
        .then(|| hemmed_by_eye(w, rules.lure_distance, false))
        .flatten()
    else {
        s.hemmed = None;
        return None;
    };
    let since = match s.hemmed {
        Some((pos, since)) if pos == eye.pos => since,
        _ => {
            s.hemmed = Some((eye.pos, w.turn));
            w.turn
        }
    };
    let waited = w.turn - since;
    let dir = Dir::from_delta(eye.pos.x - w.player.x, eye.pos.y - w.player.y)?;
    let others = threat::threats(r, w)
        .into_iter()
        .any(|t| t.hostile && t.pos != eye.pos);
    if waited < rules.after
        || others
        || f64::from(w.status.hp) < rules.hp * f64::from(w.status.hp_max)
        || w.level().is_none_or(|l| l.branch == Branch::Sokoban)
    {
        return None;
    }
    Some((
        Action::Fight { dir },
        format!(
            "striking the floating eye at ({}, {}) that has barred the only way on for {waited} \
             turns (no room to lure or scare it off; no other hostile in view)",
            eye.pos.x, eye.pos.y
        ),
    ))
}

impl Leaf for StrikeBlockingEye {
    type State = EyeWatch;

    fn tick(&self, s: &mut EyeWatch, t: &mut Tick<'_>) -> LeafOutcome {
        let r: &Recall = t.blackboard.entry::<Recall>();
        match strike_step(s, r, t.world, *self) {
            Some((action, why)) => LeafOutcome::Act(action, why),
            None => LeafOutcome::Failure,
        }
    }

    /// The watch goes on while other leaves act.
    fn halted(&self, _: &mut EyeWatch) {}
}

/// Registers `strike_blocking_eye`.
pub(crate) fn register(r: &mut NodeRegistry) {
    r.register(
        LeafSpec::action(
            "strike_blocking_eye",
            "Strike the floating eye next to us that bars the only way on, once hemmed in by it \
             (no square `lure_distance` off it to lure it from) for `after` turns, with no \
             other hostile in view and HP at least `hp` of max. The last resort after luring \
             and scaring it off: a blow that does not kill it freezes us for up to 127 turns, \
             harmless with nothing else near. Never in Sokoban.",
        )
        .params(
            const {
                &[
                    p(
                        "after",
                        Integer {
                            min: 0,
                            max: 100000,
                        },
                        Default("500"),
                        "Turns hemmed in by the same eye before the blow.",
                    ),
                    p(
                        "lure_distance",
                        Integer { min: 1, max: 10 },
                        Default("4"),
                        "The `lure_floating_eye` distance of `explore`.",
                    ),
                    p(
                        "hp",
                        Number { min: 0.0, max: 1.0 },
                        Default("0.5"),
                        "Least HP, a fraction of max.",
                    ),
                ]
            },
        ),
        |p| StrikeBlockingEye {
            after: p.integer("after"),
            lure_distance: p.integer("lure_distance") as i16,
            hp: p.number("hp"),
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::testing::{unknown_as_rock, world_from_rows};
    use nhbot_world::tiles::clr;
    use nhbot_world::{Feature, Monster};

    /// A dead-end corridor below a closed room: the hero at its end, a floating eye on the
    /// only square on.
    fn dead_end(turn: i64) -> World {
        let rows = [" -----", " |...|", " --.--", "   #  ", "   #  "];
        let me = Pos::new(3, 4);
        let mut w = world_from_rows(&rows, &[], me);
        unknown_as_rock(&mut w);
        if let Some(sq) = w.dungeon.current_mut().and_then(|l| l.at_mut(me)) {
            sq.feature = Feature::Corridor;
        }
        w.turn = turn;
        (w.status.hp, w.status.hp_max) = (30, 30);
        w.monsters.push(Monster {
            pos: Pos::new(3, 3),
            ch: 'e',
            color: clr::BLUE,
            first_seen: 1,
            last_seen: turn,
            ..std::default::Default::default()
        });
        w
    }

    #[test]
    fn strikes_the_eye_only_after_waiting_hemmed_in() {
        let r = Recall::default();
        let rules = StrikeBlockingEye {
            after: 500,
            lure_distance: 4,
            hp: 0.5,
        };
        let mut s = EyeWatch::default();
        let w = dead_end(100);
        assert!(
            hemmed_by_eye(&w, 4, false).is_some(),
            "the scene hems us in"
        );
        assert_eq!(strike_step(&mut s, &r, &w, rules), None, "just hemmed in");
        let (action, why) =
            strike_step(&mut s, &r, &dead_end(600), rules).expect("a blow after 500 turns");
        assert_eq!(action, Action::Fight { dir: Dir::N }, "{why}");
        // Hurt: no blow (a freeze could come with anything).
        let mut hurt = dead_end(700);
        hurt.status.hp = 10;
        assert_eq!(strike_step(&mut s, &r, &hurt, rules), None);
    }
}
