//! The node's own blows (`fight_step` and the strike back at an attacker) with `keep_elbereth`.

use super::*;

/// The node ticked from fresh node state.
fn tick_fresh(leaf: SokobanLeaf, w: &World) -> LeafOutcome {
    NODES.with(|n| *n.borrow_mut() = Nodes::default());
    tick_node(leaf, |n| &mut n.sokoban, w)
}

/// The node with `keep_elbereth` on.
fn keeping() -> SokobanLeaf {
    SokobanLeaf {
        keep_elbereth: true,
        ..SokobanLeaf::default()
    }
}

/// `ch` named `name` drawn and tracked on `pos`.
fn put_monster(w: &mut World, pos: Pos, ch: char, color: u8, name: &str) {
    set(w, pos, ch);
    w.monsters = vec![Monster {
        pos,
        ch,
        color,
        name: Some(name.into()),
        ..Monster::default()
    }];
}

/// "You read: \"Elbereth\"." at `turn`: the square read back as a verified Elbereth.
fn read_elbereth(w: &mut World, turn: i64) {
    w.turn = turn;
    w.history.push(nhbot_world::Said {
        turn,
        decision: w.decisions,
        text: "Something is written here in the dust.  You read: \"Elbereth\".".into(),
    });
}

/// No blow at all: neither `F` nor a move north into the monster.
fn assert_no_blow(outcome: &LeafOutcome) {
    assert!(
        !matches!(
            outcome,
            LeafOutcome::Act(Action::Fight { .. } | Action::Move { dir: Dir::N }, _)
        ),
        "{outcome:?}"
    );
}

/// soko4-1 with the hero on its `>` at HP 2/51, a spotted jelly north of it and "It hits!"
/// (something unseen struck): a blow at the jelly would splash acid for more than 2.
fn hurt_beside_a_spotted_jelly() -> World {
    let mut w = world_with_map("soko4-1", Pos::new(32, 5));
    (w.status.hp, w.status.hp_max, w.status.xl) = (2, 51, 5);
    let north = Dir::N.step(w.player);
    put_monster(&mut w, north, 'j', 2, "spotted jelly");
    w.messages = vec!["It hits!".into()];
    w
}

/// Bench seed 101 of session 23: at HP 2/51 the node struck back at a spotted jelly and died
/// of its acid. With `keep_elbereth` the jelly (a monster never meleed) is not struck.
#[test]
fn a_passive_monster_is_not_struck_back_at_with_keep_elbereth() {
    let w = hurt_beside_a_spotted_jelly();
    let old = tick_fresh(SokobanLeaf::default(), &w);
    assert_eq!(
        old,
        LeafOutcome::Act(
            Action::Fight { dir: Dir::N },
            "soko4-1: striking back at `j`".into()
        ),
        "without keep_elbereth, as before"
    );
    assert_no_blow(&tick_fresh(keeping(), &w));
}

/// Bench seed 52 of session 23: resting on an Elbereth it had just read back, the node struck
/// an Uruk-hai next to it (the blow erases the engraving) and the hero died. With
/// `keep_elbereth` no blow comes from a verified Elbereth; without it, as before.
#[test]
fn no_blow_from_a_verified_elbereth_with_keep_elbereth() {
    let mut w = world_with_map("soko4-1", Pos::new(32, 5));
    (w.status.hp, w.status.hp_max, w.status.xl) = (25, 67, 7);
    let north = Dir::N.step(w.player);
    put_monster(&mut w, north, 'o', 0, "Uruk-hai");
    read_elbereth(&mut w, 6162);
    w.messages = vec!["The Uruk-hai hits!".into()];
    let old = tick_fresh(SokobanLeaf::default(), &w);
    assert!(
        matches!(
            &old,
            LeafOutcome::Act(
                Action::Move { dir: Dir::N } | Action::Fight { dir: Dir::N },
                _
            )
        ),
        "without keep_elbereth the Uruk-hai is struck: {old:?}"
    );
    assert_no_blow(&tick_fresh(keeping(), &w));
}

/// The plan's next square held by a hostile (the Uruk-hai of bench seed 52, struck "in the
/// way" from a verified Elbereth): with `keep_elbereth` the node waits on the engraving
/// instead of striking; without it, strikes as before.
#[test]
fn a_monster_in_the_way_is_not_struck_from_a_verified_elbereth() {
    let mut w = world_with_map("soko4-1", Pos::new(32, 5));
    (w.status.hp, w.status.hp_max, w.status.xl) = (25, 67, 7);
    NODES.with(|n| *n.borrow_mut() = Nodes::default());
    let LeafOutcome::Act(Action::Move { dir }, _) = sokoban(&Params::default(), &w) else {
        panic!("expected a first move");
    };
    let ahead = dir.step(w.player);
    put_monster(&mut w, ahead, 'o', 0, "Uruk-hai");
    read_elbereth(&mut w, 6162);
    let outcome = tick_node(keeping(), |n| &mut n.sokoban, &w);
    let LeafOutcome::Act(Action::Search { count: 1 }, why) = &outcome else {
        panic!("a wait on the Elbereth, not {outcome:?}");
    };
    assert!(why.contains("verified Elbereth"), "{why}");
    let old = tick_node(SokobanLeaf::default(), |n| &mut n.sokoban, &w);
    assert!(
        matches!(&old, LeafOutcome::Act(Action::Fight { dir: d } | Action::Move { dir: d }, _) if *d == dir),
        "without keep_elbereth the Uruk-hai in the way is struck: {old:?}"
    );
}
