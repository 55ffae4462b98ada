//! Hostile Lua leaves (issue #26): each attack class against the sandbox. Every leaf runs first
//! in a priority whose last child (`fallback`) always acts, so the tree still decides; each
//! decision runs on a watchdog thread and must come back within a few seconds.

use nhbot_bt::testing::{sample_world, scratch_dir};
use nhbot_bt::{LeafError, LeafOutcome, LeafSpec, NodeRegistry, Params, TreeBot};
use nhbot_world::{Action, Decision, World};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A decision that took longer than this is a hang.
const PATIENCE: Duration = Duration::from_secs(10);
/// A hostile leaf may cost this much (its time limit plus the hook's granularity).
const QUICK: Duration = Duration::from_secs(2);

fn fallback(_: &Params, _: &World) -> LeafOutcome {
    LeafOutcome::Act(Action::Search { count: 9 }, "fallback".into())
}

fn registry() -> NodeRegistry {
    let mut r = NodeRegistry::new();
    r.register_fn(LeafSpec::action("fallback", "Searches 9."), fallback);
    r
}

/// A scratch repo whose tree tries Lua leaves in order, then `fallback`.
struct Repo {
    dir: PathBuf,
}

impl Repo {
    fn new(tag: &str) -> Repo {
        Repo {
            dir: scratch_dir(tag).expect("scratch dir"),
        }
    }

    fn script(&self, name: &str, text: &str) -> PathBuf {
        let path = self.dir.join("scripts").join(name);
        std::fs::write(&path, text).expect("write script");
        path
    }

    /// `priority: [lua: a.lua (name a), lua: b.lua (name b), ..., fallback]`.
    fn tree(&self, scripts: &[&str]) -> PathBuf {
        let mut yaml = String::from("priority:\n  name: root\n  children:\n");
        for s in scripts {
            let name = s.trim_end_matches(".lua");
            yaml += &format!("    - lua: {{file: scripts/{s}, name: {name}}}\n");
        }
        yaml += "    - fallback\n";
        let path = self.dir.join("trees").join("main.yaml");
        std::fs::write(&path, yaml).expect("write tree");
        path
    }

    fn load(&self, scripts: &[&str]) -> TreeBot {
        let tree = self.tree(scripts);
        match TreeBot::load(registry(), &tree) {
            Ok(bot) => bot,
            Err(d) => panic!("tree did not load: {d:?}"),
        }
    }
}

impl Drop for Repo {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// One decision on a watchdog thread: the decision, the errors it reported, the time it took.
fn decide(bot: TreeBot, w: &World) -> (TreeBot, Decision, Vec<LeafError>, Duration) {
    let (tx, rx) = mpsc::channel();
    let w = w.clone();
    std::thread::spawn(move || {
        let mut bot = bot;
        let started = Instant::now();
        let d = bot.decide(&w);
        let errors = bot.take_leaf_errors();
        let _ = tx.send((bot, d, errors, started.elapsed()));
    });
    match rx.recv_timeout(PATIENCE) {
        Ok(out) => out,
        Err(_) => panic!("the decision hung (over {PATIENCE:?})"),
    }
}

/// Loads a tree of one hostile leaf and checks that it fails quickly with an error naming the
/// script and `wanted`, and that the fallback still acts.
fn contained(tag: &str, script: &str, wanted: &str) {
    let repo = Repo::new(tag);
    repo.script("evil.lua", script);
    let bot = repo.load(&["evil.lua"]);
    let (_bot, d, errors, took) = decide(bot, &sample_world());
    assert_eq!(d.action, Action::Search { count: 9 }, "{}", d.reason);
    assert!(took < QUICK, "took {took:?}");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].path, "root/evil");
    assert!(
        errors[0].message.starts_with("scripts/evil.lua:"),
        "{}",
        errors[0].message
    );
    assert!(errors[0].message.contains(wanted), "{}", errors[0].message);
}

const LIMIT: &str = "limit";

// 1. The budget holds through pcall, coroutines and library calls.

#[test]
fn a_loop_inside_pcall_in_a_loop_is_stopped() {
    contained(
        "sb-pcall",
        "return function()\n  while true do pcall(function() while true do end end) end\nend\n",
        LIMIT,
    );
}

