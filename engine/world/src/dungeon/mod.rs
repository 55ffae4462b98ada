//! The dungeon as levels keyed by branch and depth, linked by stairs. A level reached where the
//! branch is ambiguous (the Mines fork at depth 2-4, the Sokoban fork below the Oracle) gets the
//! `Unknown` placeholder branch until its look gives it away; then it is merged with any level
//! already known under that key, so falling and taking stairs never duplicate a level.
//!
//! Submodules: `facts` (what is known of a level beyond its squares: features, special level,
//! branch stairs), `overview` (the game's `^O` overview read into the graph), `special` (special
//! levels recognised from the screen and looked up), `recognise` (a placeholder level's branch
//! from its look: doors, corridors, cave walls, gnomes), `route` (travel plans across levels),
//! `sokoban` (Sokoban progress: its levels solved, the prize, turning back), `mines_end`
//! (the Mines' bottom recognised: their ninth level, or a deep one explored without down stairs).

pub mod facts;
pub mod mines_end;
pub mod overview;
mod recognise;
pub mod route;
pub mod sokoban;
mod special;

pub use recognise::cave_walls;

use crate::level::{Branch, Level, StairLink};
use crate::tiles::Feature;
use nhbot_screen::Pos;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// How the player got from one level to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    /// Took the stairs or ladder at `from` on the previous level.
    Stairs { from: Pos, up: bool, ladder: bool },
    /// Fell through a trap door or hole.
    Fell,
    /// Anything else (level teleport, cursed gain level, portal...).
    Other,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Dungeon {
    pub levels: Vec<Level>,
    pub current: Option<usize>,
    /// Stairs just taken whose arrival square is not known yet (the first screen of the new
    /// level had a `--More--` or menu up): (level left, stairs there, went up, ladder).
    pub pending_stairs: Option<(usize, Pos, bool, bool)>,
    /// Each branch's depth range as the game's overview last gave it ("levels 4 to 7"): the
    /// branch's first depth and the deepest reached.
    #[serde(default)]
    pub branch_ranges: Vec<(Branch, (i32, i32))>,
    /// Level changes so far (a count, so a leaf can tell "since we arrived here").
    #[serde(default)]
    pub arrivals: u64,
    /// The value of `arrivals` when the game's overview was last read (None: never).
    #[serde(default)]
    pub overview_read_at: Option<u64>,
    /// What the hero has done in Sokoban (see [`sokoban`]).
    #[serde(default)]
    pub sokoban: sokoban::SokobanProgress,
    /// The turn Mines' End was first seen explored (see [`mines_end`]).
    #[serde(default)]
    pub mines_end_explored: Option<i64>,
    /// Falls through trap doors and holes: (level fallen from, level landed on). A fall never
    /// leaves its dungeon, so once one end's branch is known the other's is too.
    #[serde(default)]
    pub falls: Vec<(usize, usize)>,
    /// The game turn of the last arrival up a staircase or ladder, while no other level change
    /// came after it: a hero who climbed (often fleeing) is told from one who came down.
    #[serde(default)]
    pub came_up_on_turn: Option<i64>,
    /// That climb left a hostile within 2 squares of the stairs below: a flight.
    #[serde(default)]
    pub came_up_fleeing: bool,
}

/// Chebyshev distance within which a hostile left below makes a climb a flight.
pub const FLIGHT_RADIUS: i16 = 2;

/// The shallowest depth the Gnomish Mines start at: their fork is on Dlvl 2 to 4.
pub const MINES_TOP_MIN: i32 = 3;
/// The deepest depth the Gnomish Mines start at.
pub const MINES_TOP_MAX: i32 = 5;

/// Whether a level of `branch` can lie at `depth`: Dlvl 1 is the Dungeons of Doom's first level
/// (the Planes show a label instead), and the Mines start at Dlvl 3 or deeper.
pub fn branch_possible_at(branch: Branch, depth: i32) -> bool {
    match branch {
        Branch::Mines => depth >= MINES_TOP_MIN,
        Branch::Doom | Branch::Unknown | Branch::Planes => true,
        _ => depth > 1,
    }
}

/// The branch a level-name label implies, if it names one.
pub fn branch_from_label(label: &str) -> Option<Branch> {
    if label.starts_with("Home") {
        Some(Branch::Quest)
    } else if label.starts_with("Fort Ludios") {
        Some(Branch::Ludios)
    } else if label.starts_with("End Game") || label.contains("Plane") {
        Some(Branch::Planes)
    } else {
        None
    }
}

impl Dungeon {
    pub fn current(&self) -> Option<&Level> {
        self.current.map(|i| &self.levels[i])
    }

    pub fn current_mut(&mut self) -> Option<&mut Level> {
        self.current.map(move |i| &mut self.levels[i])
    }

    /// The live level known under (branch, depth).
    pub fn find(&self, branch: Branch, depth: i32) -> Option<usize> {
        self.levels
            .iter()
            .position(|l| l.branch == branch && l.depth == depth && l.merged_into.is_none())
    }

    fn add(&mut self, branch: Branch, depth: i32) -> usize {
        self.levels.push(Level::new(branch, depth));
        self.levels.len() - 1
    }

