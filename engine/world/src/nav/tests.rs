//! Tests of the path search.

use super::*;
use crate::level::Branch;
use crate::tiles::tests::grid;

fn level(rows: &[&str], colors: &[&str]) -> Level {
    let mut l = Level::new(Branch::Doom, 1);
    l.update(&grid(rows, colors), None, 1, true);
    l
}

/// Squares worked out as the search reaches them give the very search the whole grid gives
/// (every cost and path), on levels of every feature with monsters, mimics and blocked
/// squares listed (some twice, some off the map).
#[test]
fn the_grid_worked_out_square_by_square_gives_the_same_search() {
    let mut x: u64 = 11;
    let mut random = move |n: usize| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 33) as usize % n
    };
    let features = [
        Feature::Floor,
        Feature::Floor,
        Feature::Floor,
        Feature::Corridor,
        Feature::Wall,
        Feature::Rock,
        Feature::Unknown,
        Feature::Doorway,
        Feature::OpenDoor,
        Feature::ClosedDoor,
        Feature::Boulder,
        Feature::Trap,
        Feature::Web,
        Feature::Water,
    ];
    for round in 0..60 {
        let mut l = Level::new(crate::level::Branch::Doom, 1);
        for sq in l.squares.iter_mut() {
            sq.feature = features[random(features.len())];
            sq.locked = random(4) == 0;
            sq.shop_door = random(8) == 0;
            sq.bumps = if random(20) == 0 { 2 } else { 0 };
            sq.trap_color = random(16) as u8;
        }
        let mut some_squares = |n: usize| -> Vec<Pos> {
            let mut v: Vec<Pos> = (0..n).map(|_| pos_of(random(COLS * MAP_ROWS))).collect();
            if let Some(&first) = v.first() {
                v.push(first);
            }
            v.push(Pos::new(-1, 3));
            v
        };
        let opts = PathOpts {
            unknown_cost: [None, Some(5)][round % 2],
            trap_cost: [None, Some(30)][round / 2 % 2],
            monster_cost: [Some(10), None][round / 4 % 2],
            monsters: some_squares(5),
            blocked: some_squares(3),
            mimics: some_squares(2),
            no_squeeze: round % 3 == 0,
            ..PathOpts::default()
        };
        let from = pos_of(random(COLS * MAP_ROWS));
        let bound = step_cost_bound(&opts).expect("bounded");
        let eager = build_grid(&l, &opts);
        let eager_queue = Queue::new(&eager.cost);
        let (whole, _) = search(eager, eager_queue, from, |_, _| false);
        let lazy = LazyGrid::new(&l, &opts);
        let (worked, _) = search(lazy, Queue::for_steps_up_to(bound as u32), from, |_, _| {
            false
        });
        assert!(whole.dist == worked.dist, "round {round}: costs differ");
        assert!(whole.prev == worked.prev, "round {round}: paths differ");
    }
}

/// The search that stops at the nearest targets gives every target as cheap as the
/// cheapest the full search's cost and path, and leaves no other target cheaper.
#[test]
fn distances_to_the_nearest_target_agree_with_the_full_search() {
    let mut l = bench_level();
    // Dearer squares (closed doors, boulders) break the ties of the plain floor.
    for (i, sq) in l.squares.iter_mut().enumerate() {
        if sq.feature == Feature::Floor && i % 13 == 0 {
            sq.feature = Feature::ClosedDoor;
        } else if sq.feature == Feature::Floor && i % 17 == 0 {
            sq.feature = Feature::Boulder;
        }
    }
    let opts = PathOpts::default();
    let mut x: u64 = 7;
    let mut random = |n: usize| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 33) as usize % n
    };
    let mut compared = 0;
    for round in 0..40 {
        let from = pos_of(random(l.squares.len()));
        let targets: Vec<Pos> = (0..1 + round % 12)
            .map(|_| pos_of(random(l.squares.len())))
            .chain((round == 3).then_some(from))
            .collect();
        let full = l.distances(from, &opts);
        let near = l.distances_to_nearest(from, &opts, &targets);
        let cheapest = targets
            .iter()
            .filter(|&&t| t != from)
            .filter_map(|&t| full.cost(t))
            .min();
        for &t in targets.iter().filter(|&&t| t != from) {
            match (cheapest, full.cost(t)) {
                (Some(c), Some(cost)) if cost == c => {
                    assert_eq!(near.cost(t), Some(cost), "round {round}: {t:?}");
                    assert_eq!(near.path(t), full.path(t), "round {round}: {t:?}");
                    compared += 1;
                }
                _ => assert!(
                    near.cost(t).is_none_or(|c| cheapest.is_some_and(|m| c > m)),
                    "round {round}: {t:?} cheaper than the nearest"
                ),
            }
        }
    }
    assert!(compared >= 40, "{compared} nearest targets compared");
}

