//! Poisonous corpses eaten for poison resistance (`eat_fresh_corpse`'s `poison_resistance`).
//! eat.c: a poisonous corpse four times in five costs 1d4 Str and 1d15 HP without poison
//! resistance ("Ecch - that must have been poisonous!"), nothing with it. cpostfx tries one of
//! the intrinsics the corpse may give at random, and should_givit gives poison resistance when
//! the monster's level > rn2(15) (killer bees and scorpions: rn2(1) one time in four), so a
//! killer bee gives it 30% of the time, a soldier ant 20% (these odds were once read the other
//! way round, 70% and 80%: the `poison_min_odds: 70` bench of b27 ate exactly these two).

use crate::monsters::MonsterInfo;
use nhbot_world::intrinsics::Intrinsic;
use nhbot_world::World;

/// How poisonous corpses are judged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PoisonRule {
    /// Refused (unless starving): the old rule.
    #[default]
    Refuse,
    /// Poison resistant ("You feel healthy."): poisonous corpses are safe.
    Resistant,
    /// Not resistant, with HP to spare: poisonous corpses that give poison resistance with
    /// at least these odds (percent; 0: any odds above none).
    Seeking { min_odds: u8 },
}

/// `eat_fresh_corpse`'s `poison_resistance` parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoisonParams {
    /// Seeking needs HP at least this percent of the maximum...
    pub min_hp_percent: i32,
    /// ...and above this (1d15 at most).
    pub min_hp: i32,
    /// Seeking eats only corpses with at least these odds (percent) of giving it.
    pub min_odds: u8,
}

impl PoisonParams {
    /// The rule now: resistant once the world learnt it, seeking with HP to spare.
    pub fn rule(&self, w: &World) -> PoisonRule {
        if w.has_intrinsic(Intrinsic::PoisonResistance) {
            return PoisonRule::Resistant;
        }
        let (hp, max) = (w.status.hp, w.status.hp_max);
        if hp > self.min_hp && max > 0 && hp * 100 >= self.min_hp_percent * max {
            PoisonRule::Seeking {
                min_odds: self.min_odds,
            }
        } else {
            PoisonRule::Refuse
        }
    }
}

/// The rule of `eat_fresh_corpse`: seeking with `seeking` (`poison_resistance`); else, with
/// `when_resistant` (`eat_poisonous_when_resistant`), poisonous corpses are plain food once
/// the world knows we are resistant (no Str or HP to lose then); else refused.
pub fn corpse_rule(seeking: Option<PoisonParams>, when_resistant: bool, w: &World) -> PoisonRule {
    match seeking {
        Some(p) => p.rule(w),
        None if when_resistant && w.has_intrinsic(Intrinsic::PoisonResistance) => {
            PoisonRule::Resistant
        }
        None => PoisonRule::Refuse,
    }
}

/// The odds (0..1) that eating one corpse of `m` gives poison resistance.
pub fn poison_res_odds(m: &MonsterInfo) -> f64 {
    let Some(n) = m
        .corpse
        .iter()
        .find_map(|c| c.strip_prefix("poisonres/")?.parse::<u32>().ok())
    else {
        return 0.0;
    };
    // P(level > rn2(chance)) with rn2 uniform on 0..chance (eat.c should_givit).
    let given = |chance: i32| f64::from(m.level.clamp(0, chance)) / f64::from(chance);
    let tried = if m.name == "killer bee" || m.name == "scorpion" {
        0.25 * given(1) + 0.75 * given(15)
    } else {
        given(15)
    };
    tried / f64::from(n.max(1))
}

/// Whether `rule` lets a poisonous corpse of `m` be eaten (its other hazards aside).
pub fn poisonous_ok(m: &MonsterInfo, rule: PoisonRule) -> bool {
    match rule {
        PoisonRule::Refuse => false,
        PoisonRule::Resistant => true,
        PoisonRule::Seeking { min_odds } => {
            let odds = poison_res_odds(m);
            odds > 0.0 && odds * 100.0 >= f64::from(min_odds) - 1e-9
        }
    }
}

