//! The way out of the Mines, step by step.

use super::stairs::mines_fork;
use crate::explore::{explore_step_then, step_toward_level};
use nhbot_world::{Action, Branch, Feature, Path, Pos, World};

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
    // Cut off by a trap the paths keep off (seed 83 of b44: a magenta trap, a teleporter, in
    // the only passage back to Mines 9's `<`; it went down and up again 4,640 times): across.
    if let Some(path) = path_across_traps(world, &ups) {
        let at = path.target();
        let why = format!(
            "leaving the Gnomish Mines: walking to the up stairs at ({}, {}), {} steps, across a \
             trap (no other way there)",
            at.x,
            at.y,
            path.steps.len()
        );
        return Some((world.walk_along(&path), why));
    }
    let (action, why) = explore_step_then(world, false, true)?;
    Some((
        action,
        format!("leaving the Gnomish Mines: looking for the up stairs: {why}"),
    ))
}

/// A path to `targets` that may cross the known traps that are neither mild nor polymorph
/// traps, when no other reaches them; walked, not travelled (the game's travel keeps off traps).
fn path_across_traps(world: &World, targets: &[Pos]) -> Option<Path> {
    if targets.is_empty() {
        return None;
    }
    let across = crate::explore::across_escape_traps(world.path_opts());
    world.level()?.path(world.player, targets, &across)
}
