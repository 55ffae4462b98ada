//! Hand-made puzzles with known optima, rule corner cases, and parsing.

mod common;

use common::{Rng, Sim};
use nhbot_sokoban::{
    parse_levels, parse_nethack, parse_xsb, prove_from_subsets, solve, solve_explained, Cell,
    Limits, Rules, SolveError,
};

fn limits() -> Limits {
    Limits {
        max_nodes: 200_000,
        ..Limits::default()
    }
}

fn solve_verified(map: &str, nethack: bool) -> nhbot_sokoban::Solution {
    let puzzle = if nethack {
        parse_nethack("t", map)
    } else {
        parse_xsb("t", map)
    }
    .expect("parses");
    let solution = solve(&puzzle, limits()).expect("solvable");
    Sim::new(map, nethack)
        .verify(&solution.steps)
        .expect("replay is legal and solves");
    solution
}

#[test]
fn one_push_classic() {
    let s = solve_verified("#####\n#@$.#\n#####\n", false);
    assert_eq!((s.pushes, s.moves), (1, 1));
    assert_eq!(s.lurd(), "R");
}

#[test]
fn walk_then_two_pushes_classic() {
    let s = solve_verified("#######\n#@ $ .#\n#######\n", false);
    assert_eq!((s.pushes, s.moves), (2, 3));
    assert_eq!(s.lurd(), "rRR");
}

#[test]
fn classic_needs_going_around() {
    // Box must be pushed down then right; optimum 3 pushes.
    let map = "######\n#@   #\n# $  #\n#    #\n#  . #\n######\n";
    let s = solve_verified(map, false);
    assert_eq!(s.pushes, 3);
}

#[test]
fn box_on_goal_in_sealed_pocket_counts_as_done() {
    // Regression: the sealed box has no reachable side, yet it needs no push.
    let s = solve_verified("#####\n#*###\n#####\n#@$.#\n#####\n", false);
    assert_eq!((s.pushes, s.moves), (1, 1));
}

#[test]
fn boulder_fills_hole_then_walk_to_stairs() {
    let s = solve_verified("-------\n|@0.^<|\n-------\n", true);
    assert_eq!((s.pushes, s.moves), (2, 4));
    assert_eq!(s.lurd(), "RRrr");
}

#[test]
fn no_diagonal_squeeze_between_wall_and_boulder() {
    // Without the boulder the player goes round the wall corner in two diagonal steps.
    let open = "-----\n|@|<|\n|...|\n-----\n";
    let s = solve_verified(open, true);
    assert_eq!(s.lurd(), "ce");
    // Pushing the boulder right leaves it between the player and the stairs; the only
    // way on is a squeeze past it, which NetHack forbids in Sokoban.
    let blocked = "-----\n|@|<|\n|.0.|\n-----\n";
    let puzzle = parse_nethack("t", blocked).unwrap();
    assert!(matches!(
        solve(&puzzle, limits()),
        Err(SolveError::Unsolvable { .. })
    ));
}

#[test]
fn no_diagonal_moves_through_doorways() {
    let map = "-----\n|@..|\n|-+-|\n|.<.|\n-----\n";
    let s = solve_verified(map, true);
    assert_eq!(s.moves, 3);
    assert!(s
        .steps
        .iter()
        .all(|st| st.dir.delta().0 == 0 || st.dir.delta().1 == 0));
}

#[test]
fn too_few_boulders_is_unsolvable() {
    let puzzle = parse_nethack("t", "--------\n|@0..^^<|\n---------\n").unwrap();
    assert!(matches!(
        solve(&puzzle, limits()),
        Err(SolveError::Unsolvable { .. })
    ));
}

#[test]
fn monsters_block_squares() {
    // A monster in a one-wide corridor cuts the way to the stairs.
    let puzzle = parse_nethack("t", "------\n|@.d<|\n------\n").unwrap();
    assert_eq!(puzzle.blocked.len(), 1);
    assert!(matches!(
        solve(&puzzle, limits()),
        Err(SolveError::Unsolvable { .. })
    ));
}

