//! The Mines' End phase of the game plan (trees/mines_end.yaml): its entry condition
//! (`mines_end_open`: strong enough for the Mines' bottom), its end (`mines_end_over`:
//! Mines' End explored, or given up) and the climb back (`climb_out_of_mines`). The trip down
//! is `explore: descend` in the Mines; all read world facts only (the world recognises Mines' End: the
//! Mines' ninth level, or a level from their eighth explored without down stairs).

use crate::builtins::check;
use nhbot_bt::ParamType::*;
use nhbot_bt::Requirement::*;
use nhbot_bt::{p, LeafOutcome, LeafSpec, NodeRegistry, Params};
use nhbot_world::{Action, Branch, Feature, Special, World};

/// The Mines level Minetown is at the deepest (their third or fourth).
const MINETOWN_DEEPEST: i32 = 4;

/// Whether the hero is strong enough for Mines' End: experience level at least `xl` and
/// maximum HP at least `hp_max`.
pub fn mines_end_open_now(w: &World, xl: i64, hp_max: i64) -> bool {
    i64::from(w.status.xl) >= xl && i64::from(w.status.hp_max) >= hp_max
}

fn mines_end_open(p: &Params, w: &World) -> LeafOutcome {
    check(mines_end_open_now(w, p.integer("xl"), p.integer("hp_max")))
}

/// Why the trip to Mines' End is over, if it is: Mines' End seen explored, or `patience` turns
/// spent on it or on one Mines level below Minetown (the way down not found, or a part never
/// reached).
pub fn over_because(w: &World, patience: i64) -> Option<String> {
    if let Some(turn) = w.dungeon.mines_end_explored {
        return Some(format!("Mines' End explored on turn {turn}"));
    }
    let top = w.dungeon.mines_top();
    let minetown = w
        .dungeon
        .special_level(Special::Minetown)
        .map(|i| w.dungeon.levels[i].depth)
        .or(top.map(|t| t + MINETOWN_DEEPEST - 1));
    w.dungeon
        .levels
        .iter()
        .filter(|l| l.merged_into.is_none() && l.branch == Branch::Mines)
        .filter(|l| l.facts.is(Special::MinesEnd) || minetown.is_some_and(|m| l.depth > m))
        .find(|l| l.stats.turns_spent >= patience)
        .map(|l| {
            format!(
                "given up: {} turns on Mines level Dlvl {}",
                l.stats.turns_spent, l.depth
            )
        })
}

fn mines_end_over(p: &Params, w: &World) -> LeafOutcome {
    check(over_because(w, p.integer("patience")).is_some())
}

/// The next step up out of the Gnomish Mines: over the known stairs towards the Dungeons level
/// they branch from (`leave_mines`' route), else, where that chain is broken (a fall through a
/// hole, a level teleport), to this level's up stairs and up them (the Mines' up stairs lead
/// one Mines level up, or out of their top), else exploring for them. None outside the Mines.
pub fn climb_step(w: &World) -> Option<(Action, String)> {
    let level = w.level().filter(|l| l.branch == Branch::Mines)?;
    if let Some(step) = crate::mines::leave_mines_step(w) {
        return Some(step);
    }
    let up = level.find(Feature::StairsUp);
    if up.contains(&w.player) {
        let why = format!("up the Mines' stairs from Dlvl {}", level.depth);
        return Some((Action::Ascend, why));
    }
    if let Some(path) = w.path_to(&up) {
        let to = path.target();
        let why = format!(
            "to the up stairs at ({}, {}), {} steps away, out of the Mines (no known stairs \
             chain up from here)",
            to.x,
            to.y,
            path.steps.len()
        );
        return Some((w.step_along(&path), why));
    }
    let (action, why) = crate::explore::explore_step_then(w, false, false)?;
    Some((
        action,
        format!("looking for the up stairs out of the Mines: {why}"),
    ))
}

fn climb_out_of_mines(_p: &Params, w: &World) -> LeafOutcome {
    match climb_step(w) {
        Some((action, why)) => LeafOutcome::Act(action, why),
        None => LeafOutcome::Failure,
    }
}

