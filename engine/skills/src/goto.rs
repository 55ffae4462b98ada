//! Travel anywhere known: the `go_to` leaf walks to the stairs the world's route starts with (by
//! the `_` travel command where it saves actions, as exploration does) and takes them, one
//! decision at a time. The route is planned again at every decision from where the hero stands,
//! so a fight, a fall or a wrong guess at a fork only changes the next step. Reading the game's
//! overview (`^O`, no game time) once per level keeps the level graph the game's own.

use nhbot_bt::{Leaf, LeafOutcome, Tick};
use nhbot_world::{branch_name, Action, Branch, Leg, Special, World};

/// Where to go: a branch (at a depth, or its entry level) or a named special level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Destination {
    Branch { branch: Branch, depth: Option<i32> },
    Level(Special),
}

impl Destination {
    /// From the node's parameters: `level` wins over `branch`/`depth`; None when neither names
    /// a place.
    pub fn from_names(level: Option<&str>, branch: Option<&str>, depth: i64) -> Option<Self> {
        if let Some(special) = level.and_then(Special::parse) {
            return Some(Destination::Level(special));
        }
        let branch = nhbot_world::parse_branch(branch?)?;
        let depth = (depth != 0).then_some(depth as i32);
        Some(Destination::Branch { branch, depth })
    }

    fn describe(self) -> String {
        match self {
            Destination::Branch {
                branch,
                depth: Some(d),
            } => format!("{} {d}", branch_name(branch)),
            Destination::Branch {
                branch,
                depth: None,
            } => branch_name(branch).to_string(),
            Destination::Level(s) => s.name().replace('_', " "),
        }
    }
}

/// What the next decision of a trip is.
#[derive(Clone, Debug, PartialEq)]
pub enum TripStep {
    /// The hero is there (the reason says where).
    Arrived(String),
    Act(Action, String),
    /// The destination is not known yet (no Oracle seen, no Mines found...).
    Unknown(String),
    /// Known, but no known or seen stairs lead there, or the next stairs cannot be reached.
    NoWay(String),
}

fn place_name(world: &World, level: usize) -> String {
    let l = &world.dungeon.levels[level];
    format!("{} {}", branch_name(l.branch), l.depth)
}

/// The next step of the trip to `dest` from where the hero is.
pub fn trip_step(world: &World, dest: Destination) -> TripStep {
    let what = dest.describe();
    let Some(here) = world.dungeon.current else {
        return TripStep::Unknown(format!("{what}: no level observed yet"));
    };
    let here_level = &world.dungeon.levels[here];
    let (goal, stop_on_last_stairs) = match dest {
        Destination::Level(Special::SokobanEntrance) => {
            if here_level.branch == Branch::Sokoban {
                return TripStep::Arrived(format!("{what}: in Sokoban"));
            }
            let Some(entry) = world.dungeon.branch_entry(Branch::Sokoban) else {
                return TripStep::Unknown(format!("{what}: the Oracle's level is not known yet"));
            };
            ((Branch::Sokoban, entry), true)
        }
        Destination::Level(special) => match world.dungeon.place_of(special) {
            Some(place) => (place, false),
            None => return TripStep::Unknown(format!("{what}: not found yet")),
        },
        Destination::Branch {
            branch,
            depth: None,
        } if here_level.branch == branch => {
            return TripStep::Arrived(format!("{what}: in it, on level {}", here_level.depth));
        }
        Destination::Branch { branch, depth } => {
            match depth.or_else(|| world.dungeon.branch_entry(branch)) {
                Some(d) => ((branch, d), false),
                // Not found yet: the Mines start one below a fork on Dungeons 2-4; the nearest
                // of those the seen stairs lead to.
                None if branch == Branch::Mines => {
                    let nearest = (3..=5)
                        .filter_map(|d| Some((world.route_to(branch, d)?.len(), d)))
                        .min();
                    match nearest {
                        Some((_, d)) => ((branch, d), false),
                        None => {
                            return TripStep::Unknown(format!(
                                "{what}: no stairs seen that may lead into them"
                            ))
                        }
                    }
                }
                None => return TripStep::Unknown(format!("{what}: its entry is not known yet")),
            }
        }
    };
    let goal_name = format!("{} {}", branch_name(goal.0), goal.1);
    let Some(legs) = world.route_to(goal.0, goal.1) else {
        return TripStep::NoWay(format!(
            "{what} ({goal_name}): no known stairs lead there from {}",
            place_name(world, here)
        ));
    };
    let Some(leg) = legs.first() else {
        return TripStep::Arrived(format!("{what}: on {goal_name}"));
    };
    let on_stairs = world.player == leg.stairs;
    if stop_on_last_stairs && legs.len() == 1 && leg.sure && on_stairs {
        return TripStep::Arrived(format!(
            "{what}: on the up stairs to Sokoban at ({}, {})",
            leg.stairs.x, leg.stairs.y
        ));
    }
    let trip = format!("to {what} ({goal_name}), {} level(s) away", legs.len());
    if on_stairs {
        return TripStep::Act(
            if leg.up {
                Action::Ascend
            } else {
                Action::Descend
            },
            format!("{} {}", take_words(world, leg), trip),
        );
    }
    let Some(path) = world.path_to(&[leg.stairs]) else {
        // Stairs seen (a map, a glimpse) behind a door or passage not found yet: search.
        return match crate::explore::search_for_a_way(world) {
            Some((action, why)) => TripStep::Act(
                action,
                format!(
                    "no path to the stairs at ({}, {}) {trip}: {why}",
                    leg.stairs.x, leg.stairs.y
                ),
            ),
            None => TripStep::NoWay(format!(
                "{trip}: no path to the stairs at ({}, {})",
                leg.stairs.x, leg.stairs.y
            )),
        };
    };
    let reason = format!(
        "walking to the {} stairs at ({}, {}), {} steps, {trip}",
        if leg.up { "up" } else { "down" },
        leg.stairs.x,
        leg.stairs.y,
        path.steps.len()
    );
    TripStep::Act(world.step_along(&path), reason)
}

