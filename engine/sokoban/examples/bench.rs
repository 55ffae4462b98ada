//! Release-mode timings: `cargo run --release -p nhbot-sokoban --example bench [collection.xsb]`.

use nhbot_sokoban::bench::{bench_collection, bench_maps};
use nhbot_sokoban::Limits;
use std::path::PathBuf;
use std::time::Duration;

fn main() -> anyhow::Result<()> {
    println!(
        "{:<8} {:>7} {:>6} {:>8} {:>5} {:>10} {:>10}",
        "map", "pushes", "moves", "nodes", "runs", "median ms", "p99 ms"
    );
    for row in bench_maps() {
        let (pushes, moves) = row.result.map_or(("-".into(), "-".into()), |(p, m)| {
            (p.to_string(), m.to_string())
        });
        println!(
            "{:<8} {:>7} {:>6} {:>8} {:>5} {:>10.2} {:>10.2}",
            row.name,
            pushes,
            moves,
            row.nodes,
            row.runs,
            row.median.as_secs_f64() * 1e3,
            row.p99.as_secs_f64() * 1e3
        );
    }
    let default = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/sokoban/microban.xsb");
    let path = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or(default);
    let limits = Limits {
        max_nodes: 1_000_000,
        max_time: Duration::from_secs(10),
        ..Limits::default()
    };
    let r = bench_collection(&path, limits)?;
    println!(
        "{}: solved {}/{} (unsolvable {}, limit hit {}) in {:.2} s; slowest {:?}",
        path.display(),
        r.solved,
        r.levels,
        r.unsolvable,
        r.limit_hit,
        r.total.as_secs_f64(),
        r.slowest
            .map(|(n, d)| format!("{n} {:.0} ms", d.as_secs_f64() * 1e3))
    );
    Ok(())
}
