//! Talking to Slurm: `sbatch --parsable` submits, `scontrol show job -o` says what each array task
//! is doing (there is no `sacct` on clusters without accounting). Behind a trait so the following
//! logic is tested without a cluster.

use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// One array task as the scheduler last reported it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskState {
    /// The array index (= shard index).
    pub task: u32,
    /// Slurm's job state: PENDING, RUNNING, COMPLETED, FAILED, CANCELLED, TIMEOUT, …
    pub state: String,
    /// `exit:signal`, as scontrol prints it (`0:15` for a task ended by SIGTERM).
    pub exit_code: Option<String>,
}

impl TaskState {
    pub fn ended(&self) -> bool {
        is_final(&self.state)
    }
}

/// States a job does not leave (every other state may still run or be requeued).
pub fn is_final(state: &str) -> bool {
    matches!(
        state,
        "COMPLETED"
            | "FAILED"
            | "CANCELLED"
            | "TIMEOUT"
            | "NODE_FAIL"
            | "PREEMPTED"
            | "BOOT_FAIL"
            | "DEADLINE"
            | "OUT_OF_MEMORY"
            | "REVOKED"
    )
}

pub trait Scheduler {
    /// Submits the array tasks `array` (`1-4`, `2,4`) of `script`; returns the job id.
    fn submit(&self, script: &Path, array: &str) -> Result<String>;

    /// The tasks of array job `job` the scheduler still knows, by index. Tasks it has forgotten
    /// (ended long ago, or cancelled while pending) are absent.
    fn tasks(&self, job: &str) -> Result<BTreeMap<u32, TaskState>>;
}

/// The real Slurm, through its commands (`SLURM_CONF` and `PATH` as the caller has them).
pub struct SlurmCli;

impl Scheduler for SlurmCli {
    fn submit(&self, script: &Path, array: &str) -> Result<String> {
        let out = Command::new("sbatch")
            .arg("--parsable")
            .arg(format!("--array={array}"))
            .arg(script)
            .output()
            .context("running sbatch (is Slurm installed and this a submit host?)")?;
        if !out.status.success() {
            bail!(
                "sbatch failed ({}): {}",
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        parse_job_id(&String::from_utf8_lossy(&out.stdout))
    }

    fn tasks(&self, job: &str) -> Result<BTreeMap<u32, TaskState>> {
        let out = Command::new("scontrol")
            .args(["show", "job", "-o", job])
            .output()
            .context("running scontrol")?;
        let stderr = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() {
            // The controller purges ended jobs after MinJobAge: nothing left to say.
            if stderr.contains("Invalid job id") {
                return Ok(BTreeMap::new());
            }
            bail!("scontrol show job {job} failed: {}", stderr.trim());
        }
        parse_scontrol_jobs(&String::from_utf8_lossy(&out.stdout))
    }
}

/// `sbatch --parsable` prints `id` or `id;cluster`.
pub fn parse_job_id(stdout: &str) -> Result<String> {
    let id = stdout.trim().split(';').next().unwrap_or("").trim();
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_digit()) {
        bail!("sbatch printed {stdout:?}, not a job id");
    }
    Ok(id.to_string())
}

/// The array tasks in `scontrol show job -o` output: one record a line; a record of pending
/// tasks covers a list of them (`ArrayTaskId=2,4-6`).
pub fn parse_scontrol_jobs(text: &str) -> Result<BTreeMap<u32, TaskState>> {
    let mut tasks = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let field = |key: &str| {
            line.split_whitespace()
                .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
        };
        let (Some(ids), Some(state)) = (field("ArrayTaskId"), field("JobState")) else {
            continue; // not an array job's record
        };
        for task in parse_task_list(ids).with_context(|| format!("scontrol record: {line}"))? {
            tasks.insert(
                task,
                TaskState {
                    task,
                    state: state.to_string(),
                    exit_code: field("ExitCode").map(str::to_string),
                },
            );
        }
    }
    Ok(tasks)
}

/// `1-3,7`, `1-7:2` (a step) and `1-4%2` (a throttle) into the indices.
fn parse_task_list(list: &str) -> Result<Vec<u32>> {
    let list = list.split('%').next().unwrap_or("");
    let mut out = Vec::new();
    for part in list.split(',').filter(|p| !p.is_empty()) {
        let (range, step) = match part.split_once(':') {
            Some((r, s)) => (r, s.parse::<u32>().context("array step")?.max(1)),
            None => (part, 1),
        };
        match range.split_once('-') {
            Some((a, b)) => {
                let (a, b): (u32, u32) = (a.parse()?, b.parse()?);
                out.extend((a..=b).step_by(step as usize));
            }
            None => out.push(range.parse().context("array task id")?),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn job_ids_come_with_or_without_a_cluster_name() {
        assert_eq!(parse_job_id("4242\n").unwrap(), "4242");
        assert_eq!(parse_job_id("17;cluster-a\n").unwrap(), "17");
        assert!(parse_job_id("sbatch: error: oops").is_err());
        assert!(parse_job_id("").is_err());
    }

    #[test]
    fn scontrol_records_give_each_task_its_state() {
        // Shapes seen from Slurm 22.05: the pending remainder of the array in one record, and
        // one record per started task.
        let text = "\
JobId=7 ArrayJobId=7 ArrayTaskId=4-6%2 JobName=nhbot-bench JobState=PENDING Reason=JobArrayTaskLimit ExitCode=0:0 RunTime=00:00:00
JobId=9 ArrayJobId=7 ArrayTaskId=3 JobName=nhbot-bench JobState=RUNNING Reason=None ExitCode=0:0 RunTime=00:00:12
JobId=8 ArrayJobId=7 ArrayTaskId=2 JobName=nhbot-bench JobState=CANCELLED Reason=None ExitCode=0:15 RunTime=00:00:03
JobId=10 ArrayJobId=7 ArrayTaskId=1 JobName=nhbot-bench JobState=COMPLETED Reason=None ExitCode=0:0
";
        let tasks = parse_scontrol_jobs(text).unwrap();
        let states: Vec<(u32, &str, bool)> = tasks
            .values()
            .map(|t| (t.task, t.state.as_str(), t.ended()))
            .collect();
        assert_eq!(
            states,
            vec![
                (1, "COMPLETED", true),
                (2, "CANCELLED", true),
                (3, "RUNNING", false),
                (4, "PENDING", false),
                (5, "PENDING", false),
                (6, "PENDING", false),
            ]
        );
        assert_eq!(tasks[&2].exit_code.as_deref(), Some("0:15"));
    }

    #[test]
    fn task_lists_expand_ranges_steps_and_lists() {
        assert_eq!(parse_task_list("1-3,7").unwrap(), vec![1, 2, 3, 7]);
        assert_eq!(parse_task_list("1-7:3").unwrap(), vec![1, 4, 7]);
        assert_eq!(parse_task_list("2,4%1").unwrap(), vec![2, 4]);
        assert!(parse_task_list("x").is_err());
    }

    #[test]
    fn records_of_plain_jobs_are_ignored() {
        let tasks = parse_scontrol_jobs("JobId=3 JobName=x JobState=RUNNING\n").unwrap();
        assert!(tasks.is_empty());
    }
}
