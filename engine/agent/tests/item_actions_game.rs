//! Item actions on the real game, in wizard mode (-D): each scenario sets its scene with wizard
//! commands (^W wish, ^G create monster) and carries out `Action`s through `Runner::act`, as the
//! game loop does. Every action must reach its outcome in the game (a message, an inventory
//! change, a worn or wielded status) with every prompt it implies answered by the action
//! itself: no unknown-prompt warning, no abandoned action.

mod item_scene;

use item_scene::{shown, Scene};
use nhbot_world::{Action, Dir, World};

/// Wear and take off: with the shield still on, `T` asks which piece.
#[test]
fn armour_is_worn_and_taken_off() {
    let mut s = Scene::start("armour", 3);
    let mail = s.wish("blessed +0 ring mail");
    assert!(!s.item(mail).expect("the mail").worn);
    let said = s.act(Action::Wear { item: mail });
    assert!(
        shown(&said, "You finish your dressing maneuver."),
        "{said:?}"
    );
    assert!(s.item(mail).expect("the mail").worn, "{}", s.inventory());
    let said = s.act(Action::TakeOff { item: mail });
    assert!(shown(&said, "You finish taking off your mail."), "{said:?}");
    assert!(!s.item(mail).expect("the mail").worn, "{}", s.inventory());
    assert!(s.find("small shield").expect("the shield").worn);
}

/// Two rings: the first asks which hand (right), the second goes on the other unasked; with
/// both on, `R` asks which to remove, and the last one comes off unasked.
#[test]
fn two_rings_are_put_on_and_removed() {
    let mut s = Scene::start("rings", 3);
    let first = s.wish("blessed +1 ring of adornment");
    let second = s.wish("blessed +1 ring of adornment");
    let said = s.act(Action::PutOn { item: first });
    assert!(
        shown(&said, "Which ring-finger, Right or Left?"),
        "{said:?}"
    );
    assert!(
        s.item(first).unwrap().text.contains("(on right hand)"),
        "{}",
        s.inventory()
    );
    s.act(Action::PutOn { item: second });
    assert!(
        s.item(second).unwrap().text.contains("(on left hand)"),
        "{}",
        s.inventory()
    );
    let said = s.act(Action::Remove { item: first });
    assert!(shown(&said, "What do you want to remove?"), "{said:?}");
    assert!(
        !s.item(first).unwrap().text.contains("hand)"),
        "{}",
        s.inventory()
    );
    assert!(
        s.item(second).unwrap().text.contains("(on left hand)"),
        "{}",
        s.inventory()
    );
    s.act(Action::Remove { item: second });
    assert!(
        !s.item(second).unwrap().text.contains("hand)"),
        "{}",
        s.inventory()
    );
}

/// A wand of striking zapped at a lichen created next to us kills it.
#[test]
fn a_wand_is_zapped_at_a_monster() {
    let mut s = Scene::start("zap", 3);
    let wand = s.wish("wand of striking");
    s.keys("\x07lichen\r");
    let dir = s.adjacent_monster('F').expect("a lichen next to us");
    let said = s.act(Action::Zap { item: wand, dir });
    assert!(shown(&said, "You kill the lichen!"), "{said:?}");
    assert!(s.adjacent_monster('F').is_none(), "{}", s.screen());
    // Into the empty air: the direction is still asked and answered.
    let turn = s.world().turn;
    s.act(Action::Zap {
        item: wand,
        dir: Dir::N,
    });
    assert!(s.world().turn > turn, "the zap took a turn");
}

/// A potion from the pack, and from a fountain (wizard-mode terrain wish): at a fountain the
/// pack potion declines the fountain, and no letter drinks from it.
#[test]
fn potions_and_fountains_are_quaffed() {
    let mut s = Scene::start("quaff", 3);
    s.step_onto_floor();
    let water = s.wish("2 uncursed potions of water");
    let said = s.act(Action::Quaff { item: Some(water) });
    assert!(shown(&said, "This tastes like water."), "{said:?}");
    assert_eq!(s.item(water).unwrap().count, 1, "{}", s.inventory());
    s.keys("\x17fountain\r");
    let said = s.act(Action::Quaff { item: Some(water) });
    assert!(shown(&said, "Drink from the fountain?"), "{said:?}");
    assert!(shown(&said, "This tastes like water."), "{said:?}");
    assert!(s.item(water).is_none(), "{}", s.inventory());
    let said = s.act(Action::Quaff { item: None });
    assert!(shown(&said, "Drink from the fountain?"), "{said:?}");
    assert!(!shown(&said, "What do you want to drink?"), "{said:?}");
}