/// What the reason adds for a poisonous corpse eaten under `rule`.
pub fn poison_note(m: &MonsterInfo, rule: PoisonRule, w: &World) -> String {
    if !m.corpse_is("poisonous") {
        return String::new();
    }
    match rule {
        PoisonRule::Refuse => String::new(),
        PoisonRule::Resistant => "; poisonous, but we are poison resistant".into(),
        PoisonRule::Seeking { .. } => format!(
            "; poisonous, eaten for poison resistance ({:.0}% odds, HP {}/{})",
            100.0 * poison_res_odds(m),
            w.status.hp,
            w.status.hp_max
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monsters;

    fn odds(name: &str) -> f64 {
        poison_res_odds(monsters::find_in_text(name).unwrap())
    }

    #[test]
    fn odds_follow_should_givit() {
        // Killer bee (level 1): 1/4 (rn2(1) = 0 < 1) + 3/4 * 1/15.
        assert!((odds("killer bee") - 0.3).abs() < 1e-9);
        // Soldier ant (level 3): 3/15.
        assert!((odds("soldier ant") - 0.2).abs() < 1e-9);
        // Scorpion (level 5): 1/4 + 3/4 * 5/15.
        assert!((odds("scorpion") - 0.5).abs() < 1e-9);
        // Homunculus (level 2) may give sleep resistance instead: 1/2 * 2/15.
        assert!((odds("homunculus") - 1.0 / 15.0).abs() < 1e-9);
        // Cockatrice: stone resistance is never given, so poison alone (level 5: 5/15).
        assert!((odds("cockatrice") - 5.0 / 15.0).abs() < 1e-9);
        assert_eq!(odds("kobold"), 0.0, "poisonous, gives nothing");
        assert_eq!(odds("green dragon"), 1.0, "level 15 > rn2(15) always");
    }

    #[test]
    fn the_rule_needs_hp_to_spare_until_resistant() {
        let params = PoisonParams {
            min_hp_percent: 70,
            min_hp: 20,
            min_odds: 0,
        };
        let mut w = World::default();
        w.status.hp = 28;
        w.status.hp_max = 40;
        assert_eq!(params.rule(&w), PoisonRule::Seeking { min_odds: 0 });
        w.status.hp = 27;
        assert_eq!(params.rule(&w), PoisonRule::Refuse, "below 70%");
        w.status.hp = 20;
        w.status.hp_max = 20;
        assert_eq!(
            params.rule(&w),
            PoisonRule::Refuse,
            "20 HP: 1d15 leaves too little"
        );
        w.intrinsics.insert(Intrinsic::PoisonResistance);
        assert_eq!(params.rule(&w), PoisonRule::Resistant, "HP no matter then");
        let kobold = monsters::find_in_text("kobold").unwrap();
        let bee = monsters::find_in_text("killer bee").unwrap();
        assert!(poisonous_ok(kobold, PoisonRule::Resistant));
        let seeking = PoisonRule::Seeking { min_odds: 0 };
        assert!(!poisonous_ok(kobold, seeking));
        assert!(poisonous_ok(bee, seeking));
        // Odds of 30% at least: the killer bee (30%), not the homunculus (7%).
        let homunculus = monsters::find_in_text("homunculus").unwrap();
        let thirty = PoisonRule::Seeking { min_odds: 30 };
        assert!(poisonous_ok(bee, thirty));
        assert!(!poisonous_ok(homunculus, thirty));
        assert!(poisonous_ok(homunculus, seeking));
        assert!(!poisonous_ok(bee, PoisonRule::Refuse));
    }

    #[test]
    fn when_resistant_alone_never_seeks() {
        let mut w = World::default();
        w.status.hp = 40;
        w.status.hp_max = 40;
        assert_eq!(corpse_rule(None, false, &w), PoisonRule::Refuse);
        assert_eq!(
            corpse_rule(None, true, &w),
            PoisonRule::Refuse,
            "full HP, not resistant: no seeking"
        );
        let seeking = PoisonParams {
            min_hp_percent: 70,
            min_hp: 20,
            min_odds: 0,
        };
        assert_eq!(
            corpse_rule(Some(seeking), false, &w),
            PoisonRule::Seeking { min_odds: 0 }
        );
        w.intrinsics.insert(Intrinsic::PoisonResistance);
        w.status.hp = 3;
        assert_eq!(
            corpse_rule(None, true, &w),
            PoisonRule::Resistant,
            "HP no matter"
        );
        assert_eq!(
            corpse_rule(None, false, &w),
            PoisonRule::Refuse,
            "the old rule"
        );
        assert_eq!(corpse_rule(Some(seeking), false, &w), PoisonRule::Resistant);
    }
}
