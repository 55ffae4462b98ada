//! `fetch.rs`: the weapons drawn on the level, fetched for a siege with nothing to throw.

use super::*;
use crate::sokoban::fetch::WeaponFetch;
use nhbot_world::{Encumbrance, Pick};

/// A `)` in reach is walked to and its weapons picked up on arrival, once; burdened, none is
/// fetched.
#[test]
fn a_weapon_in_reach_is_walked_to_and_picked_up_once() {
    let mut w = world_with_map("soko4-2", Pos::new(32, 5));
    let at = locate(&w.view, None).expect("soko4-2");
    let t = at.template();
    let spot = t.width + 5; // row 1, column 5
    assert_eq!(t.char_at(spot), '.', "a floor square east of the stairs");
    let weapon = at.pos(spot);
    set(&mut w, weapon, ')');
    observe_screen(&mut w, &[]);

    let mut burdened = w.clone();
    burdened.status.encumbrance = Encumbrance::Burdened;
    assert!(WeaponFetch::default().start(&burdened, at).is_none());

    let mut fetch = WeaponFetch::default();
    match fetch.start(&w, at) {
        Some(LeafOutcome::Act(Action::Move { .. } | Action::Travel { .. }, why)) => {
            assert!(why.contains("fetching the weapon"), "{why}")
        }
        other => panic!("{other:?}"),
    }
    let start = w.player;
    set(&mut w, start, '>');
    w.player = weapon;
    set(&mut w, weapon, '@');
    observe_screen(&mut w, &["You see here a dagger."]);
    assert_eq!(
        fetch.keep_on(&w, at),
        Some(LeafOutcome::Act(
            Action::Pickup {
                what: Pick::Classes(")".into())
            },
            "soko4-2: picking up the weapons here to throw over the boulder".into()
        ))
    );
    assert!(fetch.keep_on(&w, at).is_none(), "the fetch is over");
    assert!(fetch.start(&w, at).is_none(), "no other weapon drawn");
}
