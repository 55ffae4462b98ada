//! `cargo run --release -p nhbot-tree --example bench_tree [TREES_DIR] [ITERATIONS]` (from the repo root)
fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let trees = args.next().unwrap_or_else(|| "trees".into());
    let iterations = args.next().and_then(|n| n.parse().ok()).unwrap_or(20_000);
    let r = nhbot_tree::bench_tick(std::path::Path::new(&trees), iterations)?;
    for (name, s) in [
        ("default tree", &r.default_tree),
        ("generated tree", &r.generated_tree),
    ] {
        println!(
            "{name}: {} nodes, {} decisions: wall median {:.2} µs, p99 {:.2} µs; thread CPU median {:.2} µs, p99 {:.2} µs",
            s.nodes, s.samples, s.median_us, s.p99_us, s.median_cpu_us, s.p99_cpu_us
        );
    }
    println!(
        "reload (write → new tree in effect), {} rounds: median {:.1} ms, max {:.1} ms",
        r.reloads, r.reload_median_ms, r.reload_max_ms
    );
    Ok(())
}
