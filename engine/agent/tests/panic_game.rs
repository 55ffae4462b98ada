//! A panic in the loop (here the brain's) ends the game like an engine error: the game is saved
//! for --resume, the results line says what happened, and the recording and the decision log
//! are whole.

use nhbot_agent::logs::parse_line;
use nhbot_agent::{play, Brain, EndReason, RunConfig, TrivialBrain, View};
use nhbot_game::GameConfig;
use nhbot_world::{Decision, World};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The trivial bot, until its 30th decision panics.
struct Panicky {
    inner: TrivialBrain,
    decisions: u32,
}

impl Brain for Panicky {
    fn decide(&mut self, world: &World) -> Decision {
        self.decisions += 1;
        assert!(self.decisions < 30, "boom at decision {}", self.decisions);
        self.inner.decide(world)
    }
    fn name(&self) -> String {
        "panicky".into()
    }
}

#[test]
fn a_panic_saves_the_game_and_writes_the_results_line() {
    let dir = std::env::temp_dir().join(format!("nhbot-panic-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut game = GameConfig::new(dir.clone());
    game.seed = Some(5);
    game.ttyrec = Some(dir.join("game.ttyrec"));
    let results = dir.join("results.jsonl");
    let mut cfg = RunConfig {
        game,
        max_turns: None,
        max_actions: None,
        results: Some(results.clone()),
        decision_log: Some(dir.join("decisions.log")),
        facts: None,
        view: View::default(),
        stop: Arc::new(AtomicBool::new(false)),
        brain_label: "panicky".into(),
    };
    let mut brain = Panicky {
        inner: TrivialBrain::new(5),
        decisions: 0,
    };
    let r = play(&mut cfg, &mut brain).expect("a panic is a result, not an unwinding");
    assert_eq!(r.end, EndReason::Error);
    assert!(
        r.error
            .as_deref()
            .unwrap()
            .contains("panic: boom at decision 30"),
        "{:?}",
        r.error
    );
    assert_eq!(r.actions, 29);
    let line: serde_json::Value =
        serde_json::from_str(std::fs::read_to_string(&results).unwrap().trim()).unwrap();
    assert_eq!(line["end"], "error");
    assert!(
        nhbot_game::playground::saved_game(&dir).is_some(),
        "no save to resume"
    );
    assert!(
        nhbot_game::ttyrec::read_frames(&dir.join("game.ttyrec"))
            .unwrap()
            .len()
            > 10
    );
    let log = std::fs::read_to_string(dir.join("decisions.log")).unwrap();
    assert_eq!(log.lines().count(), 29);
    assert!(log.lines().all(|l| parse_line(l).is_some()), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}
