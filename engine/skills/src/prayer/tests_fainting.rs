//! Fainting with nothing to eat: the end of the hunger wait (`fainting_ends_hunger_wait`) and
//! the last-resort prayer after a refusal (`fainting_prays_after_refusal`).

use super::tests::ration;
use super::tests::world;
use super::*;

/// survive.yaml's rules with both options on.
fn rules() -> PrayerRules {
    PrayerRules {
        fainting_ends_hunger_wait: true,
        fainting_max_refusal: 0.05,
        fainting_prays_after_refusal: 300,
        ..super::tests::survive_rules()
    }
}

#[test]
fn fainting_ends_the_wait_for_a_safer_hunger_prayer() {
    let rules = rules();
    // Seed 4 (b26): granted prayer at T5153, Weak at T6171, Fainting at T6230, no foe in view.
    let mut w = world(49, 50, 6171);
    w.last_prayer_turn = Some(5153);
    w.status.hunger = Hunger::Weak;
    assert!(w.prayer_refusal_chance() > 0.025);
    assert!(!should_pray_now(&w, rules), "Weak: waits for 2.5%");
    w.turn = 6230;
    w.status.hunger = Hunger::Fainting;
    assert_eq!(waits(&w, rules), None);
    assert!(w.prayer_refusal_chance() <= 0.05);
    assert!(should_pray_now(&w, rules), "Fainting: the wait is over");
    w.turn = 6080;
    assert!(w.prayer_refusal_chance() > 0.05, "927 turns on: ~7%");
    assert!(!should_pray_now(&w, rules), "Fainting at ~7%: still waits");
    w.turn = 6230;
    let old = PrayerRules {
        fainting_ends_hunger_wait: false,
        ..rules
    };
    assert!(waits(&w, old).is_some(), "the option off: Fainting waits");
    assert!(!should_pray_now(&w, old));
    ration(&mut w);
    assert!(
        !should_pray_now(&w, rules),
        "Fainting with a ration: eat it (eat_first)"
    );
}

#[test]
fn fainting_after_a_refusal_prays_as_a_last_resort_once_the_last_prayer_is_old() {
    let rules = rules();
    // Seed 130 (b26): the first prayer (T959) "displeased" after the pet was killed, Fainting
    // at T1822 with nothing to eat, never prayed again.
    let mut w = world(20, 30, 1822);
    w.last_prayer_turn = Some(959);
    w.refused_prayers = vec![959];
    w.status.hunger = Hunger::Weak;
    assert!(!should_pray_now(&w, rules), "Weak: the god is given up on");
    w.status.hunger = Hunger::Fainting;
    assert!(should_pray_now(&w, rules), "Fainting: a last resort");
    let (_, why) = crate::steps::pray_step(&w, rules).expect("a prayer");
    assert!(
        why.contains("last resort") && why.contains("863 turns"),
        "{why}"
    );
    let off = PrayerRules {
        fainting_prays_after_refusal: 0,
        ..rules
    };
    assert!(!should_pray_now(&w, off), "the option off: never again");
    w.last_prayer_turn = Some(1622);
    w.refused_prayers = vec![959, 1622];
    assert!(!should_pray_now(&w, rules), "the last one 200 turns ago");
    w.turn = 1922;
    assert!(should_pray_now(&w, rules), "300 turns on: once more");
    ration(&mut w);
    assert!(!should_pray_now(&w, rules), "a ration in the pack: eat it");
}
