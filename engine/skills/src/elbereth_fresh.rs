//! Keeping the Elbereth we rest on intact before the danger comes (issue 27: 15 of the 55
//! "melee while healthy" deaths of the 200-game bench re-engraved under blows; seed 17 rested
//! 110 turns on its Elbereth, worn to "[l|e?eth", and read it only once a soldier ant stood next
//! to it: 55 → 16 HP in the turn spent re-engraving). Standing on a dust engraving wears it at
//! random (allmain.c: 1 turn in 40 + 3 × Dex, `u_wipe_engr(rnd(3))`), and a fresh one is
//! misspelled 28% of the time (engrave.c: 1 letter in 25). A look (`:`) costs no game time, so
//! while we stay on the Elbereth we wrote we read it every few turns, and every turn a hostile
//! is in view, and write it again while nothing is next to us yet.

use crate::elbereth::cannot_engrave_here;
use crate::look;
use crate::recall::Recall;
use crate::threat;
use nhbot_world::{Action, Condition, World};

/// The memory of the refresh: our latest engraving (its turn and level), the turn we last
/// read it, and the latest turn we stayed on it (searched, rested or engraved there).
#[derive(Clone, Debug, Default)]
pub struct FreshState {
    /// (game turn, Dlvl) of the engraving `Recall::last_engrave_at` names.
    pub engraved: Option<(i64, i32)>,
    /// Game turn of the latest read of it (any leaf's look).
    pub last_read: Option<i64>,
    /// Game turn at which the previous decision was found to have kept us on it.
    pub stayed: Option<i64>,
}

/// Actions that keep us on the square on purpose (a rest, a search, our engraving).
fn stays(action: &Action) -> bool {
    matches!(
        action,
        Action::Search { .. } | Action::Rest { .. } | Action::Engrave { .. }
    )
}

impl FreshState {
    /// Notes a new engraving of ours, a read of it and a decision that stayed on it.
    pub(crate) fn watch(&mut self, r: &Recall, w: &World) {
        if let Some(turn) = r.last_engrave {
            if self.engraved.map(|(t, _)| t) != Some(turn) {
                self.engraved = Some((turn, w.status.dlvl));
                (self.last_read, self.stayed) = (None, Some(turn));
            }
        }
        if !self.ours_here(r, w) {
            return;
        }
        if look::looked(&w.messages) {
            self.last_read = Some(w.turn);
        }
        if w.last_decision.as_ref().is_some_and(|d| stays(&d.action)) {
            self.stayed = Some(w.turn);
        }
    }

    /// Standing on the engraving we wrote last, on its level.
    fn ours_here(&self, r: &Recall, w: &World) -> bool {
        r.last_engrave_at == Some(w.player)
            && self.engraved.is_some_and(|(_, dlvl)| dlvl == w.status.dlvl)
    }
}

