//! Prints the path benchmark: `cargo run --release -p nhbot-world --example bench_path`.

fn main() {
    let (median, p99) = nhbot_world::bench_path();
    println!("path across a full 80x21 level: median {median:.1} us, p99 {p99:.1} us (target p99 < 200 us)");
}