#[test]
fn xpcall_with_a_looping_handler_is_stopped() {
    contained(
        "sb-xpcall",
        "local function spin() while true do end end\nreturn function()\n  while true do xpcall(spin, spin) end\nend\n",
        LIMIT,
    );
}

#[test]
fn nested_pcalls_and_deep_recursion_are_stopped() {
    contained(
        "sb-deep",
        "local function deep(n) return 1 + deep(n + 1) end\nreturn function()\n  while true do pcall(pcall, pcall, deep, 1) end\nend\n",
        LIMIT,
    );
}

#[test]
fn a_loop_inside_a_coroutine_is_stopped() {
    contained(
        "sb-co",
        "return function()\n  coroutine.wrap(function() while true do end end)()\nend\n",
        LIMIT,
    );
}

#[test]
fn coroutine_resume_does_not_swallow_the_limit() {
    contained(
        "sb-resume",
        "return function()\n  while true do\n    local co = coroutine.create(function() while true do end end)\n    coroutine.resume(co)\n    coroutine.close(co)\n  end\nend\n",
        LIMIT,
    );
}

#[test]
fn short_lived_nested_coroutines_are_paid_for() {
    // Each coroutine runs fewer instructions than the hook's period, nested 8 deep: 150^8 runs.
    contained(
        "sb-conest",
        "local function run(d)\n  if d == 0 then return end\n  for i = 1, 150 do coroutine.wrap(run)(d - 1) end\nend\nreturn function() run(8) end\n",
        LIMIT,
    );
}

#[test]
fn looping_close_handlers_are_stopped() {
    // A to-be-closed variable's __close runs when the limit error unwinds its frame: in the leaf
    // itself, and in a coroutine the error killed (there hooks stay off: it must not run at all).
    contained(
        "sb-close",
        "return function()\n  local x <close> = setmetatable({}, {__close = function() while true do end end})\n  while true do end\nend\n",
        LIMIT,
    );
    contained(
        "sb-coclose",
        "return function()\n  coroutine.wrap(function()\n    local x <close> = setmetatable({}, {__close = function() while true do end end})\n    while true do end\n  end)()\nend\n",
        LIMIT,
    );
    contained(
        "sb-coclose2",
        "return function()\n  local co = coroutine.create(function()\n    local x <close> = setmetatable({}, {__close = function() while true do end end})\n    while true do end\n  end)\n  pcall(coroutine.resume, co)\n  coroutine.close(co)\nend\n",
        LIMIT,
    );
}

#[test]
fn error_objects_with_looping_tostring_are_stopped() {
    contained(
        "sb-tostring",
        "local bad = setmetatable({}, {__tostring = function() while true do end end})\nreturn function()\n  print(bad)\n  error(bad)\nend\n",
        LIMIT,
    );
}

#[test]
fn backtracking_patterns_are_stopped() {
    for (i, call) in [
        "string.find(string.rep('a', 40), string.rep('a*', 40) .. 'b')",
        "string.match(string.rep('a', 40), string.rep('(a-)', 30) .. 'b')",
        "string.gsub(string.rep('a', 3000), '.-.-.-b', 'x')",
        "for _ in string.gmatch(string.rep('a', 3000), '.-.-.-b') do end",
        "string.find(string.rep('(', 20000), '%b()%b()%b()')",
        "string.find(string.rep('a', 1 << 19), string.rep('a', 1 << 18) .. 'b', 1, true)",
    ]
    .iter()
    .enumerate()
    {
        contained(
            &format!("sb-pat{i}"),
            &format!("return function()\n  {call}\nend\n"),
            LIMIT,
        );
    }
}

#[test]
fn slow_library_calls_meet_the_deadline() {
    // Few instructions, each a costly library call: the wall clock stops it.
    contained(
        "sb-slow",
        "local s = string.rep('x', 1 << 20)\nreturn function()\n  while true do local _ = s:upper() .. s:lower() end\nend\n",
        LIMIT,
    );
}

