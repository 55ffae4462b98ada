//! `scripts/wait_out_hallucination.lua` under the fight node, on worlds built from screens
//! the way the agent builds them (the world follows hallucinated monsters by their squares).

mod common;

use common::{scripts_dir, Repo};
use nhbot_bt::TreeBot;
use nhbot_world::{Action, Condition, Dir, Status, World};

/// `fight_or_flee`, then the script, then a `search: 9` standing for exploring.
fn bot(repo: &Repo) -> TreeBot {
    let path = scripts_dir().join("wait_out_hallucination.lua");
    repo.script(
        "wait_out_hallucination.lua",
        &std::fs::read_to_string(&path).expect("wait_out_hallucination.lua"),
    );
    repo.tree(
        "main.yaml",
        "priority:\n  name: root\n  children:\n    \
         - fight_or_flee: {depth: 4}\n    \
         - lua: {file: scripts/wait_out_hallucination.lua, name: hallu}\n    \
         - search: 9\n",
    );
    repo.load("main.yaml")
}

/// One frame of `rows` (the hero is the `@`) at `turn`, with `messages`.
fn show(w: &mut World, rows: &[&str], turn: i64, hallu: bool, messages: &[&str]) {
    let status = Status {
        dlvl: 7,
        xl: 7,
        level_name: "Dlvl:7".into(),
        turn: Some(turn),
        hp: 60,
        hp_max: 67,
        conditions: if hallu {
            vec![Condition::Hallu]
        } else {
            vec![]
        },
        ..Default::default()
    };
    nhbot_world::testing::observe_rows(w, rows, &status, messages);
}

#[test]
fn hallucinating_the_bot_waits_in_place_strikes_back_and_not_forever() {
    let repo = Repo::new("hallu-wait");
    let mut bot = bot(&repo);
    let mut w = World::default();
    let far = ["|.........|", "|...@.....|", "|......T..|"];
    show(&mut w, &far, 6000, false, &[]);
    assert_eq!(bot.decide(&w).action, Action::Search { count: 9 }, "sober");
    // A black light explodes: everything is drawn at random. The `T` three squares away may
    // be anything: wait for sight in place rather than walk on.
    show(
        &mut w,
        &far,
        6001,
        true,
        &["You are caught in a blast of kaleidoscopic light!"],
    );
    let d = bot.decide(&w);
    assert_eq!(d.action, Action::Search { count: 5 }, "{}", d.reason);
    assert!(
        d.reason.contains("1 monster(s) we cannot tell"),
        "{}",
        d.reason
    );
    // It comes next to us without striking: it may be a floating eye, no blow; still waiting.
    let near = ["|.........|", "|...@.....|", "|....&....|"];
    show(&mut w, &near, 6003, true, &[]);
    let d = bot.decide(&w);
    assert_eq!(d.action, Action::Search { count: 5 }, "{}", d.reason);
    // It strikes (named at random): the fight node strikes back at its square.
    show(
        &mut w,
        &["|.........|", "|...@.....|", "|....q....|"],
        6004,
        true,
        &["The lich kicks!"],
    );
    let d = bot.decide(&w);
    assert_eq!(d.action, Action::Move { dir: Dir::SE }, "{}", d.reason);
    assert!(d.reason.contains("hallucinating: unknown"), "{}", d.reason);
    // Hallucinating for longer than the leaf waits (a potion's 600 turns): it steps aside.
    show(&mut w, &far, 6202, true, &[]);
    assert_eq!(
        bot.decide(&w).action,
        Action::Search { count: 9 },
        "after 201 turns"
    );
}
