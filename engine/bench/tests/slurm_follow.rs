//! `bench slurm` without Slurm: a fake scheduler runs each submitted array task as the script
//! would (`bench games --shard i/n` with a fake game runner), one step per poll, and can cancel
//! a task part-way. Checks what is submitted, followed, reported, merged and resumed.

mod common;

use anyhow::Result;
use common::{fake_line, FakeRunner};
use nhbot_bench::record::RESULTS_FILE;
use nhbot_bench::slurm::{
    bench_slurm, read_submissions, Layout, Scheduler, SlurmConfig, SlurmOptions, TaskState,
};
use nhbot_bench::{bench_games, load_results, GamesConfig, Shard};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What a fake task does when it runs.
#[derive(Clone, Copy, PartialEq)]
enum Fate {
    Complete,
    /// Plays only the shard's first seed, then is cancelled (SIGTERM: the rest is interrupted).
    CancelAfterFirstGame,
}

struct FakeJob {
    script: PathBuf,
    array: String,
    /// Per task: state and exit code, in submission order.
    tasks: BTreeMap<u32, (String, String)>,
}

struct FakeSlurm {
    out: PathBuf,
    seeds: Vec<u64>,
    count: u32,
    fates: BTreeMap<u32, Fate>,
    jobs: RefCell<Vec<FakeJob>>,
    /// Seeds the tasks' games were started for, in order.
    played: RefCell<Vec<u64>>,
}

impl FakeSlurm {
    fn new(out: &Path, count: u32, fates: &[(u32, Fate)]) -> FakeSlurm {
        FakeSlurm {
            out: out.to_path_buf(),
            seeds: (1..=8).collect(),
            count,
            fates: fates.iter().copied().collect(),
            jobs: RefCell::new(Vec::new()),
            played: RefCell::new(Vec::new()),
        }
    }

    fn run_task(&self, shard: u32) -> (String, String) {
        let fate = self.fates.get(&shard).copied().unwrap_or(Fate::Complete);
        let shard = Shard {
            index: shard,
            count: self.count,
        };
        let mut runner = FakeRunner::new("tree-a");
        if fate == Fate::CancelAfterFirstGame {
            runner.interrupt = shard.select(&self.seeds)[1..].to_vec();
        }
        let cfg = GamesConfig {
            seeds: self.seeds.clone(),
            shard: Some(shard),
            jobs: 1,
            out: self.out.clone(),
            quiet: true,
            pin_cores: true,
        };
        bench_games(&cfg, &runner, None, &AtomicBool::new(false)).unwrap();
        self.played.borrow_mut().extend(runner.calls());
        match fate {
            Fate::Complete => ("COMPLETED".into(), "0:0".into()),
            Fate::CancelAfterFirstGame => ("CANCELLED".into(), "0:15".into()),
        }
    }
}

impl Scheduler for FakeSlurm {
    fn submit(&self, script: &Path, array: &str) -> Result<String> {
        let mut jobs = self.jobs.borrow_mut();
        let tasks = array
            .split(',')
            .flat_map(|p| match p.split_once('-') {
                Some((a, b)) => (a.parse().unwrap()..=b.parse().unwrap()).collect::<Vec<u32>>(),
                None => vec![p.parse().unwrap()],
            })
            .map(|t| (t, ("PENDING".to_string(), "0:0".to_string())))
            .collect();
        jobs.push(FakeJob {
            script: script.to_path_buf(),
            array: array.to_string(),
            tasks,
        });
        Ok((100 + jobs.len() - 1).to_string())
    }

    /// Each look moves the job on by one step: the first unfinished task starts, or ends.
    fn tasks(&self, job: &str) -> Result<BTreeMap<u32, TaskState>> {
        let index = job.parse::<usize>().unwrap() - 100;
        let step = {
            let jobs = self.jobs.borrow();
            jobs[index]
                .tasks
                .iter()
                .find(|(_, (s, _))| s == "PENDING" || s == "RUNNING")
                .map(|(t, (s, _))| (*t, s.clone()))
        };
        if let Some((task, state)) = step {
            let next = if state == "PENDING" {
                ("RUNNING".into(), "0:0".into())
            } else {
                self.run_task(task)
            };
            self.jobs.borrow_mut()[index].tasks.insert(task, next);
        }
        let jobs = self.jobs.borrow();
        Ok(jobs[index]
            .tasks
            .iter()
            .map(|(&task, (state, exit))| {
                (
                    task,
                    TaskState {
                        task,
                        state: state.clone(),
                        exit_code: Some(exit.clone()),
                    },
                )
            })
            .collect())
    }
}

fn config(out: &Path) -> SlurmConfig {
    SlurmConfig {
        task_command: vec![
            "nhbot".into(),
            "bench".into(),
            "games".into(),
            "--seeds".into(),
            "1..8".into(),
            "--out".into(),
            out.display().to_string(),
        ],
        seeds: (1..=8).collect(),
        comparison: false,
        out: out.to_path_buf(),
        workdir: std::env::current_dir().unwrap(),
        tasks: 4,
        cpus_per_task: 1,
        partition: None,
        time: None,
        sbatch_args: vec![],
        job_name: "nhbot-bench".into(),
    }
}

fn options(resume: bool) -> SlurmOptions {
    SlurmOptions {
        no_submit: false,
        resume,
        poll: Duration::ZERO,
        quiet: true,
    }
}

fn merged_seeds(out: &Path) -> Vec<u64> {
    let loaded = load_results(&out.join("merged").join(RESULTS_FILE)).unwrap();
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    loaded.records.iter().map(|r| r.seed).collect()
}

