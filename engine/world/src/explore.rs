//! What exploration asks of the map: the frontier of the known map, where hidden doors and
//! passages are likely (search spots and rounds), dead ends, and the path options and paths
//! the navigation uses. Queries only: the decisions built on them are nhbot-skills' `explore`.

use crate::level::{neighbours, pos_of, Branch, Level};
use crate::monsters::Monster;
use crate::nav::{Path, PathOpts};
use crate::tiles::Feature;
use crate::{Action, World};
use nhbot_screen::Pos;

/// Rounds of searching: every spot is searched up to the first limit before any goes on to the
/// next (a hidden exit is usually found within the first round; some need many more turns).
pub const SEARCH_LIMITS: [u32; 3] = [60, 150, 300];
/// How far around a spot unexplored squares count towards its promise.
const SEARCH_RADIUS: i16 = 5;

impl World {
    /// Path options for the current level: known peacefuls (and unidentified `@`, likely
    /// shopkeepers or watchmen) are never entered, other monsters cost a fight.
    pub fn path_opts(&self) -> PathOpts {
        let mut opts = PathOpts::default();
        for m in self.monsters.iter().filter(|m| !m.tame) {
            let peaceful = m.peaceful.unwrap_or(m.ch == '@');
            // A blue `e` is a floating eye: walking into it is a melee blow, and its passive
            // gaze paralyses for dozens of turns (the killer of many games "frozen by a
            // monster's gaze"). Paths go round it.
            let floating_eye = m.ch == 'e' && m.color == crate::tiles::clr::BLUE;
            if peaceful || floating_eye {
                opts.blocked.push(m.pos);
            } else {
                opts.monsters.push(m.pos);
            }
        }
        if self.level().is_some_and(|l| l.branch == Branch::Sokoban) {
            sokoban_rules(&mut opts);
        }
        if self.watched() {
            // Kicking a door open where the watch can see is "Halt, thief!": the whole watch
            // turns on us (seed 99 died so in Minetown). Locked doors stay shut there.
            opts.locked_door_cost = None;
        }
        opts
    }

    /// Whether the town watch keeps this level: Minetown, or a watchman or watch captain in
    /// view (farlook names them).
    pub fn watched(&self) -> bool {
        let minetown = self
            .level()
            .is_some_and(|l| l.facts.is(crate::dungeon::facts::Special::Minetown));
        minetown
            || self
                .monsters
                .iter()
                .any(|m| m.name.as_deref().is_some_and(|n| n.contains("watch")))
    }

    /// [`World::path_opts`] with Sokoban's rules, for callers that know they are there
    /// when the world does not (a wizard-mode level teleport leaves the branch unknown).
    pub fn sokoban_path_opts(&self) -> PathOpts {
        let mut opts = self.path_opts();
        sokoban_rules(&mut opts);
        opts
    }

    /// The path from the player to the nearest of `targets` on the current level.
    pub fn path_to(&self, targets: &[Pos]) -> Option<Path> {
        self.level()?.path(self.player, targets, &self.path_opts())
    }

    /// The action that follows `path` one command further: open or kick a door in the way, travel
    /// when it saves commands and nothing hostile is in view, else one step.
    pub fn step_along(&self, path: &Path) -> Action {
        let dir = path.first;
        if let Some(sq) = self.level().and_then(|l| l.at(path.steps[0])) {
            if sq.feature == Feature::ClosedDoor {
                return if sq.locked {
                    Action::Kick { dir }
                } else {
                    Action::Open { dir }
                };
            }
        }
        let level = self.level();
        // Travel neither opens doors nor pushes boulders.
        let obstacle_ahead = path.steps.iter().any(|&p| {
            level.is_some_and(|l| matches!(l.feature(p), Feature::ClosedDoor | Feature::Boulder))
        });
        let hostile_in_view = self.monsters.iter().any(Monster::maybe_hostile);
        // A travel that went nowhere: walk, so a failed step can teach what is in the way.
        let travel_failed = (matches!(self.last_action, Some(Action::Travel { .. }))
            && self.idle_repeats > 0)
            || level.is_some_and(|l| l.travel_astray.contains(&path.target()));
        if path.travel_saves_actions() && !obstacle_ahead && !hostile_in_view && !travel_failed {
            Action::Travel { to: path.target() }
        } else {
            Action::Move { dir }
        }
    }
}