/// Identify with two unknown items asks which first (the first one is chosen); light lights.
#[test]
fn scrolls_are_read() {
    let mut s = Scene::start("read", 3);
    let potion = s.wish("uncursed potion of sleeping");
    s.wish("wand of digging");
    let id = s.wish("uncursed scroll of identify");
    let before = s.item(potion).unwrap().text.clone();
    assert!(!before.contains("sleeping"), "{before}");
    let said = s.act(Action::Read { item: id });
    assert!(shown(&said, "This is an identify scroll."), "{said:?}");
    let after = s.item(potion).unwrap().text.clone();
    assert!(after.contains("potion of sleeping"), "{before} -> {after}");
    let light = s.wish("uncursed scroll of light");
    let said = s.act(Action::Read { item: light });
    assert!(shown(&said, "A lit field surrounds you!"), "{said:?}");
    assert!(s.item(light).is_none());
}

/// A pick-axe digs a pit, then a hole down to the next level; and sideways into a wall.
#[test]
fn a_pick_axe_digs_down_and_sideways() {
    let mut s = Scene::start("dig", 3);
    s.step_onto_floor();
    let axe = s.wish("pick-axe");
    let said = s.act(Action::Apply {
        item: axe,
        dir: Some(Dir::Down),
    });
    assert!(shown(&said, "You dig a pit in the floor."), "{said:?}");
    let said = s.act(Action::Apply {
        item: axe,
        dir: Some(Dir::Down),
    });
    assert!(
        shown(&said, "You dig a hole through the floor."),
        "{said:?}"
    );
    assert_eq!(s.world().status.dlvl, 2, "{}", s.screen());
    // Walk to the nearest wall of the room straight across its floor, and dig through it.
    let (dir, steps) = nearest_wall(s.world()).unwrap_or_else(|| panic!("{}", s.screen()));
    for _ in 0..steps {
        s.act(Action::Move { dir });
    }
    let wall = dir.step(s.world().player);
    assert!(is_wall(s.world(), wall), "{}", s.screen());
    let mut said = Vec::new();
    for _ in 0..5 {
        // An interrupted dig goes on where it stopped.
        said = s.act(Action::Apply {
            item: axe,
            dir: Some(dir),
        });
        if !is_wall(s.world(), wall) {
            break;
        }
    }
    assert!(
        shown(&said, "You make an opening in the wall."),
        "{said:?}\n{}",
        s.screen()
    );
}

fn is_wall(w: &World, p: nhbot_world::Pos) -> bool {
    w.view.get(p).is_some_and(|c| c.ch == '|' || c.ch == '-')
}

/// The orthogonal direction in which a wall is nearest across open floor, and the steps to
/// stand next to it.
fn nearest_wall(w: &World) -> Option<(Dir, usize)> {
    [Dir::N, Dir::S, Dir::E, Dir::W]
        .into_iter()
        .filter_map(|dir| {
            let mut p = w.player;
            for steps in 0..80 {
                let next = dir.step(p);
                if is_wall(w, next) {
                    return Some((dir, steps));
                }
                if w.view.get(next).is_none_or(|c| c.ch != '.') {
                    return None;
                }
                p = next;
            }
            None
        })
        .min_by_key(|(_, steps)| *steps)
}

