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
/// Major trouble is fixed while the timeout is at most this (pray.c `can_pray`).
pub const MAJOR_TROUBLE_LIMIT: i64 = 200;

/// The chance of a refusal (too soon) at or below which a prayer for hunger counts as free:
/// the first prayer of a game once the starting timeout is down (0%), or one ~1,400 turns or
/// more after a granted prayer (2%). A prayer left unused only stops counting down, so pack
/// food eaten while it is free is food lost: 20 of the 23 starved games of the 200-game bench
/// ate their starting ration (and up to 4 more) when first Hungry, prayer never used, and
/// starved when the prayers that followed ran out.
pub const FREE_PRAYER_RISK: f64 = 0.02;
/// Turns a prayer lasts (`nomul(-3)`): the new timeout is set when it ends.
const PRAYER_TURNS: i64 = 3;

/// The chance that a prayer in major trouble `since` turns after a granted one is refused as
/// too soon, with Luck 0 below XL 15 (pray.c, rnd.c): the granted prayer set the timeout to
/// rnz(350), one less each turn since, and the god answers only at 200 or less.
///
/// rnz(350): t = (1000 + rn2(1000)) * rne(4), rne(4) being 1 + the number of `!rn2(4)` in a
/// row, at most 5; then with even odds 350 * t / 1000 or 350 * 1000 / t. The second half is at
/// most 350, so after 150 turns only the first, long-tailed half refuses: 12.7% after 500
/// turns, 7.8% after 850, 1.6% after 1,500, none after 3,300. The bench's 986 prayers agree
/// (refused after a granted one: 11% within 700 turns, 7% within 1,000, 2% within 1,500,
/// none later; seeds 1..200).
pub fn refusal_chance(since: i64) -> f64 {
    refusal_chance_within(since, MAJOR_TROUBLE_LIMIT)
}

/// Minor trouble (hallucination, blindness...) is fixed while the timeout is at most this
/// (pray.c `can_pray`: `u.ublesscnt > 100` is too soon for a minor trouble).
pub const MINOR_TROUBLE_LIMIT: i64 = 100;

/// [`refusal_chance`] for a prayer the god answers only while the timeout is at most `limit`
/// ([`MAJOR_TROUBLE_LIMIT`] or [`MINOR_TROUBLE_LIMIT`]).
pub fn refusal_chance_within(since: i64, trouble_limit: i64) -> f64 {
    let limit = trouble_limit + (since - PRAYER_TURNS).max(0);
    // rne(4) below XL 15: P(1) = 3/4, P(2) = 3/16, P(3) = 3/64, P(4) = 3/256, P(5) = 1/256.
    let rne = [
        (1, 0.75),
        (2, 0.1875),
        (3, 0.046875),
        (4, 0.01171875),
        (5, 0.00390625),
    ];
    let mut refused = 0.0;
    for (factor, p_factor) in rne {
        // Counted exactly, as whole numbers: the same sum as adding the cases one by one.
        let over = rnz_draws_over(factor, limit) as f64;
        refused += p_factor * over / 2000.0;
    }
    refused
}

/// Of the 2000 equally likely draws of rnz(350) with rne(4) = `factor` (t = base * `factor`,
/// base in 1000..2000, then 350 * t / 1000 or 350 * 1000 / t), how many exceed `limit` (at
/// least 0). Both halves are monotone in the base, so each is a count up to a bound instead
/// of a loop over 1000 bases (this runs for several leaves every decision).
fn rnz_draws_over(factor: i64, limit: i64) -> i64 {
    let bases = 1000..2000i64;
    // 350 * t / 1000 > limit <=> 350 * base * factor >= 1000 * (limit + 1).
    // (`i64::div_ceil` is unstable; both sides are positive.)
    let first_long = (1000 * (limit + 1) + 350 * factor - 1) / (350 * factor);
    let long = bases.end - first_long.clamp(bases.start, bases.end);
    // 350 * 1000 / t > limit <=> base * factor <= 350 * 1000 / (limit + 1).
    let last_short = 350 * 1000 / (limit + 1) / factor;
    let short = (last_short + 1).clamp(bases.start, bases.end) - bases.start;
    long + short
}

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

/// Whether HP `hp` of `max` at experience level `xl` is major trouble to the gods (pray.c
/// `critically_low_hp`): at most 5, or at most `max` / divisor, with `max` capped at 15 per
/// level and the divisor growing with the level's rank (role.c `xlev_to_rank`): 5 for XL 1-5,
/// 6 for 6-13, 7 for 14-21, 8 for 22-29, 9 at 30. (A flat seventh, as assumed before, waited
/// below the game's line: HP 5 of 40 at XL 4, where the god already helps at 8.)
pub fn hp_critical(hp: i32, max: i32, xl: i32) -> bool {
    if max <= 0 {
        return false;
    }
    let xl = xl.max(1);
    let rank = if xl <= 2 {
        0
    } else if xl <= 30 {
        (xl + 2) / 4
    } else {
        8
    };
    let divisor = match rank {
        0 | 1 => 5,
        2 | 3 => 6,
        4 | 5 => 7,
        6 | 7 => 8,
        _ => 9,
    };
    hp <= 5 || hp * divisor <= max.min(15 * xl)
}

