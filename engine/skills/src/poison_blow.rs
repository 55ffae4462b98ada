//! What a poisonous blow (a killer bee's or soldier ant's sting: `drst`, `drdx`, `drco`) adds to
//! its dice (the `poison` params of `fight_or_flee` and `elbereth_first`). mhitu.c `hitmu`: an
//! uncancelled hit poisons one time in 8 (we wear no magic cancellation to count on); then
//! mhitu.c `poisoned(.., 30, FALSE)` rolls rn2(30): 0 kills outright ("The poison was
//! deadly..."), 1..5 cost the stat, 6..29 cost rn1(10, 6) = 6..15 HP. Poison resistance stops
//! all of it. The look-ahead and the danger sums count only the dice without this: a killer
//! bee's 1d3 sting is worth ~50% more, and 6 of the 200-game bench's 23 deaths to `a` were the
//! instant death (seeds 6, 18, 67, 74, 87, 104 of b29).

use crate::monsters::{Attack, MonsterInfo};
use crate::threat::monster_hit_chance;

/// One hit in this many poisons.
const POISON_ONE_IN: f64 = 8.0;
/// `poisoned`'s roll: rn2(30).
const ROLL: f64 = 30.0;
/// Rolls that cost HP (6..29) rather than the stat (1..5) or the life (0).
const HP_ROLLS: f64 = 24.0;
/// The HP a poisoned hit costs: rn1(10, 6).
const HP_LOSS: std::ops::RangeInclusive<usize> = 6..=15;

/// Whether the attack poisons (Str, Dex or Con).
pub fn poisons(a: &Attack) -> bool {
    matches!(a.damage.as_str(), "drst" | "drdx" | "drco")
}

/// The HP a hit of a poisonous attack adds on average: (1/8) x (24/30) x 10.5.
pub fn mean_extra() -> f64 {
    let mean_loss = (*HP_LOSS.start() + *HP_LOSS.end()) as f64 / 2.0;
    mean_loss * HP_ROLLS / ROLL / POISON_ONE_IN
}

/// The chance one hit kills outright: (1/8) x (1/30).
pub fn deadly_per_hit() -> f64 {
    1.0 / ROLL / POISON_ONE_IN
}

/// What a hit of a poisonous attack adds, as a distribution over damage (index = HP), the
/// instant death put at `death` (a damage no HP survives: the caller's cap).
pub fn extra_distribution(death: usize) -> Vec<f64> {
    let death = death.max(*HP_LOSS.end() + 1);
    let mut dist = vec![0.0; death + 1];
    let poisoned = 1.0 / POISON_ONE_IN;
    dist[0] = 1.0 - poisoned + poisoned * (ROLL - HP_ROLLS - 1.0) / ROLL;
    let each = poisoned * HP_ROLLS / ROLL / HP_LOSS.clone().count() as f64;
    for d in HP_LOSS {
        dist[d] += each;
    }
    dist[death] += deadly_per_hit();
    dist
}

/// The expected HP a turn that `m`'s poison adds to its dice against AC `ac`, speed included
/// (0 for a monster without a poisonous melee attack).
pub fn expected_extra(m: &MonsterInfo, ac: i32) -> f64 {
    let hit = monster_hit_chance(m.level, ac);
    let moves = f64::from(m.speed.max(1)) / 12.0;
    let stings = m
        .attacks
        .iter()
        .filter(|a| !a.is_passive() && !a.is_ranged() && poisons(a))
        .count();
    hit * moves * stings as f64 * mean_extra()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monsters;

    #[test]
    fn the_extra_follows_poisoned() {
        assert!((mean_extra() - 1.05).abs() < 1e-9);
        assert!((deadly_per_hit() - 1.0 / 240.0).abs() < 1e-12);
        let dist = extra_distribution(100);
        assert!(
            (dist.iter().sum::<f64>() - 1.0).abs() < 1e-9,
            "a distribution"
        );
        assert!((dist[100] - 1.0 / 240.0).abs() < 1e-12, "death at the cap");
        assert_eq!(dist[5], 0.0);
        assert!(dist[6] > 0.0 && dist[15] > 0.0 && dist[16] == 0.0);
        let mean: f64 = dist[..100]
            .iter()
            .enumerate()
            .map(|(d, p)| d as f64 * p)
            .sum();
        assert!((mean - mean_extra()).abs() < 1e-9, "{mean}");
        assert_eq!(
            extra_distribution(3).len(),
            17,
            "the cap stays above any HP loss"
        );
    }

    #[test]
    fn only_stings_that_poison_add() {
        let bee = monsters::find_in_text("killer bee").unwrap();
        let ant = monsters::find_in_text("soldier ant").unwrap();
        let fire_ant = monsters::find_in_text("fire ant").unwrap();
        assert!(poisons(&bee.attacks[0]));
        assert!(!poisons(&ant.attacks[0]), "the bite");
        assert!(poisons(&ant.attacks[1]), "the sting");
        assert_eq!(expected_extra(fire_ant, 5), 0.0);
        // Speed 18, one sting each: the same extra for both at the same hit chance.
        let (b, a) = (expected_extra(bee, 0), expected_extra(ant, 0));
        assert!(b > 0.0 && a > b, "the ant is level 3, hits more: {b} {a}");
    }
}
