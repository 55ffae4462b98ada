//! The gear Lua leaves of `scripts/` (wear_armour, wand_engrave_test, zap_attack_wand); the
//! harness is in `gear_support`.
mod common;
mod gear_support;
use common::Repo;
use gear_support::*;

#[test]
fn wear_armour_fills_the_empty_slot_once() {
    let repo = Repo::new("gear-wear");
    let mut bot = bot(&repo, "wear_armour.lua", None);
    let mut w = carrying(&[SWORD, SHIELD, ("Armor", "e - an orcish helm")]);
    see(&mut w, HERO, &[], &[], 20);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Wear { item: 'e' }, "{}", d.reason);
    assert!(
        d.reason.contains("helmet slot empty") && d.reason.contains("curse status unknown"),
        "{}",
        d.reason
    );
    // The game put it on: nothing more to wear (the shield's slot was taken from the start).
    w.inventory = pack(&[
        SWORD,
        SHIELD,
        ("Armor", "e - an uncursed +0 orcish helm (being worn)"),
    ]);
    see(
        &mut w,
        HERO,
        &[],
        &["You are now wearing an orcish helm."],
        20,
    );
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d), "{d:?}");
}

#[test]
fn wear_armour_never_puts_on_a_cursed_piece_or_a_possible_helm_of_opposite_alignment() {
    let repo = Repo::new("gear-cursed");
    let lines = [
        SWORD,
        SHIELD,
        ("Armor", "d - a cursed leather armor"),
        ("Armor", "e - a crested helmet"),
    ];
    // No knowledge: a crested helmet may be any of the four helmets.
    let mut blind = bot(&repo, "wear_armour.lua", None);
    let mut w = carrying(&lines);
    see(&mut w, HERO, &[], &[], 20);
    let d = decide(&mut blind, &mut w);
    assert!(is_search(&d), "{d:?}");
    // The KB ruled the helm of opposite alignment out: the helmet goes on, the cursed mail not.
    let kb = GearKb(vec![(
        "crested helmet",
        vec!["helmet", "helm of telepathy"],
        "crested helmet: a shop offered 10 zm (price group 10)",
    )]);
    let repo2 = Repo::new("gear-cursed-kb");
    let mut knowing = bot(&repo2, "wear_armour.lua", Some(kb));
    let d = decide(&mut knowing, &mut w);
    assert_eq!(d.action, Action::Wear { item: 'e' }, "{}", d.reason);
}

#[test]
fn wear_armour_takes_the_cloak_off_for_body_armour_and_puts_it_back_on() {
    let repo = Repo::new("gear-cloak");
    let mut bot = bot(&repo, "wear_armour.lua", None);
    let mut w = carrying(&[
        SWORD,
        SHIELD,
        ("Armor", "f - an uncursed +0 hooded cloak (being worn)"),
        ("Armor", "g - a +0 leather armor"),
    ]);
    see(&mut w, HERO, &[], &[], 20);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::TakeOff { item: 'f' }, "{}", d.reason);
    w.inventory = pack(&[
        SWORD,
        SHIELD,
        ("Armor", "f - an uncursed +0 hooded cloak"),
        ("Armor", "g - a +0 leather armor"),
    ]);
    see(
        &mut w,
        HERO,
        &[],
        &["You were wearing an uncursed +0 hooded cloak."],
        20,
    );
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Wear { item: 'g' }, "{}", d.reason);
    w.inventory = pack(&[
        SWORD,
        SHIELD,
        ("Armor", "f - an uncursed +0 hooded cloak"),
        ("Armor", "g - a +0 leather armor (being worn)"),
    ]);
    see(
        &mut w,
        HERO,
        &[],
        &["You finish your dressing maneuver."],
        20,
    );
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Wear { item: 'f' }, "{}", d.reason);
}

