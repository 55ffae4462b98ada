//! `cargo run --release -p nhbot-kb --example kb_bench [N_FACTS]`
fn main() {
    let n = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    println!("{}", nhbot_kb::bench(n));
}
