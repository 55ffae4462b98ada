//! Scaring off a floating eye we cannot lure. Hemmed in next to one on the only way on (seed
//! 116 of the int29 bench: two eyes on both sides of a corridor bend, 57,000 turns camped on
//! two squares), no square is far enough to lure it from, and it never moves while next to us.
//! A scared monster does move: NetHack's `dochug` keeps a monster put only when it is `nearby`
//! and neither fleeing nor `scared`, and `distfleeck` scares it while we stand on Elbereth
//! (which floating eyes respect). So we write Elbereth and wait on it for the eye to drift off.

use crate::elbereth::engrave_step;
use crate::look;
use crate::lure::hemmed_by_eye;
use crate::recall::Recall;
use nhbot_world::{Action, Monster, World};

/// The step that scares off a floating eye barring the only way on when no square `distance`
/// off it is reachable ([`hemmed_by_eye`]): read what is engraved here, write Elbereth, then
/// wait on it. None when not hemmed in or where no engraving can be made.
pub fn scare_step(
    r: &mut Recall,
    w: &World,
    distance: i16,
    avoid_mines: bool,
) -> Option<(Action, String)> {
    let eye = hemmed_by_eye(w, distance, avoid_mines)?;
    scare_off(r, w, &eye, distance)
}

/// [`scare_step`] for the `eye` that hems us in.
pub fn scare_off(
    r: &mut Recall,
    w: &World,
    eye: &Monster,
    distance: i16,
) -> Option<(Action, String)> {
    let why = format!(
        "hemmed in by the floating eye at ({}, {}) on the only way on (no square {distance} \
         off it to lure it from)",
        eye.pos.x, eye.pos.y
    );
    if look::on_elbereth(&w.messages) {
        return Some((
            Action::Search { count: 2 },
            format!("{why}: waiting on a verified Elbereth for it to flee"),
        ));
    }
    engrave_step(
        r,
        w,
        format!("{why}: reading what is engraved here"),
        "engraving Elbereth to scare it off",
        |what| format!("{why}: {what}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::testing::{unknown_as_rock, world_from_rows};
    use nhbot_world::tiles::clr;
    use nhbot_world::{Feature, Monster, Pos};

    /// A corridor bend between two rooms, the hero on it with a blue `e` on each side.
    fn hemmed() -> World {
        let rows = [
            " -----          -----",
            " |...|          |...|",
            " |....##### #####..>|",
            " |...|     #    |...|",
            " -----          -----",
        ];
        between_eyes(&rows, Pos::new(11, 3), [Pos::new(10, 2), Pos::new(12, 2)])
    }

    /// The hero on a corridor square at `me` of `rows` (the rest unknown taken for rock), a
    /// blue `e` at each of `eyes`.
    fn between_eyes(rows: &[&str], me: Pos, eyes: [Pos; 2]) -> World {
        let mut w = world_from_rows(rows, &[], me);
        unknown_as_rock(&mut w);
        if let Some(sq) = w.dungeon.current_mut().and_then(|l| l.at_mut(me)) {
            sq.feature = Feature::Corridor;
        }
        for pos in eyes {
            w.monsters.push(Monster {
                pos,
                ch: 'e',
                color: clr::BLUE,
                first_seen: 1,
                last_seen: 1,
                ..Default::default()
            });
        }
        w
    }

    /// A corridor between two closed rooms with no down stairs (the level explored), the hero
    /// on it between two blue `e`s; `side` opens a corridor square beside the hero.
    fn boxed(side: bool) -> World {
        let mut rows = vec![
            " -----", " |...|", " --.--", "   #  ", "   #  ", "   #  ", " --.--", " |...|",
            " -----",
        ];
        if side {
            rows[4] = "   ## ";
        }
        between_eyes(&rows, Pos::new(3, 4), [Pos::new(3, 3), Pos::new(3, 5)])
    }

    #[test]
    fn boxed_in_by_eyes_with_no_way_on_known_we_scare_them() {
        // Seed 18 of the b26 bench: nothing left to explore, no `>` seen, two eyes around us.
        let mut r = Recall::default();
        let (action, reason) = scare_step(&mut r, &boxed(false), 4, false).expect("a scare step");
        assert!(reason.contains("hemmed in"), "{reason}");
        assert!(!matches!(action, Action::Move { .. }), "{action:?}");
        let mut r = Recall::default();
        assert!(
            scare_step(&mut r, &boxed(true), 4, false).is_none(),
            "a free square beside us: not boxed in"
        );
    }

    fn msgs(m: &[&str]) -> Vec<String> {
        m.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn hemmed_in_we_look_then_engrave_then_wait() {
        let mut r = Recall::default();
        let mut w = hemmed();
        assert!(
            crate::lure::lure_step(&w, 4, false).is_none(),
            "nowhere to lure it"
        );
        let (action, reason) = scare_step(&mut r, &w, 4, false).expect("a look");
        assert_eq!(action, look::look_action(), "{reason}");
        w.messages = msgs(&["You see no objects here."]);
        let (action, reason) = scare_step(&mut r, &w, 4, false).expect("an engraving");
        assert!(matches!(action, Action::Engrave { .. }), "{reason}");
        assert!(reason.contains("hemmed in by the floating eye"), "{reason}");
        w.messages = msgs(&["You read: \"Elbereth\"."]);
        let (action, reason) = scare_step(&mut r, &w, 4, false).expect("a wait");
        assert_eq!(action, Action::Search { count: 2 }, "{reason}");
    }

    #[test]
    fn no_scare_when_off_or_when_a_lure_spot_exists() {
        let mut r = Recall::default();
        assert_eq!(scare_step(&mut r, &hemmed(), 0, false), None);
        // Only the east eye: the west room is open to lure it into.
        let mut w = hemmed();
        w.monsters.retain(|m| m.pos.x == 12);
        assert!(crate::lure::lure_step(&w, 4, false).is_some());
        assert_eq!(scare_step(&mut r, &w, 4, false), None);
    }
}
