//! The per-square facts a path search needs (entry cost, door, boulder and squeeze flags):
//! built for the whole level ([`Grid`]) or square by square as the search reaches them
//! ([`LazyGrid`]).

use super::{padded, PathOpts, PADDED, W};
use crate::level::{pos_of, Level};
use crate::tiles::{trap_is_mild, Feature};
use nhbot_screen::{Pos, COLS, MAP_ROWS};

pub(super) const DOOR: u8 = 1;
pub(super) const SQUEEZE: u8 = 2;
pub(super) const BOULDER: u8 = 4;
pub(super) const TAKES_BOULDER: u8 = 8;

fn step_cost(level: &Level, opts: &PathOpts, i: usize) -> Option<u32> {
    let sq = &level.squares[i];
    if sq.bumps >= 2 {
        return None;
    }
    match sq.feature {
        Feature::Web => opts.mild_trap_cost.map(|c| c + 1),
        Feature::Trap if trap_is_mild(sq.trap_color) => opts.mild_trap_cost.map(|c| c + 1),
        Feature::Trap if sq.trap_color != crate::tiles::clr::BRIGHT_GREEN => {
            opts.trap_cost.or(opts.escape_trap_cost).map(|c| c + 1)
        }
        Feature::Trap => opts.trap_cost.map(|c| c + 1),
        Feature::ClosedDoor if sq.locked => {
            if sq.shop_door {
                None
            } else {
                opts.locked_door_cost
            }
        }
        Feature::ClosedDoor => opts.closed_door_cost,
        Feature::Unknown => opts.unknown_cost,
        Feature::Boulder => opts.boulder_cost,
        f if f.walkable() => Some(1),
        _ => None,
    }
}

/// Per-square facts the search loop needs, computed once per search (padded layout).
pub(super) struct Grid {
    /// Entry cost, u32::MAX = impassable.
    pub(super) cost: Vec<u32>,
    /// DOOR: no diagonal move into or out of it; SQUEEZE: blocks a diagonal squeeze when both
    /// corner squares have it; BOULDER; TAKES_BOULDER: a pushed boulder can roll onto it
    /// (walkable, no door, no monster, no other boulder).
    flags: Vec<u8>,
}

/// The entry cost and flags of square `i` (unpadded) before monsters and blocked squares.
fn square_facts(level: &Level, opts: &PathOpts, i: usize) -> (u32, u8) {
    let sq = &level.squares[i];
    let cost = step_cost(level, opts, i).unwrap_or(u32::MAX);
    let f = sq.feature;
    let flags = if f.blocks_diagonal() { DOOR } else { 0 }
        | if f == Feature::Boulder || (opts.no_squeeze && f.is_solid()) {
            SQUEEZE
        } else {
            0
        }
        | if f == Feature::Boulder { BOULDER } else { 0 }
        | if f.walkable() && !f.is_door_square() && sq.bumps < 2 {
            TAKES_BOULDER
        } else {
            0
        };
    (cost, flags)
}

pub(super) fn build_grid(level: &Level, opts: &PathOpts) -> Grid {
    let mut cost = vec![u32::MAX; PADDED];
    let mut flags = vec![0u8; PADDED];
    for i in 0..level.squares.len() {
        let p = padded(pos_of(i)).unwrap_or(0);
        (cost[p], flags[p]) = square_facts(level, opts, i);
    }
    for p in opts.mimics.iter().filter_map(|&m| padded(m)) {
        cost[p] = opts.monster_cost.map_or(u32::MAX, |extra| 1 + extra);
        flags[p] &= !(BOULDER | SQUEEZE | TAKES_BOULDER);
    }
    for p in opts.monsters.iter().filter_map(|&m| padded(m)) {
        cost[p] = match (cost[p], opts.monster_cost) {
            (u32::MAX, _) | (_, None) => u32::MAX,
            (c, Some(extra)) => c + extra,
        };
        flags[p] &= !TAKES_BOULDER;
    }
    for p in opts.blocked.iter().filter_map(|&b| padded(b)) {
        cost[p] = u32::MAX;
        flags[p] &= !TAKES_BOULDER;
    }
    Grid { cost, flags }
}

/// What the search asks of the grid, by padded index: built whole ([`Grid`]) or square by
/// square as the search reaches them ([`LazyGrid`]); both answer the same.
pub(super) trait Costs {
    fn cost(&mut self, p: usize) -> u32;
    fn flags(&mut self, p: usize) -> u8;
}

