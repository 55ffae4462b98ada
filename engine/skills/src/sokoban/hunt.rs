//! A monster behind a boulder: in Sokoban one trapped in a pit, or a sessile one, never
//! leaves, and waiting only burns turns (the level's monsters know its holes and never step
//! on one, so one shut in the hole corridor stays). The node walks around the boulders (never
//! pushing one) to a square next to it and attacks, `F` + direction, so an unseen one is hit
//! too. When no such square can be reached, it throws from a square in line with it: thrown
//! objects fly over boulders.

use nhbot_sokoban::{Cell, Puzzle};
use std::collections::VecDeque;

/// The 8 steps as (dx, dy); the first 4 are orthogonal.
const STEPS: [(isize, isize); 8] = [
    (-1, 0),
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
];

/// What to do about the monster on `target`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HuntStep {
    /// Attack it in this direction (dx, dy).
    Attack(isize, isize),
    /// Walk one step (dx, dy) toward a square next to it (or, with `throw`, in line with it).
    Walk(isize, isize),
    /// Throw something this way (dx, dy): nothing but boulders lies between.
    Throw(isize, isize),
}

/// Squares a thrown dagger surely flies (its range is about 8 for a strong hero).
pub const THROW_RANGE: isize = 6;

/// The player's moves in Sokoban: onto floor or doors (never into a boulder, an open hole or
/// another monster), never diagonally through a doorway or between two rocks.
struct Grid<'a> {
    p: &'a Puzzle,
    monsters: &'a [usize],
}

impl Grid<'_> {
    fn at(&self, i: usize, (dx, dy): (isize, isize)) -> Option<usize> {
        let (x, y) = (
            (i % self.p.width) as isize + dx,
            (i / self.p.width) as isize + dy,
        );
        (x >= 0 && y >= 0 && (x as usize) < self.p.width && (y as usize) < self.p.height)
            .then(|| y as usize * self.p.width + x as usize)
    }

    fn rock(&self, i: usize) -> bool {
        self.p.cells[i] == Cell::Wall || self.p.boulders.contains(&i)
    }

    fn door(&self, i: usize) -> bool {
        self.p.cells[i] == Cell::Door
    }

    /// The direction of a throw from `i` that reaches `target` within [`THROW_RANGE`]:
    /// over floor, doors (not diagonally), holes and boulders, never past a wall or through
    /// another monster.
    fn line_to(&self, i: usize, target: usize) -> Option<(isize, isize)> {
        STEPS.iter().copied().find(|&d| {
            let mut at = i;
            for _ in 0..THROW_RANGE {
                let Some(n) = self.at(at, d) else {
                    return false;
                };
                if n == target {
                    return true;
                }
                let diagonal_door = d.0 != 0 && d.1 != 0 && self.door(n);
                if self.p.cells[n] == Cell::Wall || diagonal_door || self.monsters.contains(&n) {
                    return false;
                }
                at = n;
            }
            false
        })
    }

    /// The square a step from `i` by `d` reaches, if the player may move there.
    fn step(&self, i: usize, d: (isize, isize)) -> Option<usize> {
        let n = self.at(i, d)?;
        if !matches!(self.p.cells[n], Cell::Floor | Cell::Door)
            || self.p.boulders.contains(&n)
            || self.monsters.contains(&n)
        {
            return None;
        }
        if d.0 != 0 && d.1 != 0 {
            let (side_x, side_y) = (self.at(i, (d.0, 0))?, self.at(i, (0, d.1))?);
            if self.door(i) || self.door(n) || (self.rock(side_x) && self.rock(side_y)) {
                return None;
            }
        }
        Some(n)
    }
}

/// The next step toward attacking `target`, or `None` if no square next to it can be
/// reached without pushing a boulder. With `throw` (the hero has something to throw), a
/// square in line with it does when none next to it can be reached.
pub fn hunt_step(p: &Puzzle, monsters: &[usize], target: usize, throw: bool) -> Option<HuntStep> {
    let grid = Grid { p, monsters };
    // Attacks ignore the squeeze and doorway rules (NetHack attacks before it tests the
    // move), so any square next to the target will do.
    let attack_from = |i: usize| {
        STEPS
            .iter()
            .find(|&&d| grid.at(i, d) == Some(target))
            .copied()
    };
    if let Some((dx, dy)) = attack_from(p.player) {
        return Some(HuntStep::Attack(dx, dy));
    }
    if let Some(step) = walk_toward(&grid, attack_from) {
        return Some(step);
    }
    if !throw {
        return None;
    }
    let throw_from = |i: usize| grid.line_to(i, target);
    if let Some((dx, dy)) = throw_from(p.player) {
        return Some(HuntStep::Throw(dx, dy));
    }
    walk_toward(&grid, throw_from)
}

