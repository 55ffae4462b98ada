//! Monsters in view, matched across observations so what farlook taught about one (its name,
//! whether it is peaceful) stays with it while it moves; and the monsters out of view that the
//! world still remembers (never counted as present), so the pet that went round a corner is the
//! pet again when it comes back.

use crate::tiles::{color_of, shows_monster};
use nhbot_screen::{Cell, Pos, COLS, MAP_ROWS};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Monster {
    pub pos: Pos,
    pub ch: char,
    /// CLR_* colour.
    pub color: u8,
    pub first_seen: i64,
    pub last_seen: i64,
    /// From farlook, e.g. "newt" or "Asidonhopo, the shopkeeper".
    pub name: Option<String>,
    pub peaceful: Option<bool>,
    /// Our pet: walking into it swaps places, it never blocks a path.
    pub tame: bool,
    /// Suspected mimic: drawn as one (`m`), named one by the game ("Wait!  That's a small
    /// mimic!"), or a monster that appeared where an object was drawn a moment before.
    #[serde(default)]
    pub mimic: bool,
    /// Seen while we hallucinate: its glyph and colour are random, its square is real; what
    /// it is cannot be told (see [`crate::hallucination`]).
    #[serde(default)]
    pub hallucinated: bool,
    /// The game turn of the last blow (or miss) the messages put on it: "The djinni hits!"
    /// with the djinni next to us (see [`crate::blows`]). A monster that attacks us is hostile
    /// whatever farlook said; this is the fact, `peaceful` keeps farlook's word.
    #[serde(default)]
    pub struck_us: Option<i64>,
    /// The game turn since which it has been seen on this square (its first sighting there):
    /// a monster that stays put while we watch is asleep, stuck or waiting (see
    /// [`Monster::still_for`]).
    #[serde(default)]
    pub still_since: i64,
}

impl Monster {
    /// Neither known peaceful nor our pet.
    pub fn maybe_hostile(&self) -> bool {
        !self.tame && self.peaceful != Some(true)
    }

    /// Whether it struck us within `turns` game turns of `turn` (see [`Monster::struck_us`]).
    pub fn struck_within(&self, turn: i64, turns: i64) -> bool {
        self.struck_us
            .is_some_and(|t| (0..=turns).contains(&(turn - t)))
    }

    /// Game turns it has stood on its square while in view: 0 on the turn it arrived there.
    /// Counted from its first sighting at the earliest (a monster built without a sighting
    /// has stood still no longer than it has been seen).
    pub fn still_for(&self, turn: i64) -> i64 {
        (turn - self.still_since.max(self.first_seen)).max(0)
    }

    pub fn is_shopkeeper(&self) -> bool {
        self.name
            .as_deref()
            .is_some_and(|n| n.contains("shopkeeper"))
    }
}

/// How far a monster may have moved between two observations and still be the same one.
const MAX_STEP: i16 = 3;

fn distance(a: Pos, b: Pos) -> i16 {
    (a.x - b.x).abs().max((a.y - b.y).abs())
}

/// The monsters visible on `map` (the player's own square excluded), each matched to the
/// nearest unclaimed monster of the same glyph and colour in `previous`.
pub fn track(previous: &[Monster], map: &[Cell], player: Option<Pos>, turn: i64) -> Vec<Monster> {
    track_all(previous, map, player, turn).now
}

/// What [`track_all`] found.
pub struct Tracked {
    /// The monsters in view.
    pub now: Vec<Monster>,
    /// Whether each of `now` was matched to a monster of `previous` (else it is a new sighting).
    pub matched: Vec<bool>,
    /// The monsters of `previous` matched to none in view: gone out of sight (or dead).
    pub gone: Vec<Monster>,
}

impl Tracked {
    /// `now` with its `matched` marks; the monsters of `previous` not `claimed` by any are gone.
    pub(crate) fn settled(
        previous: &[Monster],
        claimed: &[bool],
        now: Vec<Monster>,
        matched: Vec<bool>,
    ) -> Self {
        let gone = previous
            .iter()
            .zip(claimed)
            .filter(|(_, c)| !**c)
            .map(|(m, _)| m.clone())
            .collect();
        Tracked { now, matched, gone }
    }

    /// A map too short to read: nothing in view, every monster of `previous` gone.
    pub(crate) fn unread(previous: &[Monster]) -> Self {
        Tracked {
            now: Vec::new(),
            matched: Vec::new(),
            gone: previous.to_vec(),
        }
    }
}

/// The monsters drawn on `map` (the hero's square excluded) where `shows(x, y, cell)` sees one,
/// row by row, each a fresh sighting at `turn` that knows only its square, glyph and colour;
/// `None` when `map` is shorter than a screen's map. What the glyph test means (a mimic, a
/// hallucination) the caller marks.
pub(crate) fn sightings(
    map: &[Cell],
    player: Option<Pos>,
    turn: i64,
    shows: impl Fn(usize, usize, &Cell) -> bool,
) -> Option<Vec<Monster>> {
    let map = map.get(..COLS * MAP_ROWS)?;
    // A plain loop over the cells in row-major order: every frame reads all 1,680, and an
    // iterator chain here ran a closure call per cell.
    let mut seen = Vec::new();
    for (i, cell) in map.iter().enumerate() {
        let (x, y) = (i % COLS, i / COLS);
        // `shows` first: it rejects nearly every cell (it reads nothing but the map).
        if !shows(x, y, cell) {
            continue;
        }
        let pos = Pos::new(x as i16, y as i16);
        if Some(pos) == player {
            continue;
        }
        seen.push(Monster {
            pos,
            ch: cell.ch,
            color: color_of(cell),
            first_seen: turn,
            last_seen: turn,
            still_since: turn,
            ..Default::default()
        });
    }
    Some(seen)
}

