//! Potions on the real game, in wizard mode (-D), issue 27 ("quaff potions the KB says heal when
//! low"): scenes set with ^W (wish), ^G (create a monster) and ^V (level teleport, leaving the
//! pet behind), then the tree decides with the game's knowledge base installed and fed as
//! `run::play` feeds it.
//!
//! (a) The action layer: potions whose effects show a --More--, a window or a "Call a ...:"
//! question (enlightenment, object and monster detection, an unknown fruit juice) are drunk and
//! the game is back at its command prompt with no unknown prompt.
//! (b) Hurt below a third of max HP by jackals, with potions of healing the game names: the
//! default tree drinks one (`quaff_to_heal`, the reason saying the game names it) and HP rises.
//! (c) Unknown potions (healing, fruit juice) at full HP, alone: the tree with `test_unknown`
//! placed drinks them; the discoveries list read after the first teaches the KB its name, and
//! the juice, left unnamed by the game, is told to the KB as no healing potion.
//!
//! POTION_DEBUG=1 prints every decision with its messages.

mod item_scene;

use item_scene::{repo, shown, summary, tree_with, Scene, Step};
use nhbot_agent::kbfeed::KbFeed;
use nhbot_agent::observer::LoopObserver;
use nhbot_bt::{KbQuery, TreeBot};
use nhbot_world::Action;
use std::path::Path;

/// The tree at `tree` with `kb` installed, run for at most `max` decisions or until `stop`, the
/// KB fed as `run::play` feeds it ([`Scene::tree_step_fed`]).
fn run_tree(
    s: &mut Scene,
    kb: &mut KbFeed,
    tree: &Path,
    max: usize,
    stop: impl Fn(&Scene, &[Step]) -> bool,
) -> Vec<Step> {
    let mut bot = TreeBot::load(nhbot_skills::registry(), tree).expect("the tree loads");
    bot.set_kb(Box::new(kb.clone()));
    s.run_steps(&mut bot, max, "POTION_DEBUG", stop, |s, bot| {
        s.tree_step_fed(bot, kb)
    })
}

/// A fresh KB fed from the scene's game as it stands (the pack as the loop's first pass sees it).
fn kb_for(s: &Scene) -> KbFeed {
    let mut kb = KbFeed::open(&s.dir.join("facts.jsonl")).expect("facts file opens");
    assert!(kb.on_frame(s.world(), &[]).is_empty());
    kb
}

/// Potions whose effects show a window, a --More-- or a naming question: each is drunk and the
/// game is back at its prompt (`Scene::act` fails on an unknown prompt or a pending window).
#[test]
fn potions_with_windows_and_questions_are_drunk_to_the_end() {
    let mut s = Scene::start("potion-windows", 3);
    s.step_onto_floor();
    for (wish, said) in [
        (
            "uncursed potion of enlightenment",
            "You feel self-knowledgeable...",
        ),
        (
            "uncursed potion of object detection",
            "You detect the presence of objects.",
        ),
        ("uncursed potion of monster detection", ""),
        ("uncursed potion of fruit juice", "This tastes like"),
        ("uncursed potion of see invisible", "This tastes like"),
    ] {
        let letter = s.wish(wish);
        let messages = s.act(Action::Quaff { item: Some(letter) });
        assert!(s.item(letter).is_none(), "{wish}: {}", s.inventory());
        assert!(shown(&messages, said), "{wish}: {messages:?}");
    }
}

