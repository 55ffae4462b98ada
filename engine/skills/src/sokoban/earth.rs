//! The bottom levels' two scrolls of earth (`?` on the map). A monster that reaches them reads
//! one and drops boulders round itself, which can seal the level for good (the 20-seed survey
//! lost two bottom levels so: a kobold shaman's and a centaur's). They are picked up as soon
//! as a walk reaches them, which also keeps them for the bot.

use super::act;
use super::screen::Located;
use crate::look::{look_action_at, look_here, looked_at, LookHere};
use crate::recall::Recall;
use nhbot_bt::LeafOutcome;
use nhbot_world::{Action, Pos, World};

/// What the bot has done about one level's scrolls.
#[derive(Default)]
pub(super) struct EarthScrolls {
    level: Option<Located>,
    /// Scroll squares dealt with: picked up from, found empty, or looked at in vain.
    done: Vec<Pos>,
}

impl EarthScrolls {
    /// The next step of fetching the scrolls, or `None` when none is left in reach.
    pub(super) fn step(&mut self, r: &mut Recall, w: &World, at: Located) -> Option<LeafOutcome> {
        if self.level != Some(at) {
            *self = EarthScrolls {
                level: Some(at),
                ..EarthScrolls::default()
            };
        }
        let map = at.template();
        let squares: Vec<Pos> = (0..map.width * map.height)
            .filter(|&i| map.char_at(i) == '?')
            .map(|i| at.pos(i))
            .filter(|p| !self.done.contains(p))
            .collect();
        if squares.contains(&w.player) {
            if let Some(outcome) = self.on_square(r, w, map.name) {
                return Some(outcome);
            }
            // Nothing to take here: on to the other square.
            return self.step(r, w, at);
        }
        // A scroll still drawn there: one a monster took shows the floor.
        let left: Vec<Pos> = squares
            .into_iter()
            .filter(|&p| w.view.get(p).is_some_and(|c| c.ch == '?'))
            .collect();
        let path = w.level()?.path(w.player, &left, &w.sokoban_path_opts())?;
        Some(act(
            w.step_along(&path),
            format!(
                "{}: fetching the scrolls of earth before a monster reads them",
                map.name
            ),
        ))
    }

    /// On a scroll square: pick up the scroll seen here, or look once; `None` (the square
    /// done) when no scroll is here.
    fn on_square(&mut self, r: &mut Recall, w: &World, map: &str) -> Option<LeafOutcome> {
        let here = w.player;
        let pickup = match look_here(&w.messages) {
            LookHere::One(what) if what.contains("scroll") => Action::Pickup {
                what: nhbot_world::Pick::All,
            },
            // Several objects (a corpse fell on it): only the scrolls, by their class symbol.
            LookHere::Several => Action::Pickup {
                what: nhbot_world::Pick::Classes("?".into()),
            },
            LookHere::Unknown if !looked_at(r, w) => {
                return Some(act(
                    look_action_at(r, w),
                    format!("{map}: looking for the scroll of earth here"),
                ))
            }
            LookHere::One(_) | LookHere::Nothing | LookHere::Unknown => {
                self.done.push(here);
                return None;
            }
        };
        self.done.push(here);
        Some(act(
            pickup,
            format!("{map}: picking up the scroll of earth"),
        ))
    }
}
