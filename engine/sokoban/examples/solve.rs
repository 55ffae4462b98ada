//! Solve a file: `cargo run --release -p nhbot-sokoban --example solve -- FILE [max_nodes] [weight]`.

use nhbot_sokoban::{solve_file, Limits};
use std::path::Path;
use std::time::Duration;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .ok_or_else(|| anyhow::anyhow!("usage: solve FILE [max_nodes] [weight]"))?;
    let max_nodes = args
        .next()
        .map(|n| n.parse())
        .transpose()?
        .unwrap_or(2_000_000);
    let weight = args
        .next()
        .map(|n| n.parse())
        .transpose()?
        .unwrap_or(Limits::default().weight);
    let limits = Limits {
        max_nodes,
        max_time: Duration::from_secs(30),
        weight,
    };
    for (title, result) in solve_file(Path::new(&path), limits)? {
        match result {
            Ok(s) => println!("{title}: {s}"),
            Err(e) => println!("{title}: {e}"),
        }
    }
    Ok(())
}
