use super::*;
use crate::tiles::tests::grid;

fn down(x: i16) -> Arrival {
    Arrival::Stairs {
        from: Pos::new(x, 5),
        up: false,
        ladder: false,
    }
}

#[test]
fn stairs_down_make_a_new_level_and_up_returns_to_the_same_one() {
    let mut d = Dungeon::default();
    let first = d.start(1, "Dlvl:1");
    let second = d.arrive(2, "Dlvl:2", down(10), Some(Pos::new(30, 7)));
    assert_ne!(first, second);
    assert_eq!(d.levels[second].branch, Branch::Doom);
    assert_eq!(d.levels[second].feature(Pos::new(30, 7)), Feature::StairsUp);
    let back = d.arrive(
        1,
        "Dlvl:1",
        Arrival::Stairs {
            from: Pos::new(30, 7),
            up: true,
            ladder: false,
        },
        None,
    );
    assert_eq!(back, first);
    assert_eq!(d.route(first, second), Some(vec![(first, Pos::new(10, 5))]));
    assert_eq!(d.levels.len(), 2);
}

#[test]
fn falling_then_stairs_reach_the_same_level() {
    let mut d = Dungeon::default();
    d.start(1, "Dlvl:1");
    let fell = d.arrive(2, "Dlvl:2", Arrival::Fell, Some(Pos::new(3, 3)));
    d.arrive(1, "Dlvl:1", Arrival::Other, None);
    let by_stairs = d.arrive(2, "Dlvl:2", down(12), Some(Pos::new(40, 9)));
    assert_eq!(fell, by_stairs, "no duplicate level for Dlvl 2");
    assert_eq!(d.levels.len(), 2);
}

#[test]
fn placeholder_below_the_fork_becomes_mines_or_merges_into_doom() {
    let mut d = Dungeon::default();
    d.start(3, "Dlvl:3");
    d.set_branch(0, Branch::Doom);
    let doom4 = d.arrive(4, "Dlvl:4", Arrival::Fell, Some(Pos::new(5, 5)));
    d.arrive(3, "Dlvl:3", Arrival::Other, None);
    let mines = d.arrive(4, "Dlvl:4", down(20), Some(Pos::new(50, 10)));
    assert_eq!(d.levels[mines].branch, Branch::Unknown);
    d.recognise(3);
    assert_eq!(d.levels[mines].branch, Branch::Mines);

    // The other down stairs: a placeholder that turns out to be the Doom level we fell into.
    d.arrive(
        3,
        "Dlvl:3",
        Arrival::Stairs {
            from: Pos::new(50, 10),
            up: true,
            ladder: false,
        },
        None,
    );
    let other = d.arrive(4, "Dlvl:4", down(60), Some(Pos::new(7, 7)));
    assert_ne!(other, doom4);
    d.levels[other].update(
        &grid(&["  ", "  ################"], &[]),
        Some(Pos::new(7, 7)),
        100,
        true,
    );
    d.recognise(0);
    assert_eq!(d.current, Some(doom4), "merged into the level we fell into");
    assert_eq!(d.levels[doom4].feature(Pos::new(3, 1)), Feature::Corridor);
    let top = d.find(Branch::Doom, 3).unwrap_or(usize::MAX);
    assert_eq!(d.route(top, doom4), Some(vec![(top, Pos::new(60, 5))]));
}

#[test]
fn a_big_doom_room_is_not_taken_for_the_mines_but_a_wide_cave_is() {
    let mut d = Dungeon::default();
    d.start(3, "Dlvl:3");
    d.set_branch(0, Branch::Doom);
    let unknown = d.arrive(4, "Dlvl:4", down(20), Some(Pos::new(5, 5)));
    let mut room = vec!["-".repeat(22)];
    room.extend((0..8).map(|_| format!("|{}|", ".".repeat(20))));
    room.push("-".repeat(22));
    let rows: Vec<&str> = room.iter().map(String::as_str).collect();
    d.levels[unknown].update(&grid(&rows, &[]), Some(Pos::new(5, 5)), 10, true);
    d.recognise(0);
    assert_eq!(
        d.levels[unknown].branch,
        Branch::Unknown,
        "a room alone says nothing"
    );
    let cave: Vec<String> = (0..12)
        .map(|y| format!(" -{}-", ".".repeat(24 + y % 3)))
        .collect();
    let rows: Vec<&str> = cave.iter().map(String::as_str).collect();
    d.levels[unknown].update(&grid(&rows, &[]), Some(Pos::new(5, 5)), 20, true);
    d.recognise(0);
    assert_eq!(d.levels[unknown].branch, Branch::Mines);
}

