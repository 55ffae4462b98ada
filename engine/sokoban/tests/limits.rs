//! The solver's limits hold on any input: levels larger than NetHack's map are refused at once
//! (by the parser and by `solve`), and the time limit holds on the largest legal levels, where
//! one expansion can take seconds.

use nhbot_sokoban::{parse_levels, parse_xsb, solve, Cell, Limits, Puzzle, Rules, SolveError};
use std::time::{Duration, Instant};

/// An XSB level: walls round a `width` x `height` room; `inside(x, y)` draws the rest.
fn xsb(width: usize, height: usize, mut inside: impl FnMut(usize, usize) -> char) -> String {
    let mut text = String::new();
    for y in 0..height {
        for x in 0..width {
            let wall = x == 0 || y == 0 || x == width - 1 || y == height - 1;
            text.push(if wall { '#' } else { inside(x, y) });
        }
        text.push('\n');
    }
    text
}

#[test]
fn a_level_larger_than_nethack_s_map_is_refused_at_once() {
    let started = Instant::now();
    let big = xsb(200, 200, |x, y| match (x, y) {
        (1, 1) => '@',
        (5, 5) => '$',
        (9, 9) => '.',
        _ => ' ',
    });
    let err = format!("{:#}", parse_levels(&big).unwrap_err());
    assert!(
        err.contains("200x200") && err.contains("at most 80x21"),
        "{err}"
    );
    // One 100,000-column row: its tables would ask for 320 GB (the process aborted).
    let wide = format!("{}\n#@$. #\n######\n", "#".repeat(100_000));
    let err = format!("{:#}", parse_levels(&wide).unwrap_err());
    assert!(err.contains("100000x3"), "{err}");
    // A puzzle built without the parser is refused by `solve`.
    let (width, height) = (200, 200);
    let mut cells = vec![Cell::Floor; width * height];
    cells[0] = Cell::Wall;
    let puzzle = Puzzle {
        title: "big".into(),
        rules: Rules::Classic,
        width,
        height,
        cells,
        boulders: vec![width + 1],
        player: 2 * width + 2,
        targets: vec![3 * width + 3],
        blocked: Vec::new(),
    };
    match solve(&puzzle, Limits::default()) {
        Err(SolveError::Invalid(e)) => assert!(e.contains("at most 80x21"), "{e}"),
        other => panic!("{other:?}"),
    }
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn the_largest_levels_are_accepted() {
    let level = xsb(80, 21, |x, y| match (x, y) {
        (1, 1) => '@',
        (5, 5) => '$',
        (9, 9) => '.',
        _ => ' ',
    });
    assert_eq!(parse_xsb("t", &level).unwrap().width, 80);
}

/// 80x21 with 240 boxes, 40 of them off their goals, spaced so none is stuck: each child state
/// costs a 240x240 assignment, an expansion seconds. The search checked its deadline every 256
/// expansions, so `--seconds 1` ran for minutes.
#[test]
fn the_time_limit_holds_on_the_largest_levels() {
    let mut k = 0;
    let level = xsb(80, 21, |x, y| {
        if x == 1 && y == 1 {
            return '@';
        }
        if x < 3 || y < 3 || x > 76 || y > 17 || x % 2 == 0 || y % 2 == 0 || k >= 280 {
            return ' ';
        }
        k += 1; // the k-th spaced square
        match k % 7 {
            0 => '$',
            1 => '.',
            _ => '*',
        }
    });
    let puzzle = parse_xsb("big", &level).unwrap();
    assert!(puzzle.boulders.len() >= 240, "{}", puzzle.boulders.len());
    let started = Instant::now();
    let limits = Limits {
        max_time: Duration::from_secs(1),
        ..Limits::default()
    };
    let result = solve(&puzzle, limits);
    let took = started.elapsed();
    assert!(
        matches!(result, Err(SolveError::LimitHit { .. })),
        "{result:?}"
    );
    assert!(took < Duration::from_millis(1500), "took {took:?}");
}
