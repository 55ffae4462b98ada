//! Ctrl-C (a hangup) saves the game in its playground; starting again in the same playground
//! restores it: same character, the turn counter continues.

use nhbot_agent::Brain;
use nhbot_agent::{Runner, TrivialBrain};
use nhbot_game::GameConfig;
use std::time::Duration;

#[test]
fn a_hung_up_game_is_saved_and_resumes_where_it_stopped() {
    let dir = std::env::temp_dir().join(format!("nhbot-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut game = GameConfig::new(dir.clone());
    game.seed = Some(21);
    let mut brain = TrivialBrain::new(21);

    let mut runner = Runner::start(&game).unwrap();
    while runner.world.turn < 60 && !runner.session.ended {
        let d = brain.decide(&runner.world);
        runner.act(&d).unwrap();
    }
    let turn = runner.world.turn;
    let hp_max = runner.world.status.hp_max;
    assert!(turn >= 60, "game ended early at turn {turn}");
    runner.session.game.hangup(Duration::from_secs(10)).unwrap();
    drop(runner);
    let save = runner_save_file(&game);
    assert!(save.is_some(), "no save file after the hangup");

    let resumed = Runner::start(&game).unwrap();
    assert!(!resumed.session.ended);
    assert!(
        resumed.world.turn >= turn,
        "restored at turn {} < {turn}",
        resumed.world.turn
    );
    assert_eq!(resumed.world.status.hp_max, hp_max);
    // A new game would start at turn 1: the map and the turn counter are the saved game's.
    // The save file is consumed by the restore.
    assert!(runner_save_file(&game).is_none());
    drop(resumed);
    let _ = std::fs::remove_dir_all(&dir);
}

fn runner_save_file(game: &GameConfig) -> Option<std::path::PathBuf> {
    std::fs::read_dir(game.playground.join("save"))
        .ok()?
        .flatten()
        .map(|e| e.path())
        .next()
}
