//! The map search's box counts: they pass over only the origins where no map can fit.

use super::*;

/// A screen of walls from a fixed pseudo-random stream (about one square in `one_in`).
fn noise(seed: u64, one_in: u64) -> WallMap {
    let mut x = seed;
    WallMap(
        (0..SCREEN_COLS * MAP_ROWS)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (x >> 33).is_multiple_of(one_in)
            })
            .collect(),
    )
}

/// The first fit in the search's order, trying every origin (what `locate_in` did before
/// boxes were counted).
fn every_origin(walls: &WallMap) -> Option<Located> {
    TEMPLATES.iter().enumerate().find_map(|(n, t)| {
        (0..=MAP_ROWS - t.height)
            .flat_map(|oy| (0..=SCREEN_COLS - t.width).map(move |ox| (ox, oy)))
            .map(|(ox, oy)| Pos::new(ox as i16, oy as i16))
            .find(|&origin| fits(walls, t, origin))
            .map(|origin| Located {
                template: n,
                origin,
            })
    })
}

#[test]
fn box_counts_are_the_walls_in_the_box() {
    let walls = noise(3, 3);
    let counts = WallCounts::of(&walls);
    for (x, y, w, h) in [
        (0, 0, 80, 21),
        (5, 2, 30, 12),
        (79, 20, 1, 1),
        (10, 0, 0, 5),
    ] {
        let direct = (y..y + h)
            .flat_map(|yy| (x..x + w).map(move |xx| (xx, yy)))
            .filter(|&(xx, yy)| walls.0[yy * SCREEN_COLS + xx])
            .count();
        assert_eq!(counts.in_box(x, y, w, h), direct, "box {x},{y} {w}x{h}");
    }
}

/// Counting boxes skips only origins where no map can fit: every map drawn anywhere, with
/// the walls a monster may hide missing and noise around it, is found as trying every
/// origin finds it.
#[test]
fn counted_boxes_find_what_every_origin_finds() {
    for (n, t) in TEMPLATES.iter().enumerate() {
        for (k, origin) in [(0usize, 0usize), (80 - t.width, 21 - t.height), (7, 3)]
            .into_iter()
            .enumerate()
        {
            let mut walls = noise(n as u64 * 10 + k as u64, 9);
            for i in 0..t.width * t.height {
                let (x, y) = (i % t.width, i / t.width);
                walls.0[(origin.1 + y) * SCREEN_COLS + origin.0 + x] = false;
            }
            for (i, &(x, y)) in t.walls.iter().enumerate() {
                // Two walls hidden (WALL_MISMATCHES), the rest drawn.
                walls.0[(origin.1 + y) * SCREEN_COLS + origin.0 + x] = i != 3 && i != 40;
            }
            let found = locate_in(&walls, None);
            assert_eq!(found, every_origin(&walls), "{} at {origin:?}", t.name);
            assert!(found.is_some(), "{} at {origin:?}", t.name);
        }
    }
    for seed in 0..20 {
        let walls = noise(100 + seed, 2 + seed % 3);
        assert_eq!(
            locate_in(&walls, None),
            every_origin(&walls),
            "noise {seed}"
        );
    }
}
