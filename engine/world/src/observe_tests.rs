//! Tests of the update step (`World::observe`) on hand-written screens.

use super::*;
use crate::kills::Kill;
use crate::level::Branch;
use crate::tiles::tests::grid;

fn status(dlvl: i32, turn: i64) -> Status {
    Status {
        dlvl,
        level_name: format!("Dlvl:{dlvl}"),
        turn: Some(turn),
        hp: 10,
        hp_max: 10,
        ..Default::default()
    }
}

/// A map whose `d`s are white and bold: the little dog a Valkyrie starts with.
fn white(rows: &[&str]) -> Vec<Cell> {
    let mut map = grid(rows, &[]);
    for c in map.iter_mut().filter(|c| c.ch == 'd') {
        c.fg = 7;
        c.bold = true;
    }
    map
}

/// A frame of `map` with the player at `at` and no messages.
fn obs(w: &mut World, map: &[Cell], at: Pos, st: &Status) {
    w.observe(Observation {
        map,
        player: Some(at),
        status: Some(st),
        messages: &[],
        cursor_on_map: true,
    });
}

fn see(world: &mut World, rows: &[&str], player: Pos, st: &Status, messages: &[&str]) {
    // Every `+` in these tests is a (brown) door.
    let colors: Vec<String> = rows
        .iter()
        .map(|r| {
            r.chars()
                .map(|c| if c == '+' { '3' } else { ' ' })
                .collect()
        })
        .collect();
    let colors: Vec<&str> = colors.iter().map(String::as_str).collect();
    let map = grid(rows, &colors);
    let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
    world.observe(Observation {
        map: &map,
        player: Some(player),
        status: Some(st),
        messages: &messages,
        cursor_on_map: true,
    });
}

#[test]
fn stairs_down_create_a_level_and_link_back() {
    let mut w = World::default();
    see(
        &mut w,
        &["|....|", "|.>..|", "------"],
        Pos::new(1, 1),
        &status(1, 1),
        &[],
    );
    see(
        &mut w,
        &["|....|", "|.@..|", "------"],
        Pos::new(2, 1),
        &status(1, 2),
        &[],
    );
    assert_eq!(w.feature_here(), Feature::StairsDown);
    see(&mut w, &["", "   ##"], Pos::new(2, 1), &status(2, 3), &[]);
    assert_eq!(w.dungeon.levels.len(), 2);
    assert_eq!(
        w.level().map(|l| (l.branch, l.depth)),
        Some((Branch::Doom, 2))
    );
    assert_eq!(w.feature_here(), Feature::StairsUp);
    assert_eq!(w.dungeon.route(1, 0), Some(vec![(1, Pos::new(2, 1))]));
}

#[test]
fn stairs_arrival_behind_a_more_is_linked_on_the_next_screen() {
    let mut w = World::default();
    see(&mut w, &["|.>..|"], Pos::new(1, 0), &status(1, 1), &[]);
    see(&mut w, &["|.@..|"], Pos::new(2, 0), &status(1, 2), &[]);
    let blank = grid(&[""], &[]);
    w.observe(Observation {
        map: &blank,
        player: None,
        status: Some(&status(2, 3)),
        messages: &[],
        cursor_on_map: false,
    });
    assert_eq!(w.dungeon.current, Some(1));
    see(&mut w, &["", " ### "], Pos::new(7, 3), &status(2, 3), &[]);
    assert_eq!(w.feature_here(), Feature::StairsUp);
    assert_eq!(w.dungeon.route(1, 0), Some(vec![(1, Pos::new(7, 3))]));
}

#[test]
fn climbing_stairs_is_remembered_until_the_next_level_change() {
    let mut w = World::default();
    see(&mut w, &["|.>..|"], Pos::new(1, 0), &status(1, 1), &[]);
    see(&mut w, &["|.@..|"], Pos::new(2, 0), &status(1, 2), &[]);
    see(&mut w, &["|.<..|"], Pos::new(2, 0), &status(2, 3), &[]);
    assert_eq!(w.dungeon.came_up_on_turn, None, "came down");
    see(&mut w, &["|.@..|"], Pos::new(2, 0), &status(1, 9), &[]);
    assert_eq!(w.dungeon.came_up_on_turn, Some(9), "came up on turn 9");
    see(&mut w, &["|.@..|"], Pos::new(2, 0), &status(1, 30), &[]);
    assert_eq!(w.dungeon.came_up_on_turn, Some(9), "still the same arrival");
    see(&mut w, &["|.<..|"], Pos::new(2, 0), &status(2, 31), &[]);
    assert_eq!(w.dungeon.came_up_on_turn, None, "went down again");
    assert!(!w.dungeon.came_up_fleeing);
    // Up again with a jackal beside the stairs: a flight.
    see(&mut w, &["|.@d.|"], Pos::new(2, 0), &status(2, 32), &[]);
    see(&mut w, &["|.@..|"], Pos::new(2, 0), &status(1, 33), &[]);
    assert_eq!(w.dungeon.came_up_on_turn, Some(33));
    assert!(w.dungeon.came_up_fleeing, "a hostile was beside the stairs");
}

