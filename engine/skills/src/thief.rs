//! Monsters that steal rather than wound: a nymph takes an item a touch (armour over a few
//! turns: "she seduces you and you start taking off..."), a leprechaun our gold, and each then
//! teleports away on the level (mhitu.c `AD_SITM`, `AD_SGLD`). Their damage dice say nothing of
//! that loss: the b27 bench lost 302 items to nymphs in 86 of 200 games (the long sword in 30,
//! food rations in 19), every one after a blow of ours left her the turn to steal.

use crate::threat::Threat;
use nhbot_world::World;

/// What `t` would steal from us, if it is a thief: every `n` is a nymph (and every `l` a
/// leprechaun, a thief only while we carry gold). `None` for anything else, and while
/// hallucinating (its glyph is a guess then).
pub fn thief(t: &Threat, w: &World) -> Option<&'static str> {
    if w.hallucinating() || t.unknown.is_some() {
        return None;
    }
    if t.glyph == 'n' || t.name.contains("nymph") {
        Some("steals an item a touch")
    } else if (t.glyph == 'l' || t.name == "leprechaun") && w.status.gold > 0 {
        Some("steals our gold")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn threat(glyph: char, name: &str) -> Threat {
        Threat {
            glyph,
            level: 3,
            ac: 9,
            ..crate::threat::sample(name, nhbot_world::Pos::new(11, 10))
        }
    }

    #[test]
    fn nymphs_always_and_leprechauns_only_with_gold_are_thieves() {
        let mut w = World::default();
        assert!(thief(&threat('n', "water nymph"), &w).is_some());
        assert_eq!(
            thief(&threat('l', "leprechaun"), &w),
            None,
            "no gold to steal"
        );
        w.status.gold = 40;
        assert_eq!(
            thief(&threat('l', "leprechaun"), &w),
            Some("steals our gold")
        );
        assert_eq!(thief(&threat('a', "soldier ant"), &w), None);
        let mut guessed = threat('n', "mountain nymph");
        guessed.unknown = Some("hallucinating");
        assert_eq!(thief(&guessed, &w), None, "a guessed kind is no thief");
    }
}
