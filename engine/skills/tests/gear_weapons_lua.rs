//! The Lua leaves wield_weapon, enhance and pick_up_gold of `scripts/` on worlds seen through
//! `World::observe`; the harness is in `gear_support`.
mod common;
mod gear_support;
use common::Repo;
use gear_support::*;

const DAGGER: (&str, &str) = ("Weapons", "b - a +0 dagger");

/// A nymph stole the long sword: the dagger goes into the hand, once.
#[test]
fn wield_weapon_takes_the_dagger_when_the_sword_is_gone() {
    let repo = Repo::new("gear-wield");
    let mut bot = bot(&repo, "wield_weapon.lua", None);
    let mut w = carrying(&[SWORD, DAGGER]);
    see(&mut w, HERO, &[], &[], 20);
    assert!(
        is_search(&decide(&mut bot, &mut w)),
        "the +1 long sword beats the dagger"
    );
    w.inventory = pack(&[DAGGER]);
    see(&mut w, HERO, &[], &["She stole a +1 long sword."], 20);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Wield { item: Some('b') }, "{}", d.reason);
    assert!(d.reason.contains("bare hands"), "{}", d.reason);
    w.inventory = pack(&[("Weapons", "b - a +0 dagger (weapon in hand)")]);
    see(
        &mut w,
        HERO,
        &[],
        &["b - a +0 dagger (weapon in hand)."],
        20,
    );
    assert!(is_search(&decide(&mut bot, &mut w)));
}

/// A better weapon underfoot is picked up; a cursed one, a worse one or a two-handed one with a
/// shield on are not.
#[test]
fn wield_weapon_picks_up_a_better_weapon_only() {
    let repo = Repo::new("gear-weapon-floor");
    let mut bot = bot(&repo, "wield_weapon.lua", None);
    let mut w = carrying(&[("Weapons", "b - a +0 dagger (weapon in hand)"), SHIELD]);
    let floor = |w: &mut World, text: &str| {
        see(
            w,
            HERO,
            &[(HERO, ')')],
            &[&format!("You see here {text}.")],
            20,
        );
    };
    for (text, wanted) in [
        ("an orcish dagger", false),
        ("a cursed long sword", false),
        ("a dwarvish mattock", false),
        ("a long sword", true),
    ] {
        floor(&mut w, text);
        let d = decide(&mut bot, &mut w);
        assert_eq!(
            matches!(d.action, Action::Pickup { .. }),
            wanted,
            "{text}: {d:?}"
        );
    }
}

/// Bare-handed (the sword stolen, no dagger left), a weapon that hits only a little harder than
/// fists is still picked up: an orcish dagger (d3) beats 1d2 (seed 140 of b42 fought 400 turns
/// bare-handed beside one). Holding the dagger, it is not worth the turn.
#[test]
fn wield_weapon_bare_handed_takes_any_better_weapon() {
    let repo = Repo::new("gear-weapon-bare");
    let mut leaf = bot(&repo, "wield_weapon.lua", None);
    let mut w = carrying(&[SHIELD]);
    see(
        &mut w,
        HERO,
        &[(HERO, ')')],
        &["You see here an orcish dagger."],
        20,
    );
    let d = decide(&mut leaf, &mut w);
    assert!(matches!(d.action, Action::Pickup { .. }), "{d:?}");
    assert!(d.reason.contains("orcish dagger"), "{}", d.reason);
    let mut armed = carrying(&[("Weapons", "b - a +0 dagger (weapon in hand)"), SHIELD]);
    see(
        &mut armed,
        HERO,
        &[(HERO, ')')],
        &["You see here an orcish dagger."],
        20,
    );
    let mut fresh = bot(&repo, "wield_weapon.lua", None);
    assert!(is_search(&decide(&mut fresh, &mut armed)));
}

/// "You feel more confident in your weapon skills." is answered with one `#enhance`.
#[test]
fn enhance_follows_the_games_word() {
    let repo = Repo::new("gear-enhance");
    let mut bot = bot(&repo, "enhance.lua", None);
    let mut w = World::default();
    see(&mut w, HERO, &[], &["You kill the jackal!"], 20);
    assert!(is_search(&decide(&mut bot, &mut w)));
    see(
        &mut w,
        HERO,
        &[],
        &["You feel more confident in your weapon skills."],
        20,
    );
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Enhance, "{}", d.reason);
    see(
        &mut w,
        HERO,
        &[],
        &["You are now skilled in long sword."],
        20,
    );
    assert!(is_search(&decide(&mut bot, &mut w)), "once per word");
}

/// Gold underfoot is picked up; gold seen near is walked to; none while a hostile is in view.
#[test]
fn pick_up_gold_takes_the_gold_near() {
    let repo = Repo::new("gear-gold");
    let mut bot = bot(&repo, "pick_up_gold.lua", None);
    let mut w = carrying(&[SWORD]);
    let coins = Pos::new(HERO.x + 3, HERO.y);
    see(&mut w, HERO, &[(coins, '$')], &[], 20);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Move { dir: Dir::E }, "{}", d.reason);
    let jackal = Pos::new(HERO.x + 6, HERO.y + 2);
    see(&mut w, HERO, &[(coins, '$'), (jackal, 'd')], &[], 20);
    assert!(
        is_search(&decide(&mut bot, &mut w)),
        "not with a jackal in view"
    );
    see(
        &mut w,
        coins,
        &[(coins, '$')],
        &["You see here 12 gold pieces."],
        20,
    );
    let d = decide(&mut bot, &mut w);
    assert!(
        matches!(&d.action, Action::Pickup { what: Pick::Classes(c) } if c == "$"),
        "{d:?}"
    );
}
