//! Quick check of the bare key loop speed (the full benchmark is `nhbot bench sync`).
use nhbot_game::{Game, GameConfig};
use std::time::Instant;
fn main() {
    let dir = std::env::temp_dir().join(format!("nhbot-bare-{}", std::process::id()));
    let mut cfg = GameConfig::new(dir);
    cfg.seed = Some(5);
    let mut game = Game::start(&cfg).unwrap();
    let mut out = Vec::new();
    game.wait(&mut out).unwrap();
    let n = 3000;
    let t = Instant::now();
    for _ in 0..n {
        out.clear();
        game.send(b"s").unwrap();
        game.wait(&mut out).unwrap();
    }
    println!(
        "{:.0} keys/s via {}",
        n as f64 / t.elapsed().as_secs_f64(),
        game.sync_name()
    );
}
