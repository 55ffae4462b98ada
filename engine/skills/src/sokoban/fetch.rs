//! Weapons lying on the level, fetched for a siege that has nothing left to throw. All 9
//! bottom levels main gave up in bench b25-main had a monster behind the boulder and threw 0
//! or 1 missiles at it; sokoban_game's soko4-2 scene walked over a dagger two squares from
//! the hole corridor just before a monster was shut in there, and gave the level up unarmed.
//! A `)` drawn on the level and reachable without a push is walked to and its weapons picked
//! up; the siege then throws them (missiles, or spares with `siege_spares`).

use super::act;
use super::screen::Located;
use nhbot_bt::LeafOutcome;
use nhbot_world::{Action, Encumbrance, Pick, Pos, World};

/// The fetch on one level: the square walked to, and the squares picked up from or found
/// out of reach.
#[derive(Default)]
pub(super) struct WeaponFetch {
    level: Option<Located>,
    goal: Option<Pos>,
    done: Vec<Pos>,
}

/// The `)` squares of the level's map drawn on screen, not `done`.
fn weapons_drawn(w: &World, at: Located, done: &[Pos]) -> Vec<Pos> {
    let map = at.template();
    (0..map.width * map.height)
        .map(|i| at.pos(i))
        .filter(|p| !done.contains(p) && w.view.get(*p).is_some_and(|c| c.ch == ')'))
        .collect()
}

impl WeaponFetch {
    /// Starts a fetch of the nearest weapon in reach; `None` when none is (or we are
    /// burdened: a pile of weapons would slow every push).
    pub(super) fn start(&mut self, w: &World, at: Located) -> Option<LeafOutcome> {
        if self.level != Some(at) {
            *self = WeaponFetch {
                level: Some(at),
                ..WeaponFetch::default()
            };
        }
        if w.status.encumbrance != Encumbrance::Unencumbered {
            return None;
        }
        let drawn = weapons_drawn(w, at, &self.done);
        let path = w.level()?.path(w.player, &drawn, &w.sokoban_path_opts())?;
        self.goal = path.steps.last().copied();
        self.keep_on(w, at)
    }

    /// The next step of a fetch under way: a step along the way, or the pickup on its square;
    /// `None` when none is under way or the way is gone.
    pub(super) fn keep_on(&mut self, w: &World, at: Located) -> Option<LeafOutcome> {
        let goal = self.goal.filter(|_| self.level == Some(at))?;
        let name = at.template().name;
        if w.player == goal {
            self.goal = None;
            self.done.push(goal);
            return Some(act(
                Action::Pickup {
                    what: Pick::Classes(")".into()),
                },
                format!("{name}: picking up the weapons here to throw over the boulder"),
            ));
        }
        let path = w
            .level()
            .and_then(|l| l.path(w.player, &[goal], &w.sokoban_path_opts()));
        let Some(path) = path else {
            self.goal = None;
            self.done.push(goal);
            return None;
        };
        Some(act(
            w.step_along(&path),
            format!(
                "{name}: fetching the weapon at ({}, {}) to throw over the boulder at the \
                 monster shut in behind it",
                goal.x, goal.y
            ),
        ))
    }
}
