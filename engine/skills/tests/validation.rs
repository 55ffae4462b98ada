//! One test per validation error, each with its exact file:line:col.
mod common;
use common::*;

#[test]
fn unknown_node_type_suggests_the_closest_names() {
    let repo = Repo::new("v-unknown");
    repo.tree(
        "main.yaml",
        "priority:\n  - search\n  - hp_bellow: {fraction: 0.5}\n",
    );
    assert_eq!(
        repo.only_error("main.yaml"),
        "trees/main.yaml:3:5: unknown node type `hp_bellow`; did you mean `hp_below`?"
    );
}

#[test]
fn missing_required_parameter() {
    let repo = Repo::new("v-missing");
    repo.tree("main.yaml", "priority:\n  - cooldown:\n      child: pray\n");
    assert_eq!(
        repo.only_error("main.yaml"),
        "trees/main.yaml:2:5: `cooldown` is missing required parameter `turns` (integer 1..1000000: Game turns between two starts.)"
    );
}

#[test]
fn mistyped_parameter_points_at_the_value() {
    let repo = Repo::new("v-type");
    repo.tree("main.yaml", "priority:\n  - hp_below: {fraction: half}\n");
    assert_eq!(
        repo.only_error("main.yaml"),
        "trees/main.yaml:2:26: parameter `fraction` of `hp_below` must be a number, got `half`"
    );
}

#[test]
fn out_of_range_parameter() {
    let repo = Repo::new("v-range");
    repo.tree("main.yaml", "sequence:\n  - search:\n      count: 0\n");
    assert_eq!(
        repo.only_error("main.yaml"),
        "trees/main.yaml:3:14: parameter `count` of `search` must be between 1 and 65535, got `0`"
    );
}

#[test]
fn unknown_parameter_suggests_the_known_ones() {
    let repo = Repo::new("v-param");
    repo.tree("main.yaml", "priority:\n  - hp_below: {fracton: 0.5}\n");
    assert_eq!(
        repo.only_error("main.yaml"),
        "trees/main.yaml:2:16: unknown parameter `fracton` for `hp_below`; did you mean `fraction`? (known: fraction, name)"
    );
}

#[test]
fn bad_choice_lists_the_options() {
    let repo = Repo::new("v-choice");
    repo.tree("main.yaml", "hunger_at_least: {level: wek}\n");
    assert_eq!(
        repo.only_error("main.yaml"),
        "trees/main.yaml:1:26: parameter `level` of `hunger_at_least` must be one of hungry, weak, fainting, got `wek`; did you mean `weak`?"
    );
}

#[test]
fn unknown_subtree_suggests_existing_files() {
    let repo = Repo::new("v-subtree");
    repo.tree("main.yaml", "priority:\n  - subtree: figt\n");
    repo.tree("fight.yaml", "search\n");
    let err = repo.only_error("main.yaml");
    assert!(
        err.starts_with("trees/main.yaml:2:14: unknown subtree `figt`: no figt.yaml in "),
        "{err}"
    );
    assert!(err.ends_with("; did you mean `fight`?"), "{err}");
}

#[test]
fn include_cycle_is_reported_where_it_closes() {
    let repo = Repo::new("v-cycle");
    repo.tree("main.yaml", "priority:\n  - subtree: a\n");
    repo.tree("a.yaml", "sequence:\n  - search\n  - subtree: b\n");
    repo.tree("b.yaml", "priority:\n  - subtree: a\n");
    assert_eq!(
        repo.only_error("main.yaml"),
        "trees/b.yaml:2:14: include cycle: a.yaml → b.yaml → a.yaml"
    );
}

#[test]
fn self_include_is_a_cycle() {
    let repo = Repo::new("v-self");
    repo.tree("main.yaml", "priority:\n  - search\n  - subtree: main\n");
    assert_eq!(
        repo.only_error("main.yaml"),
        "trees/main.yaml:3:14: include cycle: main.yaml → main.yaml"
    );
}

