//! The end of a standoff on Elbereth: a foe that respects it stands next to us and never
//! leaves (a queen bee in her hive, a gargoyle, a leocrotta in a corridor), and the fight
//! look-ahead, healthy, keeps choosing the engraving over a fight it may lose. The HP is full,
//! so the wait buys nothing while the food runs out: in b34-base, 23 games spent more than 300
//! turns so at 90% HP or more (33,000 turns in all); seed 97 sat 4,500 turns beside a queen bee
//! and a lump of royal jelly and starved, seeds 157 and 239 starved after such waits too.
//!
//! After `after` turns of it the leaf steps off the engraving (a blow from it would erase it and
//! cost 5 alignment: 3.6 `setmangry`, "You feel like a hypocrite") and fights what follows for
//! `commit` turns while the HP stays above `until`.

use crate::recall::Recall;
use crate::{elbereth, retreat, steps, threat};
use nhbot_bt::ParamType::*;
use nhbot_bt::Requirement::*;
use nhbot_bt::{p, Leaf, LeafOutcome, LeafSpec, NodeRegistry, Tick};
use nhbot_world::{Action, World};

/// The `end_standoff` action's parameters.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EndStandoff {
    /// Turns of a standoff at `hp` or more before it is ended.
    pub after: i64,
    /// Least HP, a fraction of max, for a standoff to count (below it the rest is worth it).
    pub hp: f64,
    /// Turns the fight is kept up once the standoff is ended.
    pub commit: i64,
    /// Below this fraction of max HP the fight is left to the other nodes again.
    pub until: f64,
}

/// When the current standoff began, and the turn until which the fight is kept up.
#[derive(Default)]
pub(crate) struct Standoff {
    since: Option<i64>,
    fighting_until: i64,
}

fn standoff_step(
    s: &mut Standoff,
    r: &mut Recall,
    w: &World,
    rules: EndStandoff,
) -> Option<(Action, String)> {
    let threats = threat::threats(r, w);
    let near = steps::adjacent(&threats);
    if w.turn < s.fighting_until && w.hp_fraction() >= rules.until && !near.is_empty() {
        s.since = None;
        if elbereth::on_verified_elbereth(r, w) {
            return retreat::retreat_step(w, &threats).map(|(a, why)| {
                (
                    a,
                    format!("ending a standoff: off the Elbereth first: {why}"),
                )
            });
        }
        return steps::fight_step_with(r, w, true, false)
            .map(|(a, why)| (a, format!("ending a standoff: {why}")));
    }
    // Every hostile next to us respects Elbereth (and there is one).
    let holding = !near.is_empty()
        && near.iter().all(|t| t.respects_elbereth)
        && w.hp_fraction() >= rules.hp
        && elbereth::on_verified_elbereth(r, w);
    if !holding {
        s.since = None;
        return None;
    }
    let since = *s.since.get_or_insert(w.turn);
    if w.turn - since < rules.after {
        return None;
    }
    let (action, why) = retreat::retreat_step(w, &threats)?;
    s.since = None;
    s.fighting_until = w.turn + rules.commit;
    Some((
        action,
        format!(
            "{} turns on Elbereth at HP {}/{} with the foe next to us staying: stepping off to \
             fight it ({why})",
            w.turn - since,
            w.status.hp,
            w.status.hp_max
        ),
    ))
}

impl Leaf for EndStandoff {
    type State = Standoff;

    fn tick(&self, s: &mut Standoff, t: &mut Tick<'_>) -> LeafOutcome {
        let r: &mut Recall = t.blackboard.entry::<Recall>();
        match standoff_step(s, r, t.world, *self) {
            Some((action, why)) => LeafOutcome::Act(action, why),
            None => LeafOutcome::Failure,
        }
    }

    /// The standoff's start and the fight's commitment outlive the other nodes' turns (the
    /// read-back of the engraving is another node's).
    fn halted(&self, _: &mut Standoff) {}
}

/// Registers `end_standoff`.
pub(crate) fn register(r: &mut NodeRegistry) {
    r.register(
        LeafSpec::action(
            "end_standoff",
            "On a verified Elbereth at `hp` of max HP or more, with every hostile next to us \
             respecting it, for `after` turns: step off it (a blow from it erases it and costs \
             alignment) and fight what follows for `commit` turns while HP stays at `until` or \
             more. The wait at full HP only spends food.",
        )
        .params(
            const {
                &[
                    p(
                        "after",
                        Integer { min: 1, max: 10000 },
                        Default("150"),
                        "Turns of a standoff before it is ended.",
                    ),
                    p(
                        "hp",
                        Number { min: 0.0, max: 1.0 },
                        Default("0.9"),
                        "Least HP (fraction of max) for a standoff to count.",
                    ),
                    p(
                        "commit",
                        Integer { min: 1, max: 1000 },
                        Default("30"),
                        "Turns the fight is kept up once the standoff is ended.",
                    ),
                    p(
                        "until",
                        Number { min: 0.0, max: 1.0 },
                        Default("0.5"),
                        "Below this fraction of max HP the fight is left to the other nodes.",
                    ),
                ]
            },
        ),
        |p| EndStandoff {
            after: p.integer("after"),
            hp: p.number("hp"),
            commit: p.integer("commit"),
            until: p.number("until"),
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::tiles::clr;
    use nhbot_world::Pos;

    /// Full HP on a just-read Elbereth at `turn`, a mumak east of us.
    fn on_elbereth(turn: i64, hp: i32) -> World {
        let mut w = crate::seen::room_with('q', clr::GRAY, Pos::new(4, 2));
        w.turn = turn;
        (w.status.hp, w.status.hp_max, w.status.xl, w.status.dlvl) = (hp, 60, 8, 7);
        w.monsters[0].name = Some("mumak".into());
        w.history.push(nhbot_world::Said {
            turn,
            decision: w.decisions,
            text: "You read: \"Elbereth\".".into(),
        });
        w
    }

    fn rules() -> EndStandoff {
        EndStandoff {
            after: 150,
            hp: 0.9,
            commit: 30,
            until: 0.5,
        }
    }

    #[test]
    fn a_standoff_at_full_hp_is_ended_after_its_turns_by_a_step_off() {
        let (mut s, mut r) = (Standoff::default(), Recall::default());
        assert_eq!(
            standoff_step(&mut s, &mut r, &on_elbereth(1000, 60), rules()),
            None
        );
        assert_eq!(
            standoff_step(&mut s, &mut r, &on_elbereth(1100, 60), rules()),
            None
        );
        let (action, why) = standoff_step(&mut s, &mut r, &on_elbereth(1150, 60), rules())
            .expect("ended after 150 turns");
        assert!(matches!(action, Action::Move { .. }), "{why}");
        assert!(why.contains("150 turns on Elbereth"), "{why}");
        assert_eq!(s.fighting_until, 1180);
    }

    #[test]
    fn hurt_the_rest_on_elbereth_is_no_standoff() {
        let (mut s, mut r) = (Standoff::default(), Recall::default());
        for turn in [1000, 1100, 1200, 1300] {
            assert_eq!(
                standoff_step(&mut s, &mut r, &on_elbereth(turn, 40), rules()),
                None
            );
        }
    }
}
