//! Travel plans across levels: which stairs to take, level by level, to reach a (branch, depth).
//!
//! Known stairs links are sure. Stairs seen but never taken lead where the dungeon's layout
//! says: one level down or up in the same branch, except at the forks (the Mines' down stairs
//! on Dungeons 2-4, Sokoban's up stairs on the level below the Oracle, the Mines' top up
//! stairs, Sokoban's bottom down stairs). At a fork where the other staircase's end is known,
//! the untaken one leads to the other branch; where neither is known, either may, and the plan
//! says so (`sure: false`): taking them teaches which, and the next plan knows.

use super::facts::Special;
use super::Dungeon;
use crate::level::Branch;
use crate::tiles::Feature;
use nhbot_screen::Pos;
use serde::{Deserialize, Serialize};

/// One leg of a trip: on `level`, take the stairs at `stairs`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leg {
    /// Index into [`Dungeon::levels`].
    pub level: usize,
    pub stairs: Pos,
    pub up: bool,
    /// Where they lead: (branch, depth).
    pub to: (Branch, i32),
    /// Taken before (a known link), or leading where the layout says with no doubt.
    pub sure: bool,
}

/// Where a trip goes: a level by branch and depth.
pub type Place = (Branch, i32);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Node {
    Known(usize),
    /// A level not visited yet, one untaken staircase away from a known one.
    Unseen(Branch, i32),
}

/// Costs: known links are preferred over stairs never taken, and sure guesses over unsure ones.
const LINK_COST: u32 = 2;
const SURE_COST: u32 = 3;
const UNSURE_COST: u32 = 6;

impl crate::World {
    /// The stairs to take, level by level, from the current level to (branch, depth): see
    /// [`Dungeon::route_to`].
    pub fn route_to(&self, branch: Branch, depth: i32) -> Option<Vec<Leg>> {
        self.dungeon
            .route_to(self.dungeon.current?, (branch, depth))
    }
}

impl Dungeon {
    /// The stairs to take, level by level, from level `from` to the level at `to`: empty when
    /// `from` is that level; None when no known or seen stairs lead there.
    pub fn route_to(&self, from: usize, to: Place) -> Option<Vec<Leg>> {
        let from = self.resolve(from);
        let place = |n: Node| match n {
            Node::Known(id) => (self.levels[id].branch, self.levels[id].depth),
            Node::Unseen(b, d) => (b, d),
        };
        let mut nodes: Vec<Node> = vec![Node::Known(from)];
        let mut cost: Vec<u32> = vec![0];
        let mut came: Vec<Option<(usize, Leg)>> = vec![None];
        let mut done: Vec<bool> = vec![false];
        loop {
            let (i, _) = (0..nodes.len())
                .filter(|&i| !done[i])
                .map(|i| (i, cost[i]))
                .min_by_key(|&(_, c)| c)?;
            done[i] = true;
            if place(nodes[i]) == to {
                let mut legs = Vec::new();
                let mut at = i;
                while let Some((prev, leg)) = came[at].clone() {
                    legs.push(leg);
                    at = prev;
                }
                legs.reverse();
                return Some(legs);
            }
            let Node::Known(id) = nodes[i] else { continue };
            for (next, leg, step) in self.exits(id) {
                let j = match nodes.iter().position(|&n| n == next) {
                    Some(j) => j,
                    None => {
                        nodes.push(next);
                        cost.push(u32::MAX);
                        came.push(None);
                        done.push(false);
                        nodes.len() - 1
                    }
                };
                if !done[j] && cost[i] + step < cost[j] {
                    cost[j] = cost[i] + step;
                    came[j] = Some((i, leg));
                }
            }
        }
    }

