//! The benchmark entry point keeps working (a few iterations; no timing is asserted).
#[test]
fn bench_tick_runs_on_the_default_and_generated_trees() {
    let trees = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../trees");
    let report = nhbot_skills::bench::bench_tick(&trees, 20).expect("bench runs");
    assert_eq!(report.generated_tree.nodes, 202);
    assert_eq!(report.generated_tree.samples, 20);
    assert!(report.default_tree.nodes > 10);
    assert_eq!(report.reloads, 10);
}
