//! `nhbot bench …`: speed measurements on the real game and on the engine's parts.

use anyhow::{bail, Result};
use clap::Subcommand;
use std::time::{Duration, Instant};

use nhbot_game::{Game, GameConfig, Wait};
use nhbot_screen::{scrape, Terminal};

#[derive(Subcommand, Clone, Debug)]
pub enum BenchCommand {
    /// Keys/s of the bare loop (send a key, wait for input) and of loop + full scrape.
    Sync {
        /// Keys per measured block.
        #[arg(long, default_value_t = 2000)]
        keys: usize,
        /// Blocks of each kind, alternated (bare, scrape, bare, ...).
        #[arg(long, default_value_t = 3)]
        rounds: usize,
    },
}

pub fn run(cmd: BenchCommand) -> Result<i32> {
    match cmd {
        BenchCommand::Sync { keys, rounds } => bench_sync(keys, rounds),
    }
}

/// Latency statistics of one block.
struct Block {
    keys_per_s: f64,
    median: Duration,
    p99: Duration,
}

fn summarize(mut lat: Vec<Duration>, total: Duration) -> Block {
    lat.sort();
    let at = |q: f64| lat[((lat.len() as f64 - 1.0) * q) as usize];
    Block {
        keys_per_s: lat.len() as f64 / total.as_secs_f64(),
        median: at(0.5),
        p99: at(0.99),
    }
}

/// One block on a fresh seeded game: `keys` searches (each a game turn with a status update).
fn sync_block(keys: usize, with_scrape: bool, seed: u64) -> Result<Block> {
    let dir = std::env::temp_dir().join(format!("nhbot-bench-sync-{}-{seed}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut cfg = GameConfig::new(dir.clone());
    cfg.seed = Some(seed);
    let mut game = Game::start(&cfg)?;
    let mut term = Terminal::new();
    let mut out = Vec::with_capacity(1 << 16);
    if game.wait(&mut out)? != Wait::Input {
        bail!("the game did not start");
    }
    term.feed(&out);
    let mut lat = Vec::with_capacity(keys);
    let mut sink = 0usize;
    let start = Instant::now();
    for _ in 0..keys {
        let t = Instant::now();
        out.clear();
        game.send(b"s")?;
        if game.wait(&mut out)? != Wait::Input {
            bail!("the game stopped asking for input during the benchmark");
        }
        if with_scrape {
            term.feed(&out);
            let frame = scrape(&term.screen());
            sink += frame.top_line.len() + frame.status.map(|s| s.hp as usize).unwrap_or(0);
        }
        lat.push(t.elapsed());
    }
    let total = start.elapsed();
    std::hint::black_box(sink);
    game.hangup(Duration::from_secs(5)).ok();
    drop(game);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(summarize(lat, total))
}

fn bench_sync(keys: usize, rounds: usize) -> Result<i32> {
    let (mut bare, mut scraped) = (Vec::new(), Vec::new());
    for r in 0..rounds {
        bare.push(sync_block(keys, false, 1000 + r as u64)?);
        scraped.push(sync_block(keys, true, 1000 + r as u64)?);
    }
    let report = |name: &str, blocks: &[Block]| {
        let mut rates: Vec<f64> = blocks.iter().map(|b| b.keys_per_s).collect();
        rates.sort_by(|a, b| a.total_cmp(b));
        let med = rates[rates.len() / 2];
        let p50 = blocks.iter().map(|b| b.median).max().unwrap_or_default();
        let p99 = blocks.iter().map(|b| b.p99).max().unwrap_or_default();
        println!("{name:<14} {med:>8.0} keys/s (median of {} blocks of {keys})   latency median {:>6.1} µs  p99 {:>7.1} µs", blocks.len(), p50.as_secs_f64() * 1e6, p99.as_secs_f64() * 1e6);
        med
    };
    let b = report("bare loop", &bare);
    let s = report("loop + scrape", &scraped);
    println!(
        "scrape/bare ratio {:.2} (target ≥ 0.8; bare target ≥ 4,000 keys/s)",
        s / b
    );
    Ok(0)
}