#[test]
fn node_limit_is_reported_as_limit_hit() {
    let puzzle = parse_nethack("t", nhbot_sokoban::bench::NETHACK_MAPS[7].1).unwrap();
    let tiny = Limits {
        max_nodes: 50,
        ..Limits::default()
    };
    assert!(matches!(
        solve(&puzzle, tiny),
        Err(SolveError::LimitHit { .. })
    ));
}

#[test]
fn xsb_symbols_and_titles() {
    let text = "; first\n#####\n#+*$#\n#  *#\n#####\n\n#####\n#@$.#\n#####\nTitle: Second\n";
    let levels = parse_levels(text).unwrap();
    assert_eq!(levels.len(), 2);
    let a = &levels[0];
    assert_eq!((a.title.as_str(), a.rules), ("first", Rules::Classic));
    assert_eq!((a.width, a.height), (5, 4));
    assert_eq!(a.player, a.index(1, 1));
    assert_eq!(a.boulders.len(), 3);
    assert_eq!(a.targets.len(), 3);
    assert!(a.targets.contains(&a.index(1, 1)) && a.targets.contains(&a.index(2, 1)));
    assert_eq!(levels[1].title, "Second");
}

#[test]
fn xsb_errors() {
    assert!(
        parse_xsb("t", "#####\n#@@.#\n#####\n").is_err(),
        "two players"
    );
    assert!(
        parse_xsb("t", "#####\n# $.#\n#####\n").is_err(),
        "no player"
    );
    assert!(
        parse_xsb("t", "######\n#@$$.#\n######\n").is_err(),
        "boxes != goals"
    );
    assert!(
        parse_xsb("t", "#####\n#@$x#\n#####\n").is_err(),
        "unknown symbol"
    );
}

#[test]
fn microban_parses_completely() {
    let text = include_str!("../../../data/sokoban/microban.xsb");
    let levels = parse_levels(text).unwrap();
    assert_eq!(levels.len(), 155);
    assert_eq!(levels[0].title, "1");
    assert_eq!(levels[154].title, "155");
    assert!(levels
        .iter()
        .all(|l| l.rules == Rules::Classic && l.boulders.len() == l.targets.len()));
}

#[test]
fn microban_first_levels_solve_and_replay() {
    let text = include_str!("../../../data/sokoban/microban.xsb");
    let levels = parse_levels(text).unwrap();
    let chunks: Vec<&str> = text
        .split("\n\n")
        .filter(|c| c.lines().any(|l| l.contains('#')))
        .collect();
    for (level, chunk) in levels.iter().zip(&chunks).take(10) {
        let s = solve(level, limits()).unwrap_or_else(|e| panic!("{}: {e}", level.title));
        Sim::new(chunk, false)
            .verify(&s.steps)
            .unwrap_or_else(|e| panic!("{}: {e}", level.title));
    }
}

#[test]
fn nethack_maps_parse_with_expected_counts() {
    let maps = nhbot_sokoban::bench::nethack_maps();
    let counts: Vec<(usize, usize, usize)> = maps
        .iter()
        .map(|p| {
            (
                p.boulders.len(),
                p.cells.iter().filter(|c| **c == Cell::Hole).count(),
                p.targets.len(),
            )
        })
        .collect();
    assert_eq!(
        counts,
        [
            (10, 9, 1),
            (12, 10, 1),
            (20, 15, 1),
            (16, 12, 1),
            (13, 10, 1),
            (16, 11, 1),
            (18, 16, 3),
            (20, 18, 3)
        ]
    );
    let soko4_1 = &maps[0];
    assert_eq!(soko4_1.title, "soko4-1");
    assert_eq!(
        soko4_1.coords(soko4_1.player),
        (6, 4),
        "player starts on the arrival stairs"
    );
    assert_eq!(soko4_1.coords(soko4_1.targets[0]), (6, 6));
}

