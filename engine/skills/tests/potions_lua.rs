//! The potion leaves of `scripts/potions.lua` (pick_up, quaff_to_heal, test_unknown,
//! last_resort) on worlds seen through `World::observe`; the harness is in `gear_support`.
mod common;
mod gear_support;
use common::scene::{status, Scene};
use common::Repo;
use gear_support::*;
use nhbot_world::Hunger;

/// A bot whose tree tries `function` of scripts/potions.lua first, then searches 9.
fn potion_bot(repo: &Repo, function: &str, kb: Option<GearKb>) -> TreeBot {
    repo.copy_scripts(&["potions.lua", "gear/common.lua"]);
    repo.tree(
        "main.yaml",
        &format!(
            "priority:\n  - lua: {{file: scripts/potions.lua, name: leaf, function: {function}}}\n  - search: 9\n"
        ),
    );
    let mut bot = repo.load("main.yaml");
    if let Some(kb) = kb {
        bot.set_kb(Box::new(kb));
    }
    bot
}

const JACKAL: Pos = Pos { x: 6, y: 4 };

/// The room with a jackal next to us (farlooked hostile) at `hp`/20.
fn jackal_next_to_us(w: &mut World, hp: i32) {
    see(w, HERO, &[(JACKAL, 'd')], &[], hp);
    farlook(w, JACKAL, "d  a dog or other canine (jackal)");
}

/// HP 6/20 with a jackal next to us: the potion the game names is drunk, the reason says the
/// game names it; at 7/20 (a third or more) nothing is drunk, nor with nothing near and HP steady.
#[test]
fn quaff_to_heal_drinks_a_named_healing_potion_below_a_third_in_a_fight() {
    let repo = Repo::new("potion-named");
    let mut bot = potion_bot(&repo, "quaff_to_heal", None);
    let mut w = carrying(&[
        SWORD,
        ("Potions", "f - a bubbly potion"),
        ("Potions", "g - 2 uncursed potions of healing"),
    ]);
    jackal_next_to_us(&mut w, 7);
    assert!(is_search(&decide(&mut bot, &mut w)), "HP 7/20 is a third");
    jackal_next_to_us(&mut w, 6);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Quaff { item: Some('g') }, "{}", d.reason);
    assert!(
        d.reason.contains("the game names it") && d.reason.contains("jackal"),
        "{}",
        d.reason
    );
    // Nothing hostile in view, HP as it was: rest, not a potion.
    let mut calm = carrying(&[SWORD, ("Potions", "g - 2 uncursed potions of healing")]);
    see(&mut calm, HERO, &[], &[], 6);
    let repo2 = Repo::new("potion-calm");
    let mut bot2 = potion_bot(&repo2, "quaff_to_heal", None);
    assert!(is_search(&decide(&mut bot2, &mut calm)));
    assert!(is_search(&decide(&mut bot2, &mut calm)), "HP steady");
    // HP falling with nothing in view (an unseen attacker): drink.
    see(&mut calm, HERO, &[], &["It hits!"], 4);
    let d = decide(&mut bot2, &mut calm);
    assert_eq!(d.action, Action::Quaff { item: Some('g') }, "{}", d.reason);
    assert!(d.reason.contains("HP fell from 6"), "{}", d.reason);
}

/// An appearance the KB pins to the healing family (all candidates healing) is drunk with the
/// KB's evidence as the reason; one the KB leaves open (sleeping among the candidates) never is.
#[test]
fn quaff_to_heal_trusts_the_kb_only_when_every_candidate_heals() {
    let fact = "murky potion: a shop offered 50 zm (price group 100)";
    let kb = GearKb(vec![
        ("murky potion", vec!["healing", "extra healing"], fact),
        (
            "dark potion",
            vec!["extra healing", "sleeping"],
            "dark potion: price group 100",
        ),
    ]);
    let repo = Repo::new("potion-kb");
    let mut bot = potion_bot(&repo, "quaff_to_heal", Some(kb.clone()));
    let mut w = carrying(&[SWORD, ("Potions", "h - a dark potion")]);
    jackal_next_to_us(&mut w, 3);
    assert!(
        is_search(&decide(&mut bot, &mut w)),
        "a dark potion may be sleeping"
    );
    w.inventory = pack(&[
        SWORD,
        ("Potions", "h - a dark potion"),
        ("Potions", "i - 2 murky potions"),
    ]);
    jackal_next_to_us(&mut w, 3);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Quaff { item: Some('i') }, "{}", d.reason);
    assert!(d.reason.contains(fact), "{}", d.reason);
}

/// The weakest healing potion that covers half the missing HP goes first: at 10/60 HP (50
/// missing) extra healing (~27) rather than healing (~15); full healing is kept.
#[test]
fn quaff_to_heal_picks_the_weakest_potion_that_covers_half_the_loss() {
    let repo = Repo::new("potion-pick");
    let mut bot = potion_bot(&repo, "quaff_to_heal", None);
    let mut w = carrying(&[
        SWORD,
        ("Potions", "f - a potion of full healing"),
        ("Potions", "g - a potion of healing"),
        ("Potions", "h - a potion of extra healing"),
    ]);
    jackal_next_to_us(&mut w, 10);
    w.status.hp_max = 60;
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Quaff { item: Some('h') }, "{}", d.reason);
}

