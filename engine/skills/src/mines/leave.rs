//! The way out of the Mines, step by step.

use super::stairs::mines_fork;
use crate::explore::{explore_step_then, step_toward_level};
use nhbot_world::{Action, Branch, Feature, World};

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
