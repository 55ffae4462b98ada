//! Checks that a wizard-mode game (-D) of a seed starts in the same dungeon as the normal game of
//! that seed (the exploration measurements rely on it): prints both first maps and whether equal.
use nhbot_agent::Runner;
use nhbot_game::GameConfig;
fn main() -> anyhow::Result<()> {
    let seed: u64 = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "1".into())
        .parse()?;
    let mut maps = Vec::new();
    for wizard in [false, true] {
        let dir =
            std::env::temp_dir().join(format!("nhbot-wizcmp-{}-{wizard}", std::process::id()));
        let mut cfg = GameConfig::new(dir.clone());
        cfg.seed = Some(seed);
        cfg.wizard = wizard;
        let r = Runner::start(&cfg)?;
        let s = r.session.term.screen();
        maps.push(
            (1..22)
                .map(|row| s.row_text(row))
                .collect::<Vec<_>>()
                .join("\n"),
        );
        drop(r);
        let _ = std::fs::remove_dir_all(dir);
    }
    println!(
        "{}\n----\n{}\nsame: {}",
        maps[0],
        maps[1],
        maps[0] == maps[1]
    );
    Ok(())
}
