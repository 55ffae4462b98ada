//! nhbot-bench: hundreds of seeded games in parallel, and what to make of them.
//!
//! - [`run`]: a thread pool plays (arm, seed) jobs through a [`GameRunner`], appending each
//!   result to `results.jsonl` as it finishes; a rerun skips the seeds already there;
//! - [`real`]: the runner on the real game ([`AgentRunner`]);
//! - [`summary`], [`stats`], [`plots`], [`report`]: tables, SVG plots, `report.md`;
//! - [`compare`]: two trees on the same seeds, paired, with bootstrap intervals;
//! - [`phases`]: the plan phases games reached and completed, a table of the report;
//! - [`deaths`]: per game that died, the killer, last decisions, HP trail, what the bot tried
//!   and a cause class; the report's death sections and `deaths.jsonl`;
//! - [`milestones`]: games reaching each dungeon milestone (the Mines, Minetown, Sokoban and
//!   its levels, Mines' End...), a table of the report;
//! - [`sokoban_progress`]: games entering Sokoban, solving each level, taking the prize;
//! - [`seeds`]: seed lists and `--shard i/n`; [`report::merge`] combines shards;
//! - [`slurm`]: the shards as a Slurm array job, followed to the end, merged, resumable.

pub mod compare;
pub mod deaths;
pub mod milestones;
pub mod phases;
pub mod plots;
pub mod progress;
pub mod real;
pub mod record;
pub mod report;
pub mod run;
pub mod seeds;
pub mod slurm;
pub mod sokoban_progress;
pub mod stats;
pub mod summary;
pub mod timing;

pub use real::{AgentRunner, BrainSpec};
pub use record::{load_results, Record};
pub use report::{merge, report};
pub use run::{default_jobs, run_games, Arm, GameRunner, RunOptions, RunOutcome};
pub use seeds::{parse_seeds, Shard};
pub use summary::Summary;

use anyhow::Result;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

/// A `bench games` invocation.
#[derive(Clone, Debug)]
pub struct GamesConfig {
    pub seeds: Vec<u64>,
    pub shard: Option<Shard>,
    pub jobs: usize,
    pub out: PathBuf,
    pub quiet: bool,
    /// Each game and the engine thread playing it on one core ([`RunOptions::pin_cores`]).
    pub pin_cores: bool,
}

/// What a `bench games` run did and where.
#[derive(Debug)]
pub struct GamesOutcome {
    /// Where the results and report are (`out`, or `out/shard-i-of-n`).
    pub dir: PathBuf,
    pub run: RunOutcome,
    /// Warnings about results lines, from writing the report.
    pub report_warnings: Vec<String>,
}

/// Plays the (sharded) seeds with `a`, and with `b` on the same seeds when comparing, then
/// writes the report. A comparison puts each arm in `a/` and `b/` under the directory.
pub fn bench_games(
    cfg: &GamesConfig,
    a: &dyn GameRunner,
    b: Option<&dyn GameRunner>,
    stop: &AtomicBool,
) -> Result<GamesOutcome> {
    let seeds = match cfg.shard {
        Some(shard) => shard.select(&cfg.seeds),
        None => cfg.seeds.clone(),
    };
    let dir = match cfg.shard {
        Some(shard) => cfg.out.join(shard.dir_name()),
        None => cfg.out.clone(),
    };
    let arms: Vec<Arm> = match b {
        None => vec![Arm {
            dir: dir.clone(),
            runner: a,
        }],
        Some(b) => vec![
            Arm {
                dir: dir.join(report::ARMS[0]),
                runner: a,
            },
            Arm {
                dir: dir.join(report::ARMS[1]),
                runner: b,
            },
        ],
    };
    let opts = RunOptions {
        jobs: cfg.jobs,
        quiet: cfg.quiet,
        pin_cores: cfg.pin_cores,
    };
    let run = run_games(&arms, &seeds, opts, stop)?;
    let report_warnings = report(&dir)?;
    Ok(GamesOutcome {
        dir,
        run,
        report_warnings,
    })
}
