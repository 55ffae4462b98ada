//! YAML → tree mapping: every node type, checked by the decisions it produces.
mod common;
use common::*;
use nhbot_world::{Action, World};

fn actions(bot: &mut nhbot_bt::TreeBot, worlds: &[World]) -> Vec<(String, Action)> {
    worlds
        .iter()
        .map(|w| bot.decide(w))
        .map(|d| (d.path, d.action))
        .collect()
}

fn low_hp(mut w: World) -> World {
    w.status.hp = 1;
    w.status.hp_max = 20;
    w
}

fn at_turn(mut w: World, turn: i64) -> World {
    w.turn = turn;
    w
}

#[test]
fn priority_reevaluates_from_the_first_child() {
    let repo = Repo::new("priority");
    repo.tree("main.yaml", "priority:\n  - reactive_sequence:\n      name: survive\n      children: [{hp_below: 0.5}, pray]\n  - search: 2\n");
    let mut bot = repo.load("main.yaml");
    let got = actions(&mut bot, &[world(), low_hp(world()), world()]);
    assert_eq!(
        got,
        vec![
            ("root/search#1".into(), Action::Search { count: 2 }),
            ("root/survive/pray#1".into(), Action::Pray),
            ("root/search#1".into(), Action::Search { count: 2 }),
        ]
    );
}

#[test]
fn sequence_remembers_progress_and_restarts_when_done() {
    let repo = Repo::new("sequence");
    repo.tree(
        "main.yaml",
        "sequence:\n  - search: 1\n  - rest: 2\n  - engrave: Elbereth\n",
    );
    let mut bot = repo.load("main.yaml");
    let w = world();
    let got: Vec<Action> = actions(&mut bot, &[w.clone(), w.clone(), w.clone(), w])
        .into_iter()
        .map(|(_, a)| a)
        .collect();
    assert_eq!(
        got,
        vec![
            Action::Search { count: 1 },
            Action::Rest { count: 2 },
            Action::Engrave {
                text: "Elbereth".into(),
                with: None,
            },
            Action::Search { count: 1 }
        ]
    );
}

#[test]
fn preempted_sequence_starts_over() {
    let repo = Repo::new("preempt");
    repo.tree(
        "main.yaml",
        "priority:\n  - reactive_sequence: [{message_contains: Danger}, pray]\n  - sequence:\n      name: plan\n      children: [{search: 1}, {rest: 2}, {engrave: x}]\n",
    );
    let mut bot = repo.load("main.yaml");
    let mut danger = world();
    danger.messages.push("Danger!".into());
    let got = actions(&mut bot, &[world(), world(), danger, world()]);
    let paths: Vec<&str> = got.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        paths,
        vec![
            "root/plan/search#0",
            "root/plan/rest#1",
            "root/reactive_sequence#0/pray#1",
            "root/plan/search#0"
        ]
    );
}

#[test]
fn selector_does_not_retry_failed_children_until_it_ends() {
    let repo = Repo::new("selector");
    repo.tree(
        "main.yaml",
        "selector:\n  - reactive_sequence: [{hp_below: 0.5}, pray]\n  - sequence: [{search: 1}, {rest: 1}]\n",
    );
    let mut bot = repo.load("main.yaml");
    let got: Vec<Action> = actions(&mut bot, &[world(), low_hp(world()), low_hp(world())])
        .into_iter()
        .map(|(_, a)| a)
        .collect();
    // Decision 2 has low HP, but the selector already moved past the prayer branch.
    assert_eq!(
        got,
        vec![
            Action::Search { count: 1 },
            Action::Rest { count: 1 },
            Action::Pray
        ]
    );
}

#[test]
fn reactive_sequence_rechecks_its_guard_and_falls_back() {
    let repo = Repo::new("reactive");
    repo.tree(
        "main.yaml",
        "reactive_sequence:\n  - hp_below: {fraction: 0.5}\n  - rest: 5\n",
    );
    let mut bot = repo.load("main.yaml");
    let first = bot.decide(&low_hp(world()));
    assert_eq!(
        (first.path.as_str(), first.action),
        ("root/rest#1", Action::Rest { count: 5 })
    );
    let second = bot.decide(&world());
    assert_eq!(second.path, "fallback");
    assert!(is_search(&second.action));
    assert!(second.reason.contains("no action"), "{}", second.reason);
}

#[test]
fn invert_and_always_succeed() {
    let repo = Repo::new("invert");
    repo.tree(
        "main.yaml",
        "priority:\n  - reactive_sequence: [{invert: {hp_below: 0.5}}, {always_succeed: {has_condition: blind}}, {search: 3}]\n  - pray\n",
    );
    let mut bot = repo.load("main.yaml");
    let got: Vec<Action> = actions(&mut bot, &[world(), low_hp(world())])
        .into_iter()
        .map(|(_, a)| a)
        .collect();
    assert_eq!(got, vec![Action::Search { count: 3 }, Action::Pray]);
}

