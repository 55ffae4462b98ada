//! `pray_if_in_trouble`'s `hunger_max_refusal` through the tree: Weak with nothing to eat
//! 853 turns after a granted prayer (seed 187 of the b23 bench prayed so, 7.8% too soon, and
//! the 12th such prayer was refused) waits; 1,210 turns after (2.3%), or a foe in view, prays.
mod common;

use common::Repo;
use nhbot_world::{Action, Cell, Hunger, Observation, Pos, Status, World};

/// A lit room with the hero at (12, 7), Weak, at `turn`, last prayer at `prayed`, and a
/// jackal (`d`, brown) at (15, 7) when `jackal`.
fn weak(turn: i64, prayed: i64, jackal: bool) -> World {
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
    if jackal {
        map[7 * 80 + 15] = Cell {
            ch: 'd',
            fg: nhbot_world::tiles::clr::BROWN,
            ..Cell::default()
        };
    }
    let status = Status {
        dlvl: 4,
        level_name: "Dlvl:4".into(),
        hp: 30,
        hp_max: 30,
        xl: 3,
        turn: Some(turn),
        hunger: Hunger::Weak,
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
    w.last_prayer_turn = Some(prayed);
    w
}

const TREE: &str = "priority:
  - pray_if_in_trouble:
      first_turn: 100
      gap: 500
      refusals_to_give_up: 1
      eat_first: true
      fainting_prays: true
      hunger_max_refusal: 0.025
  - search: 3
";

#[test]
fn weak_from_hunger_alone_waits_for_a_prayer_unlikely_to_be_refused() {
    let repo = Repo::new("pray-hunger-wait");
    repo.tree("main.yaml", TREE);
    repo.tree(
        "at_once.yaml",
        &TREE.replace("hunger_max_refusal: 0.025", "hunger_max_refusal: 1"),
    );
    let mut bot = repo.load("main.yaml");
    let w = weak(7943, 7090, false);
    let d = bot.decide(&w);
    assert_eq!(d.action, Action::Search { count: 3 }, "{d:?}");

    let mut at_once = repo.load("at_once.yaml");
    let d = at_once.decide(&w);
    assert_eq!(
        d.action,
        Action::Pray,
        "the param at 1 prays as before: {d:?}"
    );

    let d = bot.decide(&weak(7944, 7090, true));
    assert_eq!(d.action, Action::Pray, "a jackal in view: {d:?}");

    let d = bot.decide(&weak(8300, 7090, false));
    assert_eq!(d.action, Action::Pray, "1,210 turns after: {d:?}");
    assert!(d.reason.contains("Weak from hunger"), "{}", d.reason);
}
