//! Praying for lycanthropy within the gap (`PrayerRules::lycanthropy_max_refusal`,
//! `were_form_max_refusal`): a lycanthrope changes form with chance 1/80 a turn (1/60 at
//! night, allmain.c `you_were`), so waiting out a 500-turn gap means a change nearly surely;
//! the change drops armour and weapon and leaves us Overtaxed in a weak form.

use super::{PrayerRules, DEADLY_RETRY_GAP};
use nhbot_world::intrinsics::Intrinsic;
use nhbot_world::World;

/// Why a prayer for lycanthropy is worth its risk although the gap has not passed, if it is:
/// lycanthropic, the god not given up on, the last prayer granted and not just made, and the
/// world's model refusing it as too soon with chance at most the rules' limit (the were-form
/// one while changed, `status.polymorphed`). A limit of 0 is off.
pub fn lycanthropy_prayer(w: &World, rules: PrayerRules) -> Option<String> {
    if !w.intrinsics.contains(&Intrinsic::Lycanthropy) {
        return None;
    }
    let changed = w.status.polymorphed;
    let limit = if changed {
        rules
            .were_form_max_refusal
            .max(rules.lycanthropy_max_refusal)
    } else {
        rules.lycanthropy_max_refusal
    };
    let god_given_up = w.refused_prayers.len() >= rules.refusals_to_give_up.max(1);
    let refused_last = w.refused_prayers.last().is_some()
        && w.refused_prayers.last() == w.last_prayer_turn.as_ref();
    let just_prayed = w
        .turns_since_prayer()
        .is_some_and(|since| since < DEADLY_RETRY_GAP);
    let refusal = w.prayer_refusal_chance();
    if limit <= 0.0 || god_given_up || refused_last || just_prayed || refusal > limit {
        return None;
    }
    Some(format!(
        "lycanthropy{}: praying within the gap, refused as too soon with chance {:.0}% (at \
         most {:.0}%; a change comes with chance 1/80 a turn and sheds our gear)",
        if changed { " in were-form" } else { "" },
        100.0 * refusal,
        100.0 * limit
    ))
}

#[cfg(test)]
mod tests {
    use super::super::tests::world;
    use super::super::*;
    use nhbot_world::intrinsics::Intrinsic;

    fn rules() -> PrayerRules {
        PrayerRules {
            first_turn: 100,
            gap: 500,
            refusals_to_give_up: 1,
            lycanthropy_waits_for_weak: true,
            lycanthropy_max_refusal: 0.25,
            were_form_max_refusal: 0.35,
            ..PrayerRules::default()
        }
    }

    #[test]
    fn lycanthropy_prays_within_the_gap_once_a_refusal_is_unlikely_enough() {
        let rules = rules();
        // Seed 96 (b26): feverish ~400 turns after a granted prayer, changed at T3455.
        let mut w = world(40, 45, 3455);
        w.last_prayer_turn = Some(3075);
        assert!(!should_pray_now(&w, rules), "no trouble");
        w.intrinsics.insert(Intrinsic::Lycanthropy);
        assert!(!timeout_safe(&w, rules), "380 turns: within the gap");
        let chance = w.prayer_refusal_chance();
        assert!(chance > 0.25 && chance < 0.35, "{chance}");
        assert!(!should_pray_now(&w, rules), "human form: 25% at most");
        let off = PrayerRules {
            lycanthropy_max_refusal: 0.0,
            were_form_max_refusal: 0.0,
            ..rules
        };
        w.status.polymorphed = true;
        assert!(should_pray_now(&w, rules), "were-form: 35% at most");
        assert!(!should_pray_now(&w, off), "the options off wait the gap");
        let (_, why) = crate::steps::pray_step(&w, rules).expect("a prayer");
        assert!(why.contains("were-form") && why.contains("35%"), "{why}");
        w.status.polymorphed = false;
        w.turn = 3075 + 420;
        assert!(should_pray_now(&w, rules), "420 turns: ~21%");
        assert!(!should_pray_now(&w, off));
        // Hungry: lycanthropy_waits_for_weak still waits.
        w.status.hunger = nhbot_world::Hunger::Hungry;
        assert!(!should_pray_now(&w, rules), "Hungry: wait for Weak");
        w.status.hunger = nhbot_world::Hunger::NotHungry;
        // Last prayer refused: the god is given up on.
        w.refused_prayers = vec![3075];
        assert!(!should_pray_now(&w, rules), "refused: no prayer");
        w.refused_prayers.clear();
        w.last_prayer_turn = Some(w.turn - 20);
        w.status.polymorphed = true;
        assert!(!should_pray_now(&w, rules), "just prayed");
    }
}
