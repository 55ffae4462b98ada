//! The Sokoban phase of the game plan (trees/sokoban_phase.yaml): its entry condition
//! (`sokoban_open`), its end (`sokoban_finished`), the trip up into Sokoban from anywhere
//! (`enter_sokoban`) and the trip back down to the Dungeons when it is time
//! (`leave_sokoban`). The levels themselves are played by the `sokoban` and `sokoban_prize`
//! nodes (trees/sokoban.yaml).
//!
//! Everything here reads world facts: where the entrance is (the Oracle seen, two up
//! staircases, the overview), the Sokoban progress the world keeps (levels solved, the prize
//! picked up, the first step back down, the first arrival outside), the turns spent on a level.
//! The trips are `go_to`'s, with a destination chosen at each decision.

use crate::builtins::check;
use crate::goto::{Destination, GoTo, TripState};
use look::look_for_the_stairs;
use nhbot_bt::ParamType::*;
use nhbot_bt::Requirement::*;
use nhbot_bt::{p, Leaf, LeafOutcome, LeafSpec, NodeRegistry, Params, Tick};
use nhbot_world::{Action, Branch, Pos, Special, World};

/// The Sokoban level below the top one (its zoo and prize): level 3 counted from the bottom.
const BELOW_THE_TOP: u8 = 3;

/// The hero stands on a Sokoban level.
fn in_sokoban(w: &World) -> bool {
    w.level().is_some_and(|l| l.branch == Branch::Sokoban)
}

/// Whether the Sokoban phase may run: the hero is in Sokoban, or at experience level `xl` or
/// more with the way in located.
pub fn sokoban_open_now(w: &World, xl: i64) -> bool {
    let located = w.dungeon.place_of(Special::SokobanEntrance).is_some();
    in_sokoban(w) || (located && i64::from(w.status.xl) >= xl)
}

fn sokoban_open(p: &Params, w: &World) -> LeafOutcome {
    check(sokoban_open_now(w, p.integer("xl")))
}

/// Why the Sokoban phase is over, if it is: Sokoban left after entering it, or, never entered,
/// `patience` turns spent on the level the hero is on since arriving there with the way in
/// located (the way up not found: the entrance level's Sokoban stairs, or the stairs on the
/// way to it).
pub fn finished_because(w: &World, patience: i64) -> Option<String> {
    let progress = &w.dungeon.sokoban;
    if let Some(left) = progress.left {
        return Some(match progress.prize_taken {
            Some(prize) => format!("prize taken on turn {prize}, back out of Sokoban on {left}"),
            None => format!("left Sokoban without the prize on turn {left}"),
        });
    }
    if progress.entered.is_some() {
        return None;
    }
    let since = progress.located?.max(progress.arrived?);
    let spent = w.turn - since;
    (spent >= patience).then(|| {
        format!(
            "given up: {spent} turns on Dlvl {} without getting into Sokoban",
            w.status.dlvl
        )
    })
}

fn sokoban_finished(p: &Params, w: &World) -> LeafOutcome {
    check(finished_because(w, p.integer("patience")).is_some())
}

/// Why the hero in Sokoban should head back down now, if it should.
pub fn turn_back_because(w: &World, prize_xl: i64, level_turns: i64) -> Option<String> {
    let level = w.level().filter(|l| l.branch == Branch::Sokoban)?;
    let progress = &w.dungeon.sokoban;
    if let Some(turn) = progress.prize_taken {
        return Some(format!("the prize was picked up on turn {turn}"));
    }
    if let Some(turn) = progress.turned_back {
        return Some(format!(
            "on the way down since turn {turn} (a level given up or left)"
        ));
    }
    let number = w.dungeon.sokoban_level_number(level.depth);
    let xl = i64::from(w.status.xl);
    if number == Some(BELOW_THE_TOP) && w.dungeon.sokoban_solved(level.depth) && xl < prize_xl {
        return Some(format!(
            "level {BELOW_THE_TOP} solved, but XL {xl} is below {prize_xl} for the top level's zoo"
        ));
    }
    let spent = level.stats.turns_spent;
    (spent >= level_turns).then(|| {
        format!(
            "{spent} turns on Sokoban level {} (Dlvl {})",
            number.map_or("?".to_string(), |n| n.to_string()),
            level.depth
        )
    })
}

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
    /// Climb back toward the entrance level from below it when no known stairs lead there.
    pub climb_back: bool,
    /// Push boulders with unseen ground past them while looking for stairs.
    pub push_boulders: bool,
}

