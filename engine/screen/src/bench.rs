//! Cost of one snapshot + scrape, the work the engine does after every key.

use std::hint::black_box;
use std::time::Instant;

use crate::scrape::scrape;
use crate::terminal::Terminal;

/// Time `Terminal::screen()` + `scrape()` over the fixtures (each a byte stream that draws one
/// screen). The fixtures are fed in turn into one terminal, untimed, so every timed snapshot sees a
/// freshly changed screen: that is the worst case for the cell cache (most cells differ from the
/// previous screen), where a real key usually changes a few cells. Returns (median, p99) in ns.
pub fn bench_scrape(fixtures: &[Vec<u8>], rounds: usize) -> (u64, u64) {
    let mut term = Terminal::new();
    let mut samples = Vec::with_capacity(fixtures.len() * rounds);
    for _ in 0..rounds {
        for bytes in fixtures {
            // Clear the screen first so each fixture draws on a blank terminal, as when cut.
            term.feed(b"\x1b[H\x1b[2J");
            term.feed(bytes);
            let start = Instant::now();
            let frame = scrape(term.screen());
            samples.push(start.elapsed().as_nanos() as u64);
            black_box(frame);
        }
    }
    if samples.is_empty() {
        return (0, 0);
    }
    samples.sort_unstable();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.99))
}