#[test]
fn falling_through_a_trap_door_is_not_a_stairs_link() {
    let mut w = World::default();
    see(&mut w, &["|....|"], Pos::new(1, 0), &status(1, 1), &[]);
    see(
        &mut w,
        &["|....|"],
        Pos::new(3, 0),
        &status(2, 2),
        &["A trap door opens up under you!"],
    );
    assert_eq!(w.level().map(|l| l.depth), Some(2));
    assert!(w.dungeon.levels.iter().all(|l| l.links.is_empty()));
}

#[test]
fn prayer_kills_locked_doors_and_searching() {
    let mut w = World::default();
    let room = ["|...|", "|...+", "-----"];
    see(
        &mut w,
        &room,
        Pos::new(3, 1),
        &status(1, 10),
        &["You begin praying to Odin."],
    );
    assert_eq!(w.last_prayer_turn, Some(10));
    w.observe(&Action::Open { dir: crate::Dir::E });
    see(
        &mut w,
        &room,
        Pos::new(3, 1),
        &status(1, 11),
        &["This door is locked."],
    );
    assert_eq!(
        w.level()
            .and_then(|l| l.at(Pos::new(4, 1)))
            .map(|s| s.locked),
        Some(true)
    );
    see(
        &mut w,
        &["|.d.|", "|...+", "-----"],
        Pos::new(3, 1),
        &status(1, 12),
        &[],
    );
    w.observe(&Action::Fight {
        dir: crate::Dir::NW,
    });
    see(
        &mut w,
        &room,
        Pos::new(3, 1),
        &status(1, 13),
        &["You kill the jackal!"],
    );
    assert_eq!(
        w.kills,
        vec![Kill {
            turn: 13,
            name: "jackal".into(),
            pos: Some(Pos::new(2, 0)),
            level: Some(0),
            in_pile: false,
            by_us: true,
            no_corpse: false,
            vanished: Vec::new(),
        }]
    );
    w.observe(&Action::Search { count: 10 });
    see(&mut w, &room, Pos::new(3, 1), &status(1, 23), &[]);
    let searched = w
        .level()
        .and_then(|l| l.at(Pos::new(4, 2)))
        .map(|s| s.searched);
    assert_eq!(searched, Some(10));
    assert_eq!(w.level_stats()[0].turns_searching, 10);
    assert_eq!(w.level_stats()[0].turns_spent, 13);
}

#[test]
fn a_refused_prayer_is_remembered_once_and_only_right_after_praying() {
    let mut w = World::default();
    let room = ["|...|", "|...|", "-----"];
    let at = Pos::new(2, 1);
    see(
        &mut w,
        &room,
        at,
        &status(1, 5),
        &["You feel that Tyr is displeased."],
    );
    assert!(w.refused_prayers.is_empty(), "no prayer yet");
    see(
        &mut w,
        &room,
        at,
        &status(1, 700),
        &["You begin praying to Tyr."],
    );
    see(
        &mut w,
        &room,
        at,
        &status(1, 703),
        &["You feel that Tyr is displeased."],
    );
    see(
        &mut w,
        &room,
        at,
        &status(1, 704),
        &["You feel that Tyr is displeased."],
    );
    assert_eq!(w.refused_prayers, [700], "one refusal of the prayer at 700");
    see(
        &mut w,
        &room,
        at,
        &status(1, 1500),
        &["You begin praying to Tyr."],
    );
    see(
        &mut w,
        &room,
        at,
        &status(1, 1503),
        &["Your stomach feels content."],
    );
    see(
        &mut w,
        &room,
        at,
        &status(1, 1900),
        &["You feel that Tyr is displeased."],
    );
    assert_eq!(
        w.refused_prayers,
        [700],
        "the granted prayer; a later anger is not its answer"
    );
}

/// Seed 5 of b37-final2: the kitten displaced into a trap ("You feel guilty about losing your
/// pet like this.", hack.c `u.ugangr++`) angered the god for good, as a refused prayer does;
/// "You feel like a hypocrite." costs alignment: both are remembered with their turns.
#[test]
fn a_lost_pet_angers_the_god_and_a_hypocrisy_is_counted() {
    let mut w = World::default();
    let room = ["|...|", "|...|", "-----"];
    let at = Pos::new(2, 1);
    let guilt = "You feel guilty about losing your pet like this.";
    see(&mut w, &room, at, &status(1, 253), &[guilt]);
    assert_eq!(w.refused_prayers, [253]);
    see(
        &mut w,
        &room,
        at,
        &status(1, 400),
        &["You feel like a hypocrite."],
    );
    assert_eq!(w.hypocrisies, [400]);
}

