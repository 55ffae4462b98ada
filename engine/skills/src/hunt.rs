//! Hunting: with nothing else to do (a level explored, not ready to go deeper), walk to a
//! hostile in view that the fight look-ahead would fight at our HP instead of waiting for it.
//! A lichen (speed 1), a monster asleep, one shut behind a door or a wall never comes, and a
//! camping bot lives on the experience and the corpses of what it kills.

use crate::recall::Recall;
use crate::{lookahead, monsters, ranged, threat};
use nhbot_bt::ParamType::*;
use nhbot_bt::Requirement::*;
use nhbot_bt::{p, Leaf, LeafOutcome, LeafSpec, NodeRegistry, Tick};
use nhbot_world::{Action, Branch, Condition, Pos, World};

/// The `hunt` action's parameters.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hunt {
    /// Longest walk to the prey, in steps.
    pub reach: usize,
    /// Least HP, a fraction of max.
    pub hp: f64,
    /// Turns the fight look-ahead looks ahead.
    pub depth: u32,
}

/// The hunt under way: where the prey stood, the decisions spent and the most the walk may
/// take; and the turn until which hunting rests after a walk that did not arrive.
#[derive(Default)]
pub(crate) struct HuntState {
    walking: Option<(Pos, u32, u32)>,
    resting_until: i64,
}

/// Decisions spent beyond the first path's length before a hunt is given up (the prey keeps
/// away, a door will not open).
const SLACK: u32 = 10;
/// Turns without hunting after a hunt was given up.
const REST: i64 = 50;
/// Conditions that make a walk go astray or the prey unknown (also `wait_for_foe`'s).
pub(crate) const IMPAIRED: [Condition; 4] = [
    Condition::Blind,
    Condition::Conf,
    Condition::Stun,
    Condition::Hallu,
];

/// Letters of monsters never hunted: a nymph or a leprechaun steals and teleports away, and
/// is better left asleep; an `e` may be a gas spore or a sphere that explodes when it dies or
/// touches us (seed 15 of b31-hunt walked to a gas spore and struck it).
const NEVER_HUNTED: [char; 3] = ['n', 'l', 'e'];

/// Why the monster `t` is prey: hostile, known, safe to melee, not a thief, and the look-ahead
/// would fight it at our HP.
pub(crate) fn prey_kind(w: &World, t: &threat::Threat, depth: u32) -> Option<String> {
    if !t.hostile
        || t.unknown.is_some()
        || t.no_melee.is_some()
        || t.deadly_touch
        || t.gazes
        || NEVER_HUNTED.contains(&t.glyph)
    {
        return None;
    }
    let foe = monsters::by_name(&t.name)?;
    lookahead::would_fight(w, foe, depth).then(|| t.kind())
}

/// The next step of the hunt, if there is one.
fn hunt_step(s: &mut HuntState, r: &Recall, w: &World, rules: Hunt) -> Option<(Action, String)> {
    let level = w.level()?;
    if level.branch == Branch::Sokoban
        || w.watched()
        || w.turn < s.resting_until
        || f64::from(w.status.hp) < rules.hp * f64::from(w.status.hp_max)
        || IMPAIRED.iter().any(|c| w.status.conditions.contains(c))
    {
        s.walking = None;
        return None;
    }
    let threats = threat::threats(r, w);
    if threats.iter().any(|t| t.hostile && t.distance <= 1) {
        return None; // the fight's nodes
    }
    let (prey, kind, path) = threats
        .iter()
        .filter_map(|t| {
            let kind = prey_kind(w, t, rules.depth)?;
            let around: Vec<Pos> = nhbot_world::level::neighbours(t.pos).collect();
            let path = w.path_to(&around)?;
            (path.steps.len() <= rules.reach).then_some((t, kind, path))
        })
        .min_by_key(|(_, _, path)| path.steps.len())?;
    let (spent, budget) = match s.walking {
        Some((at, spent, budget)) if threat::distance(at, prey.pos) <= 2 => (spent + 1, budget),
        _ => (0, path.steps.len() as u32 + SLACK),
    };
    if spent >= budget {
        s.walking = None;
        s.resting_until = w.turn + REST;
        return None;
    }
    s.walking = Some((prey.pos, spent, budget));
    let (action, how) = ranged::close_in_on(r, w, prey.pos)?;
    Some((
        action,
        format!(
            "hunting: {how} on `{}` ({kind}) at ({}, {}), {} steps",
            prey.glyph,
            prey.pos.x,
            prey.pos.y,
            path.steps.len()
        ),
    ))
}

impl Leaf for Hunt {
    type State = HuntState;

