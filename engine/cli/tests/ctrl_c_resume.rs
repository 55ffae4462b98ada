//! `nhbot play` interrupted by Ctrl-C (SIGINT) saves the game and appends an "interrupted" result;
//! `nhbot play --resume` continues that game from its save.

use std::process::Command;
use std::time::{Duration, Instant};

fn results(dir: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(dir.join("results.jsonl"))
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON results line"))
        .collect()
}

#[test]
fn ctrl_c_saves_and_resume_continues() {
    let runs = std::env::temp_dir().join(format!("nhbot-ctrlc-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&runs);
    let bin = env!("CARGO_BIN_EXE_nhbot");
    let mut child = Command::new(bin)
        .args([
            "play",
            "--trivial",
            "--headless",
            "--seed",
            "12",
            "--delay",
            "5",
            "--runs",
        ])
        .arg(&runs)
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    unsafe { libc_kill(child.id() as i32, 2) };
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(Instant::now() < deadline, "nhbot did not stop after Ctrl-C");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
    let first = results(&runs);
    assert_eq!(first.len(), 1);
    assert_eq!(first[0]["end"], "interrupted");
    let turns = first[0]["turns"].as_i64().unwrap();
    assert!(turns > 1);
    let game_dir = std::path::PathBuf::from(first[0]["game_dir"].as_str().unwrap());
    assert!(
        std::fs::read_dir(game_dir.join("save"))
            .unwrap()
            .next()
            .is_some(),
        "no save file"
    );

    let out = Command::new(bin)
        .args(["play", "--resume", "--trivial", "--headless", "--max-turns"])
        .arg((turns + 30).to_string())
        .arg("--runs")
        .arg(&runs)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let all = results(&runs);
    assert_eq!(all.len(), 2, "results are appended, never replaced");
    let second = &all[1];
    assert_eq!(second["game_dir"], first[0]["game_dir"]);
    assert_eq!(second["seed"], 12);
    // The resumed game went on from the saved turn (a new game would start at 1), unless it died.
    if second["end"] == "max-turns" {
        assert!(second["turns"].as_i64().unwrap() >= turns + 30, "{second}");
    } else {
        assert_eq!(second["end"], "game-over", "{second}");
    }
    let _ = std::fs::remove_dir_all(&runs);
}

extern "C" {
    #[link_name = "kill"]
    fn libc_kill(pid: i32, sig: i32) -> i32;
}
