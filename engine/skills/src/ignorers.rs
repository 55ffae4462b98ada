//! Hostiles that ignore Elbereth (monmove.c `onscary`: the `@` class, humans and elves, and
//! minotaurs): known on this level, in view or seen lately, they make a hurt hero's usual
//! answers useless. Elves come in groups, move at our speed and hit for 10-15 a turn with
//! elven weapons; 18 of the b29 bench's 200 deaths were to elves, most after a rest or an
//! Elbereth on their level (seeds 149, 61, 65, 161, 22). Going up the stairs to rest on the
//! level above leaves behind every one not next to us when we climb.

use crate::recall::Recall;
use crate::threat::{self, distance, Threat};
use nhbot_world::{Monster, World};

/// One hostile that ignores Elbereth, as the reasons name it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ignorer {
    pub name: String,
    pub distance: i16,
    /// Turns since it was last seen (0: in view).
    pub unseen_for: i64,
}

/// Whether `t`, assessed from `m`, is a hostile that ignores Elbereth for what it is (not for
/// being unknown: an `I` or a monster seen hallucinating is no elf for sure).
fn ignores(r: &Recall, w: &World, m: &Monster, t: &Threat) -> bool {
    t.hostile
        && !t.respects_elbereth
        && t.unknown.is_none()
        && !m.tame
        && m.peaceful != Some(true)
        && !crate::peaceful::suspected_monster(&r.peaceful, w, m)
}

/// The nearest hostile that ignores Elbereth in view, or else the one last seen on this level
/// within `memory` turns (dead ones are forgotten by the world).
pub fn known(r: &Recall, w: &World, memory: i64) -> Option<Ignorer> {
    let in_view = w
        .monsters
        .iter()
        .filter_map(|m| Some((m, threat::assess(w, m)?)))
        .filter(|(m, t)| ignores(r, w, m, t))
        .min_by_key(|(_, t)| t.distance)
        .map(|(_, t)| Ignorer {
            name: t.name,
            distance: t.distance,
            unseen_for: 0,
        });
    in_view.or_else(|| {
        w.remembered
            .iter()
            .filter(|m| w.turn - m.last_seen <= memory)
            .filter_map(|m| Some((m, threat::assess(w, m)?)))
            .filter(|(m, t)| ignores(r, w, m, t))
            .max_by_key(|(m, _)| m.last_seen)
            .map(|(m, t)| Ignorer {
                name: t.name,
                distance: distance(m.pos, w.player),
                unseen_for: w.turn - m.last_seen,
            })
    })
}

impl Ignorer {
    /// "Woodland-elf 3 squares away" / "Woodland-elf last seen 12 turns ago".
    pub fn describe(&self) -> String {
        if self.unseen_for == 0 {
            format!("{} {} square(s) away", self.name, self.distance)
        } else {
            format!("{} last seen {} turn(s) ago", self.name, self.unseen_for)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seen::world;
    use nhbot_world::Pos;

    fn named(rows: &[&str], name: &str) -> World {
        let mut w = world(rows);
        (w.status.hp, w.status.hp_max, w.status.xl, w.status.ac) = (20, 60, 6, 4);
        for m in &mut w.monsters {
            m.name = Some(name.into());
        }
        w
    }

    #[test]
    fn an_elf_in_view_is_known_a_jackal_is_not() {
        let rows = ["--------", "|@...x.|", "--------"];
        let r = Recall::default();
        let elf = named(&rows, "Woodland-elf");
        let found = known(&r, &elf, 50).expect("the elf ignores Elbereth");
        assert_eq!((found.distance, found.unseen_for), (4, 0), "{found:?}");
        assert!(found.describe().contains("Woodland-elf"), "{found:?}");
        assert_eq!(known(&r, &named(&rows, "jackal"), 50), None);
        let mut peaceful = named(&rows, "watchman");
        assert!(
            known(&r, &peaceful, 50).is_some(),
            "a hostile watchman counts"
        );
        peaceful.monsters[0].peaceful = Some(true);
        assert_eq!(known(&r, &peaceful, 50), None, "a peaceful one does not");
    }

    #[test]
    fn an_elf_gone_out_of_view_is_known_for_memory_turns() {
        let mut w = named(&["--------", "|@.....|", "--------"], "x");
        w.turn = 100;
        w.remembered.push(Monster {
            pos: Pos::new(6, 1),
            ch: '@',
            color: 2,
            first_seen: 60,
            last_seen: 80,
            name: Some("Green-elf".into()),
            ..Monster::default()
        });
        let r = Recall::default();
        let found = known(&r, &w, 50).expect("seen 20 turns ago");
        assert_eq!((found.unseen_for, found.distance), (20, 5), "{found:?}");
        assert!(found.describe().contains("20 turn(s) ago"), "{found:?}");
        assert_eq!(known(&r, &w, 10), None, "forgotten after 10 turns");
    }
}