#[test]
fn yaml_syntax_error() {
    let repo = Repo::new("v-syntax");
    repo.tree("main.yaml", "priority:\n  - search\n  - [pray\n");
    let err = repo.only_error("main.yaml");
    assert!(
        err.starts_with("trees/main.yaml:4:1: YAML syntax error: "),
        "{err}"
    );
}

#[test]
fn empty_composite() {
    let repo = Repo::new("v-empty");
    repo.tree("main.yaml", "priority:\n  - sequence: []\n");
    assert_eq!(
        repo.only_error("main.yaml"),
        "trees/main.yaml:2:15: `sequence` needs at least one child"
    );
}

#[test]
fn node_with_two_keys_hints_at_indentation() {
    let repo = Repo::new("v-twokeys");
    repo.tree("main.yaml", "priority:\n  - pray:\n    search: 1\n");
    assert_eq!(
        repo.only_error("main.yaml"),
        "trees/main.yaml:2:5: a node is a map with exactly one key, its type; found 2 keys (pray, search) — check the indentation"
    );
}

#[test]
fn duplicate_sibling_names() {
    let repo = Repo::new("v-dup");
    repo.tree(
        "main.yaml",
        "priority:\n  - search: {name: look}\n  - rest: {name: look}\n",
    );
    assert_eq!(
        repo.only_error("main.yaml"),
        "trees/main.yaml:3:5: duplicate node name: `root/look` is already used by a sibling"
    );
}

#[test]
fn leaf_without_parameters_rejects_a_value() {
    let repo = Repo::new("v-noparams");
    repo.tree("main.yaml", "priority:\n  - pray: now\n");
    assert_eq!(
        repo.only_error("main.yaml"),
        "trees/main.yaml:2:11: `pray` takes no parameters (only `name`), got `now`"
    );
}

#[test]
fn missing_lua_script() {
    let repo = Repo::new("v-luafile");
    repo.tree("main.yaml", "priority:\n  - lua: scripts/nope.lua\n");
    let err = repo.only_error("main.yaml");
    assert!(
        err.starts_with("trees/main.yaml:2:10: Lua script `scripts/nope.lua` not found"),
        "{err}"
    );
}

#[test]
fn lua_syntax_error_names_the_script_line() {
    let repo = Repo::new("v-luasyntax");
    repo.script(
        "bad.lua",
        "return function(world)\n  return world.hp >\nend\n",
    );
    repo.tree("main.yaml", "lua: bad.lua\n");
    let err = repo.only_error("main.yaml");
    assert!(
        err.starts_with("scripts/bad.lua:3:1: scripts/bad.lua:3: unexpected symbol near 'end'"),
        "{err}"
    );
}

#[test]
fn missing_lua_function_points_at_the_node() {
    let repo = Repo::new("v-luafn");
    repo.script("lib.lua", "return { eat = function() return true end }\n");
    repo.tree(
        "main.yaml",
        "priority:\n  - search\n  - lua: {file: lib.lua, function: eta}\n",
    );
    let err = repo.only_error("main.yaml");
    assert!(
        err.starts_with("trees/main.yaml:3:5: function `eta` not found in "),
        "{err}"
    );
}

#[test]
fn several_errors_are_all_reported() {
    let repo = Repo::new("v-many");
    repo.tree(
        "main.yaml",
        "priority:\n  - serch\n  - hp_below: {fraction: 2}\n  - subtree: missing\n",
    );
    let errors = repo.errors("main.yaml");
    let at: Vec<(usize, usize)> = errors.iter().map(|d| (d.line, d.col)).collect();
    assert_eq!(at, vec![(2, 5), (3, 26), (4, 14)], "{}", render(&errors));
}

#[test]
fn check_reports_the_same_diagnostics_and_accepts_the_default_tree() {
    let repo = Repo::new("v-check");
    let bad = repo.tree("main.yaml", "priority:\n  - hp_bellow\n");
    let diags = nhbot_bt::check(&nhbot_skills::registry(), &[bad]);
    assert_eq!(diags.len(), 1);
    assert_eq!((diags[0].line, diags[0].col), (2, 5));
    let good = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../trees/main.yaml");
    let lua = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/eat.lua");
    assert_eq!(
        nhbot_bt::check(&nhbot_skills::registry(), &[good, lua]),
        vec![]
    );
    let broken_lua = repo.script("broken.lua", "local x = \n");
    let diags = nhbot_bt::check(&nhbot_skills::registry(), &[broken_lua]);
    assert_eq!(diags.len(), 1, "{}", render(&diags));
    assert_eq!(diags[0].line, 2);
}

