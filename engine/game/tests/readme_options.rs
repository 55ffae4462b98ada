//! Every option the engine writes into the nethackrc is documented in the README.

#[test]
fn every_engine_option_is_in_the_readme() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let missing: Vec<&str> = nhbot_game::options::ENGINE_OPTIONS
        .iter()
        .map(|(opt, _)| *opt)
        .filter(|opt| {
            !readme.contains(&format!("`{opt}`")) && !opt.split(',').all(|o| readme.contains(o))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "options missing from README.md: {missing:?}"
    );
}
