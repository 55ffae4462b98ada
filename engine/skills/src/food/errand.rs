//! Whether a hostile in view calls off a walk for food (`fetch_food`, `buy_food`). A mold that
//! never moves, or a lichen (speed 1, no damage), cannot come to us: seed 72 of the b28 bench
//! starved Weak beside a general store with 32 gold, its walk to a fortune cookie called off
//! 80 times by a brown mold inside the shop and `explore` walking back out each time; seed 43
//! walked 212 times toward a delicatessen with an `F` in it. With `ignore_still`, such a
//! monster calls the walk off only when it stands next to us or on the path.

use crate::threat::Threat;
use nhbot_world::Pos;

/// A hostile that cannot come to us: it never moves, or crawls at speed 1 with no damage.
pub fn still(th: &Threat) -> bool {
    th.speed == 0 || (th.speed <= 1 && th.max_damage == 0 && !th.deadly_touch)
}

/// Whether a hostile among `threats` within `radius` calls the errand off; with
/// `ignore_still`, a [`still`] one farther than a step does not. `exempt` spares others (a
/// shopkeeper at his post).
pub fn called_off(
    threats: &[Threat],
    radius: i16,
    ignore_still: bool,
    exempt: impl Fn(&Threat) -> bool,
) -> bool {
    threats.iter().any(|th| {
        th.hostile
            && th.distance <= radius
            && !exempt(th)
            && !(ignore_still && still(th) && th.distance > 1)
    })
}

/// Whether a hostile stands on one of `steps`: walking there is a blow at it.
pub fn hostile_on_path(threats: &[Threat], steps: &[Pos]) -> bool {
    threats
        .iter()
        .any(|th| th.hostile && steps.contains(&th.pos))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn threat(name: &str, speed: i32, max_damage: u32, distance: i16) -> Threat {
        Threat {
            pos: Pos::new(10 + distance, 10),
            glyph: 'F',
            name: name.into(),
            distance,
            expected_damage: 0.0,
            max_damage,
            deadly_touch: false,
            respects_elbereth: true,
            no_melee: None,
            hostile: true,
            gazes: false,
            speed,
            level: 1,
            ac: 9,
            unknown: None,
        }
    }

    #[test]
    fn molds_and_lichens_cannot_come_to_us_a_jackal_can() {
        assert!(still(&threat("brown mold", 0, 24, 3)));
        assert!(still(&threat("lichen", 1, 0, 3)));
        assert!(!still(&threat("violet fungus", 1, 4, 3)), "it hits");
        assert!(!still(&threat("jackal", 12, 2, 3)));
    }

    #[test]
    fn a_still_hostile_calls_the_walk_off_only_when_off_or_next_to_us() {
        let mold = [threat("brown mold", 0, 24, 3)];
        assert!(called_off(&mold, 6, false, |_| false), "off: as before");
        assert!(!called_off(&mold, 6, true, |_| false));
        let beside = [threat("brown mold", 0, 24, 1)];
        assert!(called_off(&beside, 6, true, |_| false));
        let jackal = [threat("jackal", 12, 2, 5)];
        assert!(called_off(&jackal, 6, true, |_| false));
        assert!(
            !called_off(&jackal, 4, true, |_| false),
            "beyond the radius"
        );
        assert!(!called_off(&jackal, 6, true, |_| true), "exempt");
    }

    #[test]
    fn a_hostile_on_the_path_is_seen() {
        let mold = [threat("brown mold", 0, 24, 3)];
        assert!(hostile_on_path(
            &mold,
            &[Pos::new(12, 10), Pos::new(13, 10)]
        ));
        assert!(!hostile_on_path(&mold, &[Pos::new(12, 11)]));
    }
}
