//! A Lua leaf's `log(...)` and `print(...)` on the real game: each line lands in decisions.log
//! as `T<turn> LOG <decision> <leaf path>: <text>`, right before the decision it was logged in,
//! and the leaf runs exactly once per decision (its call counter equals the decision count).

use nhbot_agent::logs::{parse_line, LogLine};
use nhbot_agent::{play, RunConfig, TreeBrain, View};
use nhbot_game::GameConfig;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

const ACTIONS: u64 = 40;

/// Logs its call count and what it sees, keeps a tally on the blackboard, then lets the tree
/// go on.
const TALK: &str = r#"return function(world, state)
  state.calls = (state.calls or 0) + 1
  blackboard.set("calls", (blackboard.get("calls") or 0) + 1)
  log("call", state.calls, "at decision", world.decisions, "board", blackboard.get("calls"))
  if state.calls % 10 == 0 then print("tenth", "call") end
  return false
end
"#;

#[test]
fn lua_log_lines_land_in_the_decision_log_once_per_decision() {
    let dir = std::env::temp_dir().join(format!("nhbot-lua-log-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("trees")).expect("mkdir");
    std::fs::create_dir_all(dir.join("scripts")).expect("mkdir");
    std::fs::write(dir.join("scripts/talk.lua"), TALK).expect("script");
    let tree = dir.join("trees/main.yaml");
    std::fs::write(
        &tree,
        "priority:\n  name: root\n  children:\n    - lua: {file: scripts/talk.lua, name: talk}\n    - explore\n    - search: 5\n",
    )
    .expect("tree");

    let mut game = GameConfig::new(dir.join("game"));
    game.seed = Some(5);
    let log = dir.join("decisions.log");
    let mut cfg = RunConfig {
        game,
        max_turns: None,
        max_actions: Some(ACTIONS),
        results: None,
        decision_log: Some(log.clone()),
        facts: None,
        view: View::default(),
        stop: Arc::new(AtomicBool::new(false)),
        brain_label: "lua-log".into(),
    };
    let mut brain = TreeBrain::load(&tree).expect("the tree loads");
    let result = play(&mut cfg, &mut brain).expect("the game runs");
    let text = std::fs::read_to_string(&log).expect("decision log");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(result.error.is_none(), "{:?}", result.error);

    let lines: Vec<LogLine> = text
        .lines()
        .map(|l| parse_line(l).unwrap_or_else(|| panic!("not a log line: {l:?}")))
        .collect();
    let mut decisions = 0u64;
    let mut pending: Vec<(u64, String)> = Vec::new();
    for line in &lines {
        match line {
            LogLine::Log {
                decision,
                path,
                text,
                ..
            } => {
                assert_eq!(path, "root/talk");
                pending.push((*decision, text.clone()));
            }
            LogLine::Decision { .. } => {
                // The lines logged while taking this decision come right before it.
                let calls = decisions + 1;
                let mut expected = vec![(
                    decisions,
                    format!("call {calls} at decision {decisions} board {calls}"),
                )];
                if calls.is_multiple_of(10) {
                    expected.push((decisions, "tenth\tcall".into()));
                }
                assert_eq!(pending, expected, "decision {decisions}:\n{text}");
                pending.clear();
                decisions += 1;
            }
            LogLine::Note { text: note, .. } => {
                assert!(!note.contains("script error"), "{note}")
            }
        }
    }
    assert_eq!(decisions, result.actions, "{text}");
    assert!(decisions >= ACTIONS / 2, "{result:?}\n{text}");
}