/// No target on the map: no path (and no search), while an on-map target beside an off-map
/// one is still found.
#[test]
fn no_path_without_a_target_on_the_map() {
    let l = level(&["|.....|"], &[]);
    let opts = PathOpts::default();
    let from = Pos::new(1, 0);
    assert_eq!(l.path(from, &[], &opts), None);
    assert_eq!(l.path(from, &[Pos::new(-5, 90)], &opts), None);
    let p = l
        .path(from, &[Pos::new(-5, 90), Pos::new(4, 0)], &opts)
        .expect("the target on the map");
    assert_eq!(p.target(), Pos::new(4, 0));
}

#[test]
fn goes_around_a_wall() {
    let l = level(&["|.....|", "|.---.|", "|.....|"], &[]);
    let p = l
        .path(Pos::new(3, 0), &[Pos::new(3, 2)], &PathOpts::default())
        .expect("path");
    assert_eq!(p.target(), Pos::new(3, 2));
    assert_eq!(p.steps.len(), 4, "{:?}", p.steps);
    assert!(matches!(p.first, Dir::E | Dir::W));
}

#[test]
fn diagonals_through_doorless_doorways_but_never_through_doors() {
    // A doorless doorway at (3,1) between two rooms: NetHack lets us cut the corner.
    let rows = ["|.....|", "---.---", "|.....|"];
    let l = level(&rows, &[]);
    assert_eq!(l.feature(Pos::new(3, 1)), Feature::Doorway);
    let p = l
        .path(Pos::new(2, 0), &[Pos::new(2, 2)], &PathOpts::default())
        .expect("path");
    assert_eq!(p.steps, vec![Pos::new(3, 1), Pos::new(2, 2)]);
    // An open door: in and out straight only.
    let open = level(&["|.....|", "---|---", "|.....|"], &["", "   3"]);
    assert_eq!(open.feature(Pos::new(3, 1)), Feature::OpenDoor);
    let p = open
        .path(Pos::new(2, 0), &[Pos::new(2, 2)], &PathOpts::default())
        .expect("path");
    assert_eq!(
        p.steps,
        vec![
            Pos::new(3, 0),
            Pos::new(3, 1),
            Pos::new(3, 2),
            Pos::new(2, 2)
        ]
    );
    assert_eq!(p.first, Dir::E);
}

#[test]
fn water_lava_boulders_traps_and_peacefuls_are_avoided() {
    let l = level(&["......", ".}}0^.", "......"], &["", " 41 "]);
    let opts = PathOpts::default();
    let p = l
        .path(Pos::new(0, 1), &[Pos::new(5, 1)], &opts)
        .expect("path");
    assert!(
        p.steps.iter().all(|s| s.y != 1 || s.x == 5),
        "stays off row 1: {:?}",
        p.steps
    );
    let mut blocked = opts.clone();
    blocked.blocked = vec![Pos::new(1, 0), Pos::new(1, 2)];
    assert_eq!(
        l.path(Pos::new(0, 1), &[Pos::new(5, 1)], &blocked),
        None,
        "peacefuls wall us in"
    );
    let mut through_traps = opts;
    through_traps.trap_cost = Some(0);
    through_traps.boulder_cost = None;
    through_traps.blocked = vec![Pos::new(3, 0), Pos::new(3, 2)];
    assert_eq!(
        l.path(Pos::new(2, 0), &[Pos::new(5, 1)], &through_traps),
        None,
        "boulder never crossed when not pushing"
    );
}

