//! `eat_fresh_corpse` gives up a square where an eat from the floor took no game time.
mod common;

use common::Repo;
use nhbot_world::{Action, Cell, Hunger, Kill, Observation, Pos, Status, World};

/// A lit room with the hero at (12, 7), Hungry, at `turn`, the step's `messages` shown, and
/// our kills of `kills` (name, turn) at the hero's square.
fn on_a_kill(turn: i64, messages: &[&str], kills: &[(&str, i64)]) -> World {
    let mut map = vec![Cell::default(); 80 * 21];
    for y in 5..=9 {
        for x in 11..30 {
            map[y * 80 + x] = Cell {
                ch: '.',
                ..Cell::default()
            };
        }
    }
    map[7 * 80 + 12].ch = '@';
    let status = Status {
        dlvl: 1,
        level_name: "Dlvl:1".into(),
        hp: 16,
        hp_max: 16,
        turn: Some(turn),
        hunger: Hunger::Hungry,
        ..Status::default()
    };
    let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
    let mut w = World::default();
    w.observe(Observation {
        map: &map,
        player: Some(Pos::new(12, 7)),
        status: Some(&status),
        messages: &messages,
        cursor_on_map: true,
    });
    for &(name, turn) in kills {
        w.kills.push(Kill {
            turn,
            name: name.into(),
            pos: Some(Pos::new(12, 7)),
            level: w.dungeon.current,
            in_pile: false,
            by_us: true,
            no_corpse: false,
            vanished: Vec::new(),
        });
    }
    w
}

#[test]
fn an_eat_that_took_no_game_time_gives_the_square_up_until_a_new_kill_falls_there() {
    let repo = Repo::new("eat-corpse-guard");
    repo.tree(
        "main.yaml",
        "priority:\n  - eat_fresh_corpse\n  - search: 3\n",
    );
    let mut bot = repo.load("main.yaml");
    let here = ["You see here a newt corpse."];
    let w = on_a_kill(100, &here, &[("newt", 95)]);
    let d = bot.decide(&w);
    assert_eq!(d.action, Action::Eat { item: None }, "{d:?}");
    assert!(d.reason.contains("newt"), "{}", d.reason);

    // The game turn did not move: the eat found nothing (or a prompt cut it short).
    let d = bot.decide(&w);
    assert_eq!(d.action, Action::Search { count: 3 }, "{d:?}");
    // Nor later on, the square given up.
    let later = on_a_kill(103, &here, &[("newt", 95)]);
    assert_eq!(bot.decide(&later).action, Action::Search { count: 3 });

    // A new kill on that square is another corpse: eaten.
    let again = on_a_kill(110, &here, &[("newt", 95), ("newt", 108)]);
    assert_eq!(bot.decide(&again).action, Action::Eat { item: None });
    // An eat that took time (the turn moved) does not give the square up.
    let next = on_a_kill(114, &here, &[("newt", 95), ("newt", 108)]);
    assert_eq!(bot.decide(&next).action, Action::Eat { item: None });
}
