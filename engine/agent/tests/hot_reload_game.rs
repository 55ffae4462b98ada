//! Hot reload on the real game: a seeded game keeps running while its tree and a Lua leaf are
//! rewritten; the following decisions follow the new files in the same game process, and a broken
//! file is reported with file:line:col while the last good tree keeps driving the game.

use nhbot_agent::{Brain, Runner, TreeBrain};
use nhbot_game::GameConfig;
use std::path::Path;
use std::time::{Duration, Instant};

const TREE_V1: &str = "priority:\n  name: root\n  children:\n    - lua: {file: scripts/a.lua, name: alpha}\n    - search: {count: 2, name: beta}\n";
// Branches swapped.
const TREE_V2: &str = "priority:\n  name: root\n  children:\n    - search: {count: 2, name: beta}\n    - lua: {file: scripts/a.lua, name: alpha}\n";
const LUA_V1: &str = "return function(world, state)\n  return act.search(1, \"a.lua v1\")\nend\n";
const LUA_V2: &str = "return function(world, state)\n  return act.search(1, \"a.lua v2 at turn \" .. world.turn)\nend\n";
// `serch` is not a node type: line 4, column 7.
const TREE_BROKEN: &str = "priority:\n  name: root\n  children:\n    - serch: 1\n";

/// Rewrites a file the way editors do (write a temp file, rename over the original).
fn save(path: &Path, text: &str) {
    let tmp = path.with_extension("swp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

/// Takes decisions until one comes from `path` (bounded by a deadline for the file watcher's
/// debounce); returns how many decisions it took.
fn decide_until(
    runner: &mut Runner,
    brain: &mut TreeBrain,
    path: &str,
    notes: &mut Vec<String>,
) -> usize {
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut n = 0;
    loop {
        let d = brain.decide(&runner.world);
        notes.extend(brain.notes());
        n += 1;
        if d.path == path {
            runner.act(&d).unwrap();
            return n;
        }
        assert!(
            Instant::now() < deadline,
            "no decision from {path} within 10 s; last was {} ({})",
            d.path,
            d.reason
        );
        runner.act(&d).unwrap();
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn tree_and_lua_edits_take_effect_mid_game_and_broken_edits_keep_the_old_tree() {
    let dir = std::env::temp_dir().join(format!("nhbot-hotreload-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("trees")).unwrap();
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    let tree = dir.join("trees/main.yaml");
    let script = dir.join("scripts/a.lua");
    std::fs::write(&tree, TREE_V1).unwrap();
    std::fs::write(&script, LUA_V1).unwrap();

    let mut game = GameConfig::new(dir.join("game"));
    game.seed = Some(11);
    let mut runner = Runner::start(&game).unwrap();
    let pid = runner.session.game.pid();
    let mut brain = TreeBrain::load(&tree).unwrap();
    let mut notes = Vec::new();

    // v1: the Lua leaf comes first.
    for _ in 0..5 {
        let d = brain.decide(&runner.world);
        assert_eq!(d.path, "root/alpha");
        assert_eq!(d.reason, "a.lua v1");
        runner.act(&d).unwrap();
    }
    let turn_v1 = runner.world.turn;
    assert!(
        turn_v1 >= 5,
        "searching should pass turns, at turn {turn_v1}"
    );

    // Swap the two branches: the search leaf now wins.
    save(&tree, TREE_V2);
    let _ = decide_until(&mut runner, &mut brain, "root/beta", &mut notes);
    assert!(
        notes.iter().any(|n| n.contains("reloaded")),
        "no reload note: {notes:?}"
    );
    // Once reloaded, every decision follows v2.
    for _ in 0..3 {
        let d = brain.decide(&runner.world);
        assert_eq!(d.path, "root/beta");
        runner.act(&d).unwrap();
    }

    // Back to v1 order with a new Lua leaf body.
    save(&script, LUA_V2);
    save(&tree, TREE_V1);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let d = brain.decide(&runner.world);
        notes.extend(brain.notes());
        if d.path == "root/alpha" && d.reason.starts_with("a.lua v2") {
            assert_eq!(d.reason, format!("a.lua v2 at turn {}", runner.world.turn));
            runner.act(&d).unwrap();
            break;
        }
        assert!(
            Instant::now() < deadline,
            "new Lua leaf not in effect: {} ({})",
            d.path,
            d.reason
        );
        runner.act(&d).unwrap();
        std::thread::sleep(Duration::from_millis(20));
    }

    // A broken edit: reported with file:line:col; the last good tree keeps deciding.
    notes.clear();
    save(&tree, TREE_BROKEN);
    let deadline = Instant::now() + Duration::from_secs(10);
    while !notes.iter().any(|n| n.contains("reload failed")) {
        let d = brain.decide(&runner.world);
        notes.extend(brain.notes());
        assert_eq!(d.path, "root/alpha", "the old tree must keep running");
        runner.act(&d).unwrap();
        assert!(Instant::now() < deadline, "no failure reported: {notes:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
    let failure = notes.iter().find(|n| n.contains("reload failed")).unwrap();
    assert!(failure.contains("main.yaml:4:7"), "{failure}");
    assert!(failure.contains("serch"), "{failure}");
    let before = runner.world.turn;
    for _ in 0..3 {
        let d = brain.decide(&runner.world);
        assert_eq!(d.path, "root/alpha");
        runner.act(&d).unwrap();
    }

    // The same game process all along, and its turn counter kept going.
    assert_eq!(runner.session.game.pid(), pid);
    assert!(!runner.session.ended);
    assert!(
        runner.world.turn > before && before > turn_v1,
        "turns: {turn_v1} → {before} → {}",
        runner.world.turn
    );
    runner.session.game.hangup(Duration::from_secs(5)).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
