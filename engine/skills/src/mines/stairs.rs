//! Which down stairs lead into the Mines, and when the Mines are taken anyway (queries only:
//! the explore steps use them, so nothing here steps).

use nhbot_world::explore::frontier;
use nhbot_world::{Branch, Feature, Pos, World};

/// Whether the down stairs at `at` on level `id` lead into the Gnomish Mines, or deeper into
/// them: every down staircase of a Mines level does; elsewhere a known link says, or the
/// dungeon's layout when it leaves no doubt (the fork's other staircase leads to the Dungeons).
pub fn stairs_lead_into_mines(world: &World, id: usize, at: Pos) -> bool {
    let dungeon = &world.dungeon;
    let level = &dungeon.levels[id];
    if level.branch == Branch::Mines {
        return true;
    }
    match level.links.iter().find(|l| l.from == at) {
        Some(link) => dungeon.levels[dungeon.resolve(link.to_level)].branch == Branch::Mines,
        None => dungeon.untaken_stairs_lead_to(id, at, false) == [Branch::Mines],
    }
}

/// Whether the down stairs at `at` on level `id` may lead into the Mines (a fork's staircase
/// whose end is not known yet), or do.
pub fn stairs_may_lead_into_mines(world: &World, id: usize, at: Pos) -> bool {
    let level = &world.dungeon.levels[id];
    stairs_lead_into_mines(world, id, at)
        || (!level.links.iter().any(|l| l.from == at)
            && world
                .dungeon
                .untaken_stairs_lead_to(id, at, false)
                .contains(&Branch::Mines))
}

/// The down stairs of level `id` that do not lead into the Mines.
fn down_stairs_outside_mines(world: &World, id: usize) -> Vec<Pos> {
    let level = &world.dungeon.levels[id];
    [Feature::StairsDown, Feature::LadderDown]
        .iter()
        .flat_map(|&f| level.find(f))
        .filter(|&p| !stairs_lead_into_mines(world, id, p))
        .collect()
}

/// In the Gnomish Mines: the main-dungeon level they branch from (the nearest known one above
/// their top), as an index into the dungeon's levels.
pub fn mines_fork(world: &World) -> Option<usize> {
    let level = world.level()?;
    if level.branch != Branch::Mines {
        return None;
    }
    let fork_depth = world.dungeon.mines_top().unwrap_or(level.depth) - 1;
    (1..=fork_depth)
        .rev()
        .find_map(|d| world.dungeon.find(Branch::Doom, d))
}

/// Whether the Mines are to be taken anyway: the level they branch from (this one, or the one
/// above when in the Mines) was stayed on `after` turns (0: never) and shows no down stairs but
/// theirs (seed 99 camped 16,000 turns on Dlvl 2 and starved). Once the Dungeons' own stairs
/// are found there, they are taken instead (seed 176 found them after 1,200 turns and still
/// went down the Mines' nearer ones at 3,000).
pub fn mines_forced_by_stuck(world: &World, after: i64) -> bool {
    if after <= 0 {
        return false;
    }
    let fork = match world.level() {
        Some(l) if l.branch == Branch::Mines => mines_fork(world),
        _ => world.dungeon.current,
    };
    fork.is_some_and(|i| {
        world.dungeon.levels[i].stats.turns_spent >= after
            && down_stairs_outside_mines(world, i).is_empty()
    })
}

/// Whether squares of the current level are still to be explored from here.
pub fn level_unexplored(world: &World) -> bool {
    let Some(level) = world.level() else {
        return false;
    };
    // A path to any frontier square other than ours: the search stops at the first.
    level
        .path(world.player, &frontier(level), &world.path_opts())
        .is_some()
}