/// Registers the Mines' End phase's nodes.
pub(crate) fn register(r: &mut NodeRegistry) {
    r.register_fn(
        LeafSpec::condition(
            "mines_end_open",
            "The Mines' End phase may start: experience level at least `xl` and maximum HP at \
             least `hp_max` (the Mines' bottom is Dlvl 10-13, with soldier ants, dwarf lords \
             and their mattocks, and whatever the depth brings).",
        )
        .params(
            const {
                &[
                    p(
                        "xl",
                        Integer { min: 1, max: 30 },
                        Default("10"),
                        "Experience level needed.",
                    ),
                    p(
                        "hp_max",
                        Integer { min: 1, max: 1000 },
                        Default("60"),
                        "Maximum HP needed.",
                    ),
                ]
            },
        ),
        mines_end_open,
    );
    r.register_fn(
        LeafSpec::condition(
            "mines_end_over",
            "The trip to Mines' End is over: Mines' End was seen explored (the world's fact: \
             the hero on it, nothing left to walk to), or given up after `patience` turns on \
             Mines' End or on one Mines level below Minetown (the way down not found, a part \
             never reached).",
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
                    "Turns on one deep Mines level after which the trip is given up.",
                )]
            },
        )
        .shorthand("patience"),
        mines_end_over,
    );
    r.register_fn(
        LeafSpec::action(
            "climb_out_of_mines",
            "In the Gnomish Mines: one step back up to the Dungeons, over the known stairs \
             towards the level the Mines branch from (as `leave_mines`), or, where that chain \
             is broken (a fall through a hole, a level teleport), to this level's up stairs and \
             up them, exploring for them while none is seen. Fails outside the Mines and when \
             nothing is left to look at.",
        ),
        climb_out_of_mines,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::Level;

    fn mines(depths: &[i32]) -> World {
        let mut w = World::default();
        w.dungeon.levels = depths
            .iter()
            .map(|&d| Level::new(Branch::Mines, d))
            .collect();
        w.dungeon.current = Some(depths.len() - 1);
        w
    }

    #[test]
    fn open_from_the_experience_level_and_max_hp_given() {
        let mut w = World::default();
        w.status.xl = 10;
        w.status.hp_max = 59;
        assert!(!mines_end_open_now(&w, 10, 60), "HP max too low");
        w.status.hp_max = 60;
        assert!(mines_end_open_now(&w, 10, 60));
        w.status.xl = 9;
        assert!(!mines_end_open_now(&w, 10, 60), "XL too low");
    }

    #[test]
    fn over_once_mines_end_is_explored() {
        let mut w = mines(&[5, 6, 12]);
        w.dungeon.levels[2].facts.mark(Special::MinesEnd);
        assert_eq!(over_because(&w, 3000), None, "on it, not explored yet");
        w.dungeon.mines_end_explored = Some(9000);
        let why = over_because(&w, 3000).expect("over");
        assert!(why.contains("explored on turn 9000"), "{why}");
    }

    #[test]
    fn the_climb_takes_the_up_stairs_when_no_known_stairs_chain_up() {
        use nhbot_world::testing::grid;
        use nhbot_world::Pos;
        let mut w = mines(&[12]);
        w.player = Pos::new(2, 1);
        let rows = [" -------", " |....<|", " |.....|", " -------"];
        w.dungeon.levels[0].update(&grid(&rows, &[]), Some(w.player), 10, true);
        let (action, why) = climb_step(&w).expect("a step");
        assert!(
            matches!(action, Action::Move { .. } | Action::Travel { .. }),
            "{action:?}"
        );
        assert!(why.contains("up stairs at (6, 1)"), "{why}");
        w.player = Pos::new(6, 1);
        assert_eq!(climb_step(&w).map(|s| s.0), Some(Action::Ascend));
        w.dungeon.levels[0].branch = Branch::Doom;
        assert_eq!(climb_step(&w), None, "not in the Mines");
    }

    #[test]
    fn given_up_after_patience_turns_on_a_level_below_minetown_only() {
        let mut w = mines(&[5, 6, 7, 8]);
        w.dungeon.levels[1].facts.mark(Special::Minetown);
        // Long on Minetown itself (the minetown phase's doing): not this trip's trouble.
        w.dungeon.levels[1].stats.turns_spent = 5000;
        assert_eq!(over_because(&w, 3000), None);
        w.dungeon.levels[3].stats.turns_spent = 2999;
        assert_eq!(over_because(&w, 3000), None);
        w.dungeon.levels[3].stats.turns_spent = 3000;
        let why = over_because(&w, 3000).expect("given up");
        assert!(why.contains("Dlvl 8"), "{why}");
    }
}
