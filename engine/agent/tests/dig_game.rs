//! A wand of digging zapped down on the real game, in wizard mode (-D): scripts/dig_escape.lua.
//! A wished wand is engrave-tested first ("Gravel flies up": the game names it), then:
//!
//! (a) `dig_escape`: HP brought to a fifth of max (above the prayer's trouble line) by potions of
//! sickness and a giant rat's bites, the rat next to us, no safe prayer (the game's first
//! turns: the starting timeout is 300): the default tree zaps the wand down, saying why, and we
//! land one level deeper.
//! (b) The same wand at full HP with newts next to us (harmless): no zap.
//!
//! DIG_DEBUG=1 prints every decision with its messages.

mod item_scene;

use item_scene::{repo, shown, summary, Scene, Step};
use nhbot_bt::TreeBot;
use nhbot_world::{Action, Dir};

/// A wished wand of digging the game names, after an engrave test: its letter.
fn named_digging_wand(s: &mut Scene) -> char {
    let wand = s.wish("wand of digging");
    let messages = s.act(Action::Engrave {
        text: "x".into(),
        with: Some(wand),
    });
    assert!(
        shown(&messages, "gravel flies up") || shown(&messages, "Gravel flies up"),
        "{messages:?}"
    );
    let named = s.item(wand).expect("the wand").text.clone();
    assert!(named.contains("wand of digging"), "{}", s.inventory());
    wand
}

/// The default tree for at most `max` decisions, or until a zap.
fn run_until_zap(s: &mut Scene, max: usize) -> Vec<Step> {
    let mut bot =
        TreeBot::load(nhbot_skills::registry(), &repo().join("trees/main.yaml")).expect("loads");
    let zapped = |_: &Scene, steps: &[Step]| {
        steps
            .last()
            .is_some_and(|st| matches!(st.decision.action, Action::Zap { .. }))
    };
    s.run_steps(&mut bot, max, "DIG_DEBUG", zapped, Scene::tree_step)
}

#[test]
fn losing_next_to_a_hostile_without_a_safe_prayer_digs_down() {
    let mut s = Scene::start("dig-escape", 11);
    s.leave_the_pet(3);
    let wand = named_digging_wand(&mut s);
    // Max HP up (blessed full healing at full HP: +8 each), so that a fifth of it lies above
    // the prayer's trouble line (a seventh) by more than a giant rat's bite (1d3).
    for _ in 0..12 {
        let full = s.wish("blessed potion of full healing");
        s.act(Action::Quaff { item: Some(full) });
    }
    let max = s.world().status.hp_max;
    assert!(max >= 100, "max HP {max}");
    // At most a fifth of max, above the prayer's trouble line (a seventh, or 5).
    let in_window = |hp: i32| hp * 5 <= max && hp * 7 > max && hp > 5;
    // Potions of sickness (1d10 each) down to 10 above the window, then a giant rat's bites.
    while s.world().status.hp > max / 5 + 10 {
        let sick = s.wish("uncursed potion of sickness");
        s.act(Action::Quaff { item: Some(sick) });
    }
    s.bitten_until('r', "giant rat", in_window);
    let hp = s.world().status.hp;
    assert!(in_window(hp), "HP {hp}/{max}\n{}", s.screen());
    assert!(s.adjacent_monster('r').is_some(), "{}", s.screen());
    assert!(!s.world().can_pray_safely(), "turn {}", s.world().turn);
    let depth = s.world().status.dlvl;

    let steps = run_until_zap(&mut s, 4);
    let report = summary(&steps);
    let zap = steps
        .iter()
        .find(|st| matches!(st.decision.action, Action::Zap { .. }))
        .unwrap_or_else(|| panic!("never zapped:\n{report}\n{}", s.screen()));
    assert_eq!(
        zap.decision.action,
        Action::Zap {
            item: wand,
            dir: Dir::Down
        },
        "{report}"
    );
    assert!(
        zap.decision.path.ends_with("dig_escape") && zap.decision.reason.contains("no safe prayer"),
        "{report}"
    );
    assert_eq!(
        s.world().status.dlvl,
        depth + 1,
        "{report}\n{:?}\n{}",
        zap.messages,
        s.screen()
    );
}

#[test]
fn a_fight_with_harmless_newts_at_full_hp_digs_nothing() {
    let mut s = Scene::start("dig-calm", 12);
    s.leave_the_pet(3);
    named_digging_wand(&mut s);
    // Max HP well above what this level's wanderers (a goblin or two) can take in 12 decisions.
    for _ in 0..6 {
        let full = s.wish("blessed potion of full healing");
        s.act(Action::Quaff { item: Some(full) });
    }
    for _ in 0..2 {
        s.keys("\x07newt\r");
    }
    let depth = s.world().status.dlvl;
    let steps = run_until_zap(&mut s, 12);
    let report = summary(&steps);
    assert!(
        !steps
            .iter()
            .any(|st| matches!(st.decision.action, Action::Zap { .. })),
        "{report}"
    );
    assert_eq!(s.world().status.dlvl, depth, "{report}");
}
