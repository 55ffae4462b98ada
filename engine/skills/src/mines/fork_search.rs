//! Finding the Mines' fork when no stairs seen may lead into them: the Dungeons levels 2-4
//! they branch from, explored again (a level left as soon as its own `>` was found keeps the
//! other one in its unseen part). Seed 17 of b44 wanted Minetown at XL 8 with none of them
//! explored enough: `go_to: {branch: mines}` failed 92 times and the phase went down the
//! Dungeons instead (its fork's room lay behind a hidden passage on Dlvl 4: found by the
//! search, seed 17 went on to Minetown and Mines' End, 6,703 -> 40,369 points). b45-fork
//! against b45-stairs (seeds 1..200): 13 games differ, score 7 better / 6 worse, mean -30;
//! turns 9 longer / 4 shorter, mean +177 (CI -65..453); Minetown seen in 55 -> 61 games, the
//! Minetown phase completed 66 -> 71, Mines' End 2 -> 4.

use crate::explore::{explore_step_keeping, search_for_a_way_kept, ExploreWay};
use crate::goto::{trip_step, Destination, TripStep};
use nhbot_world::explore::frontier;
use nhbot_world::hidden::PriorsMemo;
use nhbot_world::{Action, Branch, World};

/// The Dungeons' depths the Mines may branch from.
const FORK_DEPTHS: std::ops::RangeInclusive<i32> = 2..=4;

/// The next step of the search for the Mines' fork: to the nearest Dungeons level of 2-4 not
/// given up yet (those with squares still to explore first; a level never seen counts), then
/// exploring it, then searching it for hidden doors and passages (the fork's stairs are in a
/// room of their own, which may be behind one). `given_up` keeps the levels where neither is
/// left to do (the caller's state: it grows as they are found). None when no such level is
/// left or none can be reached.
/// Its search-spot scans read what `spots` kept from earlier ones (the same spots:
/// [`PriorsMemo`]).
pub fn fork_search_step(
    world: &World,
    given_up: &mut Vec<usize>,
    spots: &mut PriorsMemo,
) -> Option<(Action, String)> {
    loop {
        let here = world.dungeon.current?;
        let dungeon = &world.dungeon;
        let (_, _, depth, known) = FORK_DEPTHS
            .filter_map(|d| {
                let known = dungeon.find(Branch::Doom, d);
                if known.is_some_and(|i| given_up.contains(&i)) {
                    return None;
                }
                let explored = known.is_some_and(|i| frontier(&dungeon.levels[i]).is_empty());
                Some((explored, world.route_to(Branch::Doom, d)?.len(), d, known))
            })
            .min()?;
        let why = format!("the Mines' stairs not seen yet: Dlvl {depth} may be their fork");
        if known == Some(here) {
            if let Some((action, step, _)) =
                explore_step_keeping(world, ExploreWay::default(), spots)
            {
                return Some((action, format!("{why}, exploring it: {step}")));
            }
            if let Some((action, step)) = search_for_a_way_kept(world, false, spots) {
                return Some((action, format!("{why}, searching it: {step}")));
            }
            given_up.push(here);
            continue;
        }
        let dest = Destination::Branch {
            branch: Branch::Doom,
            depth: Some(depth),
        };
        return match trip_step(world, dest) {
            TripStep::Act(action, step) => Some((action, format!("{why}: {step}"))),
            _ => None,
        };
    }
}
