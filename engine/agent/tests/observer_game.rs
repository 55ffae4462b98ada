//! An observer of one's own, attached to the loop of a real game: it hears the start, every
//! decision (as many as the game's result counts) and the end, in that order.

use nhbot_agent::{play_watched, GameResult, LoopObserver, RunConfig, Session, TrivialBrain, View};
use nhbot_game::GameConfig;
use nhbot_world::{Decision, World};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

#[derive(Default)]
struct Heard {
    events: Vec<String>,
    decisions: u64,
    frames: u64,
    ended_with: Option<u64>,
}

struct Counter(Arc<Mutex<Heard>>);

impl LoopObserver for Counter {
    fn on_start(&mut self, _: &mut Session) {
        self.0.lock().unwrap().events.push("start".into());
    }
    fn on_frame(&mut self, world: &World, _: &[String]) -> Vec<String> {
        let mut heard = self.0.lock().unwrap();
        heard.frames += 1;
        assert_eq!(
            world.decisions, heard.decisions,
            "a frame per decision, seen before it"
        );
        Vec::new()
    }
    fn on_decision(&mut self, _: &World, decision: &Decision) -> anyhow::Result<()> {
        let mut heard = self.0.lock().unwrap();
        heard.decisions += 1;
        if heard.decisions == 1 {
            heard
                .events
                .push(format!("first decision by {}", decision.path));
        }
        Ok(())
    }
    fn on_end(&mut self, result: &GameResult) -> anyhow::Result<()> {
        let mut heard = self.0.lock().unwrap();
        heard.events.push("end".into());
        heard.ended_with = Some(result.actions);
        Ok(())
    }
}

#[test]
fn an_observer_of_ones_own_hears_every_decision_of_a_real_game() {
    let dir = std::env::temp_dir().join(format!("nhbot-observer-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut game = GameConfig::new(dir.join("game"));
    game.seed = Some(5);
    let mut cfg = RunConfig {
        game,
        max_turns: None,
        max_actions: Some(40),
        results: None,
        decision_log: None,
        facts: None,
        view: View::default(),
        stop: Arc::new(AtomicBool::new(false)),
        brain_label: "trivial".into(),
    };
    let heard = Arc::new(Mutex::new(Heard::default()));
    let mut brain = TrivialBrain::new(5);
    let result = play_watched(&mut cfg, &mut brain, vec![Box::new(Counter(heard.clone()))])
        .expect("the game runs");
    assert!(result.error.is_none(), "{:?}", result.error);
    let heard = heard.lock().unwrap();
    assert_eq!(heard.decisions, 40, "{result:?}");
    assert_eq!(heard.ended_with, Some(result.actions));
    assert_eq!(result.actions, 40);
    assert!(heard.frames >= heard.decisions);
    assert_eq!(heard.events.first().map(String::as_str), Some("start"));
    assert!(
        heard.events[1].starts_with("first decision by "),
        "{:?}",
        heard.events
    );
    assert_eq!(heard.events.last().map(String::as_str), Some("end"));
    let _ = std::fs::remove_dir_all(&dir);
}