    /// Every staircase of level `id` with where it leads and what taking it costs.
    fn exits(&self, id: usize) -> Vec<(Node, Leg, u32)> {
        let level = &self.levels[id];
        let mut out = Vec::new();
        for link in &level.links {
            let to = self.resolve(link.to_level);
            let far = &self.levels[to];
            let up = far.depth < level.depth
                || matches!(
                    level.feature(link.from),
                    Feature::StairsUp | Feature::LadderUp
                );
            let leg = Leg {
                level: id,
                stairs: link.from,
                up,
                to: (far.branch, far.depth),
                sure: true,
            };
            out.push((Node::Known(to), leg, LINK_COST));
        }
        let stairs = [
            (Feature::StairsUp, true),
            (Feature::LadderUp, true),
            (Feature::StairsDown, false),
            (Feature::LadderDown, false),
        ];
        // One pass over the squares for all four: a route looks at every level known.
        let found = level.find_any(&stairs.map(|(feature, _)| feature));
        for (feature, up) in stairs {
            let of_kind = found.iter().filter(|(f, _)| *f == feature);
            for at in of_kind.map(|&(_, at)| at) {
                if level.links.iter().any(|l| l.from == at) {
                    continue;
                }
                let depth = if up { level.depth - 1 } else { level.depth + 1 };
                let branches = self.untaken_stairs_lead_to(id, at, up);
                let sure = branches.len() == 1;
                for branch in branches {
                    let node = match self.find(branch, depth) {
                        Some(known) => Node::Known(known),
                        None => Node::Unseen(branch, depth),
                    };
                    let leg = Leg {
                        level: id,
                        stairs: at,
                        up,
                        to: (branch, depth),
                        sure,
                    };
                    out.push((node, leg, if sure { SURE_COST } else { UNSURE_COST }));
                }
            }
        }
        out
    }

    /// The branches stairs never taken at `at` on level `id` may lead into (one when sure).
    pub fn untaken_stairs_lead_to(&self, id: usize, at: Pos, up: bool) -> Vec<Branch> {
        let level = &self.levels[id];
        let (branch, depth) = (level.branch, level.depth);
        let mines_top = self.mines_top();
        let entrance = self.special_level(Special::SokobanEntrance);
        let mut options = match (branch, up) {
            (Branch::Doom, false) => match mines_top {
                Some(top) if top == depth + 1 => vec![Branch::Doom, Branch::Mines],
                None if (2..=4).contains(&depth) => vec![Branch::Doom, Branch::Mines],
                _ => vec![Branch::Doom],
            },
            (Branch::Doom, true) => match entrance {
                Some(e) if e == id => vec![Branch::Doom, Branch::Sokoban],
                None if (6..=10).contains(&depth) => vec![Branch::Doom, Branch::Sokoban],
                _ => vec![Branch::Doom],
            },
            (Branch::Mines, true) => match mines_top {
                Some(top) if top == depth => vec![Branch::Doom],
                Some(_) => vec![Branch::Mines],
                None => vec![Branch::Mines, Branch::Doom],
            },
            (Branch::Sokoban, false) => vec![Branch::Doom],
            (Branch::Unknown, _) => Vec::new(),
            _ => vec![branch],
        };
        if options.len() > 1 {
            // The other staircase of the fork, taken already, tells where this one goes.
            let taken: Vec<Branch> = level
                .links
                .iter()
                .filter(|l| l.from != at)
                .map(|l| &self.levels[self.resolve(l.to_level)])
                .filter(|far| (far.depth < depth) == up)
                .map(|far| far.branch)
                .collect();
            let rest: Vec<Branch> = options
                .iter()
                .copied()
                .filter(|b| !taken.contains(b))
                .collect();
            if !rest.is_empty() {
                options = rest;
            }
        }
        options
    }

    /// Where a named special level is: its (branch, depth) once known, or where it must be
    /// (the Sokoban entrance below the Oracle).
    pub fn place_of(&self, special: Special) -> Option<Place> {
        if let Some(id) = self.special_level(special) {
            return Some((self.levels[id].branch, self.levels[id].depth));
        }
        match special {
            // `oracle_depth` without its guess from the entrance: that guess was just made
            // (`special_level`) and found nothing.
            Special::SokobanEntrance => self
                .special_level(Special::Oracle)
                .map(|i| (Branch::Doom, self.levels[i].depth + 1)),
            _ => None,
        }
    }

    /// The first level of `branch` one enters it by: the Dungeons' 1, the Mines' top, Sokoban's
    /// bottom (one above its entrance), or the shallowest known level of any other branch.
    pub fn branch_entry(&self, branch: Branch) -> Option<i32> {
        match branch {
            Branch::Doom => Some(1),
            Branch::Mines => self.mines_top(),
            Branch::Sokoban => self.place_of(Special::SokobanEntrance).map(|(_, d)| d - 1),
            _ => self
                .levels
                .iter()
                .filter(|l| l.merged_into.is_none() && l.branch == branch)
                .map(|l| l.depth)
                .min(),
        }
    }

