use super::*;
use nhbot_world::testing::grid;
use nhbot_world::{Action, Event, Observation, Pos, Status};

/// One frame on Dlvl `depth` at `turn`: `rows` drawn from map row 1, the hero (XL `xl`, HP
/// 30/30) at `at`, with `messages`.
fn see(w: &mut World, depth: i32, turn: i64, xl: i32, rows: &[&str], at: Pos, messages: &[&str]) {
    see_hp(w, (depth, turn, xl, 30), rows, at, messages);
}

/// [`see`] with the hero's HP (of 30): `(depth, turn, xl, hp)`.
fn see_hp(
    w: &mut World,
    (depth, turn, xl, hp): (i32, i64, i32, i32),
    rows: &[&str],
    at: Pos,
    messages: &[&str],
) {
    let mut all = vec![""];
    all.extend_from_slice(rows);
    let map = grid(&all, &[]);
    let status = Status {
        dlvl: depth,
        level_name: format!("Dlvl:{depth}"),
        turn: Some(turn),
        xl,
        hp,
        hp_max: 30,
        ..Status::default()
    };
    let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
    w.observe(Observation {
        map: &map,
        player: Some(at),
        status: Some(&status),
        messages: &messages,
        cursor_on_map: true,
    });
}

use crate::seen::tick;

/// The Oracle's level, Dlvl 7: her four fountains, the down stairs at (14, 4).
const ORACLE: [&str; 7] = [
    "-----------------",
    "|...............|",
    "|.......{.......|",
    "|......{.{....>.|",
    "|.......{.......|",
    "|...............|",
    "-----------------",
];

/// The level below, Dlvl 8: the stairs up to the Oracle at (2, 2) (under the hero arriving),
/// the Sokoban stairs at (12, 4).
const ENTRANCE: [&str; 5] = [
    "-----------------",
    "|.@.............|",
    "|...............|",
    "|...........<...|",
    "-----------------",
];

/// Sokoban's bottom level, Dlvl 7: boulders, two pits, its up stairs at (10, 2); the hero
/// arrives on its down stairs at (7, 4).
const SOKOBAN: [&str; 5] = [
    "------------",
    "|.0.0.0.0.<|",
    "|.0.0.0.0..|",
    "|.^^...@...|",
    "------------",
];

fn with_hero(rows: &[&str], at: Pos) -> Vec<String> {
    let mut out: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    let row = &mut out[at.y as usize - 1];
    row.replace_range(at.x as usize..at.x as usize + 1, "@");
    out
}

fn step_of(outcome: LeafOutcome) -> (Action, String) {
    match outcome {
        LeafOutcome::Act(action, why) => (action, why),
        other => panic!("an action, not {other:?}"),
    }
}