    fn tick(&self, s: &mut HuntState, t: &mut Tick<'_>) -> LeafOutcome {
        let r: &Recall = t.blackboard.entry::<Recall>();
        match hunt_step(s, r, t.world, *self) {
            Some((action, why)) => LeafOutcome::Act(action, why),
            None => LeafOutcome::Failure,
        }
    }

    /// A fight between steps does not restart the walk's budget.
    fn halted(&self, _: &mut HuntState) {}
}

/// Registers `hunt`.
pub(crate) fn register(r: &mut NodeRegistry) {
    r.register(
        LeafSpec::action(
            "hunt",
            "Walk toward the nearest hostile in view (at most `reach` steps) that the fight \
             look-ahead would fight at our HP: known, safe to melee, no thief (nymph, \
             leprechaun), no `e` (a gas spore explodes), no gaze. A lichen, a monster \
             asleep or shut away never comes to a camping hero. Fails with a hostile next to \
             us (the fight's nodes), below `hp` of max HP, blind, confused, stunned or \
             hallucinating, in Sokoban or a watched town, and for 50 turns after a walk took \
             10 decisions more than its path's length.",
        )
        .params(
            const {
                &[
                    p(
                        "reach",
                        Integer { min: 1, max: 200 },
                        Default("20"),
                        "Longest walk to the prey, in steps.",
                    ),
                    p(
                        "hp",
                        Number { min: 0.0, max: 1.0 },
                        Default("0.8"),
                        "Least HP, a fraction of max.",
                    ),
                    p(
                        "depth",
                        Integer { min: 1, max: 8 },
                        Default("4"),
                        "Turns the fight look-ahead looks ahead.",
                    ),
                ]
            },
        ),
        |p| Hunt {
            reach: p.integer("reach") as usize,
            hp: p.number("hp"),
            depth: p.integer("depth") as u32,
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::tiles::clr;

    fn with(ch: char, color: u8, at: Pos, hp: i32) -> World {
        let mut w = crate::seen::room_with(ch, color, at);
        w.status.hp = hp;
        w
    }

    fn rules() -> Hunt {
        Hunt {
            reach: 20,
            hp: 0.8,
            depth: 4,
        }
    }

    #[test]
    fn walks_to_a_lichen_that_never_comes() {
        let w = with('F', clr::BRIGHT_GREEN, Pos::new(10, 2), 40);
        let (action, why) =
            hunt_step(&mut HuntState::default(), &Recall::default(), &w, rules()).expect("a hunt");
        assert_eq!(
            action,
            Action::Move {
                dir: nhbot_world::Dir::E
            },
            "{why}"
        );
        assert!(why.contains("lichen"), "{why}");
    }

    #[test]
    fn leaves_alone_what_must_not_be_fought_or_when_hurt() {
        // A floating eye: never meleed; a gas spore explodes.
        let w = with('e', clr::BLUE, Pos::new(10, 2), 40);
        assert_eq!(
            hunt_step(&mut HuntState::default(), &Recall::default(), &w, rules()),
            None
        );
        let w = with('e', clr::GRAY, Pos::new(10, 2), 40);
        assert_eq!(
            hunt_step(&mut HuntState::default(), &Recall::default(), &w, rules()),
            None
        );
        // A soldier ant: the look-ahead takes Elbereth or flight over a fight.
        let w = with('a', clr::BLUE, Pos::new(10, 2), 40);
        assert_eq!(
            hunt_step(&mut HuntState::default(), &Recall::default(), &w, rules()),
            None
        );
        // A lichen, but our HP is below 80%.
        let w = with('F', clr::BRIGHT_GREEN, Pos::new(10, 2), 20);
        assert_eq!(
            hunt_step(&mut HuntState::default(), &Recall::default(), &w, rules()),
            None
        );
        // Next to us: the fight's nodes.
        let w = with('F', clr::BRIGHT_GREEN, Pos::new(4, 2), 40);
        assert_eq!(
            hunt_step(&mut HuntState::default(), &Recall::default(), &w, rules()),
            None
        );
    }

    #[test]
    fn a_hunt_that_never_arrives_rests() {
        let w = with('F', clr::BRIGHT_GREEN, Pos::new(10, 2), 40);
        let mut s = HuntState::default();
        let mut steps = 0;
        while hunt_step(&mut s, &Recall::default(), &w, rules()).is_some() {
            steps += 1;
            assert!(steps < 100, "never gave up");
        }
        // 6 steps to its side + the slack, then a rest.
        assert_eq!(steps, 6 + SLACK as usize);
        assert_eq!(s.resting_until, w.turn + REST);
        assert_eq!(hunt_step(&mut s, &Recall::default(), &w, rules()), None);
    }
}