#[test]
fn deep_nesting_through_library_calls_fits_a_small_stack() {
    // Lua calls nested through C and Rust functions each take native stack; on a 1 MiB thread
    // (test threads have 2) they must end in an error, never in a stack overflow.
    let repo = Repo::new("sb-nest");
    repo.script("a.lua", "return require('b')\n");
    repo.script("b.lua", "return require('a')\n");
    for (i, body) in [
        "local function f(n) return (string.gsub('x', 'x', function() return f(n + 1) end)) end\n  f(1)",
        "local function f(n) return (string.gsub('x', 'x', setmetatable({}, {__index = function() return f(n + 1) end}))) end\n  f(1)",
        "local function f(n) return pcall(f, n + 1) end\n  assert(false, select(2, f(1)))",
        "local t; t = setmetatable({}, {__tostring = function() return tostring(t) end})\n  tostring(t)",
        "local function f() table.sort({2, 1}, function(a, b) f(); return a < b end) end\n  f()",
        "local function f() return coroutine.wrap(f)() end\n  f()",
        "require('a')",
    ]
    .iter()
    .enumerate()
    {
        let text = format!("return function()\n  {body}\nend\n");
        repo.script("evil.lua", &text);
        let tree = repo.tree(&["evil.lua"]);
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(move || {
                let mut bot = TreeBot::load(registry(), &tree).expect("loads");
                let d = bot.decide(&sample_world());
                let _ = tx.send((d, bot.take_leaf_errors()));
            })
            .expect("thread");
        let (d, errors) = rx.recv_timeout(PATIENCE).expect("crashed or hung");
        assert_eq!(d.action, Action::Search { count: 9 }, "#{i}");
        assert_eq!(errors.len(), 1, "#{i}: {errors:?}");
    }
}

#[test]
fn string_rep_and_gsub_results_are_capped() {
    // (call, what the leaf then acts: None when the call must fail at its line).
    for (i, (call, keys)) in [
        ("string.rep('', 1e15)", Some("0")), // C looped 1e15 times over nothing
        ("string.rep('', 1e15, '')", Some("0")),
        ("string.rep('x', 1e9)", None),
        ("('x'):rep(1e7, ',')", None),
        (
            "string.gsub(string.rep('x', 1e5), '', string.rep('y', 1e4))",
            None,
        ),
        (
            "string.gsub(string.rep('x', 1e5), 'x', function() return string.rep('y', 1e4) end)",
            None,
        ),
        (
            "string.gsub(string.rep('x', 1e5), 'x', {x = string.rep('y', 1e4)})",
            None,
        ),
    ]
    .iter()
    .enumerate()
    {
        let repo = Repo::new(&format!("sb-cap{i}"));
        repo.script(
            "evil.lua",
            &format!(
                "return function()\n  local s = {call}\n  return act.keys(tostring(#s))\nend\n"
            ),
        );
        let bot = repo.load(&["evil.lua"]);
        let (_bot, d, errors, took) = decide(bot, &sample_world());
        assert!(took < QUICK, "{call}: took {took:?}");
        match keys {
            Some(keys) => assert_eq!(
                d.action,
                Action::Keys {
                    keys: keys.to_string()
                },
                "{call}: {errors:?}"
            ),
            None => {
                assert_eq!(d.action, Action::Search { count: 9 }, "{call}");
                assert_eq!(errors.len(), 1, "{call}: {errors:?}");
                assert!(
                    errors[0]
                        .message
                        .starts_with("scripts/evil.lua:2 in function <scripts/evil.lua:1>: "),
                    "{call}: {}",
                    errors[0].message
                );
            }
        }
    }
}

#[test]
fn table_library_loops_are_counted() {
    for (i, call) in [
        "table.move({}, 1, 1 << 40, 2)",
        "table.move({}, 1, 1 << 40, 1, {})",
        "table.insert(setmetatable({}, {__len = function() return 1 << 50 end}), 1, 'x')",
        "table.remove(setmetatable({}, {__len = function() return 1 << 50 end}), 1)",
        "table.concat(setmetatable({}, {__index = function() return 'x' end}), '', 1, 1 << 40)",
        "table.unpack({}, 1, 1 << 40)",
        "table.sort(setmetatable({}, {__len = function() return (1 << 31) - 2 end, __index = rawlen}))",
    ]
    .iter()
    .enumerate()
    {
        let repo = Repo::new(&format!("sb-tab{i}"));
        repo.script("evil.lua", &format!("return function()\n  {call}\nend\n"));
        let bot = repo.load(&["evil.lua"]);
        let (_bot, d, errors, took) = decide(bot, &sample_world());
        assert_eq!(d.action, Action::Search { count: 9 }, "{call}");
        assert!(took < QUICK, "{call}: took {took:?}");
        assert_eq!(errors.len(), 1, "{call}: {errors:?}");
    }
}

