//! Looking for stairs not seen yet on a level of the trip into Sokoban (the entrance level's
//! Sokoban stairs, or the up stairs of a level the hero fell to): explore, step on the objects
//! never stood on, push the boulders that stand between the known level and unseen ground,
//! then search for hidden doors and passages.

use crate::explore::{explore_goal, search_goal};
use nhbot_world::explore::{frontier, search_count, searched_around};
use nhbot_world::{Action, Dir, Feature, Pos, World};

/// How the stairs are looked for (the node's params).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct LookOpts {
    pub push_boulders: bool,
    /// Corridors that stop one square past a bend count as dead ends.
    pub bent_dead_ends: bool,
}

/// Where a look's decision was heading: a frontier square to explore, or a spot to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Goal {
    Explore(Pos),
    Search(Pos),
}

/// Explore, then step on the objects never stood on (stairs under an object show the object;
/// stepping there, the game says "There is a staircase up here."), then push a boulder into
/// unseen ground (with `push_boulders`), then search for hidden doors and passages. Also the
/// goal the step heads for, when it explores or goes to search.
pub(super) fn look_for_the_stairs(
    w: &World,
    opts: LookOpts,
) -> Option<(Action, String, Option<Goal>)> {
    if let Some((action, why)) = crate::explore::explore_step_then(w, false, false) {
        return Some((action, why, explore_goal(w).map(Goal::Explore)));
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
        return Some((w.step_along(&path), why, None));
    }
    if let Some((action, why)) = push_into_the_unseen(w).filter(|_| opts.push_boulders) {
        return Some((action, why, None));
    }
    let bent = opts.bent_dead_ends;
    let (action, why) = crate::explore::search_for_a_way_by(w, bent)?;
    Some((action, why, search_goal(w, bent).map(Goal::Search)))
}

/// The next step to a goal an earlier look chose, while it is still worth it: a frontier
/// square still unexplored, or a search spot not reached yet (once there, one search). None
/// when the goal is done, gone, or out of reach. Without it the choice is made afresh at each
/// step, and two goals each nearer from the other's way swap back and forth (bench seed 165
/// of session 25: 2,400 turns stepping NE and SW between two frontier squares; seed 148:
/// 1,000 travels between two search spots, never searching at either).
pub(super) fn keep_to(w: &World, goal: Goal) -> Option<(Action, String)> {
    let level = w.level()?;
    let (spot, what) = match goal {
        Goal::Explore(p) => {
            if !frontier(level).contains(&p) {
                return None;
            }
            (p, "exploring the unseen")
        }
        Goal::Search(p) if p == w.player => {
            let searched = searched_around(level, p);
            let count = search_count(searched);
            return Some((
                Action::Search { count },
                format!(
                    "searching {count} at the spot chosen at ({}, {}) (searched {searched} so                      far)",
                    p.x, p.y
                ),
            ));
        }
        Goal::Search(p) => (p, "going to search"),
    };
    if spot == w.player {
        return None;
    }
    let path = w.path_to(&[spot])?;
    let why = format!(
        "{what} at ({}, {}) as chosen, {} steps away",
        spot.x,
        spot.y,
        path.steps.len()
    );
    Some((w.step_along(&path), why))
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

    /// The look's goal is the frontier square it explores toward; kept, it is walked to while
    /// it is still unexplored, and dropped once stood on. A search spot reached is searched.
    #[test]
    fn a_kept_goal_is_walked_to_while_unexplored_and_searched_once_reached() {
        let mut w = World::default();
        let room = [
            "-------     ",
            "|.@.....##  ",
            "|.....|     ",
            "-------     ",
        ];
        see(&mut w, 1, &room, Pos::new(2, 2), &[]);
        let (_, why, goal) = look_for_the_stairs(&w, LookOpts::default()).expect("a look");
        let Some(Goal::Explore(spot)) = goal else {
            panic!("an exploring look: {why} {goal:?}");
        };
        assert!(frontier(w.level().expect("level")).contains(&spot));
        let (_, kept) = keep_to(&w, Goal::Explore(spot)).expect("kept");
        let expected = format!("exploring the unseen at ({}, {}) as chosen", spot.x, spot.y);
        assert!(kept.starts_with(&expected), "{kept}");
        // The hero stands on the goal: explored, no longer kept; as a search spot, searched.
        let mut there: Vec<String> = room.iter().map(|r| r.replace('@', ".")).collect();
        let row = &mut there[spot.y as usize - 1];
        row.replace_range(spot.x as usize..spot.x as usize + 1, "@");
        let there: Vec<&str> = there.iter().map(String::as_str).collect();
        see(&mut w, 9, &there, spot, &[]);
        assert_eq!(keep_to(&w, Goal::Explore(spot)), None);
        assert_eq!(
            keep_to(&w, Goal::Search(spot)).map(|(a, _)| a),
            Some(Action::Search { count: 10 })
        );
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
