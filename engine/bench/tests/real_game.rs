//! The real runner on the real game: 3 seeds × 300 turns, 2 at a time.

use nhbot_bench::{bench_games, load_results, AgentRunner, BrainSpec, GamesConfig};
use std::sync::atomic::AtomicBool;

#[test]
fn three_real_games_in_parallel() {
    // A relative --out, as typed on the command line (the game runs in another directory).
    let tmp = tempfile::tempdir_in(std::env::current_dir().unwrap()).unwrap();
    let relative = tmp
        .path()
        .strip_prefix(std::env::current_dir().unwrap())
        .unwrap()
        .to_path_buf();
    assert!(relative.is_relative());
    let runner = AgentRunner::new(BrainSpec::Trivial, Some(300));
    runner.prepare().unwrap();
    let cfg = GamesConfig {
        seeds: vec![1, 2, 3],
        shard: None,
        jobs: 2,
        out: relative,
        quiet: true,
        pin_cores: true,
    };
    let out = bench_games(&cfg, &runner, None, &AtomicBool::new(false)).unwrap();
    assert!(out.run.failed.is_empty(), "{:?}", out.run.failed);
    assert_eq!(out.run.played, 3);
    let loaded = load_results(&tmp.path().join("results.jsonl")).unwrap();
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let mut seeds: Vec<u64> = loaded.records.iter().map(|r| r.seed).collect();
    seeds.sort();
    assert_eq!(seeds, vec![1, 2, 3]);
    for r in &loaded.records {
        assert!(
            matches!(r.end.as_deref(), Some("max-turns") | Some("game-over")),
            "seed {} ended {:?} ({:?})",
            r.seed,
            r.end,
            r.error
        );
        let turns = r.turns.unwrap();
        assert!(
            turns > 0.0 && turns <= 320.0,
            "seed {} played {turns} turns",
            r.seed
        );
        assert!(r.max_depth.unwrap() >= 1.0);
        let ttyrec = tmp.path().join(format!("games/{}/game.ttyrec", r.seed));
        assert!(
            std::fs::metadata(&ttyrec).unwrap().len() > 1000,
            "{}",
            ttyrec.display()
        );
    }
    assert!(tmp.path().join("report.md").exists());
}