    /// The stairs on the Sokoban entrance level that lead up into Sokoban, when known: the up
    /// stairs linked to Sokoban, or the untaken one when the other leads to the Dungeons.
    pub fn sokoban_stairs(&self) -> Option<Pos> {
        let id = self.special_level(Special::SokobanEntrance)?;
        let level = &self.levels[id];
        let linked = level.links.iter().find(|l| {
            let far = &self.levels[self.resolve(l.to_level)];
            far.branch == Branch::Sokoban
        });
        if let Some(link) = linked {
            return Some(link.from);
        }
        level
            .find(Feature::StairsUp)
            .into_iter()
            .filter(|&p| !level.links.iter().any(|l| l.from == p))
            .find(|&p| self.untaken_stairs_lead_to(id, p, true) == [Branch::Sokoban])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::Arrival;
    use crate::tiles::tests::grid;

    fn stairs(x: i16, up: bool) -> Arrival {
        Arrival::Stairs {
            from: Pos::new(x, 1),
            up,
            ladder: false,
        }
    }

    /// Draws `row` as the map's row 1 of the current level.
    fn draw(d: &mut Dungeon, row: &str) {
        let id = d.current.expect("a level");
        d.levels[id].update(&grid(&["", row], &[]), None, 1, true);
    }

    #[test]
    fn a_route_climbs_out_of_the_mines_and_goes_down_to_the_sokoban_stairs() {
        let mut d = Dungeon::default();
        d.start(2, "Dlvl:2");
        d.set_branch(0, Branch::Doom);
        // Dungeons 2 .. 4, Oracle on 3 (told by the overview), two up stairs on 4.
        draw(&mut d, " > >");
        let doom3 = d.arrive(3, "Dlvl:3", stairs(1, false), Some(Pos::new(4, 1)));
        d.set_branch(doom3, Branch::Doom);
        draw(&mut d, "    <  >");
        d.levels[doom3].facts.mark(Special::Oracle);
        let doom4 = d.arrive(4, "Dlvl:4", stairs(7, false), Some(Pos::new(2, 1)));
        draw(&mut d, "  <   <");
        // Below the Mines' fork depths an arrival is a placeholder until its look tells.
        d.set_branch(doom4, Branch::Doom);
        d.recognise_specials(&[]);
        assert_eq!(d.special_level(Special::SokobanEntrance), Some(doom4));
        assert_eq!(d.sokoban_stairs(), Some(Pos::new(6, 1)));
        // Back up to 2 and into the Mines by the other down stairs.
        d.arrive(3, "Dlvl:3", stairs(2, true), None);
        d.arrive(2, "Dlvl:2", stairs(4, true), None);
        let mines3 = d.arrive(3, "Dlvl:3", stairs(3, false), Some(Pos::new(9, 1)));
        d.set_branch(mines3, Branch::Mines);
        draw(&mut d, "         <  >");
        assert_eq!(d.mines_top(), Some(3));

        let legs = d
            .route_to(mines3, (Branch::Sokoban, 3))
            .expect("a route to Sokoban");
        let steps: Vec<(i32, Pos, bool, bool)> = legs
            .iter()
            .map(|l| (d.levels[l.level].depth, l.stairs, l.up, l.sure))
            .collect();
        assert_eq!(
            steps,
            vec![
                (3, Pos::new(9, 1), true, true),
                (2, Pos::new(1, 1), false, true),
                (3, Pos::new(7, 1), false, true),
                (4, Pos::new(6, 1), true, true),
            ]
        );
        assert_eq!(legs.last().map(|l| l.to), Some((Branch::Sokoban, 3)));
        assert_eq!(d.route_to(doom4, (Branch::Doom, 4)), Some(vec![]));
        assert_eq!(d.route_to(mines3, (Branch::Doom, 9)), None, "too far");
    }

    #[test]
    fn untaken_fork_stairs_are_unsure_until_the_other_pair_is_known() {
        let mut d = Dungeon::default();
        d.start(3, "Dlvl:3");
        d.set_branch(0, Branch::Doom);
        draw(&mut d, " >   >");
        let legs = d.route_to(0, (Branch::Mines, 4)).expect("either stairs");
        assert_eq!(legs.len(), 1);
        assert!(!legs[0].sure);
        let doom4 = d.arrive(4, "Dlvl:4", stairs(1, false), Some(Pos::new(3, 1)));
        d.set_branch(doom4, Branch::Doom);
        let legs = d
            .route_to(doom4, (Branch::Mines, 4))
            .expect("back up, other stairs");
        assert_eq!(
            legs.iter().map(|l| (l.stairs, l.sure)).collect::<Vec<_>>(),
            vec![(Pos::new(3, 1), true), (Pos::new(5, 1), true)]
        );
    }
}
