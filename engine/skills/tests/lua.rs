//! Lua leaves: the API, per-node state, the KB hook and the sandbox limits.
mod common;
use common::*;
use nhbot_bt::KbQuery;
use nhbot_world::{Action, Dir, Item};

/// A tree trying the Lua leaf first, then searching 9 (so a failing leaf is visible).
fn lua_first(repo: &Repo, script: &str) -> nhbot_bt::TreeBot {
    repo.script("leaf.lua", script);
    repo.tree(
        "main.yaml",
        "priority:\n  - lua: {file: scripts/leaf.lua, name: leaf}\n  - search: 9\n",
    );
    repo.load("main.yaml")
}

#[test]
fn lua_reads_the_world_and_returns_an_action_with_its_reason() {
    let repo = Repo::new("lua-api");
    let mut bot = lua_first(
        &repo,
        r#"return function(world, state)
  local here = world:cell(world.x + 1, world.y)
  local food = world.inventory[1]
  local why = string.format("hp %d/%d dlvl %d turn %d east=%s msg=%s food=%s/%s",
    world.hp, world.hp_max, world.dlvl, world.turn, here, world.messages[1], food.letter, food.class)
  return act.move("e", why)
end"#,
    );
    let mut w = world();
    w.turn = 42;
    w.messages = vec!["You see here a lichen corpse.".into()];
    w.inventory = vec![Item {
        letter: 'f',
        text: "a food ration".into(),
        class: "Comestibles".into(),
        ..Item::default()
    }];
    let d = bot.decide(&w);
    assert_eq!(d.action, Action::Move { dir: Dir::E });
    assert_eq!(d.path, "root/leaf");
    assert_eq!(
        d.reason,
        "hp 14/16 dlvl 1 turn 42 east=. msg=You see here a lichen corpse. food=f/Comestibles"
    );
}

#[test]
fn lua_conditions_and_named_functions() {
    let repo = Repo::new("lua-cond");
    repo.script("lib.lua", "local M = {}\nfunction M.hurt(world) return world.hp < world.hp_max end\nfunction healthy(world) return not M.hurt(world) end\nreturn M\n");
    repo.tree(
        "main.yaml",
        "priority:\n  - reactive_sequence: [{lua: {file: lib.lua, function: hurt}}, pray]\n  - reactive_sequence: [{lua: {file: lib.lua, function: healthy}}, {rest: 2}]\n",
    );
    let mut bot = repo.load("main.yaml");
    let mut w = world();
    assert_eq!(bot.decide(&w).action, Action::Pray);
    w.status.hp = w.status.hp_max;
    assert_eq!(bot.decide(&w).action, Action::Rest { count: 2 });
}

#[test]
fn node_state_survives_between_ticks() {
    let repo = Repo::new("lua-state");
    let mut bot = lua_first(&repo, "return function(world, state)\n  state.n = (state.n or 0) + 1\n  return act.search(state.n, 'tick ' .. state.n)\nend\n");
    let w = world();
    let counts: Vec<Action> = (0..3).map(|_| bot.decide(&w).action).collect();
    // Completing the previous action does not call Lua, so the leaf runs once per decision.
    assert_eq!(
        counts,
        vec![
            Action::Search { count: 1 },
            Action::Search { count: 2 },
            Action::Search { count: 3 }
        ]
    );
}

#[test]
fn dangerous_libraries_are_absent() {
    let repo = Repo::new("lua-sandbox");
    let mut bot = lua_first(
        &repo,
        "return function()\n  assert(io == nil and os == nil and debug == nil, 'io/os/debug visible')\n  assert(load == nil and loadfile == nil and dofile == nil, 'loaders visible')\n  assert(not pcall(require, '../../etc/passwd'), 'require escaped')\n  return act.pray('sandboxed')\nend\n",
    );
    let d = bot.decide(&world());
    assert_eq!(
        (d.action, d.reason.as_str()),
        (Action::Pray, "sandboxed"),
        "{:?}",
        bot.take_leaf_errors()
    );
}

#[test]
fn require_loads_modules_from_the_scripts_dir() {
    let repo = Repo::new("lua-require");
    repo.script(
        "util.lua",
        "return { double = function(n) return n * 2 end }\n",
    );
    let mut bot = lua_first(
        &repo,
        "local util = require('util')\nreturn function() return act.rest(util.double(3)) end\n",
    );
    assert_eq!(bot.decide(&world()).action, Action::Rest { count: 6 });
}

