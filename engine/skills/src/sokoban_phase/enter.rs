//! The `enter_sokoban` action: the trip up into Sokoban from anywhere, resting on stairs while
//! hurt, and never straight back down the stairs just fled up.

use super::in_sokoban;
use super::look::{keep_to, look_for_the_stairs, Goal, LookOpts};
use crate::goto::{Destination, GoTo, TripState};
use nhbot_bt::{Leaf, LeafOutcome, Tick};
use nhbot_world::{Action, Branch, Pos, Special, World};

/// The `enter_sokoban` action: a `go_to` up into Sokoban over the known and seen stairs; while
/// no such way is known, a `go_to` to the entrance level (the Oracle's `>` leads there), and
/// there a look for the Sokoban stairs: the unexplored parts first, then the objects never
/// stood on (one may lie on the stairs and hide them), then hidden doors and passages. Below
/// the entrance level with no known way back up (a trap door or hole dropped the hero there),
/// one level up at a time, each level's up stairs looked for the same way. No stairs are taken
/// below `stairs_hp` of the maximum HP: the hero rests on them first.
pub struct EnterSokoban {
    pub overview: bool,
    pub stairs_hp: f64,
    /// For this many turns after the hero came up above where the trip left it (fled up from a
    /// fight below), no down stairs below `stairs_hp`, even with a hostile near (0: off).
    pub fled_turns: i64,
    /// Climb back toward the entrance level from below it when no known stairs lead there.
    pub climb_back: bool,
    /// Push boulders with unseen ground past them while looking for stairs.
    pub push_boulders: bool,
    /// While looking for stairs: corridors that stop one square past a bend are dead ends.
    pub bent_dead_ends: bool,
    /// While looking for stairs: keep to the frontier square or search spot chosen until it is
    /// reached or done, instead of choosing afresh at each step.
    pub keep_goal: bool,
}

/// Decisions a kept goal may take, over the steps its path had when chosen (a monster in the
/// way, a travel cut short).
const GOAL_SLACK: u32 = 20;

/// A goal of the look for stairs, kept while on the level it was chosen on.
#[derive(Clone, Copy, Debug)]
struct KeptGoal {
    goal: Goal,
    /// `Dungeon::arrivals` when chosen: another arrival ends it.
    arrivals: u64,
    /// Decisions left before it is dropped.
    decisions_left: u32,
}

/// Turns searched per decision while resting before the stairs (a search stops when a
/// monster appears).
const STAIRS_REST: u16 = 10;
/// A hostile this near (squares) makes resting on the stairs no safer than taking them.
const STAIRS_THREAT: i16 = 2;

/// The `enter_sokoban` leaf's memory: its trip, and where it expected the hero to be.
#[derive(Default)]
pub struct EnterState {
    pub trip: TripState,
    /// (`Dungeon::arrivals`, Dlvl) after the leaf's last decision: the Dlvl it stood on, or
    /// the one its stairs lead to when it took stairs.
    expected: Option<(u64, i32)>,
    /// (turn, Dlvl left) of the last arrival above the Dlvl expected: the hero fled up from
    /// something below (another node's doing, as `flee_upstairs`).
    fled_up: Option<(i64, i32)>,
    /// The look's goal kept (with `keep_goal`).
    goal: Option<KeptGoal>,
}

impl EnterState {
    /// Notes a level change since the last decision that brought the hero higher than the
    /// trip left it.
    fn note_arrival(&mut self, w: &World) {
        if let Some((arrivals, dlvl)) = self.expected {
            if arrivals != w.dungeon.arrivals && w.status.dlvl < dlvl {
                self.fled_up = Some((w.turn, dlvl));
            }
        }
    }

    /// Records where the decision `out` leaves the hero.
    fn expect_after(&mut self, w: &World, out: &LeafOutcome) {
        let dlvl = match out {
            LeafOutcome::Act(Action::Descend, _) => w.status.dlvl + 1,
            LeafOutcome::Act(Action::Ascend, _) => w.status.dlvl - 1,
            _ => w.status.dlvl,
        };
        self.expected = Some((w.dungeon.arrivals, dlvl));
    }
}

