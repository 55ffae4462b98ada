//! A monster standing on the only way on: the paths never enter a floating eye's square (a blow
//! at it paralyses) nor a peaceful's, so one of them in a corridor can cut the hero off from
//! everything left to explore and from the down stairs. On the bench (seed 30) the bot camped
//! 10,000 turns in a corridor between two floating eyes and starved. This query names the
//! blocker; what to do about it is the decision code's (`scripts/clear_blocker.lua`).

use crate::explore::frontier;
use crate::monsters::Monster;
use crate::tiles::Feature;
use crate::World;
use nhbot_screen::Pos;

/// A monster on the only known way to the rest of the level.
#[derive(Clone, Debug, PartialEq)]
pub struct Blocker {
    pub monster: Monster,
    /// The square the way leads to: the nearest unexplored square or down stairs beyond it.
    pub goal: Pos,
    /// What the goal is: "down stairs" or "the unexplored".
    pub goal_kind: &'static str,
    /// Squares from the hero to the goal through the blocker.
    pub steps: usize,
}

impl World {
    /// The monster the paths never enter (a floating eye, a peaceful) that stands on the only
    /// way to every unexplored square and down stairs of the level, or None when one of them
    /// is reachable around it (or none lies beyond any such monster).
    pub fn way_on_blocker(&self) -> Option<Blocker> {
        self.way_on_blocker_to(|_| true)
    }

    /// [`World::way_on_blocker`] counting only the down stairs `stairs_ok` accepts as a way on
    /// (the decision code's: a `>` into the Gnomish Mines is none while it keeps out of them).
    pub fn way_on_blocker_to(&self, stairs_ok: impl Fn(Pos) -> bool) -> Option<Blocker> {
        let level = self.level()?;
        // Nothing the paths go round: nothing blocks (the common case, told before the goals
        // are looked for: the frontier is a walk over the whole level).
        let opts = self.path_opts();
        if opts.blocked.is_empty() {
            return None;
        }
        let downstairs: Vec<Pos> = [Feature::StairsDown, Feature::LadderDown]
            .iter()
            .flat_map(|&f| level.find(f))
            .filter(|&p| stairs_ok(p))
            .collect();
        let unexplored = frontier(level);
        let goals: Vec<Pos> = downstairs.iter().chain(&unexplored).copied().collect();
        if goals.is_empty() || level.path(self.player, &goals, &opts).is_some() {
            return None;
        }
        // Walked through as if they were fights: the first of them on the way is the blocker.
        let mut through = opts.clone();
        let blockers: Vec<&Monster> = self
            .monsters
            .iter()
            .filter(|m| !m.tame && opts.blocked.contains(&m.pos))
            .collect();
        through
            .blocked
            .retain(|p| !blockers.iter().any(|m| m.pos == *p));
        through.monsters.extend(blockers.iter().map(|m| m.pos));
        let path = level.path(self.player, &goals, &through)?;
        let monster = path
            .steps
            .iter()
            .find_map(|&p| blockers.iter().find(|m| m.pos == p))?;
        let goal = path.target();
        Some(Blocker {
            monster: (*monster).clone(),
            goal,
            goal_kind: if downstairs.contains(&goal) {
                "down stairs"
            } else {
                "the unexplored"
            },
            steps: path.steps.len(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{unknown_as_rock, world_from_rows};
    use crate::tiles::clr;

    /// A corridor from a closed room (west) to a room with the down stairs (east); `e` drawn
    /// in `color` at `eye`, the hero at (3, 1).
    fn world(rows: &[&str], eye: Option<(Pos, u8)>) -> World {
        let mut w = world_from_rows(rows, &[], Pos::new(3, 1));
        unknown_as_rock(&mut w);
        if let Some((pos, color)) = eye {
            w.monsters.push(Monster {
                pos,
                ch: 'e',
                color,
                first_seen: 1,
                last_seen: 1,
                ..Default::default()
            });
        }
        w
    }

    const ROWS: [&str; 3] = [
        " -----      -----",
        " |....######.>..|",
        " -----      -----",
    ];

    #[test]
    fn a_floating_eye_in_the_only_corridor_blocks_the_way_down() {
        let w = world(&ROWS, Some((Pos::new(8, 1), clr::BLUE)));
        let b = w.way_on_blocker().expect("blocked");
        assert_eq!(b.monster.pos, Pos::new(8, 1));
        assert_eq!(b.goal, Pos::new(13, 1));
        assert_eq!(b.goal_kind, "down stairs");
        // Another kind of `e` is walked at as a fight: no blocker.
        let w = world(&ROWS, Some((Pos::new(8, 1), clr::RED)));
        assert_eq!(w.way_on_blocker(), None);
        let w = world(&ROWS, None);
        assert_eq!(w.way_on_blocker(), None);
    }

    #[test]
    fn a_way_around_the_eye_is_no_blocker() {
        // A second corridor below joins the two rooms round the eye.
        let rows = [
            " -----      -----",
            " |....######.>..|",
            " |....######....|",
            " -----      -----",
        ];
        let w = world(&rows, Some((Pos::new(8, 1), clr::BLUE)));
        assert_eq!(w.way_on_blocker(), None);
    }
}
