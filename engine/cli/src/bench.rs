//! `nhbot bench …`: speed measurements on the real game and on the engine's parts.

use anyhow::{bail, Context, Result};
use clap::Subcommand;
use std::path::PathBuf;

pub use crate::bench_args::GamesArgs;
use std::sync::Arc;
use std::time::{Duration, Instant};

use nhbot_bench::{AgentRunner, BrainSpec, GameRunner, GamesConfig};
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
    /// Many seeded games in parallel: results.jsonl (resumable), report.md and SVG plots.
    Games(GamesArgs),
    /// The same games as a Slurm array job (one shard per task), followed, merged, resumable.
    Slurm(crate::bench_slurm::SlurmArgs),
    /// Regenerate DIR/report.md and the plots from DIR/results.jsonl (or a/ and b/).
    Report { dir: PathBuf },
    /// Combine shard directories (or directories holding shard-*/) into OUT, with its report.
    Merge {
        out: PathBuf,
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
    },
    /// Decision time of the behavior trees and hot-reload latency (nhbot-bt with nhbot-skills).
    Tree {
        #[arg(long, default_value = "trees")]
        trees: PathBuf,
        #[arg(long, default_value_t = 20_000)]
        iterations: usize,
        /// Instead: decide with trees/main.yaml on every world snapshot (*.json) under this
        /// directory (`bench games --world-snapshots N`), `--rounds` times over; prints the CPU
        /// time per decision and the slowest leaves.
        #[arg(long)]
        worlds: Option<PathBuf>,
        /// With --worlds: rounds over the snapshots.
        #[arg(long, default_value_t = 3)]
        rounds: usize,
        /// With --worlds: write every decision (action | path | reason), one a line, here, to
        /// compare two builds' decisions on the same worlds.
        #[arg(long)]
        decisions: Option<PathBuf>,
    },
    /// Knowledge-base update + query latency (nhbot-kb).
    Kb {
        #[arg(long, default_value_t = 1000)]
        facts: usize,
    },
    /// Solve times of the 8 NetHack Sokoban maps (nhbot-sokoban).
    Sokoban,
    /// Path search across a full level (nhbot-world).
    Path,
}

pub fn run(cmd: BenchCommand) -> Result<i32> {
    match cmd {
        BenchCommand::Sync { keys, rounds } => bench_sync(keys, rounds),
        BenchCommand::Games(args) => bench_games(args),
        BenchCommand::Slurm(args) => crate::bench_slurm::run(args),
        BenchCommand::Report { dir } => {
            print_warnings(&nhbot_bench::report(&dir)?);
            println!("{}", dir.join("report.md").display());
            Ok(0)
        }
        BenchCommand::Merge { out, dirs } => {
            print_warnings(&nhbot_bench::merge(&out, &dirs)?);
            println!("{}", out.join("report.md").display());
            Ok(0)
        }
        BenchCommand::Tree {
            trees,
            worlds: Some(worlds),
            rounds,
            decisions,
            ..
        } => {
            let tree = trees.join("main.yaml");
            let report = crate::bench_worlds::bench_worlds(&tree, &worlds, rounds)?;
            if let Some(path) = decisions {
                std::fs::write(&path, report.decisions.join("\n") + "\n")
                    .with_context(|| format!("writing {}", path.display()))?;
            }
            println!("{report}");
            Ok(0)
        }
        BenchCommand::Tree {
            trees, iterations, ..
        } => bench_tree(trees, iterations),
        BenchCommand::Kb { facts } => {
            println!("{}", nhbot_kb::bench(facts));
            Ok(0)
        }
        BenchCommand::Sokoban => bench_sokoban(),
        BenchCommand::Path => {
            let (median, p99) = nhbot_world::bench_path();
            println!("path across a full 80x21 level: median {median:.1} µs, p99 {p99:.1} µs (target p99 < 200 µs)");
            Ok(0)
        }
    }
}

fn print_warnings(warnings: &[String]) {
    for w in warnings {
        eprintln!("warning: {w}");
    }
}

fn bench_games(args: GamesArgs) -> Result<i32> {
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    {
        // First Ctrl-C: running games save and end; no new game starts; a rerun resumes.
        let stop = stop.clone();
        ctrlc::set_handler(move || stop.store(true, std::sync::atomic::Ordering::Relaxed))
            .context("installing the Ctrl-C handler")?;
    }
    let runner = |brain: BrainSpec| -> Result<AgentRunner> {
        let mut r = AgentRunner::new(brain, args.max_turns);
        r.max_actions = args.max_actions;
        r.world_snapshots = args.world_snapshots;
        r.stop = stop.clone();
        r.prepare()?;
        Ok(r)
    };
    let a = runner(if args.trivial {
        BrainSpec::Trivial
    } else {
        BrainSpec::Tree(args.tree.clone())
    })?;
    let b = match &args.vs {
        Some(tree) => Some(runner(BrainSpec::Tree(tree.clone()))?),
        None => None,
    };
    let cfg = GamesConfig {
        seeds: nhbot_bench::parse_seeds(&args.seeds)?,
        shard: args.shard,
        jobs: args.jobs.unwrap_or_else(nhbot_bench::default_jobs).max(1),
        out: args.out.clone(),
        quiet: false,
        pin_cores: !args.no_pin,
    };
    let out = nhbot_bench::bench_games(&cfg, &a, b.as_ref().map(|b| b as &dyn GameRunner), &stop)?;
    print_warnings(&out.run.warnings);
    print_warnings(&out.report_warnings);
    for (dir, seed, e) in &out.run.failed {
        eprintln!("failed: seed {seed} in {}: {e}", dir.display());
    }
    println!(
        "{} games played, {} already done, {} failed, {} interrupted: {}",
        out.run.played,
        out.run.skipped,
        out.run.failed.len(),
        out.run.interrupted,
        out.dir.join("report.md").display()
    );
    let ok = out.run.failed.is_empty() && out.run.interrupted == 0;
    Ok(if ok { 0 } else { 1 })
}

