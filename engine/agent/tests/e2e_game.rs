//! End to end on the real game: a seeded game played by the trivial bot for 500+ turns, ended by
//! the turn budget, with the score and turns read from the game's own xlogfile.

use nhbot_agent::{play, EndReason, RunConfig, TrivialBrain, View};
use nhbot_game::GameConfig;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

#[test]
fn trivial_bot_plays_500_turns_and_the_game_records_it() {
    let dir = std::env::temp_dir().join(format!("nhbot-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut game = GameConfig::new(dir.join("game"));
    game.seed = Some(3);
    game.ttyrec = Some(dir.join("game.ttyrec"));
    let results = dir.join("results.jsonl");
    let mut cfg = RunConfig {
        game,
        max_turns: Some(520),
        max_actions: Some(20_000),
        results: Some(results.clone()),
        decision_log: Some(dir.join("decisions.log")),
        facts: Some(dir.join("facts.jsonl")),
        view: View::default(),
        stop: Arc::new(AtomicBool::new(false)),
        brain_label: "trivial".into(),
    };
    let mut brain = TrivialBrain::new(3);
    let r = play(&mut cfg, &mut brain).expect("the game runs");
    assert!(r.error.is_none(), "error: {:?}", r.error);
    assert_eq!(r.end, EndReason::MaxTurns, "game ended early: {r:?}");
    // The record is the game's own: it exists, says the game was quit at our budget, and counts
    // at least the 500 turns we played.
    assert_eq!(r.death.as_deref(), Some("quit"), "{r:?}");
    assert!(r.turns >= 500, "only {} turns recorded", r.turns);
    assert!(r.score.is_some());
    assert!(r.max_depth >= 1);
    // The result line was appended and parses back.
    let line = std::fs::read_to_string(&results).unwrap();
    let back: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(back["turns"], r.turns);
    // The recording replays: it has frames.
    let frames = nhbot_game::ttyrec::read_frames(&dir.join("game.ttyrec")).unwrap();
    assert!(frames.len() > 100);
    let _ = std::fs::remove_dir_all(&dir);
}
