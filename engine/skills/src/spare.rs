//! Monsters `fight_or_flee` leaves unstruck though they stand next to us, by its rules (both
//! off by default, see [`Spares`]).

use crate::signs;
use crate::threat::{self, Threat};
use nhbot_world::World;

/// Squares within which a known peaceful makes a blow at an unseen `I` need a blow of its own.
const PEACEFUL_NEAR: i16 = 8;

/// Which adjacent monsters `fight_or_flee`'s blow spares.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Spares {
    /// A monster that may be a gas spore, at any HP (not only at HP <= 24, as
    /// [`threat::melee_hazard`] has it): its 4d6 explosion lands on us and sets off the spores
    /// beside it (seed 145 of b28-int32 struck one at 28/28 HP, 28 -> 15, and the next step
    /// killed the second in the dark: dead). AutoAscend never melees one.
    pub gas_spores: bool,
    /// An unseen `I` in a watched town ([`World::watched`]) or with a known peaceful within 8,
    /// unless a blow came this turn: the mark may be a watchman or a shopkeeper we bumped,
    /// and a blow angers the whole watch.
    pub town_unseen: bool,
}

/// Whether `t` may be a gas spore (a seen `e` whose plausible kinds include one).
pub fn may_be_gas_spore(w: &World, t: &Threat) -> bool {
    t.glyph == 'e'
        && t.unknown.is_none()
        && w.monsters.iter().find(|m| m.pos == t.pos).is_some_and(|m| {
            threat::plausible(w, m)
                .iter()
                .any(|o| o.attacks.iter().any(|a| a.kind == "boom"))
        })
}

/// A peaceful (or the town watch) near enough that an `I` next to us may be one of them.
fn peacefuls_near(w: &World) -> bool {
    w.watched()
        || w.monsters
            .iter()
            .any(|m| m.peaceful == Some(true) && threat::distance(m.pos, w.player) <= PEACEFUL_NEAR)
}

/// Whether a blow at an unseen `I` is withheld under `spares` (see [`Spares::town_unseen`]).
pub fn unseen_spared(w: &World, spares: Spares) -> bool {
    spares.town_unseen && !signs::attacked(&w.messages) && peacefuls_near(w)
}

/// Why `t`, next to us, is not struck under `spares`, if it is not.
pub fn spared(w: &World, t: &Threat, spares: Spares) -> Option<&'static str> {
    if spares.gas_spores && may_be_gas_spore(w, t) {
        return Some("it may be a gas spore: its explosion lands on us");
    }
    if t.glyph == 'I' && unseen_spared(w, spares) {
        return Some("an unseen mark among peacefuls, no blow from it this turn");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::{Monster, Pos, Status};

    fn world(rows: &[&str], messages: &[&str], named: &[(char, &str, bool)]) -> World {
        let mut w = World::default();
        let status = Status {
            dlvl: 5,
            xl: 6,
            level_name: "Dlvl:5".into(),
            turn: Some(3000),
            hp: 40,
            hp_max: 40,
            ..Default::default()
        };
        nhbot_world::testing::observe_rows(&mut w, rows, &status, messages);
        for m in w.monsters.iter_mut() {
            if let Some((_, name, peaceful)) = named.iter().find(|(c, _, _)| *c == m.ch) {
                m.name = Some(name.to_string());
                m.peaceful = Some(*peaceful);
            }
        }
        w
    }

    fn next_to_us(w: &World) -> Threat {
        let at = Pos::new(w.player.x + 1, w.player.y);
        let m: &Monster = w.monsters.iter().find(|m| m.pos == at).expect("a monster");
        threat::assess(w, m).expect("a threat")
    }

    const SPORE: [&str; 3] = ["|.........|", "|...@e....|", "|.........|"];
    const UNSEEN: [&str; 3] = ["|.........|", "|...@I..@.|", "|.........|"];

    #[test]
    fn a_gas_spore_is_spared_at_full_hp_only_under_the_rule() {
        let w = world(&SPORE, &[], &[('e', "gas spore", false)]);
        let t = next_to_us(&w);
        assert!(
            t.no_melee.is_none(),
            "HP 40 > 24: the hazard alone allows it"
        );
        assert!(may_be_gas_spore(&w, &t));
        let on = Spares {
            gas_spores: true,
            ..Spares::default()
        };
        assert!(spared(&w, &t, on).is_some());
        assert_eq!(spared(&w, &t, Spares::default()), None);
        let w = world(&SPORE, &[], &[('e', "flaming sphere", false)]);
        assert_eq!(spared(&w, &next_to_us(&w), on), None, "a sphere is fought");
    }

    #[test]
    fn an_unseen_mark_beside_a_peaceful_needs_a_blow_this_turn() {
        let on = Spares {
            town_unseen: true,
            ..Spares::default()
        };
        let quiet = world(&UNSEEN, &[], &[('@', "watchman", true)]);
        assert!(unseen_spared(&quiet, on));
        assert!(!unseen_spared(&quiet, Spares::default()));
        let hit = world(&UNSEEN, &["It hits!"], &[('@', "watchman", true)]);
        assert!(!unseen_spared(&hit, on), "it struck us");
        let alone = world(&UNSEEN, &[], &[('@', "hill orc", false)]);
        assert!(!unseen_spared(&alone, on));
    }
}
