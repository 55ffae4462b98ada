//! The map memory through the world's one entry point (`World::observe`): piles of objects
//! from a recorded look and from message sequences, rooms and shops, trap kinds, lines of
//! fire, paths and stairs.

use nhbot_screen::{scrape, Terminal};
use nhbot_world::testing::grid;
use nhbot_world::*;

fn status(turn: i64) -> Status {
    Status {
        dlvl: 1,
        level_name: "Dlvl:1".into(),
        turn: Some(turn),
        hp: 16,
        hp_max: 16,
        ..Default::default()
    }
}

/// One frame of a hand-drawn map (colours as in `testing::grid`) with the hero at `at`.
fn frame(w: &mut World, rows: &[&str], colors: &[&str], at: Pos, turn: i64, messages: &[&str]) {
    let map = grid(rows, colors);
    let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
    w.observe(Observation {
        map: &map,
        player: Some(at),
        status: Some(&status(turn)),
        messages: &messages,
        cursor_on_map: true,
    });
}

fn texts(objects: &[FloorObject]) -> Vec<String> {
    objects.iter().filter_map(|o| o.text.clone()).collect()
}

/// The real game's `:` on a pile (fixture `look_here`, made with the screen crate's
/// fixtures): the window's lines reach the world as the agent's session keeps them, after
/// the frame that showed the hero on the square.
#[test]
fn a_recorded_look_lists_the_whole_pile_in_order() {
    let mut world = World::default();
    for (name, cursor_on_map) in [("start_status", true), ("look_here", false)] {
        let path = format!("{}/tests/fixtures/{name}.bin", env!("CARGO_MANIFEST_DIR"));
        let mut term = Terminal::new();
        term.feed(&std::fs::read(&path).expect("fixture"));
        let screen = term.screen();
        let frame = scrape(screen);
        // What `Session::keep_window_lines` adds to the messages when it closes the window.
        let mut messages = frame.messages.clone();
        if let Some(menu) = &frame.menu {
            messages.extend(
                menu.items
                    .iter()
                    .filter(|i| !i.header && !i.text.trim().is_empty())
                    .map(|i| i.text.trim().to_string()),
            );
        }
        world.observe(Observation {
            map: screen.map_cells(),
            player: frame.player,
            status: frame.status.as_ref(),
            messages: &messages,
            cursor_on_map,
        });
    }
    assert_eq!(world.player, Pos::new(36, 9));
    assert_eq!(
        texts(&world.objects_here()),
        ["7 rocks", "a bow", "10 arrows", "an oval amulet"]
    );
    assert!(world.objects_here().iter().all(|o| o.turn == 2));
    assert_eq!(
        world.feature_here(),
        Feature::StairsUp,
        "the look keeps the stairs"
    );
}

const ROOM: [&str; 3] = ["|.....|", "|.@.).|", "|.....|"];