impl EnterSokoban {
    /// One decision of a `go_to` trip to `dest`, its reason prefixed; None when the trip has no
    /// step (arrived, or no known way). Stairs seen but out of reach (a glimpse across the
    /// level) are searched for by `go_to`; while some of the level is unexplored, exploring
    /// finds the way first (smoke seed 3: 1,400 turns searching the Oracle's level with a
    /// doorway of her centre never gone through).
    fn trip(
        &self,
        dest: Destination,
        state: &mut TripState,
        tick: &mut Tick<'_>,
        (entrance, fled_up): (i32, Option<(i64, i32)>),
    ) -> Option<LeafOutcome> {
        let w = tick.world;
        if let Some(stairs) = stairs_out_of_reach(w, dest) {
            if let Some((action, why)) = crate::explore::explore_step_then(w, false, false) {
                return Some(LeafOutcome::Act(
                    action,
                    format!(
                        "into Sokoban (entrance on Dlvl {entrance}): the stairs at ({}, {}) out \
                         of reach, {why}",
                        stairs.x, stairs.y
                    ),
                ));
            }
        }
        let trip = GoTo {
            dest: Some(dest),
            overview: self.overview,
        };
        match trip.tick(state, tick) {
            LeafOutcome::Act(action, why) => {
                let action = match self.rest_before(w, &action, fled_up) {
                    Some(rest) => {
                        // Not taken: the trip's count of stairs taken stays as it was.
                        state.stairs_taken = state.stairs_taken.saturating_sub(1);
                        rest
                    }
                    None => (action, why),
                };
                Some(LeafOutcome::Act(
                    action.0,
                    format!("into Sokoban (entrance on Dlvl {entrance}): {}", action.1),
                ))
            }
            _ => None,
        }
    }

    /// A rest instead of `action` when it takes stairs with HP below `stairs_hp`: on the
    /// other side may wait what the hero just fled up the stairs from (bench seeds 6, 66, 84
    /// and 157 of session 21 went down and fled back up, turn after turn, to their deaths).
    /// Not with a hostile within [`STAIRS_THREAT`] squares: resting beside it is no better;
    /// unless the hero fled up from below within `fled_turns` turns and these stairs go down
    /// (bench seed 6 of session 23: up from a Grey-elf and three others at HP 26/79, then at
    /// once back down past a leprechaun into the same four, dead two turns later).
    fn rest_before(
        &self,
        w: &World,
        action: &Action,
        fled_up: Option<(i64, i32)>,
    ) -> Option<(Action, String)> {
        let stairs = match action {
            Action::Ascend => "up",
            Action::Descend => "down",
            _ => return None,
        };
        if w.hp_fraction() >= self.stairs_hp {
            return None;
        }
        let hp = format!(
            "HP {}/{}, below {:.0}%",
            w.status.hp,
            w.status.hp_max,
            self.stairs_hp * 100.0
        );
        let fled = fled_up.filter(|&(turn, _)| w.turn - turn < self.fled_turns);
        if let (Action::Descend, Some((turn, from))) = (action, fled) {
            return Some((
                Action::Search { count: STAIRS_REST },
                format!(
                    "on the down stairs with {hp}, fled up from Dlvl {from} on turn {turn}: \
                     resting here, not back down to what waits there"
                ),
            ));
        }
        let threatened = w.monsters.iter().any(|m| {
            let d = (m.pos.x - w.player.x)
                .abs()
                .max((m.pos.y - w.player.y).abs());
            m.maybe_hostile() && m.ch != 'I' && d <= STAIRS_THREAT
        });
        (!threatened).then(|| {
            (
                Action::Search { count: STAIRS_REST },
                format!("on the {stairs} stairs with {hp}: resting before taking them"),
            )
        })
    }

    /// Below the entrance level in the Dungeons with no known way up to it (a trap door or a
    /// hole dropped the hero past levels it never explored): the level above by its known up
    /// stairs, else this level's up stairs looked for as the Sokoban stairs are (bench seeds
    /// 86 and 144 of session 21 wandered such a level for 2,000 turns and more). A level whose
    /// branch is not told yet counts (up stairs from Dlvl 6-10 may come from Sokoban until the
    /// overview says). Fails elsewhere.
    fn climb_back(
        &self,
        state: &mut TripState,
        goal: &mut Option<KeptGoal>,
        tick: &mut Tick<'_>,
        (entrance, fled_up): (i32, Option<(i64, i32)>),
    ) -> LeafOutcome {
        let w = tick.world;
        let Some(depth) = w
            .level()
            .filter(|l| matches!(l.branch, Branch::Doom | Branch::Unknown) && l.depth > entrance)
            .map(|l| l.depth)
        else {
            return LeafOutcome::Failure;
        };
        let above = Destination::Branch {
            branch: Branch::Doom,
            depth: Some(depth - 1),
        };
        if let Some(step) = self.trip(above, state, tick, (entrance, fled_up)) {
            return step;
        }
        match self.look(goal, w) {
            Some((action, why)) => LeafOutcome::Act(
                action,
                format!(
                    "into Sokoban (entrance on Dlvl {entrance}), no known way up from Dlvl \
                     {depth}: {why}"
                ),
            ),
            None => LeafOutcome::Failure,
        }
    }
}

