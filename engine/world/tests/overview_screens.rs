//! The game's overview (`^O`) and special levels, from screens recorded on the real NetHack
//! 3.6.6 in wizard mode (seed 1: the Mines branch from Dungeons 3, Minetown on Dlvl 7, the Oracle
//! on 8; each fixture was cut with the session's `contents_formatted()` after level teleports,
//! `^F` maps and `^O`). Wizard mode adds the `[proto]` of special levels: the game's own ground
//! truth, which the bot's recognition must match without using it.

use nhbot_screen::{scrape, Frame, Screen, Terminal};
use nhbot_world::*;

fn screen(name: &str) -> Screen {
    let path = format!("{}/tests/fixtures/{name}.bin", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let mut term = Terminal::new();
    term.feed(&bytes);
    term.screen().clone()
}

/// The overview window's lines as the agent hands them to the world.
fn overview_lines(name: &str) -> Vec<String> {
    let frame = scrape(&screen(name));
    let menu = frame.menu.expect("the overview is a text window");
    menu.title
        .into_iter()
        .chain(menu.items.into_iter().map(|i| i.text))
        .collect()
}

fn observe(world: &mut World, screen: &Screen, frame: &Frame) {
    world.observe(Observation {
        map: screen.map_cells(),
        player: frame.player,
        status: frame.status.as_ref(),
        messages: &frame.messages,
        cursor_on_map: frame.menu.is_none() && frame.prompt.is_none() && !frame.more,
    });
}

fn observe_fixture(world: &mut World, name: &str) {
    let s = screen(name);
    let frame = scrape(&s);
    observe(world, &s, &frame);
}

#[test]
fn the_overview_window_is_read_level_by_level() {
    let lines = overview_lines("ov_oracle1");
    let o = parse_overview(&lines);
    let names: Vec<&str> = o.dungeons.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(
        names,
        ["The Dungeons of Doom", "The Gnomish Mines"],
        "{lines:?}"
    );
    let doom = &o.dungeons[0];
    assert_eq!(doom.levels, Some((1, 9)));
    let depths: Vec<(i32, bool)> = doom.entries.iter().map(|e| (e.depth, e.here)).collect();
    assert_eq!(depths, [(2, false), (8, false), (9, true)]);
    assert_eq!(doom.entries[0].facts.fountains, 1);
    assert_eq!(doom.entries[1].facts.fountains, 3, "many fountains");
    assert_eq!(doom.entries[1].facts.proto.as_deref(), Some("oracle"));
    let here = &doom.entries[2].facts;
    assert_eq!((here.fountains, here.graves), (2, 1));
    let mines = &o.dungeons[1];
    assert_eq!(mines.levels, Some((4, 7)));
    assert_eq!(mines.entries[0].depth, 7);
    assert_eq!(
        mines.entries[0]
            .facts
            .proto
            .as_deref()
            .and_then(Special::from_proto),
        Some(Special::Minetown)
    );
}

#[test]
fn a_short_overview_in_the_corner_of_the_map() {
    let o = parse_overview(&overview_lines("ov_doom4"));
    assert_eq!(o.dungeons.len(), 1);
    let doom = &o.dungeons[0];
    assert_eq!(
        (doom.branch, doom.levels),
        (Some(Branch::Doom), Some((1, 4)))
    );
    let entries: Vec<(i32, bool, u8)> = doom
        .entries
        .iter()
        .map(|e| (e.depth, e.here, e.facts.fountains))
        .collect();
    assert_eq!(entries, [(2, false, 1), (4, true, 0)]);
}

#[test]
fn a_teleport_into_minetown_is_put_in_the_mines_by_the_overview_and_recognised() {
    let mut world = World::default();
    observe_fixture(&mut world, "minetown_mapped");
    let level = world.level().expect("a level");
    assert_eq!(level.depth, 7);
    // Doors and corridors: by its look alone the bot takes Minetown for the Dungeons.
    assert_ne!(level.branch, Branch::Mines);
    world.observe(Event::Overview(&overview_lines("ov_minetown")));
    assert!(world.overview_is_fresh());
    let level = world.level().expect("a level");
    assert_eq!((level.branch, level.depth), (Branch::Mines, 7));
    assert_eq!(world.dungeon.mines_top(), Some(4), "levels 4 to 7");
    observe_fixture(&mut world, "minetown_mapped");
    let id = world.dungeon.current.expect("current");
    assert_eq!(world.dungeon.special_level(Special::Minetown), Some(id));
    let doom4 = world.dungeon.find(Branch::Doom, 4).expect("Doom 4 listed");
    assert!(world.dungeon.levels[doom4].facts.in_overview);
}

#[test]
fn the_mapped_oracle_level_is_recognised_by_her_fountains() {
    let mut world = World::default();
    observe_fixture(&mut world, "oracle_mapped");
    let id = world.dungeon.current.expect("a level");
    assert_eq!(world.dungeon.levels[id].depth, 8);
    assert_eq!(world.dungeon.special_level(Special::Oracle), Some(id));
    assert_eq!(world.dungeon.levels[id].branch, Branch::Doom);
    assert_eq!(world.dungeon.oracle_depth(), Some(8));
    assert_eq!(
        world.dungeon.place_of(Special::SokobanEntrance),
        Some((Branch::Doom, 9))
    );
    // The overview (wizard mode) names the same level the Oracle's.
    world.observe(Event::Overview(&overview_lines("ov_oracle")));
    let id = world.dungeon.current.expect("a level");
    assert_eq!(
        world.dungeon.levels[id].facts.proto.as_deref(),
        Some("oracle")
    );
    assert_eq!(world.dungeon.levels[id].facts.fountains, 3);
}

#[test]
fn levels_without_the_oracle_are_not_taken_for_hers() {
    // Dlvl 9 (two fountains) and Minetown (two fountains, at depth 7).
    for name in ["oracle1_mapped", "minetown_mapped"] {
        let mut world = World::default();
        observe_fixture(&mut world, name);
        assert_eq!(world.dungeon.special_level(Special::Oracle), None, "{name}");
    }
}