/// A better piece replaces the worn one (base AC plus the enchantment shown): off, on, and the
/// old one dropped; the +3 small shield is worth more than an unknown elven shield.
#[test]
fn wear_armour_swaps_a_worn_piece_for_a_better_one_and_drops_the_old() {
    let repo = Repo::new("gear-upgrade");
    let mut bot = bot(&repo, "wear_armour.lua", None);
    let worn_helm = ("Armor", "e - an uncursed +0 orcish helm (being worn)");
    let elven = ("Armor", "g - an elven shield");
    let mut w = carrying(&[
        SWORD,
        SHIELD,
        worn_helm,
        ("Armor", "f - a dwarvish iron helm"),
        elven,
    ]);
    see(&mut w, HERO, &[], &[], 20);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::TakeOff { item: 'e' }, "{}", d.reason);
    assert!(
        d.reason
            .contains("(AC 2) is better than the orcish helm (AC 1)"),
        "{}",
        d.reason
    );
    w.inventory = pack(&[
        SWORD,
        SHIELD,
        ("Armor", "e - an uncursed +0 orcish helm"),
        ("Armor", "f - a dwarvish iron helm"),
        elven,
    ]);
    see(
        &mut w,
        HERO,
        &[],
        &["You were wearing an uncursed +0 orcish helm."],
        20,
    );
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Wear { item: 'f' }, "{}", d.reason);
    w.inventory = pack(&[
        SWORD,
        SHIELD,
        ("Armor", "e - an uncursed +0 orcish helm"),
        (
            "Armor",
            "f - an uncursed +0 dwarvish iron helm (being worn)",
        ),
        elven,
    ]);
    see(
        &mut w,
        HERO,
        &[],
        &["You are now wearing a dwarvish iron helm."],
        20,
    );
    let d = decide(&mut bot, &mut w);
    let dropped = d.action.clone();
    assert!(
        matches!(
            dropped,
            Action::Drop { item: 'e', .. } | Action::Drop { item: 'g', .. }
        ),
        "{d:?}"
    );
    // Both spares are no better than what is worn: each is dropped.
    w.inventory = pack(&[
        SWORD,
        SHIELD,
        (
            "Armor",
            "f - an uncursed +0 dwarvish iron helm (being worn)",
        ),
    ]);
    see(&mut w, HERO, &[], &[], 20);
    assert!(is_search(&decide(&mut bot, &mut w)));
}

/// A better suit under a cloak that will not come off (cursed): no swap, and no loop of
/// take-offs the game refuses (b32-armour: 44,000 in one game).
#[test]
fn wear_armour_swaps_no_suit_under_a_cloak_that_will_not_come_off() {
    let repo = Repo::new("gear-upgrade-cursed-cloak");
    let mut bot = bot(&repo, "wear_armour.lua", None);
    let mut w = carrying(&[
        SWORD,
        SHIELD,
        ("Armor", "q - an orcish cloak (being worn)"),
        ("Armor", "d - an uncursed +0 scale mail (being worn)"),
        ("Armor", "s - a splint mail"),
    ]);
    see(&mut w, HERO, &[], &[], 20);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::TakeOff { item: 'q' }, "{}", d.reason);
    // The game refuses: the cloak is cursed. No second try, no suit taken off; the splint
    // mail, of no use now, is dropped.
    see(&mut w, HERO, &[], &["You can't.  It is cursed."], 20);
    let d = decide(&mut bot, &mut w);
    assert!(matches!(d.action, Action::Drop { item: 's', .. }), "{d:?}");
    assert!(d.reason.contains("will not come off"), "{}", d.reason);
    w.inventory = pack(&[
        SWORD,
        SHIELD,
        ("Armor", "q - an orcish cloak (being worn)"),
        ("Armor", "d - an uncursed +0 scale mail (being worn)"),
    ]);
    see(&mut w, HERO, &[], &[], 20);
    assert!(is_search(&decide(&mut bot, &mut w)));
}

/// A shuffled appearance ("piece of cloth": it may be a cloak of invisibility) never replaces a
/// worn piece, though its base AC is higher; it is dropped.
#[test]
fn wear_armour_swaps_for_no_shuffled_appearance() {
    let repo = Repo::new("gear-upgrade-pool");
    let mut bot = bot(&repo, "wear_armour.lua", None);
    let mut w = carrying(&[
        SWORD,
        SHIELD,
        ("Armor", "i - an uncursed +0 dwarvish cloak (being worn)"),
        ("Armor", "j - a piece of cloth"),
    ]);
    see(&mut w, HERO, &[], &[], 20);
    let d = decide(&mut bot, &mut w);
    assert_eq!(
        d.action,
        Action::Drop {
            item: 'j',
            count: None
        },
        "{}",
        d.reason
    );
}