#[test]
fn solve_file_detects_formats_and_display_shows_counts() {
    let dir = std::env::temp_dir().join(format!("nhbot-sokoban-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mixed.txt");
    std::fs::write(
        &path,
        "; classic\n#####\n#@$.#\n#####\n\n; nethack\n-------\n|@0.^<|\n-------\n",
    )
    .unwrap();
    let results = nhbot_sokoban::solve_file(&path, limits()).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let titles: Vec<&str> = results.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(titles, ["classic", "nethack"]);
    let nethack = results[1].1.as_ref().unwrap();
    let shown = nethack.to_string();
    assert!(shown.starts_with("pushes 2 moves 4 "), "{shown}");
    assert!(shown.ends_with("\nRRrr"), "{shown}");
    assert!(
        nhbot_sokoban::solve_file(std::path::Path::new("/nonexistent/x.xsb"), limits()).is_err()
    );
}

/// `var` from the environment as a number, else `default` (the random-level tests run more
/// levels, or from another seed, with NHBOT_BRUTE_LEVELS and NHBOT_BRUTE_SEED).
fn env_or(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A room of floor squares filled with things at random free squares, one at a time.
struct RandomRoom {
    rows: Vec<Vec<char>>,
    free: Vec<(usize, usize)>,
}

impl RandomRoom {
    fn new(w: usize, h: usize) -> RandomRoom {
        RandomRoom {
            rows: vec![vec!['.'; w]; h],
            free: (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).collect(),
        }
    }

    fn put(&mut self, c: char, rng: &mut Rng) {
        let (x, y) = self.free.swap_remove(rng.below(self.free.len()));
        self.rows[y][x] = c;
    }

    /// The room walled in, with `tail(y)` (as wide on every row) drawn right of row `y`.
    fn map(&self, tail: impl Fn(usize) -> String) -> String {
        let width = self.rows[0].len() + 1 + tail(0).len();
        let mut lines = vec!["-".repeat(width)];
        for (y, row) in self.rows.iter().enumerate() {
            lines.push(format!("|{}{}", row.iter().collect::<String>(), tail(y)));
        }
        lines.push("-".repeat(width));
        lines.join("\n")
    }
}

/// Tiny random NetHack levels: the solver's verdict matches a breadth-first search over the
/// independent simulator's rules, which prunes nothing. Every deadlock test and pruning
/// must keep a solvable level solvable; this fails with the guide's bug fixed in fb7ac80
/// (a hole in the room made it take a level for a deadlock).
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "slow without optimisation; run with --release"
)]
fn random_tiny_levels_agree_with_brute_force() {
    // NHBOT_BRUTE_LEVELS and NHBOT_BRUTE_SEED run more (the asserted counts assume 200).
    let mut rng = Rng(env_or("NHBOT_BRUTE_SEED", 7));
    let (mut solvable, mut unsolvable, mut proved) = (0, 0, 0);
    for _ in 0..env_or("NHBOT_BRUTE_LEVELS", 200) {
        let h = 4;
        let mut room = RandomRoom::new(6, h);
        for _ in 0..rng.below(4) {
            room.put('-', &mut rng);
        }
        for _ in 0..2 + rng.below(2) {
            room.put('0', &mut rng);
        }
        if rng.below(2) == 0 {
            room.put('^', &mut rng);
        }
        room.put('@', &mut rng);
        let exit = rng.below(h);
        let map = room.map(|y| if y == exit { "^^<|" } else { "----" }.to_string());
        let Some(reference) = Sim::new(&map, true).brute_force(200_000) else {
            continue;
        };
        let puzzle = parse_nethack("random", &map).unwrap();
        // The proofs from subsets, run alone, must never condemn a solvable level.
        let (dead, solves) = prove_from_subsets(&puzzle, limits());
        assert!(
            !(dead && reference),
            "a solvable level proved dead from subsets: {solves:?}\n{map}"
        );
        proved += usize::from(dead);
        match solve(&puzzle, limits()) {
            Ok(s) => {
                Sim::new(&map, true).verify(&s.steps).unwrap();
                assert!(reference, "solved what the brute force could not:\n{map}");
                solvable += 1;
            }
            Err(SolveError::Unsolvable { .. }) => {
                assert!(!reference, "a solvable level reported unsolvable:\n{map}");
                unsolvable += 1;
            }
            Err(e) => panic!("{e} on\n{map}"),
        }
    }
    eprintln!("{solvable} solvable, {unsolvable} unsolvable, {proved} proved from subsets");
    assert!(
        solvable >= 50 && unsolvable >= 50,
        "{solvable} / {unsolvable}"
    );
}

