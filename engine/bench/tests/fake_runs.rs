//! Resume, merge, corrupt lines and comparisons, through a fake runner (no game needed).

mod common;

use common::{fake_line, FakeRunner};
use nhbot_bench::record::RESULTS_FILE;
use nhbot_bench::{
    bench_games, load_results, merge, parse_seeds, report, GameRunner, GamesConfig, Shard, Summary,
};
use std::path::Path;
use std::sync::atomic::AtomicBool;

fn config(out: &Path, seeds: &str, shard: Option<Shard>) -> GamesConfig {
    GamesConfig {
        seeds: parse_seeds(seeds).unwrap(),
        shard,
        jobs: 3,
        out: out.to_path_buf(),
        quiet: true,
        pin_cores: true,
    }
}

fn summary_of(dir: &Path) -> Summary {
    let loaded = load_results(&dir.join(RESULTS_FILE)).unwrap();
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    Summary::of(&loaded.records)
}

fn run(cfg: &GamesConfig, a: &dyn GameRunner) -> nhbot_bench::GamesOutcome {
    bench_games(cfg, a, None, &AtomicBool::new(false)).unwrap()
}

#[test]
fn a_full_run_records_every_seed_once_and_writes_the_report() {
    let tmp = tempfile::tempdir().unwrap();
    let runner = FakeRunner::new("tree-a");
    let out = run(&config(tmp.path(), "1..10", None), &runner);
    assert_eq!((out.run.played, out.run.skipped), (10, 0));
    assert_eq!(runner.calls(), (1..=10).collect::<Vec<_>>());
    let s = summary_of(tmp.path());
    assert_eq!(s.games, 10);
    // depths 1 + seed % 5 over seeds 1..10: 2,3,4,5,1,2,3,4,5,1 → median 3, p10 1, p90 5
    let depth = s.metric("max depth").unwrap();
    assert_eq!(
        (depth.median, depth.p10, depth.p90, depth.mean),
        (3.0, 1.0, 5.0, 3.0)
    );
    // seeds 4 and 8 stop at the turn budget; the others die by seed % 3: jackal 3, 6, 9;
    // newt 1, 7, 10; starvation 2, 5. Most frequent first, ties by name.
    let causes: Vec<(&str, usize)> = s.causes.iter().map(|(c, n)| (c.as_str(), *n)).collect();
    assert_eq!(
        causes,
        vec![
            ("killed by a jackal", 3),
            ("killed by a newt", 3),
            ("starvation", 2),
            ("stopped: max-turns", 2)
        ]
    );
    assert!(
        s.metric("squares explored").is_none(),
        "no game carries level stats"
    );
    let md = std::fs::read_to_string(tmp.path().join("report.md")).unwrap();
    assert!(
        md.contains("| max depth | 10 | 3 | 3 | 1 | 5 | 1 | 5 |"),
        "{md}"
    );
    for plot in ["depth.svg", "score.svg", "causes.svg"] {
        let svg = std::fs::read_to_string(tmp.path().join(plot)).unwrap();
        assert!(
            svg.contains("<svg") && svg.contains("<text"),
            "{plot} has no text"
        );
        assert!(md.contains(&format!("]({plot})")), "report links {plot}");
    }
    assert!(tmp.path().join("games/7/game.ttyrec").exists());
}

#[test]
fn resume_after_a_killed_run_plays_only_the_missing_seeds() {
    let tmp = tempfile::tempdir().unwrap();
    let runner = FakeRunner::new("tree-a");
    std::fs::write(
        tmp.path().join("settings.json"),
        serde_json::to_string(&runner.settings()).unwrap(),
    )
    .unwrap();
    // A killed run: seeds 1, 2 and 5 finished, seed 3 was cut off mid-write (no newline).
    let mut text = String::new();
    for seed in [1, 2, 5] {
        text += &format!("{}\n", fake_line(seed, "tree-a", 0));
    }
    text += r#"{"seed":3,"brain":"tree-a","sco"#;
    std::fs::write(tmp.path().join(RESULTS_FILE), text).unwrap();

    let out = run(&config(tmp.path(), "1..8", None), &runner);
    assert_eq!(runner.calls(), vec![3, 4, 6, 7, 8]);
    assert_eq!((out.run.played, out.run.skipped), (5, 3));
    assert_eq!(out.run.warnings.len(), 1);
    assert!(
        out.run.warnings[0].contains("results.jsonl:4"),
        "{:?}",
        out.run.warnings
    );

    let loaded = load_results(&tmp.path().join(RESULTS_FILE)).unwrap();
    let mut seeds: Vec<u64> = loaded.records.iter().map(|r| r.seed).collect();
    seeds.sort();
    assert_eq!(seeds, (1..=8).collect::<Vec<_>>());
    // The partial line stays reported, on its own line, not glued to the next result.
    assert_eq!(loaded.warnings.len(), 1);

    // A second rerun has nothing left to play.
    let again = FakeRunner::new("tree-a");
    let out = run(&config(tmp.path(), "1..8", None), &again);
    assert_eq!((out.run.played, out.run.skipped), (0, 8));
    assert!(again.calls().is_empty());
}

#[test]
fn interrupted_games_are_not_recorded_and_a_rerun_plays_them() {
    let tmp = tempfile::tempdir().unwrap();
    let mut runner = FakeRunner::new("tree-a");
    runner.interrupt = vec![2, 5];
    let out = run(&config(tmp.path(), "1..6", None), &runner);
    assert_eq!((out.run.played, out.run.interrupted), (4, 2));
    let rerun = FakeRunner::new("tree-a");
    run(&config(tmp.path(), "1..6", None), &rerun);
    assert_eq!(rerun.calls(), vec![2, 5]);
    assert_eq!(summary_of(tmp.path()).games, 6);
}