#[test]
fn wear_armour_picks_up_a_better_piece_but_not_a_worse_one_or_a_plate_mail() {
    let repo = Repo::new("gear-upgrade-floor");
    let mut bot = bot(&repo, "wear_armour.lua", None);
    let mut w = carrying(&[
        SWORD,
        SHIELD,
        ("Armor", "e - an uncursed +0 orcish helm (being worn)"),
        ("Armor", "d - an uncursed +0 leather armor (being worn)"),
    ]);
    see(&mut w, HERO, &[], &["You see here a plate mail."], 20);
    assert!(
        is_search(&decide(&mut bot, &mut w)),
        "too heavy to swap for"
    );
    see(&mut w, HERO, &[], &["You see here an orcish helm."], 20);
    assert!(is_search(&decide(&mut bot, &mut w)), "no better");
    see(
        &mut w,
        HERO,
        &[],
        &["You see here a dwarvish iron helm."],
        20,
    );
    let d = decide(&mut bot, &mut w);
    assert_eq!(
        d.action,
        Action::Pickup {
            what: Pick::Named("dwarvish iron helm".into())
        },
        "{}",
        d.reason
    );
    assert!(
        d.reason.contains("to replace the orcish helm"),
        "{}",
        d.reason
    );
}

#[test]
fn wear_armour_does_not_retry_what_the_game_refused() {
    let repo = Repo::new("gear-refused");
    let mut bot = bot(&repo, "wear_armour.lua", None);
    let mut w = carrying(&[SWORD, SHIELD, ("Armor", "h - a pair of hard shoes")]);
    see(&mut w, HERO, &[], &[], 20);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Wear { item: 'h' }, "{}", d.reason);
    // Not worn after the command: the game said why; the leaf does not loop on it.
    see(&mut w, HERO, &[], &["Your foot is trapped!"], 20);
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d), "{d:?}");
    see(&mut w, HERO, &[], &[], 20);
    assert!(is_search(&decide(&mut bot, &mut w)));
}

#[test]
fn a_shield_is_not_worn_with_a_two_handed_weapon() {
    let repo = Repo::new("gear-shield");
    let mut bot = bot(&repo, "wear_armour.lua", None);
    let mut w = carrying(&[
        ("Weapons", "a - a +0 two-handed sword (weapon in hands)"),
        ("Armor", "c - an uncursed +3 small shield"),
    ]);
    see(&mut w, HERO, &[], &[], 20);
    assert!(is_search(&decide(&mut bot, &mut w)));
    // One-handed: it goes on.
    w.inventory = pack(&[SWORD, ("Armor", "c - an uncursed +3 small shield")]);
    see(&mut w, HERO, &[], &[], 20);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Wear { item: 'c' }, "{}", d.reason);
}

#[test]
fn wear_armour_picks_up_armour_underfoot_and_fetches_it_nearby() {
    let repo = Repo::new("gear-fetch");
    let mut bot = bot(&repo, "wear_armour.lua", None);
    let mut w = carrying(&[SWORD, SHIELD]);
    // Standing on it: picked up by its name.
    let pile = Pos::new(9, 4);
    see(&mut w, pile, &[], &["You see here a leather armor."], 20);
    let d = decide(&mut bot, &mut w);
    assert_eq!(
        d.action,
        Action::Pickup {
            what: Pick::Named("leather armor".into())
        },
        "{}",
        d.reason
    );
    // Walked away from it (the pick-up did not happen): walks back, four steps.
    see(&mut w, HERO, &[(pile, '[')], &[], 20);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Travel { to: pile }, "{}", d.reason);
    assert!(d.reason.contains("leather armor"), "{}", d.reason);
    // A pile seen only as `[` and reached without a listing (travel ends so): a look first.
    let unlisted = Pos::new(12, 6);
    see(&mut w, HERO, &[(pile, '['), (unlisted, '[')], &[], 20);
    see(&mut w, unlisted, &[(pile, '[')], &[], 20);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Look, "{}", d.reason);
    // Not while a hostile is in view.
    see(
        &mut w,
        HERO,
        &[(pile, '['), (Pos::new(20, 2), 'a')],
        &[],
        20,
    );
    farlook(
        &mut w,
        Pos::new(20, 2),
        "a  an ant or other insect (soldier ant)",
    );
    assert!(is_search(&decide(&mut bot, &mut w)));
}