#[test]
fn the_phase_opens_goes_up_into_sokoban_and_ends_once_back_down() {
    let mut w = World::default();
    let start = Pos::new(2, 2);
    let rows = with_hero(&ORACLE, start);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    see(&mut w, 7, 100, 5, &rows, start, &[]);
    assert_eq!(w.dungeon.oracle_depth(), Some(7), "her fountains");
    assert!(!sokoban_open_now(&w, 6), "XL 5 is below 6");
    see(&mut w, 7, 101, 6, &rows, start, &[]);
    assert!(sokoban_open_now(&w, 6));
    assert_eq!(finished_because(&w, 3000), None);
    assert_eq!(
        finished_because(&w, 1).as_deref(),
        Some("given up: 1 turns on Dlvl 7 without getting into Sokoban"),
        "a patience of one turn is spent"
    );

    // The entrance level was never visited: down the Oracle's stairs first.
    let enter = EnterSokoban {
        overview: false,
        stairs_hp: 0.7,
        fled_turns: 0,
        climb_back: true,
        push_boulders: true,
        bent_dead_ends: false,
        keep_goal: false,
    };
    let mut trip = EnterState::default();
    let (action, why) = step_of(tick(&enter, &mut trip, &w));
    assert!(
        matches!(action, Action::Move { .. } | Action::Travel { .. }),
        "{why}"
    );
    assert!(
        why.starts_with("into Sokoban (entrance on Dlvl 8)"),
        "{why}"
    );
    assert!(why.contains("down stairs at (14, 4)"), "{why}");
    let on_stairs = Pos::new(14, 4);
    let rows = with_hero(&ORACLE, on_stairs);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    see(&mut w, 7, 110, 6, &rows, on_stairs, &[]);
    assert_eq!(step_of(tick(&enter, &mut trip, &w)).0, Action::Descend);
    w.observe(&Action::Descend);

    // Arrived on the main up stairs: the other ones lead into Sokoban.
    see(&mut w, 8, 111, 6, &ENTRANCE, Pos::new(2, 2), &[]);
    let (action, why) = step_of(tick(&enter, &mut trip, &w));
    assert!(
        matches!(action, Action::Move { .. } | Action::Travel { .. }),
        "{why}"
    );
    assert!(why.contains("up stairs at (12, 4)"), "{why}");
    let sokoban_stairs = Pos::new(12, 4);
    let rows: Vec<String> = ENTRANCE.iter().map(|r| r.replace('@', "<")).collect();
    let rows = with_hero(
        &rows.iter().map(String::as_str).collect::<Vec<_>>(),
        sokoban_stairs,
    );
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    see(&mut w, 8, 120, 6, &rows, sokoban_stairs, &[]);
    // Giving up counts the turns since arriving here, not those on the Oracle's level.
    assert_eq!(
        finished_because(&w, 9).as_deref(),
        Some("given up: 9 turns on Dlvl 8 without getting into Sokoban")
    );
    assert_eq!(finished_because(&w, 10), None);
    let (action, why) = step_of(tick(&enter, &mut trip, &w));
    assert_eq!(action, Action::Ascend, "{why}");
    assert!(why.contains("to sokoban 7"), "{why}");
    w.observe(&Action::Ascend);

    // In Sokoban: the in-level nodes play; nothing to enter, no reason yet to leave.
    let arrival = Pos::new(7, 4);
    see(&mut w, 7, 121, 6, &SOKOBAN, arrival, &[]);
    assert_eq!(w.level().map(|l| l.branch), Some(Branch::Sokoban));
    assert_eq!(w.dungeon.sokoban.entered, Some(121));
    assert!(sokoban_open_now(&w, 30), "in Sokoban whatever the XL");
    assert_eq!(tick(&enter, &mut trip, &w), LeafOutcome::Failure);
    let leave = LeaveSokoban {
        prize_xl: 8,
        level_turns: 20,
    };
    let mut back = TripState::default();
    assert_eq!(tick(&leave, &mut back, &w), LeafOutcome::Failure);
    assert_eq!(finished_because(&w, 3000), None);

    // Too long on the level: back down the stairs we came up by.
    see(&mut w, 7, 150, 6, &SOKOBAN, arrival, &[]);
    let (action, why) = step_of(tick(&leave, &mut back, &w));
    assert_eq!(action, Action::Descend, "{why}");
    assert!(
        why.starts_with("out of Sokoban, 29 turns on Sokoban level 1 (Dlvl 7)"),
        "{why}"
    );
    w.observe(&Action::Descend);
    let rows: Vec<String> = ENTRANCE.iter().map(|r| r.replace('@', "<")).collect();
    let rows = with_hero(
        &rows.iter().map(String::as_str).collect::<Vec<_>>(),
        sokoban_stairs,
    );
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    see(&mut w, 8, 151, 6, &rows, sokoban_stairs, &[]);
    assert_eq!(
        w.level().map(|l| (l.branch, l.depth)),
        Some((Branch::Doom, 8))
    );
    let done = finished_because(&w, 3000).expect("the phase is over");
    assert_eq!(done, "left Sokoban without the prize on turn 151");
    assert_eq!(
        tick(&leave, &mut back, &w),
        LeafOutcome::Failure,
        "out of Sokoban"
    );
}

/// Sokoban's third level from the bottom, Dlvl 5, as the overview places it (the entrance on
/// Dlvl 8, "Stairs up to Sokoban, level 7") and calls it solved.
fn on_solved_level_three(xl: i32) -> World {
    let mut w = World::default();
    let rows = ["-------", "|0.0.<|", "|.@.>.|", "-------"];
    see(&mut w, 5, 2000, xl, &rows, Pos::new(2, 3), &[]);
    let overview: Vec<String> = [
        "The Dungeons of Doom: levels 1 to 8",
        "Level 8:",
        "Stairs up to Sokoban, level 7.",
        "Sokoban: levels 5 to 7",
        "Level 5: <- You are here.",
        "Solved.",
    ]
    .iter()
    .map(|l| l.to_string())
    .collect();
    w.observe(Event::Overview(&overview));
    w
}

#[test]
fn a_solved_third_level_turns_a_weak_hero_back_before_the_zoo() {
    let w = on_solved_level_three(6);
    assert_eq!(w.level().map(|l| l.branch), Some(Branch::Sokoban));
    assert_eq!(w.dungeon.sokoban_level_number(5), Some(3));
    assert_eq!(
        turn_back_because(&w, 8, 5000).as_deref(),
        Some("level 3 solved, but XL 6 is below 8 for the top level's zoo")
    );
    let strong = on_solved_level_three(8);
    assert_eq!(turn_back_because(&strong, 8, 5000), None);
}

