//! Temples, altars and their priests, and keeping the peace where the watch or a priest is.
//!
//! What the game shows (NetHack 3.6.6, priest.c and do.c):
//! - entering a tended temple: "The priestess of Odin intones:" then `"Pilgrim, you enter a
//!   sacred place!"` (or "desecrated"), then "You experience a sense of peace." (the altar is the
//!   hero's alignment; "an unusual sense of peace" too), "You have a strange forbidding
//!   feeling..." (the hero's alignment, but sinned) or "You have a forbidding feeling..." (another
//!   alignment, or a desecrated temple). The temple is the room the hero stands in, or the room
//!   beyond the door the greeting came on;
//! - the priest, farlooked: "peaceful priestess of Odin" (see `farlook`);
//! - an altar: "There is an altar to Odin (neutral) here." (a look), or farlook's "an iron
//!   chain or an altar (neutral altar)"; a priest's god names the alignment too (the role
//!   pantheons of role.c);
//! - an item dropped on an altar: "There is a black flash as a dagger hits the altar." (cursed),
//!   "an amber flash" (blessed), "A dagger lands on the altar." (uncursed). The game then knows
//!   the item's curse status; the pack line says so, except where `implicit_uncursed` leaves
//!   "uncursed" out ("a +0 dagger"), so the world remembers what the altar said
//!   ([`AltarTest`]) and fills it in.

pub use crate::altar::{Altar, AltarAlignment, TempleVisit};
use crate::inventory::{Buc, Item};
use crate::level::{neighbours, Level};
use crate::monsters::Monster;
use crate::tiles::Feature;
use crate::{Action, Condition, World};
use nhbot_screen::Pos;
use serde::{Deserialize, Serialize};

/// The gods of every role's pantheon (role.c), lawful, neutral and chaotic; priests serve
/// these, and a temple's altar is its priest's god's.
const PANTHEONS: [[&str; 3]; 12] = [
    ["Quetzalcoatl", "Camaxtli", "Huhetotl"],
    ["Mitra", "Crom", "Set"],
    ["Anu", "Ishtar", "Anshar"],
    ["Athena", "Hermes", "Poseidon"],
    ["Lugh", "Brigit", "Manannan Mac Lir"],
    ["Shan Lai Ching", "Chih Sung-tzu", "Huan Ti"],
    ["Issek", "Mog", "Kos"],
    ["Mercury", "Venus", "Mars"],
    ["Amaterasu Omikami", "Raijin", "Susanowo"],
    ["Blind Io", "The Lady", "Offler"],
    ["Tyr", "Odin", "Loki"],
    ["Ptah", "Thoth", "Anhur"],
];

/// The alignment of a god by name (Moloch is unaligned).
pub fn god_alignment(god: &str) -> Option<AltarAlignment> {
    if god == "Moloch" {
        return Some(AltarAlignment::Unaligned);
    }
    let order = [
        AltarAlignment::Lawful,
        AltarAlignment::Neutral,
        AltarAlignment::Chaotic,
    ];
    PANTHEONS
        .iter()
        .find_map(|gods| gods.iter().position(|g| *g == god).map(|i| order[i]))
}

/// The god a priest serves, from farlook's name: "priestess of Odin", "high priest of Moloch".
pub fn priest_god(name: &str) -> Option<&str> {
    let name = name.strip_prefix("invisible ").unwrap_or(name);
    let name = name.strip_prefix("high ").unwrap_or(name);
    let god = name
        .strip_prefix("priestess of ")
        .or_else(|| name.strip_prefix("priest of "))?;
    (!god.is_empty()).then_some(god)
}

/// Whether farlook named `m` a priest (of a god).
pub fn is_priest(m: &Monster) -> bool {
    m.name.as_deref().and_then(priest_god).is_some()
}

/// What an altar told about a pack item dropped on it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AltarTest {
    pub letter: char,
    /// The item's name as the pack listed it when dropped (see [`Item::name`]).
    pub name: String,
    pub buc: Buc,
    pub turn: i64,
}