fn take_words(world: &World, leg: &Leg) -> String {
    let to = format!("{} {}", branch_name(leg.to.0), leg.to.1);
    let doubt = if leg.sure { "" } else { ", maybe" };
    format!(
        "taking the {} stairs on {} to {to}{doubt}:",
        if leg.up { "up" } else { "down" },
        place_name(world, leg.level)
    )
}

/// The `go_to` leaf: see its registration in `nodes` for the user's documentation.
pub struct GoTo {
    pub dest: Option<Destination>,
    /// Read the game's overview once on every level of the trip before moving on.
    pub overview: bool,
}

/// What the leaf remembers across decisions (kept when a fight interrupts the trip).
#[derive(Default)]
pub struct TripState {
    /// Stairs taken on this trip.
    pub stairs_taken: u32,
    /// To the Mines with their fork not found: the Dungeons levels of 2-4 explored and searched
    /// for it to the end on this trip.
    pub forks_given_up: Vec<usize>,
    /// What the fork search's scans for search spots keep ([`nhbot_world::hidden::PriorsMemo`]).
    pub spots: nhbot_world::hidden::PriorsMemo,
}

/// More stairs than this on one trip: the plans keep changing (a loop between guesses); give up.
const MAX_STAIRS: u32 = 120;

impl Leaf for GoTo {
    type State = TripState;

    fn tick(&self, state: &mut TripState, tick: &mut Tick<'_>) -> LeafOutcome {
        let world = tick.world;
        let Some(dest) = self.dest else {
            return LeafOutcome::Failure;
        };
        let step = trip_step(world, dest);
        if let TripStep::Arrived(_) = step {
            *state = TripState::default();
            return LeafOutcome::Success;
        }
        if self.overview && !world.overview_is_fresh() && world.dungeon.current.is_some() {
            return LeafOutcome::Act(
                Action::Overview,
                format!(
                    "reading the overview on arriving at Dlvl {} (going to {})",
                    world.status.dlvl,
                    dest.describe()
                ),
            );
        }
        if state.stairs_taken >= MAX_STAIRS {
            return LeafOutcome::Failure;
        }
        let (action, why) = match step {
            TripStep::Arrived(_) => return LeafOutcome::Success,
            TripStep::Act(action, why) => (action, why),
            // To the Mines, Unknown is "no stairs seen that may lead into them": their fork
            // is searched for.
            TripStep::Unknown(why) if dest == MINES => {
                match crate::mines::fork_search_step(
                    world,
                    &mut state.forks_given_up,
                    &mut state.spots,
                ) {
                    Some(step) => step,
                    None => {
                        log::debug!(
                            "{}: go_to fails: {why}; no fork level left to explore",
                            tick.path
                        );
                        return LeafOutcome::Failure;
                    }
                }
            }
            TripStep::Unknown(why) | TripStep::NoWay(why) => {
                log::debug!("{}: go_to fails: {why}", tick.path);
                return LeafOutcome::Failure;
            }
        };
        if matches!(action, Action::Ascend | Action::Descend) {
            state.stairs_taken += 1;
        }
        LeafOutcome::Act(action, why)
    }

    fn halted(&self, _state: &mut TripState) {
        // A fight in the middle of the trip: the count of stairs taken goes on.
    }
}

/// The Gnomish Mines, wherever they start.
const MINES: Destination = Destination::Branch {
    branch: Branch::Mines,
    depth: None,
};