#[test]
fn wand_engrave_test_engraves_with_each_unknown_wand_once() {
    let repo = Repo::new("gear-engrave");
    let mut bot = bot(&repo, "wand_engrave_test.lua", None);
    let mut w = carrying(&[
        SWORD,
        ("Wands", "f - a wand of digging (0:5)"),
        ("Wands", "g - an oak wand"),
    ]);
    // On the up stairs where the game starts us, no engraving: one writes on floor.
    see(&mut w, HERO, &[], &[], 20);
    assert!(
        is_search(&decide(&mut bot, &mut w)),
        "no engraving on stairs"
    );
    let floor = Pos::new(HERO.x + 1, HERO.y);
    see(&mut w, floor, &[(HERO, '<')], &[], 20);
    let d = decide(&mut bot, &mut w);
    assert_eq!(
        d.action,
        Action::Engrave {
            text: "x".into(),
            with: Some('g')
        },
        "{}",
        d.reason
    );
    see(
        &mut w,
        floor,
        &[(HERO, '<')],
        &["The wand unsuccessfully fights your attempt to write!"],
        20,
    );
    assert!(is_search(&decide(&mut bot, &mut w)), "tested once");
    // Hurt: no test (an engrave test may blind, or summon a monster).
    let mut hurt = carrying(&[SWORD, ("Wands", "h - a maple wand")]);
    let repo2 = Repo::new("gear-engrave-hurt");
    let mut bot2 = self::bot(&repo2, "wand_engrave_test.lua", None);
    see(&mut hurt, HERO, &[], &[], 9);
    see(&mut hurt, floor, &[(HERO, '<')], &[], 9);
    assert!(is_search(&decide(&mut bot2, &mut hurt)));
}

#[test]
fn wand_engrave_test_picks_up_a_wand_it_stands_on() {
    let repo = Repo::new("gear-wand-pick");
    let mut bot = bot(&repo, "wand_engrave_test.lua", None);
    let mut w = carrying(&[SWORD]);
    see(&mut w, HERO, &[], &["You see here an oak wand."], 20);
    let d = decide(&mut bot, &mut w);
    assert_eq!(
        d.action,
        Action::Pickup {
            what: Pick::Named("wand".into())
        },
        "{}",
        d.reason
    );
}

/// A soldier ant `dx` squares east of the hero on its row, named by farlook.
fn ant_east(w: &mut World, dx: i16, extra: &[(Pos, char)], hp: i32) -> Pos {
    let ant = Pos::new(HERO.x + dx, HERO.y);
    let mut things = vec![(ant, 'a')];
    things.extend_from_slice(extra);
    see(w, HERO, &things, &[], hp);
    farlook(w, ant, "a  an ant or other insect (soldier ant)");
    ant
}

const STRIKING_FACT: &str = "oak wand engrave-tested: FightsWriting → striking (engrave test: \
                             \"The wand unsuccessfully fights your attempt to write!\")";

fn striking_kb() -> GearKb {
    GearKb(vec![("oak wand", vec!["striking"], STRIKING_FACT)])
}

/// The decision zaps wand `item` towards `dir`.
fn assert_zap(d: &Decision, item: char, dir: Dir) {
    assert_eq!(d.action, Action::Zap { item, dir }, "{}", d.reason);
}

#[test]
fn zap_attack_wand_zaps_striking_at_a_soldier_ant_in_line_citing_the_kb() {
    let repo = Repo::new("gear-zap");
    let mut bot = bot(&repo, "zap_attack_wand.lua", Some(striking_kb()));
    let mut w = carrying(&[SWORD, ("Wands", "g - an oak wand")]);
    ant_east(&mut w, 4, &[], 20);
    let d = decide(&mut bot, &mut w);
    assert_zap(&d, 'g', Dir::E);
    assert!(
        d.reason.contains("soldier ant") && d.reason.contains(STRIKING_FACT),
        "{}",
        d.reason
    );
    // A knight's move away: no line, no zap.
    let mut w2 = carrying(&[SWORD, ("Wands", "g - an oak wand")]);
    let ant = Pos::new(HERO.x + 2, HERO.y + 1);
    see(&mut w2, HERO, &[(ant, 'a')], &[], 20);
    farlook(&mut w2, ant, "a  an ant or other insect (soldier ant)");
    assert!(is_search(&decide(&mut bot, &mut w2)));
}