/// One step of the refresh, every `every` turns at most between reads with no hostile in view.
/// Acts only on the Elbereth we wrote last, while the previous decision stayed on it (a search,
/// a rest, the engraving itself: walking over it is left alone), not blind (dust cannot be
/// read), not hallucinating. Reads it (`:`) when never read since written, `every` turns after
/// the last read, or in a new turn with a hostile in view; when the read shows it worn,
/// misspelled or gone, writes it again unless a hostile is already next to us (then one turn of
/// blows is the look-ahead's to weigh, see `fight_or_flee`).
pub fn refresh_step(
    r: &mut Recall,
    state: &mut FreshState,
    w: &World,
    every: i64,
) -> Option<(Action, String)> {
    state.watch(r, w);
    if every <= 0
        || !state.ours_here(r, w)
        || state.stayed != Some(w.turn)
        || w.hallucinating()
        || w.status.conditions.contains(&Condition::Blind)
    {
        return None;
    }
    let hostiles: Vec<_> = threat::threats(r, w)
        .into_iter()
        .filter(|t| t.hostile)
        .collect();
    let seen = match hostiles.first() {
        Some(t) => format!("{} {} square(s) away", t.name, t.distance),
        None => "no hostile in view".to_string(),
    };
    if look::looked(&w.messages) {
        if look::on_elbereth(&w.messages) {
            return None;
        }
        if hostiles.iter().any(|t| t.distance <= 1) || cannot_engrave_here(r, w) {
            return None;
        }
        let read = match look::engraving_read(&w.messages) {
            Some(text) => format!("reads {text:?}"),
            None => "is gone".to_string(),
        };
        crate::elbereth::note_engraving(r, w);
        return Some((
            Action::Engrave {
                text: "Elbereth".into(),
                with: None,
            },
            format!(
                "our Elbereth here {read}: engraving it again before the danger comes ({seen})"
            ),
        ));
    }
    let due = match state.last_read {
        None => Some("not read since engraved".to_string()),
        Some(read) if w.turn - read >= every => {
            Some(format!("last read {} turns ago", w.turn - read))
        }
        Some(read) if w.turn > read && !hostiles.is_empty() => Some(format!(
            "a hostile in view, last read {} turn(s) ago",
            w.turn - read
        )),
        _ => None,
    }?;
    if look::looked_at(r, w) {
        return None;
    }
    Some((
        look::look_action_at(r, w),
        format!("reading our Elbereth here ({due}; {seen})"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seen::show_saying;
    use nhbot_world::{DecisionTaken, Pos};

    const ROOM: [&str; 6] = [
        "----------",
        "|........|",
        "|..@.....|",
        "|........|",
        "|........|",
        "----------",
    ];
    const JACKAL_FAR: [&str; 6] = [
        "----------",
        "|........|",
        "|..@.....|",
        "|........|",
        "|......d.|",
        "----------",
    ];
    const JACKAL_NEXT: [&str; 6] = [
        "----------",
        "|........|",
        "|..@d....|",
        "|........|",
        "|........|",
        "----------",
    ];

    /// The world at `turn` showing `rows` and `messages`, after a decision that did `last`.
    fn at(rows: &[&str], turn: i64, messages: &[&str], last: Action) -> World {
        let mut w = World::default();
        show_saying(&mut w, rows, turn, messages);
        (w.status.hp, w.status.hp_max, w.status.xl) = (30, 60, 6);
        for m in &mut w.monsters {
            m.name = Some("jackal".into());
        }
        w.decisions = turn as u64 * 2;
        w.last_decision = Some(DecisionTaken {
            index: w.decisions,
            action: last,
            path: "root/rest/rest_until_healed".into(),
            reason: String::new(),
            hp: 30,
            turn,
        });
        w
    }

    fn search() -> Action {
        Action::Search { count: 10 }
    }

    fn read(text: &str) -> String {
        format!("You read: \"{text}\".")
    }

    /// Our Elbereth, engraved at turn 100 and read back intact, is read again 10 turns into
    /// the rest, written again when worn, read back, and read every turn a jackal is in view.
    #[test]
    fn reads_our_elbereth_while_resting_and_rewrites_it_when_worn() {
        let mut r = Recall::default();
        let mut s = FreshState::default();
        let here = Pos::new(3, 2);
        (r.last_engrave, r.last_engrave_at) = (Some(100), Some(here));
        let engraved = Action::Engrave {
            text: "Elbereth".into(),
            with: None,
        };
        let good = read("Elbereth");
        let w = at(&ROOM, 101, &[&good], engraved.clone());
        assert_eq!(w.player, here);
        assert_eq!(refresh_step(&mut r, &mut s, &w, 10), None, "read intact");
        let w = at(&ROOM, 105, &[], search());
        assert_eq!(
            refresh_step(&mut r, &mut s, &w, 10),
            None,
            "read 4 turns ago"
        );
        let (action, why) =
            refresh_step(&mut r, &mut s, &at(&ROOM, 111, &[], search()), 10).expect("a look");
        assert_eq!(action, look::look_action(), "{why}");
        assert!(why.contains("last read 10 turns ago"), "{why}");
        let worn = read("[l|e?eth");
        let w = at(&ROOM, 111, &[&worn], look::look_action());
        let (action, why) = refresh_step(&mut r, &mut s, &w, 10).expect("engraves");
        assert_eq!(action, engraved, "{why}");
        assert!(
            why.contains("\"[l|e?eth\"") && why.contains("no hostile in view"),
            "{why}"
        );
        assert_eq!(r.last_engrave, Some(111));
        let (action, why) =
            refresh_step(&mut r, &mut s, &at(&ROOM, 112, &[], engraved.clone()), 10)
                .expect("reads it back");
        assert_eq!(action, look::look_action(), "{why}");
        assert!(why.contains("not read since engraved"), "{why}");
        let misspelled = read("Elbcreth");
        let w = at(&ROOM, 112, &[&misspelled], look::look_action());
        let (action, _) = refresh_step(&mut r, &mut s, &w, 10).expect("again");
        assert_eq!(action, engraved);
        let w = at(&ROOM, 113, &[&good], engraved.clone());
        assert_eq!(refresh_step(&mut r, &mut s, &w, 10), None, "intact now");
        // A jackal came into view: read it at once, though 1 turn passed.
        let w = at(&JACKAL_FAR, 114, &[], search());
        let (action, why) = refresh_step(&mut r, &mut s, &w, 10).expect("a look");
        assert_eq!(action, look::look_action(), "{why}");
        assert!(
            why.contains("a hostile in view") && why.contains("square(s) away"),
            "{why}"
        );
        // Worn, with the jackal 4 squares away: written again before it comes.
        let w = at(&JACKAL_FAR, 114, &[&worn], look::look_action());
        let (action, why) = refresh_step(&mut r, &mut s, &w, 10).expect("engraves");
        assert_eq!(action, engraved, "{why}");
        assert!(why.contains("4 square(s) away"), "{why}");
    }

    /// Next to a hostile, walking over our old engraving, on another square or level, or with
    /// the refresh off: no look, no engraving.
    #[test]
    fn leaves_it_alone_next_to_a_hostile_walking_or_elsewhere() {
        let here = Pos::new(3, 2);
        let fresh = || {
            let mut r = Recall::default();
            (r.last_engrave, r.last_engrave_at) = (Some(100), Some(here));
            (r, FreshState::default())
        };
        let worn = read("Elbe~eth");
        let (mut r, mut s) = fresh();
        let w = at(&JACKAL_NEXT, 101, &[&worn], search());
        assert_eq!(
            refresh_step(&mut r, &mut s, &w, 10),
            None,
            "a jackal next to us: one turn of blows is the look-ahead's call"
        );
        let (mut r, mut s) = fresh();
        let walked = Action::Move {
            dir: nhbot_world::Dir::E,
        };
        assert_eq!(
            refresh_step(&mut r, &mut s, &at(&ROOM, 101, &[], walked), 10),
            None,
            "walking over it"
        );
        let (mut r, mut s) = fresh();
        r.last_engrave_at = Some(Pos::new(4, 2));
        assert_eq!(
            refresh_step(&mut r, &mut s, &at(&ROOM, 101, &[], search()), 10),
            None,
            "not our square"
        );
        let (mut r, mut s) = fresh();
        let w = at(&ROOM, 101, &[], search());
        assert!(refresh_step(&mut r, &mut s, &w, 10).is_some(), "ours");
        let mut below = at(&ROOM, 150, &[], search());
        below.status.dlvl += 1;
        assert_eq!(
            refresh_step(&mut r, &mut s, &below, 10),
            None,
            "same square, another level"
        );
        let (mut r, mut s) = fresh();
        assert_eq!(
            refresh_step(&mut r, &mut s, &at(&ROOM, 101, &[], search()), 0),
            None,
            "off"
        );
    }
}
