//! `scripts/blind_and_hit.lua` on built worlds: blind without telepathy and losing to blows we
//! cannot see, it engraves Elbereth and holds the square; it steps aside when we see, when
//! winning, in prayer trouble, and after TRIES engravings in a row under blows.

mod common;
use common::scene::decide;
use common::*;
use nhbot_bt::TreeBot;
use nhbot_world::{Action, Condition, Said, World};

/// A bot with `scripts/blind_and_hit.lua` (its `hold` variant), then `search: 9` (the rest of
/// the tree).
fn bot(repo: &Repo) -> TreeBot {
    bot_with(repo, "hold")
}

/// The same with the variant `function` of the script.
fn bot_with(repo: &Repo, function: &str) -> TreeBot {
    let path = scripts_dir().join("blind_and_hit.lua");
    repo.script(
        "blind_and_hit.lua",
        &std::fs::read_to_string(&path).expect("blind_and_hit.lua"),
    );
    repo.tree(
        "main.yaml",
        &format!(
            "priority:\n  name: root\n  children:\n    \
             - lua: {{file: scripts/blind_and_hit.lua, name: blind_and_hit, function: {function}}}\n    \
             - search: 9\n"
        ),
    );
    repo.load("main.yaml")
}

fn struck(w: &mut World) {
    w.history.push(Said {
        turn: w.turn,
        decision: w.decisions,
        text: "It bites!".into(),
    });
}

fn blind_world(hp: i32) -> World {
    let mut w = world();
    (w.status.hp, w.status.hp_max, w.status.xl) = (hp, 60, 8);
    w.status.conditions.push(Condition::Blind);
    w
}

fn engraves(a: &Action) -> bool {
    matches!(a, Action::Engrave { text, with: None } if text == "Elbereth")
}

/// Blind at HP 20/60, bitten: Elbereth; then a turn later, searching one turn on it; bitten
/// again: Elbereth again (the first came out garbled), up to 4 in a row, then the next node
/// (the survive subtree fights), also between blows.
#[test]
fn blind_and_losing_engraves_holds_and_gives_up_after_four() {
    let repo = Repo::new("blind-hit");
    let mut bot = bot(&repo);
    let mut w = blind_world(20);
    struck(&mut w);
    let d = decide(&mut bot, &mut w);
    assert!(engraves(&d.action), "{:?}: {}", d.action, d.reason);
    assert!(d.reason.contains("HP 20/60"), "{}", d.reason);
    w.turn += 1;
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Search { count: 1 }, "{}", d.reason);
    for n in 2..=4 {
        w.turn += 1;
        struck(&mut w);
        let d = decide(&mut bot, &mut w);
        assert!(engraves(&d.action), "try {n}: {:?}: {}", d.action, d.reason);
        assert!(d.reason.contains(&format!("{n} of 4")), "{}", d.reason);
    }
    w.turn += 1;
    struck(&mut w);
    assert_eq!(decide(&mut bot, &mut w).action, Action::Search { count: 9 });
    w.turn += 1;
    assert_eq!(decide(&mut bot, &mut w).action, Action::Search { count: 9 });
}

/// An engraving that kept the blows off for more than 10 turns worked: a blow after that
/// starts a new count of tries instead of giving up.
#[test]
fn an_engraving_that_held_starts_a_new_count() {
    let repo = Repo::new("blind-held");
    let mut bot = bot(&repo);
    let mut w = blind_world(20);
    for _ in 0..4 {
        struck(&mut w);
        assert!(engraves(&decide(&mut bot, &mut w).action));
        w.turn += 1;
    }
    for _ in 0..12 {
        let d = decide(&mut bot, &mut w);
        // Held while the last blow is recent; later the next node (no `I` drawn here).
        assert!(is_search(&d.action), "{:?}", d.action);
        w.turn += 1;
    }
    struck(&mut w);
    let d = decide(&mut bot, &mut w);
    assert!(engraves(&d.action), "{:?}: {}", d.action, d.reason);
    assert!(d.reason.contains("1 of 4"), "{}", d.reason);
}

