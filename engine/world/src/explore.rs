//! What exploration asks of the map: the frontier of the known map, where hidden doors and
//! passages are likely (search spots and rounds), dead ends, and the path options and paths
//! the navigation uses. Queries only: the decisions built on them are nhbot-skills' `explore`.

pub use crate::hidden::{door_exit, is_dead_end, is_dead_end_by};
use crate::hidden::{hidden_left_around_known, Priors, PriorsMemo, UnknownCounts};
use crate::level::{neighbours, pos_of, Branch, Level};
use crate::monsters::Monster;
use crate::nav::{Path, PathOpts};
use crate::tiles::Feature;
use crate::{Action, World};
use nhbot_screen::{Pos, COLS, MAP_ROWS};

/// Rounds of searching: every spot is searched up to the first limit before any goes on to the
/// next (a hidden exit is usually found within the first round; some need many more turns).
pub const SEARCH_LIMITS: [u32; 3] = [60, 150, 300];
/// How far around a spot unexplored squares count towards its promise.
const SEARCH_RADIUS: i16 = 5;

/// Turns a peaceful or a floating eye gone out of view still blocks the paths at its last
/// square ([`World::path_opts_remembering`]).
pub const REMEMBERED_BLOCKER_TURNS: i64 = 20;

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
            // Hallucinating, any monster may be a floating eye or a peaceful.
            if peaceful || floating_eye || m.hallucinated {
                opts.blocked.push(m.pos);
            } else {
                opts.monsters.push(m.pos);
            }
        }
        if self.level().is_some_and(|l| l.branch == Branch::Sokoban) {
            sokoban_rules(&mut opts);
        }
        if self.squeeze_refused_for_load() {
            // The game refuses them until the pack is lighter.
            opts.no_squeeze = true;
        }
        if self.watched() {
            // Kicking a door open where the watch can see is "Halt, thief!": the whole watch
            // turns on us (seed 99 died so in Minetown). Locked doors stay shut there.
            opts.locked_door_cost = None;
        }
        opts
    }

    /// [`World::path_opts`] that also goes round the peacefuls and floating eyes gone out of
    /// view lately, at their last squares ([`REMEMBERED_BLOCKER_TURNS`]). Such a monster is
    /// most likely still there (an acid blob walks 3 squares in 12 turns): a path that went
    /// round it keeps going round, rather than turning back each time it drops out of a dark
    /// corridor's view (seed 231 of b33-base stepped to and fro beside a peaceful acid blob for
    /// 6,000 turns). Never a square next to us: that one we see. For the explore leaf's kept
    /// goals only: on every path (b33-eng2) it changed 328 of 400 games, starvation 54 -> 66.
    pub fn path_opts_remembering(&self) -> PathOpts {
        let mut opts = self.path_opts();
        for m in self.remembered.iter().filter(|m| {
            let eye = m.ch == 'e' && m.color == crate::tiles::clr::BLUE;
            !m.tame
                && (m.peaceful == Some(true) || eye)
                && self.turn - m.last_seen <= REMEMBERED_BLOCKER_TURNS
                && (m.pos.x - self.player.x)
                    .abs()
                    .max((m.pos.y - self.player.y).abs())
                    > 1
        }) {
            opts.blocked.push(m.pos);
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

    /// [`World::step_along`] without the game's travel: one step (or a door opened) at a time.
    /// Travel may take another way than `path`, onto squares from which we know none; a leaf
    /// that must arrive by its own path walks (seed 137 of b26 went to and fro for 200 turns).
    pub fn walk_along(&self, path: &Path) -> Action {
        match self.step_along(path) {
            Action::Travel { .. } => Action::Move { dir: path.first },
            other => other,
        }
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
    // Never-seen squares of the map, column 0 excepted (the game never draws there).
    let unknown = |x: i16, y: i16| {
        (1..COLS as i16).contains(&x)
            && (0..MAP_ROWS as i16).contains(&y)
            && level.squares[y as usize * COLS + x as usize].feature == Feature::Unknown
    };
    let beside_unknown = |p: Pos| {
        (-1..=1).any(|dy| (-1..=1).any(|dx| (dx, dy) != (0, 0) && unknown(p.x + dx, p.y + dy)))
    };
    (0..level.squares.len())
        .filter(|&i| open(level.squares[i].feature) && level.squares[i].walked == 0)
        .map(pos_of)
        .filter(|&p| beside_unknown(p))
        .filter(|&p| !level.in_shop(p))
        .collect()
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

/// Places worth searching, with their promise: the chance (per mille) that a hidden door or
/// corridor square is still unfound next to them (`crate::hidden`). Candidates are dead-end
/// corridors, doors leading nowhere, and room squares beside a wall with enough never-seen
/// squares around them (and corridors, if the round says so).
pub fn search_spots(level: &Level, round: SearchRound) -> Vec<(Pos, u32)> {
    search_spots_by(level, round, false)
}

/// [`search_spots`], dead ends told by [`is_dead_end_by`] with `bent`.
pub fn search_spots_by(level: &Level, round: SearchRound, bent: bool) -> Vec<(Pos, u32)> {
    search_spots_where(level, round, bent, |_| true)
}

/// [`search_spots_by`], only the spots `wanted` accepts: a spot's promise is the dear part,
/// and the caller may have no use for some (out of reach).
pub fn search_spots_where(
    level: &Level,
    round: SearchRound,
    bent: bool,
    wanted: impl Fn(Pos) -> bool,
) -> Vec<(Pos, u32)> {
    let unknown_near = UnknownCounts::of(level);
    let mut priors = Priors::bent(level, &unknown_near, bent);
    spots_with(level, round, bent, wanted, &unknown_near, &mut priors)
}

/// [`search_spots_where`], with the never-seen counts and priors `memo` keeps across scans (the
/// same spots and promises: see [`PriorsMemo`]).
pub fn search_spots_kept(
    level: &Level,
    round: SearchRound,
    bent: bool,
    wanted: impl Fn(Pos) -> bool,
    memo: &mut PriorsMemo,
) -> Vec<(Pos, u32)> {
    memo.scan(level, bent, |unknown_near, priors| {
        spots_with(level, round, bent, wanted, unknown_near, priors)
    })
}

fn spots_with(
    level: &Level,
    round: SearchRound,
    bent: bool,
    wanted: impl Fn(Pos) -> bool,
    unknown_near: &UnknownCounts,
    priors: &mut Priors<'_>,
) -> Vec<(Pos, u32)> {
    let mut spots = Vec::new();
    for i in 0..level.squares.len() {
        let p = pos_of(i);
        let feature = level.squares[i].feature;
        // Dead ends and doors leading nowhere qualify in every round, whatever lies around
        // (only a corridor is a dead end, only a doorway or an open door has an exit).
        let dead_end = matches!(
            feature,
            Feature::Corridor | Feature::Doorway | Feature::OpenDoor
        ) && (is_dead_end_by(level, p, bent) || door_exit(level, p).is_some());
        // Any room square by a wall: floor, stairs, a fountain... (not a door, a corridor or
        // a trap).
        let room_square = feature.walkable()
            && !matches!(
                feature,
                Feature::Corridor | Feature::Trap | Feature::Web | Feature::Air | Feature::Cloud
            )
            && !feature.is_door_square();
        // Never inside a shop: its one door is its only way (mkroom.c picks rooms with one
        // door), and a search spot there pulls us back in while `buy_food` leads us out (seed
        // 45 of b41-base swung between the two for ~1,000 decisions, then starved).
        let by_wall = room_square
            && neighbours(p).any(|q| level.feature(q) == Feature::Wall)
            && !level.in_shop(p);
        let corridor = round.corridors && feature == Feature::Corridor;
        if !(dead_end || by_wall || corridor) {
            continue;
        }
        let searched = searched_around(level, p);
        if searched >= round.limit {
            continue;
        }
        let unknown = unknown_near.around(p, SEARCH_RADIUS);
        if (dead_end || unknown >= round.min_unknown) && wanted(p) {
            // Per mille: the chance something is still hidden next to it (crate::hidden).
            let promise = (hidden_left_around_known(priors, p) * 1000.0).round() as u32;
            spots.push((p, promise.max(1)));
        }
    }
    spots
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
mod frontier_tests {
    use super::*;

    /// The frontier as first written: every open, never-walked square with a never-seen
    /// neighbour (column 0 aside), outside shops.
    fn by_neighbours(level: &Level) -> Vec<Pos> {
        let open = |f: Feature| f.walkable() || f == Feature::ClosedDoor;
        (0..level.squares.len())
            .filter(|&i| open(level.squares[i].feature) && level.squares[i].walked == 0)
            .map(pos_of)
            .filter(|&p| neighbours(p).any(|q| q.x > 0 && level.feature(q) == Feature::Unknown))
            .filter(|&p| !level.in_shop(p))
            .collect()
    }

    #[test]
    fn the_frontier_is_every_open_square_beside_the_unknown() {
        let mut x: u64 = 5;
        let mut random = move |n: usize| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as usize % n
        };
        let features = [
            Feature::Unknown,
            Feature::Floor,
            Feature::Corridor,
            Feature::Wall,
            Feature::ClosedDoor,
            Feature::Rock,
        ];
        let mut found = 0;
        for _ in 0..30 {
            let mut level = Level::new(Branch::Doom, 1);
            for sq in level.squares.iter_mut() {
                sq.feature = features[random(features.len())];
                sq.walked = u32::from(random(5) == 0);
            }
            let frontier = frontier(&level);
            assert_eq!(frontier, by_neighbours(&level));
            found += frontier.len();
        }
        assert!(found > 1000, "{found} frontier squares");
    }

    /// A peaceful gone out of view blocks the paths at its last square for
    /// `REMEMBERED_BLOCKER_TURNS`, unless that square is next to us (seen empty then); a
    /// hostile's memory never blocks.
    #[test]
    fn a_peaceful_out_of_view_blocks_its_square_for_a_while() {
        let mut w = crate::testing::world_from_rows(&["", "  ##########"], &[], Pos::new(2, 1));
        w.turn = 100;
        let at = Pos::new(6, 1);
        let remembered = |peaceful, last_seen| crate::Monster {
            pos: at,
            ch: 'b',
            peaceful,
            last_seen,
            ..Default::default()
        };
        w.remembered = vec![remembered(Some(true), 95)];
        assert!(w.path_opts_remembering().blocked.contains(&at));
        assert!(
            !w.path_opts().blocked.contains(&at),
            "plain paths forget it"
        );
        w.remembered = vec![remembered(Some(true), 100 - REMEMBERED_BLOCKER_TURNS - 1)];
        assert!(
            !w.path_opts_remembering().blocked.contains(&at),
            "forgotten"
        );
        w.remembered = vec![remembered(None, 99)];
        assert!(
            !w.path_opts_remembering().blocked.contains(&at),
            "not known peaceful"
        );
        w.remembered = vec![remembered(Some(true), 99)];
        w.player = Pos::new(5, 1);
        assert!(
            !w.path_opts_remembering().blocked.contains(&at),
            "next to us: seen"
        );
    }
}

#[cfg(test)]
mod search_spot_tests {
    use super::*;
    use crate::level::Shop;

    /// A lit room beside the unknown, once a shop: none of its squares is a search spot (its one
    /// door is its only way), while the same room unshopped offers its wall squares.
    #[test]
    fn no_search_spot_lies_inside_a_shop() {
        let rows = [" ------", " |....|", " |....|", " ---|--"];
        let w = crate::testing::world_from_rows(&rows, &[], crate::Pos::new(3, 2));
        let round = SearchRound {
            min_unknown: 1,
            limit: 60,
            corridors: false,
        };
        let mut level = w.level().expect("a level").clone();
        let inside = |p: Pos| (2..=5).contains(&p.x) && (1..=2).contains(&p.y);
        let before = search_spots(&level, round);
        assert!(before.iter().any(|&(p, _)| inside(p)), "{before:?}");
        level.shops.push(Shop {
            owner: Some("Asidonhopo".into()),
            kind: Some("general store".into()),
            door: Some(Pos::new(4, 3)),
            inside: Some(Pos::new(3, 2)),
        });
        let after = search_spots(&level, round);
        assert!(!after.iter().any(|&(p, _)| inside(p)), "{after:?}");
    }
}