#[test]
fn finalizers_are_refused() {
    // A __gc runs inside the collector with hooks off: nothing could stop this one.
    let repo = Repo::new("sb-gc");
    repo.script(
        "evil.lua",
        "return function()\n  for i = 1, 100 do setmetatable({}, {__gc = function() while true do end end}) end\n  local junk = {}\n  for i = 1, 2e5 do junk[i % 100] = {i} end\n  return false\nend\n",
    );
    let bot = repo.load(&["evil.lua"]);
    let (bot, d, errors, took) = decide(bot, &sample_world());
    assert_eq!(d.action, Action::Search { count: 9 });
    assert!(took < QUICK, "took {took:?}");
    assert!(errors[0].message.contains("__gc"), "{errors:?}");
    // Dropping the bot closes the state, which would run pending finalizers.
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        drop(bot);
        let _ = tx.send(());
    });
    rx.recv_timeout(PATIENCE).expect("closing the state hung");
}

#[test]
fn dangerous_globals_are_absent() {
    let repo = Repo::new("sb-absent");
    repo.script(
        "probe.lua",
        "return function()\n  local present = {}\n  for _, name in ipairs({'io', 'os', 'debug', 'load', 'loadfile', 'dofile', 'loadstring', 'collectgarbage', 'package', '_G', 'module', 'newproxy', 'gcinfo'}) do\n    if _ENV[name] ~= nil then present[#present + 1] = name end\n  end\n  if string.dump then present[#present + 1] = 'string.dump' end\n  if getmetatable('') then present[#present + 1] = 'string metatable' end\n  if getmetatable(_ENV) then present[#present + 1] = '_ENV metatable' end\n  return act.keys(table.concat(present, ' '), 'probe')\nend\n",
    );
    let bot = repo.load(&["probe.lua"]);
    let (_bot, d, errors, _) = decide(bot, &sample_world());
    assert_eq!(
        d.action,
        Action::Keys {
            keys: String::new()
        },
        "visible to scripts: {d:?} {errors:?}"
    );
}

// 2. require stays inside scripts/.

#[test]
fn require_cannot_leave_the_scripts_dir() {
    let repo = Repo::new("sb-require");
    // A plain name (letters, digits, _) so that the old name check let it through.
    let outside = std::env::temp_dir().join(format!("nhbot_sb_require_{}", std::process::id()));
    std::fs::create_dir_all(&outside).expect("mkdir");
    std::fs::write(outside.join("evil.lua"), "return 'escaped'\n").expect("write");
    #[cfg(unix)]
    std::os::unix::fs::symlink(outside.join("evil.lua"), repo.dir.join("scripts/link.lua"))
        .expect("symlink");
    // `.<abs path>` was read as an absolute path; the others are the same class.
    let abs = outside.join("evil").display().to_string().replace('/', ".");
    let names = [
        abs.as_str(),
        "..outside.evil",
        ".outside.evil",
        "...evil",
        "link",
        "../outside/evil",
        "a..b",
        "util.",
        "",
    ];
    let mut checks = String::new();
    for name in names {
        checks += &format!(
            "  do local ok, v = pcall(require, {name:?}); if ok then return act.keys('loaded ' .. {name:?} .. ': ' .. tostring(v)) end end\n"
        );
    }
    repo.script(
        "probe.lua",
        &format!("return function()\n{checks}  return act.keys('contained')\nend\n"),
    );
    let bot = repo.load(&["probe.lua"]);
    let (_bot, d, errors, _) = decide(bot, &sample_world());
    let _ = std::fs::remove_dir_all(&outside);
    assert_eq!(
        d.action,
        Action::Keys {
            keys: "contained".into()
        },
        "{errors:?}"
    );
}