/// The first step of a shortest walk to a square where `good` finds a direction.
fn walk_toward(grid: &Grid, good: impl Fn(usize) -> Option<(isize, isize)>) -> Option<HuntStep> {
    let p = grid.p;
    // Breadth-first from the player; `first[i]` is the first step on the way to `i`.
    let mut first: Vec<Option<(isize, isize)>> = vec![None; p.cells.len()];
    let mut seen = vec![false; p.cells.len()];
    seen[p.player] = true;
    let mut queue = VecDeque::from([p.player]);
    while let Some(i) = queue.pop_front() {
        for d in STEPS {
            let Some(n) = grid.step(i, d) else {
                continue;
            };
            if seen[n] {
                continue;
            }
            seen[n] = true;
            let step = if i == p.player { d } else { first[i]? };
            first[n] = Some(step);
            if good(n).is_some() {
                return Some(HuntStep::Walk(step.0, step.1));
            }
            queue.push_back(n);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_sokoban::parse_nethack;

    fn idx(p: &Puzzle, x: usize, y: usize) -> usize {
        y * p.width + x
    }

    #[test]
    fn walks_around_the_boulder_and_attacks_what_is_behind_it() {
        // Player west of a boulder; the monster stands east of it.
        let p = parse_nethack("t", "-------\n|.....|\n|>0.<.|\n|.....|\n-------").unwrap();
        let target = idx(&p, 3, 2);
        let mut p = p;
        let mut steps = 0;
        loop {
            match hunt_step(&p, &[target], target, false).expect("a way round") {
                HuntStep::Attack(dx, dy) => {
                    let (x, y) = (p.player % p.width, p.player / p.width);
                    let hit = ((x as isize + dx) as usize, (y as isize + dy) as usize);
                    assert_eq!(hit, (3, 2));
                    break;
                }
                HuntStep::Throw(..) => panic!("nothing to throw"),
                HuntStep::Walk(dx, dy) => {
                    let next = (p.player as isize + dy * p.width as isize + dx) as usize;
                    assert!(!p.boulders.contains(&next), "walked into the boulder");
                    p.player = next;
                    steps += 1;
                    assert!(steps < 10);
                }
            }
        }
        assert_eq!(steps, 1, "one diagonal step reaches a square next to it");
    }

    /// Seeds 8 and 9: the monster shut in the hole corridor past the boulder; only a throw
    /// reaches it, from right behind the boulder or from farther back in line.
    #[test]
    fn throws_over_the_boulder_in_a_corridor() {
        let p = parse_nethack("t", "--------\n|>.0.^<|\n--------").unwrap();
        let target = idx(&p, 4, 1);
        assert_eq!(
            hunt_step(&p, &[target], target, true),
            Some(HuntStep::Throw(1, 0))
        );
        // Nothing to throw: no way.
        assert_eq!(hunt_step(&p, &[target], target, false), None);
        // Another monster in the line takes the hit: no throw.
        let other = idx(&p, 2, 1);
        assert_eq!(hunt_step(&p, &[target, other], target, true), None);
    }

    #[test]
    fn no_way_round_in_a_corridor() {
        let p = parse_nethack("t", "-------\n|>0.<.|\n-------").unwrap();
        assert_eq!(hunt_step(&p, &[idx(&p, 3, 1)], idx(&p, 3, 1), false), None);
    }

    /// Seed 3's soko4-2: a monster trapped in the hole column above the boulder to push; the
    /// only square next to it is diagonal, between the boulder and a wall.
    #[test]
    fn attacks_diagonally_past_a_boulder_and_a_wall() {
        let map = "-----\n|^|<|\n|^---\n|0..|\n|>..|\n-----";
        let mut p = parse_nethack("t", map).unwrap();
        let target = 2 * p.width + 1; // (1, 2): the hole the monster is trapped in
        let mut steps = 0;
        loop {
            match hunt_step(&p, &[target], target, false).expect("a way to it") {
                HuntStep::Attack(dx, dy) => {
                    assert_eq!((dx, dy), (-1, -1), "from (2,3) up-left");
                    break;
                }
                HuntStep::Throw(..) => panic!("nothing to throw"),
                HuntStep::Walk(dx, dy) => {
                    p.player = (p.player as isize + dy * p.width as isize + dx) as usize;
                    steps += 1;
                    assert!(steps < 5);
                }
            }
        }
        assert_eq!(steps, 1);
    }
}
