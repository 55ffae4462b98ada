//! Following submitted tasks to their end, then merging the shards and naming missing seeds.

use anyhow::{bail, Result};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use super::scheduler::{Scheduler, TaskState};
use super::shards::{self, Counts};
use super::{Layout, SlurmConfig, SlurmOptions, SlurmOutcome};
use crate::seeds::Shard;

/// A shard's task being followed: array task `shard` of job `job`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watched {
    pub shard: u32,
    pub job: String,
}

/// How a followed task ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskEnd {
    pub shard: Shard,
    pub job: String,
    /// Slurm's final state, or `GONE` when the scheduler no longer knows the task (it was
    /// cancelled while pending, or ended longer ago than the controller keeps jobs).
    pub state: String,
    pub exit_code: Option<String>,
    pub log: PathBuf,
    /// The shard's seeds without a result when the task ended.
    pub missing: Vec<u64>,
}

impl TaskEnd {
    pub fn ok(&self) -> bool {
        self.state == "COMPLETED" && self.missing.is_empty()
    }

    pub fn describe(&self) -> String {
        let exit = self
            .exit_code
            .as_deref()
            .map_or(String::new(), |e| format!(", exit {e}"));
        if self.ok() {
            return format!(
                "shard {} (task {}_{}) completed{exit}",
                self.shard, self.job, self.shard.index
            );
        }
        let missing = if self.missing.is_empty() {
            String::new()
        } else {
            format!(", seeds missing: {}", join(&self.missing))
        };
        format!(
            "shard {} (task {}_{}) ended {}{exit}{missing}; log: {}",
            self.shard,
            self.job,
            self.shard.index,
            self.state,
            self.log.display()
        )
    }
}