#[test]
fn a_kill_whose_square_shows_a_pile_is_marked() {
    let mut w = World::default();
    let room = ["|...|", "|...|", "-----"];
    see(&mut w, &room, Pos::new(3, 1), &status(1, 10), &[]);
    w.observe(&Action::Fight { dir: crate::Dir::W });
    see(
        &mut w,
        &room,
        Pos::new(3, 1),
        &status(1, 11),
        &["You kill the newt!"],
    );
    assert_eq!(w.kills[0].pos, Some(Pos::new(2, 1)));
    // Standing elsewhere, a pile says nothing about the kill.
    see(
        &mut w,
        &room,
        Pos::new(3, 1),
        &status(1, 12),
        &["Things that are here:"],
    );
    assert!(!w.kills[0].in_pile);
    see(
        &mut w,
        &room,
        Pos::new(2, 1),
        &status(1, 13),
        &["Things that are here:"],
    );
    assert!(w.kills[0].in_pile);
}

#[test]
fn a_stairs_link_from_a_square_without_stairs_is_dropped() {
    let mut w = World::default();
    let room = ["|...|", "|...|", "-----"];
    see(&mut w, &room, Pos::new(2, 1), &status(4, 10), &[]);
    let level = w.dungeon.current_mut().expect("a level");
    level.links.push(crate::level::StairLink {
        from: Pos::new(2, 1),
        to_level: 0,
        to_pos: Pos::new(5, 5),
    });
    level.links.push(crate::level::StairLink {
        from: Pos::new(3, 1),
        to_level: 0,
        to_pos: Pos::new(6, 5),
    });
    see(
        &mut w,
        &room,
        Pos::new(2, 1),
        &status(4, 10),
        &["You can't go down here."],
    );
    let links = &w.level().expect("a level").links;
    assert_eq!(links.len(), 1, "{links:?}");
    assert_eq!(
        links[0].from,
        Pos::new(3, 1),
        "the other square's link stays"
    );
}

#[test]
fn a_square_taken_for_stairs_that_are_not_there_is_floor() {
    let mut w = World::default();
    let room = ["|...|", "|...|", "-----"];
    see(&mut w, &room, Pos::new(2, 1), &status(4, 10), &[]);
    let at = Pos::new(2, 1);
    let sq = w.dungeon.current_mut().and_then(|l| l.at_mut(at));
    sq.expect("the square").feature = Feature::StairsUp;
    see(
        &mut w,
        &room,
        at,
        &status(4, 10),
        &["You can't go down here."],
    );
    assert_eq!(
        w.level().expect("a level").feature(at),
        Feature::StairsUp,
        "no down stairs says nothing of up stairs"
    );
    see(
        &mut w,
        &room,
        at,
        &status(4, 11),
        &["You can't go up here."],
    );
    assert_eq!(w.level().expect("a level").feature(at), Feature::Floor);
}

#[test]
fn a_kill_whose_square_shows_another_corpse_left_none() {
    let mut w = World::default();
    let room = ["|...|", "|...|", "-----"];
    see(&mut w, &room, Pos::new(3, 1), &status(1, 10), &[]);
    w.observe(&Action::Fight { dir: crate::Dir::W });
    see(
        &mut w,
        &room,
        Pos::new(3, 1),
        &status(1, 11),
        &["You kill the iguana!"],
    );
    w.observe(&Action::Fight { dir: crate::Dir::E });
    see(
        &mut w,
        &room,
        Pos::new(3, 1),
        &status(1, 12),
        &["You kill the newt!"],
    );
    assert_eq!(w.kills.len(), 2);
    see(
        &mut w,
        &room,
        Pos::new(2, 1),
        &status(1, 13),
        &["You see here a homunculus corpse."],
    );
    assert!(
        w.kills[0].no_corpse,
        "the iguana's square shows another corpse"
    );
    assert!(!w.kills[1].no_corpse, "the newt died elsewhere");
    see(
        &mut w,
        &room,
        Pos::new(4, 1),
        &status(1, 14),
        &["You see here a newt corpse."],
    );
    assert!(!w.kills[1].no_corpse, "its own corpse");
    // Eaten: the corpse is gone, whatever a pile's listing from before says.
    see(
        &mut w,
        &room,
        Pos::new(4, 1),
        &status(1, 20),
        &[
            "This newt corpse tastes okay.",
            "You finish eating the newt corpse.",
        ],
    );
    assert!(w.kills[1].no_corpse, "eaten");
}

