//! Where a kill's corpse lies, and the options of the corpse rules that the node sets.

use crate::monsters;
use nhbot_world::{Kill, Pos};

/// How `eat_fresh_corpse` judges corpses: its node parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CorpseOpts {
    /// Poisonous and acidic corpses too ([`super::starving`]).
    pub starving: bool,
    /// The oldest corpse eaten with HP to spare (None: [`super::MAX_CORPSE_AGE`]).
    pub max_age: Option<i64>,
    /// Kills seen made with no certain square: placed where the one vanished monster of the
    /// named monster's glyph and colour stood ([`kill_pos`]).
    pub sighted: bool,
    /// How poisonous corpses are judged ([`super::PoisonRule`]).
    pub poison: super::PoisonRule,
    /// Fainting with no pack food ([`super::desperate`]): kills up to
    /// [`super::FAINTING_CORPSE_AGE`] and floor corpses of unknown age too.
    pub desperate: bool,
    /// The farthest corpse walked to, in steps (None: any the age allows). Hurt, a walk to a
    /// corpse is a walk away from where we could rest ([`super::EatFreshCorpse`]'s
    /// `hurt_below`).
    pub max_steps: Option<usize>,
}

/// The square of a kill's corpse: the world's certain square, else, with `sighted`, the one
/// monster of the last frame drawn as the monster named (glyph and colour) that vanished
/// from a square now showing a `%` (the pet's kill while another monster walked off: the
/// world's rule wants only one monster gone).
pub fn kill_pos(k: &Kill, sighted: bool) -> Option<Pos> {
    if k.pos.is_some() || !sighted || k.vanished.is_empty() {
        return k.pos;
    }
    let m = monsters::find_in_text(&k.name)?;
    let mut fits = k
        .vanished
        .iter()
        .filter(|v| v.ch == m.glyph && v.color == m.color);
    let only = fits.next()?;
    fits.next().is_none().then_some(only.pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::Vanished;

    fn kill(name: &str, vanished: Vec<Vanished>) -> Kill {
        Kill {
            turn: 10,
            name: name.into(),
            level: Some(0),
            vanished,
            ..Default::default()
        }
    }

    fn gone(x: i16, ch: char, color: u8) -> Vanished {
        Vanished {
            pos: Pos::new(x, 3),
            ch,
            color,
        }
    }

    #[test]
    fn the_one_vanished_monster_drawn_as_the_victim_places_it() {
        let jackal = monsters::find_in_text("jackal").unwrap();
        let newt = monsters::find_in_text("newt").unwrap();
        let k = kill(
            "jackal",
            vec![
                gone(5, newt.glyph, newt.color),
                gone(9, jackal.glyph, jackal.color),
            ],
        );
        assert_eq!(kill_pos(&k, true), Some(Pos::new(9, 3)));
        assert_eq!(kill_pos(&k, false), None, "off: only certain squares");
    }

    #[test]
    fn two_lookalikes_or_none_give_no_square() {
        let jackal = monsters::find_in_text("jackal").unwrap();
        let two = kill(
            "jackal",
            vec![
                gone(5, jackal.glyph, jackal.color),
                gone(9, jackal.glyph, jackal.color),
            ],
        );
        assert_eq!(kill_pos(&two, true), None);
        // A fox is a `d` of another colour: not the jackal.
        let fox = monsters::find_in_text("fox").unwrap();
        let other = kill("jackal", vec![gone(5, fox.glyph, fox.color)]);
        assert_eq!(kill_pos(&other, true), None);
    }

    #[test]
    fn a_certain_square_wins() {
        let mut k = kill("newt", vec![gone(5, ':', 11)]);
        k.pos = Some(Pos::new(2, 2));
        assert_eq!(kill_pos(&k, true), Some(Pos::new(2, 2)));
    }
}
