//! Waiting to pray for hunger alone until a refusal is unlikely (`PrayerRules::hunger_max_refusal`).

use super::{PrayerRules, HUNGER_WAIT_FROM};
use nhbot_world::World;

/// Why a prayer for hunger alone waits for a lower chance of refusal, if it does (the rules'
/// `hunger_max_refusal`): since [`HUNGER_WAIT_FROM`] turns after a granted prayer, while the
/// chance is above the limit and no hostile that can strike us is in view.
pub(super) fn hunger_waits(w: &World, rules: PrayerRules) -> Option<String> {
    let since = w.turns_since_prayer()?;
    let refusal = w.prayer_refusal_chance();
    let refused_last = w.refused_prayers.last() == w.last_prayer_turn.as_ref();
    if refused_last || since < HUNGER_WAIT_FROM || refusal <= rules.hunger_max_refusal {
        return None;
    }
    let weak_only = w.status.hunger == nhbot_world::Hunger::Weak;
    if !(rules.weak_wait_ignores_foes && weak_only) && foe_in_view(w).is_some() {
        return None;
    }
    Some(format!(
        "{:?} from hunger {since} turns after the last prayer, no foe in view: waiting to pray \
         until it is refused as too soon with chance at most {:.1}% (now {:.1}%)",
        w.status.hunger,
        100.0 * rules.hunger_max_refusal,
        100.0 * refusal
    ))
}

/// A visible hostile with an active attack (a floating eye, a mold only hurt what strikes
/// them: they do not end a wait next to them).
pub fn foe_in_view(w: &World) -> Option<String> {
    w.monsters
        .iter()
        .filter(|m| m.maybe_hostile())
        .filter_map(|m| crate::threat::assess(w, m))
        .find(|t| t.max_damage > 0)
        .map(|t| format!("{} at ({}, {})", t.kind(), t.pos.x, t.pos.y))
}

#[cfg(test)]
mod tests {
    use super::super::tests::world;
    use super::super::*;
    use nhbot_world::Hunger;

    /// The rules of both tests: hunger_max_refusal at survive.yaml's 2.5%.
    fn rules() -> PrayerRules {
        super::super::tests::survive_rules()
    }

    fn monster(w: &mut World, ch: char, color: u8, dx: i16) {
        w.monsters.push(nhbot_world::Monster {
            pos: nhbot_world::Pos {
                x: w.player.x + dx,
                y: w.player.y,
            },
            ch,
            color,
            first_seen: w.turn,
            last_seen: w.turn,
            ..Default::default()
        });
    }

    #[test]
    fn hunger_alone_waits_for_a_safer_prayer_unless_a_foe_is_in_view() {
        let rules = rules();
        // Seed 187 (b23): Weak 853 turns after each granted prayer, nothing to eat.
        let mut w = world(30, 30, 7943);
        w.player = nhbot_world::Pos { x: 40, y: 10 };
        w.last_prayer_turn = Some(7090);
        w.status.hunger = Hunger::Weak;
        assert!(w.prayer_refusal_chance() > 0.07, "~7.8% too soon");
        assert!(!should_pray_now(&w, rules), "Weak 853 turns on: wait");
        let why = waits(&w, rules).expect("a reason to wait");
        assert!(why.contains("853 turns") && why.contains("2.5%"), "{why}");
        assert!(
            should_pray_now(
                &w,
                PrayerRules {
                    hunger_max_refusal: 1.0,
                    ..rules
                }
            ),
            "the option off prays at once, as before"
        );
        w.status.hunger = Hunger::Fainting;
        assert!(!should_pray_now(&w, rules), "Fainting alone: still waits");
        // A floating eye strikes nothing: it does not end the wait.
        monster(&mut w, 'e', nhbot_world::tiles::clr::BLUE, 1);
        assert!(!should_pray_now(&w, rules), "a floating eye beside us");
        // A jackal would bite us through the fainting spells: pray now.
        monster(&mut w, 'd', nhbot_world::tiles::clr::BROWN, -3);
        assert!(foe_in_view(&w).is_some());
        assert!(should_pray_now(&w, rules), "a jackal in view");
        let ignoring = PrayerRules {
            weak_wait_ignores_foes: true,
            ..rules
        };
        assert!(should_pray_now(&w, ignoring), "Fainting: the jackal counts");
        w.status.hunger = Hunger::Weak;
        assert!(should_pray_now(&w, rules), "Weak, a jackal in view");
        assert!(
            !should_pray_now(&w, ignoring),
            "Weak: the jackal is no reason"
        );
        w.monsters.clear();
        w.turn = 7090 + 1210;
        assert!(w.prayer_refusal_chance() <= 0.025);
        assert!(
            should_pray_now(&w, rules),
            "1,210 turns on: the risk is low"
        );
        assert_eq!(waits(&w, rules), None);
    }

    #[test]
    fn hunger_soon_after_a_prayer_for_hp_does_not_wait() {
        let rules = rules();
        // Prayed for HP 300 turns ago while Hungry: this Fainting may be old, no meal since.
        let mut w = world(20, 30, 5000);
        w.last_prayer_turn = Some(4700);
        w.status.hunger = Hunger::Fainting;
        assert_eq!(waits(&w, rules), None);
        assert!(
            should_pray_now(&w, rules),
            "Fainting: pray (fainting_prays)"
        );
        // HP low too: never waits.
        w.last_prayer_turn = Some(4000);
        w.status.hp = 3;
        assert!(should_pray_now(&w, rules), "HP 3/30 and Fainting");
        // Never prayed: the first prayer is free.
        w.status.hp = 20;
        w.last_prayer_turn = None;
        w.status.hunger = Hunger::Weak;
        assert!(should_pray_now(&w, rules), "the first prayer");
    }
}