/// A rotten corpse goes in one turn with no "You finish eating": the next eat from the floor
/// finds nothing, and the kill's corpse is known gone (an eat of pack food by letter says
/// nothing about the floor).
#[test]
fn an_eat_from_the_floor_that_finds_no_food_marks_the_kills_here_eaten() {
    let mut w = World::default();
    let room = ["|....|", "|....|", "------"];
    see(&mut w, &room, Pos::new(2, 1), &status(1, 10), &[]);
    w.observe(&Action::Fight { dir: crate::Dir::E });
    see(
        &mut w,
        &room,
        Pos::new(2, 1),
        &status(1, 11),
        &["You kill the giant ant!"],
    );
    w.observe(&Action::Move { dir: crate::Dir::E });
    see(&mut w, &room, Pos::new(3, 1), &status(1, 12), &[]);
    assert_eq!(w.kills[0].pos, Some(Pos::new(3, 1)));
    w.observe(&Action::Eat { item: Some('m') });
    see(
        &mut w,
        &room,
        Pos::new(3, 1),
        &status(1, 13),
        &["You don't have anything to eat."],
    );
    assert!(
        !w.kills[0].no_corpse,
        "a pack eat says nothing of the floor"
    );
    w.observe(&Action::Eat { item: None });
    see(
        &mut w,
        &room,
        Pos::new(3, 1),
        &status(1, 13),
        &["You don't have anything to eat."],
    );
    assert!(w.kills[0].no_corpse, "nothing to eat here");
}

#[test]
fn a_monster_seen_killed_leaves_a_dated_corpse_only_when_its_square_is_certain() {
    let mut w = World::default();
    see(
        &mut w,
        &["|....|", "|.:..|", "------"],
        Pos::new(4, 1),
        &status(1, 10),
        &[],
    );
    // The newt's square shows a corpse now: the kill is dated and placed.
    see(
        &mut w,
        &["|....|", "|.%..|", "------"],
        Pos::new(4, 1),
        &status(1, 11),
        &["The newt is killed!  You hear some noises."],
    );
    assert_eq!(
        w.kills,
        vec![Kill {
            turn: 11,
            name: "newt".into(),
            pos: Some(Pos::new(2, 1)),
            level: Some(0),
            in_pile: false,
            by_us: false,
            no_corpse: false,
            vanished: Vec::new(),
        }]
    );
    // Two monsters gone at once: which one died is not certain, so no square.
    see(
        &mut w,
        &["|:..:|", "|.%..|", "------"],
        Pos::new(3, 1),
        &status(1, 12),
        &[],
    );
    see(
        &mut w,
        &["|%..%|", "|.%..|", "------"],
        Pos::new(3, 1),
        &status(1, 13),
        &["The newt is killed!"],
    );
    assert_eq!(w.kills[1].pos, None);
    // Both vanished on a `%`: kept for a reader that can tell them apart by glyph.
    let gone: Vec<(Pos, char)> = w.kills[1].vanished.iter().map(|v| (v.pos, v.ch)).collect();
    assert_eq!(gone, vec![(Pos::new(1, 0), ':'), (Pos::new(4, 0), ':')]);
    // A certain square needs no list.
    assert!(w.kills[0].vanished.is_empty());
    // A monster gone with no corpse where it stood (it walked out of view): no square.
    see(
        &mut w,
        &["|%.:%|", "|.%..|", "------"],
        Pos::new(2, 1),
        &status(1, 14),
        &[],
    );
    see(
        &mut w,
        &["|%..%|", "|.%..|", "------"],
        Pos::new(2, 1),
        &status(1, 15),
        &["The kobold zombie is destroyed!"],
    );
    assert_eq!(
        (w.kills[2].name.as_str(), w.kills[2].pos),
        ("kobold zombie", None)
    );
    assert!(w.kills[2].vanished.is_empty(), "no `%` where it stood");
    assert_eq!(w.kills.len(), 3);
}

#[test]
fn shopkeeper_next_to_door_marks_it_and_monster_info_sticks() {
    let mut w = World::default();
    see(
        &mut w,
        &["|...|", "|..@+", "-----"],
        Pos::new(1, 1),
        &status(1, 1),
        &[],
    );
    assert_eq!(
        w.level()
            .and_then(|l| l.at(Pos::new(4, 1)))
            .map(|s| s.shop_door),
        Some(true)
    );
    w.observe(crate::Event::Farlook {
        at: Pos::new(3, 1),
        answer: &crate::Farlook {
            name: "Asidonhopo, the shopkeeper".into(),
            peaceful: true,
            tame: false,
            statue: false,
        },
    });
    see(
        &mut w,
        &["|..@|", "|...+", "-----"],
        Pos::new(1, 1),
        &status(1, 2),
        &[],
    );
    assert_eq!(w.monsters[0].peaceful, Some(true));
    assert!(w.monsters[0].is_shopkeeper());
}

#[test]
fn engulfing_does_not_overwrite_the_map() {
    let mut w = World::default();
    see(
        &mut w,
        &["|....|", "|....|", "------"],
        Pos::new(2, 1),
        &status(1, 1),
        &[],
    );
    see(
        &mut w,
        &["|/-\\.|", "||@|.|", "|\\-/.|"],
        Pos::new(2, 1),
        &status(1, 2),
        &["The fog cloud engulfs you!"],
    );
    let level = w.level().expect("level");
    assert_eq!(level.feature(Pos::new(1, 0)), Feature::Floor);
    assert_eq!(level.feature(Pos::new(3, 1)), Feature::Floor);
}