/// The leaf steps aside: seeing; telepathic; healthy and not losing HP fast (the survive
/// subtree strikes back); in prayer trouble (HP 5/60: it prays); with death at hand (the last
/// turn took half our HP or more: pray_when_desperate); not struck lately.
#[test]
fn the_leaf_steps_aside_when_it_should() {
    let repo = Repo::new("blind-aside");
    let mut bot = bot(&repo);
    let next = Action::Search { count: 9 };
    let mut seeing = blind_world(20);
    seeing.status.conditions.clear();
    struck(&mut seeing);
    assert_eq!(decide(&mut bot, &mut seeing).action, next, "seeing");
    let mut telepathic = blind_world(20);
    telepathic
        .intrinsics
        .insert(nhbot_world::intrinsics::Intrinsic::Telepathy);
    struck(&mut telepathic);
    assert_eq!(decide(&mut bot, &mut telepathic).action, next, "telepathic");
    let mut healthy = blind_world(50);
    struck(&mut healthy);
    assert_eq!(decide(&mut bot, &mut healthy).action, next, "healthy");
    let mut low = blind_world(5);
    struck(&mut low);
    assert_eq!(decide(&mut bot, &mut low).action, next, "prayer trouble");
    let mut quiet = blind_world(20);
    assert_eq!(decide(&mut bot, &mut quiet).action, next, "not struck");
    // Losing fast: 50 -> 34 in a turn engraves (over a quarter of max lost); 34 -> 14 next
    // turn is death at hand.
    let repo = Repo::new("blind-falling");
    let mut bot = crate::bot(&repo);
    let mut w = blind_world(50);
    assert_eq!(decide(&mut bot, &mut w).action, next);
    w.turn += 1;
    w.status.hp = 34;
    struck(&mut w);
    let d = decide(&mut bot, &mut w);
    assert!(engraves(&d.action), "{:?}: {}", d.action, d.reason);
    assert!(d.reason.contains("lost 16"), "{}", d.reason);
    w.turn += 1;
    w.status.hp = 14;
    struck(&mut w);
    assert_eq!(decide(&mut bot, &mut w).action, next, "death at hand");
}

/// `persist`: prayed 20 turns ago (a new prayer is refused as too soon with chance ~70%), so
/// neither prayer trouble (HP 5/60) nor death at hand makes it step aside: no prayer comes,
/// and the survive subtree would strike from our Elbereth. `hold` steps aside in both.
#[test]
fn persist_holds_when_no_prayer_can_come() {
    for (function, engraves_low) in [("hold", false), ("persist", true)] {
        let repo = Repo::new(&format!("blind-noprayer-{function}"));
        let mut bot = bot_with(&repo, function);
        let mut w = blind_world(5);
        w.turn = 1000;
        w.last_prayer_turn = Some(980);
        struck(&mut w);
        let d = decide(&mut bot, &mut w);
        assert_eq!(
            engraves(&d.action),
            engraves_low,
            "{function}: {:?}: {}",
            d.action,
            d.reason
        );
    }
    // Long after the prayer (refusal at most 50%), persist steps aside for it like hold.
    let repo = Repo::new("blind-prayer-ok");
    let mut bot = bot_with(&repo, "persist");
    let mut w = blind_world(5);
    w.turn = 1000;
    w.last_prayer_turn = Some(700);
    struck(&mut w);
    assert_eq!(decide(&mut bot, &mut w).action, Action::Search { count: 9 });
    // Once a prayer was refused, none comes again: persist holds.
    let repo = Repo::new("blind-refused");
    let mut bot = bot_with(&repo, "persist");
    let mut w = blind_world(5);
    w.turn = 1000;
    w.last_prayer_turn = Some(700);
    w.refused_prayers.push(700);
    struck(&mut w);
    assert!(engraves(&decide(&mut bot, &mut w).action));
}

/// `persist`: 6 tries in a row, then the next node; a prayer after that starts a fresh count
/// (the god healed us, the same blows go on).
#[test]
fn persist_tries_six_and_counts_afresh_after_a_prayer() {
    let repo = Repo::new("blind-persist");
    let mut bot = bot_with(&repo, "persist");
    let mut w = blind_world(20);
    for n in 1..=6 {
        struck(&mut w);
        let d = decide(&mut bot, &mut w);
        assert!(engraves(&d.action), "try {n}: {:?}: {}", d.action, d.reason);
        assert!(d.reason.contains(&format!("{n} of 6")), "{}", d.reason);
        w.turn += 1;
    }
    struck(&mut w);
    assert_eq!(decide(&mut bot, &mut w).action, Action::Search { count: 9 });
    w.turn += 1;
    w.last_prayer_turn = Some(w.turn - 1);
    w.status.hp = 60;
    struck(&mut w);
    let d = decide(&mut bot, &mut w);
    assert!(engraves(&d.action), "{:?}: {}", d.action, d.reason);
    assert!(d.reason.contains("1 of 6"), "{}", d.reason);
}