#[test]
fn a_leaf_script_linked_from_outside_is_refused() {
    let repo = Repo::new("sb-leaflink");
    let outside = repo.dir.join("outside.lua");
    std::fs::write(
        &outside,
        "return function() return act.keys('escaped') end\n",
    )
    .expect("write");
    std::os::unix::fs::symlink(&outside, repo.dir.join("scripts/link.lua")).expect("symlink");
    let tree = repo.tree(&["link.lua"]);
    match TreeBot::load(registry(), &tree) {
        Ok(_) => panic!("a script outside scripts/ was loaded"),
        Err(d) => assert!(
            d.iter()
                .any(|d| d.message.contains("outside the scripts directory")),
            "{d:?}"
        ),
    }
}

#[test]
fn precompiled_chunks_are_never_loaded() {
    // Lua does not verify bytecode (a crafted chunk can corrupt memory): scripts and modules are
    // compiled from text only, so a file starting with Lua's binary signature is refused.
    let repo = Repo::new("sb-bytecode");
    repo.script("blob.lua", "\x1bLua return 1\n");
    repo.script(
        "probe.lua",
        "local ok, err = pcall(require, 'blob')\nreturn function() return act.keys(tostring(ok) .. ' ' .. tostring(err)) end\n",
    );
    let bot = repo.load(&["probe.lua"]);
    let (_bot, d, _, _) = decide(bot, &sample_world());
    match d.action {
        Action::Keys { keys } => assert!(
            keys.starts_with("false") && keys.contains("mode is 't'"),
            "{keys}"
        ),
        other => panic!("{other:?}"),
    }
    let tree = repo.tree(&["blob.lua"]);
    match TreeBot::load(registry(), &tree) {
        Ok(_) => panic!("a binary chunk loaded"),
        Err(d) => assert!(d[0].message.contains("mode is 't'"), "{d:?}"),
    }
}

// 3. Scripts share nothing.

const HONEST: &str = "return function()\n  local i = string.find('abc', 'b')\n  local j = ('xyz'):find('z')\n  local e = act.eat('f', 'eat')\n  return act.keys(i .. j .. tostring(e ~= nil) .. tostring(x == nil) .. tostring(table.insert ~= nil), 'honest')\nend\n";
const HONEST_KEYS: &str = "23truetruetrue";

#[test]
fn one_script_cannot_break_what_another_sees() {
    let repo = Repo::new("sb-shared");
    repo.script(
        "bad.lua",
        "string.find = nil\nact.eat = nil\nx = 1\nrawset(string, 'rep', nil)\nrawset(act, 'keys', nil)\ntable.insert = nil\nlocal sm = getmetatable('')\nif sm then sm.__index = {} end\nlocal em = getmetatable(_ENV)\nif em then em.__index.act = nil end\nreturn function() return false end\n",
    );
    repo.script("good.lua", HONEST);
    let bot = repo.load(&["bad.lua", "good.lua"]);
    let (bot, d, errors, _) = decide(bot, &sample_world());
    assert_eq!(
        (d.action, d.reason.as_str()),
        (
            Action::Keys {
                keys: HONEST_KEYS.into()
            },
            "honest"
        ),
        "{errors:?}"
    );
    // Without the bad script, after a reload, all the more so.
    let mut bot = bot;
    let tree = repo.tree(&["good.lua"]);
    assert!(bot.reload(vec![tree]));
    let (_bot, d, errors, _) = decide(bot, &sample_world());
    assert_eq!(d.reason, "honest", "{errors:?}");
}

// 4. Memory is limited per script over its whole life.

