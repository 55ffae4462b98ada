//! `nhbot bench slurm`: a bench as a Slurm array job, one shard of the seeds per task.
//!
//! The run directory (`--out`, on a filesystem every node sees) holds what the tasks write,
//! `shard-i-of-n/` as `bench games --shard i/n` writes it, and beside it:
//! - `slurm/bench.sbatch`: the array script ([`script`]), also for people who submit by hand;
//! - `slurm/jobs.jsonl`: one line per submission (job id, shards), so `--resume` knows the jobs;
//! - `slurm/logs/<job>_<task>.log`: each task's output;
//! - `merged/`: every shard's results, merged, with its report, once the tasks ended.
//!
//! The submitting process follows the tasks ([`follow`]): task states from the scheduler
//! ([`scheduler`]), games done from the shards' results files ([`shards`]). A shard whose task
//! failed or was cancelled misses seeds; `--resume` resubmits only such shards, and each task
//! plays only the seeds its shard lacks.

pub mod follow;
pub mod scheduler;
pub mod script;
pub mod shards;

pub use follow::{TaskEnd, Watched};
pub use scheduler::{Scheduler, SlurmCli, TaskState};

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::seeds::Shard;

/// What the tasks run and how they are submitted.
#[derive(Clone, Debug)]
pub struct SlurmConfig {
    /// `nhbot bench games …` without `--shard` (the script adds the task's shard).
    pub task_command: Vec<String>,
    /// The seeds of the whole bench, as `bench games` reads `--seeds`.
    pub seeds: Vec<u64>,
    /// Whether the bench plays two trees (`--vs`): shards then hold `a/` and `b/`.
    pub comparison: bool,
    /// The run directory, as the task command names it (relative to `workdir`).
    pub out: PathBuf,
    /// Where the tasks start (the submitting directory, on the shared filesystem).
    pub workdir: PathBuf,
    /// Array tasks = shards.
    pub tasks: u32,
    pub cpus_per_task: usize,
    pub partition: Option<String>,
    pub time: Option<String>,
    /// More sbatch options, one per item (`--qos=low`), written as `#SBATCH` lines.
    pub sbatch_args: Vec<String>,
    pub job_name: String,
}

/// How `bench slurm` goes about it.
#[derive(Clone, Copy, Debug)]
pub struct SlurmOptions {
    /// Only write the script (and say how to submit it).
    pub no_submit: bool,
    /// Complete an earlier run: resubmit only the shards that miss seeds and run no more.
    pub resume: bool,
    /// Time between looks at the scheduler and the results files.
    pub poll: Duration,
    /// No output (tests).
    pub quiet: bool,
}

/// What a `bench slurm` run came to.
#[derive(Debug, Default)]
pub struct SlurmOutcome {
    pub script: PathBuf,
    /// The jobs submitted by this run: (job id, shards).
    pub submitted: Vec<(String, Vec<u32>)>,
    /// Tasks followed that did not complete cleanly (cancelled, failed, timed out, or completed
    /// with seeds missing), with their log files.
    pub failed: Vec<TaskEnd>,
    /// The merged directory, when any shard had results.
    pub merged: Option<PathBuf>,
    /// Warnings of the merge (corrupt or repeated results lines).
    pub merge_warnings: Vec<String>,
    /// Seeds without a result in the merged results, by shard.
    pub missing: Vec<(Shard, Vec<u64>)>,
}

impl SlurmOutcome {
    pub fn missing_seeds(&self) -> Vec<u64> {
        let mut all: Vec<u64> = self.missing.iter().flat_map(|(_, s)| s.clone()).collect();
        all.sort_unstable();
        all
    }
}

/// The files of a run directory's Slurm side.
pub struct Layout {
    pub out: PathBuf,
}

impl Layout {
    pub fn slurm_dir(&self) -> PathBuf {
        self.out.join("slurm")
    }
    pub fn script(&self) -> PathBuf {
        self.slurm_dir().join("bench.sbatch")
    }
    pub fn jobs(&self) -> PathBuf {
        self.slurm_dir().join("jobs.jsonl")
    }
    pub fn logs(&self) -> PathBuf {
        self.slurm_dir().join("logs")
    }
    /// The log of array task `task` of job `job` (the script's `--output=%A_%a.log`).
    pub fn task_log(&self, job: &str, task: u32) -> PathBuf {
        self.logs().join(format!("{job}_{task}.log"))
    }
    pub fn merged(&self) -> PathBuf {
        self.out.join("merged")
    }
}

/// One line of `slurm/jobs.jsonl`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Submission {
    pub job: String,
    pub shards: Vec<u32>,
}

pub fn read_submissions(path: &Path) -> Result<Vec<Submission>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l)
                .with_context(|| format!("{}:{}: not a submission", path.display(), i + 1))
        })
        .collect()
}

fn append_submission(path: &Path, s: &Submission) -> Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("opening {}", path.display()))?;
    writeln!(f, "{}", serde_json::to_string(s)?)
        .with_context(|| format!("writing {}", path.display()))
}