#[test]
fn piles_follow_looks_pick_ups_and_the_glyph_on_the_square() {
    let mut w = World::default();
    let (left, pile) = (Pos::new(2, 1), Pos::new(4, 1));
    frame(&mut w, &ROOM, &[], left, 1, &[]);
    assert_eq!(
        w.objects_at(pile),
        vec![FloorObject {
            text: None,
            glyph: Some(')'),
            color: Some(7),
            turn: 1
        }],
        "never looked at: the glyph alone"
    );
    frame(
        &mut w,
        &["|.....|", "|...@.|", "|.....|"],
        &[],
        pile,
        2,
        &[
            "Things that are here:",
            "a dagger",
            "2 arrows",
            "a food ration",
            "The newt bites!",
        ],
    );
    let here = w.objects_here();
    assert_eq!(texts(&here), ["a dagger", "2 arrows", "a food ration"]);
    assert_eq!(here[0].glyph, Some(')'), "the top object is the one shown");
    assert_eq!(here[1].glyph, None);
    // Stepping off shows the top object again: the list stands.
    frame(
        &mut w,
        &["|.....|", "|..@).|", "|.....|"],
        &[],
        Pos::new(3, 1),
        3,
        &[],
    );
    assert_eq!(texts(&w.objects_at(pile)).len(), 3);
    // Back on it, a pick-up takes the arrows out of the pile; a wish's pack line does not.
    frame(
        &mut w,
        &["|.....|", "|...@.|", "|.....|"],
        &[],
        pile,
        4,
        &[],
    );
    w.observe(&Action::Pickup {
        what: Pick::Named("arrow".into()),
    });
    frame(
        &mut w,
        &["|.....|", "|...@.|", "|.....|"],
        &[],
        pile,
        5,
        &["g - 2 arrows."],
    );
    assert_eq!(texts(&w.objects_here()), ["a dagger", "a food ration"]);
    w.observe(&Action::Keys {
        keys: "\u{17}dagger\r".into(),
    });
    frame(
        &mut w,
        &["|.....|", "|...@.|", "|.....|"],
        &[],
        pile,
        5,
        &["h - a dagger."],
    );
    assert_eq!(texts(&w.objects_here()), ["a dagger", "a food ration"]);
    // Off again, the square shows another top object: the pile changed, only its glyph is known.
    frame(
        &mut w,
        &["|.....|", "|..@).|", "|.....|"],
        &[],
        Pos::new(3, 1),
        6,
        &[],
    );
    frame(
        &mut w,
        &["|.....|", "|..@%.|", "|.....|"],
        &[],
        Pos::new(3, 1),
        7,
        &[],
    );
    let changed = w.objects_at(pile);
    assert_eq!((changed.len(), changed[0].glyph), (1, Some('%')));
    assert_eq!(changed[0].text, None);
    // One object named on the step, then nothing left.
    frame(
        &mut w,
        &["|.....|", "|...@.|", "|.....|"],
        &[],
        pile,
        8,
        &["You see here a lichen corpse."],
    );
    assert_eq!(texts(&w.objects_here()), ["a lichen corpse"]);
    frame(
        &mut w,
        &["|.....|", "|...@.|", "|.....|"],
        &[],
        pile,
        9,
        &["You see no objects here."],
    );
    assert!(w.objects_here().is_empty());
    frame(
        &mut w,
        &["|.....|", "|..@..|", "|.....|"],
        &[],
        Pos::new(3, 1),
        10,
        &[],
    );
    assert!(w.objects_at(pile).is_empty());
}

/// A corridor to a lit shop's open door, the keeper inside.
const SHOP: [&str; 5] = [
    "            -------",
    "            |.....|",
    "  ##########-@....|",
    "            |.....|",
    "            -------",
];
const SHOP_COLORS: [&str; 5] = ["", "", "            3", "", ""];

#[test]
fn the_keepers_greeting_at_the_door_makes_the_room_beyond_a_shop() {
    let mut w = World::default();
    frame(&mut w, &SHOP, &SHOP_COLORS, Pos::new(11, 2), 10, &[]);
    assert_eq!(w.terrain(Pos::new(12, 2)), Some(Feature::OpenDoor));
    assert!(!w.in_shop(Pos::new(14, 2)), "no greeting yet");
    let mut on_door = SHOP;
    on_door[2] = "  ##########@@....|";
    frame(
        &mut w,
        &on_door,
        &[],
        Pos::new(12, 2),
        11,
        &["\"Velkommen, Agnar!  Welcome to Asidonhopo's general store!\""],
    );
    let shop = w.shop_at(Pos::new(16, 3)).expect("inside the shop");
    assert_eq!(shop.owner.as_deref(), Some("Asidonhopo"));
    assert_eq!(shop.kind.as_deref(), Some("general store"));
    for inside in [
        Pos::new(13, 1),
        Pos::new(17, 3),
        Pos::new(13, 2),
        Pos::new(12, 2),
    ] {
        assert!(w.in_shop(inside), "{inside:?} (the door too)");
    }
    for outside in [
        Pos::new(11, 2),
        Pos::new(5, 2),
        Pos::new(12, 1),
        Pos::new(30, 2),
    ] {
        assert!(!w.in_shop(outside), "{outside:?}");
    }
    let room = w.room_of(Pos::new(15, 2)).expect("a room");
    assert_eq!(w.room_of(Pos::new(17, 1)), Some(room));
    assert_eq!(
        w.room_of(Pos::new(12, 2)),
        Some(room),
        "the door opens into it"
    );
    assert_eq!(w.room_of(Pos::new(8, 2)), None, "corridor");
    assert!(w
        .level()
        .and_then(|l| l.at(Pos::new(12, 2)))
        .is_some_and(|s| s.shop_door));
}

#[test]
fn objects_for_sale_make_a_shop_of_the_room_we_stand_in() {
    let mut w = World::default();
    frame(
        &mut w,
        &["|.....|", "|..@..|", "|.....|"],
        &[],
        Pos::new(3, 1),
        5,
        &["You see here a dagger (for sale, 4 zorkmids)."],
    );
    assert!(w.in_shop(Pos::new(5, 2)));
    assert_eq!(
        w.shop_at(Pos::new(1, 0)).and_then(|s| s.owner.clone()),
        None
    );
}

