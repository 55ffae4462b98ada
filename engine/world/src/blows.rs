//! Who struck us: "The djinni hits!" names the monster that attacked, and a monster that
//! attacks us is hostile whatever farlook said before (a peaceful angered by a stray dagger,
//! seed 10 of the b25 bench: the djinni hit it from HP 68 to death while `explore` searched).
//! The blow is put on the monster next to us it names ([`Monster::struck_us`]); the world's
//! peaceful belief is left as farlook gave it, for the leaves to weigh against this fact.

use crate::monsters::Monster;
use crate::World;

/// The endings of the game's melee messages about a monster's attack on us (mhitu.c
/// `hitmsg` and `missmu`); a miss is an attack too.
pub const BLOWS: [&str; 10] = [
    " hits!",
    " bites!",
    " kicks!",
    " stings!",
    " butts!",
    " touches you!",
    " misses!",
    " misses.",
    " misses you.",
    " swings wildly and misses!",
];

/// The monster a blow message names ("The soldier ant bites!" -> "soldier ant"); None for
/// other messages and for "It hits!" (nothing seen to put it on).
pub fn attacker_named(message: &str) -> Option<&str> {
    let rest = message.strip_prefix("The ")?;
    let name = BLOWS.iter().find_map(|b| rest.strip_suffix(b))?;
    // "The soldier ant swings wildly and misses!" ends with a blow too; a name has no
    // sentence inside it.
    (!name.is_empty() && !name.contains(['!', '.', ','])).then_some(name)
}

/// The kinds a starting pet drawn `glyph` may be, grown or not: a blow named so may be its own
/// (a newt's bite beside our kitten, the newt killed out of sight the same turn, is not).
fn pet_kind(glyph: char) -> &'static [&'static str] {
    match glyph {
        'f' => &["kitten", "housecat", "large cat"],
        'd' => &["little dog", "dog", "large dog"],
        'u' => &["pony", "horse", "warhorse"],
        _ => &[],
    }
}

fn next_to(m: &Monster, w: &World) -> bool {
    (m.pos.x - w.player.x).abs() <= 1 && (m.pos.y - w.player.y).abs() <= 1
}

