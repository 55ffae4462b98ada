//! The prayer timeout as the screen lets us estimate it, and the trouble a prayer fixes: one
//! definition for the skills (`should_pray`) and for Lua (`world:can_pray_safely()`).
//!
//! NetHack 3.6.6 (pray.c): the timeout starts at 300 and goes down by one a turn (more with
//! Luck, which we do not know: ignored, so the estimate errs high). A successful prayer sets it
//! to rnz(350), in 50..1000 nearly always; we take the high end. Praying in major trouble works
//! while the timeout is at most 200; [`SAFE_TIMEOUT`] keeps a margin under that.

use crate::{Hunger, World};

/// The timeout a game starts with.
pub const START_TIMEOUT: i64 = 300;
/// The timeout we assume after a prayer (the high end of rnz(350)).
pub const TIMEOUT_AFTER_PRAYER: i64 = 1000;
/// A prayer in major trouble is believed safe while the estimate is below this (the game's
/// limit is 200; the margin covers what we cannot see, like Luck and rnz's tail).
pub const SAFE_TIMEOUT: i64 = 100;

/// Whether a message is the god refusing a prayer (pray.c `angrygods`, and `pleased` with
/// nothing fixed): "You feel that Tyr is displeased." (hallucinating: "bummed"), "Thou must
/// relearn thy lessons!", "Thou hast angered me.", "Thou durst call upon me?".
pub fn refusal(message: &str) -> bool {
    (message.starts_with("You feel that ")
        && (message.ends_with(" is displeased.") || message.ends_with(" is bummed.")))
        || message.contains("Thou must relearn thy lessons!")
        || message.contains("Thou hast angered me.")
        || message.contains("Thou durst ")
}

impl World {
    /// Turns since the last prayer began, if we prayed in this game.
    pub fn turns_since_prayer(&self) -> Option<i64> {
        self.last_prayer_turn.map(|t| (self.turn - t).max(0))
    }

    /// Our (high) estimate of the prayer timeout now: it starts at [`START_TIMEOUT`], is set to
    /// [`TIMEOUT_AFTER_PRAYER`] by a prayer and goes down by one a turn, never below 0.
    pub fn prayer_timeout_estimate(&self) -> i64 {
        match self.turns_since_prayer() {
            None => (START_TIMEOUT - self.turn).max(0),
            Some(since) => (TIMEOUT_AFTER_PRAYER - since).max(0),
        }
    }

    /// The troubles that kill within a few turns whatever else we do (pray.c `in_trouble`:
    /// stoning, sliming, strangling, food poisoning and illness, from the status line): a
    /// prayer is the cure we always have, so it is worth praying whatever the timeout.
    pub fn deadly_trouble(&self) -> Option<String> {
        use crate::Condition::*;
        [Stone, Slime, Strangled, FoodPois, Ill]
            .into_iter()
            .find(|c| self.status.conditions.contains(c))
            .map(|c| format!("{c:?} (deadly within turns)"))
    }

    /// The major trouble a prayer would fix, if we are in one (pray.c `in_trouble`: the deadly
    /// ones above; HP below 6 or at most a seventh of max; lycanthropy; Weak from hunger or
    /// worse).
    pub fn prayer_trouble(&self) -> Option<String> {
        if let Some(deadly) = self.deadly_trouble() {
            return Some(deadly);
        }
        let (hp, max) = (self.status.hp, self.status.hp_max);
        if max > 0 && (hp <= 5 || hp * 7 <= max) {
            return Some(format!("HP {hp}/{max} is low to the gods"));
        }
        if matches!(
            self.status.hunger,
            Hunger::Weak | Hunger::Fainting | Hunger::Fainted
        ) {
            return Some(format!("{:?} from hunger", self.status.hunger));
        }
        if self
            .intrinsics
            .contains(&crate::intrinsics::Intrinsic::Lycanthropy)
        {
            return Some("lycanthropy (\"You feel feverish.\")".into());
        }
        None
    }

    /// In major trouble and the timeout estimate below [`SAFE_TIMEOUT`].
    pub fn can_pray_safely(&self) -> bool {
        self.prayer_trouble().is_some() && self.prayer_timeout_estimate() < SAFE_TIMEOUT
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
    fn the_estimate_counts_down_from_the_start_and_from_each_prayer() {
        let mut w = world(16, 16, 1);
        assert_eq!(w.turns_since_prayer(), None);
        assert_eq!(w.prayer_timeout_estimate(), 299);
        w.turn = 250;
        assert_eq!(w.prayer_timeout_estimate(), 50);
        w.turn = 5000;
        assert_eq!(w.prayer_timeout_estimate(), 0);
        w.last_prayer_turn = Some(4800);
        assert_eq!(w.turns_since_prayer(), Some(200));
        assert_eq!(w.prayer_timeout_estimate(), 800);
        w.turn = 6000;
        assert_eq!(w.prayer_timeout_estimate(), 0);
    }

    #[test]
    fn safe_only_in_trouble_and_with_a_low_estimate() {
        // Low HP (a seventh of max, or under 6) is trouble; a healthy hero never prays.
        assert!(world(5, 16, 1).prayer_trouble().is_some());
        assert!(world(6, 16, 1).prayer_trouble().is_none());
        assert!(world(14, 100, 1).prayer_trouble().is_some());
        assert!(world(15, 100, 1).prayer_trouble().is_none());
        assert!(!world(5, 16, 150).can_pray_safely(), "estimate 150");
        assert!(world(5, 16, 201).can_pray_safely(), "estimate 99");
        assert!(!world(16, 16, 5000).can_pray_safely(), "no trouble");
        let mut weak = world(16, 16, 5000);
        weak.status.hunger = Hunger::Weak;
        assert!(weak.can_pray_safely());
        weak.last_prayer_turn = Some(4500);
        assert!(!weak.can_pray_safely(), "prayed 500 turns ago");
    }
}
