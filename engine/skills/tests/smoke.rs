mod common;
use common::*;
use nhbot_world::Action;

/// The default tree, `trees/main.yaml`.
fn default_bot() -> nhbot_bt::TreeBot {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../trees/main.yaml");
    nhbot_bt::TreeBot::load(nhbot_skills::registry(), &root)
        .unwrap_or_else(|d| panic!("{}", render(&d)))
}

#[test]
fn default_tree_loads_and_decides() {
    let mut bot = default_bot();
    let mut w = world();
    w.turn = 100;
    let d = bot.decide(&w);
    assert_eq!(
        d.path, "root/dungeons/play/search_now_and_then/search#1",
        "{d:?}"
    );
    // Nothing to explore in this world and not ready to go deeper (XL 1 on Dlvl 1): camp.
    w.turn = 101;
    let d = bot.decide(&w);
    assert_eq!(d.action, Action::Search { count: 10 }, "{d:?}");
    assert_eq!(d.path, "root/dungeons/play/camp/search#1");
}

/// Seed 7's bottom level: robbed of its rations by a nymph, the bot rested on Elbereth among
/// monsters for 600 turns, too soon after a prayer to pray again, and died fainted with a
/// banana in the pack. Weak from hunger, it eats first.
#[test]
fn weak_from_hunger_eats_before_resting_on_elbereth() {
    let mut bot = default_bot();
    let mut w = world();
    w.turn = 800;
    w.last_prayer_turn = Some(461);
    w.status.hp = 5;
    w.status.hp_max = 31;
    let mut banana = nhbot_world::parse_inventory_line("i - an uncursed banana").unwrap();
    banana.class = "Comestibles".into();
    w.inventory = vec![banana];
    let me = w.player;
    w.monsters = vec![nhbot_world::Monster {
        pos: nhbot_world::Pos::new(me.x + 1, me.y),
        ch: 'M',
        color: 1,
        first_seen: 790,
        last_seen: 800,
        name: None,
        peaceful: Some(false),
        tame: false,
        mimic: false,
        hallucinated: false,
        struck_us: None,
        still_since: 0,
    }];
    w.messages = vec!["You read: \"Elbereth\".".into()];
    let fed = bot.decide(&w);
    w.status.hunger = nhbot_world::Hunger::Weak;
    let weak = bot.decide(&w);
    assert!(
        fed.reason.starts_with("resting on a verified Elbereth"),
        "{fed:?}"
    );
    assert_eq!(weak.action, Action::Eat { item: Some('i') }, "{weak:?}");
}
