//! Looking for stairs not seen yet on a level of the trip into Sokoban (the entrance level's
//! Sokoban stairs, or the up stairs of a level the hero fell to): explore, step on the objects
//! never stood on, push the boulders that stand between the known level and unseen ground,
//! then search for hidden doors and passages.

use nhbot_world::{Action, Dir, Feature, Pos, World};

/// Explore, then step on the objects never stood on (stairs under an object show the object;
/// stepping there, the game says "There is a staircase up here."), then push a boulder into
/// unseen ground (with `push_boulders`), then search for hidden doors and passages.
pub(super) fn look_for_the_stairs(w: &World, push_boulders: bool) -> Option<(Action, String)> {
    if let Some(step) = crate::explore::explore_step_then(w, false, false) {
        return Some(step);
    }
    w.level()?;
    let spots = w.untrodden_object_squares();
    if let Some(path) = w.path_to(&spots) {
        let target = path.target();
        let why = format!(
            "the object at ({}, {}) may hide them, {} steps away",
            target.x,
            target.y,
            path.steps.len()
        );
        return Some((w.step_along(&path), why));
    }
    if let Some(step) = push_into_the_unseen(w).filter(|_| push_boulders) {
        return Some(step);
    }
    crate::explore::search_for_a_way(w)
}

/// The orthogonal directions.
const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

/// A boulder on the way to ground never seen (a corridor going on past it): the step toward
/// the square behind it, or the push itself once there. Exploring walks only over what it
/// knows, so a boulder with unseen ground past it ends the level for it (bench seeds 83, 86
/// and 146 of session 21 searched the entrance level's walls for 3,000 turns with a boulder
/// in a corridor toward the unexplored half). Boulders a push already failed on are left.
fn push_into_the_unseen(w: &World) -> Option<(Action, String)> {
    let level = w.level()?;
    let pushes: Vec<(Pos, Dir, Pos)> = level
        .find(Feature::Boulder)
        .into_iter()
        .filter(|&b| level.at(b).is_some_and(|s| s.bumps < 2))
        .flat_map(|b| ORTHOGONAL.iter().map(move |&d| (b, d)))
        .filter_map(|(b, d)| {
            let (dx, dy) = d.delta();
            let from = Pos::new(b.x - dx, b.y - dy);
            let beyond = Pos::new(b.x + dx, b.y + dy);
            (level.feature(from).walkable() && level.feature(beyond) == Feature::Unknown)
                .then_some((from, d, b))
        })
        .collect();
    if let Some(&(_, dir, b)) = pushes.iter().find(|(from, ..)| *from == w.player) {
        return Some((
            Action::Move { dir },
            format!(
                "pushing the boulder at ({}, {}) {dir:?}: unseen ground lies past it",
                b.x, b.y
            ),
        ));
    }
    let starts: Vec<Pos> = pushes.iter().map(|&(from, ..)| from).collect();
    let path = w.path_to(&starts)?;
    let (_, dir, b) = pushes.iter().find(|(from, ..)| *from == path.target())?;
    Some((
        w.step_along(&path),
        format!(
            "going to push the boulder at ({}, {}) {dir:?}, {} steps away: unseen ground lies \
             past it",
            b.x,
            b.y,
            path.steps.len()
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::testing::grid;
    use nhbot_world::{Observation, Status};

    fn see(w: &mut World, turn: i64, rows: &[&str], at: Pos, messages: &[&str]) {
        let mut all = vec![""];
        all.extend_from_slice(rows);
        let map = grid(&all, &[]);
        let status = Status {
            dlvl: 8,
            level_name: "Dlvl:8".into(),
            turn: Some(turn),
            hp: 30,
            hp_max: 30,
            ..Status::default()
        };
        let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
        w.observe(Observation {
            map: &map,
            player: Some(at),
            status: Some(&status),
            messages: &messages,
            cursor_on_map: true,
        });
    }

    /// A corridor out of the room ends in a boulder with nothing seen past it: the hero goes
    /// behind it and pushes it on; once a push fails, that boulder is left.
    #[test]
    fn a_boulder_with_unseen_ground_past_it_is_pushed_until_it_will_not_go() {
        let mut w = World::default();
        let room = [
            "-------     ",
            "|.@.....##0 ",
            "|.....|     ",
            "-------     ",
        ];
        see(&mut w, 1, &room, Pos::new(2, 2), &[]);
        let (action, why) = push_into_the_unseen(&w).expect("a boulder to push");
        assert!(
            matches!(action, Action::Move { .. } | Action::Travel { .. }),
            "{why}"
        );
        assert_eq!(
            why,
            "going to push the boulder at (10, 2) E, 7 steps away: unseen ground lies past it"
        );
        let room = [
            "-------     ",
            "|.......#@0 ",
            "|.....|     ",
            "-------     ",
        ];
        see(&mut w, 9, &room, Pos::new(9, 2), &[]);
        assert_eq!(
            push_into_the_unseen(&w),
            Some((
                Action::Move { dir: Dir::E },
                "pushing the boulder at (10, 2) E: unseen ground lies past it".into()
            ))
        );
        w.observe(&Action::Move { dir: Dir::E });
        see(
            &mut w,
            9,
            &room,
            Pos::new(9, 2),
            &["You try to move the boulder, but in vain."],
        );
        assert_eq!(push_into_the_unseen(&w), None, "a push failed on it");
    }
}
