//! `nhbot bench tree --worlds DIR`: decisions on world snapshots written by `nhbot bench games
//! --world-snapshots N`, without the game.

use nhbot_bt::TreeBot;
use std::path::{Path, PathBuf};

/// What deciding on world snapshots measured (see [`bench_worlds`]).
#[derive(Clone, Debug)]
pub struct WorldsReport {
    pub worlds: usize,
    pub decisions: Vec<String>,
    /// Thread CPU time per decision, µs.
    pub cpu_us: f64,
    pub leaves: Vec<nhbot_bt::LeafTime>,
}

impl std::fmt::Display for WorldsReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.decisions.len().max(1) as f64;
        writeln!(
            f,
            "{} decisions on {} worlds: thread CPU {:.1} µs per decision; slowest leaves (wall):",
            self.decisions.len(),
            self.worlds,
            self.cpu_us
        )?;
        for l in self.leaves.iter().take(12) {
            writeln!(
                f,
                "  {:<64} {:<4} {:>7} calls {:>8.1} µs/call {:>7.1} µs/decision",
                l.path,
                if l.lua { "Lua" } else { "Rust" },
                l.calls,
                l.seconds * 1e6 / l.calls.max(1) as f64,
                l.seconds * 1e6 / n
            )?;
        }
        Ok(())
    }
}

/// The world snapshots under `dir`: the `*.json` files of every `worlds/` directory in it, or
/// of `dir` itself when it holds no directory (a bench's game directories hold other JSON).
fn json_files(dir: &Path, top: bool, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let flat = || -> std::io::Result<bool> {
        for entry in std::fs::read_dir(dir)? {
            if entry?.path().is_dir() {
                return Ok(false);
            }
        }
        Ok(true)
    };
    let worlds = dir.file_name().is_some_and(|n| n == "worlds") || (top && flat()?);
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            json_files(&path, false, out)?;
        } else if worlds && path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
    Ok(())
}

/// Game directory, then decision number (`250.json` after `50.json`).
fn snapshot_order(p: &Path) -> (Option<&Path>, u64, Option<&std::ffi::OsStr>) {
    let number = p
        .file_stem()
        .and_then(|s| s.to_str())
        .and_then(|s| s.parse().ok())
        .unwrap_or(u64::MAX);
    (p.parent(), number, p.file_name())
}

/// Decides with the tree `tree` on every world snapshot under `dir` (`bench games
/// --world-snapshots`), `rounds` times over in one bot: the decision cost without the game or
/// the machine's other load in it, and the decisions themselves, to compare two builds (the
/// same worlds in the same order give the same decisions when nothing changed them).
pub fn bench_worlds(tree: &Path, dir: &Path, rounds: usize) -> anyhow::Result<WorldsReport> {
    let mut files = Vec::new();
    json_files(dir, true, &mut files)?;
    files.sort_by(|a, b| snapshot_order(a).cmp(&snapshot_order(b)));
    if files.is_empty() {
        anyhow::bail!(
            "no world snapshots (*.json) in {} or a worlds/ below it",
            dir.display()
        );
    }
    let worlds: Vec<nhbot_world::World> = files
        .iter()
        .map(|p| {
            let text = std::fs::read(p)?;
            serde_json::from_slice(&text).map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))
        })
        .collect::<anyhow::Result<_>>()?;
    let mut bot = TreeBot::load(nhbot_skills::registry(), tree).map_err(|d| {
        anyhow::anyhow!(
            "{}",
            d.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    })?;
    let mut decisions = Vec::with_capacity(worlds.len() * rounds);
    let cpu = crate::cpu::thread_cpu();
    for _ in 0..rounds {
        for w in &worlds {
            let d = bot.decide(w);
            decisions.push(format!("{:?} | {} | {}", d.action, d.path, d.reason));
        }
    }
    let cpu = crate::cpu::thread_cpu().saturating_sub(cpu);
    Ok(WorldsReport {
        worlds: worlds.len(),
        cpu_us: cpu.as_secs_f64() * 1e6 / decisions.len().max(1) as f64,
        decisions,
        leaves: bot.leaf_times(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The snapshots of a bench directory are its games' `worlds/` files, in decision order;
    /// each round decides on every one, and the decisions say what the tree did.
    #[test]
    fn decides_on_every_snapshot_of_a_bench_in_order() {
        let dir = nhbot_bt::testing::scratch_dir("bench-worlds").unwrap();
        let worlds = dir.join("bench/games/7/worlds");
        std::fs::create_dir_all(&worlds).unwrap();
        std::fs::write(dir.join("bench/games/7/phases.json"), "[]").unwrap();
        std::fs::write(dir.join("bench/settings.json"), "{}").unwrap();
        for (n, hp) in [(50, 9), (250, 3), (100, 12)] {
            let mut w = nhbot_bt::testing::sample_world();
            w.status.hp = hp;
            w.decisions = n;
            std::fs::write(
                worlds.join(format!("{n}.json")),
                serde_json::to_vec(&w).unwrap(),
            )
            .unwrap();
        }
        let tree = dir.join("trees/main.yaml");
        std::fs::write(
            &tree,
            "priority:\n  name: root\n  children:\n    - sequence: [hp_below: 0.5, pray]\n    - search: 1\n",
        )
        .unwrap();
        let report = bench_worlds(&tree, &dir.join("bench"), 2).unwrap();
        assert_eq!(report.worlds, 3);
        let paths: Vec<&str> = report
            .decisions
            .iter()
            .map(|d| d.split(" | ").nth(1).unwrap())
            .collect();
        // HP 9 and 12 of 16 search; HP 3 (decision 250, last in order) prays.
        assert_eq!(
            paths[..3],
            ["root/search#1", "root/search#1", "root/sequence#0/pray#1"]
        );
        assert_eq!(paths.len(), 6);
        assert!(report
            .leaves
            .iter()
            .any(|l| l.path == "root/search#1" && !l.lua));
        assert!(
            bench_worlds(&tree, &dir.join("trees"), 1).is_err(),
            "no snapshots there"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
