//! Seeded games in parallel: a bounded pool of threads takes (arm, seed) jobs, appends each result
//! as it finishes, and skips the seeds a results file already holds (a rerun resumes).

use anyhow::{bail, Context, Result};
use serde_json::Value;
use std::collections::HashSet;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use crate::progress::Progress;
use crate::record::{load_results, Record, ResultsWriter, RESULTS_FILE};

/// What the settings of an arm's runner were, beside its results.
pub const SETTINGS_FILE: &str = "settings.json";

/// Plays one seeded game. Implemented by the real agent ([`crate::AgentRunner`]) and by fakes in
/// tests.
pub trait GameRunner: Sync {
    /// What plays and how (brain, turn budget, character): stored beside the results so a rerun
    /// with other settings into the same directory is refused instead of mixing results.
    fn settings(&self) -> Value;

    /// Plays `seed` in `game_dir` (fresh and empty) and returns its results line (a JSON
    /// object), or `None` when the game was interrupted and must be played again by a rerun.
    fn play(&self, seed: u64, game_dir: &Path) -> Result<Option<Value>>;
}

/// One brain's share of a bench: its directory (results.jsonl, settings.json, games/<seed>/).
pub struct Arm<'a> {
    pub dir: PathBuf,
    pub runner: &'a dyn GameRunner,
}

#[derive(Clone, Copy, Debug)]
pub struct RunOptions {
    /// Games at once (at least 1).
    pub jobs: usize,
    /// No progress output (tests).
    pub quiet: bool,
    /// Each worker thread and the games it starts on a core of their own (worker i on the
    /// i-th CPU this process may use, round the list) when the workers are at least as many
    /// as those CPUs: see [`nhbot_game::cores`].
    pub pin_cores: bool,
}

#[derive(Debug, Default)]
pub struct RunOutcome {
    /// Games played and appended by this run.
    pub played: usize,
    /// (arm, seed) pairs already in the results files.
    pub skipped: usize,
    /// Games that could not be played: (arm dir, seed, error). Not recorded, so a rerun retries.
    pub failed: Vec<(PathBuf, u64, String)>,
    /// Games stopped by the stop flag: not recorded, a rerun plays them.
    pub interrupted: usize,
    /// Corrupt or repeated lines found in the existing results files.
    pub warnings: Vec<String>,
}

/// Default parallelism: one game per core (each game is the NetHack process plus our loop).
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

struct Shared {
    next: usize,
    writers: Vec<ResultsWriter>,
    progress: Progress,
    outcome: RunOutcome,
}

/// Plays every seed missing from each arm's results file, seed-major (arm a and arm b of one seed
/// are close in time, so a stopped comparison still has pairs). Setting `stop` lets running
/// games end (they come back interrupted) and starts no new one.
pub fn run_games(
    arms: &[Arm],
    seeds: &[u64],
    opts: RunOptions,
    stop: &AtomicBool,
) -> Result<RunOutcome> {
    let mut outcome = RunOutcome::default();
    let mut writers = Vec::new();
    let mut done: Vec<HashSet<u64>> = Vec::new();
    for arm in arms {
        check_settings(&arm.dir, &arm.runner.settings())?;
        let results = arm.dir.join(RESULTS_FILE);
        let loaded = load_results(&results)?;
        outcome.warnings.extend(loaded.warnings.iter().cloned());
        done.push(loaded.seeds());
        writers.push(ResultsWriter::open(&results)?);
    }
    let mut jobs = Vec::new();
    for &seed in seeds {
        for (a, seen) in done.iter().enumerate() {
            if seen.contains(&seed) {
                outcome.skipped += 1;
            } else {
                jobs.push((a, seed));
            }
        }
    }
    let progress = if opts.quiet {
        Progress::quiet(jobs.len())
    } else {
        Progress::new(jobs.len())
    };
    let shared = Mutex::new(Shared {
        next: 0,
        writers,
        progress,
        outcome,
    });
    let lock = || shared.lock().unwrap_or_else(|e| e.into_inner());
    let workers = opts.jobs.clamp(1, jobs.len().max(1));
    // Pinned only when the workers fill the CPUs: a solo game on an idle machine runs faster
    // unpinned (the engine's work after a send overlaps the game's on the other core).
    let cpus = match nhbot_game::cores::allowed() {
        cpus if opts.pin_cores && workers >= cpus.len() => cpus,
        _ => Vec::new(),
    };
    let (jobs, arms) = (&jobs, arms);
    std::thread::scope(|scope| {
        for worker in 0..workers {
            let core = (!cpus.is_empty()).then(|| cpus[worker % cpus.len()]);
            let lock = &lock;
            scope.spawn(move || {
                if let Some(cpu) = core {
                    nhbot_game::cores::pin_current_thread(cpu);
                }
                worker_loop(jobs, arms, stop, lock)
            });
        }
    });
    let s = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(s.outcome)
}

