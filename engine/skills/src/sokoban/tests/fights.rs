//! The node's own blows (`fight_step` and the strike back at an attacker) with `keep_elbereth`.

use super::*;

/// soko4-1 with the hero on its `>` at HP 2/51, a spotted jelly north of it and "It hits!"
/// (something unseen struck): a blow at the jelly would splash acid for more than 2.
fn hurt_beside_a_spotted_jelly() -> World {
    let mut w = world_with_map("soko4-1", Pos::new(32, 5));
    (w.status.hp, w.status.hp_max, w.status.xl) = (2, 51, 5);
    let north = Dir::N.step(w.player);
    set(&mut w, north, 'j');
    w.monsters = vec![Monster {
        pos: north,
        ch: 'j',
        color: 2,
        name: Some("spotted jelly".into()),
        ..Monster::default()
    }];
    w.messages = vec!["It hits!".into()];
    w
}

/// Bench seed 101 of session 23: at HP 2/51 the node struck back at a spotted jelly and died
/// of its acid. With `keep_elbereth` the jelly (a monster never meleed) is not struck.
#[test]
fn a_passive_monster_is_not_struck_back_at_with_keep_elbereth() {
    let w = hurt_beside_a_spotted_jelly();
    NODES.with(|n| *n.borrow_mut() = Nodes::default());
    let old = tick_node(SokobanLeaf::default(), |n| &mut n.sokoban, &w);
    assert_eq!(
        old,
        LeafOutcome::Act(
            Action::Fight { dir: Dir::N },
            "soko4-1: striking back at `j`".into()
        ),
        "without keep_elbereth, as before"
    );
    NODES.with(|n| *n.borrow_mut() = Nodes::default());
    let keep = SokobanLeaf {
        keep_elbereth: true,
        ..SokobanLeaf::default()
    };
    let outcome = tick_node(keep, |n| &mut n.sokoban, &w);
    assert!(
        !matches!(
            &outcome,
            LeafOutcome::Act(Action::Fight { .. } | Action::Move { dir: Dir::N }, _)
        ),
        "{outcome:?}"
    );
}

/// Bench seed 52 of session 23: resting on an Elbereth it had just read back, the node struck
/// an Uruk-hai next to it (the blow erases the engraving) and the hero died. With
/// `keep_elbereth` no blow comes from a verified Elbereth; without it, as before.
#[test]
fn no_blow_from_a_verified_elbereth_with_keep_elbereth() {
    let mut w = world_with_map("soko4-1", Pos::new(32, 5));
    (w.status.hp, w.status.hp_max, w.status.xl) = (25, 67, 7);
    w.turn = 6162;
    let north = Dir::N.step(w.player);
    set(&mut w, north, 'o');
    w.monsters = vec![Monster {
        pos: north,
        ch: 'o',
        color: 0,
        name: Some("Uruk-hai".into()),
        ..Monster::default()
    }];
    w.history.push(nhbot_world::Said {
        turn: 6162,
        decision: w.decisions,
        text: "Something is written here in the dust.  You read: \"Elbereth\".".into(),
    });
    w.messages = vec!["The Uruk-hai hits!".into()];
    NODES.with(|n| *n.borrow_mut() = Nodes::default());
    let old = tick_node(SokobanLeaf::default(), |n| &mut n.sokoban, &w);
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
    NODES.with(|n| *n.borrow_mut() = Nodes::default());
    let keep = SokobanLeaf {
        keep_elbereth: true,
        ..SokobanLeaf::default()
    };
    let outcome = tick_node(keep, |n| &mut n.sokoban, &w);
    assert!(
        !matches!(
            &outcome,
            LeafOutcome::Act(Action::Fight { .. } | Action::Move { dir: Dir::N }, _)
        ),
        "{outcome:?}"
    );
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
    set(&mut w, ahead, 'o');
    w.monsters = vec![Monster {
        pos: ahead,
        ch: 'o',
        name: Some("Uruk-hai".into()),
        ..Monster::default()
    }];
    w.turn = 6162;
    w.history.push(nhbot_world::Said {
        turn: 6162,
        decision: w.decisions,
        text: "Something is written here in the dust.  You read: \"Elbereth\".".into(),
    });
    let keep = SokobanLeaf {
        keep_elbereth: true,
        ..SokobanLeaf::default()
    };
    let outcome = tick_node(keep, |n| &mut n.sokoban, &w);
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
