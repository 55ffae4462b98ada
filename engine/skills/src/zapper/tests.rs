use super::*;
use nhbot_world::{Cell, Observation, Status};

/// A lit room, 20 wide, with a doorway in its south wall at x = 4 and a corridor below it.
const ROOM: [&str; 7] = [
    "----------------------",
    "|....................|",
    "|....................|",
    "|....................|",
    "|....................|",
    "|---.-----------------",
    "    #                 ",
];

/// `ROOM` with the hero at `hero` and monsters (glyph, square, farlook name) drawn in, seen at
/// `turn` with `messages`, blind or not.
fn frame(
    w: &mut World,
    hero: (usize, usize),
    monsters: &[(char, (usize, usize), &str)],
    turn: i64,
    messages: &[&str],
    blind: bool,
) {
    frame_in(&ROOM, w, hero, monsters, turn, messages, blind);
}

/// [`frame`] in the map `rows`.
fn frame_in(
    rows: &[&str],
    w: &mut World,
    hero: (usize, usize),
    monsters: &[(char, (usize, usize), &str)],
    turn: i64,
    messages: &[&str],
    blind: bool,
) {
    let mut map = vec![Cell::default(); 80 * 21];
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            map[y * 80 + x] = Cell {
                ch,
                fg: 16,
                ..Cell::default()
            };
        }
    }
    map[hero.1 * 80 + hero.0].ch = '@';
    for (ch, (x, y), _) in monsters {
        map[y * 80 + x].ch = *ch;
    }
    let status = Status {
        dlvl: 3,
        level_name: "Dlvl:3".into(),
        turn: Some(turn),
        hp: 30,
        hp_max: 30,
        ac: 6,
        xl: 5,
        conditions: if blind {
            vec![Condition::Blind]
        } else {
            Vec::new()
        },
        ..Default::default()
    };
    let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
    w.observe(Observation {
        map: &map,
        player: Some(Pos::new(hero.0 as i16, hero.1 as i16)),
        status: Some(&status),
        messages: &messages,
        cursor_on_map: true,
    });
    for (_, (x, y), name) in monsters {
        if let Some(m) = w
            .monsters
            .iter_mut()
            .find(|m| m.pos == Pos::new(*x as i16, *y as i16))
        {
            m.name = Some(name.to_string());
        }
    }
}

fn scene(
    hero: (usize, usize),
    monsters: &[(char, (usize, usize), &str)],
    turn: i64,
    messages: &[&str],
) -> World {
    let mut w = World::default();
    frame(&mut w, hero, monsters, turn, messages, false);
    w
}

fn decide(w: &World) -> Option<(Action, String)> {
    dodge_zapper_step(&mut Recall::default(), &mut DodgeState::default(), w, OLD)
}

const OLD: DodgeRules = DodgeRules {
    depth: 4,
    careful: false,
};

const CAREFUL: DodgeRules = DodgeRules {
    depth: 4,
    careful: true,
};

fn moved_to(w: &World, action: &Action) -> Pos {
    match action {
        Action::Move { dir } => dir.step(w.player),
        other => panic!("expected a move, got {other:?}"),
    }
}

const ZAPPED: [&str; 2] = [
    "The gnome zaps a wand of magic missile!",
    "The magic missile hits you!",
];

#[test]
fn a_gnome_that_zapped_next_to_us_is_attacked_and_no_node_may_wait_beside_it() {
    let w = scene((5, 2), &[('G', (6, 2), "gnome")], 50, &ZAPPED);
    let (action, why) = decide(&w).expect("an answer to the zapper");
    assert_eq!(action, Action::Fight { dir: Dir::E }, "{why}");
    assert!(
        why.contains("gnome") && why.contains("wand of magic missile"),
        "{why}"
    );
    let unsafe_why = ranged::unsafe_to_wait(&Recall::default(), &w).expect("unsafe to wait");
    assert!(unsafe_why.contains("zapper"), "{unsafe_why}");
}

#[test]
fn a_gnome_of_another_kind_or_a_harmless_wand_makes_no_zapper() {
    // A hobbit next to us when a gnome out of line zapped: the hobbit holds no known wand.
    let w = scene(
        (5, 2),
        &[('h', (6, 2), "hobbit"), ('G', (9, 3), "gnome")],
        50,
        &ZAPPED,
    );
    assert_eq!(decide(&w), None);
    let w = scene(
        (5, 2),
        &[('h', (6, 2), "dwarf")],
        50,
        &["The dwarf zaps a wand of digging!"],
    );
    assert_eq!(decide(&w), None, "digging is no attack");
}