#[test]
fn bumping_twice_into_an_unseen_obstacle_blocks_the_square() {
    let mut w = World::default();
    let room = ["|....|", "|....|", "------"];
    see(&mut w, &room, Pos::new(2, 1), &status(1, 1), &[]);
    for turn in [1, 1] {
        w.observe(&Action::Move { dir: crate::Dir::E });
        see(&mut w, &room, Pos::new(2, 1), &status(1, turn), &[]);
    }
    assert_eq!(
        w.level()
            .and_then(|l| l.at(Pos::new(3, 1)))
            .map(|s| s.bumps),
        Some(2)
    );
    assert_eq!(w.path_to(&[Pos::new(3, 1)]), None);
    // A move that took time (held by a trap) or said something teaches nothing.
    w.observe(&Action::Move { dir: crate::Dir::W });
    see(&mut w, &room, Pos::new(2, 1), &status(1, 2), &[]);
    see(
        &mut w,
        &room,
        Pos::new(2, 1),
        &status(1, 2),
        &["You are stuck to the web."],
    );
    assert_eq!(
        w.level()
            .and_then(|l| l.at(Pos::new(1, 1)))
            .map(|s| s.bumps),
        Some(0)
    );
}

#[test]
fn diagonal_refusal_reveals_a_door() {
    let mut w = World::default();
    see(
        &mut w,
        &["|....|", "|....|", "--.---"],
        Pos::new(2, 2),
        &status(1, 1),
        &[],
    );
    w.observe(&Action::Move {
        dir: crate::Dir::NE,
    });
    see(
        &mut w,
        &["|....|", "|....|", "--.---"],
        Pos::new(2, 2),
        &status(1, 1),
        &["You can't move diagonally out of an intact doorway."],
    );
    assert_eq!(w.feature_here(), Feature::OpenDoor);
}

#[test]
fn statues_and_hidden_stairs_are_learnt_from_messages() {
    let mut w = World::default();
    let room = ["|....|", "|..x.|", "------"];
    see(&mut w, &room, Pos::new(2, 1), &status(1, 1), &[]);
    assert_eq!(w.monsters.len(), 1);
    w.observe(&Action::Fight { dir: crate::Dir::E });
    see(
        &mut w,
        &room,
        Pos::new(2, 1),
        &status(1, 2),
        &["You harmlessly attack a statue."],
    );
    assert!(w.monsters.is_empty(), "{:?}", w.monsters);
    see(&mut w, &room, Pos::new(2, 1), &status(1, 3), &[]);
    assert!(w.monsters.is_empty(), "the statue stays a statue");
    assert_eq!(w.path_to(&[Pos::new(3, 1)]), None);
    let items = ["|....|", "|.[x.|", "------"];
    w.observe(&Action::Move { dir: crate::Dir::N });
    see(&mut w, &items, Pos::new(2, 0), &status(1, 4), &[]);
    w.observe(&Action::Move { dir: crate::Dir::S });
    see(
        &mut w,
        &["|....|", "|.@x.|", "------"],
        Pos::new(2, 1),
        &status(1, 5),
        &[
            "There is a staircase down here.",
            "You see here a ring mail.",
        ],
    );
    assert_eq!(w.feature_here(), Feature::StairsDown);
}

#[test]
fn menus_over_the_map_are_not_read_as_terrain() {
    let mut w = World::default();
    let room = ["|....|", "|.d..|", "------"];
    see(&mut w, &room, Pos::new(1, 1), &status(1, 1), &[]);
    let menu = grid(&["|... Weapons", "|.d. a - a +1 long sword", "----"], &[]);
    w.observe(Observation {
        map: &menu,
        player: Some(Pos::new(1, 1)),
        status: Some(&status(1, 1)),
        messages: &[],
        cursor_on_map: false,
    });
    let level = w.level().expect("level");
    assert_eq!(level.feature(Pos::new(4, 1)), Feature::Floor);
    assert_eq!(level.feature(Pos::new(9, 1)), Feature::Unknown);
    assert_eq!(
        w.monsters.len(),
        1,
        "the jackal is still remembered: {:?}",
        w.monsters
    );
    assert_eq!(
        w.view.get(Pos::new(5, 0)).map(|c| c.ch),
        Some('|'),
        "view keeps the map"
    );
}

#[test]
fn stats_serialize() {
    let mut w = World::default();
    see(
        &mut w,
        &["|....|", "|....|", "--.---"],
        Pos::new(1, 1),
        &status(1, 1),
        &[],
    );
    let json = serde_json::to_string(&w.level_stats()).unwrap_or_default();
    assert!(json.contains("\"squares_seen\":"), "{json}");
    assert!(json.contains("\"doors_found\":1"), "{json}");
}

