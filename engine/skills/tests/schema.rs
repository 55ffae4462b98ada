//! The committed JSON Schema and the catalogue are generated from the manifest.
use std::path::Path;

#[test]
fn committed_schema_equals_the_generated_one() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../trees/nhbot-tree.schema.json");
    let text = std::fs::read_to_string(&path).expect("trees/nhbot-tree.schema.json");
    let committed: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert!(
        committed == nhbot_bt::json_schema(&nhbot_skills::registry()),
        "stale schema: run `cargo run -p nhbot-skills --example gen_schema` at the repo root"
    );
}

#[test]
fn schema_and_catalogue_cover_every_node() {
    let schema = nhbot_bt::json_schema(&nhbot_skills::registry());
    let catalogue = nhbot_bt::node_catalogue_markdown(&nhbot_skills::registry());
    for spec in nhbot_skills::registry().specs() {
        assert!(
            schema["definitions"][spec.name].is_object(),
            "{} missing from the schema",
            spec.name
        );
        assert!(
            catalogue.contains(&format!("**`{}`**", spec.name)),
            "{} missing from the catalogue",
            spec.name
        );
        for p in spec.params {
            assert!(
                schema["definitions"][spec.name]["properties"][spec.name]["anyOf"][0]["properties"]
                    [p.name]
                    .is_object()
            );
        }
    }
    assert_eq!(
        schema["definitions"]["hp_below"]["properties"]["hp_below"]["anyOf"][0]["properties"]
            ["fraction"]["default"],
        0.5
    );
}

#[test]
fn tree_files_reference_the_schema() {
    let trees = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../trees");
    for entry in std::fs::read_dir(&trees).expect("trees dir").flatten() {
        let p = entry.path();
        if p.extension().and_then(|e| e.to_str()) == Some("yaml") {
            let text = std::fs::read_to_string(&p).expect("read");
            assert!(
                text.starts_with("# yaml-language-server: $schema=./nhbot-tree.schema.json"),
                "{}",
                p.display()
            );
        }
    }
}