#[test]
fn a_dwarf_dug_corridor_does_not_make_the_mines_the_dungeons() {
    let mut d = Dungeon::default();
    d.start(2, "Dlvl:2");
    d.set_branch(0, Branch::Doom);
    let mines = d.arrive(3, "Dlvl:3", down(20), Some(Pos::new(5, 5)));
    d.levels[mines].update(
        &grid(&["", " .-#####-."], &[]),
        Some(Pos::new(5, 5)),
        10,
        true,
    );
    for _ in 0..2 {
        d.recognise(1);
        assert_eq!(d.levels[mines].branch, Branch::Unknown);
    }
    d.recognise(1);
    assert_eq!(
        d.levels[mines].branch,
        Branch::Mines,
        "three gnomes came into view"
    );
}

#[test]
fn once_the_mines_are_located_their_stairs_are_no_longer_ambiguous() {
    let mut d = Dungeon::default();
    d.start(2, "Dlvl:2");
    d.set_branch(0, Branch::Doom);
    let mines3 = d.arrive(3, "Dlvl:3", down(20), Some(Pos::new(5, 5)));
    d.recognise(3);
    assert_eq!(d.mines_top(), Some(3));
    // Down in the Mines, then up a different staircase: still the Mines.
    let mines4 = d.arrive(4, "Dlvl:4", down(30), Some(Pos::new(6, 6)));
    assert_eq!(d.levels[mines4].branch, Branch::Mines);
    // Having fallen into Mines 3 elsewhere, going up from the top leads to the Dungeons.
    d.current = Some(mines3);
    let up = Arrival::Stairs {
        from: Pos::new(40, 2),
        up: true,
        ladder: false,
    };
    let doom2 = d.arrive(2, "Dlvl:2", up, Some(Pos::new(9, 9)));
    assert_eq!((d.levels[doom2].branch, doom2), (Branch::Doom, 0));
}

#[test]
fn a_fall_joins_the_levels_at_its_ends_into_one_branch() {
    let mut d = Dungeon::default();
    d.start(2, "Dlvl:2");
    d.set_branch(0, Branch::Doom);
    let top = d.arrive(3, "Dlvl:3", down(20), Some(Pos::new(5, 5)));
    let low = d.arrive(4, "Dlvl:4", Arrival::Fell, Some(Pos::new(9, 9)));
    let lower = d.arrive(5, "Dlvl:5", Arrival::Fell, Some(Pos::new(9, 9)));
    assert!(d.branch_unconfirmed());
    let branches = |d: &Dungeon| [top, low, lower].map(|i| d.levels[d.resolve(i)].branch);
    assert_eq!(branches(&d), [Branch::Unknown; 3]);
    d.set_branch(lower, Branch::Mines);
    assert_eq!(
        branches(&d),
        [Branch::Mines; 3],
        "falls stay in their dungeon"
    );
    assert_eq!(d.mines_top(), Some(3), "the top is linked to Doom 2");
    // The overview listing the level settles it; a fall from the Dungeons stays there.
    d.levels[lower].facts.in_overview = true;
    assert!(!d.branch_unconfirmed());
    d.current = Some(0);
    let doom3 = d.arrive(3, "Dlvl:3", Arrival::Fell, Some(Pos::new(1, 1)));
    assert_eq!(d.levels[doom3].branch, Branch::Doom);
    assert_ne!(doom3, top);
}