#[test]
fn all_tasks_completing_merge_every_seed() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run");
    let slurm = FakeSlurm::new(&out, 4, &[]);
    let outcome = bench_slurm(&config(&out), options(false), &slurm).unwrap();
    let jobs = slurm.jobs.borrow();
    assert_eq!(jobs.len(), 1);
    assert_eq!(jobs[0].array, "1-4");
    assert_eq!(jobs[0].script, Layout { out: out.clone() }.script());
    assert_eq!(
        outcome.submitted,
        vec![("100".to_string(), vec![1, 2, 3, 4])]
    );
    assert!(outcome.failed.is_empty(), "{:?}", outcome.failed);
    assert!(outcome.missing.is_empty());
    assert_eq!(merged_seeds(&out), (1..=8).collect::<Vec<_>>());
    // The merged lines are the games' own lines.
    let merged = load_results(&out.join("merged").join(RESULTS_FILE)).unwrap();
    assert_eq!(merged.records[2].raw, fake_line(3, "tree-a", 0));
    assert!(out.join("merged").join("report.md").exists());
    assert_eq!(
        read_submissions(&Layout { out: out.clone() }.jobs()).unwrap()[0].shards,
        vec![1, 2, 3, 4]
    );
}

#[test]
fn a_cancelled_task_is_reported_and_resume_reruns_only_its_shard() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run");
    let slurm = FakeSlurm::new(&out, 4, &[(3, Fate::CancelAfterFirstGame)]);
    let outcome = bench_slurm(&config(&out), options(false), &slurm).unwrap();
    // Shard 3/4 is seeds 3 and 7: seed 3 was played before the cancel, 7 was not.
    assert_eq!(outcome.failed.len(), 1, "{:?}", outcome.failed);
    let failed = &outcome.failed[0];
    assert_eq!(
        (
            failed.shard.index,
            failed.state.as_str(),
            failed.exit_code.as_deref(),
            failed.missing.clone()
        ),
        (3, "CANCELLED", Some("0:15"), vec![7])
    );
    assert_eq!(failed.log, out.join("slurm/logs/100_3.log"));
    let text = failed.describe();
    assert!(
        text.contains("ended CANCELLED") && text.contains("100_3.log") && text.contains("7"),
        "{text}"
    );
    assert_eq!(outcome.missing_seeds(), vec![7]);
    assert_eq!(merged_seeds(&out), vec![1, 2, 3, 4, 5, 6, 8]);

    // A plain rerun into the directory is refused: it would submit every shard again.
    let err = bench_slurm(&config(&out), options(false), &slurm).unwrap_err();
    assert!(format!("{err:#}").contains("--resume"), "{err:#}");

    let slurm2 = FakeSlurm {
        jobs: RefCell::new(std::mem::take(&mut *slurm.jobs.borrow_mut())),
        ..FakeSlurm::new(&out, 4, &[])
    };
    let resumed = bench_slurm(&config(&out), options(true), &slurm2).unwrap();
    assert_eq!(resumed.submitted, vec![("101".to_string(), vec![3])]);
    assert_eq!(slurm2.jobs.borrow()[1].array, "3");
    assert_eq!(
        *slurm2.played.borrow(),
        vec![7],
        "the resubmitted task plays only the seed its shard lacks"
    );
    assert!(resumed.failed.is_empty() && resumed.missing.is_empty());
    assert_eq!(merged_seeds(&out), (1..=8).collect::<Vec<_>>());
    // Resumed again with nothing missing: nothing is submitted.
    let again = bench_slurm(&config(&out), options(true), &slurm2).unwrap();
    assert!(again.submitted.is_empty() && again.missing.is_empty());
}

#[test]
fn resume_refuses_other_bench_options() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run");
    let slurm = FakeSlurm::new(&out, 4, &[]);
    bench_slurm(&config(&out), options(false), &slurm).unwrap();
    let mut other = config(&out);
    other
        .task_command
        .extend(["--max-turns".into(), "50".into()]);
    let err = bench_slurm(&other, options(true), &slurm).unwrap_err();
    assert!(
        format!("{err:#}").contains("other bench options"),
        "{err:#}"
    );
    // A longer time limit only changes the #SBATCH lines: accepted.
    let mut longer = config(&out);
    longer.time = Some("2:00:00".into());
    bench_slurm(&longer, options(true), &slurm).unwrap();
}

#[test]
fn no_submit_only_writes_the_script() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run");
    let slurm = FakeSlurm::new(&out, 4, &[]);
    let outcome = bench_slurm(
        &config(&out),
        SlurmOptions {
            no_submit: true,
            ..options(false)
        },
        &slurm,
    )
    .unwrap();
    assert!(slurm.jobs.borrow().is_empty());
    let script = std::fs::read_to_string(&outcome.script).unwrap();
    assert!(script.contains("#SBATCH --array=1-4"), "{script}");
    assert!(
        out.join("slurm/logs").is_dir(),
        "Slurm needs the log directory"
    );
}

#[test]
fn a_task_the_scheduler_forgot_counts_as_ended_with_its_seeds_missing() {
    /// Cancelled while pending: scontrol no longer lists the task at all.
    struct Forgetful;
    impl Scheduler for Forgetful {
        fn submit(&self, _: &Path, _: &str) -> Result<String> {
            Ok("7".into())
        }
        fn tasks(&self, _: &str) -> Result<BTreeMap<u32, TaskState>> {
            Ok(BTreeMap::new())
        }
    }
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run");
    let outcome = bench_slurm(&config(&out), options(false), &Forgetful).unwrap();
    assert_eq!(outcome.failed.len(), 4);
    assert!(outcome.failed.iter().all(|f| f.state == "GONE"));
    assert_eq!(outcome.merged, None, "no shard has results to merge");
    assert_eq!(outcome.missing_seeds(), (1..=8).collect::<Vec<_>>());
}