/// A worker's turns: takes the next (arm, seed) job, plays it, records how it went; until the
/// jobs run out or `stop` is set.
fn worker_loop<'s>(
    jobs: &[(usize, u64)],
    arms: &[Arm],
    stop: &AtomicBool,
    lock: &dyn Fn() -> std::sync::MutexGuard<'s, Shared>,
) {
    loop {
        let (a, seed) = {
            let mut s = lock();
            if stop.load(Ordering::Relaxed) || s.next >= jobs.len() {
                return;
            }
            s.next += 1;
            s.progress.started_game();
            jobs[s.next - 1]
        };
        let arm = &arms[a];
        let played = play_one(arm, seed);
        let mut s = lock();
        let s = &mut *s;
        let tag = if arms.len() > 1 {
            format!("seed {seed} [{}]", arm_name(&arm.dir))
        } else {
            format!("seed {seed}")
        };
        match played.and_then(|line| match line {
            Some(line) => s.writers[a].append(&line).map(|_| Some(line)),
            None => Ok(None),
        }) {
            Ok(Some(line)) => {
                s.outcome.played += 1;
                s.progress
                    .finished_game(&format!("{tag}: {}", describe(&line)));
            }
            Ok(None) => {
                s.outcome.interrupted += 1;
                s.progress.finished_game(&format!("{tag}: interrupted"));
            }
            Err(e) => {
                s.progress.finished_game(&format!("{tag}: FAILED: {e:#}"));
                s.outcome
                    .failed
                    .push((arm.dir.clone(), seed, format!("{e:#}")));
            }
        }
    }
}

/// One game in a fresh directory (a leftover save from an interrupted run would otherwise be
/// restored instead of starting the seed anew). A panic in the runner is that game's error.
fn play_one(arm: &Arm, seed: u64) -> Result<Option<Value>> {
    let dir = arm.dir.join("games").join(seed.to_string());
    if dir.exists() {
        std::fs::remove_dir_all(&dir).with_context(|| format!("clearing {}", dir.display()))?;
    }
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let line = std::panic::catch_unwind(AssertUnwindSafe(|| arm.runner.play(seed, &dir)))
        .map_err(|p| {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            anyhow::anyhow!("the game runner panicked: {msg}")
        })??;
    Ok(line.map(|mut line| {
        // The file is keyed by seed: make sure the line says which.
        if let Some(obj) = line.as_object_mut() {
            obj.insert("seed".into(), seed.into());
        }
        line
    }))
}

fn arm_name(dir: &Path) -> String {
    dir.file_name().map_or_else(
        || dir.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

fn describe(line: &Value) -> String {
    match serde_json::from_value::<Record>(line.clone()) {
        Ok(r) => {
            let num = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.0}"));
            format!(
                "{}, score {}, T{}, Dlvl {}",
                r.cause(),
                num(r.score),
                num(r.turns),
                num(r.max_depth)
            )
        }
        Err(_) => line.to_string(),
    }
}

/// Writes the settings file of a new arm directory, or refuses one holding other settings.
pub fn check_settings(dir: &Path, settings: &Value) -> Result<()> {
    let path = dir.join(SETTINGS_FILE);
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            let old: Value = serde_json::from_str(&text)
                .with_context(|| format!("{} is not JSON", path.display()))?;
            if &old != settings {
                bail!(
                    "{} holds results of other settings ({old}); now {settings}: use another --out",
                    dir.display()
                );
            }
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::write(&path, serde_json::to_string_pretty(settings)? + "\n")
                .with_context(|| format!("writing {}", path.display()))
        }
        Err(e) => Err(e).with_context(|| format!("reading {}", path.display())),
    }
}
