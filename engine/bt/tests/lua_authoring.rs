//! What a Lua leaf's author gets besides the world and `act`: `log(...)` lines for the decision
//! log (bounded per call), the tree's `blackboard` (plain data shared by every script, kept
//! across reloads, visible to Rust leaves) and errors that name file, line and function.

use nhbot_bt::testing::{sample_world, scratch_dir};
use nhbot_bt::{
    BoardValue, LeafLog, LeafOutcome, LeafSpec, LuaBoard, NodeRegistry, Params, Tick, TreeBot,
    LOG_BYTES, LOG_LINES,
};
use nhbot_world::{Action, Decision, World};
use std::path::PathBuf;

fn fallback(_: &Params, _: &World) -> LeafOutcome {
    LeafOutcome::Act(Action::Search { count: 9 }, "fallback".into())
}

/// A Rust leaf writing on the Lua board: what Lua reads back.
fn from_rust(_: &Params, tick: &mut Tick<'_>) -> LeafOutcome {
    let board = tick.blackboard.entry::<LuaBoard>();
    let seen = match board.get("from rust") {
        Some(BoardValue::Integer(n)) => *n,
        _ => 0,
    };
    board
        .set("from rust", Some(BoardValue::Integer(seen + 1)))
        .expect("room");
    LeafOutcome::Failure
}

fn registry() -> NodeRegistry {
    let mut r = NodeRegistry::new();
    r.register_fn(LeafSpec::action("fallback", "Searches 9."), fallback);
    r.register_tick_fn(
        LeafSpec::condition("from_rust", "Counts on the Lua board."),
        from_rust,
    );
    r
}

struct Repo {
    dir: PathBuf,
}

impl Repo {
    fn new(tag: &str) -> Repo {
        Repo {
            dir: scratch_dir(tag).expect("scratch dir"),
        }
    }

    fn script(&self, name: &str, text: &str) {
        std::fs::write(self.dir.join("scripts").join(name), text).expect("script");
    }

    /// `priority: [<children>, fallback]` with `name: root`.
    fn tree(&self, children: &[&str]) -> PathBuf {
        let mut yaml = String::from("priority:\n  name: root\n  children:\n");
        for c in children {
            yaml += &format!("    - {c}\n");
        }
        yaml += "    - fallback\n";
        let path = self.dir.join("trees/main.yaml");
        std::fs::write(&path, yaml).expect("tree");
        path
    }

    fn load(&self, children: &[&str]) -> TreeBot {
        TreeBot::load(registry(), &self.tree(children)).unwrap_or_else(|d| panic!("{d:?}"))
    }
}