#[test]
fn a_zapper_in_line_far_away_is_stepped_away_from_and_never_searched_beside() {
    let mut w = scene((5, 2), &[('G', (12, 2), "gnome")], 50, &ZAPPED);
    // Many turns later, the message long gone, the gnome still holds its wand.
    frame(&mut w, (5, 2), &[('G', (12, 2), "gnome")], 400, &[], false);
    let (action, why) = decide(&w).expect("a step out of its line");
    let to = moved_to(&w, &action);
    assert!(
        !lined(&w, Pos::new(12, 2), to),
        "{to:?} still in line: {why}"
    );
    assert!(why.contains("out of the line of the zapper"), "{why}");
    let r = Recall::default();
    assert!(ranged::in_line_of_fire(&r, &w, w.player).is_some());
    assert!(
        ranged::unsafe_to_wait(&r, &w).is_some(),
        "resting, searching and Elbereth refuse in its line"
    );
}

#[test]
fn a_weak_zapper_three_squares_away_is_closed_in_on() {
    let w = scene((5, 1), &[('G', (8, 4), "gnome")], 50, &ZAPPED);
    let (action, why) = decide(&w).expect("closing in");
    let to = moved_to(&w, &action);
    assert_eq!(threat::distance(to, Pos::new(8, 4)), 2, "{why}");
    assert!(why.contains("closing in"), "{why}");
}

#[test]
fn blinded_by_a_bolt_we_keep_moving_never_straight_back_then_wait_once_it_stops() {
    let mut w = World::default();
    frame(&mut w, (10, 2), &[], 99, &[], false);
    frame(
        &mut w,
        (10, 2),
        &[],
        100,
        &[
            "You hear a nearby zap.",
            "The bolt of lightning hits you!",
            "You are blinded by the flash!",
        ],
        true,
    );
    let mut st = DodgeState::default();
    let mut r = Recall::default();
    let (first, why) = dodge_zapper_step(&mut r, &mut st, &w, OLD).expect("a move, no wait");
    assert!(why.contains("blinded by the flash"), "{why}");
    let to = moved_to(&w, &first);
    frame(&mut w, (to.x as usize, to.y as usize), &[], 101, &[], true);
    let (second, _) = dodge_zapper_step(&mut r, &mut st, &w, OLD).expect("still moving");
    assert_ne!(
        moved_to(&w, &second),
        Pos::new(10, 2),
        "not back into the line"
    );
    frame(&mut w, (to.x as usize, to.y as usize), &[], 140, &[], true);
    assert_eq!(
        dodge_zapper_step(&mut r, &mut st, &w, OLD),
        None,
        "20 turns without a zap"
    );
}

#[test]
fn blind_with_the_unseen_zapper_felt_next_to_us_we_strike_at_it() {
    let mut w = World::default();
    frame(&mut w, (10, 2), &[], 99, &[], false);
    frame(
        &mut w,
        (10, 2),
        &[('I', (10, 3), "")],
        100,
        &["You hear a nearby zap.", "The bolt of lightning hits you!"],
        true,
    );
    let (action, why) = decide(&w).expect("a blow");
    assert_eq!(action, Action::Fight { dir: Dir::S }, "{why}");
}

#[test]
fn seeing_no_zap_lately_and_no_zapper_in_view_it_fails() {
    let w = scene((5, 2), &[('G', (12, 2), "gnome")], 50, &[]);
    assert_eq!(decide(&w), None);
}

#[test]
fn a_zapper_out_of_line_but_near_its_reach_is_kept_away_from_until_one_of_its_kind_dies() {
    // Seen zapping at turn 50, now out of line 6 squares away (knight-like offset).
    let mut w = scene((5, 2), &[('G', (12, 2), "gnome")], 50, &ZAPPED);
    frame(&mut w, (5, 2), &[('G', (11, 4), "gnome")], 60, &[], false);
    let (action, why) = decide(&w).expect("a step farther off its lines");
    let to = moved_to(&w, &action);
    assert!(!lined(&w, Pos::new(11, 4), to), "{why}");
    assert!(threat::distance(to, Pos::new(11, 4)) > 6, "{why}");
    // A gnome killed since: the gnomes left are taken for wandless.
    frame(
        &mut w,
        (5, 2),
        &[('G', (11, 4), "gnome")],
        61,
        &["You kill the gnome!"],
        false,
    );
    assert_eq!(decide(&w), None);
}

