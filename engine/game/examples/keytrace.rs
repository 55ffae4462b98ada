//! Debug aid: plays keys on a seeded game and prints each screen.
use nhbot_game::{Game, GameConfig};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args[1].parse().unwrap();
    let keys = args[2].replace("\\r", "\r").replace("\\e", "\x1b");
    let dir = std::env::temp_dir().join(format!("nhbot-trace-{}", std::process::id()));
    let mut cfg = GameConfig::new(dir);
    cfg.seed = Some(seed);
    let mut game = Game::start(&cfg).unwrap();
    let mut parser = vt100::Parser::new(24, 80, 0);
    let mut out = Vec::new();
    let w = game.wait(&mut out).unwrap();
    parser.process(&out);
    println!(
        "=== start {w:?} ({} bytes)\n{}",
        out.len(),
        parser.screen().contents()
    );
    for k in keys.bytes() {
        out.clear();
        game.send(&[k]).unwrap();
        let w = game.wait(&mut out).unwrap();
        parser.process(&out);
        println!(
            "=== after {:?}: {w:?} ({} bytes)\n{}",
            k as char,
            out.len(),
            parser.screen().contents()
        );
    }
}
