//! Hot reload in a temp dir: rewrites, broken files, save-via-rename, Lua changes, carried state.
mod common;
use common::*;
use nhbot_bt::{ReloadEvent, TreeBot};
use nhbot_world::{Action, World};
use std::time::{Duration, Instant};

/// Decides until a reload event arrives (at most 5 s); returns the events and the last decision.
fn decide_until_reload(bot: &mut TreeBot, w: &World) -> (Vec<ReloadEvent>, nhbot_world::Decision) {
    let start = Instant::now();
    loop {
        let d = bot.decide(w);
        let events = bot.reload_events();
        if !events.is_empty() {
            return (events, d);
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "no reload within 5 s"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn rewritten_tree_takes_effect_at_the_next_decision() {
    let repo = Repo::new("r-rewrite");
    let root = repo.tree("main.yaml", "priority:\n  - search: 2\n");
    let mut bot = repo.load("main.yaml");
    bot.watch().expect("watch");
    assert_eq!(bot.decide(&world()).action, Action::Search { count: 2 });
    std::fs::write(&root, "priority:\n  - rest: 7\n").expect("rewrite");
    let (events, d) = decide_until_reload(&mut bot, &world());
    assert!(
        matches!(&events[0], ReloadEvent::Reloaded { nodes: 2, .. }),
        "{events:?}"
    );
    assert_eq!(
        d.action,
        Action::Rest { count: 7 },
        "the decision that saw the reload used the new tree"
    );
}

#[test]
fn broken_file_keeps_the_old_tree_and_reports_position() {
    let repo = Repo::new("r-broken");
    let root = repo.tree("main.yaml", "priority:\n  - search: 2\n");
    let mut bot = repo.load("main.yaml");
    bot.watch().expect("watch");
    std::fs::write(&root, "priority:\n  - search: 2\n  - hp_belo: 0.5\n").expect("rewrite");
    let (events, d) = decide_until_reload(&mut bot, &world());
    let ReloadEvent::Failed { diagnostics, .. } = &events[0] else {
        panic!("expected a failure: {events:?}")
    };
    assert_eq!(diagnostics.len(), 1);
    assert_eq!((diagnostics[0].line, diagnostics[0].col), (3, 5));
    assert!(
        diagnostics[0].message.contains("did you mean `hp_below`"),
        "{}",
        diagnostics[0].message
    );
    assert_eq!(
        d.action,
        Action::Search { count: 2 },
        "old tree still decides"
    );
    // Fixing the file brings the new tree in.
    std::fs::write(&root, "priority:\n  - hp_below: 0.5\n  - rest: 3\n").expect("fix");
    let (events, d) = decide_until_reload(&mut bot, &world());
    assert!(matches!(events[0], ReloadEvent::Reloaded { .. }));
    assert_eq!(d.action, Action::Rest { count: 3 });
}

#[test]
fn save_via_rename_and_subtree_changes_are_seen() {
    let repo = Repo::new("r-rename");
    repo.tree("main.yaml", "priority:\n  - subtree: act\n");
    let sub = repo.tree("act.yaml", "search: 1\n");
    let mut bot = repo.load("main.yaml");
    bot.watch().expect("watch");
    let tmp = repo.dir.join("trees/.act.yaml.tmp");
    std::fs::write(&tmp, "engrave: Elbereth\n").expect("temp write");
    std::fs::rename(&tmp, &sub).expect("rename");
    let (events, d) = decide_until_reload(&mut bot, &world());
    assert!(
        matches!(events[0], ReloadEvent::Reloaded { .. }),
        "{events:?}"
    );
    assert_eq!(
        d.action,
        Action::Engrave {
            text: "Elbereth".into(),
            with: None,
        }
    );
    assert_eq!(d.path, "root/act");
}

#[test]
fn lua_change_reloads_and_keeps_node_state() {
    let repo = Repo::new("r-lua");
    let script = repo.script("count.lua", "return function(w, state)\n  state.n = (state.n or 0) + 1\n  return act.search(state.n)\nend\n");
    repo.tree(
        "main.yaml",
        "priority:\n  - lua: {file: count.lua, name: counter}\n",
    );
    let mut bot = repo.load("main.yaml");
    bot.watch().expect("watch");
    assert_eq!(bot.decide(&world()).action, Action::Search { count: 1 });
    assert_eq!(bot.decide(&world()).action, Action::Search { count: 2 });
    std::fs::write(
        &script,
        "return function(w, state)\n  state.n = state.n + 10\n  return act.rest(state.n)\nend\n",
    )
    .expect("rewrite");
    // Poll without deciding, so the old script does not run in between.
    let start = Instant::now();
    while !bot.poll_reload() {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "no reload: {:?}",
            bot.reload_events()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(
        bot.decide(&world()).action,
        Action::Rest { count: 12 },
        "state.n carried over the reload"
    );
}

#[test]
fn sequence_progress_survives_a_reload_when_its_path_exists() {
    let repo = Repo::new("r-carry");
    let root = repo.tree(
        "main.yaml",
        "sequence:\n  name: plan\n  children: [{search: 1}, {rest: 1}, pray]\n",
    );
    let mut bot = repo.load("main.yaml");
    assert_eq!(bot.decide(&world()).action, Action::Search { count: 1 });
    assert_eq!(bot.decide(&world()).action, Action::Rest { count: 1 });
    std::fs::write(
        &root,
        "sequence:\n  name: plan\n  children: [{search: 1}, {rest: 1}, {engrave: x}]\n",
    )
    .expect("rewrite");
    assert!(bot.reload(vec![root]));
    assert_eq!(
        bot.decide(&world()).action,
        Action::Engrave {
            text: "x".into(),
            with: None,
        }
    );
}

#[test]
fn edited_required_module_is_reread_on_reload() {
    let repo = Repo::new("r-require");
    let module = repo.script("util.lua", "return { n = 1 }\n");
    repo.script(
        "leaf.lua",
        "local util = require('util')\nreturn function() return act.rest(util.n) end\n",
    );
    let root = repo.tree("main.yaml", "lua: leaf.lua\n");
    let mut bot = repo.load("main.yaml");
    assert_eq!(bot.decide(&world()).action, Action::Rest { count: 1 });
    std::fs::write(&module, "return { n = 5 }\n").expect("rewrite module");
    assert!(bot.reload(vec![module, root]));
    bot.decide(&world()); // completes the previous rest
    assert_eq!(bot.decide(&world()).action, Action::Rest { count: 5 });
}