/// A temple of the current level as the world knows it now.
#[derive(Clone, Debug, PartialEq)]
pub struct Temple {
    /// Its room (see [`Level::room_of`]); None while its squares are not seen.
    pub room: Option<u16>,
    pub altar: Option<Altar>,
    /// The priest, in view or remembered out of view (`remembered`).
    pub priest: Option<Monster>,
    /// The priest was last seen out of view.
    pub priest_remembered: bool,
    /// The greeting said "sacred" (true) or "desecrated" (false).
    pub sacred: Option<bool>,
    /// The altar is the hero's alignment (its alignment, the priest's god, or the feeling on
    /// entering tells); None while nothing does.
    pub coaligned: Option<bool>,
    /// The hero stands in it (or on its door).
    pub hero_inside: bool,
}

/// The greeting of a tended temple: Some(sacred).
fn greeting(message: &str) -> Option<bool> {
    if message.contains("Pilgrim, you enter a sacred place") {
        Some(true)
    } else if message.contains("Pilgrim, you enter a desecrated place") {
        Some(false)
    } else {
        None
    }
}

/// The feeling on entering a tended temple: Some((peace, strange)).
fn feeling(message: &str) -> Option<(bool, bool)> {
    if message.contains("You experience a sense of peace")
        || message.contains("You experience an unusual sense of peace")
    {
        Some((true, false))
    } else if message.contains("You have a strange forbidding feeling") {
        Some((false, true))
    } else if message.contains("You have a forbidding feeling") {
        Some((false, false))
    } else {
        None
    }
}

/// "There is an altar to Odin (neutral) here." → (god, alignment).
pub fn altar_look(message: &str) -> Option<(String, AltarAlignment)> {
    let at = message.find("altar to ")?;
    let rest = &message[at + "altar to ".len()..];
    let open = rest.find(" (")?;
    let close = rest[open..].find(')')? + open;
    let alignment = AltarAlignment::parse(&rest[open + 2..close])?;
    Some((rest[..open].to_string(), alignment))
}

/// Farlook's answer about an altar: "an iron chain or an altar (neutral altar)" → its
/// alignment.
pub fn altar_farlook(message: &str) -> Option<AltarAlignment> {
    let open = message.rfind('(')?;
    let inner = message[open + 1..].strip_suffix(')')?;
    let word = inner.strip_suffix(" altar")?;
    AltarAlignment::parse(word.split(' ').next_back()?)
}

/// What an item dropped on an altar showed: the flash (or its absence).
pub fn altar_drop(message: &str) -> Option<Buc> {
    if message.contains("black flash as") && message.contains("the altar") {
        Some(Buc::Cursed)
    } else if message.contains("amber flash as") && message.contains("the altar") {
        Some(Buc::Blessed)
    } else if message.contains(" on the altar.")
        && (message.contains(" lands on ") || message.contains(" land on "))
    {
        Some(Buc::Uncursed)
    } else {
        None
    }
}

impl Level {
    /// The altar remembered at `p`, if the game said anything of it.
    pub fn altar_at(&self, p: Pos) -> Option<&Altar> {
        self.altars.iter().find(|a| a.pos == p)
    }

    /// Every altar square of the level, with what is known of each.
    pub fn known_altars(&self) -> Vec<Altar> {
        self.find(Feature::Altar)
            .into_iter()
            .chain(self.altars.iter().map(|a| a.pos))
            .fold(Vec::<Pos>::new(), |mut seen, p| {
                if !seen.contains(&p) {
                    seen.push(p);
                }
                seen
            })
            .into_iter()
            .map(|p| {
                self.altar_at(p).cloned().unwrap_or(Altar {
                    pos: p,
                    alignment: None,
                    god: None,
                })
            })
            .collect()
    }