#[test]
fn memory_kept_across_calls_is_limited() {
    let repo = Repo::new("sb-grow");
    // About 6 MB more per call, kept in the node's state and in an upvalue.
    repo.script(
        "grow.lua",
        "local keep = {}\nreturn function(world, state)\n  state.t = state.t or {}\n  for i = 1, 5e4 do state.t[#state.t + 1] = {i}; keep[#keep + 1] = {i} end\n  return false\nend\n",
    );
    let mut bot = repo.load(&["grow.lua"]);
    let mut hit = None;
    for call in 0..40 {
        let (b, d, errors, _) = decide(bot, &sample_world());
        bot = b;
        assert_eq!(d.action, Action::Search { count: 9 });
        if let Some(e) = errors.first() {
            hit = Some((call, e.message.clone()));
            break;
        }
    }
    let (call, message) = hit.expect("no memory limit within 40 calls of ~6 MB each");
    assert!(message.contains("memory limit"), "{message}");
    assert!(message.starts_with("scripts/grow.lua:"), "{message}");
    assert!(call < 10, "hit only at call {call}");
}

#[test]
fn world_tables_built_past_the_memory_limit_fail_the_leaf_only() {
    // The world's tables are built with raw API calls in one protected call: an allocation
    // past the limit in the middle of one must come back as the script's memory error. A table
    // is built once per decision (later reads of the decision get the same one), so the leaf
    // keeps each decision's: ~1.5 MB of monsters each.
    let repo = Repo::new("sb-world-tables");
    repo.script(
        "hoard.lua",
        "local keep = {}\nreturn function(world, state)\n  keep[#keep + 1] = world.monsters\n  return false\nend\n",
    );
    let mut world = sample_world();
    world.monsters = (0..2000)
        .map(|i| nhbot_world::Monster {
            pos: nhbot_world::Pos::new(i % 80, 3),
            ch: 'd',
            name: Some(format!("jackal {i} {}", "x".repeat(400))),
            ..nhbot_world::Monster::default()
        })
        .collect();
    let mut bot = repo.load(&["hoard.lua"]);
    let mut hit = None;
    for call in 0..40 {
        let (b, d, errors, _) = decide(bot, &world);
        bot = b;
        assert_eq!(d.action, Action::Search { count: 9 });
        if let Some(e) = errors.first() {
            hit = Some((call, e.message.clone()));
            break;
        }
    }
    let (_, message) = hit.expect("no memory limit within 40 calls");
    assert!(message.contains("memory limit"), "{message}");
    assert!(message.starts_with("scripts/hoard.lua"), "{message}");
}

#[test]
fn honest_garbage_never_adds_up_to_the_limit() {
    // Every call leaves userdata behind (the world, 100 actions here); Lua frees such objects a
    // collection after they die. With the default incremental collector this garbage grew
    // without bound and disabled this honest leaf after ~2,800 decisions.
    let repo = Repo::new("sb-garbage");
    repo.script(
        "busy.lua",
        "return function(world)\n  for i = 1, 100 do local a = act.search(1, 'maybe') end\n  return world.hp < 0\nend\n",
    );
    let mut bot = repo.load(&["busy.lua"]);
    let w = sample_world();
    for i in 0..6000 {
        bot.decide(&w);
        let errors = bot.take_leaf_errors();
        assert!(errors.is_empty(), "decision {i}: {errors:?}");
    }
}

// A script past a limit is off until its file changes; the game goes on.

#[test]
fn a_script_past_a_limit_stays_off_until_it_changes() {
    let repo = Repo::new("sb-off");
    let evil = repo.script(
        "evil.lua",
        "return function()\n  while true do pcall(function() while true do end end) end\nend\n",
    );
    repo.script("other.lua", "return function() return false end\n");
    let bot = repo.load(&["evil.lua", "other.lua"]);
    let (mut bot, _, errors, _) = decide(bot, &sample_world());
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].message.contains("disabled"),
        "{}",
        errors[0].message
    );
    // Off: the next decisions do not run it (quick, no new error).
    for _ in 0..3 {
        let (b, d, errors, took) = decide(bot, &sample_world());
        bot = b;
        assert_eq!(d.action, Action::Search { count: 9 });
        assert!(errors.is_empty(), "{errors:?}");
        assert!(took < Duration::from_millis(100), "took {took:?}");
    }
    // A reload that does not change it keeps it off.
    let tree = repo.tree(&["evil.lua", "other.lua"]);
    assert!(bot.reload(vec![tree]));
    let (b, _, errors, took) = decide(bot, &sample_world());
    bot = b;
    assert!(
        errors.is_empty() && took < Duration::from_millis(100),
        "{errors:?} {took:?}"
    );
    // Changed, it runs again.
    std::fs::write(
        &evil,
        "return function() return act.keys('fixed', 'fixed') end\n",
    )
    .expect("write");
    assert!(bot.reload(vec![evil]));
    let (_bot, d, errors, _) = decide(bot, &sample_world());
    assert_eq!(d.reason, "fixed", "{errors:?}");
}

