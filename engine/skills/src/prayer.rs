//! When to pray: in trouble the gods fix (low HP, weakness from hunger) and only when the
//! prayer timeout is believed to have run out.

use nhbot_world::{Hunger, World};

/// Our beliefs about the prayer timeout. It starts at 300 and a safe prayer needs it low
/// (below 200 in major trouble, so ~turn 100 with Luck 0); after a prayer it is reset to
/// 50..1000, so ~1000 turns between prayers is safe.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PrayerRules {
    /// No prayer before this turn.
    pub first_turn: i64,
    /// Turns between two prayers.
    pub gap: i64,
}

impl Default for PrayerRules {
    fn default() -> Self {
        PrayerRules {
            first_turn: 300,
            gap: 1000,
        }
    }
}

/// The major trouble a prayer would fix, if we are in one (pray.c in_trouble: HP ≤ 5 or
/// HP ≤ max/7; Weak from hunger).
pub fn trouble(w: &World) -> Option<String> {
    let (hp, max) = (w.status.hp, w.status.hp_max);
    if max > 0 && (hp <= 5 || hp * 7 <= max) {
        return Some(format!("HP {hp}/{max} is low to the gods"));
    }
    if matches!(
        w.status.hunger,
        Hunger::Weak | Hunger::Fainting | Hunger::Fainted
    ) {
        return Some(format!("{:?} from hunger", w.status.hunger));
    }
    None
}

/// Whether the prayer timeout is believed safe now.
pub fn timeout_safe(w: &World, rules: PrayerRules) -> bool {
    match w.last_prayer_turn {
        None => w.turn >= rules.first_turn,
        Some(t) => w.turn - t >= rules.gap,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn world(hp: i32, max: i32, turn: i64) -> World {
        let mut w = World {
            turn,
            ..World::default()
        };
        w.status.hp = hp;
        w.status.hp_max = max;
        w
    }

    #[test]
    fn low_hp_is_below_a_seventh_or_under_six() {
        assert!(trouble(&world(5, 16, 1)).is_some());
        assert!(trouble(&world(6, 16, 1)).is_none());
        assert!(trouble(&world(15, 100, 1)).is_none());
        assert!(trouble(&world(14, 100, 1)).is_some());
        let mut w = world(16, 16, 1);
        w.status.hunger = Hunger::Weak;
        assert!(trouble(&w).is_some());
    }

    #[test]
    fn timeout_is_tracked() {
        let rules = PrayerRules::default();
        assert!(!timeout_safe(&world(1, 16, 299), rules));
        assert!(timeout_safe(&world(1, 16, 300), rules));
        let mut w = world(1, 16, 1200);
        w.last_prayer_turn = Some(400);
        assert!(!timeout_safe(&w, rules));
        w.turn = 1400;
        assert!(timeout_safe(&w, rules));
    }
}