    fn note_altar(&mut self, pos: Pos, alignment: AltarAlignment, god: Option<String>) {
        if let Some(sq) = self.at_mut(pos) {
            sq.feature = Feature::Altar;
        }
        match self.altars.iter_mut().find(|a| a.pos == pos) {
            Some(a) => {
                a.alignment = Some(alignment);
                a.god = god.or(a.god.take());
            }
            None => self.altars.push(Altar {
                pos,
                alignment: Some(alignment),
                god,
            }),
        }
    }

    /// The temple entered at `hero`, having come from `from`: on a door, the room beyond it
    /// (the way we walked); else the room we stand in.
    fn temple_square(&self, hero: Pos, from: Pos) -> Pos {
        if !self.feature(hero).is_door_square() || from == hero {
            return hero;
        }
        let came_from = self.room_of(from);
        neighbours(hero)
            .filter(|q| q.x == hero.x || q.y == hero.y)
            .find(|&q| {
                self.feature(q).is_room_inside()
                    && self.room_of(q).is_some()
                    && self.room_of(q) != came_from
            })
            .unwrap_or(Pos::new(2 * hero.x - from.x, 2 * hero.y - from.y))
    }
}

impl World {
    /// What this frame's messages say of temples and altars: a temple entered, an altar's
    /// alignment (a look, a farlook), an item's curse status (dropped on an altar).
    pub(crate) fn learn_temples(&mut self, from: Pos) {
        if self.status.conditions.contains(&Condition::Hallu) {
            // Gods and flash colours are made up.
            return;
        }
        let hero = self.player;
        let turn = self.turn;
        let farlooked = match self.last_action {
            Some(Action::Farlook { at }) => Some(at),
            _ => None,
        };
        let dropped = match self.last_action {
            Some(Action::Drop { item, .. }) => self.inventory.iter().find(|i| i.letter == item),
            _ => None,
        };
        let mut tests = Vec::new();
        let (mut sacred, mut felt) = (None, None);
        let mut altars = Vec::new();
        for m in &self.messages {
            sacred = sacred.or(greeting(m));
            felt = felt.or(feeling(m));
            if let Some((god, alignment)) = altar_look(m) {
                altars.push((hero, alignment, Some(god)));
            }
            if let (Some(at), Some(alignment)) = (farlooked, altar_farlook(m)) {
                altars.push((at, alignment, None));
            }
            if let (Some(item), Some(buc)) = (dropped, altar_drop(m)) {
                tests.push(AltarTest {
                    letter: item.letter,
                    name: item.name.clone(),
                    buc,
                    turn,
                });
            }
        }
        for test in tests {
            self.altar_tests.retain(|t| t.letter != test.letter);
            self.altar_tests.push(test);
        }
        let Some(level) = self.dungeon.current_mut() else {
            return;
        };
        for (at, alignment, god) in altars {
            level.note_altar(at, alignment, god);
        }
        if sacred.is_none() && felt.is_none() {
            return;
        }
        let inside = level.temple_square(hero, from);
        let room = level.room_of(inside);
        let known = level.temples.iter().position(|t| {
            t.inside == inside || (room.is_some() && level.room_of(t.inside) == room)
        });
        let visit = match known {
            Some(k) => &mut level.temples[k],
            None => {
                level.temples.push(TempleVisit {
                    inside,
                    sacred: None,
                    peace: None,
                    strange: false,
                    turn,
                });
                level.temples.last_mut().expect("just pushed")
            }
        };
        visit.turn = turn;
        visit.sacred = sacred.or(visit.sacred);
        if let Some((peace, strange)) = felt {
            visit.peace = Some(peace);
            visit.strange = strange;
        }
    }

