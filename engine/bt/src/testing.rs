//! Helpers for tests and benchmarks of trees: scratch repos and a sample world.

use nhbot_world::{Cell, Pos, World};
use std::path::PathBuf;

/// A room of floor around the player so `wander` has choices.
pub fn sample_world() -> World {
    let mut w = World {
        player: Pos::new(40, 10),
        ..World::default()
    };
    w.status.hp = 14;
    w.status.hp_max = 16;
    w.status.dlvl = 1;
    for y in 5..16 {
        for x in 30..50 {
            w.view.cells[y * COLS + x] = Cell {
                ch: '.',
                ..Cell::default()
            };
        }
    }
    w.messages.push("Hello Agnar, welcome to NetHack!".into());
    w
}

/// The terminal's columns (the world's view is one screen of cells).
const COLS: usize = 80;

/// A fresh scratch directory under the system temp dir, with `trees/` and `scripts/` in it.
pub fn scratch_dir(tag: &str) -> std::io::Result<PathBuf> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let dir = std::env::temp_dir().join(format!("nhbot-{tag}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(dir.join("trees"))?;
    std::fs::create_dir_all(dir.join("scripts"))?;
    Ok(dir)
}
