//! Times a game-budget solve slice by slice, as the bot's background solve is polled:
//! `cargo run --release -p nhbot-sokoban --example slices -- FILE [slice]`. Prints, for each
//! slice, the wall time until the solve's progress counter passed its mark.

use nhbot_sokoban::{read_levels, solve_reporting, Limits};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .ok_or_else(|| anyhow::anyhow!("usage: slices FILE [slice]"))?;
    let slice: usize = args
        .next()
        .map(|n| n.parse())
        .transpose()?
        .unwrap_or(20_000);
    for puzzle in read_levels(Path::new(&path))? {
        let progress = Arc::new(AtomicUsize::new(0));
        let reports = Arc::clone(&progress);
        let started = Instant::now();
        let job = std::thread::spawn(move || solve_reporting(&puzzle, Limits::in_game(), &reports));
        let (mut mark, mut last, mut last_cpu) = (slice, started, cpu_seconds());
        while !job.is_finished() {
            std::thread::sleep(Duration::from_millis(2));
            while progress.load(Ordering::Relaxed) > mark {
                let now = Instant::now();
                let cpu = cpu_seconds();
                println!(
                    "slice {mark:>8} {:>7.3}s wall {:>7.3}s cpu (at {:.1}s, cpu {cpu:.1}s)",
                    (now - last).as_secs_f64(),
                    cpu - last_cpu,
                    (now - started).as_secs_f64()
                );
                (mark, last, last_cpu) = (mark + slice, now, cpu);
            }
        }
        let result = job.join().expect("solver panicked");
        let last_gap = (Instant::now() - last).as_secs_f64();
        match result {
            Ok(s) => println!("solved: {s}"),
            Err(e) => println!("{e}"),
        }
        println!(
            "total {:.1}s wall, {:.1}s cpu, last wait {last_gap:.3}s",
            started.elapsed().as_secs_f64(),
            cpu_seconds()
        );
    }
    Ok(())
}

/// This process's CPU time (user + system) so far, from /proc (Linux; 0 elsewhere): wall
/// time on a loaded machine says little.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    let rest = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11..13).map_or(0.0, |f| {
        f.iter().filter_map(|t| t.parse::<f64>().ok()).sum()
    });
    ticks / 100.0
}
