//! A game whose process is killed from outside (as Slurm's scancel SIGTERMs every process of a
//! task, the game's too) is not a finished game: no results line, so a rerun plays the seed.

use nhbot_bench::{AgentRunner, BrainSpec, GameRunner};
use std::path::Path;
use std::time::{Duration, Instant};

/// The PID of the game playing in `dir` (its environment names the playground).
fn game_pid(dir: &Path) -> Option<u32> {
    let needle = format!("NHBOT_PLAYGROUND={}", dir.display());
    std::fs::read_dir("/proc").ok()?.flatten().find_map(|e| {
        let pid: u32 = e.file_name().to_str()?.parse().ok()?;
        let env = std::fs::read(e.path().join("environ")).ok()?;
        env.split(|b| *b == 0)
            .any(|v| v == needle.as_bytes())
            .then_some(pid)
    })
}

#[test]
fn a_game_killed_from_outside_is_not_recorded() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    std::fs::create_dir_all(&dir).unwrap();
    let runner = AgentRunner::new(BrainSpec::Trivial, Some(20_000));
    runner.prepare().unwrap();
    let played = std::thread::scope(|scope| {
        let game = scope.spawn(|| runner.play(3, &dir));
        // Mid-game: the bot has decided at least once.
        let deadline = Instant::now() + Duration::from_secs(60);
        let pid = loop {
            let deciding = std::fs::metadata(dir.join("decisions.log")).is_ok_and(|m| m.len() > 0);
            if let Some(pid) = game_pid(&dir).filter(|_| deciding) {
                break pid;
            }
            assert!(
                !game.is_finished(),
                "the game ended before it could be killed"
            );
            assert!(Instant::now() < deadline, "no game process found");
            std::thread::sleep(Duration::from_millis(10));
        };
        let kill = std::process::Command::new("kill")
            .args(["-TERM", &pid.to_string()])
            .status()
            .unwrap();
        assert!(kill.success());
        game.join().unwrap()
    });
    // Not a results line (a "game-over" without the game's record of an end, as before).
    let err = played.expect_err("a killed game must not give a results line");
    assert!(
        format!("{err:#}").contains("without recording an end"),
        "{err:#}"
    );
}