#[test]
fn the_prize_picked_up_on_the_top_level_turns_the_hero_back() {
    let mut w = World::default();
    let rows = ["-------", "|0.0..|", "|.@.>.|", "-------"];
    see(&mut w, 4, 3000, 9, &rows, Pos::new(2, 3), &[]);
    let overview: Vec<String> = ["Sokoban: levels 4 to 7", "Level 4: <- You are here."]
        .iter()
        .map(|l| l.to_string())
        .collect();
    w.observe(Event::Overview(&overview));
    assert_eq!(turn_back_because(&w, 8, 5000), None);
    // An amulet that comes into the pack otherwise (a wish, here) is no prize.
    w.observe(&Action::Search { count: 1 });
    let wished = ["h - a blessed amulet of life saving."];
    see(&mut w, 4, 3001, 9, &rows, Pos::new(2, 3), &wished);
    assert_eq!(w.dungeon.sokoban.prize_taken, None);
    w.observe(&Action::Pickup {
        what: nhbot_world::Pick::All,
    });
    see(&mut w, 4, 3002, 9, &rows, Pos::new(2, 3), &["g - a bag."]);
    assert_eq!(w.dungeon.sokoban.prize_taken, Some(3002));
    assert_eq!(
        turn_back_because(&w, 8, 5000).as_deref(),
        Some("the prize was picked up on turn 3002")
    );
}

#[test]
fn on_the_entrance_level_an_object_never_stood_on_may_hide_the_sokoban_stairs() {
    let mut w = World::default();
    let start = Pos::new(2, 2);
    let rows = with_hero(&ORACLE, start);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    see(&mut w, 7, 100, 6, &rows, start, &[]);
    let on_stairs = Pos::new(14, 4);
    let rows = with_hero(&ORACLE, on_stairs);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    see(&mut w, 7, 101, 6, &rows, on_stairs, &[]);
    w.observe(&Action::Descend);
    // The level below, explored: the stairs up (the ones we came down by) and down, and gold.
    let below = [
        "-----------------",
        "|.@...........>.|",
        "|...............|",
        "|...........$...|",
        "-----------------",
    ];
    see(&mut w, 8, 102, 6, &below, Pos::new(2, 2), &[]);
    let enter = EnterSokoban {
        overview: false,
        stairs_hp: 0.7,
        fled_turns: 0,
        climb_back: true,
        push_boulders: true,
        bent_dead_ends: false,
        keep_goal: false,
    };
    let mut trip = EnterState::default();
    let (action, why) = step_of(tick(&enter, &mut trip, &w));
    assert!(
        matches!(action, Action::Move { .. } | Action::Travel { .. }),
        "{why}"
    );
    assert_eq!(
        why,
        "into Sokoban, its stairs not seen on Dlvl 8: the object at (12, 4) may hide them, 10 steps away"
    );
    // Standing there, the game names the stairs: up them.
    let gold = Pos::new(12, 4);
    let rows: Vec<String> = below.iter().map(|r| r.replace('@', "<")).collect();
    let rows = with_hero(&rows.iter().map(String::as_str).collect::<Vec<_>>(), gold);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    see(
        &mut w,
        8,
        112,
        6,
        &rows,
        gold,
        &[
            "There is a staircase up here.",
            "You see here 12 gold pieces.",
        ],
    );
    let (action, why) = step_of(tick(&enter, &mut trip, &w));
    assert_eq!(action, Action::Ascend, "{why}");
    assert!(why.contains("to sokoban 7"), "{why}");
}

/// The Oracle's down stairs seen across the level (her centre lit) but walled off from the
/// hero, a doorway of the hero's room unexplored: the trip explores through it instead of
/// searching the walls for a way (smoke seed 3 searched for 1,400 turns).
#[test]
fn stairs_seen_out_of_reach_are_explored_towards_before_searching() {
    let mut w = World::default();
    let rows = [
        "------------------------",
        "|.......|  |...........|",
        "|.@.....|  |.....{.....|",
        "|.......   |....{.{..>.|",
        "|.......|  |.....{.....|",
        "|.......|  |...........|",
        "------------------------",
    ];
    see(&mut w, 7, 100, 6, &rows, Pos::new(2, 3), &[]);
    assert_eq!(w.dungeon.oracle_depth(), Some(7), "her fountains");
    let enter = EnterSokoban {
        overview: false,
        stairs_hp: 0.7,
        fled_turns: 0,
        climb_back: true,
        push_boulders: true,
        bent_dead_ends: false,
        keep_goal: false,
    };
    let (_, why) = step_of(tick(&enter, &mut EnterState::default(), &w));
    assert!(
        why.starts_with("into Sokoban (entrance on Dlvl 8): the stairs at (21, 4) out of reach")
            && why.contains("exploring the unseen"),
        "{why}"
    );
}

