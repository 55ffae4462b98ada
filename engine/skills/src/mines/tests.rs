use super::*;
use crate::builtins::{descend_if_on_stairs, leave_mines};
use nhbot_bt::{LeafOutcome, ParamValue, Params};
use nhbot_world::testing::grid;
use nhbot_world::{Action, Branch, Feature, Pos, World};
use nhbot_world::{Arrival, Event};

/// Takes the stairs at `from` (down unless `up`) and lands at `at` on Dlvl `depth`.
fn stairs(w: &mut World, depth: i32, from: Pos, up: bool, at: Pos) -> usize {
    let how = Arrival::Stairs {
        from,
        up,
        ladder: false,
    };
    let id = w
        .dungeon
        .arrive(depth, &format!("Dlvl:{depth}"), how, Some(at));
    (w.status.dlvl, w.player) = (depth, at);
    id
}

/// Draws `rows` (map rows from the top) as what the current level shows.
fn draw(w: &mut World, rows: &[&str]) {
    let id = w.dungeon.current.expect("a level");
    w.dungeon.levels[id].update(&grid(rows, &[]), None, 10, true);
}

/// Dungeons 2, the fork: a room with two down stairs (the west one at (3, 1)).
fn fork_level() -> World {
    let mut w = World::default();
    w.dungeon.start(2, "Dlvl:2");
    w.dungeon.set_branch(0, Branch::Doom);
    (w.status.dlvl, w.status.xl, w.player) = (2, 3, Pos::new(3, 1));
    draw(&mut w, &[" ----------", " |.>....>|", " ----------"]);
    w
}

fn params(until_xl: i64, stuck_after: i64) -> Params {
    Params(vec![
        ("until_xl", ParamValue::Integer(until_xl)),
        ("avoid_mines_until_xl", ParamValue::Integer(until_xl)),
        ("mines_when_stuck_after", ParamValue::Integer(stuck_after)),
        ("stuck_mines_xl_above_depth", ParamValue::Integer(2)),
        ("forced_hurt_below", ParamValue::Number(0.0)),
    ])
}

fn walking(action: &Action) -> bool {
    matches!(action, Action::Move { .. } | Action::Travel { .. })
}

fn acts(outcome: &LeafOutcome) -> Option<&Action> {
    match outcome {
        LeafOutcome::Act(action, _) => Some(action),
        _ => None,
    }
}

#[test]
fn a_fall_inside_the_mines_is_climbed_back_by_the_up_stairs_of_each_level() {
    let mut w = fork_level();
    // Down the west stairs into a placeholder, then a trap door: no stairs link the level we
    // landed on with anything (seed 133).
    let top = stairs(&mut w, 3, Pos::new(3, 1), false, Pos::new(5, 1));
    let low = w
        .dungeon
        .arrive(4, "Dlvl:4", Arrival::Fell, Some(Pos::new(14, 2)));
    (w.status.dlvl, w.player) = (4, Pos::new(14, 2));
    draw(&mut w, &["", "   ..............", "   .....<........"]);
    w.dungeon.set_branch(low, Branch::Mines);
    assert_eq!(
        w.dungeon.levels[top].branch,
        Branch::Mines,
        "the level fallen from is the Mines too"
    );
    let (action, why) = leave_mines_step(&w).expect("a way up");
    assert!(walking(&action), "{why}");
    assert!(why.contains("up stairs at (8, 2)"), "{why}");
    w.player = Pos::new(8, 2);
    let (action, why) = leave_mines_step(&w).expect("up");
    assert_eq!(action, Action::Ascend, "{why}");
    // Up on the Mines' top level, linked now, back at its up stairs: they lead to the fork.
    let again = stairs(&mut w, 3, Pos::new(8, 2), true, Pos::new(30, 2));
    assert_eq!(w.dungeon.resolve(again), w.dungeon.resolve(top));
    draw(
        &mut w,
        &["", "  ...............................", "  ....<"],
    );
    let (action, why) = leave_mines_step(&w).expect("a step");
    assert!(walking(&action), "{why}");
    w.player = Pos::new(5, 1);
    let (action, why) = leave_mines_step(&w).expect("up to the fork");
    assert_eq!(action, Action::Ascend, "{why}");
    assert!(why.contains("towards Doom 2"), "known stairs: {why}");
}