impl World {
    /// Marks the monsters the turn's blow messages name as having struck us now. A blow goes
    /// to the monster next to us that farlook named so, one not taken for peaceful first (two
    /// gnome lords, one peaceful: the hostile one struck); when none there is named so, to the
    /// only monster next to us if farlook never named it (a pony is no djinni). Never an `I`
    /// (it has no name), never while hallucinating (the names are random). A pet never
    /// attacks us: when the only monster next to us is the one taken for our pet (by glyph:
    /// a wild kitten looks like ours, or ours went feral) and it is named so, or unnamed and
    /// of a kind its glyph may be, it is no pet (seeds 178 and 231 of b32-base searched while "The kitten bites!" killed them).
    pub(crate) fn note_blows(&mut self) {
        if self.hallucinating() {
            return;
        }
        let turn = self.turn;
        let names: Vec<String> = self
            .messages
            .iter()
            .filter_map(|m| attacker_named(m))
            .map(str::to_string)
            .collect();
        for name in names {
            let near: Vec<usize> = (0..self.monsters.len())
                .filter(|&i| {
                    let m = &self.monsters[i];
                    !m.tame && m.ch != 'I' && next_to(m, self)
                })
                .collect();
            let named: Vec<usize> = near
                .iter()
                .copied()
                .filter(|&i| self.monsters[i].name.as_deref() == Some(name.as_str()))
                .collect();
            let hostile: Vec<usize> = named
                .iter()
                .copied()
                .filter(|&i| self.monsters[i].peaceful != Some(true))
                .collect();
            let none_near = near.is_empty();
            // Nothing next to us bears the name: a name the world gave there is stale (a horse
            // that came beside a peaceful pony took its name and peacefulness from the
            // tracking, seed 12 of b48-clear: it kicked the hero from 65 to death while the
            // camp searched). Farlook asks again about an unnamed monster; its peacefulness
            // stays until farlook speaks, so nothing peaceful is struck in the meantime.
            let stale: Vec<usize> = if named.is_empty() {
                near.iter()
                    .copied()
                    .filter(|&i| self.monsters[i].peaceful == Some(true))
                    .filter(|&i| self.monsters[i].name.is_some())
                    .collect()
            } else {
                Vec::new()
            };
            let struck = match (hostile.is_empty(), named.is_empty(), near.len()) {
                (false, _, _) => hostile,
                (true, false, _) => named,
                (true, true, 1) if self.monsters[near[0]].name.is_none() => near,
                _ => Vec::new(),
            };
            let false_pet: Vec<usize> = (0..self.monsters.len())
                .filter(|&i| {
                    let m = &self.monsters[i];
                    m.tame
                        && next_to(m, self)
                        && match m.name.as_deref() {
                            Some(n) => n == name.as_str(),
                            None => pet_kind(m.ch).contains(&name.as_str()),
                        }
                })
                .collect();
            if struck.is_empty() {
                for &i in &stale {
                    self.monsters[i].name = None;
                }
            }
            if struck.is_empty() && none_near && false_pet.len() == 1 {
                let m = &mut self.monsters[false_pet[0]];
                m.tame = false;
                m.peaceful = Some(false);
                m.name = Some(name.clone());
                m.struck_us = Some(turn);
            }
            for i in struck {
                self.monsters[i].struck_us = Some(turn);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Pos;

    fn monster(x: i16, y: i16, name: Option<&str>, peaceful: Option<bool>) -> Monster {
        Monster {
            pos: Pos::new(x, y),
            ch: '&',
            name: name.map(str::to_string),
            peaceful,
            ..Default::default()
        }
    }

    fn world(monsters: Vec<Monster>, messages: &[&str]) -> World {
        let mut w = World {
            player: Pos::new(10, 5),
            monsters,
            messages: messages.iter().map(|m| m.to_string()).collect(),
            ..World::default()
        };
        w.turn = 19118;
        w.note_blows();
        w
    }

    #[test]
    fn names_the_attacker_of_blow_messages_only() {
        assert_eq!(attacker_named("The djinni hits!"), Some("djinni"));
        assert_eq!(
            attacker_named("The soldier ant stings!"),
            Some("soldier ant")
        );
        assert_eq!(attacker_named("The rope golem misses."), Some("rope golem"));
        assert_eq!(attacker_named("It hits!"), None);
        assert_eq!(attacker_named("You hit it."), None);
        assert_eq!(attacker_named("The dagger hits it."), None);
        assert_eq!(attacker_named("The djinni turns to flee."), None);
    }

    #[test]
    fn a_peaceful_that_hits_us_is_marked() {
        // Seed 10: the djinni farlook called peaceful stands SW of us and hits.
        let w = world(
            vec![monster(9, 6, Some("djinni"), Some(true))],
            &["You stop searching.", "The djinni hits!"],
        );
        assert_eq!(w.monsters[0].struck_us, Some(19118));
    }

    #[test]
    fn a_blow_goes_to_the_hostile_of_that_name_not_the_peaceful() {
        let w = world(
            vec![
                monster(9, 6, Some("gnome lord"), Some(true)),
                monster(11, 6, Some("gnome lord"), Some(false)),
            ],
            &["The gnome lord hits!"],
        );
        assert_eq!(w.monsters[0].struck_us, None);
        assert_eq!(w.monsters[1].struck_us, Some(19118));
    }

    #[test]
    fn no_blow_for_monsters_far_away_or_otherwise_named_or_pets() {
        let mut pet = monster(11, 5, Some("kitten"), Some(true));
        pet.tame = true;
        let w = world(
            vec![
                monster(13, 5, Some("djinni"), Some(true)),
                monster(9, 5, Some("pony"), Some(true)),
                pet,
            ],
            &["The djinni hits!"],
        );
        assert!(w.monsters.iter().all(|m| m.struck_us.is_none()));
    }

    #[test]
    fn the_monster_taken_for_our_pet_that_bites_us_is_no_pet() {
        let mut pet = monster(11, 5, None, Some(true));
        (pet.ch, pet.tame) = ('f', true);
        let w = world(vec![pet.clone()], &["The kitten bites!"]);
        let m = &w.monsters[0];
        assert!(!m.tame && m.peaceful == Some(false), "{m:?}");
        assert_eq!(m.struck_us, Some(19118));
        assert_eq!(m.name.as_deref(), Some("kitten"));
        // Another kitten next to us bit: our pet stays our pet.
        let w = world(
            vec![pet.clone(), monster(9, 5, Some("kitten"), Some(false))],
            &["The kitten bites!"],
        );
        assert!(w.monsters[0].tame);
        assert_eq!(w.monsters[1].struck_us, Some(19118));
        // Another kind's blow (the newt killed the same turn, out of sight): still our pet.
        let w = world(vec![pet.clone()], &["The newt bites!"]);
        assert!(w.monsters[0].tame);
        // A pet named otherwise: the blow is not its.
        let mut dog = pet;
        dog.name = Some("little dog".into());
        let w = world(vec![dog], &["The kitten bites!"]);
        assert!(w.monsters[0].tame);
    }

    #[test]
    fn an_unnamed_blow_goes_to_the_only_monster_next_to_us() {
        let w = world(
            vec![monster(9, 4, None, Some(true))],
            &["The plains centaur kicks!"],
        );
        assert_eq!(w.monsters[0].struck_us, Some(19118));
        let two = world(
            vec![monster(9, 4, None, Some(true)), monster(11, 4, None, None)],
            &["The plains centaur kicks!"],
        );
        assert!(two.monsters.iter().all(|m| m.struck_us.is_none()));
    }

    #[test]
    fn a_blow_no_neighbour_is_named_for_makes_the_peacefuls_names_stale() {
        // Seed 12 of b48-clear: the horse beside a peaceful pony was tracked as another pony.
        let w = world(
            vec![
                monster(9, 4, Some("pony"), Some(true)),
                monster(11, 4, Some("pony"), Some(true)),
                monster(13, 4, Some("pony"), Some(true)),
            ],
            &["The horse kicks!"],
        );
        let names: Vec<_> = w.monsters.iter().map(|m| m.name.as_deref()).collect();
        assert_eq!(
            names,
            [None, None, Some("pony")],
            "the far one keeps its name"
        );
        assert!(w.monsters.iter().all(|m| m.peaceful == Some(true)));
        assert!(w.monsters.iter().all(|m| m.struck_us.is_none()));
        // A neighbour bears the name: the others' names stand.
        let w = world(
            vec![
                monster(9, 4, Some("pony"), Some(true)),
                monster(11, 4, Some("horse"), Some(false)),
            ],
            &["The horse kicks!"],
        );
        assert_eq!(w.monsters[0].name.as_deref(), Some("pony"));
        assert_eq!(w.monsters[1].struck_us, Some(19118));
    }

    #[test]
    fn hallucinating_no_name_is_trusted() {
        let mut w = World {
            player: Pos::new(10, 5),
            monsters: vec![monster(9, 6, Some("djinni"), Some(true))],
            messages: vec!["The djinni hits!".into()],
            ..World::default()
        };
        w.status.conditions.push(crate::Condition::Hallu);
        w.note_blows();
        assert_eq!(w.monsters[0].struck_us, None);
    }
}
