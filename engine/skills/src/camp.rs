//! Where to camp: a level explored but not yet left (the hero waits for experience before going
//! deeper) is waited out on its up staircase. A monster too strong for us then finds us one
//! keystroke from the level above (`flee_upstairs` climbs at once), instead of a walk away.
//! Never on Dlvl 1 (its up stairs leave the dungeon) nor in Sokoban.

use crate::recall::Recall;
use crate::threat;
use nhbot_bt::ParamType::*;
use nhbot_bt::Requirement::*;
use nhbot_bt::{p, Leaf, LeafOutcome, LeafSpec, NodeRegistry, Tick};
use nhbot_world::{Action, Branch, Feature, World};

/// The `walk_to_camp` action's parameters.
pub(crate) struct WalkToCamp {
    /// Longest walk to the stairs, in squares.
    pub reach: usize,
}

/// The level (its index in the dungeon) whose stairs are being walked to, with the decisions
/// spent and the most the walk may take; levels where the walk was given up.
#[derive(Default)]
pub(crate) struct CampWalk {
    walking: Option<(usize, u32, u32)>,
    given_up: Vec<usize>,
}

/// Decisions spent beyond the first path's length before the walk is given up (a door that
/// will not open, a monster that will not move).
const SLACK: u32 = 20;

/// The next step toward the up stairs, if the hero should walk there to camp.
fn camp_step(s: &mut CampWalk, r: &Recall, w: &World, reach: usize) -> Option<(Action, String)> {
    let level = w.level()?;
    let here = w.dungeon.current?;
    if w.status.dlvl <= 1 || level.branch == Branch::Sokoban || s.given_up.contains(&here) {
        return None;
    }
    if level.feature(w.player) == Feature::StairsUp {
        s.walking = None;
        return None;
    }
    if threat::hostile_within(r, w, 6) {
        return None;
    }
    let stairs = level.find(Feature::StairsUp);
    let path = w.path_to(&stairs)?;
    if path.steps.len() > reach {
        return None;
    }
    s.walking = match s.walking {
        Some((at, spent, budget)) if at == here => {
            if spent >= budget {
                s.given_up.push(here);
                s.walking = None;
                return None;
            }
            Some((at, spent + 1, budget))
        }
        _ => Some((here, 0, path.steps.len() as u32 + SLACK)),
    };
    let step = w.walk_along(&path);
    let to = path.target();
    Some((
        step,
        format!(
            "walking to the up stairs at ({}, {}), {} steps, to camp there (the way out of a fight)",
            to.x,
            to.y,
            path.steps.len()
        ),
    ))
}

impl Leaf for WalkToCamp {
    type State = CampWalk;

    fn tick(&self, s: &mut CampWalk, t: &mut Tick<'_>) -> LeafOutcome {
        let r: &Recall = t.blackboard.entry::<Recall>();
        match camp_step(s, r, t.world, self.reach) {
            Some((action, why)) => LeafOutcome::Act(action, why),
            None => LeafOutcome::Failure,
        }
    }

    /// A fight between steps does not restart the walk's budget.
    fn halted(&self, _: &mut CampWalk) {}
}

/// Registers `walk_to_camp`.
pub(crate) fn register(r: &mut NodeRegistry) {
    r.register(
        LeafSpec::action(
            "walk_to_camp",
            "Walk to this level's up stairs to camp on them (at most `reach` squares), so that \
             `flee_upstairs` can climb at once when a fight goes badly. Fails when on them \
             already, on Dlvl 1 or in Sokoban, with a hostile within 6, with no known way there, \
             or once a walk took 20 decisions more than its path's length (then never again on \
             that level).",
        )
        .params(
            const {
                &[p(
                    "reach",
                    Integer { min: 1, max: 400 },
                    Default("80"),
                    "Longest walk, in squares.",
                )]
            },
        ),
        |p| WalkToCamp {
            reach: p.integer("reach") as usize,
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seen::world;

    const ROOM: [&str; 5] = [
        "----------",
        "|<.......|",
        "|......@.|",
        "|........|",
        "----------",
    ];

    fn on_dlvl(rows: &[&str], dlvl: i32) -> World {
        let mut w = world(rows);
        w.status.dlvl = dlvl;
        (w.status.hp, w.status.hp_max) = (40, 40);
        w
    }

    #[test]
    fn walks_to_the_up_stairs_then_stops_there() {
        let w = on_dlvl(&ROOM, 4);
        let mut s = CampWalk::default();
        let (action, why) = camp_step(&mut s, &Recall::default(), &w, 80).expect("a walk");
        assert!(matches!(action, Action::Move { .. }), "{action:?}");
        assert!(why.contains("up stairs at (1, 1)"), "{why}");
        let mut there = on_dlvl(&ROOM, 4);
        there.player = nhbot_world::Pos::new(1, 1);
        assert_eq!(camp_step(&mut s, &Recall::default(), &there, 80), None);
    }

    #[test]
    fn never_on_dlvl_1_nor_beyond_reach() {
        let w = on_dlvl(&ROOM, 1);
        assert_eq!(
            camp_step(&mut CampWalk::default(), &Recall::default(), &w, 80),
            None
        );
        let w = on_dlvl(&ROOM, 4);
        assert_eq!(
            camp_step(&mut CampWalk::default(), &Recall::default(), &w, 3),
            None
        );
    }

    #[test]
    fn a_walk_that_never_arrives_is_given_up_for_the_level() {
        let w = on_dlvl(&ROOM, 4);
        let mut s = CampWalk::default();
        let mut steps = 0;
        while camp_step(&mut s, &Recall::default(), &w, 80).is_some() {
            steps += 1;
            assert!(steps < 100, "never gave up");
        }
        // 6 steps of path + the slack, then nothing more on this level.
        assert_eq!(steps, 6 + SLACK as usize + 1);
        assert_eq!(camp_step(&mut s, &Recall::default(), &w, 80), None);
    }
}