impl Costs for Grid {
    fn cost(&mut self, p: usize) -> u32 {
        self.cost[p]
    }
    fn flags(&mut self, p: usize) -> u8 {
        self.flags[p]
    }
}

/// Marks a square of a [`LazyGrid`] as worked out.
const KNOWN: u8 = 0x80;

/// [`build_grid`]'s facts, worked out for a square the first time the search looks at it: a
/// search that stops at the nearest target reaches a small part of the level, and building
/// the whole grid had become most of its cost.
pub(super) struct LazyGrid<'a> {
    level: &'a Level,
    opts: &'a PathOpts,
    cost: Vec<u32>,
    /// [`KNOWN`] once worked out, with the flags.
    flags: Vec<u8>,
    /// One bit per padded square: some mimic, monster or blocked square of `opts` is on it.
    /// Only those squares look through the lists (once per square and per listed square, the
    /// lists had become most of a search's cost with a dozen monsters in view).
    listed: [u64; PADDED.div_ceil(64)],
}

impl<'a> LazyGrid<'a> {
    pub(super) fn new(level: &'a Level, opts: &'a PathOpts) -> LazyGrid<'a> {
        let mut listed = [0u64; PADDED.div_ceil(64)];
        for p in opts
            .mimics
            .iter()
            .chain(&opts.monsters)
            .chain(&opts.blocked)
            .filter_map(|&m| padded(m))
        {
            listed[p / 64] |= 1 << (p % 64);
        }
        LazyGrid {
            level,
            opts,
            cost: vec![u32::MAX; PADDED],
            flags: vec![0; PADDED],
            listed,
        }
    }

    /// As [`build_grid`] does for square `p`: its own cost and flags, then the mimics, monsters
    /// and blocked squares on it, in that order (once per time it is listed).
    fn work_out(&mut self, p: usize) {
        let (x, y) = (p % W, p / W);
        let (mut cost, mut flags) = (u32::MAX, 0u8);
        if (1..=COLS).contains(&x) && (1..=MAP_ROWS).contains(&y) {
            let i = (y - 1) * COLS + (x - 1);
            let opts = self.opts;
            (cost, flags) = square_facts(self.level, opts, i);
            if self.listed[p / 64] & (1 << (p % 64)) == 0 {
                self.cost[p] = cost;
                self.flags[p] = flags | KNOWN;
                return;
            }
            let here = |m: &&Pos| padded(**m) == Some(p);
            for _ in opts.mimics.iter().filter(here) {
                cost = opts.monster_cost.map_or(u32::MAX, |extra| 1 + extra);
                flags &= !(BOULDER | SQUEEZE | TAKES_BOULDER);
            }
            for _ in opts.monsters.iter().filter(here) {
                cost = match (cost, opts.monster_cost) {
                    (u32::MAX, _) | (_, None) => u32::MAX,
                    (c, Some(extra)) => c + extra,
                };
                flags &= !TAKES_BOULDER;
            }
            for _ in opts.blocked.iter().filter(here) {
                cost = u32::MAX;
                flags &= !TAKES_BOULDER;
            }
        }
        self.cost[p] = cost;
        self.flags[p] = flags | KNOWN;
    }
}

impl Costs for LazyGrid<'_> {
    fn cost(&mut self, p: usize) -> u32 {
        if self.flags[p] & KNOWN == 0 {
            self.work_out(p);
        }
        self.cost[p]
    }
    fn flags(&mut self, p: usize) -> u8 {
        if self.flags[p] & KNOWN == 0 {
            self.work_out(p);
        }
        self.flags[p] & !KNOWN
    }
}

/// The largest step cost `opts` can give a square (what [`Queue::new`] finds in a whole
/// grid, or more), None past any bound.
pub(super) fn step_cost_bound(opts: &PathOpts) -> Option<u64> {
    let base = [
        Some(1),
        opts.mild_trap_cost.map(|c| u64::from(c) + 1),
        opts.trap_cost.map(|c| u64::from(c) + 1),
        opts.escape_trap_cost.map(|c| u64::from(c) + 1),
        opts.locked_door_cost.map(u64::from),
        opts.closed_door_cost.map(u64::from),
        opts.unknown_cost.map(u64::from),
        opts.boulder_cost.map(u64::from),
    ]
    .into_iter()
    .flatten()
    .max()?;
    Some(match opts.monster_cost.map(u64::from) {
        // A mimic's square costs 1 + extra; each listing as a monster adds extra again.
        Some(extra) => base.max(1 + extra) + extra * opts.monsters.len() as u64,
        None => base,
    })
}