    /// Fills in the curse status altars told of pack items the listing leaves it out of
    /// ("a +0 dagger" is uncursed once the game knows it, with `implicit_uncursed`); forgets a
    /// test whose letter now holds another item.
    pub(crate) fn apply_altar_tests(&mut self) {
        let inventory = &mut self.inventory;
        self.altar_tests.retain(|t| {
            inventory
                .iter()
                .find(|i| i.letter == t.letter)
                .is_none_or(|i| same_item(i, &t.name))
        });
        for item in inventory.iter_mut().filter(|i| i.buc.is_none()) {
            if let Some(t) = self
                .altar_tests
                .iter()
                .find(|t| t.letter == item.letter && same_item(item, &t.name))
            {
                item.buc = Some(t.buc);
            }
        }
    }

    /// The temple of the current level: the one the hero is in, else the nearest known. A
    /// temple is known by its priest's greeting, or by a priest farlooked in a room.
    pub fn temple(&self) -> Option<Temple> {
        let level = self.level()?;
        let hero_room = level.room_of(self.player);
        let priests: Vec<(&Monster, bool)> = self
            .monsters
            .iter()
            .map(|m| (m, false))
            .chain(self.remembered.iter().map(|m| (m, true)))
            .filter(|(m, _)| is_priest(m))
            .collect();
        // Candidate temples: (a square inside, its visit).
        let mut candidates: Vec<(Pos, Option<&TempleVisit>)> =
            level.temples.iter().map(|t| (t.inside, Some(t))).collect();
        for (m, _) in &priests {
            let room = level.room_of(m.pos);
            let known = candidates
                .iter()
                .any(|(p, _)| *p == m.pos || (room.is_some() && level.room_of(*p) == room));
            if !known {
                candidates.push((m.pos, None));
            }
        }
        let (inside, visit) = candidates.into_iter().min_by_key(|(p, _)| {
            let here = hero_room.is_some() && level.room_of(*p) == hero_room;
            (!here, crate::map::distance(self.player, *p))
        })?;
        let room = level.room_of(inside);
        let same_room = |p: Pos| match room {
            Some(r) => level.room_of(p) == Some(r),
            None => p == inside,
        };
        let altar = level
            .known_altars()
            .into_iter()
            .filter(|a| same_room(a.pos))
            .min_by_key(|a| crate::map::distance(inside, a.pos));
        let priest = priests
            .iter()
            .filter(|(m, _)| same_room(m.pos))
            .min_by_key(|(m, remembered)| (*remembered, crate::map::distance(inside, m.pos)))
            .map(|&(m, remembered)| (m.clone(), remembered));
        let priest_alignment = priest
            .as_ref()
            .and_then(|(m, _)| m.name.as_deref())
            .and_then(priest_god)
            .and_then(god_alignment);
        let alignment = altar
            .as_ref()
            .and_then(|a| {
                a.alignment
                    .or_else(|| a.god.as_deref().and_then(god_alignment))
            })
            .or(priest_alignment);
        let hero_alignment = AltarAlignment::of(self.status.alignment);
        let felt = visit.and_then(|v| match (v.peace, v.strange) {
            (Some(true), _) | (Some(false), true) => Some(true),
            // A forbidding feeling in a sacred temple: another god's.
            (Some(false), false) if v.sacred == Some(true) => Some(false),
            _ => None,
        });
        let coaligned = alignment.map(|a| a == hero_alignment).or(felt);
        let altar = altar.map(|mut a| {
            a.alignment = alignment;
            a
        });
        Some(Temple {
            room,
            altar,
            priest_remembered: priest.as_ref().is_some_and(|(_, r)| *r),
            priest: priest.map(|(m, _)| m),
            sacred: visit.and_then(|v| v.sacred),
            coaligned,
            hero_inside: hero_room.is_some() && room == hero_room,
        })
    }
}

/// Whether the pack item `item` is the one listed as `name` before (a stack may have grown or
/// shrunk: "dagger" and "daggers" are the same).
fn same_item(item: &Item, name: &str) -> bool {
    let singular = |s: &str| s.trim_end_matches('s').to_string();
    item.name == name || singular(&item.name) == singular(name)
}

#[cfg(test)]
#[path = "temple_tests.rs"]
mod tests;