/// The `on_level` condition: the hero is on the named special level, in the branch (at the
/// depth, when given).
pub fn on_level(world: &World, dest: Destination) -> bool {
    let Some(id) = world.dungeon.current else {
        return false;
    };
    let level = &world.dungeon.levels[id];
    match dest {
        Destination::Level(special) => world.dungeon.special_level(special) == Some(id),
        Destination::Branch { branch, depth } => {
            level.branch == branch && depth.is_none_or(|d| d == level.depth)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::testing::grid;
    use nhbot_world::{Observation, Pos, Status};

    fn status(depth: i32, turn: i64) -> Status {
        Status {
            dlvl: depth,
            level_name: format!("Dlvl:{depth}"),
            turn: Some(turn),
            ..Default::default()
        }
    }

    /// One frame: `rows` drawn from map row 1, the hero at `at`.
    fn see(w: &mut World, depth: i32, turn: i64, rows: &[&str], at: Pos) {
        let mut all = vec![""];
        all.extend_from_slice(rows);
        let map = grid(&all, &[]);
        let status = status(depth, turn);
        w.observe(Observation {
            map: &map,
            player: Some(at),
            status: Some(&status),
            messages: &[],
            cursor_on_map: true,
        });
    }

    #[test]
    fn the_trip_walks_to_the_stairs_takes_them_and_arrives() {
        let mut w = World::default();
        let room = ["|.......|", "|.@...>.|", "|.......|"];
        see(&mut w, 1, 1, &room, Pos::new(2, 2));
        let dest = Destination::Branch {
            branch: Branch::Doom,
            depth: Some(2),
        };
        // Dungeons 2 is one unseen staircase away.
        let TripStep::Act(action, why) = trip_step(&w, dest) else {
            panic!("a step: {:?}", trip_step(&w, dest));
        };
        assert!(matches!(
            action,
            Action::Move { .. } | Action::Travel { .. }
        ));
        assert!(why.contains("down stairs at (6, 2)"), "{why}");
        let room = ["|.......|", "|.....@.|", "|.......|"];
        see(&mut w, 1, 2, &room, Pos::new(6, 2));
        assert_eq!(
            trip_step(&w, dest),
            TripStep::Act(
                Action::Descend,
                "taking the down stairs on dungeons 1 to dungeons 2: to dungeons 2 (dungeons 2), 1 level(s) away"
                    .into()
            )
        );
        w.observe(&Action::Descend);
        see(&mut w, 2, 3, &["  @  "], Pos::new(2, 1));
        assert!(matches!(trip_step(&w, dest), TripStep::Arrived(_)));
        assert!(on_level(&w, dest));
    }

    #[test]
    fn the_leaf_reads_the_overview_once_per_level_then_travels() {
        let mut w = World::default();
        let room = ["|.......|", "|.@...>.|", "|.......|"];
        see(&mut w, 1, 1, &room, Pos::new(2, 2));
        let leaf = GoTo {
            dest: Destination::from_names(None, Some("dungeons"), 2),
            overview: true,
        };
        let mut state = TripState::default();
        let mut board = nhbot_bt::Blackboard::default();
        let mut tick = |w: &World, state: &mut TripState| {
            leaf.tick(
                state,
                &mut Tick {
                    world: w,
                    path: "root/go_to",
                    blackboard: &mut board,
                },
            )
        };
        assert!(matches!(
            tick(&w, &mut state),
            LeafOutcome::Act(Action::Overview, _)
        ));
        let lines = [
            "The Dungeons of Doom:".to_string(),
            "Level 1: <- You are here.".into(),
        ];
        w.observe(nhbot_world::Event::Overview(&lines));
        let LeafOutcome::Act(action, why) = tick(&w, &mut state) else {
            panic!("a step after the overview");
        };
        assert!(
            matches!(action, Action::Move { .. } | Action::Travel { .. }),
            "{why}"
        );
        // A fight in between: the same trip goes on from where the hero stands.
        leaf.halted(&mut state);
        let room = ["|.......|", "|.....@.|", "|.......|"];
        see(&mut w, 1, 2, &room, Pos::new(6, 2));
        assert!(matches!(
            tick(&w, &mut state),
            LeafOutcome::Act(Action::Descend, _)
        ));
        assert_eq!(state.stairs_taken, 1);
        let none = GoTo {
            dest: None,
            overview: true,
        };
        let mut other = TripState::default();
        assert_eq!(
            none.tick(
                &mut other,
                &mut Tick {
                    world: &w,
                    path: "x",
                    blackboard: &mut nhbot_bt::Blackboard::default(),
                }
            ),
            LeafOutcome::Failure
        );
    }

    #[test]
    fn unknown_places_and_names() {
        let w = World::default();
        let soko = Destination::from_names(Some("sokoban_entrance"), None, 0);
        assert_eq!(soko, Some(Destination::Level(Special::SokobanEntrance)));
        assert!(matches!(
            trip_step(&w, Destination::Level(Special::Oracle)),
            TripStep::Unknown(_)
        ));
        assert_eq!(
            Destination::from_names(None, Some("mines"), 0),
            Some(Destination::Branch {
                branch: Branch::Mines,
                depth: None
            })
        );
        assert_eq!(Destination::from_names(None, Some("nowhere"), 3), None);
    }
}