fn join(seeds: &[u64]) -> String {
    seeds
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Scheduler errors in a row before giving up (a controller restarting is a few polls away).
const MAX_POLL_ERRORS: u32 = 20;

/// Polls the scheduler and the shards' results until every watched task ended; reports each
/// end as it comes and a progress line; returns how each ended.
pub fn follow(
    cfg: &SlurmConfig,
    layout: &Layout,
    sched: &dyn Scheduler,
    watched: &[Watched],
    opts: SlurmOptions,
) -> Result<Vec<TaskEnd>> {
    let started = Instant::now();
    let in_place = !opts.quiet && std::io::stderr().is_terminal();
    let shard_of = |index: u32| Shard {
        index,
        count: cfg.tasks,
    };
    let total_games = |st: &[shards::ShardStatus]| -> usize {
        let arms = if cfg.comparison { 2 } else { 1 };
        watched
            .iter()
            .map(|w| st[w.shard as usize - 1].seeds.len() * arms)
            .sum()
    };
    let games_done = |st: &[shards::ShardStatus]| -> usize {
        watched
            .iter()
            .map(|w| st[w.shard as usize - 1].games_done)
            .sum()
    };
    let at_start = games_done(&shards::shard_statuses(
        &cfg.out,
        &cfg.seeds,
        cfg.tasks,
        cfg.comparison,
    )?);
    let mut ended: BTreeMap<u32, TaskEnd> = BTreeMap::new();
    let mut errors = 0;
    let mut last_counts: Option<Counts> = None;
    loop {
        let jobs: BTreeSet<&str> = watched.iter().map(|w| w.job.as_str()).collect();
        let mut states: BTreeMap<&str, BTreeMap<u32, TaskState>> = BTreeMap::new();
        let mut failed_poll = None;
        for job in jobs {
            match sched.tasks(job) {
                Ok(t) => {
                    states.insert(job, t);
                }
                Err(e) => failed_poll = Some(e),
            }
        }
        if let Some(e) = failed_poll {
            errors += 1;
            if errors >= MAX_POLL_ERRORS {
                bail!("asking the scheduler failed {errors} times in a row: {e:#}");
            }
            if !opts.quiet {
                eprintln!("warning: {e:#} (will ask again)");
            }
            std::thread::sleep(opts.poll);
            continue;
        }
        errors = 0;
        let status = shards::shard_statuses(&cfg.out, &cfg.seeds, cfg.tasks, cfg.comparison)?;
        let mut counts = Counts {
            shards: watched.len(),
            games: total_games(&status),
            games_done: games_done(&status),
            ..Counts::default()
        };
        for w in watched {
            if ended.contains_key(&w.shard) {
                continue;
            }
            let task = states[w.job.as_str()].get(&w.shard);
            match task {
                Some(t) if !t.ended() => {
                    if matches!(t.state.as_str(), "RUNNING" | "COMPLETING" | "CONFIGURING") {
                        counts.running += 1;
                    } else {
                        counts.pending += 1;
                    }
                }
                _ => {
                    let end = TaskEnd {
                        shard: shard_of(w.shard),
                        job: w.job.clone(),
                        state: task.map_or("GONE".into(), |t| t.state.clone()),
                        exit_code: task.and_then(|t| t.exit_code.clone()),
                        log: layout.task_log(&w.job, w.shard),
                        missing: status[w.shard as usize - 1].missing(),
                    };
                    if !opts.quiet {
                        let clear = if in_place { "\r\x1b[K" } else { "" };
                        eprintln!("{clear}{}", end.describe());
                    }
                    ended.insert(w.shard, end);
                }
            }
        }
        counts.shards_ended = ended.len();
        let eta = shards::eta(at_start, &counts, started.elapsed());
        if !opts.quiet {
            let line = shards::progress_line(&counts, started.elapsed(), eta);
            if in_place {
                eprint!("\r\x1b[K{line}");
                let _ = std::io::stderr().flush();
            } else if last_counts != Some(counts) {
                // The time changes every poll: a plain log gets a line only on news.
                eprintln!("{line}");
            }
            last_counts = Some(counts);
        }
        if ended.len() == watched.len() {
            if in_place {
                eprintln!();
            }
            break;
        }
        std::thread::sleep(opts.poll);
    }
    Ok(ended.into_values().collect())
}

/// Merges the shards that have results into `merged/` (with its report), records the seeds the
/// merged results lack, by shard, and the tasks that did not end cleanly. A task's missing seeds
/// are counted again here: a cancelled task's processes may outlive the state Slurm reports.
pub fn finish(
    cfg: &SlurmConfig,
    layout: &Layout,
    ends: Vec<TaskEnd>,
    outcome: &mut SlurmOutcome,
) -> Result<()> {
    let dirs: Vec<PathBuf> = (1..=cfg.tasks)
        .map(|index| {
            cfg.out.join(
                Shard {
                    index,
                    count: cfg.tasks,
                }
                .dir_name(),
            )
        })
        .filter(|d| {
            shards::arm_dirs(d, cfg.comparison)
                .iter()
                .all(|a| a.join(crate::record::RESULTS_FILE).exists())
        })
        .collect();
    let merged = layout.merged();
    let have: Vec<u64> = if dirs.is_empty() {
        Vec::new()
    } else {
        outcome.merge_warnings = crate::report::merge(&merged, &dirs)?;
        outcome.merged = Some(merged.clone());
        shards::seeds_done(&merged, &cfg.seeds, cfg.comparison)?.0
    };
    outcome.missing = (1..=cfg.tasks)
        .map(|index| Shard {
            index,
            count: cfg.tasks,
        })
        .map(|shard| {
            let missing: Vec<u64> = shard
                .select(&cfg.seeds)
                .into_iter()
                .filter(|s| !have.contains(s))
                .collect();
            (shard, missing)
        })
        .filter(|(_, m)| !m.is_empty())
        .collect();
    outcome.failed = ends
        .into_iter()
        .map(|mut end| {
            end.missing = outcome
                .missing
                .iter()
                .find(|(shard, _)| *shard == end.shard)
                .map_or(Vec::new(), |(_, m)| m.clone());
            end
        })
        .filter(|end| !end.ok())
        .collect();
    Ok(())
}
