//! Who the monsters are beyond one frame: the ones gone out of view are remembered (apart from
//! those in view, so they never count as present), the pet coming back into view is the pet
//! again, and statues and mimics are suspected for what they are.

use crate::monsters::Monster;
use crate::tiles::{classify, Glyph};
use crate::World;
use nhbot_screen::{Cell, Pos, COLS};

/// Monsters remembered at most; the oldest sightings are forgotten first (the pet last).
pub const MAX_REMEMBERED: usize = 40;
/// A monster out of view this long is forgotten (not the pet).
pub const FORGET_AFTER: i64 = 300;
/// Squares a pet may cover per turn when it is out of sight (kittens and little dogs have speed
/// 18, ponies 16: 1.5 squares a turn at most), with room to spare.
const PET_REACH_PER_TURN: i64 = 2;
/// How far a monster may have moved between two frames and still be the same one.
const STEP: i64 = 3;

fn distance(a: Pos, b: Pos) -> i64 {
    i64::from((a.x - b.x).abs().max((a.y - b.y).abs()))
}

impl World {
    /// Our pet: in view if it is, else where it was last seen (in [`World::remembered`]).
    pub fn pet(&self) -> Option<&Monster> {
        self.monsters
            .iter()
            .find(|m| m.tame)
            .or_else(|| self.remembered.iter().find(|m| m.tame))
    }

    /// Whether the level remembers a statue on `m`'s square (one drawn with another glyph, or
    /// one we stood on): the monster shown there may be a statue.
    pub fn statue_suspected(&self, m: &Monster) -> bool {
        self.level()
            .and_then(|l| l.at(m.pos))
            .is_some_and(|sq| sq.statue.is_some() || sq.feature == crate::Feature::Statue)
    }

    /// After a frame's tracking: new sightings take back what the world remembers of them (the
    /// pet stays the pet), monsters gone out of view are remembered, old memories forgotten.
    /// `before` is the map of the previous frame, `matched` tells which monsters in view were
    /// followed from it.
    pub(crate) fn update_memory(
        &mut self,
        matched: &[bool],
        gone: Vec<Monster>,
        before: Option<&[Cell]>,
    ) {
        let turn = self.turn;
        for (m, _) in self
            .monsters
            .iter_mut()
            .zip(matched)
            .filter(|(m, matched)| !**matched && !m.hallucinated)
        {
            // An object drawn here a frame ago turned into a monster: it was posing.
            let i = m.pos.y as usize * COLS + m.pos.x as usize;
            if before.is_some_and(|map| {
                map.len() > i && classify(map, i % COLS, i / COLS) == Glyph::Object
            }) {
                m.mimic = true;
            }
            let same = self
                .remembered
                .iter()
                .enumerate()
                .filter(|(_, r)| r.ch == m.ch && r.color == m.color)
                .filter(|(_, r)| {
                    let reach = STEP + PET_REACH_PER_TURN * (turn - r.last_seen).max(0);
                    distance(r.pos, m.pos) <= reach
                })
                .min_by_key(|(_, r)| (!r.tame, distance(r.pos, m.pos)))
                .map(|(i, _)| i);
            let Some(i) = same else { continue };
            let r = self.remembered.remove(i);
            // Only the pet's identity comes back: a peaceful gnome and a hostile one look alike,
            // so any other monster is asked about (farlook) again.
            if r.tame {
                m.tame = true;
                m.peaceful = Some(true);
                m.name = r.name;
                m.first_seen = r.first_seen;
            }
        }
        // `I` is the game's own memory of an unseen monster: nothing to remember once erased.
        // A monster seen hallucinating is nothing known either.
        self.remembered
            .extend(gone.into_iter().filter(|m| m.ch != 'I' && !m.hallucinated));
        self.remembered
            .retain(|m| m.tame || turn - m.last_seen <= FORGET_AFTER);
        while self.remembered.len() > MAX_REMEMBERED {
            let oldest = self
                .remembered
                .iter()
                .enumerate()
                .min_by_key(|(_, m)| (m.tame, m.last_seen))
                .map(|(i, _)| i)
                .expect("not empty");
            self.remembered.remove(oldest);
        }
    }

    /// A monster that died at `pos` is no memory.
    pub(crate) fn forget_at(&mut self, pos: Pos) {
        let recent = self.turn - 1;
        self.remembered
            .retain(|m| m.pos != pos || m.last_seen < recent);
    }
}

#[cfg(test)]
#[path = "identity_tests.rs"]
mod tests;
