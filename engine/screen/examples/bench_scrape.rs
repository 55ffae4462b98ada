//! Measure snapshot + scrape cost over the recorded fixtures.
//!
//! usage: cargo run --release -p nhbot-screen --example bench_scrape [ROUNDS]

use nhbot_screen::bench_scrape;

fn main() -> Result<(), String> {
    let rounds: usize = match std::env::args().nth(1) {
        Some(r) => r.parse().map_err(|e| format!("rounds {r}: {e}"))?,
        None => 200,
    };
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let mut fixtures = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| format!("{dir}: {e}"))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "bin") {
            fixtures.push(std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?);
        }
    }
    let (median, p99) = bench_scrape(&fixtures, rounds);
    println!(
        "{} fixtures x {rounds} rounds: snapshot+scrape median {median} ns, p99 {p99} ns",
        fixtures.len()
    );
    Ok(())
}
