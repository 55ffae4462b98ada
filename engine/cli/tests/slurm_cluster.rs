//! `nhbot bench slurm` on a real Slurm: the one-node cluster `make test-slurm` starts with
//! `tools/slurm/cluster.sh run` (which sets `SLURM_CONF`, and prints the daemons' logs when this
//! fails). Ignored by default: `make test-slurm` runs them with `--ignored --test-threads=1`.
//!
//! The games are deterministic (seeded, no wall clock), so the shards played by Slurm tasks must
//! give, seed by seed, what one local `bench games` gives.

use nhbot_bench::load_results;
use nhbot_bench::slurm::read_submissions;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

const SEEDS: &str = "1..8";
const TURNS: &str = "2000";

/// score, turns, death and end reason of each seed.
type Games = BTreeMap<u64, (Option<f64>, Option<f64>, Option<String>, Option<String>)>;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// This process's scratch directory: one node, so any local directory is "shared".
fn scratch() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("nhbot-slurm-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    })
    .clone()
}

fn require_cluster() {
    assert!(
        std::env::var_os("SLURM_CONF").is_some(),
        "these tests need a Slurm cluster: run `make test-slurm` (as root)"
    );
}

fn nhbot() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_nhbot"));
    cmd.current_dir(repo_root());
    cmd
}

fn text(out: &Output) -> String {
    format!(
        "status {}\n--- stdout\n{}--- stderr\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn games_of(dir: &Path) -> Games {
    let loaded = load_results(&dir.join("results.jsonl")).unwrap();
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    loaded
        .records
        .into_iter()
        .map(|r| (r.seed, (r.score, r.turns, r.death, r.end)))
        .collect()
}

fn slurm_bench(out: &Path) -> Command {
    let mut cmd = nhbot();
    cmd.args(["bench", "slurm", "--seeds", SEEDS, "--max-turns", TURNS])
        .args(["--tasks", "4", "--poll-secs", "0.5", "--out"])
        .arg(out);
    cmd
}

/// The same seeds played by one local `bench games`, once for both tests.
fn local_games() -> &'static Games {
    static LOCAL: OnceLock<Games> = OnceLock::new();
    LOCAL.get_or_init(|| {
        let out = scratch().join("local");
        let run = nhbot()
            .args([
                "bench",
                "games",
                "--seeds",
                SEEDS,
                "--max-turns",
                TURNS,
                "--out",
            ])
            .arg(&out)
            .output()
            .unwrap();
        assert!(run.status.success(), "{}", text(&run));
        let games = games_of(&out);
        assert_eq!(games.len(), 8, "{games:?}");
        games
    })
}

fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + limit;
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
#[ignore = "needs a Slurm cluster: make test-slurm"]
fn slurm_cluster_shards_give_the_local_games() {
    require_cluster();
    let local = local_games();
    let out = scratch().join("slurm");
    let run = slurm_bench(&out).output().unwrap();
    let log = text(&run);
    assert!(run.status.success(), "{log}");
    let subs = read_submissions(&out.join("slurm/jobs.jsonl")).unwrap();
    assert_eq!(subs.len(), 1, "one array job");
    let job = &subs[0].job;
    assert!(
        log.contains(&format!("submitted job {job}: shards 1-4 of 4")),
        "{log}"
    );
    for i in 1..=4 {
        assert!(
            log.contains(&format!("shard {i}/4 (task {job}_{i}) completed")),
            "{log}"
        );
        // Each task played its own shard: seeds i and i + 4.
        let shard = games_of(&out.join(format!("shard-{i}-of-4")));
        assert_eq!(
            shard.keys().copied().collect::<Vec<_>>(),
            vec![i, i + 4],
            "{log}"
        );
    }
    assert!(
        String::from_utf8_lossy(&run.stdout).contains("merged/report.md"),
        "{log}"
    );
    assert_eq!(&games_of(&out.join("merged")), local, "{log}");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
#[ignore = "needs a Slurm cluster: make test-slurm"]
fn slurm_cluster_cancelled_task_is_reported_and_resumed() {
    require_cluster();
    let local = local_games();
    let out = scratch().join("cancel");
    std::fs::create_dir_all(&out).unwrap();
    let (stdout, stderr) = (out.join("../cancel.stdout"), out.join("../cancel.stderr"));
    let mut child = slurm_bench(&out)
        .stdout(Stdio::from(std::fs::File::create(&stdout).unwrap()))
        .stderr(Stdio::from(std::fs::File::create(&stderr).unwrap()))
        .spawn()
        .unwrap();
    let jobs = out.join("slurm/jobs.jsonl");
    wait_until("the submission", Duration::from_secs(60), || {
        read_submissions(&jobs).is_ok_and(|s| !s.is_empty())
    });
    let job = read_submissions(&jobs).unwrap()[0].job.clone();
    // Cancel task 1 mid-run: once its shard holds its first game (seed 1), while it plays the
    // second (seed 5). A 2,000-turn game takes about a second and this looks every 20 ms, so the
    // cancel lands in the second game; were the game ever faster than the look, the check of
    // seed 5 below says so rather than passing.
    let shard1 = out.join("shard-1-of-4");
    wait_until("task 1's first game", Duration::from_secs(240), || {
        load_results(&shard1.join("results.jsonl")).is_ok_and(|l| !l.records.is_empty())
    });
    let cancel = Command::new("scancel")
        .arg(format!("{job}_1"))
        .output()
        .unwrap();
    assert!(cancel.status.success(), "scancel: {}", text(&cancel));
    let deadline = Instant::now() + Duration::from_secs(300);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("bench slurm did not end within 300 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let log = format!(
        "status {status}\n--- stdout\n{}--- stderr\n{}",
        std::fs::read_to_string(&stdout).unwrap(),
        std::fs::read_to_string(&stderr).unwrap()
    );
    if let Some(seed5) = games_of(&shard1).get(&5) {
        panic!(
            "seed 5 has a result after the cancel: {seed5:?}; a game over without a score is \
             the killed game recorded, a real end means the test lost its race\n{log}"
        );
    }
    assert_eq!(status.code(), Some(1), "seeds are missing\n{log}");
    let task_log = out.join(format!("slurm/logs/{job}_1.log"));
    assert!(
        log.contains(&format!("shard 1/4 (task {job}_1) ended CANCELLED"))
            && log.contains(&format!("log: {}", task_log.display())),
        "{log}"
    );
    assert!(
        std::fs::read_to_string(&task_log)
            .unwrap()
            .contains("CANCELLED"),
        "the task's log tells of the cancel"
    );
    assert!(log.contains("missing: shard 1/4: seeds 5"), "{log}");
    let mut without_5 = local.clone();
    without_5.remove(&5);
    assert_eq!(games_of(&out.join("merged")), without_5, "{log}");

    let resumed = slurm_bench(&out).arg("--resume").output().unwrap();
    let log = text(&resumed);
    assert!(resumed.status.success(), "{log}");
    assert!(
        log.contains(": shards 1 of 4 "),
        "only shard 1 is resubmitted\n{log}"
    );
    assert_eq!(&games_of(&out.join("merged")), local, "{log}");
    let subs = read_submissions(&jobs).unwrap();
    assert_eq!(subs.len(), 2);
    assert_eq!(subs[1].shards, vec![1]);
    let _ = std::fs::remove_dir_all(&out);
}
