//! `nhbot bench slurm`: `bench games` as a Slurm array job (nhbot_bench::slurm does the work).

use anyhow::{bail, Context, Result};
use clap::Args;
use std::time::Duration;

use crate::bench_args::GamesArgs;
use nhbot_bench::slurm::{bench_slurm, SlurmCli, SlurmConfig, SlurmOptions};

#[derive(Args, Clone, Debug)]
#[command(
    after_help = "Here --jobs is the games at once per task (default 1), also each task's \
                  --cpus-per-task; each task gets its own --shard. --out must be on a filesystem \
                  every node shares."
)]
pub struct SlurmArgs {
    /// The bench, as for `bench games` (`--jobs`: games at once per task, default 1, also the
    /// task's `--cpus-per-task`). `--out` must be on a filesystem every node shares.
    #[command(flatten)]
    pub games: GamesArgs,
    /// Array tasks, one shard of the seeds each.
    #[arg(long, default_value_t = 10)]
    pub tasks: u32,
    /// The partition to run in (default: the cluster's).
    #[arg(long)]
    pub partition: Option<String>,
    /// Time limit per task, as sbatch reads it (`30`, `1:30:00`, `1-00:00:00`).
    #[arg(long)]
    pub time: Option<String>,
    /// One more sbatch option, e.g. `--sbatch-arg=--qos=low` (repeatable).
    #[arg(long, value_name = "ARG", allow_hyphen_values = true)]
    pub sbatch_arg: Vec<String>,
    /// Only write OUT/slurm/bench.sbatch, to submit by hand.
    #[arg(long)]
    pub no_submit: bool,
    /// Complete an earlier run into OUT: resubmit only the shards that miss seeds (and follow
    /// those still queued or running).
    #[arg(long)]
    pub resume: bool,
    /// Seconds between looks at the scheduler and the results.
    #[arg(long, default_value_t = 5.0)]
    pub poll_secs: f64,
}

/// The `bench games` command line a task runs (without `--shard`, which the script adds).
/// Paths stay as given: tasks start in this directory (`--chdir`), so results name the tree
/// as a local run does.
pub fn task_command(games: &GamesArgs, jobs: usize) -> Result<Vec<String>> {
    // Every field named: a new `bench games` option does not compile here until it is passed on.
    let GamesArgs {
        tree,
        trivial,
        vs,
        seeds,
        jobs: _,
        max_turns,
        max_actions,
        out,
        shard,
        world_snapshots,
        no_pin,
    } = games;
    if shard.is_some() {
        bail!("--shard is for one task; bench slurm gives each task its shard");
    }
    let exe = std::env::current_exe().context("finding the nhbot binary")?;
    let mut cmd: Vec<String> = vec![exe.display().to_string(), "bench".into(), "games".into()];
    let mut opt = |name: &str, value: String| {
        cmd.push(format!("--{name}"));
        cmd.push(value);
    };
    opt("tree", tree.display().to_string());
    if let Some(vs) = vs {
        opt("vs", vs.display().to_string());
    }
    opt("seeds", seeds.clone());
    opt("jobs", jobs.to_string());
    if let Some(t) = max_turns {
        opt("max-turns", t.to_string());
    }
    if let Some(a) = max_actions {
        opt("max-actions", a.to_string());
    }
    if let Some(n) = world_snapshots {
        opt("world-snapshots", n.to_string());
    }
    opt("out", out.display().to_string());
    if *trivial {
        cmd.push("--trivial".into());
    }
    if *no_pin {
        cmd.push("--no-pin".into());
    }
    Ok(cmd)
}

pub fn run(args: SlurmArgs) -> Result<i32> {
    let jobs = args.games.jobs.unwrap_or(1).max(1);
    let cfg = SlurmConfig {
        task_command: task_command(&args.games, jobs)?,
        seeds: nhbot_bench::parse_seeds(&args.games.seeds)?,
        comparison: args.games.vs.is_some(),
        out: args.games.out.clone(),
        workdir: std::env::current_dir().context("the current directory")?,
        tasks: args.tasks,
        cpus_per_task: jobs,
        partition: args.partition,
        time: args.time,
        sbatch_args: args.sbatch_arg,
        job_name: "nhbot-bench".into(),
    };
    if !args.poll_secs.is_finite() || args.poll_secs < 0.0 {
        bail!("--poll-secs must be a number of seconds");
    }
    let opts = SlurmOptions {
        no_submit: args.no_submit,
        resume: args.resume,
        poll: Duration::from_secs_f64(args.poll_secs),
        quiet: false,
    };
    let outcome = bench_slurm(&cfg, opts, &SlurmCli)?;
    if args.no_submit {
        return Ok(0);
    }
    for w in &outcome.merge_warnings {
        eprintln!("warning: {w}");
    }
    for task in &outcome.failed {
        eprintln!("failed: {}", task.describe());
    }
    for (shard, seeds) in &outcome.missing {
        let seeds: Vec<String> = seeds.iter().map(u64::to_string).collect();
        eprintln!("missing: shard {shard}: seeds {}", seeds.join(", "));
    }
    if !outcome.missing.is_empty() {
        eprintln!(
            "{} of {} seeds missing: `nhbot bench slurm --resume` with the same options runs their shards again",
            outcome.missing_seeds().len(),
            cfg.seeds.len()
        );
    }
    match &outcome.merged {
        Some(dir) => println!("{}", dir.join("report.md").display()),
        None => eprintln!("no shard has results: nothing merged"),
    }
    Ok(if outcome.missing.is_empty() { 0 } else { 1 })
}