/// Known squares one can stand on (or open) that touch never-seen squares and were never stood on.
/// A square stood on has shown all it can (its blank neighbours became rock), so it is never
/// frontier again: whatever stays unknown around it cannot be learnt by walking there.
/// A known shop is no frontier: it holds no stairs, and inside it the shopkeeper at the door
/// can leave no way out (seed 75 camped 17,000 turns in an armour shop and starved).
pub fn frontier(level: &Level) -> Vec<Pos> {
    let open = |f: Feature| f.walkable() || f == Feature::ClosedDoor;
    (0..level.squares.len())
        .filter(|&i| open(level.squares[i].feature) && level.squares[i].walked == 0)
        .map(pos_of)
        .filter(|&p| neighbours(p).any(|q| q.x > 0 && level.feature(q) == Feature::Unknown))
        .filter(|&p| !level.in_shop(p))
        .collect()
}

fn walkable_neighbours(level: &Level, p: Pos) -> usize {
    neighbours(p)
        .filter(|&q| level.feature(q).walkable() || level.feature(q).is_door())
        .count()
}

/// A corridor square with a single way out.
pub fn is_dead_end(level: &Level, p: Pos) -> bool {
    level.feature(p) == Feature::Corridor && walkable_neighbours(level, p) <= 1
}

/// Turns of searching already done on every solid square next to `p` (the least of them).
pub fn searched_around(level: &Level, p: Pos) -> u32 {
    neighbours(p)
        .filter_map(|q| level.at(q).filter(|s| s.feature.is_solid()))
        .map(|s| s.searched)
        .min()
        .unwrap_or(0)
}

/// Where to search and how promising each place is.
#[derive(Clone, Copy, Debug)]
pub struct SearchRound {
    /// Never-seen squares needed within `SEARCH_RADIUS` (dead ends always qualify).
    pub min_unknown: u32,
    /// Spots whose solid neighbours were all searched this long are done for this round.
    pub limit: u32,
    /// Any corridor square may hide a branch, not only dead ends (later rounds).
    pub corridors: bool,
}

/// Promising walls first; when every wall looks explored around, the exit may still be behind
/// any of them; later rounds search longer and along corridors too.
pub fn search_rounds() -> impl Iterator<Item = SearchRound> {
    SEARCH_LIMITS
        .into_iter()
        .enumerate()
        .flat_map(|(i, limit)| {
            [15, 1].map(|min_unknown| SearchRound {
                min_unknown,
                limit,
                corridors: i > 0,
            })
        })
}

/// Places worth searching, with a promise score: dead-end corridors, and room squares beside a
/// wall with enough never-seen squares around them (and corridors, if the round says so).
pub fn search_spots(level: &Level, round: SearchRound) -> Vec<(Pos, u32)> {
    let unknown_near = UnknownCounts::of(level);
    let mut spots = Vec::new();
    for i in 0..level.squares.len() {
        let p = pos_of(i);
        let feature = level.squares[i].feature;
        let dead_end = is_dead_end(level, p);
        let by_wall =
            feature == Feature::Floor && neighbours(p).any(|q| level.feature(q) == Feature::Wall);
        let corridor = round.corridors && feature == Feature::Corridor;
        if !(dead_end || by_wall || corridor) {
            continue;
        }
        let searched = searched_around(level, p);
        if searched >= round.limit {
            continue;
        }
        let unknown = unknown_near.around(p, SEARCH_RADIUS);
        if dead_end || unknown >= round.min_unknown {
            let promise = unknown + if dead_end { 40 } else { 0 };
            spots.push((p, promise * 10 / (10 + searched)));
        }
    }
    spots
}

