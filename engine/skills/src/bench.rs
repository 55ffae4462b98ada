//! Benchmark entry point: tick cost (default tree, generated 200-node tree with 20 Lua leaves)
//! and reload latency from a file write to the new tree in effect. Run it in release mode:
//! `nhbot bench tree`.

pub use nhbot_bt::testing::{sample_world, scratch_dir};
use nhbot_bt::{ReloadEvent, TreeBot};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct TickStats {
    pub nodes: usize,
    /// Wall-clock time per decision.
    pub median_us: f64,
    pub p99_us: f64,
    /// Thread CPU time per decision: excludes the time the OS ran other processes, which
    /// dominates wall-clock p99 on a loaded 2-core machine (4 ms scheduler slices).
    pub median_cpu_us: f64,
    pub p99_cpu_us: f64,
    pub samples: usize,
}

/// CPU time consumed by this thread.
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec we pass.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

#[derive(Clone, Debug)]
pub struct BenchReport {
    pub default_tree: TickStats,
    pub generated_tree: TickStats,
    pub reload_median_ms: f64,
    pub reload_max_ms: f64,
    pub reloads: usize,
}

impl std::fmt::Display for BenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (name, s) in [
            ("default tree", &self.default_tree),
            ("generated tree", &self.generated_tree),
        ] {
            writeln!(
                f,
                "{name}: {} nodes, {} decisions: wall median {:.2} µs, p99 {:.2} µs; thread CPU median {:.2} µs, p99 {:.2} µs",
                s.nodes, s.samples, s.median_us, s.p99_us, s.median_cpu_us, s.p99_cpu_us
            )?;
        }
        write!(
            f,
            "reload (write → new tree in effect), {} rounds: median {:.1} ms, max {:.1} ms",
            self.reloads, self.reload_median_ms, self.reload_max_ms
        )
    }
}

/// The `q` quantile of `samples` in µs (sorts them).
fn quantile(samples: &mut [Duration], q: f64) -> f64 {
    samples.sort();
    samples[((samples.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e6
}

fn time_ticks(bot: &mut TreeBot, iterations: usize) -> TickStats {
    let mut world = sample_world();
    let mut wall = Vec::with_capacity(iterations);
    let mut cpu = Vec::with_capacity(iterations);
    for i in 0..iterations.max(1) {
        world.turn = i as i64;
        world.decisions = i as u64;
        let c = thread_cpu_time();
        let t = Instant::now();
        std::hint::black_box(bot.decide(std::hint::black_box(&world)));
        wall.push(t.elapsed());
        cpu.push(thread_cpu_time().saturating_sub(c));
    }
    TickStats {
        nodes: bot.node_count(),
        median_us: quantile(&mut wall, 0.5),
        p99_us: quantile(&mut wall, 0.99),
        median_cpu_us: quantile(&mut cpu, 0.5),
        p99_cpu_us: quantile(&mut cpu, 0.99),
        samples: wall.len(),
    }
}

/// Writes a tree of about `nodes` nodes with `lua_leaves` Lua leaves: guarded branches that fail
/// (so the whole tree is walked each tick) and a final wander.
pub fn write_generated_tree(
    dir: &Path,
    branches: usize,
    lua_leaves: usize,
) -> std::io::Result<PathBuf> {
    std::fs::write(
        dir.join("scripts/check.lua"),
        "return function(world, state)\n  state.n = (state.n or 0) + 1\n  return world.hp < 0\nend\n",
    )?;
    let mut y = String::from("priority:\n  name: root\n  children:\n");
    for i in 0..branches {
        y.push_str(&format!(
            "    - reactive_sequence:\n        name: b{i}\n        children:\n"
        ));
        if i < lua_leaves {
            y.push_str("          - lua: scripts/check.lua\n");
        } else {
            y.push_str("          - hp_below: {fraction: 0.1}\n");
        }
        y.push_str("          - invert: {message_contains: {text: \"never shown\"}}\n");
        y.push_str("          - search: 1\n");
    }
    y.push_str("    - wander\n");
    let path = dir.join("trees/main.yaml");
    std::fs::write(&path, y)?;
    Ok(path)
}

/// Measures everything; `repo_trees` is the directory holding the default `main.yaml`.
pub fn bench_tick(repo_trees: &Path, iterations: usize) -> anyhow::Result<BenchReport> {
    let load = |p: &Path| {
        TreeBot::load(crate::registry(), p).map_err(|d| {
            anyhow::anyhow!(
                "{}",
                d.iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        })
    };
    let mut default_bot = load(&repo_trees.join("main.yaml"))?;
    let default_tree = time_ticks(&mut default_bot, iterations);

    let dir = scratch_dir("bench")?;
    // 40 branches of 5 nodes (+ root + wander) ≈ 200 nodes, 20 of them Lua leaves.
    let root = write_generated_tree(&dir, 40, 20)?;
    let mut big = load(&root)?;
    let generated_tree = time_ticks(&mut big, iterations);

    big.watch()?;
    let world = sample_world();
    let mut latencies = Vec::new();
    for round in 0..10 {
        let text = std::fs::read_to_string(&root)?.replace(
            &format!("fraction: 0.{round}"),
            &format!("fraction: 0.{}", round + 1),
        );
        std::thread::sleep(Duration::from_millis(50));
        big.reload_events();
        let t = Instant::now();
        std::fs::write(&root, text)?;
        loop {
            big.decide(&world);
            if big
                .reload_events()
                .iter()
                .any(|e| matches!(e, ReloadEvent::Reloaded { .. }))
            {
                latencies.push(t.elapsed());
                break;
            }
            if t.elapsed() > Duration::from_secs(5) {
                anyhow::bail!("reload did not happen within 5 s");
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    latencies.sort();
    Ok(BenchReport {
        default_tree,
        generated_tree,
        reload_median_ms: latencies[latencies.len() / 2].as_secs_f64() * 1e3,
        reload_max_ms: latencies[latencies.len() - 1].as_secs_f64() * 1e3,
        reloads: latencies.len(),
    })
}