impl Drop for Repo {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn decide_at(bot: &mut TreeBot, decisions: u64) -> Decision {
    let mut w = sample_world();
    w.decisions = decisions;
    w.turn = decisions as i64 + 1;
    bot.decide(&w)
}

// log(...) and print(...)

#[test]
fn log_and_print_lines_reach_the_engine_with_decision_and_path() {
    let repo = Repo::new("lua-log");
    repo.script(
        "talk.lua",
        "return function(world, state)\n  log('hp', world.hp, nil, true)\n  print('a', 1)\n  return false\nend\n",
    );
    let mut bot = repo.load(&["lua: {file: scripts/talk.lua, name: talk}"]);
    decide_at(&mut bot, 12);
    assert_eq!(
        bot.take_leaf_logs(),
        [
            LeafLog {
                decision: 12,
                path: "root/talk".into(),
                text: "hp 14 nil true".into()
            },
            LeafLog {
                decision: 12,
                path: "root/talk".into(),
                text: "a\t1".into()
            },
        ]
    );
    assert_eq!(
        bot.take_leaf_logs()[..],
        [],
        "taken lines are gone until the next decision"
    );
    decide_at(&mut bot, 13);
    let logs = bot.take_leaf_logs();
    assert_eq!(logs.len(), 2, "the leaf ran once in decision 13: {logs:?}");
    assert_eq!(logs[0].to_string(), "13 root/talk: hp 14 nil true");
}

#[test]
fn a_leaf_call_logs_a_bounded_number_of_lines_and_bytes() {
    let repo = Repo::new("lua-log-flood");
    repo.script(
        "lines.lua",
        "return function()\n  for i = 1, 1000 do log('line', i) end\n  return false\nend\n",
    );
    repo.script(
        "bytes.lua",
        "return function()\n  for i = 1, 5 do log(string.rep('x', 1500)) end\n  return false\nend\n",
    );
    let mut bot = repo.load(&[
        "lua: {file: scripts/lines.lua, name: lines}",
        "lua: {file: scripts/bytes.lua, name: bytes}",
    ]);
    for round in 0..2 {
        let d = decide_at(&mut bot, round);
        assert_eq!(
            d.action,
            Action::Search { count: 9 },
            "the leaves still run"
        );
        let logs = bot.take_leaf_logs();
        let lines: Vec<&LeafLog> = logs.iter().filter(|l| l.path == "root/lines").collect();
        assert_eq!(lines.len(), LOG_LINES + 1, "{lines:?}");
        assert_eq!(lines[LOG_LINES - 1].text, format!("line {LOG_LINES}"));
        assert!(lines[LOG_LINES].text.contains("dropped"), "{lines:?}");
        let bytes: Vec<&LeafLog> = logs.iter().filter(|l| l.path == "root/bytes").collect();
        let kept: usize = bytes[..bytes.len() - 1].iter().map(|l| l.text.len()).sum();
        assert_eq!(kept, LOG_BYTES, "the second line is cut to what is left");
        assert_eq!(
            bytes.len(),
            3,
            "two lines, then one saying the rest is dropped"
        );
    }
    // The documented bounds are the real ones.
    let doc = nhbot_bt::lua_definitions();
    assert!(
        doc.contains(&format!(
            "At most {LOG_LINES} lines and {LOG_BYTES} bytes per"
        )),
        "{doc}"
    );
}

// The blackboard.

#[test]
fn scripts_share_plain_data_through_the_blackboard_and_rust_leaves_see_it() {
    let repo = Repo::new("lua-board");
    repo.script(
        "writer.lua",
        r#"return function(world, state)
  blackboard.set("plan", {target = {x = 3, y = 4}, path = {"n", "e"}, hp = world.hp, safe = true, ratio = 0.5})
  local copy = blackboard.get("plan")
  copy.hp = -1 -- a copy: the board does not change until set again
  return false
end
"#,
    );
    repo.script(
        "reader.lua",
        r#"return function(world, state)
  local plan = blackboard.get("plan")
  local keys = table.concat(blackboard.keys(), ",")
  return act.search(1, ("%d,%d %s %d %s %s rust=%s keys=%s"):format(plan.target.x, plan.target.y,
    table.concat(plan.path, ""), plan.hp, tostring(plan.safe), tostring(plan.ratio),
    tostring(blackboard.get("from rust")), keys))
end
"#,
    );
    let mut bot = repo.load(&[
        "from_rust",
        "lua: {file: scripts/writer.lua, name: writer}",
        "lua: {file: scripts/reader.lua, name: reader}",
    ]);
    let d = decide_at(&mut bot, 0);
    assert_eq!(d.path, "root/reader");
    assert_eq!(d.reason, "3,4 ne 14 true 0.5 rust=1 keys=from rust,plan");
    // Rust sees what Lua stored, as plain data (JSON).
    let board = bot.blackboard().get::<LuaBoard>().expect("a Lua board");
    assert_eq!(
        serde_json::to_string(board.get("plan").expect("plan")).unwrap(),
        r#"{"hp":14,"path":["n","e"],"ratio":0.5,"safe":true,"target":{"x":3,"y":4}}"#
    );
}

#[test]
fn the_blackboard_outlives_a_reload() {
    let repo = Repo::new("lua-board-reload");
    repo.script(
        "tally.lua",
        "return function()\n  local n = (blackboard.get('n') or 0) + 1\n  blackboard.set('n', n)\n  return act.search(1, 'n=' .. n)\nend\n",
    );
    let mut bot = repo.load(&["lua: {file: scripts/tally.lua, name: tally}"]);
    assert_eq!(decide_at(&mut bot, 0).reason, "n=1");
    // A new leaf path and an edited script: a new Lua state, the same board.
    repo.script(
        "tally.lua",
        "return function()\n  local n = blackboard.get('n') + 10\n  blackboard.set('n', n)\n  return act.search(1, 'now n=' .. n)\nend\n",
    );
    let tree = repo.tree(&["lua: {file: scripts/tally.lua, name: renamed}"]);
    assert!(bot.reload(vec![tree]), "{:?}", bot.reload_events());
    assert_eq!(decide_at(&mut bot, 1).reason, "now n=11");
}

#[test]
fn the_blackboard_refuses_what_is_not_plain_data_and_what_is_too_big() {
    let cases = [
        ("blackboard.set('f', print)", "cannot store a function"),
        ("blackboard.set('w', {world = world})", "cannot store a userdata"),
        ("local t = {}; t.me = t; blackboard.set('c', t)", "contains itself"),
        ("blackboard.set('m', {1, 2, x = 3})", "mixes string keys and list items"),
        ("blackboard.set('h', {[1] = 1, [3] = 3})", "without holes"),
        ("blackboard.set('k', {[true] = 1})", "a table key is a boolean"),
        (
            "local t = {}; for i = 1, 200 do t[i] = string.rep('x', 10000) end; blackboard.set('big', t)",
            "too big: the blackboard holds at most 1024 KiB",
        ),
        ("blackboard.set(nil, 1)", "bad argument #1"),
    ];
    for (i, (code, wanted)) in cases.iter().enumerate() {
        let repo = Repo::new(&format!("lua-board-bad{i}"));
        repo.script(
            "bad.lua",
            &format!("return function(world)\n  {code}\n  return act.search(1, 'stored')\nend\n"),
        );
        let mut bot = repo.load(&["lua: {file: scripts/bad.lua, name: bad}"]);
        let d = decide_at(&mut bot, 0);
        assert_eq!(
            d.action,
            Action::Search { count: 9 },
            "{code}: {}",
            d.reason
        );
        let errors = bot.take_leaf_errors();
        assert_eq!(errors.len(), 1, "{code}: {errors:?}");
        let msg = &errors[0].message;
        assert!(
            msg.starts_with("scripts/bad.lua:2 in function <scripts/bad.lua:1>: ")
                && msg.contains(wanted),
            "{code}: {msg}"
        );
        let board = bot.blackboard().get::<LuaBoard>();
        assert!(
            board.is_none_or(|b| b.keys().next().is_none()),
            "{code}: nothing stored"
        );
    }
}

#[test]
fn the_blackboard_is_not_there_while_a_script_loads() {
    let repo = Repo::new("lua-board-load");
    repo.script(
        "early.lua",
        "blackboard.set('x', 1)\nreturn function() return false end\n",
    );
    let errors = TreeBot::load(registry(), &repo.tree(&["lua: scripts/early.lua"]))
        .err()
        .expect("the load fails");
    let text = errors[0].to_string();
    assert!(
        text.contains("scripts/early.lua:1 in main chunk: blackboard.set: the blackboard is there only while a leaf runs"),
        "{text}"
    );
}

// Errors name file, line and function.

/// The error one decision of `script` (as scripts/e.lua, plus `util.lua`) reports.
fn error_of(tag: &str, script: &str) -> String {
    let repo = Repo::new(tag);
    repo.script("e.lua", script);
    repo.script(
        "util.lua",
        "local M = {}\nfunction M.check(v)\n  if not v then error('util: no value') end\n  return v\nend\nreturn M\n",
    );
    let mut bot = repo.load(&["lua: {file: scripts/e.lua, name: e}"]);
    let d = decide_at(&mut bot, 0);
    assert_eq!(d.action, Action::Search { count: 9 }, "{}", d.reason);
    let errors = bot.take_leaf_errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    errors[0].message.clone()
}

#[test]
fn every_kind_of_error_names_file_line_and_function() {
    let cases = [
        (
            "runtime",
            "local function helper(t)\n  local y = t.x\n  return y\nend\nreturn function(world)\n  return helper(nil) == 1\nend\n",
            "scripts/e.lua:2 in function helper: attempt to index a nil value (local 't')",
        ),
        (
            "error",
            "function explode(why)\n  error('boom: ' .. why)\nend\nreturn function(world)\n  explode('now')\n  return false\nend\n",
            "scripts/e.lua:2 in function explode: boom: now",
        ),
        (
            "error-level-2",
            "local function must(v)\n  if not v then error('must: nil', 2) end\nend\nreturn function(world)\n  must(nil)\n  return false\nend\n",
            "scripts/e.lua:5 in function <scripts/e.lua:4>: must: nil",
        ),
        (
            "act-type",
            "return function(world)\n  local letter = nil\n  return act.throw(letter, 'e')\nend\n",
            "scripts/e.lua:3 in function <scripts/e.lua:1>: bad argument #1 to 'throw': error converting Lua nil to String",
        ),
        (
            "act-value",
            "local function step(d)\n  return act.move(d, 'why')\nend\nreturn function(world)\n  local a = step('sideways')\n  return a\nend\n",
            "scripts/e.lua:2 in function step: unknown direction `sideways`",
        ),
        (
            "module",
            "local util = require('util')\nreturn function(world)\n  util.check(nil)\n  return false\nend\n",
            "scripts/util.lua:3 in function check: util: no value",
        ),
        (
            "returned",
            "\nreturn function(world)\n  return {}\nend\n",
            "scripts/e.lua:2 in function <scripts/e.lua:2>: returned a table",
        ),
        (
            "instructions",
            "local function spin()\n  local n = 0\n  while true do n = n + 1 end\nend\nreturn function(world)\n  spin()\nend\n",
            "scripts/e.lua:3 in function spin: instruction limit (1000000) exceeded",
        ),
        (
            "limit-in-pcall",
            "local function spin()\n  while true do end\nend\nreturn function(world)\n  pcall(spin)\n  return false\nend\n",
            // Called by pcall, a C function: Lua knows it by where it is defined.
            "scripts/e.lua:2 in function <scripts/e.lua:1>: instruction limit",
        ),
        (
            "memory",
            "local function hog(state)\n  state.t = {}\n  for i = 1, 1e4 do state.t[i] = string.rep('x', 1e5) .. i end\nend\nreturn function(world, state)\n  hog(state)\nend\n",
            "in function hog: memory limit (16 MiB per script) exceeded",
        ),
        (
            "string-library",
            "return function(world)\n  local s = string.rep('x', 1e9)\n  return false\nend\n",
            "scripts/e.lua:2 in function <scripts/e.lua:1>: string.rep: the result would be",
        ),
    ];
    for (tag, script, wanted) in cases {
        let msg = error_of(&format!("lua-err-{tag}"), script);
        assert!(msg.contains(wanted), "{tag}: {msg}\nwanted: {wanted}");
        let (place, _) = msg.split_once(" in ").unwrap_or_default();
        let (file, line) = place.rsplit_once(':').unwrap_or_default();
        assert!(
            file.starts_with("scripts/") && line.parse::<u32>().is_ok_and(|l| l > 0),
            "{tag}: {msg}"
        );
    }
}

#[test]
fn an_error_while_a_script_loads_names_its_line() {
    let repo = Repo::new("lua-err-load");
    repo.script(
        "early.lua",
        "local t = nil\nlocal y = t.x\nreturn function() return false end\n",
    );
    let errors = TreeBot::load(registry(), &repo.tree(&["lua: scripts/early.lua"]))
        .err()
        .expect("the load fails");
    let text = errors[0].to_string();
    assert!(
        text.contains("early.lua:2:1")
            && text.contains("scripts/early.lua:2 in main chunk: attempt to index a nil value"),
        "{text}"
    );
}