#[test]
fn a_leaf_failing_the_same_way_reports_once() {
    let repo = Repo::new("sb-once");
    repo.script(
        "err.lua",
        "return function() local t = nil; return t.x end\n",
    );
    let mut bot = repo.load(&["err.lua"]);
    let mut reported = Vec::new();
    for _ in 0..5 {
        let (b, d, errors, _) = decide(bot, &sample_world());
        bot = b;
        assert_eq!(d.action, Action::Search { count: 9 });
        reported.extend(errors);
    }
    assert_eq!(reported.len(), 1, "{reported:?}");
    assert!(
        reported[0]
            .message
            .starts_with("scripts/err.lua:1 in function <scripts/err.lua:1>: attempt to index"),
        "{}",
        reported[0].message
    );
}

#[test]
fn what_a_script_writes_to_the_log_and_types_is_bounded() {
    // A reason lands in the decision log at every decision; keys go to the game.
    let repo = Repo::new("sb-flood");
    repo.script(
        "loud.lua",
        "return function()\n  for i = 1, 300 do print(string.rep('x', 1e4)) end\n  return act.search(1, string.rep('why', 1e5))\nend\n",
    );
    let bot = repo.load(&["loud.lua"]);
    let (_bot, d, errors, _) = decide(bot, &sample_world());
    assert_eq!(d.action, Action::Search { count: 1 }, "{errors:?}");
    assert!(
        d.reason.len() <= 310,
        "a reason of {} bytes",
        d.reason.len()
    );
    repo.script(
        "typist.lua",
        "return function() return act.keys(string.rep('y', 1000)) end\n",
    );
    let bot = repo.load(&["typist.lua"]);
    let (_bot, d, errors, _) = decide(bot, &sample_world());
    assert_eq!(d.action, Action::Search { count: 9 });
    assert!(errors[0].message.contains("act.keys"), "{errors:?}");
}

// Honest scripts keep working.

#[test]
fn honest_coroutines_pcall_and_tables_still_work() {
    let repo = Repo::new("sb-honest");
    repo.script(
        "ok.lua",
        "local util = require('util')\nreturn function(world, state)\n  local gen = coroutine.wrap(function() for i = 1, 3 do pcall(coroutine.yield, i) end end)\n  local sum = gen() + gen() + gen()\n  local co = coroutine.create(function(a) local b = coroutine.yield(a + 1); return pcall(error, b) end)\n  local _, two = coroutine.resume(co, 1)\n  local _, ok, msg = coroutine.resume(co, 'boom')\n  local t = {1, 2, 3}\n  table.insert(t, 1, 0)\n  table.insert(t, 4)\n  local removed = table.remove(t, 2)\n  local moved = table.move(t, 1, 3, 2, {})\n  local words = {}\n  for w in ('a bb ccc'):gmatch('%a+') do words[#words + 1] = w end\n  local swapped = ('hello world'):gsub('(%w+) (%w+)', '%2 %1')\n  local ok2, err = pcall(error, {code = 7})\n  state.n = (state.n or 0) + 1\n  return act.keys(table.concat({sum, two, tostring(ok), msg, table.concat(t, ','), removed, table.concat(moved, ',', 2, 4), table.concat(words, '+'), swapped, err.code, util.twice(state.n), string.rep('ab', 3, '-')}, ' '), 'honest')\nend\n",
    );
    repo.script(
        "util.lua",
        "return { twice = function(n) return 2 * n end }\n",
    );
    let bot = repo.load(&["ok.lua"]);
    let (_bot, d, errors, _) = decide(bot, &sample_world());
    assert_eq!(
        d.action,
        Action::Keys {
            keys: "6 2 false boom 0,2,3,4 1 0,2,3 a+bb+ccc world hello 7 2 ab-ab-ab".into()
        },
        "{errors:?}"
    );
}