/// Hurt on the Oracle's down stairs (bench seeds 6, 66, 84 and 157 of session 21 went down
/// at low HP, fled back up from what waited there, and went down again): the trip rests on
/// the stairs, its count of stairs taken unchanged, and takes them once healed.
#[test]
fn the_trip_rests_on_the_stairs_while_hurt_and_takes_them_healed() {
    let mut w = World::default();
    let start = Pos::new(2, 2);
    let rows = with_hero(&ORACLE, start);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    see_hp(&mut w, (7, 90, 6, 12), &rows, start, &[]);
    let on_stairs = Pos::new(14, 4);
    let rows = with_hero(&ORACLE, on_stairs);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    see_hp(&mut w, (7, 100, 6, 12), &rows, on_stairs, &[]);
    let enter = EnterSokoban {
        overview: false,
        stairs_hp: 0.7,
        fled_turns: 0,
        climb_back: true,
        push_boulders: true,
        bent_dead_ends: false,
        keep_goal: false,
    };
    let mut trip = EnterState::default();
    let (action, why) = step_of(tick(&enter, &mut trip, &w));
    assert_eq!(action, Action::Search { count: 10 }, "{why}");
    assert_eq!(
        why,
        "into Sokoban (entrance on Dlvl 8): on the down stairs with HP 12/30, below 70%: \
         resting before taking them"
    );
    assert_eq!(trip.trip.stairs_taken, 0, "no stairs taken");
    // 20 of 30 is still below 70%; 21 is not.
    see_hp(&mut w, (7, 130, 6, 20), &rows, on_stairs, &[]);
    assert!(matches!(
        step_of(tick(&enter, &mut trip, &w)).0,
        Action::Search { .. }
    ));
    // A jackal next to the stairs: resting beside it is no safer than going.
    let mut near = rows.iter().map(|r| r.to_string()).collect::<Vec<_>>();
    near[2].replace_range(13..14, "d");
    let near: Vec<&str> = near.iter().map(String::as_str).collect();
    see_hp(&mut w, (7, 131, 6, 20), &near, on_stairs, &[]);
    assert_eq!(step_of(tick(&enter, &mut trip, &w)).0, Action::Descend);
    see_hp(&mut w, (7, 133, 6, 21), &rows, on_stairs, &[]);
    let (action, why) = step_of(tick(&enter, &mut trip, &w));
    assert_eq!(action, Action::Descend, "{why}");
    assert_eq!(trip.trip.stairs_taken, 2);
}