/// Daggers: wielded, the wielded stack quivered (the game keeps one in hand), fired from the
/// quiver; a stack given to fire is readied first; dropped with and without a count.
#[test]
fn daggers_are_wielded_quivered_fired_and_dropped() {
    let mut s = Scene::start("daggers", 3);
    s.step_onto_floor();
    let daggers = s.wish("6 +0 daggers");
    s.act(Action::Wield {
        item: Some(daggers),
    });
    assert!(s.item(daggers).unwrap().wielded, "{}", s.inventory());
    let said = s.act(Action::Quiver { item: daggers });
    assert!(shown(&said, "Ready 5 of them?"), "{said:?}");
    let quivered = s
        .world()
        .inventory
        .iter()
        .find(|i| i.quivered)
        .unwrap_or_else(|| panic!("nothing quivered\n{}", s.inventory()))
        .clone();
    assert_eq!((quivered.count, s.item(daggers).unwrap().count), (5, 1));
    // Fire the quiver east, into the room.
    s.act(Action::Fire {
        dir: Dir::E,
        item: None,
    });
    let left = s.item(quivered.letter).map_or(0, |i| i.count);
    assert!(left < 5, "{}", s.inventory());
    // The quivered stack by its letter: fired as it is, no readying again.
    let said = s.act(Action::Fire {
        dir: Dir::E,
        item: Some(quivered.letter),
    });
    assert!(!shown(&said, "already readied"), "{said:?}");
    let left_now = s.item(quivered.letter).map_or(0, |i| i.count);
    assert!(left_now < left, "{}", s.inventory());
    let left = left_now;
    // Back to the sword; fire the dagger that stayed in hand's stack: it is readied, then
    // flies (and its letter leaves the pack).
    s.act(Action::Wield { item: Some('a') });
    assert!(s.item('a').unwrap().wielded);
    let said = s.act(Action::Fire {
        dir: Dir::E,
        item: Some(daggers),
    });
    assert!(s.item(daggers).is_none(), "{said:?}\n{}", s.inventory());
    assert_eq!(
        s.item(quivered.letter).map_or(0, |i| i.count),
        left,
        "the other stack stayed"
    );
    // Drop two of the stack (the wished ones join what is left of it), then the rest.
    let more = s.wish("4 +0 daggers");
    let before = s.item(more).unwrap().count;
    assert!(before >= 4, "{}", s.inventory());
    s.act(Action::Drop {
        item: more,
        count: Some(2),
    });
    assert_eq!(s.item(more).unwrap().count, before - 2, "{}", s.inventory());
    s.act(Action::Drop {
        item: more,
        count: None,
    });
    assert!(s.item(more).is_none(), "{}", s.inventory());
}

/// Asking for more than the stack holds: the game asks again and again; the engine cancels
/// after a few refusals instead of looping to the exchange limit.
#[test]
fn a_refused_answer_is_cancelled() {
    let mut s = Scene::start("refused", 3);
    let said = s.act_quietly(Action::Drop {
        item: 'b',
        count: Some(5),
    });
    let warnings = s.runner.session.take_warnings();
    assert!(
        warnings.len() == 1 && warnings[0].contains("refused"),
        "{warnings:?}\n{said:?}"
    );
    assert!(shown(&said, "You don't have that many!"), "{said:?}");
    assert_eq!(s.item('b').unwrap().count, 1, "the dagger is still ours");
    assert!(s.runner.session.frame.prompt.is_none());
}

/// #enhance with nothing to advance lists the skills and is closed quietly; after 20 hits
/// with an axe and a level gained (newts created with ^G), it advances the axe skill.
#[test]
fn skills_are_enhanced_after_training() {
    let mut s = Scene::start("enhance", 3);
    s.leave_the_pet(2);
    let said = s.act(Action::Enhance);
    assert!(shown(&said, "axe"), "the skills were listed: {said:?}");
    assert!(!shown(&said, "You are now"), "{said:?}");
    // Plate mail keeps the newts' bites rare while the unskilled axe misses.
    let mail = s.wish("blessed +5 plate mail");
    s.act(Action::Wear { item: mail });
    let axe = s.wish("uncursed +0 axe");
    s.act(Action::Wield { item: Some(axe) });
    let mut trained = false;
    for _ in 0..60 {
        let before = s.log.len();
        if s.world().status.hp < 8 {
            s.keys("20s");
        }
        s.keys("3\x07newt\r");
        s.fight_all(':', 60);
        if s.log[before..]
            .iter()
            .any(|m| m.contains("You feel more confident in your"))
        {
            trained = true;
            break;
        }
    }
    assert!(trained, "never ready to advance\n{:?}", s.log);
    let said = s.act(Action::Enhance);
    assert!(shown(&said, "You are now more skilled in axe."), "{said:?}");
}

