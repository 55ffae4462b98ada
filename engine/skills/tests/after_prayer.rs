//! With the last prayer spent, a fight is weighed more warily: the default survive tree writes
//! Elbereth against a monster that respects it once its expected damage would take our HP in 8
//! turns (4 otherwise). In b45-town 53 of 200 games died 3 to 100 turns after a prayer for HP,
//! most striking on at the monster that had brought them that low (seed 52: a gargoyle, 101/101
//! HP after the prayer, dead 9 turns later).
mod common;
use common::repo_tree;
use common::scene::{decide, farlook, status, Scene};
use nhbot_world::{Action, Pos, Status, World};

/// The first decision at full HP with a soldier ant next to us (15 expected damage a turn: 85
/// HP last 5.7 turns, more than 4 and fewer than 8), `prayed` turns after a prayer (None:
/// never prayed).
fn facing_a_soldier_ant(prayed: Option<i64>) -> Action {
    let mut bot = repo_tree("survive.yaml");
    let mut w = World::default();
    let (me, ant) = (Pos::new(10, 4), Pos::new(11, 4));
    let turn = 5_000;
    let hero = |turn| Status {
        hp: 85,
        hp_max: 85,
        xl: 8,
        ac: 4,
        ..status(5, turn)
    };
    if let Some(ago) = prayed {
        Scene::room().show(
            &mut w,
            me,
            &hero(turn - ago),
            &["You begin praying to Odin."],
        );
    }
    let mut scene = Scene::room();
    scene.draw(ant, 'a');
    scene.show(&mut w, me, &hero(turn), &[]);
    farlook(&mut w, ant, "a  an ant or other insect (soldier ant)");
    let d = decide(&mut bot, &mut w);
    eprintln!("{d:?}");
    d.action
}

fn elbereth_begins(a: &Action) -> bool {
    // A look at what is engraved here comes first, then the engraving.
    matches!(a, Action::Keys { keys } if keys == ":") || matches!(a, Action::Engrave { .. })
}

#[test]
fn a_soldier_ant_at_full_hp_is_fought_while_a_prayer_is_at_hand() {
    let a = facing_a_soldier_ant(None);
    assert!(!elbereth_begins(&a), "{a:?}");
    let a = facing_a_soldier_ant(Some(1_000));
    assert!(
        !elbereth_begins(&a),
        "the last prayer 1,000 turns ago: {a:?}"
    );
}

#[test]
fn a_soldier_ant_at_full_hp_gets_elbereth_within_300_turns_of_a_prayer() {
    let a = facing_a_soldier_ant(Some(50));
    assert!(elbereth_begins(&a), "{a:?}");
}