fn bench_tree(trees: PathBuf, iterations: usize) -> Result<i32> {
    println!("{}", nhbot_skills::bench::bench_tick(&trees, iterations)?);
    Ok(0)
}

fn bench_sokoban() -> Result<i32> {
    println!(
        "{:<8} {:>7} {:>6} {:>8} {:>10} {:>10}",
        "map", "pushes", "moves", "nodes", "median ms", "p99 ms"
    );
    for row in nhbot_sokoban::bench::bench_maps() {
        let (pushes, moves) = row.result.map_or(("-".into(), "-".into()), |(p, m)| {
            (p.to_string(), m.to_string())
        });
        println!(
            "{:<8} {:>7} {:>6} {:>8} {:>10.2} {:>10.2}",
            row.name,
            pushes,
            moves,
            row.nodes,
            row.median.as_secs_f64() * 1e3,
            row.p99.as_secs_f64() * 1e3
        );
    }
    Ok(0)
}

/// Latency statistics of one block.
struct Block {
    keys_per_s: f64,
    median: Duration,
    p99: Duration,
    /// The engine thread's CPU time per key (waiting for the game included).
    cpu_per_key: Duration,
}

fn summarize(mut lat: Vec<Duration>, total: Duration, cpu: Duration) -> Block {
    lat.sort();
    let at = |q: f64| lat[((lat.len() as f64 - 1.0) * q) as usize];
    Block {
        keys_per_s: lat.len() as f64 / total.as_secs_f64(),
        median: at(0.5),
        p99: at(0.99),
        cpu_per_key: cpu / lat.len().max(1) as u32,
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
    let cpu = crate::cpu::thread_cpu();
    for _ in 0..keys {
        let t = Instant::now();
        out.clear();
        game.send(b"s")?;
        if game.wait(&mut out)? != Wait::Input {
            bail!("the game stopped asking for input during the benchmark");
        }
        if with_scrape {
            term.feed(&out);
            let frame = scrape(term.screen());
            sink += frame.top_line.len() + frame.status.map(|s| s.hp as usize).unwrap_or(0);
        }
        lat.push(t.elapsed());
    }
    let total = start.elapsed();
    let cpu = crate::cpu::thread_cpu().saturating_sub(cpu);
    std::hint::black_box(sink);
    game.hangup(Duration::from_secs(5)).ok();
    drop(game);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(summarize(lat, total, cpu))
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
        let cpu = blocks
            .iter()
            .map(|b| b.cpu_per_key)
            .max()
            .unwrap_or_default();
        println!("{name:<14} {med:>8.0} keys/s (median of {} blocks of {keys})   latency median {:>6.1} µs  p99 {:>7.1} µs   engine CPU {:>5.1} µs/key", blocks.len(), p50.as_secs_f64() * 1e6, p99.as_secs_f64() * 1e6, cpu.as_secs_f64() * 1e6);
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

#[cfg(test)]
mod slurm_tests {
    //! `bench slurm`'s options and the `bench games` command each task runs, through the
    //! real `bench` parser.
    use super::BenchCommand;
    use crate::bench_slurm::task_command;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(subcommand)]
        bench: BenchCommand,
    }

    fn parse(args: &[&str]) -> BenchCommand {
        Cli::try_parse_from(std::iter::once("bench").chain(args.iter().copied()))
            .unwrap_or_else(|e| panic!("{args:?}: {e}"))
            .bench
    }

    #[test]
    fn the_task_command_is_the_same_bench_games() {
        let BenchCommand::Slurm(slurm) = parse(&[
            "slurm",
            "--tree",
            "trees/x.yaml",
            "--vs",
            "trees/y.yaml",
            "--seeds",
            "1..8,20",
            "--max-turns",
            "2000",
            "--max-actions",
            "900",
            "--world-snapshots",
            "25",
            "--jobs",
            "2",
            "--out",
            "runs/s",
            "--tasks",
            "4",
            "--sbatch-arg",
            "--qos=low",
            "--sbatch-arg=--mem=1G",
            "--no-pin",
        ]) else {
            panic!("not bench slurm")
        };
        assert_eq!(slurm.tasks, 4);
        assert_eq!(slurm.sbatch_arg, vec!["--qos=low", "--mem=1G"]);
        let cmd = task_command(&slurm.games, 2).unwrap();
        // What a task runs parses back to the very same `bench games` options.
        assert_eq!(
            cmd[0],
            std::env::current_exe().unwrap().display().to_string()
        );
        assert_eq!(cmd[1..3], ["bench", "games"]);
        let again: Vec<&str> = cmd[2..].iter().map(String::as_str).collect();
        let BenchCommand::Games(games) = parse(&again) else {
            panic!("not bench games: {cmd:?}")
        };
        assert_eq!(format!("{games:?}"), format!("{:?}", slurm.games));
        let trivial = parse(&["slurm", "--trivial", "--out", "o"]);
        let BenchCommand::Slurm(trivial) = trivial else {
            panic!()
        };
        assert!(task_command(&trivial.games, 1)
            .unwrap()
            .contains(&"--trivial".to_string()));
    }

    #[test]
    fn a_shard_option_is_refused() {
        let BenchCommand::Slurm(slurm) = parse(&["slurm", "--out", "o", "--shard", "1/2"]) else {
            panic!()
        };
        assert!(task_command(&slurm.games, 1).is_err());
    }
}