#[test]
fn zap_attack_wand_never_zaps_with_the_pet_in_the_line_or_an_unknown_wand() {
    let repo = Repo::new("gear-zap-pet");
    let mut bot = bot(&repo, "zap_attack_wand.lua", Some(striking_kb()));
    let mut w = carrying(&[SWORD, ("Wands", "g - an oak wand")]);
    // The kitten beyond the ant: a force bolt goes on past what it hits.
    let kitten = Pos::new(HERO.x + 7, HERO.y);
    ant_east(&mut w, 4, &[(kitten, 'f')], 20);
    farlook(&mut w, kitten, "f  a cat or other feline (tame kitten)");
    assert!(is_search(&decide(&mut bot, &mut w)));
    // A wand the KB cannot name is no attack wand; nor is digging.
    let mut w2 = carrying(&[
        SWORD,
        ("Wands", "h - a maple wand"),
        ("Wands", "i - a wand of digging (0:5)"),
    ]);
    ant_east(&mut w2, 4, &[], 20);
    assert!(is_search(&decide(&mut bot, &mut w2)));
}

#[test]
fn zap_attack_wand_keeps_rays_off_near_walls_and_harmless_foes_for_melee() {
    let kb = GearKb(vec![
        ("oak wand", vec!["striking"], STRIKING_FACT),
        (
            "runed wand",
            vec!["sleep", "death"],
            "runed wand engrave-tested: BugsStop → sleep, death",
        ),
    ]);
    let repo = Repo::new("gear-zap-ray");
    let mut bot = bot(&repo, "zap_attack_wand.lua", Some(kb));
    // Sleep or death (both attack wands) beats striking; the east wall is 26 squares away.
    let mut w = carrying(&[
        SWORD,
        ("Wands", "g - an oak wand"),
        ("Wands", "r - a runed wand"),
    ]);
    ant_east(&mut w, 3, &[], 20);
    let d = decide(&mut bot, &mut w);
    assert_zap(&d, 'r', Dir::E);
    assert!(d.reason.contains("one of sleep, death"), "{}", d.reason);
    // Westward the wall is 5 squares away: a ray would come back; striking does not bounce.
    let mut w2 = World {
        inventory: w.inventory.clone(),
        ..World::default()
    };
    let ant = Pos::new(HERO.x - 3, HERO.y);
    see(&mut w2, HERO, &[(ant, 'a')], &[], 20);
    farlook(&mut w2, ant, "a  an ant or other insect (soldier ant)");
    let d = decide(&mut bot, &mut w2);
    assert_zap(&d, 'g', Dir::W);
    // A hill orc in line is the sword's job at full HP; at HP 8 of 20 next to us, a zap. A newt
    // never is: it hits for 1d3 (seed 47 spent a wand of sleep on newts).
    let mut w3 = carrying(&[SWORD, ("Wands", "g - an oak wand")]);
    let orc = Pos::new(HERO.x + 1, HERO.y);
    see(&mut w3, HERO, &[(orc, 'o')], &[], 20);
    farlook(&mut w3, orc, "o  an orc (hill orc)");
    assert!(is_search(&decide(&mut bot, &mut w3)));
    let mut w4 = w3.clone();
    see(&mut w3, HERO, &[(orc, 'o')], &[], 8);
    let d = decide(&mut bot, &mut w3);
    assert_zap(&d, 'g', Dir::E);
    see(&mut w4, HERO, &[(orc, ':')], &[], 20);
    farlook(&mut w4, orc, ":  a lizard or other reptile (newt)");
    see(&mut w4, HERO, &[(orc, ':')], &[], 8);
    assert!(
        is_search(&decide(&mut bot, &mut w4)),
        "no charge for a newt"
    );
    assert!(d.reason.contains("HP 8/20"), "{}", d.reason);
}