#[test]
fn a_rerun_with_other_settings_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    run(
        &config(tmp.path(), "1..2", None),
        &FakeRunner::new("tree-a"),
    );
    let other = FakeRunner::new("tree-b");
    let err = bench_games(
        &config(tmp.path(), "1..4", None),
        &other,
        None,
        &AtomicBool::new(false),
    )
    .unwrap_err();
    assert!(format!("{err:#}").contains("other settings"), "{err:#}");
    assert!(other.calls().is_empty());
}

#[test]
fn merging_shards_gives_the_summary_of_one_unsharded_run() {
    let tmp = tempfile::tempdir().unwrap();
    let whole = tmp.path().join("whole");
    let sharded = tmp.path().join("sharded");
    run(&config(&whole, "1..23", None), &FakeRunner::new("tree-a"));
    let mut shard_games = Vec::new();
    for i in 1..=3 {
        let shard = Shard { index: i, count: 3 };
        let out = run(
            &config(&sharded, "1..23", Some(shard)),
            &FakeRunner::new("tree-a"),
        );
        assert_eq!(out.dir, sharded.join(format!("shard-{i}-of-3")));
        shard_games.push(out.run.played);
    }
    assert_eq!(shard_games, vec![8, 8, 7]);

    let merged = tmp.path().join("merged");
    let warnings = merge(&merged, std::slice::from_ref(&sharded)).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(summary_of(&merged), summary_of(&whole));
    assert_eq!(
        std::fs::read_to_string(merged.join("report.md")).unwrap(),
        std::fs::read_to_string(whole.join("report.md")).unwrap()
    );
    // The merged file is in seed order.
    let seeds: Vec<u64> = load_results(&merged.join(RESULTS_FILE))
        .unwrap()
        .records
        .iter()
        .map(|r| r.seed)
        .collect();
    assert_eq!(seeds, (1..=23).collect::<Vec<_>>());

    // Merging a shard twice keeps one line per seed and says so.
    let twice = tmp.path().join("twice");
    let s1 = sharded.join("shard-1-of-3");
    let warnings = merge(&twice, &[s1.clone(), s1]).unwrap();
    assert_eq!(warnings.len(), 8, "{warnings:?}");
    assert_eq!(summary_of(&twice).games, 8);
}

#[test]
fn a_corrupt_line_is_reported_with_file_and_line_and_skipped() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join(RESULTS_FILE);
    let text = format!(
        "{}\n{}\nnot json at all\n{}\n{{\"score\": 5}}\n",
        fake_line(1, "t", 0),
        fake_line(2, "t", 0),
        fake_line(3, "t", 0)
    );
    std::fs::write(&file, text).unwrap();
    let loaded = load_results(&file).unwrap();
    assert_eq!(loaded.records.len(), 3);
    assert_eq!(loaded.warnings.len(), 2, "{:?}", loaded.warnings);
    assert!(loaded.warnings[0].starts_with(&format!("{}:3:", file.display())));
    assert!(loaded.warnings[1].starts_with(&format!("{}:5:", file.display())));

    let warnings = report(tmp.path()).unwrap();
    assert_eq!(warnings, loaded.warnings);
    let md = std::fs::read_to_string(tmp.path().join("report.md")).unwrap();
    assert!(
        md.contains("2 results line(s) skipped") && md.contains(":3: corrupt"),
        "{md}"
    );
}

#[test]
fn a_comparison_pairs_the_seeds_of_both_trees() {
    let tmp = tempfile::tempdir().unwrap();
    let a = FakeRunner::new("tree-a");
    let mut b = FakeRunner::new("tree-b");
    b.depth_bonus = 1;
    let out = bench_games(
        &config(tmp.path(), "1..12", None),
        &a,
        Some(&b),
        &AtomicBool::new(false),
    )
    .unwrap();
    assert_eq!(out.run.played, 24);
    assert_eq!(a.calls(), b.calls());
    let md = std::fs::read_to_string(tmp.path().join("report.md")).unwrap();
    // B is one level deeper on every seed, and scores the same.
    assert!(
        md.contains("| max depth | 12 | 12 | 0 | 0 | 1 | [1, 1] |"),
        "{md}"
    );
    assert!(
        md.contains("| score | 12 | 0 | 0 | 12 | 0 | [0, 0] |"),
        "{md}"
    );
    assert!(tmp.path().join("a/report.md").exists() && tmp.path().join("b/depth.svg").exists());
    // `bench report` regenerates the same comparison.
    report(tmp.path()).unwrap();
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("report.md")).unwrap(),
        md
    );
}

#[test]
fn merging_comparison_shards_gives_the_unsharded_comparison() {
    let tmp = tempfile::tempdir().unwrap();
    let (whole, sharded, merged) = (
        tmp.path().join("w"),
        tmp.path().join("s"),
        tmp.path().join("m"),
    );
    let a = FakeRunner::new("tree-a");
    let mut b = FakeRunner::new("tree-b");
    b.depth_bonus = 2;
    let stop = AtomicBool::new(false);
    bench_games(&config(&whole, "1..9", None), &a, Some(&b), &stop).unwrap();
    for i in 1..=2 {
        let shard = Some(Shard { index: i, count: 2 });
        bench_games(&config(&sharded, "1..9", shard), &a, Some(&b), &stop).unwrap();
    }
    merge(&merged, std::slice::from_ref(&sharded)).unwrap();
    for file in ["report.md", "a/report.md", "b/report.md"] {
        assert_eq!(
            std::fs::read_to_string(merged.join(file)).unwrap(),
            std::fs::read_to_string(whole.join(file)).unwrap(),
            "{file}"
        );
    }
    assert_eq!(summary_of(&merged.join("b")).games, 9);
}
