//! Hostile Lua leaves on the real game (issue #26): a tree whose first leaves are hostile
//! scripts (budget escapes, backtracking patterns, memory growth, scripts breaking shared
//! libraries, require escapes, unhooked __close) and whose last ones are honest (a Lua leaf that
//! needs the libraries the others broke, then `explore`) plays a seeded game to its turn budget
//! in bounded time. Each hostile script is reported once (file:line) and disabled; the honest
//! Lua leaf keeps acting.

use nhbot_agent::{play, EndReason, RunConfig, TreeBrain, View};
use nhbot_game::GameConfig;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

const MAX_TURNS: i64 = 300;

/// (name, script): each would hang the bot, eat its memory or break the other scripts.
const HOSTILE: &[(&str, &str)] = &[
    (
        "pcall_loop",
        "return function()\n  while true do pcall(function() while true do end end) end\nend\n",
    ),
    (
        "pattern",
        "return function()\n  return string.find(string.rep('a', 40), string.rep('a*', 40) .. 'b')\nend\n",
    ),
    (
        "coroutines",
        "local function run(d)\n  if d == 0 then return end\n  for i = 1, 150 do coroutine.wrap(run)(d - 1) end\nend\nreturn function() run(8) end\n",
    ),
    (
        "close",
        "return function()\n  local x <close> = setmetatable({}, {__close = function() while true do end end})\n  while true do end\nend\n",
    ),
    (
        "table_move",
        "return function()\n  table.move({}, 1, 1 << 40, 2)\nend\n",
    ),
    (
        "grow",
        "local keep = {}\nreturn function(world, state)\n  for i = 1, 5e4 do keep[#keep + 1] = {i} end\n  return false\nend\n",
    ),
];

/// Breaks what it can reach and fails quietly: the honest leaf below must not notice.
const BREAKER: &str = "string.find = nil\nstring.format = nil\nact.search = nil\nrawset(act, 'rest', nil)\nlocal m = getmetatable('')\nif m then m.__index = {} end\nlocal e = getmetatable(_ENV)\nif e then e.__index.act = nil end\nreturn function() return false end\n";

/// Tries to load files from outside scripts/; acts only if one loads.
const ESCAPE: &str = "return function()\n  for _, name in ipairs({'.etc.passwd', '..outside', '.tmp.nhbot_hostile_probe', 'link'}) do\n    local ok = pcall(require, name)\n    if ok then return act.keys('Q', 'escaped with ' .. name) end\n  end\n  return false\nend\n";

/// Uses the libraries the breaker broke; searches once every 10 calls.
const HONEST: &str = "return function(world, state)\n  state.calls = (state.calls or 0) + 1\n  if state.calls % 10 == 0 and string.find('abc', 'b', 1, true) then\n    return act.search(1, string.format('honest call %d', state.calls))\n  end\n  return false\nend\n";

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).expect("write");
}

#[test]
fn hostile_lua_leaves_cannot_stop_a_real_game() {
    let dir = std::env::temp_dir().join(format!("nhbot-hostile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let scripts = dir.join("scripts");
    std::fs::create_dir_all(dir.join("trees")).expect("mkdir");
    std::fs::create_dir_all(&scripts).expect("mkdir");
    let outside = dir.join("outside.lua");
    write(&outside, "return true\n");
    std::os::unix::fs::symlink(&outside, scripts.join("link.lua")).expect("symlink");

    let mut tree = String::from("priority:\n  name: root\n  children:\n");
    for (name, text) in HOSTILE {
        write(&scripts.join(format!("{name}.lua")), text);
        tree += &format!("    - lua: {{file: scripts/{name}.lua, name: {name}}}\n");
    }
    write(&scripts.join("breaker.lua"), BREAKER);
    write(&scripts.join("escape.lua"), ESCAPE);
    write(&scripts.join("honest.lua"), HONEST);
    tree += "    - lua: {file: scripts/breaker.lua, name: breaker}\n";
    tree += "    - lua: {file: scripts/escape.lua, name: escape}\n";
    tree += "    - lua: {file: scripts/honest.lua, name: honest}\n";
    tree += "    - explore\n";
    tree += "    - search: 5\n";
    let tree_file = dir.join("trees/main.yaml");
    write(&tree_file, &tree);

    let mut game = GameConfig::new(dir.join("game"));
    game.seed = Some(11);
    let log = dir.join("decisions.log");
    let mut cfg = RunConfig {
        game,
        max_turns: Some(MAX_TURNS),
        max_actions: Some(5000),
        results: None,
        decision_log: Some(log.clone()),
        facts: None,
        view: View::default(),
        stop: Arc::new(AtomicBool::new(false)),
        brain_label: "hostile".into(),
    };
    let mut brain = TreeBrain::load(&tree_file).expect("the tree loads");
    let started = Instant::now();
    let result = play(&mut cfg, &mut brain).expect("the game runs");
    let took = started.elapsed();
    let text = std::fs::read_to_string(&log).expect("decision log");
    let _ = std::fs::remove_dir_all(&dir);

    assert!(result.error.is_none(), "{:?}", result.error);
    assert_eq!(result.end, EndReason::MaxTurns, "{result:?}");
    assert!(result.turns >= MAX_TURNS, "{result:?}");
    assert!(took < Duration::from_secs(240), "took {took:?}");

    let notes: Vec<&str> = text.lines().filter(|l| l.contains(" NOTE ")).collect();
    for (name, _) in HOSTILE {
        let about: Vec<&&str> = notes
            .iter()
            .filter(|n| n.contains(&format!("scripts/{name}.lua")))
            .collect();
        assert_eq!(about.len(), 1, "{name}: {about:#?}");
        assert!(
            about[0].contains(&format!("scripts/{name}.lua:"))
                && about[0].contains("limit")
                && about[0].contains("disabled until it changes"),
            "{name}: {}",
            about[0]
        );
    }
    for quiet in ["breaker", "escape", "honest"] {
        assert!(
            !notes
                .iter()
                .any(|n| n.contains(&format!("scripts/{quiet}.lua"))),
            "{quiet}: {notes:#?}"
        );
    }
    let decisions: Vec<&str> = text.lines().filter(|l| !l.contains(" NOTE ")).collect();
    let by = |path: &str| {
        decisions
            .iter()
            .filter(|l| l.contains(&format!("| root/{path}")))
            .count()
    };
    for (name, _) in HOSTILE {
        assert_eq!(by(name), 0, "{name} acted");
    }
    assert_eq!(by("escape"), 0, "a require escaped");
    assert!(
        by("honest") >= 3,
        "the honest leaf acted {} times",
        by("honest")
    );
    assert!(by("explore") > 50, "explore acted {} times", by("explore"));
}
