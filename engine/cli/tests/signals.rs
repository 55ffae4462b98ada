//! However `nhbot play` is stopped — SIGTERM, SIGHUP (handled like Ctrl-C) or SIGKILL (not
//! handled at all) — the game directory keeps a save that `--resume` continues to the game's
//! end, a recording of whole frames that replays, a decision log of whole lines, and a results
//! line covering the whole game. `--resume` refuses a directory without a save, or one where
//! another nhbot still plays.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output};
use std::time::{Duration, Instant};

use nhbot_agent::logs::{parse_line, LogLine};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_nhbot");

fn runs_dir(name: &str) -> PathBuf {
    let runs = std::env::temp_dir().join(format!("nhbot-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&runs);
    runs
}

/// A seeded trivial game, slowed down so that a signal finds it mid-game.
fn start_game(runs: &Path, seed: u64) -> Child {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new(BIN);
    command
        .args(["play", "--trivial", "--headless", "--delay", "5", "--seed"])
        .arg(seed.to_string())
        .arg("--runs")
        .arg(runs);
    // nhbot keeps playing through a hangup when SIGHUP is ignored (run under `nohup`, which
    // its children inherit): the tests send it to an nhbot that was not told so.
    // SAFETY: only async-signal-safe signal(2) between fork and exec.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGHUP, libc::SIG_DFL);
            Ok(())
        });
    }
    command.spawn().unwrap()
}

