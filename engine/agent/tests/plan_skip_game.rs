//! Game plans on the real game: a two-phase plan drives a seeded game; `skip: true` written into
//! the active phase while the game runs takes effect at the very next decision, whose reason
//! chain (in decisions.log) names the other phase; removing the skip brings the first phase back
//! with its progress kept.

use nhbot_agent::logs::{parse_line, DecisionLog, LogLine};
use nhbot_agent::{Brain, LoopObserver, Runner, TreeBrain};
use nhbot_bt::PhaseRecord;
use nhbot_game::GameConfig;
use std::path::Path;
use std::time::{Duration, Instant};

/// Phase `first` until turn 5,000 (never, here); phase `second` from turn 1. Both conditions
/// are Lua leaves reading the turn.
const TREE: &str = r#"plan:
  name: root
  phases:
    - phase:
        name: first
        goal: search one turn at a time
        done: {lua: {file: scripts/turns.lua, function: late}}
        do: {search: {count: 1, name: wait}}
    - phase:
        name: second
        goal: search two turns at a time
        when: {lua: {file: scripts/turns.lua, function: started}}
        do: {search: {count: 2, name: wait_more}}
"#;

const TURNS: &str = r#"return {
  late = function(world) return world.turn >= 5000 end,
  started = function(world) return world.turn >= 1 end,
}
"#;

/// Rewrites a file the way editors do (write a temp file, rename over the original).
fn save(path: &Path, text: &str) {
    let tmp = path.with_extension("swp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

/// Waits (no decision taken) until the watcher has applied the edit.
fn await_reload(brain: &mut TreeBrain) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !brain.bot.poll_reload() {
        assert!(
            Instant::now() < deadline,
            "the edit was not reloaded within 10 s: {:?}",
            brain.notes()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// One decision as the game loop takes it: decided, logged with its phase, carried out.
fn step(runner: &mut Runner, brain: &mut TreeBrain, log: &mut DecisionLog) {
    let d = brain.decide(&runner.world);
    log.on_phase(&runner.world, brain.phase().as_deref())
        .unwrap();
    log.on_decision(&runner.world, &d).unwrap();
    runner.act(&d).unwrap();
}

/// The last decision logged: (phase, path).
fn last_chain(log_path: &Path) -> (Option<String>, String) {
    let text = std::fs::read_to_string(log_path).unwrap();
    match text.lines().rev().find_map(parse_line) {
        Some(LogLine::Decision { phase, path, .. }) => (phase, path),
        other => panic!("last line is no decision: {other:?}\n{text}"),
    }
}

#[test]
fn skipping_the_active_phase_mid_game_takes_effect_at_the_next_decision() {
    let dir = std::env::temp_dir().join(format!("nhbot-plan-skip-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("trees")).unwrap();
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    let tree = dir.join("trees/main.yaml");
    std::fs::write(&tree, TREE).unwrap();
    std::fs::write(dir.join("scripts/turns.lua"), TURNS).unwrap();
    let log_path = dir.join("decisions.log");
    let mut log = DecisionLog::open(&log_path).unwrap();

    let mut game = GameConfig::new(dir.join("game"));
    game.seed = Some(11);
    let mut runner = Runner::start(&game).unwrap();
    let mut brain = TreeBrain::load(&tree).unwrap();
    let first = Some("first: search one turn at a time".to_string());
    let second = Some("second: search two turns at a time".to_string());

    for _ in 0..4 {
        step(&mut runner, &mut brain, &mut log);
        assert_eq!(
            last_chain(&log_path),
            (first.clone(), "root/first/wait".into())
        );
    }
    let first_reached = brain.phase_records()[0].reached;

    // Skip the active phase while the game runs.
    save(
        &tree,
        &TREE.replace("name: first\n", "name: first\n        skip: true\n"),
    );
    await_reload(&mut brain);
    let turn_of_switch = runner.world.turn;
    step(&mut runner, &mut brain, &mut log);
    assert_eq!(
        last_chain(&log_path),
        (second.clone(), "root/second/wait_more".into()),
        "the first decision after the edit is in the other phase"
    );
    assert_eq!(
        brain.phase_records(),
        [
            PhaseRecord {
                name: "first".into(),
                reached: first_reached,
                completed: None,
            },
            PhaseRecord {
                name: "second".into(),
                reached: Some(turn_of_switch),
                completed: None,
            },
        ]
    );
    let turn_before = runner.world.turn;
    step(&mut runner, &mut brain, &mut log);
    assert!(
        runner.world.turn >= turn_before + 2,
        "phase `second` searches two turns: {turn_before} → {}",
        runner.world.turn
    );

    // Skip removed: `first` was never completed, so it is active again at the next decision.
    save(&tree, TREE);
    await_reload(&mut brain);
    step(&mut runner, &mut brain, &mut log);
    assert_eq!(last_chain(&log_path), (first, "root/first/wait".into()));
    assert_eq!(brain.phase_records()[0].reached, first_reached);
    assert!(!runner.session.ended);
    let _ = std::fs::remove_dir_all(&dir);
}
