//! Timing helpers for the CLI: the 8 NetHack maps and a classic collection.

use crate::{parse_levels, solve, Limits, Puzzle};
use anyhow::Result;
use std::path::Path;
use std::time::{Duration, Instant};

/// The 8 NetHack 3.6.6 Sokoban maps (bottom level first), as shipped in data/sokoban/.
pub const NETHACK_MAPS: [(&str, &str); 8] = [
    ("soko4-1", include_str!("../../../data/sokoban/soko4-1.txt")),
    ("soko4-2", include_str!("../../../data/sokoban/soko4-2.txt")),
    ("soko3-1", include_str!("../../../data/sokoban/soko3-1.txt")),
    ("soko3-2", include_str!("../../../data/sokoban/soko3-2.txt")),
    ("soko2-1", include_str!("../../../data/sokoban/soko2-1.txt")),
    ("soko2-2", include_str!("../../../data/sokoban/soko2-2.txt")),
    ("soko1-1", include_str!("../../../data/sokoban/soko1-1.txt")),
    ("soko1-2", include_str!("../../../data/sokoban/soko1-2.txt")),
];

/// Parses the built-in NetHack maps.
pub fn nethack_maps() -> Vec<Puzzle> {
    NETHACK_MAPS
        .iter()
        .map(|(name, text)| {
            let mut levels = parse_levels(text)
                .unwrap_or_else(|e| panic!("built-in map {name} is broken: {e:#}"));
            levels.remove(0)
        })
        .collect()
}

/// Timing of one map over several runs.
#[derive(Clone, Debug)]
pub struct BenchRow {
    pub name: String,
    /// Pushes and moves of the solution, or `None` if unsolved.
    pub result: Option<(usize, usize)>,
    pub nodes: usize,
    pub runs: usize,
    pub median: Duration,
    pub p99: Duration,
}

const RUNS: usize = 5;
const SLOW: Duration = Duration::from_secs(5);

/// Solves each NetHack map up to `RUNS` times (fewer once a map has used 5 s) with default
/// limits and reports median / p99 time; `runs` says how many were made.
pub fn bench_maps() -> Vec<BenchRow> {
    nethack_maps()
        .iter()
        .map(|p| bench_one(p, RUNS, Limits::default()))
        .collect()
}

fn bench_one(puzzle: &Puzzle, runs: usize, limits: Limits) -> BenchRow {
    let mut times = Vec::with_capacity(runs);
    let mut result = None;
    let mut nodes = 0;
    let began = Instant::now();
    for _ in 0..runs {
        // Slow maps get fewer runs so a full bench stays within minutes.
        if !times.is_empty() && began.elapsed() > SLOW {
            break;
        }
        let start = Instant::now();
        let outcome = solve(puzzle, limits);
        times.push(start.elapsed());
        match outcome {
            Ok(s) => {
                result = Some((s.pushes, s.moves));
                nodes = s.nodes;
            }
            Err(
                crate::SolveError::Unsolvable { nodes: n }
                | crate::SolveError::LimitHit { nodes: n, .. },
            ) => nodes = n,
            Err(_) => {}
        }
    }
    times.sort();
    let pick = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    BenchRow {
        name: puzzle.title.clone(),
        result,
        nodes,
        runs: times.len(),
        median: pick(0.5),
        p99: pick(0.99),
    }
}

/// Outcome of solving a whole collection once.
#[derive(Clone, Debug)]
pub struct CollectionReport {
    pub levels: usize,
    pub solved: usize,
    pub unsolvable: usize,
    pub limit_hit: usize,
    pub total: Duration,
    pub slowest: Option<(String, Duration)>,
}

/// Solves every level of a collection file once.
pub fn bench_collection(path: &Path, limits: Limits) -> Result<CollectionReport> {
    let start = Instant::now();
    let text = std::fs::read_to_string(path)?;
    let levels = parse_levels(&text)?;
    let mut report = CollectionReport {
        levels: levels.len(),
        solved: 0,
        unsolvable: 0,
        limit_hit: 0,
        total: Duration::ZERO,
        slowest: None,
    };
    for level in &levels {
        let t = Instant::now();
        match solve(level, limits) {
            Ok(_) => report.solved += 1,
            Err(crate::SolveError::LimitHit { .. }) => report.limit_hit += 1,
            Err(_) => report.unsolvable += 1,
        }
        let took = t.elapsed();
        if report.slowest.as_ref().is_none_or(|(_, d)| took > *d) {
            report.slowest = Some((level.title.clone(), took));
        }
    }
    report.total = start.elapsed();
    Ok(report)
}