#[test]
fn sokoban_is_recognised_from_boulders_when_entered_going_up() {
    let mut d = Dungeon::default();
    d.start(7, "Dlvl:7");
    d.set_branch(0, Branch::Doom);
    let soko = d.arrive(
        6,
        "Dlvl:6",
        Arrival::Stairs {
            from: Pos::new(9, 9),
            up: true,
            ladder: false,
        },
        Some(Pos::new(40, 8)),
    );
    let boulders = "0 0 0 0 0 0 0 0 0 0";
    d.levels[soko].update(&grid(&[boulders], &[]), Some(Pos::new(40, 8)), 50, true);
    d.recognise(0);
    assert_eq!(d.levels[soko].branch, Branch::Sokoban);
}

/// Seed 188 of an experiment: "You step onto a level teleport trap!" on Dlvl 5 of the Mines
/// (their top at 3) landed on Dlvl 1. A level teleport above a branch's first level lands in the
/// Dungeons: that is the Dlvl 1 the game started on, not a new Mines level.
#[test]
fn a_level_teleport_above_the_mines_lands_in_the_dungeons() {
    let mut d = Dungeon::default();
    let doom1 = d.start(1, "Dlvl:1");
    d.arrive(2, "Dlvl:2", down(10), Some(Pos::new(30, 7)));
    let mines3 = d.arrive(3, "Dlvl:3", down(40), Some(Pos::new(20, 8)));
    d.set_branch(mines3, Branch::Mines);
    d.arrive(4, "Dlvl:4", down(50), Some(Pos::new(21, 9)));
    let mines5 = d.arrive(5, "Dlvl:5", down(60), Some(Pos::new(22, 10)));
    assert_eq!(d.levels[mines5].branch, Branch::Mines);
    assert_eq!(d.mines_top(), Some(3));
    let landed = d.arrive(1, "Dlvl:1", Arrival::Other, Some(Pos::new(51, 4)));
    assert_eq!(landed, doom1, "the Dlvl 1 the game started on");
    assert_eq!(d.levels[landed].branch, Branch::Doom);
    // Back down to the Mines by another teleport: within the Mines' depths they stay the Mines.
    d.current = Some(d.resolve(mines5));
    let doom2 = d.arrive(2, "Dlvl:2", Arrival::Other, None);
    assert_eq!(d.levels[doom2].branch, Branch::Doom);
    d.current = Some(d.resolve(mines5));
    assert_eq!(
        d.arrive(4, "Dlvl:4", Arrival::Other, None),
        d.find(Branch::Mines, 4).unwrap()
    );
}

#[test]
fn a_level_teleport_in_the_mines_whose_top_is_unknown_lands_where_the_depth_allows() {
    let teleport_from_mines = |to: i32| {
        let mut d = Dungeon::default();
        d.start(6, "Dlvl:6");
        d.set_branch(0, Branch::Mines);
        let id = d.arrive(to, &format!("Dlvl:{to}"), Arrival::Other, None);
        d.levels[id].branch
    };
    assert_eq!(teleport_from_mines(1), Branch::Doom);
    assert_eq!(
        teleport_from_mines(2),
        Branch::Doom,
        "the Mines start at 3 or deeper"
    );
    assert_eq!(
        teleport_from_mines(3),
        Branch::Unknown,
        "the Mines or the Dungeons"
    );
    assert_eq!(teleport_from_mines(4), Branch::Unknown);
    assert_eq!(
        teleport_from_mines(5),
        Branch::Mines,
        "the Mines start at 5 at the deepest"
    );
    assert_eq!(teleport_from_mines(8), Branch::Mines);
}

#[test]
fn dlvl_1_and_2_are_never_the_mines() {
    let mut d = Dungeon::default();
    let first = d.start(1, "Dlvl:1");
    d.set_branch(first, Branch::Mines);
    assert_eq!(d.levels[first].branch, Branch::Doom);
    let second = d.arrive(2, "Dlvl:2", Arrival::Fell, None);
    d.set_branch(second, Branch::Mines);
    assert_ne!(d.levels[d.resolve(second)].branch, Branch::Mines);
    assert!(!branch_possible_at(Branch::Mines, 2));
    assert!(branch_possible_at(Branch::Mines, 3));
    assert!(!branch_possible_at(Branch::Sokoban, 1));
}