/// Hurt below a third of max HP (and above the prayer's fifth) by jackals next to us, with two
/// potions of healing the game names: the default tree drinks one, saying the game names it, and
/// HP rises.
#[test]
fn hurt_below_a_third_in_a_fight_drinks_a_named_potion_of_healing() {
    let mut s = Scene::start("potion-heal", 7);
    s.leave_the_pet(2);
    // Max HP up (blessed full healing at full HP: +8 each), so that a third of it lies well
    // above the prayer's trouble line (5, or a fifth of max).
    for _ in 0..2 {
        let full = s.wish("blessed potion of full healing");
        s.act(Action::Quaff { item: Some(full) });
    }
    let heal = s.wish("3 uncursed potions of healing");
    // One drunk names the kind: the game lists the rest as potions of healing.
    s.act(Action::Quaff { item: Some(heal) });
    let named = s.item(heal).expect("two left").clone();
    assert!(
        named.text.contains("potions of healing"),
        "{}",
        s.inventory()
    );
    let max = s.world().status.hp_max;
    assert!(max >= 30, "max HP {max}");
    let in_window = |hp: i32| hp * 3 < max && hp * 5 > max && hp > 6;
    s.bitten_until('d', "jackal", in_window);
    let hp = s.world().status.hp;
    assert!(in_window(hp), "HP {hp}/{max}\n{}", s.screen());
    assert!(s.adjacent_monster('d').is_some(), "{}", s.screen());

    let mut kb = kb_for(&s);
    let tree = repo().join("trees/main.yaml");
    let steps = run_tree(&mut s, &mut kb, &tree, 6, |_, steps| {
        steps
            .last()
            .is_some_and(|st| matches!(st.decision.action, Action::Quaff { .. }))
    });
    let report = summary(&steps);
    let drink = steps
        .iter()
        .find(|st| matches!(st.decision.action, Action::Quaff { .. }))
        .unwrap_or_else(|| panic!("never drank:\n{report}"));
    assert_eq!(
        drink.decision.action,
        Action::Quaff { item: Some(heal) },
        "{report}"
    );
    assert!(
        drink.decision.path.ends_with("quaff_to_heal")
            && drink.decision.reason.contains("the game names it"),
        "{report}"
    );
    assert!(
        shown(&drink.messages, "You feel better."),
        "{report}\n{}",
        s.screen()
    );
    assert!(
        s.world().status.hp > drink.before.status.hp,
        "HP {} after drinking at {}:\n{report}",
        s.world().status.hp,
        drink.before.status.hp
    );
    assert_eq!(s.item(heal).map(|i| i.count), Some(1), "{}", s.inventory());
}

/// An unknown potion of healing and one of fruit juice, full HP, alone on Dlvl 2: the tree with
/// `test_unknown` in gear_up drinks both; the discoveries list read after the first teaches the KB
/// that its appearance is healing, and the juice (the game leaves it unnamed: "This tastes like
/// ...") is told to the KB as no healing potion, with the drink as the reason.
#[test]
fn unknown_potions_drink_tested_teach_the_kb() {
    let mut s = Scene::start("potion-test", 5);
    s.leave_the_pet(2);
    let unknown = |s: &mut Scene, wish: &str| {
        let letter = s.wish(wish);
        let text = s.item(letter).expect("the potion").text.clone();
        let app = nhbot_kb::parse_item(&text)
            .unwrap_or_else(|| panic!("the wish named it: {text}"))
            .appearance;
        (letter, app)
    };
    let (heal, heal_app) = unknown(&mut s, "uncursed potion of healing");
    let (juice, juice_app) = unknown(&mut s, "uncursed potion of fruit juice");
    let mut kb = kb_for(&s);
    assert!(kb.identity(&heal_app).is_none());
    assert!(kb.could_be(&juice_app, "healing"));
    let tree = tree_with(
        &s.dir.join("variant"),
        "gear.yaml",
        "          - lua: {file: scripts/potions.lua, name: pick_up_potions, function: pick_up}\n",
        "          - lua: {file: scripts/potions.lua, name: test_potions, function: test_unknown}\n",
    );
    let learnt = |kb: &KbFeed| {
        // Healing itself is ruled out for the juice once the other appearance is named it.
        kb.identity(&heal_app).is_some() && !kb.could_be(&juice_app, "extra healing")
    };
    let feed = kb.clone();
    let steps = run_tree(&mut s, &mut kb, &tree, 40, |_, _| learnt(&feed));
    let report = summary(&steps);
    for letter in [heal, juice] {
        let drink = steps
            .iter()
            .find(|st| st.decision.action == Action::Quaff { item: Some(letter) })
            .unwrap_or_else(|| panic!("never drank {letter}:\n{report}"));
        assert!(drink.decision.path.ends_with("test_potions"), "{report}");
        assert!(
            drink.decision.reason.starts_with("drink-testing"),
            "{report}"
        );
    }
    assert!(
        steps.iter().any(
            |st| matches!(&st.decision.action, Action::Keys { keys } if keys == "\\")
                && st.decision.reason.contains(&heal_app)
        ),
        "never read the discoveries:\n{report}"
    );
    assert_eq!(
        kb.identity(&heal_app).as_deref(),
        Some("healing"),
        "{:?}\n{report}",
        kb.why(&heal_app)
    );
    assert!(!kb.could_be(&juice_app, "extra healing"), "{report}");
    assert!(!kb.could_be(&juice_app, "full healing"), "{report}");
    let why = kb.why(&juice_app);
    assert!(
        why.iter().any(|w| w.contains("still unnamed")),
        "{why:?}\n{report}"
    );
}