#[test]
fn with_no_up_stairs_seen_the_level_is_explored_for_them() {
    let mut w = fork_level();
    stairs(&mut w, 3, Pos::new(3, 1), false, Pos::new(5, 1));
    w.dungeon
        .arrive(4, "Dlvl:4", Arrival::Fell, Some(Pos::new(5, 1)));
    (w.status.dlvl, w.player) = (4, Pos::new(5, 1));
    draw(&mut w, &["", "   ....>...", "   ........"]);
    let id = w.dungeon.current.expect("here");
    w.dungeon.set_branch(id, Branch::Mines);
    let (action, why) = leave_mines_step(&w).expect("exploring");
    assert!(why.contains("looking for the up stairs"), "{why}");
    assert_ne!(action, Action::Descend, "{why}");
    // On its down stairs: not down, below XL 9.
    w.player = Pos::new(7, 1);
    assert_eq!(
        descend_if_on_stairs(&params(9, 3000), &w),
        LeafOutcome::Failure
    );
    w.status.xl = 9;
    assert_eq!(
        acts(&descend_if_on_stairs(&params(9, 3000), &w)),
        Some(&Action::Descend)
    );
}

#[test]
fn up_stairs_behind_a_trap_are_walked_to_across_it() {
    // A Mines level after a fall: its `<` at the west end of a closed passage whose only way
    // through is a teleportation trap (magenta `^`) at (6, 1); the hero at the east end.
    let mut w = fork_level();
    stairs(&mut w, 3, Pos::new(3, 1), false, Pos::new(5, 1));
    w.dungeon
        .arrive(4, "Dlvl:4", Arrival::Fell, Some(Pos::new(9, 1)));
    (w.status.dlvl, w.player) = (4, Pos::new(9, 1));
    let id = w.dungeon.current.expect("here");
    let rows = [" ----------", " |..<.^...|", " ----------"];
    let colors = ["", "      5", ""];
    w.dungeon.levels[id].update(&grid(&rows, &colors), None, 10, true);
    w.dungeon.set_branch(id, Branch::Mines);
    let (action, why) = leave_mines_step(&w).expect("a step");
    assert_eq!(
        action,
        Action::Move {
            dir: nhbot_world::Dir::W
        },
        "{why}"
    );
    assert!(why.contains("across a trap"), "{why}");
}

#[test]
fn the_fork_stairs_wait_for_the_level_explored_and_the_mines_ones_for_being_stuck() {
    let mut w = fork_level();
    let p = params(9, 3000);
    // The room's east wall has a doorway still to walk through: the west stairs are not taken.
    draw(&mut w, &[" ----------", " |.>....>.", " ----------"]);
    assert_eq!(descend_if_on_stairs(&p, &w), LeafOutcome::Failure);
    // Explored: either may be the Dungeons', take them and see.
    draw(&mut w, &[" ----------", " |.>....>|", " ----------"]);
    assert_eq!(acts(&descend_if_on_stairs(&p, &w)), Some(&Action::Descend));
    // They led into the Mines: back up, the east stairs are the Dungeons' and the west ones
    // are refused even after 3,000 turns on the fork.
    let mines = stairs(&mut w, 3, Pos::new(3, 1), false, Pos::new(5, 1));
    w.dungeon.set_branch(mines, Branch::Mines);
    stairs(&mut w, 2, Pos::new(5, 1), true, Pos::new(3, 1));
    w.dungeon.current_mut().expect("fork").stats.turns_spent = 3000;
    assert!(stairs_lead_into_mines(&w, 0, Pos::new(3, 1)));
    assert!(!stairs_may_lead_into_mines(&w, 0, Pos::new(8, 1)));
    assert_eq!(
        descend_if_on_stairs(&p, &w),
        LeafOutcome::Failure,
        "seed 176"
    );
    // Without the Dungeons' stairs known, 3,000 turns on the fork send us into the Mines.
    draw(&mut w, &[" ----------", " |.>......|", " ----------"]);
    let east = w
        .dungeon
        .current_mut()
        .and_then(|l| l.at_mut(Pos::new(8, 1)));
    east.expect("on the map").feature = Feature::Floor;
    assert!(mines_forced_by_stuck(&w, 3000));
    assert_eq!(acts(&descend_if_on_stairs(&p, &w)), Some(&Action::Descend));
    // ... and leave_mines lets us stay there.
    stairs(&mut w, 3, Pos::new(3, 1), false, Pos::new(5, 1));
    assert_eq!(w.level().map(|l| l.branch), Some(Branch::Mines));
    w.dungeon.overview_read_at = Some(w.dungeon.arrivals);
    assert_eq!(leave_mines(&p, &w), LeafOutcome::Failure);
    // Deeper in them only at XL 6 (Dlvl 4 + 2).
    draw(&mut w, &["", "    .>..", "    ...."]);
    assert_eq!(descend_if_on_stairs(&p, &w), LeafOutcome::Failure, "XL 3");
    w.status.xl = 6;
    assert_eq!(acts(&descend_if_on_stairs(&p, &w)), Some(&Action::Descend));
}