#[test]
fn cooldown_counts_game_turns() {
    let repo = Repo::new("cooldown");
    repo.tree(
        "main.yaml",
        "priority:\n  - cooldown: {turns: 10, child: pray}\n  - search\n",
    );
    let mut bot = repo.load("main.yaml");
    let got: Vec<Action> = actions(
        &mut bot,
        &[
            at_turn(world(), 0),
            at_turn(world(), 1),
            at_turn(world(), 9),
            at_turn(world(), 10),
        ],
    )
    .into_iter()
    .map(|(_, a)| a)
    .collect();
    assert_eq!(
        got,
        vec![
            Action::Pray,
            Action::Search { count: 1 },
            Action::Search { count: 1 },
            Action::Pray
        ]
    );
}

#[test]
fn limit_caps_the_number_of_starts() {
    let repo = Repo::new("limit");
    repo.tree(
        "main.yaml",
        "priority:\n  - limit: {times: 2, child: pray}\n  - search\n",
    );
    let mut bot = repo.load("main.yaml");
    let w: Vec<World> = (0..4).map(|t| at_turn(world(), t)).collect();
    let got: Vec<Action> = actions(&mut bot, &w).into_iter().map(|(_, a)| a).collect();
    assert_eq!(
        got,
        vec![
            Action::Pray,
            Action::Pray,
            Action::Search { count: 1 },
            Action::Search { count: 1 }
        ]
    );
}

#[test]
fn repeat_until_acts_every_decision_until_the_condition_holds() {
    let repo = Repo::new("repeat");
    repo.tree("main.yaml", "sequence:\n  - repeat_until: {until: {message_contains: You find}, do: {search: 3}}\n  - pray\n");
    let mut bot = repo.load("main.yaml");
    let mut found = world();
    found.messages.push("You find a hidden door.".into());
    let got = actions(&mut bot, &[world(), world(), found]);
    let names: Vec<(&str, &Action)> = got.iter().map(|(p, a)| (p.as_str(), a)).collect();
    assert_eq!(
        names,
        vec![
            ("root/repeat_until#0/search#1", &Action::Search { count: 3 }),
            ("root/repeat_until#0/search#1", &Action::Search { count: 3 }),
            ("root/pray#1", &Action::Pray),
        ]
    );
}

#[test]
fn repeat_until_with_a_body_that_never_acts_does_not_spin() {
    let repo = Repo::new("spin");
    repo.tree("main.yaml", "priority:\n  - repeat_until: {until: {hp_below: 0.01}, do: {invert: {hp_below: 0.01}}}\n  - search: 4\n");
    let mut bot = repo.load("main.yaml");
    assert_eq!(bot.decide(&world()).action, Action::Search { count: 4 });
}

#[test]
fn subtree_is_inlined_under_its_name() {
    let repo = Repo::new("subtree");
    repo.tree(
        "main.yaml",
        "priority:\n  - subtree: fight\n  - subtree: {file: fight, name: again}\n",
    );
    repo.tree("fight.yaml", "sequence:\n  children:\n    - rest: 1\n");
    let mut bot = repo.load("main.yaml");
    assert_eq!(bot.decide(&world()).path, "root/fight/rest#0");
    assert_eq!(bot.node_count(), 5);
}

#[test]
fn builtin_leaves_map_their_parameters() {
    let repo = Repo::new("leaves");
    repo.tree(
        "main.yaml",
        "priority:\n  - reactive_sequence: [{turn_below: {turn: 5}}, {dlvl_at_least: 1}, {keys: {keys: \"x\"}}]\n  - reactive_sequence: [{hunger_at_least: weak}, eat]\n  - descend_if_on_stairs\n  - wander\n",
    );
    let mut bot = repo.load("main.yaml");
    assert_eq!(
        bot.decide(&at_turn(world(), 1)).action,
        Action::Keys { keys: "x".into() }
    );
    let mut weak = at_turn(world(), 6);
    weak.status.hunger = nhbot_world::Hunger::Weak;
    assert_eq!(bot.decide(&weak).action, Action::Eat { item: None });
    let mut stairs = at_turn(world(), 7);
    stairs
        .messages
        .push("There is a staircase down here.".into());
    assert_eq!(bot.decide(&stairs).action, Action::Descend);
    let d = bot.decide(&at_turn(world(), 8));
    assert!(matches!(d.action, Action::Move { .. }), "{d:?}");
    assert_eq!(bot.decide(&at_turn(walled_world(), 9)).path, "fallback");
}