impl World {
    /// Whether our HP is major trouble to the gods now ([`hp_critical`] of the status line).
    pub fn hp_critical(&self) -> bool {
        hp_critical(self.status.hp, self.status.hp_max, self.status.xl)
    }

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
    /// ones above; HP below 6 or at most a fifth to a ninth of max by level, [`hp_critical`];
    /// lycanthropy; Weak from hunger or worse).
    pub fn prayer_trouble(&self) -> Option<String> {
        if let Some(deadly) = self.deadly_trouble() {
            return Some(deadly);
        }
        let (hp, max) = (self.status.hp, self.status.hp_max);
        if self.hp_critical() {
            return Some(format!(
                "HP {hp}/{max} at XL {} is low to the gods",
                self.status.xl
            ));
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

    /// The chance a prayer in major trouble now is refused as too soon: none before the
    /// first prayer once the starting timeout is down to 200 (turn 100), else
    /// [`refusal_chance`] of the turns since the last prayer.
    pub fn prayer_refusal_chance(&self) -> f64 {
        match self.turns_since_prayer() {
            None if START_TIMEOUT - self.turn <= MAJOR_TROUBLE_LIMIT => 0.0,
            None => 1.0,
            Some(since) => refusal_chance(since),
        }
    }

    /// The chance a prayer in minor trouble only (hallucination) is refused as too soon: none
    /// before the first prayer once the starting timeout is down to 100 (turn 200), else
    /// [`refusal_chance_within`] [`MINOR_TROUBLE_LIMIT`] of the turns since the last prayer.
    pub fn minor_prayer_refusal_chance(&self) -> f64 {
        match self.turns_since_prayer() {
            None if START_TIMEOUT - self.turn <= MINOR_TROUBLE_LIMIT => 0.0,
            None => 1.0,
            Some(since) => refusal_chance_within(since, MINOR_TROUBLE_LIMIT),
        }
    }

    /// In major trouble and the timeout estimate below [`SAFE_TIMEOUT`].
    pub fn can_pray_safely(&self) -> bool {
        self.prayer_trouble().is_some() && self.prayer_timeout_estimate() < SAFE_TIMEOUT
    }

    /// Whether a prayer for hunger is free now (see [`FREE_PRAYER_RISK`]) and the god never
    /// refused us.
    pub fn prayer_is_free(&self) -> bool {
        self.refused_prayers.is_empty() && self.prayer_refusal_chance() <= FREE_PRAYER_RISK
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

    /// rnz(350) drawn the way rnd.c draws it, every case weighted: the chance it exceeds
    /// `limit`. An independent spelling of the same rules, case by case.
    fn rnz_350_exceeds(limit: i64) -> f64 {
        let mut over = 0.0;
        for run in 0..5u32 {
            // rne(4): `run` more `!rn2(4)` in a row (prob 1/4 each), then a stop (3/4) unless
            // the cap of 5 is reached.
            let p_run = 0.25f64.powi(run as i32) * if run < 4 { 0.75 } else { 1.0 };
            let factor = i64::from(run) + 1;
            for rn2 in 0..1000 {
                let t = (1000 + rn2) * factor;
                for bigger in [true, false] {
                    let x = if bigger {
                        350 * t / 1000
                    } else {
                        350 * 1000 / t
                    };
                    if x > limit {
                        over += p_run * 0.5 / 1000.0;
                    }
                }
            }
        }
        over
    }

    /// `refusal_chance_within` as first written, one draw at a time: the counted version
    /// must give the very same number (decisions compare it with thresholds).
    fn refusal_chance_draw_by_draw(since: i64, trouble_limit: i64) -> f64 {
        let limit = trouble_limit + (since - PRAYER_TURNS).max(0);
        let rne = [
            (1, 0.75),
            (2, 0.1875),
            (3, 0.046875),
            (4, 0.01171875),
            (5, 0.00390625),
        ];
        let mut refused = 0.0;
        for (factor, p_factor) in rne {
            let over = (1000..2000)
                .map(|base| base * factor)
                .map(|t| {
                    u8::from(350 * t / 1000 > limit) as f64
                        + u8::from(350 * 1000 / t > limit) as f64
                })
                .sum::<f64>();
            refused += p_factor * over / 2000.0;
        }
        refused
    }

    #[test]
    fn the_counted_chance_is_the_draw_by_draw_one_exactly() {
        for limit in [MINOR_TROUBLE_LIMIT, MAJOR_TROUBLE_LIMIT] {
            for since in 0..4000 {
                assert_eq!(
                    refusal_chance_within(since, limit).to_bits(),
                    refusal_chance_draw_by_draw(since, limit).to_bits(),
                    "since {since}, limit {limit}"
                );
            }
        }
    }

    #[test]
    fn minor_trouble_needs_100_more_turns_than_major() {
        for since in [0, 300, 600, 1000, 2000] {
            let minor = refusal_chance_within(since, MINOR_TROUBLE_LIMIT);
            assert!((minor - rnz_350_exceeds(100 + (since - 3).max(0))).abs() < 1e-9);
            assert!(minor >= refusal_chance(since), "since {since}");
        }
        assert!((refusal_chance_within(603, 100) - refusal_chance(503)).abs() < 1e-9);
        let mut w = world(40, 60, 150);
        assert_eq!(w.minor_prayer_refusal_chance(), 1.0, "timeout 150 > 100");
        w.turn = 200;
        assert_eq!(w.minor_prayer_refusal_chance(), 0.0);
        w.last_prayer_turn = Some(100);
        assert!(
            w.minor_prayer_refusal_chance() > 0.5,
            "100 turns after a prayer"
        );
    }

    #[test]
    fn refusal_chance_follows_rnz_350_counted_down_from_the_prayers_end() {
        for since in [0, 100, 153, 300, 500, 850, 1000, 1500, 2500, 3300, 3500] {
            let want = rnz_350_exceeds(200 + (since - 3).max(0));
            let got = refusal_chance(since);
            assert!((got - want).abs() < 1e-9, "since {since}: {got} vs {want}");
        }
        // By hand: 500 turns -> rnz must exceed 697: 350 t / 1000 > 697 needs t >= 1995, so
        // rne(4) = 1 with rn2 >= 995 (5 in 1000) or rne(4) >= 2 (1/4), in the upper half.
        assert!((refusal_chance(500) - 0.5 * (0.75 * 0.005 + 0.25)).abs() < 1e-9);
        assert!(refusal_chance(850) > 0.07 && refusal_chance(850) < 0.085);
        assert!(refusal_chance(1500) < 0.02);
        assert_eq!(
            refusal_chance(3500),
            0.0,
            "rnz(350) is at most 3,498 below XL 15"
        );
        assert!(
            refusal_chance(100) > 0.5,
            "the lower half too is above 300 half the time"
        );
        // Monotone: waiting never hurts.
        let chances: Vec<f64> = (0..4000).step_by(50).map(refusal_chance).collect();
        assert!(chances.windows(2).all(|w| w[0] >= w[1]));
        // Before any prayer: the start's 300 is down to 200 at turn 100.
        let mut w = world(16, 16, 99);
        assert_eq!(w.prayer_refusal_chance(), 1.0);
        w.turn = 100;
        assert_eq!(w.prayer_refusal_chance(), 0.0);
        w.last_prayer_turn = Some(90);
        assert!((w.prayer_refusal_chance() - refusal_chance(10)).abs() < 1e-12);
    }

    #[test]
    fn low_hp_is_the_games_critically_low_hp_by_level() {
        // (hp, max, xl, trouble): pray.c `critically_low_hp` worked by hand.
        for (hp, max, xl, trouble) in [
            (5, 16, 1, true),    // 5 or less, always
            (6, 16, 1, false),   // 6 * 5 = 30 > 15 (16 capped at 15 per level)
            (8, 40, 4, true),    // 8 * 5 = 40 <= 40: a fifth below XL 6
            (9, 40, 4, false),   // 45 > 40
            (9, 60, 3, true),    // 60 capped at 45: 9 * 5 = 45
            (10, 60, 3, false),  // 50 > 45
            (11, 70, 8, true),   // 11 * 6 = 66 <= 70: a sixth at XL 6-13
            (12, 70, 8, false),  // 72 > 70
            (14, 100, 14, true), // 14 * 7 = 98: a seventh at XL 14-21
            (15, 100, 14, false),
            (12, 100, 22, true), // 12 * 8 = 96: an eighth at XL 22-29
            (13, 100, 22, false),
            (11, 100, 30, true), // 99: a ninth at XL 30
            (12, 100, 30, false),
        ] {
            assert_eq!(
                hp_critical(hp, max, xl),
                trouble,
                "HP {hp}/{max} at XL {xl}"
            );
        }
        assert!(!hp_critical(0, 0, 1), "no status yet");
    }

    #[test]
    fn safe_only_in_trouble_and_with_a_low_estimate() {
        // Low HP is trouble; a healthy hero never prays.
        assert!(world(5, 16, 1).prayer_trouble().is_some());
        assert!(world(6, 16, 1).prayer_trouble().is_none());
        let mut xl14 = world(14, 100, 1);
        xl14.status.xl = 14;
        assert!(xl14.prayer_trouble().is_some());
        xl14.status.hp = 15;
        assert!(xl14.prayer_trouble().is_none());
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