    /// Enters the first level of a game (or a level whose label names its branch).
    pub fn start(&mut self, depth: i32, label: &str) -> usize {
        let branch = branch_from_label(label).unwrap_or(if depth == 1 {
            Branch::Doom
        } else {
            Branch::Unknown
        });
        let id = self
            .find(branch, depth)
            .unwrap_or_else(|| self.add(branch, depth));
        self.current = Some(id);
        self.arrivals += 1;
        id
    }

    /// Moves to the level at `depth` reached by `how`; `at` is where the player now stands.
    /// Returns the new current level.
    pub fn arrive(&mut self, depth: i32, label: &str, how: Arrival, at: Option<Pos>) -> usize {
        let Some(old) = self.current else {
            return self.start(depth, label);
        };
        self.arrivals += 1;
        let old_branch = self.levels[old].branch;
        if let Arrival::Stairs { from, .. } = how {
            if let Some(link) = self.levels[old].links.iter().find(|l| l.from == from) {
                let id = self.resolve(link.to_level);
                self.current = Some(id);
                return id;
            }
        }
        let going_up = depth < self.levels[old].depth;
        let old_depth = self.levels[old].depth;
        let branch = branch_from_label(label).unwrap_or_else(|| match how {
            Arrival::Stairs { .. } => self.stairs_lead_to(old_branch, old_depth, going_up),
            Arrival::Fell => old_branch,
            Arrival::Other => self.teleport_lands_in(old_branch, depth),
        });
        let branch = if branch_possible_at(branch, depth) {
            branch
        } else if depth == 1 {
            Branch::Doom
        } else {
            Branch::Unknown
        };
        let existing = if branch == Branch::Unknown {
            None
        } else {
            self.find(branch, depth)
        };
        let id = existing.unwrap_or_else(|| self.add(branch, depth));
        if existing.is_none() {
            self.levels[id].entered_going_up = going_up;
        }
        self.current = Some(id);
        if how == Arrival::Fell && !self.falls.contains(&(old, id)) {
            self.falls.push((old, id));
        }
        if let Arrival::Stairs { from, up, ladder } = how {
            self.pending_stairs = Some((old, from, up, ladder));
            if let Some(at) = at {
                self.arrived_at(at);
            }
        }
        id
    }

    /// Completes a stairs arrival once the player's square on the new level is known: links
    /// both ends and records the stairs under the player.
    pub fn arrived_at(&mut self, at: Pos) {
        let (Some((old, from, up, ladder)), Some(id)) = (self.pending_stairs.take(), self.current)
        else {
            return;
        };
        self.link(old, from, id, at);
        let under = match (up, ladder) {
            (true, false) => Feature::StairsDown,
            (false, false) => Feature::StairsUp,
            (true, true) => Feature::LadderDown,
            (false, true) => Feature::LadderUp,
        };
        if let Some(sq) = self.levels[id].at_mut(at) {
            sq.feature = under;
        }
    }

    fn link(&mut self, a: usize, a_pos: Pos, b: usize, b_pos: Pos) {
        let la = &mut self.levels[a].links;
        la.retain(|l| l.from != a_pos);
        la.push(StairLink {
            from: a_pos,
            to_level: b,
            to_pos: b_pos,
        });
        let lb = &mut self.levels[b].links;
        lb.retain(|l| l.from != b_pos);
        lb.push(StairLink {
            from: b_pos,
            to_level: a,
            to_pos: a_pos,
        });
    }

    /// Whether the current level's branch is still a guess the game has not confirmed: a
    /// placeholder the look has not told yet, or a level below Dlvl 1 the game's overview never
    /// listed (a fall or a level teleport keeps the branch we came from, and a Minetown reached
    /// by falling shows doors like the Dungeons). The overview (`^O`, no game time) settles it.
    pub fn branch_unconfirmed(&self) -> bool {
        self.current()
            .is_some_and(|l| l.branch == Branch::Unknown || (l.depth > 1 && !l.facts.in_overview))
    }

    /// Follows merge redirections to the live level.
    pub fn resolve(&self, mut id: usize) -> usize {
        while let Some(next) = self.levels[id].merged_into {
            id = next;
        }
        id
    }

    /// Sets a level's branch, merging it into the level already known under the new key. Levels
    /// a fall joins to it and whose branch is unknown get the same branch (seed 133 fell from
    /// the Mines' top, still a placeholder, to their second level: both are the Mines).
    pub fn set_branch(&mut self, id: usize, branch: Branch) {
        self.set_branch_alone(id, branch);
        if branch == Branch::Unknown {
            return;
        }
        let mut todo = vec![self.resolve(id)];
        while let Some(at) = todo.pop() {
            let joined: Vec<usize> = self
                .falls
                .iter()
                .filter_map(|&(a, b)| {
                    let (a, b) = (self.resolve(a), self.resolve(b));
                    (a == at).then_some(b).or((b == at).then_some(a))
                })
                .filter(|&other| self.levels[other].branch == Branch::Unknown)
                .collect();
            for other in joined {
                self.set_branch_alone(other, branch);
                todo.push(self.resolve(other));
            }
        }
    }