/// Two trap doors dropped the hero from the Oracle's level (Dlvl 7) past the entrance (Dlvl 8)
/// to Dlvl 10, Dlvl 9's up stairs never seen (bench seeds 86 and 144 of session 21 wandered
/// such levels for thousands of turns): the trip climbs Dlvl 10's up stairs, then looks for
/// Dlvl 9's.
#[test]
fn dropped_below_the_entrance_the_trip_climbs_back_a_level_at_a_time() {
    let mut w = World::default();
    let start = Pos::new(2, 2);
    let rows = with_hero(&ORACLE, start);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    see(
        &mut w,
        7,
        100,
        6,
        &rows,
        start,
        &["A trap door opens up under you!"],
    );
    // Dlvl 9: one room seen, a doorway east, no stairs.
    let nine = ["--------   ", "|.@.....   ", "|.......|  ", "---------  "];
    see(
        &mut w,
        9,
        101,
        6,
        &nine,
        Pos::new(2, 2),
        &["A trap door opens up under you!"],
    );
    // Dlvl 10: its up stairs at (10, 3).
    let ten = [
        "-------------",
        "|.@.........|",
        "|.........<.|",
        "-------------",
    ];
    see(&mut w, 10, 102, 6, &ten, Pos::new(2, 2), &[]);
    let enter = EnterSokoban {
        overview: false,
        stairs_hp: 0.7,
        fled_turns: 0,
        climb_back: true,
        push_boulders: true,
        bent_dead_ends: false,
        keep_goal: false,
    };
    let stay = EnterSokoban {
        climb_back: false,
        ..enter
    };
    assert_eq!(
        tick(&stay, &mut EnterState::default(), &w),
        LeafOutcome::Failure,
        "no climbing back without climb_back"
    );
    let mut trip = EnterState::default();
    let (action, why) = step_of(tick(&enter, &mut trip, &w));
    assert!(
        matches!(action, Action::Move { .. } | Action::Travel { .. }),
        "{why}"
    );
    assert!(
        why.starts_with("into Sokoban (entrance on Dlvl 8): walking to the up stairs at (10, 3)"),
        "{why}"
    );
    let up = Pos::new(10, 3);
    let rows = with_hero(&ten, up);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    see(&mut w, 10, 110, 6, &rows, up, &[]);
    let (action, why) = step_of(tick(&enter, &mut trip, &w));
    assert_eq!(action, Action::Ascend, "{why}");
    w.observe(&Action::Ascend);
    // Back on Dlvl 9 by its down stairs: its up stairs are still to be found.
    let nine = ["--------   ", "|.>.....   ", "|.......|  ", "---------  "];
    let rows = with_hero(&nine, Pos::new(2, 2));
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    see(&mut w, 9, 111, 6, &rows, Pos::new(2, 2), &[]);
    let (action, why) = step_of(tick(&enter, &mut trip, &w));
    assert!(
        matches!(action, Action::Move { .. } | Action::Travel { .. }),
        "{why}"
    );
    assert!(
        why.starts_with(
            "into Sokoban (entrance on Dlvl 8), no known way up from Dlvl 9: exploring"
        ),
        "{why}"
    );
}

/// Down the Oracle's stairs healthy, then back up them hurt (another node fled from a fight on
/// the entrance level) with a jackal near (bench seed 6 of session 23: up from a Grey-elf at
/// HP 26/79, then at once back down past a leprechaun into the same foes, dead two turns
/// later): with `fled_turns` the trip rests on the stairs instead of going back down; without
/// it, or once those turns are over, the jackal near sends it down as before.
#[test]
fn fled_up_hurt_the_trip_does_not_go_straight_back_down() {
    let enter = EnterSokoban {
        overview: false,
        stairs_hp: 0.8,
        fled_turns: 50,
        climb_back: true,
        push_boulders: true,
        bent_dead_ends: false,
        keep_goal: false,
    };
    let on_stairs = Pos::new(14, 4);
    let rows = with_hero(&ORACLE, on_stairs);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut near = rows.iter().map(|r| r.to_string()).collect::<Vec<_>>();
    near[2].replace_range(13..14, "d");
    let near: Vec<&str> = near.iter().map(String::as_str).collect();
    let fled_back_up = |enter: &EnterSokoban, trip: &mut EnterState| {
        let mut w = World::default();
        let start = with_hero(&ORACLE, Pos::new(2, 2));
        let start: Vec<&str> = start.iter().map(String::as_str).collect();
        see_hp(&mut w, (7, 90, 6, 30), &start, Pos::new(2, 2), &[]);
        see_hp(&mut w, (7, 100, 6, 30), &rows, on_stairs, &[]);
        assert_eq!(step_of(tick(enter, trip, &w)).0, Action::Descend);
        w.observe(&Action::Descend);
        see_hp(&mut w, (8, 101, 6, 30), &ENTRANCE, Pos::new(2, 2), &[]);
        // Another node's flight: the trip does not tick on Dlvl 8.
        w.observe(&Action::Ascend);
        see_hp(&mut w, (7, 103, 6, 12), &near, on_stairs, &[]);
        w
    };

    let mut trip = EnterState::default();
    let mut w = fled_back_up(&enter, &mut trip);
    let (action, why) = step_of(tick(&enter, &mut trip, &w));
    assert_eq!(action, Action::Search { count: 10 }, "{why}");
    assert_eq!(
        why,
        "into Sokoban (entrance on Dlvl 8): on the down stairs with HP 12/30, below 80%, fled \
         up from Dlvl 8 on turn 103: resting here, not back down to what waits there"
    );
    // Still hurt 50 turns later, the jackal still near: down as before.
    see_hp(&mut w, (7, 153, 6, 20), &near, on_stairs, &[]);
    assert_eq!(step_of(tick(&enter, &mut trip, &w)).0, Action::Descend);

    let off = EnterSokoban {
        fled_turns: 0,
        ..enter
    };
    let mut trip = EnterState::default();
    let w = fled_back_up(&off, &mut trip);
    assert_eq!(step_of(tick(&off, &mut trip, &w)).0, Action::Descend);
}