/// Random small NetHack levels whose holes lie in one corridor off a corner of the room (the
/// shape the proofs from subsets need): a level proved dead from a subset of its boulders
/// must be unsolvable for a breadth-first search over the independent simulator's rules.
/// The rooms are bigger than above, so that subsets grow from counterexamples.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "slow without optimisation; run with --release"
)]
fn proofs_from_subsets_agree_with_brute_force() {
    let mut rng = Rng(env_or("NHBOT_BRUTE_SEED", 7));
    let (mut proved, mut grown) = (0, 0);
    for _ in 0..env_or("NHBOT_BRUTE_LEVELS", 1000) {
        let h = 5;
        let mut room = RandomRoom::new(7, h);
        for _ in 0..2 + rng.below(5) {
            room.put('-', &mut rng);
        }
        let holes = 1 + rng.below(3);
        for _ in 0..holes + rng.below(4) {
            room.put('0', &mut rng);
        }
        room.put('@', &mut rng);
        // The corridor leaves the top or bottom row: the squares the player steps into it
        // from are next to each other.
        let exit = if rng.below(2) == 0 { 0 } else { h - 1 };
        let map = room.map(|y| {
            if y == exit {
                format!("{}<|", "^".repeat(holes)) + &"-".repeat(3 - holes)
            } else {
                "-----".to_string()
            }
        });
        let puzzle = parse_nethack("random", &map).unwrap();
        let (dead, solves) = prove_from_subsets(&puzzle, limits());
        if !dead {
            continue;
        }
        // Checked only where the brute force ends within its states.
        let Some(reference) = Sim::new(&map, true).brute_force(BRUTE_STATES) else {
            continue;
        };
        assert!(
            !reference,
            "a solvable level proved dead from subsets: {solves:?}\n{map}"
        );
        proved += 1;
        grown += usize::from(solves.len() > 1);
    }
    eprintln!("{proved} proved dead from subsets and checked, {grown} after growing");
    assert!(proved >= 30 && grown >= 3, "{proved} proved, {grown} grown");
}

/// States the brute force explores at most on a level of `proofs_from_subsets_agree_with_brute_force`.
const BRUTE_STATES: usize = 300_000;

/// A start proven dead is explained: one report, no state stored, and the reason.
#[test]
fn a_dead_start_is_explained() {
    let cases = [
        // Classic: the box is in a corner, off the goal.
        (
            parse_xsb("t", "#####\n#@ $#\n# . #\n#####\n").unwrap(),
            "a box that can never move is off its goal",
        ),
        // NetHack: two holes in the way, one boulder.
        (
            parse_nethack("t", "---------\n|@0..^^<|\n---------\n").unwrap(),
            "cannot each get a goal or hole of their own",
        ),
    ];
    for (puzzle, why) in cases {
        let (result, explained) = solve_explained(&puzzle, limits());
        let reports = explained.searches;
        assert_eq!(result.unwrap_err(), SolveError::Unsolvable { nodes: 0 });
        assert_eq!(reports.len(), 1);
        assert_eq!(reports[0].stored, 0);
        let said = reports[0].dead_start.as_deref().expect("a reason");
        assert!(said.contains(why), "{said}");
        assert!(reports[0].to_string().contains(why));
    }
    // A live start has no such reason.
    let (result, explained) =
        solve_explained(&parse_xsb("t", "#####\n#@$.#\n#####\n").unwrap(), limits());
    assert!(result.is_ok());
    assert!(explained
        .searches
        .iter()
        .all(|r| r.dead_start.is_none() && r.stored > 0));
}