#[test]
fn blind_the_zapper_last_seen_next_to_us_is_struck_until_thin_air_or_its_death() {
    let mut w = World::default();
    frame(&mut w, (10, 2), &[('G', (11, 2), "gnome")], 99, &[], false);
    frame(
        &mut w,
        (10, 2),
        &[],
        100,
        &[
            "The gnome zaps a wand of lightning!",
            "The bolt of lightning hits you!",
            "You are blinded by the flash!",
        ],
        true,
    );
    let (action, why) = decide(&w).expect("a blow where it stood");
    assert_eq!(action, Action::Fight { dir: Dir::E }, "{why}");
    // It moved away: no more blows at the empty square, a move instead.
    let mut moved = w.clone();
    frame(
        &mut moved,
        (10, 2),
        &[],
        101,
        &["You attack thin air."],
        true,
    );
    let (action, why) = decide(&moved).expect("a move");
    assert!(matches!(action, Action::Move { .. }), "{why}");
    // Killed: nothing left to dodge.
    let mut killed = w.clone();
    frame(&mut killed, (10, 2), &[], 101, &["You kill it!"], true);
    assert_eq!(decide(&killed), None);
}

/// `scene` with the up stairs at (5, 1), seen before the hero stood on them.
fn on_the_up_stairs(monsters: &[(char, (usize, usize), &str)], turn: i64) -> World {
    let mut rows: Vec<String> = ROOM.iter().map(|r| r.to_string()).collect();
    rows[1].replace_range(5..6, "<");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut w = World::default();
    frame_in(&rows, &mut w, (2, 3), &[], turn - 1, &[], false);
    let mut messages = ZAPPED.to_vec();
    messages.push("There is a staircase up here.");
    frame(&mut w, (5, 1), monsters, turn, &messages, false);
    w
}

#[test]
fn careful_on_the_up_stairs_a_zapper_two_or_more_squares_away_is_climbed_away_from_once() {
    let w = on_the_up_stairs(&[('G', (9, 1), "gnome")], 50);
    assert_eq!(w.feature_here(), Feature::StairsUp);
    let mut st = DodgeState::default();
    let (action, why) =
        dodge_zapper_step(&mut Recall::default(), &mut st, &w, CAREFUL).expect("a climb");
    assert_eq!(action, Action::Ascend, "{why}");
    assert!(why.contains("gnome"), "{why}");
    // Back down at once and it is still there: no up-and-down loop, a step instead.
    let (again, why) =
        dodge_zapper_step(&mut Recall::default(), &mut st, &w, CAREFUL).expect("a step");
    assert_ne!(again, Action::Ascend, "{why}");
    // The old rules never climb.
    let (old, why) = decide(&w).expect("an answer");
    assert_ne!(old, Action::Ascend, "{why}");
    // Next to us it would follow us up: strike it.
    let w = on_the_up_stairs(&[('G', (6, 1), "gnome")], 50);
    let (next, why) = dodge_zapper_step(
        &mut Recall::default(),
        &mut DodgeState::default(),
        &w,
        CAREFUL,
    )
    .expect("a blow");
    assert_eq!(next, Action::Fight { dir: Dir::E }, "{why}");
}

#[test]
fn careful_a_weak_zapper_three_squares_away_is_stepped_away_from_not_closed_in_on() {
    let w = scene((5, 1), &[('G', (8, 4), "gnome")], 50, &ZAPPED);
    let (action, why) = dodge_zapper_step(
        &mut Recall::default(),
        &mut DodgeState::default(),
        &w,
        CAREFUL,
    )
    .expect("a step");
    let to = moved_to(&w, &action);
    assert!(!lined(&w, Pos::new(8, 4), to), "{to:?} in line: {why}");
    assert!(why.contains("out of the line"), "{why}");
}

#[test]
fn careful_in_a_corridor_along_its_line_we_back_out_of_its_reach_rather_than_close_in() {
    let corridor = [
        "                    ",
        "  ################  ",
        "                    ",
    ];
    let mut w = World::default();
    frame_in(
        &corridor,
        &mut w,
        (5, 1),
        &[('G', (12, 1), "gnome")],
        50,
        &ZAPPED,
        false,
    );
    // Healthy enough for the old rules' approach (6 HP a square).
    (w.status.hp, w.status.hp_max) = (60, 60);
    let (old, why) = decide(&w).expect("the old rules close in");
    assert_eq!(old, Action::Move { dir: Dir::E }, "{why}");
    let (action, why) = dodge_zapper_step(
        &mut Recall::default(),
        &mut DodgeState::default(),
        &w,
        CAREFUL,
    )
    .expect("a step back");
    assert_eq!(action, Action::Move { dir: Dir::W }, "{why}");
    assert!(why.contains("out of the reach"), "{why}");
}