/// Turns searched per decision while resting before the stairs (a search stops when a
/// monster appears).
const STAIRS_REST: u16 = 10;
/// A hostile this near (squares) makes resting on the stairs no safer than taking them.
const STAIRS_THREAT: i16 = 2;

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
        entrance: i32,
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
                let action = match self.rest_before(w, &action) {
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
    /// Not with a hostile within [`STAIRS_THREAT`] squares: resting beside it is no better.
    fn rest_before(&self, w: &World, action: &Action) -> Option<(Action, String)> {
        let stairs = match action {
            Action::Ascend => "up",
            Action::Descend => "down",
            _ => return None,
        };
        let threatened = w.monsters.iter().any(|m| {
            let d = (m.pos.x - w.player.x)
                .abs()
                .max((m.pos.y - w.player.y).abs());
            m.maybe_hostile() && m.ch != 'I' && d <= STAIRS_THREAT
        });
        (w.hp_fraction() < self.stairs_hp && !threatened).then(|| {
            (
                Action::Search { count: STAIRS_REST },
                format!(
                    "on the {stairs} stairs with HP {}/{}, below {:.0}%: resting before taking \
                     them",
                    w.status.hp,
                    w.status.hp_max,
                    self.stairs_hp * 100.0
                ),
            )
        })
    }

    /// Below the entrance level in the Dungeons with no known way up to it (a trap door or a
    /// hole dropped the hero past levels it never explored): the level above by its known up
    /// stairs, else this level's up stairs looked for as the Sokoban stairs are (bench seeds
    /// 86 and 144 of session 21 wandered such a level for 2,000 turns and more). A level whose
    /// branch is not told yet counts (up stairs from Dlvl 6-10 may come from Sokoban until the
    /// overview says). Fails elsewhere.
    fn climb_back(&self, state: &mut TripState, tick: &mut Tick<'_>, entrance: i32) -> LeafOutcome {
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
        if let Some(step) = self.trip(above, state, tick, entrance) {
            return step;
        }
        match look_for_the_stairs(w, self.push_boulders) {
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
    type State = TripState;

    fn tick(&self, state: &mut TripState, tick: &mut Tick<'_>) -> LeafOutcome {
        let w = tick.world;
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
        if let Some(step) = self.trip(up, state, tick, entrance) {
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
            if let Some(step) = self.trip(there, state, tick, entrance) {
                return step;
            }
            if !self.climb_back {
                return LeafOutcome::Failure;
            }
            return self.climb_back(state, tick, entrance);
        }
        match look_for_the_stairs(w, self.push_boulders) {
            Some((action, why)) => LeafOutcome::Act(
                action,
                format!("into Sokoban, its stairs not seen on Dlvl {entrance}: {why}"),
            ),
            None => LeafOutcome::Failure,
        }
    }

    fn halted(&self, _state: &mut TripState) {
        // A fight in the middle of the trip: the count of stairs taken goes on.
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

/// The `leave_sokoban` action: back down to the Dungeons level below Sokoban when
/// [`turn_back_because`] says so.
pub struct LeaveSokoban {
    pub prize_xl: i64,
    pub level_turns: i64,
}

impl Leaf for LeaveSokoban {
    type State = TripState;

    fn tick(&self, state: &mut TripState, tick: &mut Tick<'_>) -> LeafOutcome {
        let w = tick.world;
        let Some(why_leave) = turn_back_because(w, self.prize_xl, self.level_turns) else {
            return LeafOutcome::Failure;
        };
        let Some(bottom) = w.dungeon.sokoban_bottom() else {
            return LeafOutcome::Failure;
        };
        let trip = GoTo {
            dest: Some(Destination::Branch {
                branch: Branch::Doom,
                depth: Some(bottom + 1),
            }),
            overview: false,
        };
        match trip.tick(state, tick) {
            LeafOutcome::Act(action, why) => {
                LeafOutcome::Act(action, format!("out of Sokoban, {why_leave}: {why}"))
            }
            _ => LeafOutcome::Failure,
        }
    }

    fn halted(&self, _state: &mut TripState) {}
}

mod look;
#[cfg(test)]
mod tests;

/// Registers the Sokoban phase's nodes.
pub(crate) fn register(r: &mut NodeRegistry) {
    r.register_fn(
        LeafSpec::condition(
            "sokoban_open",
            "The Sokoban phase may start: the hero is in Sokoban, or its experience level is at \
             least `xl` and the way into Sokoban is located (the Oracle's level seen, the level \
             below it showing two up staircases, or the overview's \"Stairs up to Sokoban\").",
        )
        .params(
            const {
                &[p(
                    "xl",
                    Integer { min: 1, max: 30 },
                    Default("6"),
                    "Experience level from which the hero goes to Sokoban.",
                )]
            },
        )
        .shorthand("xl"),
        sokoban_open,
    );
    r.register_fn(
        LeafSpec::condition(
            "sokoban_finished",
            "The Sokoban phase is over: the hero left Sokoban down its bottom stairs after \
             entering it (with the prize or without: a level given up, the zoo too strong), or, \
             never in Sokoban, has spent `patience` turns on the level it is on since it arrived \
             there with the way in located (the Sokoban stairs, or the stairs on the way to \
             them, not found; the `dungeons` phase stuck on a level that long gives Sokoban up \
             too). World facts: the Sokoban progress.",
        )
        .params(
            const {
                &[p(
                    "patience",
                    Integer {
                        min: 1,
                        max: 1_000_000,
                    },
                    Default("3000"),
                    "Turns on one level after which Sokoban is given up unentered.",
                )]
            },
        )
        .shorthand("patience"),
        sokoban_finished,
    );
    r.register(
        LeafSpec::action(
            "enter_sokoban",
            "Outside Sokoban, with its entrance located: travel (as `go_to`) to the level below \
             the Oracle (by the Oracle's down stairs while it was never visited) and up its \
             Sokoban stairs (the up staircase not linked to the level above; either, while both \
             are untaken). There, while those stairs are not seen: explore, step on the objects \
             never stood on (one may hide them), search for hidden doors and passages. Below the \
             entrance level with no known way up to it (a trap door dropped the hero there), with \
             `climb_back`: one level up at a time, each level's up stairs looked for the same way \
             (with `push_boulders`, boulders with unseen ground past them are pushed before walls \
             are searched). On stairs with \
             HP below `stairs_hp` of the maximum and no hostile within 2 squares: rests there \
             instead of taking them. Fails in \
             Sokoban, while the entrance is not located, and when no known or seen stairs lead \
             there and nothing is left to look at.",
        )
        .params(
            const {
                &[
                    p(
                        "overview",
                        Flag,
                        Default("true"),
                        "Read the game's overview on each level of the trip.",
                    ),
                    p(
                        "stairs_hp",
                        Number { min: 0.0, max: 1.0 },
                        Default("0.7"),
                        "HP fraction below which the trip rests on stairs instead of taking \
                         them (0: never).",
                    ),
                    p(
                        "climb_back",
                        Flag,
                        Default("true"),
                        "Below the entrance level with no known way to it: climb a level at a \
                         time, looking for each level's up stairs.",
                    ),
                    p(
                        "push_boulders",
                        Flag,
                        Default("true"),
                        "While looking for stairs: push the boulders with unseen ground past \
                         them before searching walls.",
                    ),
                ]
            },
        ),
        |params| EnterSokoban {
            overview: params.flag("overview"),
            stairs_hp: params.number("stairs_hp"),
            climb_back: params.flag("climb_back"),
            push_boulders: params.flag("push_boulders"),
        },
    );
    r.register(
        LeafSpec::action(
            "leave_sokoban",
            "In Sokoban, when it is time to go: travel (as `go_to`) back down to the Dungeons \
             level below it. Time to go once the prize was picked up, once the hero went down a \
             Sokoban staircase (a level given up by the `sokoban` node), when level 3 is solved \
             but the experience level is below `prize_xl` (the top level's zoo), or after \
             `level_turns` turns on one Sokoban level. Fails otherwise, and outside Sokoban.",
        )
        .params(
            const {
                &[
                    p(
                        "prize_xl",
                        Integer { min: 1, max: 30 },
                        Default("8"),
                        "Experience level needed to climb to the top level (its zoo).",
                    ),
                    p(
                        "level_turns",
                        Integer {
                            min: 1,
                            max: 1_000_000,
                        },
                        Default("5000"),
                        "Turns on one Sokoban level after which it is left.",
                    ),
                ]
            },
        ),
        |params| LeaveSokoban {
            prize_xl: params.integer("prize_xl"),
            level_turns: params.integer("level_turns"),
        },
    );
}
