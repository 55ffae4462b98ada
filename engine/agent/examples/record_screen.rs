//! Records the screen after some keys of a seeded game as a fixture (bytes that redraw it in a
//! fresh 24x80 terminal): `cargo run -p nhbot-agent --example record_screen -- SEED KEYS OUT`.
//! KEYS uses \r for Enter and \e for ESC.
use nhbot_agent::Runner;
use nhbot_game::GameConfig;
fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let (seed, keys, out) = (
        args[1].parse::<u64>()?,
        args[2].replace("\\r", "\r").replace("\\e", "\x1b"),
        &args[3],
    );
    let dir = std::env::temp_dir().join(format!("nhbot-record-{}", std::process::id()));
    let mut cfg = GameConfig::new(dir.clone());
    cfg.seed = Some(seed);
    // The session's terminal keeps no vt100 parser: the fixture comes from the recording,
    // replayed through a terminal that does.
    let recording = dir.join("game.ttyrec");
    cfg.ttyrec = Some(recording.clone());
    let mut runner = Runner::start(&cfg)?;
    runner.session.send_raw(&keys)?;
    runner.session.game.flush_recording()?;
    let replayed = nhbot_agent::replay::replay(&recording)?;
    let parser = replayed
        .terminal
        .parser()
        .ok_or_else(|| anyhow::anyhow!("the replay's terminal keeps no vt100 parser"))?;
    std::fs::write(out, parser.screen().contents_formatted())?;
    println!(
        "{}",
        runner
            .session
            .term
            .screen()
            .text()
            .lines()
            .next()
            .unwrap_or("")
    );
    drop(runner);
    let _ = std::fs::remove_dir_all(dir);
    Ok(())
}