#[test]
fn wear_armour_gives_up_after_three_tries_when_other_leaves_act_between() {
    let repo = Repo::new("gear-tries");
    let mut bot = bot(&repo, "wear_armour.lua", None);
    let mut w = carrying(&[SWORD, SHIELD, ("Armor", "h - a pair of hard shoes")]);
    let mut wears = 0;
    for _ in 0..6 {
        see(&mut w, HERO, &[], &[], 20);
        let d = decide(&mut bot, &mut w);
        if d.action == (Action::Wear { item: 'h' }) {
            wears += 1;
        }
        // Another leaf acts before this one is ticked again: its outcome check sees no wear.
        let other = Decision {
            action: Action::Search { count: 1 },
            path: "root/other".into(),
            reason: "something else".into(),
        };
        w.observe(Event::Decision(&other));
    }
    assert_eq!(wears, 3);
}

#[test]
fn zap_attack_wand_follows_the_look_aheads_flight() {
    let repo = Repo::new("gear-zap-fled");
    let mut bot = bot(&repo, "zap_attack_wand.lua", Some(striking_kb()));
    let mut w = carrying(&[SWORD, ("Wands", "g - an oak wand")]);
    let jackal = Pos::new(HERO.x + 2, HERO.y);
    see(&mut w, HERO, &[(jackal, 'd')], &[], 20);
    farlook(&mut w, jackal, "d  a dog or other canine (jackal)");
    // A jackal is the sword's job...
    assert!(is_search(&decide(&mut bot, &mut w)));
    // ...unless the look-ahead just fled from it.
    let fled = Decision {
        action: Action::Move { dir: Dir::W },
        path: "root/survive/fight_or_flee#4".into(),
        reason:
            "retreating W: 1 hostile(s) adjacent here, 0 there [look-ahead vs jackal: Flee, 0.31]"
                .into(),
    };
    w.observe(Event::Decision(&fled));
    see(&mut w, HERO, &[(jackal, 'd')], &[], 20);
    let d = decide(&mut bot, &mut w);
    assert_zap(&d, 'g', Dir::E);
    assert!(d.reason.contains("look-ahead chose Flee"), "{}", d.reason);
}

#[test]
fn zap_attack_wand_never_sends_a_force_bolt_through_a_boulder() {
    let repo = Repo::new("gear-zap-boulder");
    let mut bot = bot(&repo, "zap_attack_wand.lua", Some(striking_kb()));
    let mut w = carrying(&[SWORD, ("Wands", "g - an oak wand")]);
    let boulder = Pos::new(HERO.x + 6, HERO.y);
    ant_east(&mut w, 3, &[(boulder, '0')], 20);
    assert!(is_search(&decide(&mut bot, &mut w)));
}

#[test]
fn zap_attack_wand_never_zaps_from_an_elbereth_at_a_foe_that_respects_it() {
    let repo = Repo::new("gear-zap-elbereth");
    let mut bot = bot(&repo, "zap_attack_wand.lua", Some(striking_kb()));
    let mut w = carrying(&[SWORD, ("Wands", "g - an oak wand")]);
    let ant = ant_east(&mut w, 3, &[], 20);
    // The game read our Elbereth back this turn: a zap from it would be a hypocrite's (-5
    // alignment, the engraving wiped).
    see(
        &mut w,
        HERO,
        &[(ant, 'a')],
        &["You read: \"Elbereth\"."],
        20,
    );
    farlook(&mut w, ant, "a  an ant or other insect (soldier ant)");
    assert!(is_search(&decide(&mut bot, &mut w)));
    // A soldier (an `@`) ignores Elbereth: the zap is free.
    let mut w2 = carrying(&[SWORD, ("Wands", "g - an oak wand")]);
    let man = Pos::new(HERO.x + 3, HERO.y);
    see(
        &mut w2,
        HERO,
        &[(man, '@')],
        &["You read: \"Elbereth\"."],
        20,
    );
    farlook(&mut w2, man, "@  human or elf (soldier)");
    let d = decide(&mut bot, &mut w2);
    assert_zap(&d, 'g', Dir::E);
}