/// The directory of the one game under `runs`, once its decision log has `lines` lines.
fn game_dir_after(runs: &Path, lines: usize) -> PathBuf {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let dir = std::fs::read_dir(runs.join("games"))
            .ok()
            .and_then(|mut d| d.next())
            .map(|e| e.unwrap().path());
        if let Some(dir) = dir {
            let log = std::fs::read_to_string(dir.join("decisions.log")).unwrap_or_default();
            if log.lines().count() >= lines {
                return dir;
            }
        }
        assert!(Instant::now() < deadline, "the game did not get going");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn wait_exit(child: &mut Child) -> std::process::ExitStatus {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(s) = child.try_wait().unwrap() {
            return s;
        }
        assert!(Instant::now() < deadline, "nhbot did not stop");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn results(runs: &Path) -> Vec<Value> {
    std::fs::read_to_string(runs.join("results.jsonl"))
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a whole JSON results line"))
        .collect()
}

fn resume(runs: &Path, dir: &Path, extra: &[&str]) -> Output {
    Command::new(BIN)
        .args(["play", "--trivial", "--headless", "--resume"])
        .arg(dir)
        .args(extra)
        .arg("--runs")
        .arg(runs)
        .output()
        .unwrap()
}

/// Every line of the decision log parses in the log's format; returns the decisions (their
/// turns), in order.
fn logged_decisions(dir: &Path) -> Vec<i64> {
    let text = std::fs::read_to_string(dir.join("decisions.log")).unwrap();
    assert!(text.ends_with('\n'), "the last line is torn");
    text.lines()
        .filter_map(|l| match parse_line(l) {
            Some(LogLine::Decision { turn, .. }) => Some(turn),
            Some(LogLine::Note { text, .. }) => {
                assert!(!text.contains("unknown prompt"), "{l}");
                None
            }
            Some(LogLine::Log { .. }) => None,
            None => panic!("not a whole decision-log line: {l:?}"),
        })
        .collect()
}

/// The recording holds whole frames only, and `nhbot replay` plays it (uncut).
fn check_recording(dir: &Path) -> usize {
    let rec = dir.join("game.ttyrec");
    let frames = nhbot_game::ttyrec::read_frames(&rec).expect("whole frames");
    let out = Command::new(BIN).arg("replay").arg(&rec).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.starts_with(&format!("{} frames", frames.len())),
        "{text}"
    );
    assert!(!text.contains("cut"), "{text}");
    frames.len()
}

/// Stops a game with `signal`, checks what it left, resumes it to its end and checks the
/// whole game's record.
fn stopped_then_resumed(signal: i32, seed: u64) {
    let runs = runs_dir(&format!("signal{signal}"));
    let mut child = start_game(&runs, seed);
    let dir = game_dir_after(&runs, 40);
    unsafe { libc::kill(child.id() as i32, signal) };
    let status = wait_exit(&mut child);

    let first = results(&runs);
    if signal == libc::SIGKILL {
        assert!(first.is_empty(), "a killed nhbot writes nothing at the end");
        // The game saves on its pty's hangup, in its own time.
        nhbot_game::playground::wait_for_running_game(&dir, Duration::from_secs(10)).unwrap();
    } else {
        assert!(status.success(), "{status:?}");
        assert_eq!(first.len(), 1);
        assert_eq!(first[0]["end"], "interrupted");
        assert_eq!(first[0]["sessions"], 1);
        assert_eq!(first[0]["actions"], logged_decisions(&dir).len());
    }
    assert!(
        nhbot_game::playground::saved_game(&dir).is_some(),
        "no save file"
    );
    let frames_before = check_recording(&dir);
    assert!(frames_before > 10, "{frames_before} frames recorded");
    let before = logged_decisions(&dir);
    let saved_turn = *before.last().unwrap();
    assert!(saved_turn > 1);

    let out = resume(
        &runs,
        &dir,
        &["--max-turns", &(saved_turn + 30).to_string()],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let all = results(&runs);
    let last = all.last().unwrap();
    assert_eq!(all.len(), first.len() + 1, "{all:?}");
    assert_eq!(last["game_dir"], dir.display().to_string());
    assert_eq!(last["sessions"], 2, "{last}");
    // The same game went on to its end: quit at the budget (recorded by the game), or died.
    assert!(last["turns"].as_i64().unwrap() >= saved_turn, "{last}");
    assert!(
        last["death"].is_string(),
        "the game recorded its end: {last}"
    );
    if last["end"] == "max-turns" {
        assert!(last["turns"].as_i64().unwrap() >= saved_turn + 30, "{last}");
        assert_eq!(last["death"], "quit");
    } else {
        assert_eq!(last["end"], "game-over", "{last}");
    }
    // Both sessions' files are whole, and the second continued them.
    assert!(check_recording(&dir) > frames_before);
    let decisions = logged_decisions(&dir);
    assert!(decisions.len() > before.len());
    // The results line counts the decisions of both sessions. A SIGKILL can land between
    // logging a decision and carrying it out: that one is logged but not counted.
    let actions = last["actions"].as_u64().unwrap() as usize;
    let unacted = if signal == libc::SIGKILL {
        0..=1
    } else {
        0..=0
    };
    assert!(
        unacted.contains(&(decisions.len() - actions)),
        "{actions} actions counted, {} logged",
        decisions.len()
    );
    if let Some(first) = first.first() {
        assert!(last["wall_s"].as_f64() > first["wall_s"].as_f64());
        assert!(last["keys"].as_u64() > first["keys"].as_u64());
    }
    let _ = std::fs::remove_dir_all(&runs);
}

#[test]
fn sigterm_saves_and_resume_finishes_the_game() {
    stopped_then_resumed(libc::SIGTERM, 9);
}

#[test]
fn sighup_saves_and_resume_finishes_the_game() {
    stopped_then_resumed(libc::SIGHUP, 10);
}

#[test]
fn sigkill_leaves_whole_files_and_resume_finishes_the_game() {
    stopped_then_resumed(libc::SIGKILL, 11);
}

#[test]
fn resume_refuses_a_game_in_play_and_a_game_without_a_save() {
    let runs = runs_dir("refusals");
    let mut child = start_game(&runs, 13);
    let dir = game_dir_after(&runs, 5);
    let out = resume(&runs, &dir, &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("another nhbot (pid {}) is playing", child.id())),
        "{err}"
    );
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    assert!(wait_exit(&mut child).success());

    // Resumed to its end (quit at the budget): nothing is left to resume.
    let out = resume(&runs, &dir, &["--max-actions", "5"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(nhbot_game::playground::saved_game(&dir).is_none());
    let out = resume(&runs, &dir, &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("has no saved game to resume"), "{err}");
    // The refusals started nothing: two results lines, both from the real runs.
    assert_eq!(results(&runs).len(), 2);
    let _ = std::fs::remove_dir_all(&runs);
}