#[test]
fn the_pet_is_known_from_turn_one_and_follows_downstairs() {
    let mut w = World::default();
    obs(
        &mut w,
        &white(&["|.>...|", "|..d..|"]),
        Pos::new(2, 0),
        &status(1, 1),
    );
    assert!(w.monsters[0].tame, "{:?}", w.monsters);
    assert_eq!(w.path_opts().blocked, vec![], "a pet never blocks");
    w.observe(&Action::Move { dir: crate::Dir::E });
    obs(
        &mut w,
        &white(&["|..@..|", "|...d.|"]),
        Pos::new(3, 0),
        &status(1, 2),
    );
    assert!(w.monsters[0].tame);
    w.observe(&Action::Descend);
    obs(
        &mut w,
        &white(&["", "", "   ...", "   .d."]),
        Pos::new(4, 2),
        &status(2, 3),
    );
    assert_eq!(w.level().map(|l| l.depth), Some(2));
    assert!(w.monsters[0].tame, "the pet came along");
}

#[test]
fn a_door_we_remember_closed_is_open_when_something_lies_in_it() {
    let mut w = World::default();
    see(
        &mut w,
        &["|...+", "-----"],
        Pos::new(1, 0),
        &status(1, 1),
        &[],
    );
    assert_eq!(
        w.level().map(|l| l.feature(Pos::new(4, 0))),
        Some(Feature::ClosedDoor)
    );
    see(
        &mut w,
        &["|...%", "-----"],
        Pos::new(1, 0),
        &status(1, 2),
        &[],
    );
    assert_eq!(
        w.level().map(|l| l.feature(Pos::new(4, 0))),
        Some(Feature::OpenDoor)
    );
}

#[test]
fn repeating_a_useless_action_gives_its_target_up() {
    let mut w = World::default();
    let room = ["|...+", "-----"];
    see(&mut w, &room, Pos::new(3, 0), &status(1, 1), &[]);
    for _ in 0..crate::learn::STUCK_REPEATS {
        w.observe(&Action::Open { dir: crate::Dir::E });
        see(
            &mut w,
            &room,
            Pos::new(3, 0),
            &status(1, 1),
            &["The door is stuck."],
        );
    }
    assert_eq!(
        w.path_to(&[Pos::new(4, 0)]),
        None,
        "given up after repeated failures"
    );
    w.observe(&Action::Open { dir: crate::Dir::E });
    see(
        &mut w,
        &room,
        Pos::new(3, 0),
        &status(1, 1),
        &["This door is already open."],
    );
    assert_eq!(
        w.level().map(|l| l.feature(Pos::new(4, 0))),
        Some(Feature::OpenDoor)
    );
}

#[test]
fn a_cursor_one_off_the_hero_is_corrected() {
    let mut w = World::default();
    let map = grid(&["|.@-.|"], &[]);
    w.observe(Observation {
        map: &map,
        player: Some(Pos::new(3, 0)),
        status: Some(&status(1, 1)),
        messages: &[],
        cursor_on_map: true,
    });
    assert_eq!(w.player, Pos::new(2, 0));
    assert!(
        w.monsters.is_empty(),
        "the hero is not a monster: {:?}",
        w.monsters
    );
}

/// Seed 19's loop: a refused step (it said something, so it is no silent bump) alternated
/// with reading the engraving here (`:`, no time). The look must not reset the count of
/// refused steps, or the square is never given up.
#[test]
fn refused_steps_count_across_looks() {
    let mut w = World::default();
    let room = ["|....|", "|....|", "------"];
    see(&mut w, &room, Pos::new(2, 1), &status(1, 1), &[]);
    for _ in 0..crate::learn::STUCK_REPEATS {
        w.observe(&Action::Move { dir: crate::Dir::E });
        see(
            &mut w,
            &room,
            Pos::new(2, 1),
            &status(1, 1),
            &["You cannot pass that way."],
        );
        w.observe(&Action::Keys { keys: ":".into() });
        see(
            &mut w,
            &room,
            Pos::new(2, 1),
            &status(1, 1),
            &["You read: \"Elbereth\"."],
        );
    }
    let bumps = w
        .level()
        .and_then(|l| l.at(Pos::new(3, 1)))
        .map(|s| s.bumps);
    assert_eq!(bumps, Some(2));
}

/// A hole our boulder plugged is floor, though a monster stood on it the moment we looked
/// (the map kept the hole remembered, and the prize's path found no way: seed 8's top level).
#[test]
fn a_hole_our_boulder_plugged_is_floor_under_a_monster() {
    let mut w = World::default();
    see(&mut w, &["|.@0^.|"], Pos::new(2, 0), &status(1, 1), &[]);
    assert_eq!(w.level().unwrap().feature(Pos::new(4, 0)), Feature::Trap);
    w.observe(&Action::Move { dir: crate::Dir::E });
    see(
        &mut w,
        &["|..@f.|"],
        Pos::new(3, 0),
        &status(1, 2),
        &["The boulder falls into and plugs a hole in the floor!"],
    );
    assert_eq!(w.level().unwrap().feature(Pos::new(4, 0)), Feature::Floor);
}

