//! A fake game runner: results are a pure function of the seed, and every call is recorded.

use anyhow::Result;
use nhbot_bench::GameRunner;
use serde_json::{json, Value};
use std::path::Path;
use std::sync::Mutex;

pub struct FakeRunner {
    pub label: &'static str,
    /// Added to every game's depth (a "better tree").
    pub depth_bonus: i64,
    /// Seeds this runner reports as interrupted.
    pub interrupt: Vec<u64>,
    pub calls: Mutex<Vec<u64>>,
}

impl FakeRunner {
    pub fn new(label: &'static str) -> FakeRunner {
        FakeRunner {
            label,
            depth_bonus: 0,
            interrupt: Vec::new(),
            calls: Mutex::new(Vec::new()),
        }
    }

    pub fn calls(&self) -> Vec<u64> {
        let mut c = self.calls.lock().unwrap().clone();
        c.sort();
        c
    }
}

/// The line a game of `seed` produces (before the depth bonus).
pub fn fake_line(seed: u64, label: &str, depth_bonus: i64) -> Value {
    let deaths = ["killed by a jackal", "killed by a newt", "starvation"];
    let (end, death) = if seed.is_multiple_of(4) {
        ("max-turns", "quit")
    } else {
        ("game-over", deaths[(seed % 3) as usize])
    };
    json!({
        "seed": seed,
        "brain": label,
        "end": end,
        "death": death,
        "score": (seed * 37) % 500,
        "turns": 100 + (seed * 13) % 900,
        "max_depth": 1 + (seed % 5) as i64 + depth_bonus,
        "xl": 1 + seed % 3,
        "actions_per_s": 1000.0 + seed as f64 / 4.0,
        "error": null,
    })
}

impl GameRunner for FakeRunner {
    fn settings(&self) -> Value {
        json!({ "brain": self.label, "max_turns": 1000 })
    }

    fn play(&self, seed: u64, game_dir: &Path) -> Result<Option<Value>> {
        assert!(game_dir.is_dir(), "the pool creates the game directory");
        std::fs::write(game_dir.join("game.ttyrec"), b"")?;
        self.calls.lock().unwrap().push(seed);
        if self.interrupt.contains(&seed) {
            return Ok(None);
        }
        Ok(Some(fake_line(seed, self.label, self.depth_bonus)))
    }
}
