//! `nhbot sokoban solve` keeps to its limits on any input: a level larger than NetHack's map is
//! an error at once (a 100,000-column row aborted the process asking for 320 GB), the largest
//! legal level stops at `--seconds`, and a bad `--seconds` is an error, not a panic.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn solve(name: &str, level: &str, args: &[&str]) -> (Output, Duration) {
    let file = std::env::temp_dir().join(format!("nhbot-limits-{name}-{}.xsb", std::process::id()));
    std::fs::write(&file, level).unwrap();
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_nhbot"))
        .args(["sokoban", "solve"])
        .arg(&file)
        .args(args)
        .output()
        .unwrap();
    std::fs::remove_file(&file).ok();
    (out, started.elapsed())
}

#[test]
fn a_level_larger_than_nethack_s_map_is_an_error_at_once() {
    let wide = format!("{}\n#@$. #\n######\n", "#".repeat(100_000));
    let (out, took) = solve("wide", &wide, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("the level is 100000x3: at most 80x21"),
        "{stderr}"
    );
    assert!(took < Duration::from_secs(2), "{took:?}");
}

#[test]
fn the_largest_legal_level_stops_at_its_seconds() {
    // 80x21, 240 boxes spaced on a grid, every seventh off its goal.
    let mut level = String::new();
    let mut k = 0;
    for y in 0..21 {
        for x in 0..80 {
            level.push(if x == 0 || y == 0 || x == 79 || y == 20 {
                '#'
            } else if (x, y) == (1, 1) {
                '@'
            } else if x < 3 || y < 3 || x > 76 || y > 17 || x % 2 == 0 || y % 2 == 0 || k >= 280 {
                ' '
            } else {
                k += 1;
                ['$', '.', '*', '*', '*', '*', '*'][k % 7]
            });
        }
        level.push('\n');
    }
    let (out, took) = solve("large", &level, &["--seconds", "1"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("limit hit"), "{stdout}");
    assert!(took < Duration::from_secs(2), "{took:?}");
}

#[test]
fn a_bad_seconds_is_an_error_not_a_panic() {
    for seconds in ["nan", "1e30", "inf"] {
        let (out, _) = solve("seconds", "#####\n#@$.#\n#####\n", &["--seconds", seconds]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{seconds}: {stderr}");
        assert!(stderr.contains("expected a number of seconds"), "{stderr}");
    }
}