/// Seed 8 of the bench: a statue of a kobold drawn as a `k`; farlook said "(a statue of a
/// kobold)", yet the world kept it as a hostile monster and the bot "attacked" it (stepped on
/// it) 1783 times.
#[test]
fn a_statue_farlook_names_is_no_monster() {
    let mut w = World::default();
    let room = ["|.....|", "|.k.@.|", "-------"];
    see(&mut w, &room, Pos::new(4, 1), &status(1, 5), &[]);
    assert_eq!(w.monsters.len(), 1);
    let answer =
        crate::parse_farlook("k        a kobold or a boulder or statue (a statue of a kobold)")
            .unwrap();
    w.observe(crate::Event::Farlook {
        at: Pos::new(2, 1),
        answer: &answer,
    });
    assert_eq!(w.monsters, vec![], "a statue is no monster");
    see(&mut w, &room, Pos::new(4, 1), &status(1, 6), &[]);
    assert_eq!(w.monsters, vec![], "nor on the next frame");
    // We step on it and off again: still a statue.
    see(
        &mut w,
        &["|.....|", "|.@...|", "-------"],
        Pos::new(2, 1),
        &status(1, 8),
        &[],
    );
    see(
        &mut w,
        &["|.....|", "|.k@..|", "-------"],
        Pos::new(3, 1),
        &status(1, 9),
        &[],
    );
    assert_eq!(w.monsters, vec![]);
    // A different monster standing there is a monster.
    see(
        &mut w,
        &["|.....|", "|.d@..|", "-------"],
        Pos::new(3, 1),
        &status(1, 10),
        &[],
    );
    assert_eq!(w.monsters.len(), 1);
    // The statue is gone (broken): a `k` there later is a monster.
    see(
        &mut w,
        &["|.....|", "|..@..|", "-------"],
        Pos::new(3, 1),
        &status(1, 11),
        &[],
    );
    see(
        &mut w,
        &["|.....|", "|.k@..|", "-------"],
        Pos::new(3, 1),
        &status(1, 12),
        &[],
    );
    assert_eq!(w.monsters.len(), 1);
}

/// Stepping on a statue ("You see here a statue of a jackal.", seeds 19 and 33) tells the
/// square holds one: the `d` shown there once we step off is no monster.
#[test]
fn a_statue_seen_here_is_no_monster() {
    let mut w = World::default();
    see(
        &mut w,
        &["|.....|", "|..@..|", "-------"],
        Pos::new(3, 1),
        &status(1, 5),
        &["You see here a statue of a jackal."],
    );
    see(
        &mut w,
        &["|.....|", "|..d@.|", "-------"],
        Pos::new(4, 1),
        &status(1, 6),
        &[],
    );
    assert_eq!(w.monsters, vec![]);
}

/// The pet keeps up with us: after a travel or a search of several turns it may be more than
/// three squares from where it was (seed 7: the bot attacked its little dog from turn 34).
#[test]
fn the_pet_stays_tame_when_it_moves_far() {
    let mut w = World::default();
    obs(
        &mut w,
        &white(&["|..@.......|", "|...d......|"]),
        Pos::new(3, 0),
        &status(1, 1),
    );
    assert!(w.monsters[0].tame);
    w.observe(&Action::Search { count: 5 });
    obs(
        &mut w,
        &white(&["|..@.......|", "|.........d|"]),
        Pos::new(3, 0),
        &status(1, 6),
    );
    assert_eq!(w.monsters.len(), 1);
    assert!(w.monsters[0].tame, "{:?}", w.monsters);
}

#[test]
fn a_travel_that_leads_away_is_walked_instead() {
    // A long corridor: our path to its east end goes east; the game's travel took us west
    // (it avoids a trap we do not count, or it guessed).
    let mut w = World::default();
    let row = [
        "..............................",
        "------------------------------",
    ];
    let target = Pos::new(29, 0);
    see(&mut w, &row, Pos::new(10, 0), &status(1, 1), &[]);
    let path = w.path_to(&[target]).expect("a path east");
    assert!(
        matches!(w.step_along(&path), Action::Travel { .. }),
        "a long clear path is travelled"
    );
    w.observe(&Action::Travel { to: target });
    see(&mut w, &row, Pos::new(9, 0), &status(1, 2), &[]);
    let path = w.path_to(&[target]).expect("a path east");
    assert_eq!(
        w.step_along(&path),
        Action::Move { dir: crate::Dir::E },
        "travel went the other way: walk"
    );
    // Arriving forgets it.
    see(&mut w, &row, target, &status(1, 40), &[]);
    assert!(w.level().unwrap().travel_astray.is_empty());
}

#[test]
fn paths_never_go_through_a_floating_eye() {
    // A blue `e` in a one-square-wide passage: never walked into (that is a melee blow, and
    // its passive gaze paralyses), so there is no path.
    let rows = ["-------", "|.@e..|", "-------"];
    let at = |color: char| {
        let mut w = World::default();
        let colors = [
            "       ".to_string(),
            format!("   {color}   "),
            "       ".to_string(),
        ];
        let colors: Vec<&str> = colors.iter().map(String::as_str).collect();
        obs(&mut w, &grid(&rows, &colors), Pos::new(2, 1), &status(1, 1));
        assert!(w.monsters.iter().any(|m| m.ch == 'e'), "{:?}", w.monsters);
        w.path_to(&[Pos::new(5, 1)])
    };
    assert_eq!(at('4'), None, "through a floating eye");
    // Another `e` (a gray gas spore) costs a fight but is no wall.
    assert!(at('7').is_some());
}

