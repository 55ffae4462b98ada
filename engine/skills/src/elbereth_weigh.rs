//! Weighing an engraving under blows against the look-ahead: next to a hostile, Elbereth costs
//! a turn of its blows and holds ~72% of the time, so the Elbereth nodes may leave it to
//! `fight_or_flee` when the look-ahead ranks fighting or fleeing first (`weigh` params). Its
//! own module so that `elbereth` (used by `steps`) does not depend on `steps`' duels.

use crate::elbereth::elbereth_step_unless;
use crate::recall::Recall;
use crate::threat::{self, Threat};
use nhbot_world::{Action, World};

/// Depth of the look-ahead that weighs an engraving under blows (`fight_or_flee`'s in the tree).
const WEIGH_DEPTH: u32 = 4;

/// With hostiles next to us, what the look-ahead (a foe held off valued at `held_off`, a kill
/// at 1) ranks above engraving, as "Fight, 0.93": an engraving costs a turn of their blows and
/// holds 72% of the time (seed 146 of the 200-game bench engraved four turns running, each
/// misspelled, under a giant ant's and a homunculus's bites). `None` when nothing is next to
/// us, one next to us does harm beyond its dice (poison, sleep, paralysis...), Elbereth ranks
/// first, its choice cannot be carried out here (a foe next to us we may not
/// strike, diagonally through a doorway: a smoke run's seed 146 died so to a gecko, searching;
/// no step away to flee by), or `held_off` is 0 (off). `door_blows`: the fight strikes
/// diagonally into or out of a door too (`fight_or_flee`'s param of that name).
pub(crate) fn lookahead_prefers_other(
    r: &Recall,
    w: &World,
    held_off: f64,
    door_blows: bool,
) -> Option<String> {
    use crate::lookahead::Choice;
    if held_off <= 0.0 {
        return None;
    }
    let threats = threat::threats(r, w);
    let mut duel = crate::steps::duel_here(r, w, &threats)?;
    duel.scared = held_off;
    let (choice, value) = duel.best(WEIGH_DEPTH);
    let strikable = |t: &Threat| {
        t.no_melee.is_none()
            && nhbot_world::Dir::from_delta(t.pos.x - w.player.x, t.pos.y - w.player.y)
                .is_some_and(|d| crate::steps::can_strike(w, d, door_blows))
    };
    // The look-ahead counts dice only: a bite that poisons (1 in 8 drains, 1 in 30 of those
    // kills outright, mhitu.c AD_DRST), puts to sleep or paralyses is not in it (a smoke run's
    // seed 115 fought a hobgoblin from a snake's side at 25/67 HP and died of the snake).
    let beyond_dice = |t: &Threat| {
        t.deadly_touch
            || crate::monsters::by_name(&t.name).is_some_and(|m| {
                m.attacks.iter().any(|a| {
                    !a.is_passive() && ["drst", "drdx", "drco"].contains(&a.damage.as_str())
                })
            })
    };
    if threats
        .iter()
        .any(|t| t.hostile && t.distance <= 1 && beyond_dice(t))
    {
        return None;
    }
    let possible = match choice {
        Choice::Elbereth => false,
        Choice::Fight => threats
            .iter()
            .filter(|t| t.hostile && t.distance <= 1)
            .all(strikable),
        Choice::Flee => crate::retreat::retreat_step(w, &threats).is_some(),
    };
    possible.then(|| format!("{choice:?}, {value:.2}"))
}

/// [`elbereth_step_unless`] with `weigh` above 0: no engraving next to a hostile when the
/// look-ahead ranks fighting or fleeing first ([`lookahead_prefers_other`]): the nodes after us
/// take those.
pub fn elbereth_step_weighing(
    r: &mut Recall,
    w: &World,
    path: &str,
    enter: f64,
    until: f64,
    weigh: f64,
    door_blows: bool,
) -> Option<(Action, String)> {
    elbereth_step_weighing_by(r, w, path, (enter, until), (weigh, door_blows), false)
}