/// Underfoot: an unknown potion that may heal is picked up; a named potion of sleeping, a clear
/// potion (water, whatever the KB says) and one the KB rules healing out for are not; never past
/// the carried cap.
#[test]
fn pick_up_takes_potions_that_may_heal_only() {
    let kb = GearKb(vec![(
        "murky potion",
        vec!["sleeping", "blindness"],
        "murky potion: drunk, still unnamed",
    )]);
    for (text, wanted) in [
        ("a potion of sleeping", false),
        ("a clear potion", false),
        ("a murky potion", false),
        ("2 uncursed potions of extra healing", true),
        ("a bubbly potion", true),
    ] {
        let repo = Repo::new("potion-floor");
        let mut bot = potion_bot(&repo, "pick_up", Some(kb.clone()));
        let mut w = carrying(&[SWORD]);
        see(
            &mut w,
            HERO,
            &[(HERO, '!')],
            &[&format!("You see here {text}.")],
            20,
        );
        let d = decide(&mut bot, &mut w);
        assert_eq!(
            matches!(d.action, Action::Pickup { .. }),
            wanted,
            "{text}: {d:?}"
        );
    }
    // Six carried: no more.
    let repo = Repo::new("potion-cap");
    let mut bot = potion_bot(&repo, "pick_up", None);
    let mut w = carrying(&[SWORD, ("Potions", "f - 6 bubbly potions")]);
    see(
        &mut w,
        HERO,
        &[(HERO, '!')],
        &["You see here a murky potion."],
        20,
    );
    assert!(is_search(&decide(&mut bot, &mut w)));
}

/// A potion two steps away is fetched.
#[test]
fn pick_up_walks_to_a_potion_near() {
    let repo = Repo::new("potion-fetch");
    let mut bot = potion_bot(&repo, "pick_up", None);
    let mut w = carrying(&[SWORD]);
    let at = Pos::new(7, 4);
    see(&mut w, HERO, &[(at, '!')], &[], 20);
    let d = decide(&mut bot, &mut w);
    assert!(
        matches!(
            d.action,
            Action::Move { dir: Dir::E } | Action::Travel { .. }
        ),
        "{d:?}"
    );
    assert!(d.reason.contains("fetching"), "{}", d.reason);
}

/// Drink-testing: an unknown potion that may heal at full HP with nothing in view, on an
/// Elbereth written and read back first; not while hurt, hungry or with a hostile in view; a
/// cursed one never.
#[test]
fn test_unknown_drinks_only_when_safe() {
    let repo = Repo::new("potion-test");
    let mut bot = potion_bot(&repo, "test_unknown", None);
    let mut w = carrying(&[
        SWORD,
        ("Potions", "e - a cursed murky potion"),
        ("Potions", "f - a potion of healing"),
        ("Potions", "g - a bubbly potion"),
    ]);
    see(&mut w, HERO, &[], &[], 19);
    assert!(is_search(&decide(&mut bot, &mut w)), "hurt");
    jackal_next_to_us(&mut w, 20);
    assert!(is_search(&decide(&mut bot, &mut w)), "a jackal in view");
    let hungry_status = Status {
        hp: 20,
        hp_max: 20,
        xl: 3,
        hunger: Hunger::Hungry,
        ..status(1, w.turn + 1)
    };
    Scene::room().show(&mut w, HERO, &hungry_status, &[]);
    let hungry = decide(&mut bot, &mut w);
    assert!(is_search(&hungry), "hungry: {hungry:?}");
    let mut fed = carrying(&[
        SWORD,
        ("Potions", "e - a cursed murky potion"),
        ("Potions", "f - a potion of healing"),
        ("Potions", "g - a bubbly potion"),
    ]);
    // Safe, off the up stairs the game starts us on (no engraving there): Elbereth first, read
    // back, then the drink on it.
    const FLOOR: Pos = Pos { x: 6, y: 4 };
    see(&mut fed, HERO, &[], &[], 20);
    see(&mut fed, FLOOR, &[(HERO, '<')], &[], 20);
    let d = decide(&mut bot, &mut fed);
    assert!(
        matches!(&d.action, Action::Engrave { text, with: None } if text == "Elbereth"),
        "{d:?}"
    );
    see(
        &mut fed,
        FLOOR,
        &[(HERO, '<')],
        &["You write in the dust with your fingertip."],
        20,
    );
    let d = decide(&mut bot, &mut fed);
    assert_eq!(d.action, Action::Look, "{}", d.reason);
    see(
        &mut fed,
        FLOOR,
        &[(HERO, '<')],
        &[
            "Something is written here in the dust.",
            "You read: \"Elbereth\".",
        ],
        20,
    );
    let d = decide(&mut bot, &mut fed);
    assert_eq!(d.action, Action::Quaff { item: Some('g') }, "{}", d.reason);
    assert!(
        d.reason.contains("drink-testing") && d.reason.contains("on Elbereth"),
        "{}",
        d.reason
    );
}

/// Death at hand (HP 2/20, a jackal next to us, no safe prayer) with no healing potion known:
/// the unknown potion with the fewest candidates is drunk; with a known one, this leaf leaves it
/// to quaff_to_heal.
#[test]
fn last_resort_drinks_an_unknown_potion_only_when_nothing_known_heals() {
    let kb = GearKb(vec![(
        "murky potion",
        vec!["healing", "sleeping", "blindness"],
        "murky potion: price group 100",
    )]);
    let repo = Repo::new("potion-last");
    let mut bot = potion_bot(&repo, "last_resort", Some(kb));
    let mut w = carrying(&[
        SWORD,
        ("Potions", "f - a murky potion"),
        ("Potions", "g - a potion of sleeping"),
    ]);
    jackal_next_to_us(&mut w, 6);
    assert!(
        is_search(&decide(&mut bot, &mut w)),
        "HP 6/20 is not at hand"
    );
    jackal_next_to_us(&mut w, 2);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Quaff { item: Some('f') }, "{}", d.reason);
    w.inventory = pack(&[
        SWORD,
        ("Potions", "f - a murky potion"),
        ("Potions", "h - a potion of healing"),
    ]);
    jackal_next_to_us(&mut w, 2);
    assert!(is_search(&decide(&mut bot, &mut w)));
}
