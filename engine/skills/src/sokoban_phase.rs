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
pub use enter::{EnterSokoban, EnterState};
use nhbot_bt::ParamType::*;
use nhbot_bt::Requirement::*;
use nhbot_bt::{p, Leaf, LeafOutcome, LeafSpec, NodeRegistry, Params, Tick};
use nhbot_world::{Branch, Special, World};

/// The Sokoban level below the top one (its zoo and prize): level 3 counted from the bottom.
const BELOW_THE_TOP: u8 = 3;

/// The hero stands on a Sokoban level.
fn in_sokoban(w: &World) -> bool {
    w.level().is_some_and(|l| l.branch == Branch::Sokoban)
}

/// Whether the Sokoban phase may run: the hero is in Sokoban, or at experience level `xl` or
/// more with the way in located.
pub fn sokoban_open_now(w: &World, xl: i64) -> bool {
    // The experience level first: the entrance is a look through every level known.
    in_sokoban(w)
        || (i64::from(w.status.xl) >= xl && w.dungeon.place_of(Special::SokobanEntrance).is_some())
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

mod enter;
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
             instead of taking them; on down stairs within `fled_turns` turns of coming up above \
             where the trip left the hero (fled up from a fight below), rests there even with a \
             hostile near. Fails in \
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
                        "fled_turns",
                        Integer {
                            min: 0,
                            max: 100_000,
                        },
                        Default("0"),
                        "Turns after fleeing up (arriving above where the trip left the hero) \
                         during which down stairs below `stairs_hp` are not taken even with a \
                         hostile near (0: off).",
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
                    p(
                        "bent_dead_ends",
                        Flag,
                        Default("false"),
                        "While looking for stairs: a corridor square with one orthogonal way \
                         out is a dead end to search, whatever touches it diagonally (a \
                         corridor that stops one square past a bend).",
                    ),
                    p(
                        "keep_goal",
                        Flag,
                        Default("false"),
                        "While looking for stairs: keep to the frontier square or search spot \
                         chosen until it is reached (and searched once) or no longer worth it, \
                         instead of choosing afresh at each step.",
                    ),
                ]
            },
        ),
        |params| EnterSokoban {
            overview: params.flag("overview"),
            stairs_hp: params.number("stairs_hp"),
            fled_turns: params.integer("fled_turns"),
            climb_back: params.flag("climb_back"),
            push_boulders: params.flag("push_boulders"),
            bent_dead_ends: params.flag("bent_dead_ends"),
            keep_goal: params.flag("keep_goal"),
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
