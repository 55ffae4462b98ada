//! Luring a floating eye off the only way on. The paths never enter its square (a blow at it
//! paralyses), so in a corridor it cuts the hero off from the rest of the level. It never
//! moves while next to us (NetHack's `dochug` moves a monster only when it is not `nearby`),
//! and the bot used to wait beside it: on the 200-game bench 6 of the 9 games that starved
//! on one level of D2-D5 camped by such an eye for thousands of turns (seeds 1, 79, 129, 144,
//! 176, 187) once nothing was left to throw at it. Away from us it comes after us (it tracks
//! by sight, speed 1): waiting in a room a few squares off draws it out of the corridor, and
//! the way round it opens.

use nhbot_world::level::pos_of;
use nhbot_world::tiles::clr;
use nhbot_world::{Action, Feature, Monster, Pos, World};

fn chebyshev(a: Pos, b: Pos) -> i16 {
    (a.x - b.x).abs().max((a.y - b.y).abs())
}

/// The step that lures a floating eye barring the only way on (`World::way_on_blocker`) off
/// it: to the nearest reachable room floor at least `distance` squares from it (any square
/// when no floor is), then a wait there for it to follow. None when no floating eye bars the
/// way (a peaceful blocker does not follow us) or `distance` is 0. With `avoid_mines`, a `>`
/// into the Gnomish Mines is no way on ([`way_on_blocker`]).
pub fn lure_step(world: &World, distance: i16, avoid_mines: bool) -> Option<(Action, String)> {
    if distance <= 0 {
        return None;
    }
    lure_step_past(world, distance, way_on_blocker(world, avoid_mines).as_ref())
}

/// [`lure_step`] past `blocker`, the level's [`way_on_blocker`] (worked out by the caller:
/// two whole-level searches, which [`hemmed_by_eye`] needs too).
pub(crate) fn lure_step_past(
    world: &World,
    distance: i16,
    blocker: Option<&nhbot_world::Blocker>,
) -> Option<(Action, String)> {
    let blocker = blocker?;
    let eye = &blocker.monster;
    if !is_floating_eye(eye) {
        return None;
    }
    let level = world.level()?;
    let me = world.player;
    let dist = level.distances(me, &world.path_opts());
    // Room floor first: there the eye can be walked round once it is in; then the nearest.
    let rank = |p: Pos| -> Option<(bool, u32)> {
        let cost = if p == me { 0 } else { dist.cost(p)? };
        let off_floor = level.feature(p) != Feature::Floor;
        (chebyshev(p, eye.pos) >= distance).then_some((off_floor, cost))
    };
    let (spot, _) = (0..level.squares.len())
        .map(pos_of)
        .filter_map(|p| rank(p).map(|r| (p, r)))
        .min_by_key(|&(p, r)| (r, p.y, p.x))?;
    let why = format!(
        "luring the floating eye at ({}, {}) off the only way to {} (it never moves while next to us)",
        eye.pos.x, eye.pos.y, blocker.goal_kind
    );
    if spot == me {
        return Some((
            Action::Search { count: 5 },
            format!(
                "{why}: waiting {} squares from it for it to follow",
                chebyshev(me, eye.pos)
            ),
        ));
    }
    let path = dist.path(spot)?;
    let reason = format!(
        "{why}: going to ({}, {}), {} squares from it, {} steps away",
        spot.x,
        spot.y,
        chebyshev(spot, eye.pos),
        path.steps.len()
    );
    Some((world.step_along(&path), reason))
}

