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
    /// Another hostile stops the blow only within this many squares (0: anywhere in view).
    pub others_radius: i16,
}

/// Since when eyes have hemmed us in; where and when we last wiped an engraving under us
/// before the blow.
#[derive(Default)]
pub(crate) struct EyeWatch {
    /// The first turn an eye hemmed us in, and the latest.
    hemmed: Option<(i64, i64)>,
    wiped: Option<(Pos, i64)>,
}

/// Turns without seeing the eye hem us in that end the wait.
const HEMMED_GAP: i64 = 300;

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
        // Out of view or not hemming us for a while (an `I` in the way, walks off to lure it)
        // is not the end of the wait: seed 69 of b35 was hemmed in 2,000 turns by one eye
        // and the count began again every few hundred; seed 100 lured for 50+ turns at a time.
        if s.hemmed.is_some_and(|(_, seen)| w.turn - seen > HEMMED_GAP) {
            s.hemmed = None;
        }
        return None;
    };
    // Any eye, wherever it stands: one scared by our Elbereth creeps a square at a time (seed
    // 100 of b35: 4,900 decisions hemmed in, the count begun again at each of its steps).
    let since = s.hemmed.map_or(w.turn, |(since, _)| since);
    s.hemmed = Some((since, w.turn));
    let waited = w.turn - since;
    let dir = Dir::from_delta(eye.pos.x - w.player.x, eye.pos.y - w.player.y)?;
    let near = |t: &threat::Threat| rules.others_radius == 0 || t.distance <= rules.others_radius;
    let others = threat::threats(r, w)
        .into_iter()
        .any(|t| t.hostile && t.pos != eye.pos && near(&t));
    if waited < rules.after
        || others
        || f64::from(w.status.hp) < rules.hp * f64::from(w.status.hp_max)
        || w.level().is_none_or(|l| l.branch == Branch::Sokoban)
    {
        return None;
    }
    // The Elbereth that scared the eye still under us: a blow from it at a monster it scares
    // costs alignment (3.6 `setmangry`, "You feel like a hypocrite."), which refuses prayers.
    // Writing something else over it wipes it first ("add to it?" no).
    let ours = r.last_engrave_at == Some(w.player)
        && r.last_engrave.is_some_and(|t| {
            s.wiped
                .is_none_or(|(pos, wiped)| pos != w.player || t > wiped)
        });
    if w.elbereth_read_here() || ours {
        s.wiped = Some((w.player, w.turn));
        return Some((
            Action::Engrave {
                text: "x".into(),
                with: None,
            },
            format!(
                "wiping the Elbereth under us before striking the floating eye at ({}, {}) \
                 that has barred the only way on for {waited} turns",
                eye.pos.x, eye.pos.y
            ),
        ));
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
             other hostile in view (within `others_radius`) and HP at least `hp` of max; an Elbereth under \
             us (read back, or ours) is first written over. The last resort after luring \
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
                    p(
                        "others_radius",
                        Integer { min: 0, max: 80 },
                        Default("0"),
                        "Another hostile stops the blow only within this many squares (0: \
                         anywhere in view; a zoo asleep behind the eye kept seed 151 of b35 \
                         hemmed in 7,000 turns, to starvation).",
                    ),
                ]
            },
        ),
        |p| StrikeBlockingEye {
            after: p.integer("after"),
            lure_distance: p.integer("lure_distance") as i16,
            hp: p.number("hp"),
            others_radius: p.integer("others_radius") as i16,
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

    /// The tree's rules (500 turns, lure distance 4, half HP) with `others_radius`.
    fn rules(others_radius: i16) -> StrikeBlockingEye {
        StrikeBlockingEye {
            after: 500,
            lure_distance: 4,
            hp: 0.5,
            others_radius,
        }
    }

    #[test]
    fn strikes_the_eye_only_after_waiting_hemmed_in() {
        let r = Recall::default();
        let rules = rules(0);
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

    /// A hostile beyond `others_radius` (a zoo asleep behind the eye) does not stop the blow;
    /// one within it does, and with radius 0 any in view does.
    #[test]
    fn only_hostiles_within_the_radius_stop_the_blow() {
        let r = Recall::default();
        let far_jackal = |turn| {
            let mut w = dead_end(turn);
            w.monsters.push(Monster {
                pos: Pos::new(4, 1),
                ch: 'd',
                color: clr::BROWN,
                first_seen: 1,
                last_seen: turn,
                ..std::default::Default::default()
            });
            w
        };
        for (radius, blow) in [(0, false), (2, true), (3, false)] {
            let mut s = EyeWatch::default();
            assert_eq!(
                strike_step(&mut s, &r, &far_jackal(100), rules(radius)),
                None
            );
            let step = strike_step(&mut s, &r, &far_jackal(600), rules(radius));
            assert_eq!(step.is_some(), blow, "radius {radius}: {step:?}");
        }
    }

    /// Standing on the Elbereth we wrote to scare the eye: it is written over first (a blow
    /// from it at a monster it scares costs alignment), then the blow comes.
    #[test]
    fn an_elbereth_under_us_is_wiped_before_the_blow() {
        let rules = rules(0);
        let mut r = Recall::default();
        let mut s = EyeWatch::default();
        let w = dead_end(100);
        r.last_engrave = Some(550);
        r.last_engrave_at = Some(w.player);
        assert_eq!(strike_step(&mut s, &r, &w, rules), None, "just hemmed in");
        let (action, why) = strike_step(&mut s, &r, &dead_end(600), rules).expect("an action");
        assert!(
            matches!(&action, Action::Engrave { text, with: None } if text == "x"),
            "{action:?}: {why}"
        );
        let (action, why) = strike_step(&mut s, &r, &dead_end(601), rules).expect("the blow");
        assert_eq!(action, Action::Fight { dir: Dir::N }, "{why}");
        // Engraved again since: wiped again.
        r.last_engrave = Some(650);
        let (action, _) = strike_step(&mut s, &r, &dead_end(700), rules).expect("an action");
        assert!(matches!(action, Action::Engrave { .. }), "{action:?}");
    }
}