#[test]
fn an_unconfirmed_level_is_settled_by_the_overview_before_leaving() {
    let mut w = fork_level();
    let p = params(9, 3000);
    w.dungeon.levels[0].facts.in_overview = true;
    // A level teleport keeps the branch we came from: Minetown taken for Dungeons 5.
    w.dungeon
        .arrive(5, "Dlvl:5", Arrival::Other, Some(Pos::new(5, 1)));
    (w.status.dlvl, w.player) = (5, Pos::new(5, 1));
    draw(&mut w, &["", "   ....<..+..", "   ......"]);
    assert_eq!(w.level().map(|l| l.branch), Some(Branch::Doom));
    assert!(w.dungeon.branch_unconfirmed());
    let outcome = leave_mines(&p, &w);
    assert_eq!(acts(&outcome), Some(&Action::Overview), "{outcome:?}");
    let lines: Vec<String> = [
        "Dungeon overview:",
        "The Dungeons of Doom: levels 1 to 2",
        "   Level 2:",
        "      Stairs down to The Gnomish Mines.",
        "The Gnomish Mines: levels 3 to 5",
        "   Level 5: <- You are here.",
        "      Many shops, a temple, some fountains.",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    w.observe(Event::Overview(&lines));
    assert_eq!(w.level().map(|l| l.branch), Some(Branch::Mines));
    assert!(!w.dungeon.branch_unconfirmed());
    assert_eq!(w.dungeon.mines_top(), Some(3));
    let outcome = leave_mines(&p, &w);
    assert!(
        matches!(&outcome, LeafOutcome::Act(a, why) if walking(a) && why.contains("up stairs")),
        "{outcome:?}"
    );
    w.status.xl = 9;
    assert_eq!(leave_mines(&p, &w), LeafOutcome::Failure, "strong enough");
}

#[test]
fn sent_into_the_mines_by_being_stuck_a_hurt_hero_climbs_back_to_heal_on_the_fork() {
    let mut w = fork_level();
    // Only the Mines' stairs known on the fork after 3,000 turns there: sent in (seed 146).
    draw(&mut w, &[" ----------", " |.>......|", " ----------"]);
    w.dungeon.current_mut().expect("fork").stats.turns_spent = 3000;
    let top = stairs(&mut w, 3, Pos::new(3, 1), false, Pos::new(5, 1));
    w.dungeon.set_branch(top, Branch::Mines);
    w.dungeon.overview_read_at = Some(w.dungeon.arrivals);
    draw(&mut w, &["", "    .<..", "    ...."]);
    w.player = Pos::new(5, 1);
    (w.status.hp, w.status.hp_max) = (16, 40);
    let mut p = params(9, 3000);
    assert_eq!(leave_mines(&p, &w), LeafOutcome::Failure, "0: stays hurt");
    p.0.retain(|(k, _)| *k != "forced_hurt_below");
    p.0.push(("forced_hurt_below", ParamValue::Number(0.7)));
    let outcome = leave_mines(&p, &w);
    assert!(
        matches!(&outcome, LeafOutcome::Act(Action::Ascend, why)
            if why.contains("towards Doom 2") && why.contains("HP 16/40")),
        "{outcome:?}"
    );
    // Healed to 70%: back to the Mines' business.
    w.status.hp = 28;
    assert_eq!(leave_mines(&p, &w), LeafOutcome::Failure, "healthy");
}

#[test]
fn stuck_on_the_fork_below_stuck_mines_from_xl_the_mines_are_still_refused_and_left() {
    let mut w = fork_level();
    // Only the Mines' stairs known on the fork after 3,000 turns there, at XL 5 (seed 146).
    draw(&mut w, &[" ----------", " |.>......|", " ----------"]);
    w.dungeon.current_mut().expect("fork").stats.turns_spent = 3000;
    let top = stairs(&mut w, 3, Pos::new(3, 1), false, Pos::new(5, 1));
    w.dungeon.set_branch(top, Branch::Mines);
    stairs(&mut w, 2, Pos::new(5, 1), true, Pos::new(3, 1));
    w.status.xl = 5;
    let mut p = params(9, 3000);
    assert_eq!(
        acts(&descend_if_on_stairs(&p, &w)),
        Some(&Action::Descend),
        "0: any XL"
    );
    p.0.push(("stuck_mines_from_xl", ParamValue::Integer(8)));
    assert_eq!(
        descend_if_on_stairs(&p, &w),
        LeafOutcome::Failure,
        "XL 5 < 8"
    );
    // Down in them anyway (fled, fell): climbed out as if never stuck.
    stairs(&mut w, 3, Pos::new(3, 1), false, Pos::new(5, 1));
    w.dungeon.overview_read_at = Some(w.dungeon.arrivals);
    draw(&mut w, &["", "    .<..", "    ...."]);
    let outcome = leave_mines(&p, &w);
    assert!(
        matches!(&outcome, LeafOutcome::Act(Action::Ascend, why) if why.contains("towards Doom 2")),
        "{outcome:?}"
    );
    // From XL 8 the stuck fork sends us in and lets us stay.
    w.status.xl = 8;
    assert_eq!(leave_mines(&p, &w), LeafOutcome::Failure, "XL 8");
    // Polymorphed, the hit dice count: a were-jackal (HD 2) climbs out.
    (w.status.xl, w.status.polymorphed) = (2, true);
    assert!(matches!(
        leave_mines(&p, &w),
        LeafOutcome::Act(Action::Ascend, _)
    ));
}

/// Dungeons 2 to 5 taken stair by stair (each level a room with `<` at (3, 1) and `>` at
/// (8, 1)), the Mines' stairs seen on none: Dlvl 2's room opens east onto squares not walked
/// to yet when `open_2`; the others are closed. The hero stands on Dlvl 5's up stairs.
fn no_fork_seen(open_2: bool) -> (World, Vec<usize>) {
    let mut w = World::default();
    w.dungeon.start(2, "Dlvl:2");
    w.dungeon.set_branch(0, Branch::Doom);
    (w.status.dlvl, w.status.xl) = (2, 8);
    let closed = [" ---------", " |.<....>|", " ---------"];
    let open = [" --------", " |.<....>.", " --------"];
    draw(&mut w, if open_2 { &open } else { &closed });
    let mut ids = vec![0];
    for depth in 3..=5 {
        let id = stairs(&mut w, depth, Pos::new(8, 1), false, Pos::new(3, 1));
        w.dungeon.set_branch(id, Branch::Doom);
        draw(&mut w, &closed);
        ids.push(id);
    }
    (w, ids)
}

#[test]
fn the_mines_fork_not_found_the_levels_it_may_be_on_are_explored_then_searched() {
    let (mut w, ids) = no_fork_seen(true);
    let mut explored = Vec::new();
    // On Dlvl 5's up stairs: Dlvls 3 and 4 have nothing left; up towards Dlvl 2.
    let (action, why) =
        fork_search_step(&w, &mut explored, &mut Default::default()).expect("a step");
    assert_eq!(action, Action::Ascend, "{why}");
    assert!(why.contains("Dlvl 2 may be their fork"), "{why}");
    // On Dlvl 2: exploring it, towards its doorway.
    w.dungeon.current = Some(ids[0]);
    (w.status.dlvl, w.player) = (2, Pos::new(3, 1));
    let (action, why) =
        fork_search_step(&w, &mut explored, &mut Default::default()).expect("a step");
    assert!(
        matches!(action, Action::Move { .. } | Action::Travel { .. }),
        "{why}"
    );
    assert!(why.contains("exploring it"), "{why}");
    // All explored: the nearest searched for a hidden way, then none once all are given up.
    let (mut w, ids) = no_fork_seen(false);
    let (action, why) =
        fork_search_step(&w, &mut Vec::new(), &mut Default::default()).expect("a step");
    assert_eq!(action, Action::Ascend, "{why}");
    assert!(why.contains("Dlvl 4 may be their fork"), "{why}");
    w.dungeon.current = Some(ids[2]);
    (w.status.dlvl, w.player) = (4, Pos::new(3, 1));
    let (_, why) = fork_search_step(&w, &mut Vec::new(), &mut Default::default()).expect("a step");
    assert!(why.contains("searching it"), "{why}");
    assert_eq!(
        fork_search_step(&w, &mut ids[..3].to_vec(), &mut Default::default()),
        None
    );
}
