//! The README's node catalogue is the one the manifest generates (`nhbot docs` rewrites it).

#[test]
fn readme_node_catalogue_is_current() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let start = "<!-- catalogue:start -->\n";
    let a = readme.find(start).expect("catalogue start marker") + start.len();
    let b = readme
        .find("<!-- catalogue:end -->")
        .expect("catalogue end marker");
    assert_eq!(
        &readme[a..b],
        nhbot_bt::node_catalogue_markdown(&nhbot_skills::registry()),
        "README.md catalogue is stale: run `nhbot docs`"
    );
}