/// #offer: a fresh newt corpse on an altar (wished under it in wizard mode) is consumed.
#[test]
fn a_fresh_corpse_is_offered_on_an_altar() {
    let mut s = Scene::start("offer", 3);
    s.leave_the_pet(2);
    let mut corpse = None;
    for _ in 0..12 {
        let kills = s.world().kills.len();
        s.keys("\x07newt\r");
        s.fight_all(':', 30);
        let Some(kill) = s.world().kills.get(kills).cloned() else {
            continue;
        };
        if let Some(at) = kill
            .pos
            .filter(|p| s.world().view.get(*p).is_some_and(|c| c.ch == '%'))
        {
            corpse = Some(at);
            break;
        }
    }
    let at = corpse.unwrap_or_else(|| panic!("no newt corpse\n{:?}", s.log));
    let dir = Dir::from_delta(at.x - s.world().player.x, at.y - s.world().player.y).unwrap();
    s.act(Action::Move { dir });
    assert_eq!(s.world().player, at);
    let said = s.keys("\x17neutral altar\r");
    assert!(shown(&said, "neutral altar"), "{said:?}");
    let said = s.act(Action::Offer { item: None });
    assert!(shown(&said, "sacrifice it?"), "{said:?}");
    assert!(shown(&said, "Your sacrifice is consumed"), "{said:?}");
}

/// #chat with the pet next to us.
#[test]
fn the_pet_is_chatted_with() {
    let mut s = Scene::start("chat", 3);
    for _ in 0..30 {
        let w = s.world();
        let pet = w.monsters.iter().find(|m| m.tame).and_then(|m| {
            let (dx, dy) = (m.pos.x - w.player.x, m.pos.y - w.player.y);
            (dx.abs() <= 1 && dy.abs() <= 1)
                .then(|| Dir::from_delta(dx, dy))
                .flatten()
        });
        if let Some(dir) = pet {
            let said = s.act(Action::Chat { dir, offer: None });
            assert!(shown(&said, "The little dog "), "{said:?}");
            return;
        }
        s.act(Action::Search { count: 1 });
    }
    panic!("the pet never came next to us\n{}", s.screen());
}

/// Engraving in the dust with fingers (read back with `:`), again over it (not added to), with
/// a wand (the engrave test), and with a dagger (engraved in the floor).
#[test]
fn engravings_are_made_with_fingers_a_wand_and_a_dagger() {
    let mut s = Scene::start("engrave", 3);
    s.step_onto_floor();
    let text = |text: &str| Action::Engrave {
        text: text.into(),
        with: None,
    };
    s.act(text("Elbereth"));
    let said = s.act(Action::Look);
    assert!(shown(&said, "You read: \"Elbereth\"."), "{said:?}");
    let said = s.act(text("Elbereth"));
    assert!(
        shown(&said, "Do you want to add to the current engraving?"),
        "{said:?}"
    );
    assert!(
        shown(
            &said,
            "You wipe out the message that was written in the dust here."
        ),
        "{said:?}"
    );
    let wand = s.wish("wand of striking");
    let said = s.act(Action::Engrave {
        text: "Elbereth".into(),
        with: Some(wand),
    });
    assert!(
        shown(
            &said,
            "The wand unsuccessfully fights your attempt to write!"
        ),
        "{said:?}"
    );
    let said = s.act(Action::Engrave {
        text: "Elbereth".into(),
        with: Some('b'),
    });
    assert!(shown(&said, "You engrave in the floor with"), "{said:?}");
    let said = s.act(Action::Look);
    assert!(shown(&said, "engraved here on the floor"), "{said:?}");
    assert!(shown(&said, "You read: \"Elbereth\"."), "{said:?}");
}