/// A lit room with an open doorway on its east wall, seen from inside, fed through the world model.
fn observed_room() -> World {
    use nhbot_world::{Cell, Observation, Pos, Status};
    let mut map = vec![Cell::default(); 80 * 21];
    let mut put = |x: usize, y: usize, ch: char| {
        map[y * 80 + x] = Cell {
            ch,
            ..Cell::default()
        }
    };
    for x in 10..=20 {
        put(x, 4, '-');
        put(x, 10, '-');
    }
    for y in 5..=9 {
        put(10, y, '|');
        put(20, y, '|');
        for x in 11..20 {
            put(x, y, '.');
        }
    }
    put(20, 7, '.');
    put(12, 7, '@');
    let status = Status {
        dlvl: 1,
        level_name: "Dlvl:1".into(),
        hp: 10,
        hp_max: 10,
        turn: Some(1),
        ..Status::default()
    };
    let mut w = World::default();
    w.observe(Observation {
        map: &map,
        player: Some(Pos::new(12, 7)),
        status: Some(&status),
        messages: &[],
        cursor_on_map: true,
    });
    w
}

#[test]
fn explore_uses_the_world_model_and_can_pray_reads_the_last_prayer() {
    let repo = Repo::new("explore");
    repo.tree("main.yaml", "priority:\n  - reactive_sequence: [{hp_below: 0.5}, {can_pray: 1000}, pray]\n  - explore\n  - search: 7\n");
    let mut bot = repo.load("main.yaml");
    let w = observed_room();
    let d = bot.decide(&w);
    assert_eq!(d.path, "root/explore#1", "{d:?}");
    assert!(
        matches!(d.action, Action::Move { .. } | Action::Travel { .. }),
        "{d:?}"
    );
    let mut hurt = low_hp(w.clone());
    hurt.turn = 1500;
    hurt.last_prayer_turn = Some(1000);
    assert_ne!(
        bot.decide(&hurt).action,
        Action::Pray,
        "prayed 500 turns ago"
    );
    hurt.last_prayer_turn = Some(400);
    assert_eq!(bot.decide(&hurt).action, Action::Pray);
    // Without a level model explore fails and the next branch acts.
    assert_eq!(bot.decide(&world()).action, Action::Search { count: 7 });
}

#[test]
fn trace_lists_the_leaves_behind_a_decision() {
    let repo = Repo::new("trace");
    repo.tree(
        "main.yaml",
        "priority:\n  - reactive_sequence: [{hp_below: 0.5}, pray]\n  - search: 2\n",
    );
    let mut bot = repo.load("main.yaml");
    bot.decide(&world());
    assert!(bot.last_trace().is_empty(), "off by default");
    bot.set_trace(true);
    bot.decide(&world());
    let trace = bot.last_trace();
    let expected: Vec<(String, &str)> = vec![
        ("root/reactive_sequence#0/hp_below#0".into(), "failure"),
        ("root/search#1".into(), "success"),
        ("root/search#1".into(), "running"),
    ];
    assert_eq!(
        trace, expected,
        "the previous search completes, the root restarts (hp_below keeps its answer: each \
         leaf runs once per decision), search acts again"
    );
}

#[test]
fn fight_adjacent_attacks_hostiles_but_not_pets() {
    use nhbot_world::{Dir, Monster, Pos};
    let repo = Repo::new("fight");
    repo.tree(
        "main.yaml",
        "priority:\n  - reactive_sequence: [hostile_adjacent, fight_adjacent]\n  - search: 1\n",
    );
    repo.script("seen.lua", "return function(world) local m = world.monsters[1]; return act.keys(m.glyph .. tostring(m.hostile)) end\n");
    let mut bot = repo.load("main.yaml");
    let mut w = world();
    let me = w.player;
    w.monsters = vec![Monster {
        pos: Pos::new(me.x + 1, me.y - 1),
        ch: 'd',
        tame: true,
        ..Monster::default()
    }];
    assert_eq!(
        bot.decide(&w).action,
        Action::Search { count: 1 },
        "the pet is left alone"
    );
    w.monsters.push(Monster {
        pos: Pos::new(me.x - 1, me.y),
        ch: ':',
        name: Some("newt".into()),
        ..Monster::default()
    });
    let d = bot.decide(&w);
    assert_eq!(d.action, Action::Fight { dir: Dir::W });
    assert_eq!(d.reason, "attacking newt to the W");
    repo.tree("lua.yaml", "lua: seen.lua\n");
    let mut lua_bot = repo.load("lua.yaml");
    assert_eq!(
        lua_bot.decide(&w).action,
        Action::Keys {
            keys: "dfalse".into()
        }
    );
}