#[test]
fn check_expands_directories() {
    let repo = Repo::new("v-checkdir");
    repo.tree("a.yaml", "priority:\n  - hp_bellow\n");
    repo.tree("b.yaml", "search\n");
    repo.script("c.lua", "return function(\n");
    let diags = nhbot_bt::check(
        &nhbot_skills::registry(),
        &[repo.dir.join("trees"), repo.dir.join("scripts")],
    );
    let files: Vec<String> = diags
        .iter()
        .map(|d| {
            d.file
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(files, vec!["a.yaml", "c.lua"], "{}", render(&diags));
}

#[test]
fn a_subtree_outside_the_trees_directory_is_refused() {
    let repo = Repo::new("v-outside");
    std::fs::write(repo.dir.join("outside.yaml"), "search\n").unwrap();
    for (file, col) in [
        ("../outside", 14),
        ("/etc/passwd", 14),
        ("sub/../../outside", 14),
    ] {
        repo.tree("main.yaml", &format!("priority:\n  - subtree: {file}\n"));
        assert_eq!(
            repo.only_error("main.yaml"),
            format!(
                "trees/main.yaml:2:{col}: subtree `{file}` must stay inside the trees directory"
            )
        );
    }
    // A link in trees/ that leads out.
    std::os::unix::fs::symlink(
        repo.dir.join("outside.yaml"),
        repo.dir.join("trees/out.yaml"),
    )
    .unwrap();
    repo.tree("main.yaml", "priority:\n  - subtree: out\n");
    let err = repo.only_error("main.yaml");
    assert!(
        err.starts_with("trees/main.yaml:2:14: subtree `out` leads to "),
        "{err}"
    );
    assert!(
        err.contains("outside.yaml, outside the trees directory"),
        "{err}"
    );
    // A link that stays inside is fine.
    repo.tree("fight.yaml", "search\n");
    std::os::unix::fs::symlink("fight.yaml", repo.dir.join("trees/alias.yaml")).unwrap();
    repo.tree("main.yaml", "priority:\n  - subtree: alias\n");
    repo.load("main.yaml");
}

#[test]
fn a_lua_script_linked_from_outside_the_scripts_directory_is_refused() {
    let repo = Repo::new("v-lua-outside");
    std::fs::write(
        repo.dir.join("outside.lua"),
        "return function() return true end\n",
    )
    .unwrap();
    std::os::unix::fs::symlink(
        repo.dir.join("outside.lua"),
        repo.dir.join("scripts/out.lua"),
    )
    .unwrap();
    repo.tree(
        "main.yaml",
        "priority:\n  - lua: {file: scripts/out.lua}\n  - search\n",
    );
    let err = repo.only_error("main.yaml");
    assert!(
        err.starts_with("trees/main.yaml:2:17: Lua script `scripts/out.lua` leads to "),
        "{err}"
    );
    assert!(err.contains("outside the scripts directory"), "{err}");
}

#[test]
fn an_empty_text_parameter_is_refused() {
    let repo = Repo::new("v-empty-text");
    repo.tree("main.yaml", "priority:\n  - keys: ''\n  - search\n");
    assert_eq!(
        repo.only_error("main.yaml"),
        "trees/main.yaml:2:11: parameter `keys` of `keys` must be a non-empty text, got ``"
    );
    // `nhbot check` says the same.
    let diags = nhbot_bt::check(
        &nhbot_skills::registry(),
        &[repo.dir.join("trees/main.yaml")],
    );
    assert_eq!(diags.len(), 1, "{}", render(&diags));
    assert!(
        diags[0].message.contains("must be a non-empty text"),
        "{}",
        diags[0]
    );
    // A space is a key.
    repo.tree("main.yaml", "priority:\n  - keys: ' '\n  - search\n");
    repo.load("main.yaml");
}
