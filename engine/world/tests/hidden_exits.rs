//! Where the hidden way on is, on levels recorded from the 200-game bench (/tmp/b21-final) where
//! the bot stayed thousands of turns and starved: the search odds (`nhbot_world::hidden`) must
//! rank the door that leads nowhere first. The fixtures are screens cut from the games'
//! ttyrecs (`cut_fixture`, see engine/screen/tests/fixtures/README.md).

use nhbot_world::explore::{door_exit, search_rounds, search_spots};
use nhbot_world::testing::{as_if_walked_everywhere, observe_recorded_screen};
use nhbot_world::{Feature, Level, Pos, World};

/// A world that saw the recorded screens `names`, in order.
fn recorded(names: &[&str]) -> World {
    let mut world = World::default();
    for name in names {
        let path = format!("{}/tests/fixtures/{name}.bin", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
        observe_recorded_screen(&mut world, &bytes);
    }
    world
}

/// Every spot of the loosest round (what `explore` weighs), best promise first.
fn ranked(level: &Level) -> Vec<(Pos, u32)> {
    let loosest = search_rounds().last().expect("a round");
    let mut spots = search_spots(level, loosest);
    spots.sort_by_key(|&(p, promise)| (std::cmp::Reverse(promise), p.y, p.x));
    spots
}

/// Seed 185, Dlvl 3 at T1804-1805: a 4x4 room with `<` whose only exit is the doorway at
/// (9, 12), the hero on it, then a step back in; nothing beyond. The bot searched the room's inside corners (where the
/// corridor square at (10, 12) is out of reach) for 28,000 turns. The doorway itself is the
/// spot, with a promise near certainty; the corners are far behind.
#[test]
fn seed_185_the_doorway_to_nothing_is_searched_from_the_doorway() {
    let mut world = recorded(&["seed185_doorway_t1804", "seed185_doorway_t1805"]);
    assert_eq!(world.player, Pos::new(8, 12));
    let level = world.dungeon.current_mut().expect("a level");
    assert_eq!(level.feature(Pos::new(9, 12)), Feature::Doorway);
    assert_eq!(
        level.feature(Pos::new(10, 12)),
        Feature::Rock,
        "blank next to us"
    );
    as_if_walked_everywhere(level);
    let level = world.level().expect("a level");
    assert_eq!(door_exit(level, Pos::new(9, 12)), Some(Pos::new(10, 12)));
    assert_eq!(
        door_exit(level, Pos::new(8, 12)),
        None,
        "a floor square is no door"
    );
    let spots = ranked(level);
    let (best, promise) = spots[0];
    assert_eq!(best, Pos::new(9, 12), "{spots:?}");
    assert!(promise >= 800, "{promise}‰");
    let corner = spots
        .iter()
        .find(|(p, _)| *p == Pos::new(8, 9))
        .map_or(0, |s| s.1);
    assert!(corner * 2 < promise, "corner {corner}‰ vs door {promise}‰");
}

/// Seed 39, Dlvl 5 at T6020: the bottom room's doorways at (30, 13) (east wall) and (25, 14)
/// (bottom wall) lead nowhere; the bot searched corridors for 10,000 turns. Both doorways
/// outrank every other spot (the dead end one square out of the top room's door next), and
/// searching one wears only its own promise down.
#[test]
fn seed_39_both_doorways_to_nothing_come_first() {
    let mut world = recorded(&["seed39_doorways_t6020"]);
    let level = world.dungeon.current_mut().expect("a level");
    as_if_walked_everywhere(level);
    let level = world.level().expect("a level");
    let east = Pos::new(30, 13);
    let south = Pos::new(25, 14);
    assert_eq!(door_exit(level, east), Some(Pos::new(31, 13)));
    assert_eq!(door_exit(level, south), Some(Pos::new(25, 15)));
    let spots = ranked(level);
    let top: Vec<Pos> = spots.iter().take(2).map(|s| s.0).collect();
    assert!(
        top.contains(&east) && top.contains(&south),
        "{:?}",
        &spots[..spots.len().min(6)]
    );

    // 30 turns searched from the east doorway: the south one leads.
    let level = world.dungeon.current_mut().expect("a level");
    level.record_search(east, 30);
    let spots = ranked(world.level().expect("a level"));
    assert_eq!(spots[0].0, south, "{:?}", &spots[..3]);
}

/// Seed 115, Dlvl 3 at T5106: the open door at (60, 16) in the top wall of the `<` room leads
/// nowhere (its neighbour door at (58, 16) has its corridor); the bot searched walls all over
/// the level for 2,000 turns and starved. That door is the best spot; the other is none.
#[test]
fn seed_115_the_open_door_to_nothing_is_the_best_spot() {
    let mut world = recorded(&["seed115_t5106"]);
    let level = world.dungeon.current_mut().expect("a level");
    as_if_walked_everywhere(level);
    let level = world.level().expect("a level");
    assert_eq!(level.feature(Pos::new(60, 16)), Feature::OpenDoor);
    assert_eq!(door_exit(level, Pos::new(60, 16)), Some(Pos::new(60, 15)));
    assert_eq!(
        door_exit(level, Pos::new(58, 16)),
        None,
        "its corridor shows"
    );
    let spots = ranked(level);
    assert_eq!(spots[0].0, Pos::new(60, 16), "{:?}", &spots[..3]);
}

/// A doorway whose corridor leaves diagonally shows the way on: nothing is hidden there. An
/// open door forbids the diagonal step: the square straight out is still the way.
#[test]
fn a_corridor_leaving_a_doorway_diagonally_is_a_way_on_but_not_from_an_open_door() {
    let mut world = recorded(&["seed185_doorway_t1804", "seed185_doorway_t1805"]);
    let level = world.dungeon.current_mut().expect("a level");
    as_if_walked_everywhere(level);
    if let Some(sq) = level.at_mut(Pos::new(10, 13)) {
        sq.feature = Feature::Corridor;
    }
    assert_eq!(door_exit(level, Pos::new(9, 12)), None);
    if let Some(sq) = level.at_mut(Pos::new(9, 12)) {
        sq.feature = Feature::OpenDoor;
    }
    assert_eq!(door_exit(level, Pos::new(9, 12)), Some(Pos::new(10, 12)));
}
