//! Attacks our intrinsics make harmless: a breath of frost on a cold-resistant Valkyrie does
//! nothing (zap.c `zhitu`), so a winter wolf in line is no line of fire to keep out of (seed 8
//! of b27-int31 refused Elbereth beside a leocrotta "in the line of fire of a winter wolf: it
//! breathes", struck on and died).

use crate::monsters::Attack;
use nhbot_world::{Intrinsic, World};

/// The intrinsic that makes an attack's damage type harmless, if one does.
fn protection(damage: &str) -> Option<Intrinsic> {
    Some(match damage {
        "cold" => Intrinsic::ColdResistance,
        "fire" => Intrinsic::FireResistance,
        "elec" => Intrinsic::ShockResistance,
        "slee" => Intrinsic::SleepResistance,
        "drst" | "pois" => Intrinsic::PoisonResistance,
        "disn" => Intrinsic::DisintegrationResistance,
        _ => return None,
    })
}

/// Whether the world believes we resist this attack's damage entirely.
pub fn resisted(w: &World, attack: &Attack) -> bool {
    protection(&attack.damage).is_some_and(|i| w.intrinsics.contains(&i))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn breath(damage: &str) -> Attack {
        Attack {
            kind: "brea".into(),
            damage: damage.into(),
            dice: crate::monsters::Dice { n: 2, sides: 6 },
        }
    }

    #[test]
    fn frost_is_harmless_only_to_the_cold_resistant() {
        let mut w = World::default();
        assert!(!resisted(&w, &breath("cold")));
        w.intrinsics.insert(Intrinsic::ColdResistance);
        assert!(resisted(&w, &breath("cold")));
        assert!(!resisted(&w, &breath("fire")));
        assert!(
            !resisted(&w, &breath("magm")),
            "magic missiles need magic resistance"
        );
    }
}
