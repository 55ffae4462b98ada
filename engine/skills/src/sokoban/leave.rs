//! Leaving a Sokoban level given up: back down its `>`, the way we came (wandering there only
//! pushes its boulders about), pushing a way through when boulders wall the stairs off.

use super::screen::{observe, Located};
use super::{act, not_fought, offset, step_action};
use crate::recall::Recall;
use nhbot_bt::LeafOutcome;
use nhbot_sokoban::Limits;
use nhbot_world::{Action, World};
use std::time::Duration;

/// States the solve for a way out may store (see `push_through_to`).
const ESCAPE_STATES: usize = 20_000;

/// Heads for the level's `>` and goes down, the level given up for `why`. Fails when the
/// stairs cannot be reached, even by pushing, so the rest of the tree takes over.
pub(super) fn leave_by_the_down_stairs(
    r: &mut Recall,
    w: &World,
    at: Located,
    why: &str,
) -> LeafOutcome {
    let t = at.template();
    let Some(stairs) = (0..t.width * t.height)
        .find(|&i| t.char_at(i) == '>')
        .map(|i| at.pos(i))
    else {
        return LeafOutcome::Failure;
    };
    if w.player == stairs {
        return act(
            Action::Descend,
            format!("{}: given up ({why}), leaving by the down stairs", t.name),
        );
    }
    let opts = w.sokoban_path_opts();
    match w.level().and_then(|l| l.path(w.player, &[stairs], &opts)) {
        Some(path) => act(
            w.step_along(&path),
            format!("{}: given up ({why}), heading for the down stairs", t.name),
        ),
        None => push_through_to(r, w, at, stairs, why),
    }
}

/// The way to `stairs` is walled off by boulders (a ring a scroll of earth dropped round
/// us): the solver finds pushes that open it, under Sokoban's rules still (a level given up
/// has nothing left to spoil). A small synchronous solve: such ways are a few pushes long.
fn push_through_to(
    r: &mut Recall,
    w: &World,
    at: Located,
    stairs: nhbot_world::Pos,
    why: &str,
) -> LeafOutcome {
    let Some(target) = at.index(stairs) else {
        return LeafOutcome::Failure;
    };
    let Ok(obs) = observe(w, at) else {
        return LeafOutcome::Failure;
    };
    let mut puzzle = obs.puzzle.clone();
    puzzle.targets = vec![target];
    // Monsters a step would only wait for (a peaceful one, a floating eye) are walls to this
    // solve: a way round them, or none and the rest of the tree acts (survey seed 9 waited
    // 2,000 decisions for a floating eye in its way out).
    puzzle
        .blocked
        .extend(obs.monsters.iter().copied().filter(|&i| {
            w.monsters
                .iter()
                .find(|m| m.pos == at.pos(i))
                .is_some_and(|m| !m.tame && not_fought(w, m).is_some())
        }));
    let limits = Limits {
        max_nodes: ESCAPE_STATES,
        max_time: Duration::from_secs(10),
        weight: 1,
    };
    let step = match nhbot_sokoban::solve(&puzzle, limits) {
        Ok(s) => s.steps.first().copied(),
        Err(e) => {
            log::info!(
                "sokoban {}: no way out to the down stairs: {e}",
                at.template().name
            );
            None
        }
    };
    let Some(step) = step else {
        return LeafOutcome::Failure;
    };
    let to = offset(puzzle.width, puzzle.player, step);
    let beyond = offset(puzzle.width, to, step);
    match step_action(r, w, at, &obs, step, (to, beyond), (0, false)) {
        LeafOutcome::Act(action, how) => {
            act(action, format!("given up ({why}), making a way out: {how}"))
        }
        other => other,
    }
}
