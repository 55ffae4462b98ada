//! Exploration coverage on the real game (issue: world model, navigation and exploration).
//!
//! For each seed: the true extent of Dlvl 1 from a wizard-mode run of the same seed (magic
//! mapping, ^F), then a normal game with the default tree: the share of Dlvl 1's squares seen
//! before descending, hidden doors/corridors found, depth at turn 3,000, and whether it ended
//! "stuck". Prints a markdown table and medians.
//!
//! `cargo run --release -p nhbot-agent --example explore_coverage -- [SEEDS] [TREE]`
//! (SEEDS like 1..20; TREE default trees/main.yaml; run from the repo root)

use anyhow::{Context, Result};
use nhbot_agent::{Brain, Runner, TreeBrain};
use nhbot_game::GameConfig;
use std::path::{Path, PathBuf};

const TURN_BUDGET: i64 = 3000;
const WATCHDOG: u32 = 1000;

fn scratch(tag: &str, seed: u64) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "nhbot-coverage-{}-{tag}-{seed}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Ends a measuring game and removes its playground.
fn discard(mut runner: Runner, cfg: &GameConfig) {
    runner
        .session
        .game
        .hangup(std::time::Duration::from_secs(5))
        .ok();
    let _ = std::fs::remove_dir_all(&cfg.playground);
}

/// Squares of Dlvl 1 as magic mapping shows them in a wizard-mode game of the same seed.
fn true_extent(seed: u64) -> Result<usize> {
    let mut cfg = GameConfig::new(scratch("wiz", seed));
    cfg.seed = Some(seed);
    cfg.wizard = true;
    let mut runner = Runner::start(&cfg)?;
    runner.session.send_raw("\x06")?; // ^F: map the level (wizard mode)
    runner.observe();
    let n = runner
        .session
        .term
        .screen()
        .map_cells()
        .iter()
        .filter(|c| c.ch != ' ')
        .count();
    discard(runner, &cfg);
    Ok(n)
}

struct Row {
    seed: u64,
    extent: usize,
    seen_dlvl1: u32,
    hidden_found: u32,
    depth_at_budget: i32,
    end: &'static str,
}

fn play(seed: u64, tree: &Path) -> Result<Row> {
    let extent = true_extent(seed)?;
    let mut cfg = GameConfig::new(scratch("play", seed));
    cfg.seed = Some(seed);
    let mut runner = Runner::start(&cfg)?;
    let mut brain = TreeBrain::load(tree)?;
    let mut seen_dlvl1 = None;
    let (mut last_turn, mut idle) = (runner.world.turn, 0u32);
    let end = loop {
        if runner.session.ended {
            break "died";
        }
        if runner.world.turn >= TURN_BUDGET {
            break "budget";
        }
        if idle >= WATCHDOG {
            break "stuck";
        }
        let stats = runner.world.level_stats();
        if seen_dlvl1.is_none() && runner.world.status.dlvl > 1 {
            seen_dlvl1 = stats.iter().find(|s| s.depth == 1).map(|s| s.squares_seen);
        }
        let d = brain.decide(&runner.world);
        runner.act(&d)?;
        if runner.world.turn == last_turn {
            idle += 1;
        } else {
            (last_turn, idle) = (runner.world.turn, 0);
        }
    };
    let stats = runner.world.level_stats();
    let dlvl1 = stats.iter().find(|s| s.depth == 1);
    let row = Row {
        seed,
        extent,
        seen_dlvl1: seen_dlvl1.or(dlvl1.map(|s| s.squares_seen)).unwrap_or(0),
        hidden_found: stats
            .iter()
            .map(|s| s.hidden_doors_found + s.hidden_corridors_found)
            .sum(),
        depth_at_budget: stats.iter().map(|s| s.depth).max().unwrap_or(1),
        end,
    };
    discard(runner, &cfg);
    Ok(row)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let seeds = args.get(1).map(String::as_str).unwrap_or("1..20");
    let (a, b) = seeds.split_once("..").context("SEEDS like 1..20")?;
    let (a, b): (u64, u64) = (a.parse()?, b.parse()?);
    let tree = PathBuf::from(args.get(2).map(String::as_str).unwrap_or("trees/main.yaml"));
    println!("| seed | Dlvl 1 squares (magic map) | seen before descending | share | hidden doors+corridors found | max depth by T{TURN_BUDGET} | end |");
    println!("|---:|---:|---:|---:|---:|---:|---|");
    let mut rows = Vec::new();
    for seed in a..=b {
        let r = play(seed, &tree)?;
        let share = r.seen_dlvl1 as f64 / r.extent.max(1) as f64;
        println!(
            "| {} | {} | {} | {:.0}% | {} | {} | {} |",
            r.seed,
            r.extent,
            r.seen_dlvl1,
            share * 100.0,
            r.hidden_found,
            r.depth_at_budget,
            r.end
        );
        rows.push((share, r));
    }
    println!();
    println!(
        "median share of Dlvl 1 seen before descending: {:.0}%",
        100.0 * median(rows.iter().map(|(s, _)| *s).collect())
    );
    println!(
        "median hidden doors/corridors found: {}",
        median(rows.iter().map(|(_, r)| r.hidden_found as f64).collect())
    );
    println!(
        "median max depth by turn {TURN_BUDGET}: {}",
        median(rows.iter().map(|(_, r)| r.depth_at_budget as f64).collect())
    );
    println!(
        "games ending stuck: {}",
        rows.iter().filter(|(_, r)| r.end == "stuck").count()
    );
    Ok(())
}
