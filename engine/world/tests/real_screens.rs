//! The world model fed with screens recorded from the real NetHack 3.6.6 (copied from the screen
//! crate's fixtures; see engine/screen/tests/fixtures/README.md for how they were made).

use nhbot_screen::{scrape, Frame, Screen, Terminal};
use nhbot_world::explore::frontier;
use nhbot_world::*;

fn screen(name: &str) -> Screen {
    let path = format!("{}/tests/fixtures/{name}.bin", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let mut term = Terminal::new();
    term.feed(&bytes);
    term.screen().clone()
}

fn observe(world: &mut World, screen: &Screen, frame: &Frame) {
    world.observe(Observation {
        map: screen.map_cells(),
        player: frame.player,
        status: frame.status.as_ref(),
        messages: &frame.messages,
        cursor_on_map: frame.menu.is_none() && frame.prompt.is_none(),
    });
}

#[test]
fn start_screen_room_doorway_monsters_and_objects() {
    let screen = screen("start_status");
    let frame = scrape(&screen);
    let mut world = World::default();
    observe(&mut world, &screen, &frame);
    assert_eq!(world.player, Pos::new(36, 9));
    let level = world.level().expect("a level");
    assert_eq!((level.branch, level.depth), (Branch::Doom, 1));
    assert_eq!(
        world.feature_here(),
        Feature::StairsUp,
        "games start on the up stairs"
    );
    assert_eq!(level.feature(Pos::new(32, 6)), Feature::Doorway);
    assert_eq!(level.feature(Pos::new(32, 7)), Feature::Wall);
    assert_eq!(level.feature(Pos::new(41, 11)), Feature::Wall);
    assert_eq!(level.feature(Pos::new(35, 8)), Feature::Floor);
    assert_eq!(
        level
            .at(Pos::new(34, 9))
            .and_then(|s| s.object)
            .map(|c| c.ch),
        Some('?')
    );
    let mut seen: Vec<(char, Pos)> = world.monsters.iter().map(|m| (m.ch, m.pos)).collect();
    seen.sort();
    assert_eq!(seen, vec![('F', Pos::new(33, 10)), ('f', Pos::new(36, 10))]);
    let kitten = world.monsters.iter().find(|m| m.ch == 'f').expect("kitten");
    assert!(kitten.tame, "the kitten next to us on turn 1 is our pet");
    let lichen = world.monsters.iter().find(|m| m.ch == 'F').expect("lichen");
    assert!(lichen.maybe_hostile());
    assert_eq!(frontier(level), vec![Pos::new(32, 6)]);
    let path = world
        .path_to(&frontier(level))
        .expect("a way to the frontier");
    assert_eq!(path.target(), Pos::new(32, 6));
    // Monsters in view (a lichen, the kitten): walk, don't travel.
    let step = world.step_along(&path);
    assert!(matches!(step, Action::Move { .. }), "{step:?}");
}

#[test]
fn inventory_menus_parse_into_items() {
    let frame = scrape(&screen("inv_single"));
    let items = parse_inventory_menu(&frame.menu.expect("menu").items);
    let summary: Vec<(char, &str, &str)> = items
        .iter()
        .map(|i| (i.letter, i.class.as_str(), i.name.as_str()))
        .collect();
    assert_eq!(
        summary,
        vec![
            ('a', "Weapons", "long sword"),
            ('b', "Weapons", "dagger"),
            ('c', "Armor", "small shield"),
            ('d', "Comestibles", "food ration"),
        ]
    );
    assert!(items[0].wielded && items[2].worn);
    assert_eq!(items[2].enchantment, Some(3));

    let page1 = parse_inventory_menu(&scrape(&screen("inv_multi_p1")).menu.expect("menu").items);
    let arrows = page1.iter().find(|i| i.letter == 'l').expect("arrows");
    assert_eq!((arrows.count, arrows.name.as_str()), (10, "arrows"));
    let scrolls = page1.iter().find(|i| i.letter == 'w').expect("scrolls");
    assert_eq!((scrolls.count, scrolls.class.as_str()), (2, "Scrolls"));
    let page2 = parse_inventory_menu(&scrape(&screen("inv_multi_p2")).menu.expect("menu").items);
    let rocks = page2.iter().find(|i| i.letter == 'v').expect("rocks");
    assert_eq!((rocks.count, rocks.class.as_str()), (7, "Gems/Stones"));
}

/// Farlook answers as the real game draws them: the pet (seed 7, `;l.`), and the floor (a long
/// answer with --More--, from the screen crate's fixtures) which is not a monster.
#[test]
fn farlook_answers_on_real_screens() {
    let pet = scrape(&screen("farlook_pet"));
    let found = pet
        .messages
        .iter()
        .find_map(|m| parse_farlook(m))
        .expect("a farlook answer");
    assert_eq!(
        found,
        Farlook {
            name: "little dog".into(),
            peaceful: true,
            tame: true,
            statue: false,
        }
    );
    assert_eq!(parse_farlook(&pet.top_line), Some(found));
    let floor = scrape(&screen("farlook_floor_more"));
    assert!(
        floor.top_line.contains("floor of a room"),
        "{:?}",
        floor.top_line
    );
    assert!(floor.messages.iter().all(|m| parse_farlook(m).is_none()));
}