#[test]
fn mild_traps_are_crossed_when_needed_dangerous_ones_never() {
    let arrow = level(&["|.^.|"], &["  6"]);
    let p = arrow.path(Pos::new(1, 0), &[Pos::new(3, 0)], &PathOpts::default());
    assert_eq!(
        p.map(|p| p.cost),
        Some(22),
        "the only way is over the arrow trap"
    );
    let teleport = level(&["|.^.|"], &["  5"]);
    assert_eq!(
        teleport.path(Pos::new(1, 0), &[Pos::new(3, 0)], &PathOpts::default()),
        None
    );
}

#[test]
fn boulders_are_pushed_only_where_they_can_roll() {
    let corridor = level(&["|.0..|"], &[]);
    let p = corridor.path(Pos::new(1, 0), &[Pos::new(4, 0)], &PathOpts::default());
    assert_eq!(p.map(|p| p.first), Some(Dir::E), "push the boulder along");
    let stuck = level(&["|.0|"], &[]);
    assert_eq!(
        stuck.path(Pos::new(1, 0), &[Pos::new(2, 0)], &PathOpts::default()),
        None,
        "wall behind"
    );
    let no_push = PathOpts {
        boulder_cost: None,
        ..Default::default()
    };
    assert_eq!(
        corridor.path(Pos::new(1, 0), &[Pos::new(4, 0)], &no_push),
        None
    );
    // A "boulder" known to be a mimic is fought through, even where it could not roll.
    let mimic = PathOpts {
        mimics: vec![Pos::new(2, 0)],
        ..no_push
    };
    let door = level(&["|.0.|"], &[]);
    assert_eq!(
        door.path(Pos::new(1, 0), &[Pos::new(3, 0)], &mimic)
            .map(|p| p.first),
        Some(Dir::E)
    );
    assert_eq!(
        stuck
            .path(Pos::new(1, 0), &[Pos::new(2, 0)], &mimic)
            .map(|p| p.cost),
        Some(1 + 10)
    );
}

#[test]
fn huge_costs_fall_back_to_the_heap_and_agree() {
    let l = level(&["|.^..|", "------"], &["  6"]);
    let cheap = PathOpts {
        mild_trap_cost: Some(1),
        ..Default::default()
    };
    let dear = PathOpts {
        mild_trap_cost: Some(100_000),
        ..Default::default()
    };
    let (from, to) = (Pos::new(1, 0), Pos::new(4, 0));
    let over = l.path(from, &[to], &cheap).expect("over the trap");
    assert_eq!((over.cost, over.steps.len()), (4, 3));
    let heap = l.path(from, &[to], &dear).expect("over the trap, dearly");
    assert_eq!((heap.cost, heap.steps.len()), (100_003, 3));
}

#[test]
fn no_squeezing_between_boulders() {
    let l = level(&[".0", "0."], &[]);
    assert_eq!(
        l.path(Pos::new(0, 0), &[Pos::new(1, 1)], &PathOpts::default()),
        None
    );
}

#[test]
fn nearest_of_many_targets_and_unknown_squares() {
    let l = level(&["..........", "          ", ".........."], &[]);
    let targets = [Pos::new(9, 0), Pos::new(2, 0), Pos::new(0, 2)];
    let p = l
        .path(Pos::new(0, 0), &targets, &PathOpts::default())
        .expect("path");
    assert_eq!(p.target(), Pos::new(2, 0));
    let opts = PathOpts {
        unknown_cost: Some(5),
        ..Default::default()
    };
    let p = l
        .path(Pos::new(5, 0), &[Pos::new(5, 2)], &opts)
        .expect("through the unknown");
    assert_eq!(p.steps.len(), 2);
    assert_eq!(
        l.path(Pos::new(5, 0), &[Pos::new(5, 2)], &PathOpts::default()),
        None
    );
}

#[test]
fn shop_doors_locked_are_never_entered() {
    let mut l = level(&["|.|", "|+|", "|.|"], &["", " 3"]);
    if let Some(s) = l.at_mut(Pos::new(1, 1)) {
        s.locked = true;
    }
    assert!(l
        .path(Pos::new(1, 0), &[Pos::new(1, 2)], &PathOpts::default())
        .is_some());
    if let Some(s) = l.at_mut(Pos::new(1, 1)) {
        s.shop_door = true;
    }
    assert_eq!(
        l.path(Pos::new(1, 0), &[Pos::new(1, 2)], &PathOpts::default()),
        None
    );
}
