//! The same seeded game played four times at once (2 cores: the machine is loaded) takes the
//! same decisions every time. This fails if the engine ever reads a screen before the game has
//! finished drawing it (an early input-wait detection), which makes runs diverge under load.

use nhbot_agent::{Brain, Runner, TreeBrain};
use nhbot_game::GameConfig;
use std::path::Path;

fn play(seed: u64, copy: usize) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("nhbot-pardet-{}-{copy}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut cfg = GameConfig::new(dir.clone());
    cfg.seed = Some(seed);
    let tree = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../trees/main.yaml");
    let mut brain = TreeBrain::load(&tree).expect("the default tree loads");
    let mut runner = Runner::start(&cfg).unwrap();
    let mut log = Vec::new();
    while runner.world.turn < 600 && !runner.session.ended && log.len() < 3000 {
        let d = brain.decide(&runner.world);
        log.push(format!(
            "T{} {} | {} | {}",
            runner.world.turn, d.action, d.path, d.reason
        ));
        runner.act(&d).unwrap();
    }
    drop(runner);
    let _ = std::fs::remove_dir_all(&dir);
    log
}

#[test]
fn four_simultaneous_runs_of_a_seed_decide_alike() {
    let runs: Vec<Vec<String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4).map(|i| s.spawn(move || play(36, i))).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(
        runs[0].len() > 100,
        "too short a game to compare: {} decisions",
        runs[0].len()
    );
    for (i, run) in runs.iter().enumerate().skip(1) {
        if let Some(at) = runs[0].iter().zip(run).position(|(a, b)| a != b) {
            panic!(
                "run {i} diverged at decision {at}:\n  {}\n  {}",
                runs[0][at], run[at]
            );
        }
        assert_eq!(run.len(), runs[0].len(), "run {i} has a different length");
    }
}