#[test]
fn trap_kinds_from_messages_and_colours() {
    let mut w = World::default();
    // A cyan trap is an arrow, dart or bear trap; a blue one can only be a rust trap.
    frame(&mut w, &["|.@^.^.|"], &["   6 4"], Pos::new(2, 0), 1, &[]);
    let level = w.level().expect("level");
    assert_eq!(level.trap_kind(Pos::new(3, 0)), None);
    assert_eq!(
        level.trap_candidates(Pos::new(3, 0)),
        ["arrow trap", "dart trap", "bear trap"]
    );
    assert_eq!(level.trap_kind(Pos::new(5, 0)), Some("rust trap"));
    frame(
        &mut w,
        &["|..@.^.|"],
        &["     4"],
        Pos::new(3, 0),
        2,
        &["A bear trap closes on your foot!"],
    );
    let level = w.level().expect("level");
    assert_eq!(level.trap_kind(Pos::new(3, 0)), Some("bear trap"));
    assert_eq!(level.feature(Pos::new(3, 0)), Feature::Trap);
    assert_eq!(level.trap_candidates(Pos::new(3, 0)), ["bear trap"]);
    // A trap set off under a rock it dropped (the map shows the rock, not the `^`).
    frame(
        &mut w,
        &["|...@^.|"],
        &["     4"],
        Pos::new(4, 0),
        3,
        &["A trap door in the ceiling opens and a rock falls on your head!"],
    );
    frame(&mut w, &["|..@`^.|"], &["     4"], Pos::new(3, 0), 4, &[]);
    let level = w.level().expect("level");
    assert_eq!(level.trap_kind(Pos::new(4, 0)), Some("falling rock trap"));
    assert!(
        nhbot_world::tiles::trap_is_mild(level.at(Pos::new(4, 0)).map_or(0, |s| s.trap_color)),
        "paths may cross it"
    );
}

#[test]
fn lines_of_fire_stop_at_walls_doors_and_monsters_in_the_way() {
    let mut w = World::default();
    let rows = [
        "|.........|",
        "|.@....d..|",
        "|.........|",
        "|---+-----|",
        "|.........|",
    ];
    frame(
        &mut w,
        &rows,
        &["", "", "", "    3"],
        Pos::new(2, 1),
        1,
        &[],
    );
    assert_eq!(w.fire_dir(Pos::new(7, 1), None), Some(Dir::E));
    assert_eq!(w.fire_dir(Pos::new(7, 1), Some(4)), None, "out of range");
    assert_eq!(
        w.fire_dir(Pos::new(9, 1), None),
        None,
        "the jackal takes the missile"
    );
    assert_eq!(
        w.fire_dir(Pos::new(4, 3), None),
        Some(Dir::SE),
        "at the door itself"
    );
    assert_eq!(w.fire_dir(Pos::new(4, 4), None), None, "not on a line");
    assert!(
        !w.line_clear(Pos::new(4, 2), Pos::new(4, 4)),
        "the closed door"
    );
    assert!(
        w.can_see(Pos::new(2, 1), Pos::new(9, 1)),
        "monsters do not block sight"
    );
    assert!(!w.can_see(Pos::new(2, 2), Pos::new(2, 4)), "the wall does");
}

#[test]
fn paths_distances_and_stairs_from_the_hero() {
    let mut w = World::default();
    let rows = [
        "|.........|",
        "|.@.......|",
        "|.|||||||.|",
        "|......>..|",
        "|<........|",
    ];
    frame(&mut w, &rows, &[], Pos::new(2, 1), 5, &[]);
    assert_eq!(w.stairs_down(), Some(Pos::new(7, 3)));
    assert_eq!(w.stairs_up(), Some(Pos::new(1, 4)));
    assert_eq!(w.find(Feature::StairsDown), vec![Pos::new(7, 3)]);
    assert_eq!(w.distance(Pos::new(7, 3)), 5);
    let path = w
        .path_info(&[Pos::new(7, 3)])
        .expect("a path round the wall");
    assert_eq!(path.to, Pos::new(7, 3));
    assert_eq!(
        path.length, 7,
        "round the west end of the wall and along row 3"
    );
    assert_eq!(path.first, Dir::SW);
    assert!(path.travel, "nothing hostile in view: one travel command");
    assert_eq!(w.path_info(&[Pos::new(3, 2)]), None, "a wall");
    assert_eq!(w.terrain(Pos::new(3, 2)), Some(Feature::Wall));
    assert_eq!(w.terrain(Pos::new(90, 2)), None);
}