    fn set_branch_alone(&mut self, id: usize, branch: Branch) {
        let depth = self.levels[id].depth;
        if !branch_possible_at(branch, depth) {
            return;
        }
        match self.find(branch, depth) {
            Some(keep) if keep != id => {
                let gone = self.levels[id].clone();
                self.levels[keep].merge_from(&gone);
                self.levels[id].merged_into = Some(keep);
                for level in &mut self.levels {
                    for link in &mut level.links {
                        if link.to_level == id {
                            link.to_level = keep;
                        }
                    }
                }
                if self.current == Some(id) {
                    self.current = Some(keep);
                }
            }
            _ => self.levels[id].branch = branch,
        }
    }

    /// Stairs to take, level by level, to go from level `from` to level `to` over known links:
    /// each entry is (level, stair square on it).
    pub fn route(&self, from: usize, to: usize) -> Option<Vec<(usize, Pos)>> {
        let (from, to) = (self.resolve(from), self.resolve(to));
        let mut came: Vec<Option<(usize, Pos)>> = vec![None; self.levels.len()];
        let mut queue = VecDeque::from([from]);
        let mut visited = vec![false; self.levels.len()];
        visited[from] = true;
        while let Some(id) = queue.pop_front() {
            if id == to {
                let mut steps = Vec::new();
                let mut cur = to;
                while let Some((prev, stair)) = came[cur] {
                    steps.push((prev, stair));
                    cur = prev;
                }
                steps.reverse();
                return Some(steps);
            }
            for link in &self.levels[id].links {
                let next = self.resolve(link.to_level);
                if !visited[next] {
                    visited[next] = true;
                    came[next] = Some((id, link.from));
                    queue.push_back(next);
                }
            }
        }
        None
    }
}

impl Dungeon {
    /// The depth of the Mines' first level, once a level reached down the stairs from the
    /// Dungeons has been recognised as the Mines, or the game's overview told it.
    pub fn mines_top(&self) -> Option<i32> {
        if let Some(top) = self.branch_top(Branch::Mines) {
            return Some(top);
        }
        let fork = self.levels.iter().find(|l| {
            l.merged_into.is_none() && l.facts.branch_stairs.is_some_and(|b| b.to == Branch::Mines)
        });
        if let Some(fork) = fork {
            return Some(fork.depth + 1);
        }
        self.levels
            .iter()
            .filter(|l| l.branch == Branch::Mines && l.merged_into.is_none())
            .filter(|l| {
                l.links.iter().any(|link| {
                    let other = &self.levels[self.resolve(link.to_level)];
                    other.branch == Branch::Doom && other.depth == l.depth - 1
                })
            })
            .map(|l| l.depth)
            .next()
    }

    /// The branch a level teleport (or a cursed potion of gain level) from `branch` lands in at
    /// `depth`. The game keeps the dungeon unless the depth lies above its first level; then it
    /// lands in the parent dungeon, the Dungeons of Doom (`get_level` in dungeon.c). Seed 188 of
    /// an experiment stepped on a level teleporter on Dlvl 5 of the Mines, landed on Dlvl 1 and
    /// took it for the Mines: it tried to climb out of the dungeon for 8000 turns.
    fn teleport_lands_in(&self, branch: Branch, depth: i32) -> Branch {
        if depth == 1 {
            return Branch::Doom;
        }
        let top = match branch {
            Branch::Doom | Branch::Unknown | Branch::Planes => return branch,
            Branch::Mines => match self.mines_top() {
                Some(top) => top,
                None if depth < MINES_TOP_MIN => return Branch::Doom,
                None if depth >= MINES_TOP_MAX => return Branch::Mines,
                None => return Branch::Unknown,
            },
            _ => match self.branch_top(branch) {
                Some(top) => top,
                None => return branch,
            },
        };
        if depth < top {
            Branch::Doom
        } else {
            branch
        }
    }

    /// The branch of the level at the other end of not-yet-linked stairs, `Unknown` where they may
    /// lead into another branch: down from Dungeons 2-4 (the Mines), up from Dungeons 6-10
    /// (Sokoban, entered from below the Oracle), up out of the Mines' first level, down out of
    /// Sokoban's entry level.
    fn stairs_lead_to(&self, branch: Branch, depth: i32, going_up: bool) -> Branch {
        let mines_top = self.mines_top();
        let unknown_unless = |known: bool| if known { branch } else { Branch::Unknown };
        match (branch, going_up) {
            (Branch::Doom, false) if (2..=4).contains(&depth) => {
                // With the Mines located, only the fork level's stairs are in doubt.
                unknown_unless(mines_top.is_some_and(|top| top != depth + 1))
            }
            (Branch::Doom, true) if (6..=10).contains(&depth) => Branch::Unknown,
            (Branch::Mines, true) => match mines_top {
                Some(top) if depth == top => Branch::Doom,
                Some(_) => Branch::Mines,
                None => Branch::Unknown,
            },
            (Branch::Sokoban, false) | (Branch::Unknown, _) => Branch::Unknown,
            _ => branch,
        }
    }
}

#[cfg(test)]
mod tests;
