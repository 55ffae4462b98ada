//! The true map of a seed's first level: a wizard-mode game of the seed (the same dungeon as the
//! normal game's, see wizard_same_dungeon.rs) magic-mapped with ^F, printed. For checking where
//! the hidden doors and corridors were on a level the bot got stuck on.
//!
//! `cargo run --release -p nhbot-agent --example wizard_map -- SEED`
use nhbot_agent::Runner;
use nhbot_game::GameConfig;
fn main() -> anyhow::Result<()> {
    let seed: u64 = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "1".into())
        .parse()?;
    let dir = std::env::temp_dir().join(format!("nhbot-wizmap-{}", std::process::id()));
    let mut cfg = GameConfig::new(dir.clone());
    cfg.seed = Some(seed);
    cfg.wizard = true;
    let mut r = Runner::start(&cfg)?;
    r.session.send_raw("\x06")?; // ^F: map the level
    r.observe();
    println!("{}", r.session.term.screen().text());
    drop(r);
    let _ = std::fs::remove_dir_all(dir);
    Ok(())
}
