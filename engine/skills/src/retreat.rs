//! Retreat: step away from hostiles, preferring corridors and doorways (one attacker at a time)
//! and the way to the up stairs; climb them when standing on them below Dlvl 1.

use crate::threat::{distance, Threat};
use nhbot_world::{Action, Dir, Feature, Pos, World};

fn narrow(f: Feature) -> bool {
    matches!(f, Feature::Corridor | Feature::Doorway | Feature::OpenDoor)
}

/// The steps we can take from here: onto a walkable square no monster holds, no trap (a
/// Sokoban hole drops us a level) and no square that refused us twice, never diagonally into
/// or out of a door nor between two boulders or rock corners (refused always in Sokoban,
/// elsewhere when carrying much: the move takes no time and the fight goes on).
pub(crate) fn open_steps(w: &World) -> Vec<(Dir, Pos)> {
    let Some(level) = w.level() else {
        return Vec::new();
    };
    let occupied: Vec<Pos> = w.monsters.iter().map(|m| m.pos).collect();
    let door_here = level.feature(w.player) == Feature::OpenDoor;
    let tight = |p: Pos| {
        let f = level.feature(p);
        f.is_solid() || f == Feature::Boulder
    };
    Dir::COMPASS
        .into_iter()
        .filter_map(|d| {
            let p = d.step(w.player);
            let f = level.feature(p);
            let diagonal_blocked = d.is_diagonal()
                && (door_here
                    || f == Feature::OpenDoor
                    || (tight(Pos::new(p.x, w.player.y)) && tight(Pos::new(w.player.x, p.y))));
            let refused = f == Feature::Trap || level.at(p).is_some_and(|sq| sq.bumps >= 2);
            (f.walkable() && !occupied.contains(&p) && !diagonal_blocked && !refused)
                .then_some((d, p))
        })
        .collect()
}

/// The best step away from `threats`, or the stairs up when on them.
pub fn retreat_step(w: &World, threats: &[Threat]) -> Option<(Action, String)> {
    let level = w.level()?;
    let here = level.feature(w.player);
    if here == Feature::StairsUp && w.status.dlvl > 1 {
        return Some((
            Action::Ascend,
            "the fight is lost: leaving by the up stairs".into(),
        ));
    }
    let hostile: Vec<Pos> = threats
        .iter()
        .filter(|t| t.hostile)
        .map(|t| t.pos)
        .collect();
    if hostile.is_empty() {
        return None;
    }
    let nearest = |p: Pos| hostile.iter().map(|&h| distance(p, h)).min().unwrap_or(99);
    let adjacent = |p: Pos| hostile.iter().filter(|&&h| distance(p, h) <= 1).count() as i32;
    let up_stairs = level.find(Feature::StairsUp);
    let to_stairs = |p: Pos| {
        up_stairs
            .iter()
            .map(|&s| i32::from(distance(p, s)))
            .min()
            .unwrap_or(0)
    };
    let score = |p: Pos| {
        i32::from(nearest(p)) * 20 - adjacent(p) * 15 + if narrow(level.feature(p)) { 6 } else { 0 }
            - to_stairs(p).min(40) / 4
    };
    let best = open_steps(w).into_iter().max_by_key(|&(_, p)| score(p))?;
    (score(best.1) > score(w.player)).then(|| {
        (
            Action::Move { dir: best.0 },
            format!(
                "retreating {:?}: {} hostile(s) adjacent here, {} there",
                best.0,
                adjacent(w.player),
                adjacent(best.1)
            ),
        )
    })
}

#[cfg(test)]
#[allow(unused_mut, unused_variables)]
mod tests {
    use super::*;
    use crate::seen::world;
    use crate::threat::threats;

    fn retreat(rows: &[&str]) -> Option<Dir> {
        let w = world(rows);
        let t = threats(&crate::Recall::default(), &w);
        match retreat_step(&w, &t)?.0 {
            Action::Move { dir } => Some(dir),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn steps_away_from_the_jackal() {
        let mut r = crate::Recall::default();
        let dir = retreat(&["-----", "|...|", "|.@d|", "|...|", "-----"]);
        assert!(matches!(dir, Some(Dir::W | Dir::NW | Dir::SW)), "{dir:?}");
    }

    /// Seed 19's loop: the only step away was a diagonal between two boulders, which NetHack
    /// refuses (in Sokoban always) without a turn passing.
    #[test]
    fn never_squeezes_between_two_boulders() {
        let mut r = crate::Recall::default();
        // Walls north, boulders west and south: south-west is the only square farther away.
        let dir = retreat(&["------", "|--..|", "|0@d.|", "|.0..|", "------"]);
        assert_ne!(dir, Some(Dir::SW));
    }

    #[test]
    fn never_steps_onto_a_trap() {
        let mut r = crate::Recall::default();
        let dir = retreat(&["-----", "|^..|", "|^@d|", "|^..|", "-----"]);
        assert!(!matches!(dir, Some(Dir::W | Dir::NW | Dir::SW)), "{dir:?}");
    }

    /// Seed 184 of the 200-game bench stepped away from a fox (speed 15) seven times, bitten at
    /// every step: `retreat_if_losing` never steps away from a faster foe, but does from a
    /// slower one.
    #[test]
    fn retreat_if_losing_never_steps_away_from_a_faster_foe() {
        // A werejackal in human form next to us too: Elbereth cannot help (as in seed 184).
        let rows = ["-------", "|..@..|", "|..@d.|", "|.....|", "-------"];
        let named = |name: &str| {
            let mut w = world(&rows);
            (w.status.hp, w.status.hp_max, w.status.xl, w.status.ac) = (3, 37, 3, 6);
            for m in &mut w.monsters {
                let what = if m.ch == '@' { "werejackal" } else { name };
                m.name = Some(what.into());
            }
            w
        };
        let r = crate::Recall::default();
        let fox = named("fox");
        assert_eq!(
            crate::steps::retreat_if_losing_step(&r, &fox, 2.0, false),
            None
        );
        assert!(
            crate::steps::retreat_if_losing_step(&r, &fox, 2.0, true).is_some(),
            "from_faster: the old step away"
        );
        let slow = named("gnome zombie");
        assert_eq!(slow.monsters.len(), 2, "{:?}", slow.monsters);
        assert!(
            crate::steps::retreat_if_losing_step(&r, &slow, 2.0, false).is_some(),
            "a gnome zombie (speed 6) is left behind"
        );
    }
}
