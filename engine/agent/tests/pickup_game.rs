//! Picking up by object on the real game, in wizard mode: piles made of wished objects, the
//! pick-up menu answered by name, pile index, class or all (never by guessed letters), on one
//! page or several, and an object that would burden us left on the floor.

mod item_scene;

use item_scene::{shown, Scene};
use nhbot_world::{Action, Item, Pick};

/// The objects of the last `:` look, top first.
fn pile(said: &[String]) -> Vec<String> {
    let at = said
        .iter()
        .position(|m| m == "Things that are here:")
        .unwrap_or_else(|| panic!("no pile listed: {said:?}"));
    said[at + 1..].to_vec()
}

/// A pile of a dagger, a food ration, two scrolls and a ring: `:` lists it top first (the
/// last dropped), the pick-up menu by class. By name takes exactly the dagger, by index the
/// object `:` listed there, by class the ring, and all the rest.
#[test]
fn objects_of_a_pile_are_picked_up_by_name_index_class_and_all() {
    let mut s = Scene::start("pickup", 3);
    s.step_onto_floor();
    let scrolls = s.wish("2 uncursed scrolls of light");
    let ring = s.wish("uncursed ring of adornment");
    for item in ['b', 'd', scrolls, ring] {
        s.act(Action::Drop { item, count: None });
    }
    // No look yet: an index names nothing, nothing is taken, and the warning says why.
    s.act_quietly(Action::Pickup {
        what: Pick::Index(1),
    });
    let warnings = s.runner.session.take_warnings();
    assert!(
        warnings.len() == 1 && warnings[0].contains("look with `:` first"),
        "{warnings:?}"
    );
    assert!(s.find("ring").is_none(), "{}", s.inventory());
    let said = s.act(Action::Look);
    let listed = pile(&said);
    assert_eq!(listed.len(), 4, "{listed:?}");
    assert!(
        listed[0].contains("ring"),
        "the last dropped is on top: {listed:?}"
    );
    assert!(listed[3].contains("dagger"), "{listed:?}");

    let said = s.act(Action::Pickup {
        what: Pick::Named("dagger".into()),
    });
    assert!(s.find("dagger").is_some(), "{said:?}\n{}", s.inventory());
    assert!(s.find("food ration").is_none(), "{}", s.inventory());
    assert!(s.find("scroll").is_none() && s.find("ring").is_none());
    let said = s.act(Action::Look);
    let listed = pile(&said);
    assert_eq!(listed.len(), 3, "{listed:?}");

    // The second object of the look, whatever its class's place in the menu.
    let second = listed[1].clone();
    s.act(Action::Pickup {
        what: Pick::Index(2),
    });
    let taken: Vec<&Item> = s
        .world()
        .inventory
        .iter()
        .filter(|i| i.text == second)
        .collect();
    assert_eq!(taken.len(), 1, "{second:?} taken:\n{}", s.inventory());
    let said = s.act(Action::Look);
    let left = pile(&said);
    assert_eq!(left.len(), 2, "{left:?}");
    assert!(!left.contains(&second), "{left:?}");

    s.act(Action::Pickup {
        what: Pick::Classes("=".into()),
    });
    assert!(s.find("ring").is_some(), "{}", s.inventory());
    let said = s.act(Action::Look);
    assert!(!shown(&said, "ring"), "{said:?}");

    s.act(Action::Pickup { what: Pick::All });
    for what in ["dagger", "food ration", "2 scrolls labeled", "ring"] {
        assert!(s.find(what).is_some(), "{what}:\n{}", s.inventory());
    }
    let said = s.act(Action::Look);
    assert!(shown(&said, "no objects here"), "{said:?}");
}

/// A pick-up menu of several pages (32 objects): by name and by class the choice is made on
/// every page.
#[test]
fn a_pick_up_menu_of_several_pages_is_answered_page_by_page() {
    let mut s = Scene::start("pickup-pages", 3);
    s.step_onto_floor();
    let scrolls = [
        "identify",
        "light",
        "enchant weapon",
        "enchant armor",
        "remove curse",
        "teleportation",
        "gold detection",
        "food detection",
        "magic mapping",
        "fire",
        "confuse monster",
        "destroy armor",
        "create monster",
        "earth",
        "taming",
        "charging",
    ];
    let rings = [
        "adornment",
        "protection",
        "regeneration",
        "searching",
        "stealth",
        "warning",
        "aggravate monster",
        "hunger",
    ];
    let wands = [
        "striking",
        "digging",
        "light",
        "nothing",
        "opening",
        "locking",
        "probing",
        "undead turning",
    ];
    let wished: Vec<String> = scrolls
        .iter()
        .map(|n| format!("uncursed scroll of {n}"))
        .chain(rings.iter().map(|n| format!("uncursed ring of {n}")))
        .chain(wands.iter().map(|n| format!("uncursed wand of {n}")))
        .collect();
    for what in &wished {
        let letter = s.wish(what);
        s.act(Action::Drop {
            item: letter,
            count: None,
        });
    }
    let said = s.act(Action::Look);
    assert_eq!(pile(&said).len(), 32, "{said:?}");
    let count = |s: &Scene, class: &str| {
        s.world()
            .inventory
            .iter()
            .filter(|i| i.class == class)
            .count()
    };
    s.act(Action::Pickup {
        what: Pick::Named("wand".into()),
    });
    assert_eq!(count(&s, "Wands"), 8, "{}", s.inventory());
    assert_eq!(
        count(&s, "Rings") + count(&s, "Scrolls"),
        0,
        "{}",
        s.inventory()
    );
    s.act(Action::Pickup {
        what: Pick::Classes("?".into()),
    });
    assert_eq!(count(&s, "Scrolls"), 16, "{}", s.inventory());
    assert_eq!(count(&s, "Rings"), 0, "{}", s.inventory());
    s.act(Action::Pickup { what: Pick::All });
    assert_eq!(count(&s, "Rings"), 8, "{}", s.inventory());
}

/// Two plate mails on the floor: the first is picked up, the second would burden us, so the
/// game asks ("You have a little trouble lifting ...  Continue?") and it is left.
#[test]
fn an_object_that_would_burden_us_is_left_on_the_floor() {
    let mut s = Scene::start("burden", 3);
    s.step_onto_floor();
    for _ in 0..2 {
        let mail = s.wish("uncursed +0 plate mail");
        s.act(Action::Drop {
            item: mail,
            count: None,
        });
    }
    let said = s.act(Action::Pickup { what: Pick::All });
    assert!(shown(&said, "Continue?"), "{said:?}");
    let mails = s
        .world()
        .inventory
        .iter()
        .filter(|i| i.text.contains("plate mail"))
        .count();
    assert_eq!(mails, 1, "{}", s.inventory());
    let said = s.act(Action::Look);
    assert!(shown(&said, "You see here a plate mail."), "{said:?}");
}