/// The floating eye barring the only way on when no square `distance` off it is reachable
/// (hemmed in, say between two eyes in a corridor: seed 116 of the int29 bench camped 57,000
/// turns so), where [`lure_step`] has nowhere to go. None when no eye bars the way, a lure
/// spot exists, or `distance` is 0. Also an eye next to us when no other square around is
/// walkable: with the level explored and no down stairs seen there is no way on to bar, yet
/// seed 18 of the b26 bench camped 59,000 turns between two eyes in a corridor.
pub fn hemmed_by_eye(world: &World, distance: i16, avoid_mines: bool) -> Option<Monster> {
    // Only an eye in view hems us in (the blocker or the one next to us): no search without.
    if distance <= 0 || !world.monsters.iter().any(is_floating_eye) {
        return None;
    }
    let blocker = way_on_blocker(world, avoid_mines);
    if lure_step_past(world, distance, blocker.as_ref()).is_some() {
        return None;
    }
    hemming_eye(world, blocker.as_ref())
}

/// [`hemmed_by_eye`] once [`lure_step_past`] `blocker` (the level's [`way_on_blocker`]) found
/// no lure step, `distance` above 0: the caller that asked for the lure step first need not
/// search the level for the blocker and the lure spot again. With no floating eye in view the
/// caller may pass no blocker without searching: the answer is None either way.
pub(crate) fn hemming_eye(
    world: &World,
    blocker: Option<&nhbot_world::Blocker>,
) -> Option<Monster> {
    let eye = blocker
        .map(|b| b.monster.clone())
        .or_else(|| boxed_in_by_eye(world))?;
    is_floating_eye(&eye).then_some(eye)
}

/// The monster on the only way on ([`World::way_on_blocker`]); with `avoid_mines`, down stairs
/// known to lead into the Gnomish Mines are no way on. Seed 116 of b32-all camped 2,300 turns
/// at XL 8 beside a floating eye in the corridor to the main `>` of the fork level, then
/// starved: the Mines `>` it would not take was reachable, so nothing was "blocked".
pub fn way_on_blocker(world: &World, avoid_mines: bool) -> Option<nhbot_world::Blocker> {
    world.way_on_blocker_to(|p| !(avoid_mines && crate::explore::stairs_into_mines(world, p)))
}

/// A blue `e` not known peaceful: a floating eye.
pub(crate) fn is_floating_eye(m: &Monster) -> bool {
    m.ch == 'e' && m.color == clr::BLUE && m.peaceful != Some(true)
}

