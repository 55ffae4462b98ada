//! `nhbot play` refuses a character the game would refuse, at once, with the reason and a
//! non-zero exit, and before any game directory exists; a legal one (in the game's own
//! abbreviations) plays.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn runs(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nhbot-options-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn play(runs: &Path, args: &[&str]) -> (Output, Duration) {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_nhbot"))
        .args([
            "play",
            "--trivial",
            "--headless",
            "--seed",
            "3",
            "--max-actions",
            "20",
        ])
        .args(args)
        .arg("--runs")
        .arg(runs)
        .output()
        .unwrap();
    (out, start.elapsed())
}

#[test]
fn a_character_the_game_refuses_exits_non_zero_with_the_reason() {
    for (args, says) in [
        (&["--role", "Wizardd"][..], "unknown role \"Wizardd\""),
        (
            &["--role", "Wizard", "--race", "dwarf"][..],
            "a Wizard is human or elf or gnome or orc",
        ),
        (&["--race", "dwarf"][..], "a dwarf is lawful"), // the default neutral Valkyrie
        (
            &["--gender", "male"][..],
            "a Valkyrie is human or dwarf, female",
        ),
        (&["--name", "a,autopickup"][..], "bad name"),
    ] {
        let dir = runs("bad");
        let (out, took) = play(&dir, args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} exited 0");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(took < Duration::from_secs(10), "{args:?} took {took:?}");
        assert!(!dir.exists(), "{args:?} made {dir:?}");
    }
}

#[test]
fn a_legal_character_in_abbreviations_plays() {
    let dir = runs("legal");
    let (out, _) = play(
        &dir,
        &[
            "--role", "wiz", "--race", "elf", "--gender", "m", "--align", "cha",
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("end=MaxActions"), "{stdout}");
    let results = std::fs::read_to_string(dir.join("results.jsonl")).unwrap();
    let line: serde_json::Value = serde_json::from_str(results.trim()).unwrap();
    let character = [
        &line["role"],
        &line["race"],
        &line["gender"],
        &line["align"],
    ];
    assert_eq!(character, ["Wizard", "elf", "male", "chaotic"]);
    std::fs::remove_dir_all(dir).unwrap();
}