/// [`track`], also telling which monsters are new sightings and which went out of view.
pub fn track_all(previous: &[Monster], map: &[Cell], player: Option<Pos>, turn: i64) -> Tracked {
    // `]`, the "strange object", is what a mimic poses as: no object is drawn so.
    let Some(seen) = sightings(map, player, turn, |_, _, cell| {
        shows_monster(cell) || cell.ch == ']'
    }) else {
        return Tracked::unread(previous);
    };
    let mut now: Vec<Monster> = seen
        .into_iter()
        .map(|m| Monster {
            mimic: matches!(m.ch, 'm' | ']'),
            ..m
        })
        .collect();
    let mut claimed = vec![false; previous.len()];
    let mut matched = vec![false; now.len()];
    // Monsters that stayed put claim their old selves first, then the nearest movers.
    for pass in 0..=MAX_STEP {
        for (m, done) in now
            .iter_mut()
            .zip(matched.iter_mut())
            .filter(|(_, done)| !**done)
        {
            let found = previous.iter().enumerate().find(|(i, old)| {
                !claimed[*i]
                    && old.ch == m.ch
                    && old.color == m.color
                    && distance(old.pos, m.pos) == pass
            });
            if let Some((i, old)) = found {
                claimed[i] = true;
                *done = true;
                m.first_seen = old.first_seen;
                m.name = old.name.clone();
                m.peaceful = old.peaceful;
                m.tame = old.tame;
                m.mimic |= old.mimic;
                m.struck_us = old.struck_us;
                if pass == 0 {
                    m.still_since = old.still_since;
                }
            }
        }
    }
    // The pet is fast and follows us: after a travel or a long search it may be farther than
    // `MAX_STEP` from where it was. A pet left unmatched goes to the nearest unmatched monster
    // of its glyph and colour, wherever it is.
    for (i, old) in previous.iter().enumerate() {
        if claimed[i] || !old.tame {
            continue;
        }
        let found = now
            .iter_mut()
            .zip(matched.iter_mut())
            .filter(|(m, done)| !**done && m.ch == old.ch && m.color == old.color)
            .min_by_key(|(m, _)| distance(old.pos, m.pos));
        if let Some((m, done)) = found {
            *done = true;
            claimed[i] = true;
            m.first_seen = old.first_seen;
            m.name = old.name.clone();
            m.peaceful = old.peaceful;
            m.tame = true;
        }
    }
    Tracked::settled(previous, &claimed, now, matched)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::tests::grid;

    #[test]
    fn identity_follows_a_moving_monster() {
        let first = track(
            &[],
            &grid(&["......", ".d..@.", "......"], &[]),
            Some(Pos::new(4, 1)),
            1,
        );
        assert_eq!(first.len(), 1);
        let mut known = first.clone();
        known[0].name = Some("jackal".into());
        known[0].peaceful = Some(false);
        let moved = track(
            &known,
            &grid(&["......", "..d.@.", "......"], &[]),
            Some(Pos::new(4, 1)),
            2,
        );
        assert_eq!(moved[0].pos, Pos::new(2, 1));
        assert_eq!(moved[0].name.as_deref(), Some("jackal"));
        assert_eq!(moved[0].first_seen, 1);
        assert_eq!(moved[0].last_seen, 2);
    }

    #[test]
    fn different_glyph_or_far_away_is_a_new_monster() {
        let mut known = track(&[], &grid(&[".d........"], &[]), None, 1);
        known[0].peaceful = Some(true);
        let other = track(&known, &grid(&[".f........"], &[]), None, 2);
        assert_eq!(other[0].peaceful, None, "a kitten is not the jackal");
        let far = track(&known, &grid(&[".........d"], &[]), None, 2);
        assert_eq!(far[0].peaceful, None);
        assert_eq!(far[0].first_seen, 2);
    }

    #[test]
    fn two_same_monsters_keep_their_own_info() {
        let mut known = track(&[], &grid(&["d...d"], &[]), None, 1);
        known[0].peaceful = Some(true);
        known[1].peaceful = Some(false);
        let next = track(&known, &grid(&[".d..d"], &[]), None, 2);
        assert_eq!(next[0].peaceful, Some(true));
        assert_eq!(
            next[1].peaceful,
            Some(false),
            "the one that stayed keeps its info"
        );
    }

    #[test]
    fn a_monster_that_stays_put_counts_its_still_turns_and_a_step_resets_them() {
        let map = grid(&[".n..@."], &[]);
        let seen = track(&[], &map, Some(Pos::new(4, 0)), 10);
        assert_eq!(seen[0].still_for(10), 0, "just seen");
        let stayed = track(&seen, &map, Some(Pos::new(4, 0)), 14);
        assert_eq!(stayed[0].still_for(14), 4, "on its square since turn 10");
        let moved = track(&stayed, &grid(&["..n.@."], &[]), Some(Pos::new(4, 0)), 15);
        assert_eq!(moved[0].first_seen, 10, "the same nymph");
        assert_eq!(moved[0].still_for(15), 0, "a step starts the count again");
        let unseen_start = Monster {
            first_seen: 20,
            ..Default::default()
        };
        assert_eq!(
            unseen_start.still_for(25),
            5,
            "never longer than it has been seen"
        );
    }
}