/// A floating eye next to us when every other neighbour is no walkable square.
fn boxed_in_by_eye(world: &World) -> Option<Monster> {
    let level = world.level()?;
    let mut eye = None;
    for q in nhbot_world::level::neighbours(world.player) {
        match world.monsters.iter().find(|m| m.pos == q) {
            Some(m) if is_floating_eye(m) => eye = Some(m.clone()),
            Some(_) => return None,
            None if level.at(q).is_some_and(|sq| sq.feature.walkable()) => return None,
            None => {}
        }
    }
    eye
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::testing::{unknown_as_rock, world_from_rows};

    /// A room (west) joined by one corridor to a room with the down stairs (east); a blue `e`
    /// at `eye` (a red one when `blue` is false), the hero at `me`.
    fn world(rows: &[&str], me: Pos, eye: Pos, blue: bool) -> World {
        let mut w = world_from_rows(rows, &[], me);
        unknown_as_rock(&mut w);
        // The hero's square is drawn `@` in the game: floor, as `Level::note_hero` takes it.
        if let Some(sq) = w.dungeon.current_mut().and_then(|l| l.at_mut(me)) {
            sq.feature = Feature::Floor;
        }
        w.monsters.push(Monster {
            pos: eye,
            ch: 'e',
            color: if blue { clr::BLUE } else { clr::RED },
            first_seen: 1,
            last_seen: 1,
            ..Default::default()
        });
        w
    }

    const ROWS: [&str; 5] = [
        " -------        -----",
        " |.....|        |...|",
        " |......########..>.|",
        " |.....|        |...|",
        " -------        -----",
    ];

    #[test]
    fn an_eye_next_to_us_in_the_corridor_is_lured_into_the_room() {
        // Hero in the doorway-side corridor, the eye one square east of it.
        let w = world(&ROWS, Pos::new(8, 2), Pos::new(9, 2), true);
        let (action, reason) = lure_step(&w, 4, false).expect("a lure step");
        assert_eq!(
            action,
            Action::Move {
                dir: nhbot_world::Dir::W
            },
            "{reason}"
        );
        assert!(
            reason.contains("luring the floating eye at (9, 2)"),
            "{reason}"
        );
        assert!(reason.contains("going to (5, "), "{reason}");
    }

    #[test]
    fn far_enough_in_the_room_we_wait_for_it() {
        let w = world(&ROWS, Pos::new(5, 2), Pos::new(9, 2), true);
        let (action, reason) = lure_step(&w, 4, false).expect("a wait");
        assert_eq!(action, Action::Search { count: 5 }, "{reason}");
        assert!(reason.contains("waiting 4 squares from it"), "{reason}");
    }

    #[test]
    fn no_lure_without_a_blocking_floating_eye() {
        // Off: distance 0.
        let w = world(&ROWS, Pos::new(8, 2), Pos::new(9, 2), true);
        assert_eq!(lure_step(&w, 0, false), None);
        // Another `e` is no blocker (the paths walk at it as a fight).
        let w = world(&ROWS, Pos::new(8, 2), Pos::new(9, 2), false);
        assert_eq!(lure_step(&w, 4, false), None);
        // Out in the room already with the way round it open: nothing to lure.
        let rows = [
            " -------        -----",
            " |.....|        |...|",
            " |......########..>.|",
            " |.....|        |...|",
            " -------        -----",
        ];
        let w = world(&rows, Pos::new(8, 2), Pos::new(3, 1), true);
        assert_eq!(lure_step(&w, 4, false), None);
    }

    /// The fork level: the hero in the west room on the `>` taken once into the Mines, the
    /// main `>` east beyond the eye in the corridor (seed 116 of b32-all).
    #[test]
    fn the_mines_stairs_in_reach_do_not_open_the_way_on_while_we_avoid_the_mines() {
        let rows = [
            " -------        -----",
            " |..>..|        |...|",
            " |......########..>.|",
            " |.....|        |...|",
            " -------        -----",
        ];
        let mines_stairs = Pos::new(4, 1);
        let mut w = world(&rows, Pos::new(5, 2), Pos::new(9, 2), true);
        // The Mines fork from Dlvl 2-4 (the rows come drawn as Dlvl 1).
        (w.dungeon.levels[0].depth, w.status.dlvl) = (3, 3);
        w.dungeon.set_branch(0, nhbot_world::Branch::Doom);
        let down = nhbot_world::Arrival::Stairs {
            from: mines_stairs,
            up: false,
            ladder: false,
        };
        let mines = w.dungeon.arrive(4, "Dlvl:4", down, Some(Pos::new(5, 1)));
        w.dungeon.arrived_at(Pos::new(5, 1));
        w.dungeon.set_branch(mines, nhbot_world::Branch::Mines);
        let up = nhbot_world::Arrival::Stairs {
            from: Pos::new(5, 1),
            up: true,
            ladder: false,
        };
        w.dungeon.arrive(3, "Dlvl:3", up, Some(mines_stairs));
        w.dungeon.arrived_at(mines_stairs);
        assert_eq!(w.dungeon.current, Some(0), "back on the fork level");
        assert!(crate::explore::stairs_into_mines(&w, mines_stairs));
        // Into the Mines is a way on: nothing blocks, nothing to lure.
        assert_eq!(lure_step(&w, 4, false), None);
        // Not while we keep out of them: the eye bars the main `>`.
        let (action, reason) = lure_step(&w, 4, true).expect("a lure step");
        assert!(
            reason.contains("luring the floating eye at (9, 2) off the only way to down stairs"),
            "{reason}"
        );
        assert!(
            matches!(action, Action::Search { .. } | Action::Move { .. }),
            "{reason}"
        );
    }
}