impl Leaf for EnterSokoban {
    type State = EnterState;

    fn tick(&self, state: &mut EnterState, tick: &mut Tick<'_>) -> LeafOutcome {
        state.note_arrival(tick.world);
        let out = self.decide(state, tick);
        state.expect_after(tick.world, &out);
        out
    }

    fn halted(&self, _state: &mut EnterState) {
        // A fight in the middle of the trip: the count of stairs taken goes on, and a flight
        // up the stairs is noted at the next decision.
    }
}

impl EnterSokoban {
    fn decide(&self, state: &mut EnterState, tick: &mut Tick<'_>) -> LeafOutcome {
        let w = tick.world;
        let fled_up = state.fled_up;
        let goal = &mut state.goal;
        let state = &mut state.trip;
        if in_sokoban(w) {
            return LeafOutcome::Failure;
        }
        let Some((_, entrance)) = w.dungeon.place_of(Special::SokobanEntrance) else {
            return LeafOutcome::Failure;
        };
        let up = Destination::Branch {
            branch: Branch::Sokoban,
            depth: None,
        };
        if let Some(step) = self.trip(up, state, tick, (entrance, fled_up)) {
            return step;
        }
        let on_entrance = w
            .level()
            .is_some_and(|l| l.branch == Branch::Doom && l.depth == entrance);
        if !on_entrance {
            let there = Destination::Branch {
                branch: Branch::Doom,
                depth: Some(entrance),
            };
            if let Some(step) = self.trip(there, state, tick, (entrance, fled_up)) {
                return step;
            }
            if !self.climb_back {
                return LeafOutcome::Failure;
            }
            return self.climb_back(state, goal, tick, (entrance, fled_up));
        }
        match self.look(goal, w) {
            Some((action, why)) => LeafOutcome::Act(
                action,
                format!("into Sokoban, its stairs not seen on Dlvl {entrance}: {why}"),
            ),
            None => LeafOutcome::Failure,
        }
    }

    /// The look for stairs on this level: the goal kept from an earlier look while it is still
    /// worth going to (with `keep_goal`), else a fresh look, whose goal is kept.
    fn look(&self, kept: &mut Option<KeptGoal>, w: &World) -> Option<(Action, String)> {
        let opts = LookOpts {
            push_boulders: self.push_boulders,
            bent_dead_ends: self.bent_dead_ends,
        };
        if !self.keep_goal {
            return look_for_the_stairs(w, opts).map(|(action, why, _)| (action, why));
        }
        if let Some(k) = kept.take() {
            let live = k.arrivals == w.dungeon.arrivals && k.decisions_left > 0;
            if let Some(step) = live.then(|| keep_to(w, k.goal)).flatten() {
                // A search at the spot is its end.
                if !matches!(step.0, Action::Search { .. }) {
                    *kept = Some(KeptGoal {
                        decisions_left: k.decisions_left - 1,
                        ..k
                    });
                }
                return Some(step);
            }
        }
        let (action, why, goal) = look_for_the_stairs(w, opts)?;
        *kept = goal.and_then(|goal| {
            let spot = match goal {
                Goal::Explore(p) | Goal::Search(p) => p,
            };
            let steps = w.path_to(&[spot])?.steps.len() as u32;
            Some(KeptGoal {
                goal,
                arrivals: w.dungeon.arrivals,
                decisions_left: steps + GOAL_SLACK,
            })
        });
        Some((action, why))
    }
}

/// The stairs the trip to `dest` takes next, when the hero cannot walk to them.
fn stairs_out_of_reach(w: &World, dest: Destination) -> Option<Pos> {
    let goal = match dest {
        Destination::Branch {
            branch,
            depth: Some(depth),
        } => (branch, depth),
        Destination::Branch {
            branch,
            depth: None,
        } => (branch, w.dungeon.branch_entry(branch)?),
        Destination::Level(special) => w.dungeon.place_of(special)?,
    };
    let stairs = w.route_to(goal.0, goal.1)?.first()?.stairs;
    (w.player != stairs && w.path_to(&[stairs]).is_none()).then_some(stairs)
}