/// [`elbereth_step_weighing`]; with `blind_blow`, a blind trust in our engraving ends with a
/// blow (`elbereth::trusted_blind_by`).
pub fn elbereth_step_weighing_by(
    r: &mut Recall,
    w: &World,
    path: &str,
    band: (f64, f64),
    (weigh, door_blows): (f64, bool),
    blind_blow: bool,
) -> Option<(Action, String)> {
    elbereth_step_unless(r, w, path, band, blind_blow, |r, w| {
        lookahead_prefers_other(r, w, weigh, door_blows).is_some()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elbereth::tests::world;
    use nhbot_world::{Monster, Pos};

    /// Next to a jackal at 4/16 HP the look-ahead fights (one hit kills it): with `weigh` the
    /// engraving (a turn of bites) is left to it; next to a soldier ant at 20/52 it ranks
    /// Elbereth first and the engraving goes on. `weigh` 0 always engraves.
    #[test]
    fn weighs_an_engraving_under_blows_against_the_lookahead() {
        let looked = ["You read: \"Elbcreth\"."];
        let weighing = |r: &mut crate::Recall, w: &World, weigh: f64| {
            elbereth_step_weighing(r, w, "root/elbereth", 0.5, 0.9, weigh, false).map(|(a, _)| a)
        };
        let jackal = || {
            let mut w = world(4, 'd', 3, &looked);
            w.monsters[0].name = Some("jackal".into());
            w
        };
        let mut r = crate::Recall::default();
        let w = jackal();
        let other = lookahead_prefers_other(&r, &w, 0.9, false).expect("the look-ahead fights");
        assert!(other.starts_with("Fight"), "{other}");
        assert_eq!(weighing(&mut r, &w, 0.9), None, "left to the fight");
        assert_eq!(r.last_engrave, None, "no engraving noted");
        assert!(matches!(
            weighing(&mut r, &jackal(), 0.0),
            Some(Action::Engrave { .. })
        ));
        let mut r = crate::Recall::default();
        let mut ant = world(20, 'a', 4, &looked);
        (ant.status.hp_max, ant.status.xl, ant.status.ac) = (52, 6, 3);
        ant.monsters[0].name = Some("soldier ant".into());
        assert_eq!(lookahead_prefers_other(&r, &ant, 0.9, false), None);
        assert!(matches!(
            weighing(&mut r, &ant, 0.9),
            Some(Action::Engrave { .. })
        ));
        // A snake's bite poisons, which the look-ahead's dice leave out: at 40/52 HP it would
        // fight a hill orc as strong, not the snake.
        let strong = |ch: char, name: &str| {
            let mut w = world(40, ch, 3, &looked);
            (w.status.hp_max, w.status.xl, w.status.ac) = (52, 6, 3);
            w.monsters[0].name = Some(name.into());
            w
        };
        assert!(lookahead_prefers_other(&r, &strong('o', "hill orc"), 0.9, false).is_some());
        assert_eq!(
            lookahead_prefers_other(&r, &strong('S', "snake"), 0.9, false),
            None
        );
        // Nothing next to us: no blows to weigh.
        ant.monsters[0].pos = Pos::new(12, 10);
        assert_eq!(lookahead_prefers_other(&r, &ant, 0.9, false), None);
    }

    /// A smoke run's seed 146: in a shop's open door at 8/25 HP, a gecko biting diagonally. The
    /// game lets us strike it there (hack.c `domove` attacks before `test_move` refuses the
    /// diagonal step): with `door_blows` the look-ahead's fight is possible and the engraving
    /// is left to it; without, the old rule's fight cannot happen and the engraving goes on.
    /// A foe next to us we really may not strike (a floating eye: its passive gaze freezes)
    /// keeps the engraving with `door_blows` too.
    #[test]
    fn an_unstrikable_foe_next_to_us_still_gets_the_engraving() {
        let rows = ["---|---", "|.....|", "|....:|", "-------"];
        let mut w = crate::seen::in_an_open_door(&rows, 1553, 8, 2, Pos::new(4, 1));
        let weighing = |r: &mut crate::Recall, w: &World, door_blows: bool| {
            elbereth_step_weighing(r, w, "root/elbereth", 0.4, 0.9, 0.9, door_blows).map(|(a, _)| a)
        };
        let mut r = crate::Recall::default();
        let other = lookahead_prefers_other(&r, &w, 0.9, true).expect("a blow out of the door");
        assert!(other.starts_with("Fight"), "{other}");
        assert_eq!(weighing(&mut r, &w, true), None, "left to the fight");
        let (blow, _) = crate::steps::fight_step_with(&mut r, &w, false, true).expect("strikes");
        assert_eq!(
            blow,
            Action::Move {
                dir: nhbot_world::Dir::SE
            }
        );
        assert_eq!(
            lookahead_prefers_other(&r, &w, 0.9, false),
            None,
            "old rule"
        );
        assert!(matches!(
            weighing(&mut r, &w, false),
            Some(Action::Engrave { .. })
        ));
        w.monsters.push(Monster {
            pos: Pos::new(3, 1),
            ch: 'e',
            color: 4,
            name: Some("floating eye".into()),
            ..Monster::default()
        });
        assert_eq!(
            lookahead_prefers_other(&r, &w, 0.9, true),
            None,
            "the eye is never struck"
        );
        let mut r = crate::Recall::default();
        assert!(matches!(
            weighing(&mut r, &w, true),
            Some(Action::Engrave { .. })
        ));
    }
}