/// The latest job of each shard over the submissions (a resubmitted shard's old task is done).
pub fn latest_jobs(subs: &[Submission]) -> BTreeMap<u32, String> {
    let mut latest = BTreeMap::new();
    for s in subs {
        for &shard in &s.shards {
            latest.insert(shard, s.job.clone());
        }
    }
    latest
}

/// Writes the script (refusing, on `--resume`, a task command unlike the first run's), submits
/// the shards to run, follows them to their end, merges and names the missing seeds.
pub fn bench_slurm(
    cfg: &SlurmConfig,
    opts: SlurmOptions,
    sched: &dyn Scheduler,
) -> Result<SlurmOutcome> {
    if cfg.tasks == 0 {
        bail!("--tasks must be at least 1");
    }
    let layout = Layout {
        out: cfg.out.clone(),
    };
    let logs_abs = std::path::absolute(cfg.workdir.join(layout.logs()))
        .with_context(|| format!("resolving {}", layout.logs().display()))?;
    let script_text = script::sbatch_script(cfg, &logs_abs);
    let subs = read_submissions(&layout.jobs())?;
    if !subs.is_empty() && !opts.resume {
        bail!(
            "{} already holds a Slurm run (jobs {}): --resume completes it; or use another --out",
            cfg.out.display(),
            subs.iter()
                .map(|s| s.job.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if opts.resume {
        check_same_tasks(&layout.script(), &script_text)?;
    }
    // Slurm does not create the directory of --output: a task could not even start.
    std::fs::create_dir_all(layout.logs())
        .with_context(|| format!("creating {}", layout.logs().display()))?;
    std::fs::write(layout.script(), &script_text)
        .with_context(|| format!("writing {}", layout.script().display()))?;
    let mut outcome = SlurmOutcome {
        script: layout.script(),
        ..SlurmOutcome::default()
    };
    let say = |line: &str| {
        if !opts.quiet {
            eprintln!("{line}");
        }
    };

    let statuses = shards::shard_statuses(&cfg.out, &cfg.seeds, cfg.tasks, cfg.comparison)?;
    // Shards still queued or running from an earlier submission are followed, not resubmitted.
    let mut active: BTreeMap<u32, String> = BTreeMap::new();
    if opts.resume {
        let latest = latest_jobs(&subs);
        let mut by_job: BTreeMap<&str, BTreeMap<u32, TaskState>> = BTreeMap::new();
        for job in latest.values() {
            if !by_job.contains_key(job.as_str()) {
                by_job.insert(job, sched.tasks(job)?);
            }
        }
        for (&shard, job) in &latest {
            if by_job[job.as_str()].get(&shard).is_some_and(|t| !t.ended()) {
                active.insert(shard, job.clone());
            }
        }
    }
    let to_submit: Vec<u32> = if opts.resume {
        statuses
            .iter()
            .filter(|s| !s.complete() && !active.contains_key(&s.shard.index))
            .map(|s| s.shard.index)
            .collect()
    } else {
        (1..=cfg.tasks).collect()
    };
    let array = script::array_spec(&to_submit);
    if opts.no_submit {
        say(&format!(
            "wrote {}; submit it with: sbatch{} {}",
            layout.script().display(),
            if opts.resume && !to_submit.is_empty() {
                format!(" --array={array}")
            } else {
                String::new()
            },
            layout.script().display()
        ));
        return Ok(outcome);
    }
    for (shard, job) in &active {
        say(&format!(
            "shard {shard}/{} is still queued or running as task {job}_{shard}: following it",
            cfg.tasks
        ));
    }
    let mut watched: Vec<Watched> = active
        .iter()
        .map(|(&shard, job)| Watched {
            shard,
            job: job.clone(),
        })
        .collect();
    if !to_submit.is_empty() {
        let job = sched.submit(&layout.script(), &array)?;
        append_submission(
            &layout.jobs(),
            &Submission {
                job: job.clone(),
                shards: to_submit.clone(),
            },
        )?;
        say(&format!(
            "submitted job {job}: shards {array} of {} (logs {})",
            cfg.tasks,
            layout.task_log(&job, to_submit[0]).display()
        ));
        watched.extend(to_submit.iter().map(|&shard| Watched {
            shard,
            job: job.clone(),
        }));
        outcome.submitted.push((job, to_submit));
    } else if active.is_empty() {
        say("every shard has all its seeds: nothing to submit");
    }
    let ends = follow::follow(cfg, &layout, sched, &watched, opts)?;
    follow::finish(cfg, &layout, ends, &mut outcome)?;
    Ok(outcome)
}

/// On `--resume` the tasks must play as the first run's did (their shards' settings would
/// refuse them otherwise); the `#SBATCH` lines may change (a longer `--time`, say).
fn check_same_tasks(script_path: &Path, new_script: &str) -> Result<()> {
    let old = match std::fs::read_to_string(script_path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).with_context(|| format!("reading {}", script_path.display())),
    };
    let (old_line, new_line) = (
        script::find_task_line(&old),
        script::find_task_line(new_script),
    );
    if old_line != new_line {
        bail!(
            "--resume with other bench options than the run in {}:\n  was: {}\n  now: {}",
            script_path.display(),
            old_line.unwrap_or("(no task line)"),
            new_line.unwrap_or("(no task line)")
        );
    }
    Ok(())
}