#[test]
fn infinite_loop_is_stopped_and_the_game_goes_on() {
    let repo = Repo::new("lua-loop");
    let mut bot = lua_first(
        &repo,
        "return function()\n  local i = 0\n  while true do\n    i = i + 1\n  end\nend\n",
    );
    let started = std::time::Instant::now();
    let d = bot.decide(&world());
    assert_eq!(
        d.action,
        Action::Search { count: 9 },
        "the next branch acts"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    let errors = bot.take_leaf_errors();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].path, "root/leaf");
    assert!(
        errors[0].message.starts_with("scripts/leaf.lua:"),
        "{}",
        errors[0].message
    );
    assert!(
        errors[0]
            .message
            .contains("instruction limit (1000000) exceeded"),
        "{}",
        errors[0].message
    );
}

#[test]
fn memory_bomb_is_stopped() {
    let repo = Repo::new("lua-mem");
    let mut bot = lua_first(
        &repo,
        "return function()\n  local t = {}\n  for i = 1, 1e9 do t[i] = {} end\nend\n",
    );
    assert_eq!(bot.decide(&world()).action, Action::Search { count: 9 });
    let errors = bot.take_leaf_errors();
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].message.contains("memory limit"),
        "{}",
        errors[0].message
    );
    assert!(
        errors[0]
            .message
            .starts_with("scripts/leaf.lua:3 in function <scripts/leaf.lua:1>: "),
        "{}",
        errors[0].message
    );
    // The script is off now (until its file changes); the tree goes on without it.
    assert_eq!(bot.decide(&world()).action, Action::Search { count: 9 });
    assert!(bot.take_leaf_errors().is_empty());
}

#[test]
fn runtime_error_fails_the_leaf_with_file_and_line() {
    let repo = Repo::new("lua-error");
    let mut bot = lua_first(
        &repo,
        "return function(world)\n  local t = nil\n  return t.field\nend\n",
    );
    assert_eq!(bot.decide(&world()).action, Action::Search { count: 9 });
    let errors = bot.take_leaf_errors();
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0]
            .message
            .starts_with("scripts/leaf.lua:3 in function <scripts/leaf.lua:1>: attempt to index"),
        "{}",
        errors[0].message
    );
}

#[test]
fn wrong_return_type_is_an_error() {
    let repo = Repo::new("lua-ret");
    let mut bot = lua_first(&repo, "return function() return 42 end\n");
    assert_eq!(bot.decide(&world()).action, Action::Search { count: 9 });
    let errors = bot.take_leaf_errors();
    assert!(
        errors[0].message.contains("returned a integer"),
        "{}",
        errors[0].message
    );
}

struct FakeKb;
impl KbQuery for FakeKb {
    fn candidates(&self, appearance: &str) -> Vec<String> {
        if appearance == "bubbly potion" {
            vec!["healing".into(), "sleeping".into()]
        } else {
            vec![]
        }
    }
    fn identity(&self, appearance: &str) -> Option<String> {
        (appearance == "ruby potion").then(|| "healing".into())
    }
    fn could_be(&self, appearance: &str, identity: &str) -> bool {
        self.candidates(appearance).iter().any(|c| c == identity)
    }
}

#[test]
fn kb_answers_empty_until_installed() {
    let repo = Repo::new("lua-kb");
    let mut bot = lua_first(
        &repo,
        "return function()\n  local c = kb.candidates('bubbly potion')\n  return act.keys(#c .. ' ' .. tostring(kb.identity('ruby potion')) .. ' ' .. tostring(kb.could_be('bubbly potion', 'sleeping')))\nend\n",
    );
    assert_eq!(
        bot.decide(&world()).action,
        Action::Keys {
            keys: "0 nil false".into()
        }
    );
    bot.set_kb(Box::new(FakeKb));
    let w = {
        let mut w = world();
        w.turn = 5;
        w
    };
    bot.decide(&w); // completes the previous action
    assert_eq!(
        bot.decide(&w).action,
        Action::Keys {
            keys: "2 healing true".into()
        }
    );
}

#[test]
fn lua_throws_an_item_in_a_direction() {
    let repo = Repo::new("lua-throw");
    let mut bot = lua_first(
        &repo,
        "return function(world, state)\n  return act.throw('b', 'ne', 'at the newt')\nend\n",
    );
    let d = bot.decide(&world());
    assert_eq!(
        d.action,
        Action::Throw {
            item: 'b',
            dir: Dir::NE
        }
    );
    assert_eq!(d.reason, "at the newt");
}