/// Never-seen squares of a level (column 0 left out: the game draws nothing there) summed over
/// every box from the top-left corner, so the count in any box is four reads: a search round
/// looked at the 121 squares around each of hundreds of spots.
struct UnknownCounts {
    /// `sums[y * (COLS + 1) + x]`: never-seen squares above row `y` and left of column `x`.
    sums: Vec<u32>,
}

impl UnknownCounts {
    const WIDTH: usize = nhbot_screen::COLS + 1;

    fn of(level: &Level) -> UnknownCounts {
        let (cols, rows) = (nhbot_screen::COLS, nhbot_screen::MAP_ROWS);
        let mut sums = vec![0u32; Self::WIDTH * (rows + 1)];
        for y in 0..rows {
            for x in 0..cols {
                let p = Pos::new(x as i16, y as i16);
                let unknown = u32::from(x > 0 && level.feature(p) == Feature::Unknown);
                sums[(y + 1) * Self::WIDTH + x + 1] =
                    unknown + sums[y * Self::WIDTH + x + 1] + sums[(y + 1) * Self::WIDTH + x]
                        - sums[y * Self::WIDTH + x];
            }
        }
        UnknownCounts { sums }
    }

    /// Never-seen squares within `radius` (Chebyshev) of `p`, inside the map.
    fn around(&self, p: Pos, radius: i16) -> u32 {
        let (cols, rows) = (nhbot_screen::COLS as i16, nhbot_screen::MAP_ROWS as i16);
        let (x0, x1) = ((p.x - radius).max(0), (p.x + radius).min(cols - 1));
        let (y0, y1) = ((p.y - radius).max(0), (p.y + radius).min(rows - 1));
        if x0 > x1 || y0 > y1 {
            return 0;
        }
        let at = |x: i16, y: i16| self.sums[y as usize * Self::WIDTH + x as usize];
        at(x1 + 1, y1 + 1) + at(x0, y0) - at(x0, y1 + 1) - at(x1 + 1, y0)
    }
}

/// Search longer at a spot already searched: BotHack's escalation.
pub fn search_count(searched_from: u32) -> u16 {
    match searched_from {
        0..=9 => 10,
        10..=29 => 15,
        _ => 20,
    }
}

/// Sokoban forbids squeezing past boulders, and its pits and holes are for boulders.
fn sokoban_rules(opts: &mut PathOpts) {
    opts.no_squeeze = true;
    opts.mild_trap_cost = None;
    opts.boulder_cost = None;
}

#[cfg(test)]
mod unknown_count_tests {
    use super::*;

    /// The summed counts equal a count of the box's squares, on levels with never-seen squares
    /// scattered anywhere (column 0 and the map's edges included) and every box size.
    #[test]
    fn boxes_count_what_their_squares_hold() {
        let mut seed = 0x2545f4914f6cdd1du64;
        for _ in 0..20 {
            let mut level = Level::default();
            for sq in level.squares.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                sq.feature = match seed % 4 {
                    0 | 1 => Feature::Unknown,
                    2 => Feature::Floor,
                    _ => Feature::Wall,
                };
            }
            let counts = UnknownCounts::of(&level);
            for (i, _) in level.squares.iter().enumerate() {
                let p = pos_of(i);
                for radius in [0, 1, 5] {
                    let mut slow = 0;
                    for dy in -radius..=radius {
                        for dx in -radius..=radius {
                            let q = Pos::new(p.x + dx, p.y + dy);
                            if q.x > 0 && q.in_map() && level.feature(q) == Feature::Unknown {
                                slow += 1;
                            }
                        }
                    }
                    assert_eq!(counts.around(p, radius), slow, "{p:?} radius {radius}");
                }
            }
        }
    }
}