/// Seed 99: a kick at a locked door in Minetown ("WHAMMM!!") called the watch down on us.
/// Where the watch is, a locked door is a wall.
#[test]
fn locked_doors_are_not_kicked_where_the_watch_is() {
    let mut w = World::default();
    let rows = ["|...|....", "|...+....", "-----...."];
    see(&mut w, &rows, Pos::new(3, 1), &status(3, 10), &[]);
    w.observe(&Action::Open { dir: crate::Dir::E });
    see(
        &mut w,
        &rows,
        Pos::new(3, 1),
        &status(3, 11),
        &["This door is locked."],
    );
    let beyond = [Pos::new(6, 1)];
    let path = w.path_to(&beyond).expect("through the locked door");
    assert_eq!(w.step_along(&path), Action::Kick { dir: crate::Dir::E });
    // A watchman comes into view, named by farlook.
    let watched = ["|...|....", "|...+..@.", "-----...."];
    see(&mut w, &watched, Pos::new(3, 1), &status(3, 12), &[]);
    if let Some(m) = w.monsters.iter_mut().find(|m| m.ch == '@') {
        m.name = Some("peaceful watchman".into());
    }
    assert!(w.watched());
    assert_eq!(w.path_to(&beyond), None, "no way through but the kick");
}

/// A dagger thrown from afar kills a jackal: its corpse is placed where the jackal stood, so the
/// food leaves can date it (the missiles helper found such kills went uneaten).
#[test]
fn a_kill_by_a_thrown_dagger_is_placed_where_the_monster_stood() {
    let mut w = World::default();
    see(
        &mut w,
        &["|.......|", "|.@...d.|", "---------"],
        Pos::new(2, 1),
        &status(1, 10),
        &[],
    );
    w.observe(&Action::Throw {
        item: 'b',
        dir: crate::Dir::E,
    });
    see(
        &mut w,
        &["|.......|", "|.@...%.|", "---------"],
        Pos::new(2, 1),
        &status(1, 11),
        &["You kill the jackal!"],
    );
    assert_eq!(w.kills.last().and_then(|k| k.pos), Some(Pos::new(6, 1)));
}

#[test]
fn a_zap_message_remembers_the_zapper_until_the_level_changes() {
    let mut w = World::default();
    let rows = ["------", "|.G.@|", "------"];
    see(&mut w, &rows, Pos::new(4, 1), &status(3, 10), &[]);
    assert!(w.zaps.is_empty());
    see(
        &mut w,
        &rows,
        Pos::new(4, 1),
        &status(3, 11),
        &[
            "The gnome zaps a wand of magic missile!",
            "The magic missile hits you!",
        ],
    );
    assert_eq!(w.zaps.len(), 1);
    let z = &w.zaps[0];
    assert_eq!(z.zapper.as_deref(), Some("gnome"));
    assert!(z.attack && z.hit_us);
    assert_eq!((z.turn, z.hero), (11, Pos::new(4, 1)));
    // A later frame without the message adds nothing.
    see(&mut w, &rows, Pos::new(4, 1), &status(3, 12), &[]);
    assert_eq!(w.zaps.len(), 1);
    // The zappers met were of the level left.
    see(&mut w, &rows, Pos::new(4, 1), &status(4, 13), &[]);
    assert!(w.zaps.is_empty());
}

#[test]
fn the_experience_level_is_kept_while_a_polymorphed_form_shows_its_hit_dice() {
    let line = |xp: &str| {
        nhbot_screen::status::parse_status(
            "Nhbot the Fighter    St:18/50 Dx:14 Co:18 In:7 Wi:10 Ch:7 Neutral",
            &format!("Dlvl:3 $:120 HP:40(75) Pw:5(5) AC:4 {xp} T:22700"),
        )
        .expect("a status line")
    };
    let rows = ["------", "|...@|", "------"];
    let mut w = World::default();
    see(&mut w, &rows, Pos::new(4, 1), &line("Xp:9/2600"), &[]);
    assert_eq!((w.status.xl, w.experience_level), (9, 9));
    see(&mut w, &rows, Pos::new(4, 1), &line("HD:5"), &[]);
    assert!(w.status.polymorphed);
    assert_eq!(
        (w.status.xl, w.experience_level),
        (5, 9),
        "the form's dice, the hero's level"
    );
    see(&mut w, &rows, Pos::new(4, 1), &line("Xp:8/2500"), &[]);
    assert_eq!(
        w.experience_level, 8,
        "a drained level shows once the form ends"
    );
}
