//! Prints the path benchmark: `cargo run --release -p nhbot-world --example bench_path`.
//! Wall-clock p99 includes preemption on a busy machine, so the thread's CPU time is shown too.

use nhbot_world::nav::bench_level;
use nhbot_world::{bench_path, PathOpts, Pos};

fn thread_cpu_us() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes into the timespec we own.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 * 1e6 + ts.tv_nsec as f64 / 1e3
}

fn main() {
    let (median, p99) = bench_path();
    println!("path across a full 80x21 level: median {median:.1} us, p99 {p99:.1} us wall clock (target p99 < 200 us)");
    let level = bench_level();
    let opts = PathOpts::default();
    let mut cpu: Vec<f64> = (0..500)
        .map(|_| {
            let t = thread_cpu_us();
            let path = level.path(Pos::new(0, 0), &[Pos::new(79, 20)], &opts);
            assert!(path.is_some());
            thread_cpu_us() - t
        })
        .collect();
    cpu.sort_by(f64::total_cmp);
    println!(
        "same, thread CPU time: median {:.1} us, p99 {:.1} us",
        cpu[cpu.len() / 2],
        cpu[cpu.len() * 99 / 100]
    );
}
