//! The dungeon as levels keyed by branch and depth, linked by stairs. A level reached where the
//! branch is ambiguous (the Mines fork at depth 2-4, the Sokoban fork below the Oracle) gets the
//! `Unknown` placeholder branch until its look gives it away; then it is merged with any level
//! already known under that key, so falling and taking stairs never duplicate a level.
//!
//! Submodules: `facts` (what is known of a level beyond its squares: features, special level,
//! branch stairs), `overview` (the game's `^O` overview read into the graph), `special` (special
//! levels recognised from the screen and looked up), `route` (travel plans across levels),
//! `sokoban` (Sokoban progress: its levels solved, the prize, turning back), `mines_end`
//! (the Mines' bottom recognised: their ninth level, or a deep one explored without down stairs).

pub mod facts;
pub mod mines_end;
pub mod overview;
pub mod route;
pub mod sokoban;
mod special;

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
            _ => old_branch,
        });
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

    /// Gives the current placeholder level its branch once its look tells; `new_gnomes` is the
    /// number of `G` that came into view this observation. Merges it into an existing level
    /// with the same key.
    pub fn recognise(&mut self, new_gnomes: usize) {
        let Some(id) = self.current else { return };
        if self.levels[id].branch != Branch::Unknown {
            return;
        }
        self.levels[id].gnomes_seen += new_gnomes as u32;
        let level = &self.levels[id];
        let count = |f: Feature| level.squares.iter().filter(|s| s.feature == f).count();
        let corridors = count(Feature::Corridor);
        let doors = count(Feature::OpenDoor) + count(Feature::ClosedDoor);
        let boulders = count(Feature::Boulder);
        let seen = level
            .squares
            .iter()
            .filter(|s| s.seen > 0 && s.feature != Feature::Rock)
            .count();
        // Dwarves dig short corridors in the Mines; the Dungeons have doors and long corridors.
        let branch = if level.entered_going_up && boulders >= 8 {
            Branch::Sokoban
        } else if doors > 0 || corridors >= DOOM_CORRIDORS {
            Branch::Doom
        } else if level.gnomes_seen >= 3
            || seen >= MINES_SEEN
            || (!level.entered_going_up
                && count(Feature::Fountain) == 0
                && cave_walls(level) >= MINES_CAVE_WALLS)
        {
            Branch::Mines
        } else {
            return;
        };
        self.set_branch(id, branch);
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

/// Squares seen with no corridor or door among them that make a placeholder level the Mines: more
/// than the biggest room of the Dungeons (~170 with its walls), whose exits show corridors.
const MINES_SEEN: usize = 250;
/// Corridor squares that make a placeholder level the Dungeons (more than dwarves dig).
const DOOM_CORRIDORS: usize = 15;
/// Cave walls (see [`cave_walls`]) that make a placeholder level the Mines: a room of the
/// Dungeons has none, the Mines' walls many (seeds 133 and 173 showed 3 or more in their first
/// dozen turns on the Mines' top). The Oracle's centre has some, and fountains: a level with a
/// fountain is left to other evidence.
const MINES_CAVE_WALLS: usize = 3;

/// Wall squares whose floor neighbours lie on more than one side: on both sides along a line
/// (west and east, north and south), or around a bend (in two rows and two columns). A room of
/// the Dungeons is a rectangle: each wall square has its floor on one side, in one row (a
/// horizontal wall) or one column (a vertical one), a corner diagonally; doorways, corridors and
/// niches are not floor. The Mines' cave walls jut and bend between floors. A square between two
/// walls does not count as floor (a doorway under an object or a monster looks like floor).
pub fn cave_walls(level: &Level) -> usize {
    let wall = |x: i16, y: i16| level.feature(Pos::new(x, y)) == Feature::Wall;
    // Under an object the floor is a guess (objects lie in corridors and doorways too), and a
    // square between two walls may be a doorway a monster stood in when first seen.
    let floor = |p: Pos| {
        level.at(p).is_some_and(|sq| {
            matches!(
                sq.feature,
                Feature::Floor | Feature::StairsUp | Feature::StairsDown
            ) && sq.object.is_none()
        }) && !(wall(p.x - 1, p.y) && wall(p.x + 1, p.y))
            && !(wall(p.x, p.y - 1) && wall(p.x, p.y + 1))
    };
    let cave = |p: Pos| {
        let at = |dx: i16, dy: i16| floor(Pos::new(p.x + dx, p.y + dy));
        if (at(-1, 0) && at(1, 0)) || (at(0, -1) && at(0, 1)) {
            return true;
        }
        let around: Vec<(i16, i16)> = (-1..=1)
            .flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| (dx, dy) != (0, 0) && at(dx, dy))
            .collect();
        let rows = around.iter().any(|&(_, dy)| dy != around[0].1);
        let columns = around.iter().any(|&(dx, _)| dx != around[0].0);
        rows && columns
    };
    (0..level.squares.len())
        .filter(|&i| level.squares[i].feature == Feature::Wall)
        .map(crate::level::pos_of)
        .filter(|&p| cave(p))
        .count()
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
mod tests {
    use super::*;
    use crate::tiles::tests::grid;

    fn down(x: i16) -> Arrival {
        Arrival::Stairs {
            from: Pos::new(x, 5),
            up: false,
            ladder: false,
        }
    }

    #[test]
    fn stairs_down_make_a_new_level_and_up_returns_to_the_same_one() {
        let mut d = Dungeon::default();
        let first = d.start(1, "Dlvl:1");
        let second = d.arrive(2, "Dlvl:2", down(10), Some(Pos::new(30, 7)));
        assert_ne!(first, second);
        assert_eq!(d.levels[second].branch, Branch::Doom);
        assert_eq!(d.levels[second].feature(Pos::new(30, 7)), Feature::StairsUp);
        let back = d.arrive(
            1,
            "Dlvl:1",
            Arrival::Stairs {
                from: Pos::new(30, 7),
                up: true,
                ladder: false,
            },
            None,
        );
        assert_eq!(back, first);
        assert_eq!(d.route(first, second), Some(vec![(first, Pos::new(10, 5))]));
        assert_eq!(d.levels.len(), 2);
    }

    #[test]
    fn falling_then_stairs_reach_the_same_level() {
        let mut d = Dungeon::default();
        d.start(1, "Dlvl:1");
        let fell = d.arrive(2, "Dlvl:2", Arrival::Fell, Some(Pos::new(3, 3)));
        d.arrive(1, "Dlvl:1", Arrival::Other, None);
        let by_stairs = d.arrive(2, "Dlvl:2", down(12), Some(Pos::new(40, 9)));
        assert_eq!(fell, by_stairs, "no duplicate level for Dlvl 2");
        assert_eq!(d.levels.len(), 2);
    }

    #[test]
    fn placeholder_below_the_fork_becomes_mines_or_merges_into_doom() {
        let mut d = Dungeon::default();
        d.start(3, "Dlvl:3");
        d.set_branch(0, Branch::Doom);
        let doom4 = d.arrive(4, "Dlvl:4", Arrival::Fell, Some(Pos::new(5, 5)));
        d.arrive(3, "Dlvl:3", Arrival::Other, None);
        let mines = d.arrive(4, "Dlvl:4", down(20), Some(Pos::new(50, 10)));
        assert_eq!(d.levels[mines].branch, Branch::Unknown);
        d.recognise(3);
        assert_eq!(d.levels[mines].branch, Branch::Mines);

        // The other down stairs: a placeholder that turns out to be the Doom level we fell into.
        d.arrive(
            3,
            "Dlvl:3",
            Arrival::Stairs {
                from: Pos::new(50, 10),
                up: true,
                ladder: false,
            },
            None,
        );
        let other = d.arrive(4, "Dlvl:4", down(60), Some(Pos::new(7, 7)));
        assert_ne!(other, doom4);
        d.levels[other].update(
            &grid(&["  ", "  ################"], &[]),
            Some(Pos::new(7, 7)),
            100,
            true,
        );
        d.recognise(0);
        assert_eq!(d.current, Some(doom4), "merged into the level we fell into");
        assert_eq!(d.levels[doom4].feature(Pos::new(3, 1)), Feature::Corridor);
        let top = d.find(Branch::Doom, 3).unwrap_or(usize::MAX);
        assert_eq!(d.route(top, doom4), Some(vec![(top, Pos::new(60, 5))]));
    }

    #[test]
    fn a_big_doom_room_is_not_taken_for_the_mines_but_a_wide_cave_is() {
        let mut d = Dungeon::default();
        d.start(3, "Dlvl:3");
        d.set_branch(0, Branch::Doom);
        let unknown = d.arrive(4, "Dlvl:4", down(20), Some(Pos::new(5, 5)));
        let mut room = vec!["-".repeat(22)];
        room.extend((0..8).map(|_| format!("|{}|", ".".repeat(20))));
        room.push("-".repeat(22));
        let rows: Vec<&str> = room.iter().map(String::as_str).collect();
        d.levels[unknown].update(&grid(&rows, &[]), Some(Pos::new(5, 5)), 10, true);
        d.recognise(0);
        assert_eq!(
            d.levels[unknown].branch,
            Branch::Unknown,
            "a room alone says nothing"
        );
        let cave: Vec<String> = (0..12)
            .map(|y| format!(" -{}-", ".".repeat(24 + y % 3)))
            .collect();
        let rows: Vec<&str> = cave.iter().map(String::as_str).collect();
        d.levels[unknown].update(&grid(&rows, &[]), Some(Pos::new(5, 5)), 20, true);
        d.recognise(0);
        assert_eq!(d.levels[unknown].branch, Branch::Mines);
    }

    #[test]
    fn a_dwarf_dug_corridor_does_not_make_the_mines_the_dungeons() {
        let mut d = Dungeon::default();
        d.start(2, "Dlvl:2");
        d.set_branch(0, Branch::Doom);
        let mines = d.arrive(3, "Dlvl:3", down(20), Some(Pos::new(5, 5)));
        d.levels[mines].update(
            &grid(&["", " .-#####-."], &[]),
            Some(Pos::new(5, 5)),
            10,
            true,
        );
        for _ in 0..2 {
            d.recognise(1);
            assert_eq!(d.levels[mines].branch, Branch::Unknown);
        }
        d.recognise(1);
        assert_eq!(
            d.levels[mines].branch,
            Branch::Mines,
            "three gnomes came into view"
        );
    }

    #[test]
    fn once_the_mines_are_located_their_stairs_are_no_longer_ambiguous() {
        let mut d = Dungeon::default();
        d.start(2, "Dlvl:2");
        d.set_branch(0, Branch::Doom);
        let mines3 = d.arrive(3, "Dlvl:3", down(20), Some(Pos::new(5, 5)));
        d.recognise(3);
        assert_eq!(d.mines_top(), Some(3));
        // Down in the Mines, then up a different staircase: still the Mines.
        let mines4 = d.arrive(4, "Dlvl:4", down(30), Some(Pos::new(6, 6)));
        assert_eq!(d.levels[mines4].branch, Branch::Mines);
        // Having fallen into Mines 3 elsewhere, going up from the top leads to the Dungeons.
        d.current = Some(mines3);
        let up = Arrival::Stairs {
            from: Pos::new(40, 2),
            up: true,
            ladder: false,
        };
        let doom2 = d.arrive(2, "Dlvl:2", up, Some(Pos::new(9, 9)));
        assert_eq!((d.levels[doom2].branch, doom2), (Branch::Doom, 0));
    }

    #[test]
    fn a_fall_joins_the_levels_at_its_ends_into_one_branch() {
        let mut d = Dungeon::default();
        d.start(2, "Dlvl:2");
        d.set_branch(0, Branch::Doom);
        let top = d.arrive(3, "Dlvl:3", down(20), Some(Pos::new(5, 5)));
        let low = d.arrive(4, "Dlvl:4", Arrival::Fell, Some(Pos::new(9, 9)));
        let lower = d.arrive(5, "Dlvl:5", Arrival::Fell, Some(Pos::new(9, 9)));
        assert!(d.branch_unconfirmed());
        let branches = |d: &Dungeon| [top, low, lower].map(|i| d.levels[d.resolve(i)].branch);
        assert_eq!(branches(&d), [Branch::Unknown; 3]);
        d.set_branch(lower, Branch::Mines);
        assert_eq!(
            branches(&d),
            [Branch::Mines; 3],
            "falls stay in their dungeon"
        );
        assert_eq!(d.mines_top(), Some(3), "the top is linked to Doom 2");
        // The overview listing the level settles it; a fall from the Dungeons stays there.
        d.levels[lower].facts.in_overview = true;
        assert!(!d.branch_unconfirmed());
        d.current = Some(0);
        let doom3 = d.arrive(3, "Dlvl:3", Arrival::Fell, Some(Pos::new(1, 1)));
        assert_eq!(d.levels[doom3].branch, Branch::Doom);
        assert_ne!(doom3, top);
    }

    #[test]
    fn sokoban_is_recognised_from_boulders_when_entered_going_up() {
        let mut d = Dungeon::default();
        d.start(7, "Dlvl:7");
        d.set_branch(0, Branch::Doom);
        let soko = d.arrive(
            6,
            "Dlvl:6",
            Arrival::Stairs {
                from: Pos::new(9, 9),
                up: true,
                ladder: false,
            },
            Some(Pos::new(40, 8)),
        );
        let boulders = "0 0 0 0 0 0 0 0 0 0";
        d.levels[soko].update(&grid(&[boulders], &[]), Some(Pos::new(40, 8)), 50, true);
        d.recognise(0);
        assert_eq!(d.levels[soko].branch, Branch::Sokoban);
    }
}
