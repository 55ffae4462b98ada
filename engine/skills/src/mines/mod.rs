//! Keeping out of the Gnomish Mines while too weak for them: which down stairs lead in (or,
//! in the Mines, deeper in), the way back out (over known stairs; else up this level's `<`,
//! explored for when not seen yet: after a fall or a teleport no known stairs lead back), and
//! when the Mines are taken anyway (the fork level stayed on long, its own way down never found).

use crate::explore::{explore_step_then, step_toward_level};
use nhbot_world::explore::frontier;
use nhbot_world::{Action, Branch, Feature, Pos, World};

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
    let dist = level.distances(world.player, &world.path_opts());
    frontier(level).into_iter().any(|t| dist.path(t).is_some())
}

/// Leaving the Gnomish Mines: the next step up towards the main-dungeon level the Mines branch
/// from: over the known stairs, else up this level's `<` (in the Mines up always leads towards
/// the fork), else exploring (never down) to find it. None outside the Mines.
pub fn leave_mines_step(world: &World) -> Option<(Action, String)> {
    let level = world.level()?;
    if level.branch != Branch::Mines {
        return None;
    }
    if let Some(step) = mines_fork(world).and_then(|fork| step_toward_level(world, fork)) {
        return Some((step.0, format!("leaving the Gnomish Mines: {}", step.1)));
    }
    let ups = level.find(Feature::StairsUp);
    if let Some(&at) = ups.iter().find(|&&p| p == world.player) {
        let why = format!(
            "leaving the Gnomish Mines: up the stairs at ({}, {}) (no known stairs lead back)",
            at.x, at.y
        );
        return Some((Action::Ascend, why));
    }
    if let Some(path) = world.path_to(&ups) {
        let at = path.target();
        let why = format!(
            "leaving the Gnomish Mines: walking to the up stairs at ({}, {}), {} steps (no known \
             stairs lead back)",
            at.x,
            at.y,
            path.steps.len()
        );
        return Some((world.step_along(&path), why));
    }
    let (action, why) = explore_step_then(world, false, true)?;
    Some((
        action,
        format!("leaving the Gnomish Mines: looking for the up stairs: {why}"),
    ))
}

#[cfg(test)]
mod tests;
