//! Elbereth: engrave it in the dust when HP is low and every adjacent threat respects it, read it
//! back with `:` (a fresh dust engraving is misspelled ~28% of the time), re-engrave when it is
//! wrong, and rest on it. Looking costs no game time, so the cycle is look → engrave → look →
//! rest → look …, each decision reading only its own messages.

use crate::look;
use crate::recall::Recall;
use crate::threat::{self, Threat};
use nhbot_world::{Action, Condition, Feature, World};

/// The chance a dust Elbereth written now comes out whole: each of its 8 letters goes wrong
/// with chance 1/25 in dust, and more in an unsound state (engrave.c: blind 1/11, confused 1/7,
/// stunned 1/4, hallucinating 1/2).
pub fn spell_odds(w: &World) -> f64 {
    let has = |c: Condition| w.status.conditions.contains(&c);
    let mut letter: f64 = 24.0 / 25.0;
    for (c, keep) in [
        (Condition::Blind, 10.0 / 11.0),
        (Condition::Conf, 6.0 / 7.0),
        (Condition::Stun, 3.0 / 4.0),
        (Condition::Hallu, 1.0 / 2.0),
    ] {
        if has(c) {
            letter *= keep;
        }
    }
    letter.powi(8)
}

/// Below this [`spell_odds`] no Elbereth is written: stunned (7%), confused (21%) or
/// hallucinating, the turn is better spent otherwise. In b36's 400 games 84 Elbereths were
/// written stunned, 32 confused and 8 hallucinating (seed 4: three in a row, stunned by a
/// booby-trapped door, beside the soldier ant that killed it).
const MIN_SPELL_ODDS: f64 = 0.25;

/// Squares where the game refuses an engraving (or erases it at once), and forms that cannot
/// engrave (polymorphed, e.g. into a jackal by lycanthropy).
pub(crate) fn cannot_engrave_here(r: &Recall, w: &World) -> bool {
    if w.status.polymorphed || r.last_engrave == Some(w.turn) || spell_odds(w) < MIN_SPELL_ODDS {
        return true;
    }
    let feature = w.level().map(|l| l.feature(w.player)).unwrap_or_default();
    matches!(
        feature,
        Feature::StairsUp
            | Feature::StairsDown
            | Feature::LadderUp
            | Feature::LadderDown
            | Feature::Fountain
            | Feature::Altar
            | Feature::Water
            | Feature::Lava
    ) || w.status.conditions.contains(&Condition::Lev)
}

/// Hostiles within two squares, and whether Elbereth scares all that are adjacent.
pub(crate) fn near_threats(r: &Recall, w: &World) -> (Vec<Threat>, bool) {
    let near: Vec<Threat> = threat::threats(r, w)
        .into_iter()
        .filter(|t| t.hostile && t.distance <= 2)
        .collect();
    let all_respect = near
        .iter()
        .filter(|t| t.distance <= 1)
        .all(|t| t.respects_elbereth);
    (near, all_respect)
}

/// The worst of the `near` threats by name and distance, and how many more there are, for a
/// reason ("jackal 2 square(s) away and 1 more").
pub(crate) fn worst_and_more(worst: &Threat, near: usize) -> String {
    format!(
        "{} {} square(s) away{}",
        worst.name,
        worst.distance,
        if near > 1 {
            format!(" and {} more", near - 1)
        } else {
            String::new()
        }
    )
}

/// Whether Elbereth would help now: hostiles near, the adjacent ones all respect it, no
/// harmful gaze in view (seed 8's top level: a pyrolisk burnt the hero resting on Elbereth),
/// the square takes an engraving, and we do not hallucinate: then each letter engraved comes
/// out garbled one time in two (engrave.c), an intact Elbereth one time in 300 (seeds 54 and
/// 102 died re-engraving it under blows, reading "Edber#UP", "pl!=rd@h"...).
pub fn would_help(r: &Recall, w: &World) -> bool {
    let (near, all_respect) = near_threats(r, w);
    !w.hallucinating()
        && !near.is_empty()
        && all_respect
        && !threat::threats(r, w).iter().any(|t| t.gazes)
        && !cannot_engrave_here(r, w)
}

/// Blind, with our own engraving under us: the look cannot read dust, so trust it (a rewrite
/// wipes it and, blind, misspells one letter in 11 more often: seed 98 rewrote it every other
/// turn under a gnome lord's blows until it died).
pub(crate) fn trusted_blind(r: &Recall, w: &World) -> bool {
    w.status.conditions.contains(&Condition::Blind) && r.last_engrave_at == Some(w.player)
}

/// Blind, a blow (or a miss) since we asked for the Elbereth here: it came out misspelled
/// (blind, each letter also goes wrong one time in 11: whole ~34% of the time, engrave.c) or
/// was scuffed, since a monster that respects a whole one does not attack (monmove.c `dochug`:
/// no `mattacku` while `scared`). Seed 5 of the b27 bench stood blind on its Elbereth under a
/// mumak's blows from HP 88 to death in 3 turns.
pub(crate) fn struck_since_engraving(r: &Recall, w: &World) -> bool {
    let Some(asked) = r.last_engrave_decision else {
        return false;
    };
    w.history
        .newest_first()
        .take_while(|s| s.decision > asked)
        .any(|s| crate::signs::attacked(std::slice::from_ref(&s.text)))
}

/// [`trusted_blind`], and with `blind_blow` only until a blow says the engraving is broken
/// ([`struck_since_engraving`]).
pub(crate) fn trusted_blind_by(r: &Recall, w: &World, blind_blow: bool) -> bool {
    trusted_blind(r, w) && !(blind_blow && struck_since_engraving(r, w))
}

/// Standing on an Elbereth as the latest read-back saw it ([`World::elbereth_read_here`]).
/// Blind, the Elbereth we wrote here.
pub(crate) fn on_verified_elbereth(r: &Recall, w: &World) -> bool {
    trusted_blind(r, w) || w.elbereth_read_here()
}

/// Remembers an engraving asked for here, now.
pub(crate) fn note_engraving(r: &mut Recall, w: &World) {
    r.last_engrave = Some(w.turn);
    r.last_engrave_at = Some(w.player);
    r.last_engrave_decision = Some(w.decisions);
}

/// The look-then-engrave tail every Elbereth leaf shares: read what is engraved here first
/// (looking is free), then engrave Elbereth, or `None` where the square or form refuses one.
/// `look_reason` is the look's reason; `fresh` says what the engraving is for when nothing
/// readable is here; `reason` turns that (or the misspelled read) into the engraving's reason.
pub(crate) fn engrave_step(
    r: &mut Recall,
    w: &World,
    look_reason: String,
    fresh: &str,
    reason: impl FnOnce(String) -> String,
) -> Option<(Action, String)> {
    if !look::looked_at(r, w) {
        return Some((look::look_action_at(r, w), look_reason));
    }
    if cannot_engrave_here(r, w) {
        return None;
    }
    let what = match look::engraving_read(&w.messages) {
        Some(text) => format!("the engraving here reads {text:?}: engraving Elbereth again"),
        None => fresh.to_string(),
    };
    note_engraving(r, w);
    Some((
        Action::Engrave {
            text: "Elbereth".into(),
            with: None,
        },
        reason(what),
    ))
}

/// One step of the Elbereth cycle. `enter`: HP fraction below which we engrave; `until`: HP
/// fraction up to which we keep resting on a verified engraving.
pub fn elbereth_step(
    r: &mut Recall,
    w: &World,
    path: &str,
    enter: f64,
    until: f64,
) -> Option<(Action, String)> {
    elbereth_step_unless(r, w, path, (enter, until), false, |_, _| false)
}

/// [`elbereth_step`], reading "It misses." as a missile with `missile_miss`
/// ([`crate::ranged::unsafe_to_wait_by`]).
pub fn elbereth_step_by(
    r: &mut Recall,
    w: &World,
    path: &str,
    (enter, until): (f64, f64),
    missile_miss: bool,
) -> Option<(Action, String)> {
    if crate::ranged::unsafe_to_wait_by(r, w, missile_miss).is_some() {
        return None;
    }
    elbereth_cycle(r, w, path, (enter, until), false, |_, _| false)
}

/// [`elbereth_step`], leaving the engraving to the nodes after us when `other_first` says
/// another choice goes first (see `elbereth_weigh`, which weighs it with the look-ahead).
pub fn elbereth_step_unless(
    r: &mut Recall,
    w: &World,
    path: &str,
    (enter, until): (f64, f64),
    blind_blow: bool,
    other_first: impl FnOnce(&Recall, &World) -> bool,
) -> Option<(Action, String)> {
    // Missiles, rays and what we cannot see ignore Elbereth: no sitting on it there.
    if crate::ranged::unsafe_to_wait(r, w).is_some() {
        return None;
    }
    elbereth_cycle(r, w, path, (enter, until), blind_blow, other_first)
}

/// [`elbereth_step`] for a foe next to us that respects Elbereth while missiles fly: the
/// engraving still stops its blows, which a blow of ours would not (the b25 bench's 90 melee
/// deaths held 28 where the look-ahead chose Elbereth and the leaf struck instead, most under a
/// line of fire: seed 17 struck a soldier ant at 33/64 HP, a hill orc 3 squares off, and died
/// the next turn). Still refused next to a known zapper, or under blows from something unseen.
pub fn elbereth_step_under_fire(
    r: &mut Recall,
    w: &World,
    path: &str,
    enter: f64,
    until: f64,
) -> Option<(Action, String)> {
    if crate::zappers::zapper_adjacent(r, w).is_some() || crate::ranged::unseen_blow(w).is_some() {
        return None;
    }
    elbereth_cycle(r, w, path, (enter, until), false, |_, _| false)
}

/// The Elbereth cycle where the caller weighed what goes on hurting us on it against what it
/// stops ([`crate::elbereth_refusal::weigh`]): no refusal for a line of fire or an unseen attack.
pub fn elbereth_step_weighed(
    r: &mut Recall,
    w: &World,
    path: &str,
    band: (f64, f64),
) -> Option<(Action, String)> {
    elbereth_cycle(r, w, path, band, false, |_, _| false)
}

/// The look, engrave, verify and rest cycle, wherever the caller allows waiting; with
/// `blind_blow`, a blind trust ends with a blow ([`trusted_blind_by`]).
fn elbereth_cycle(
    r: &mut Recall,
    w: &World,
    path: &str,
    (enter, until): (f64, f64),
    blind_blow: bool,
    other_first: impl FnOnce(&Recall, &World) -> bool,
) -> Option<(Action, String)> {
    if !would_help(r, w) {
        return None;
    }
    let hp = w.hp_fraction();
    let msgs = &w.messages;
    let blind_trust = trusted_blind_by(r, w, blind_blow) && w.hp_fell_since_own(path).is_none();
    if look::on_elbereth(msgs) || blind_trust {
        // HP fell while we rested on it: what hurts us does not respect it (a missile, a
        // monster we cannot see). Resting on only lets it go on.
        if w.hp_fell_since_own(path).is_some() {
            return None;
        }
        let how = if blind_trust {
            "resting blind on the Elbereth we wrote"
        } else {
            "resting on a verified Elbereth"
        };
        return (hp < until).then(|| {
            (
                Action::Search { count: 1 },
                format!("{how} (HP {}/{})", w.status.hp, w.status.hp_max),
            )
        });
    }
    if !look::looked_at(r, w) {
        // Low, or in the band where we may already stand on one: look (free) before acting.
        return (hp < until).then(|| {
            (
                look::look_action_at(r, w),
                "reading what is engraved here".to_string(),
            )
        });
    }
    if hp >= enter || other_first(r, w) {
        return None;
    }
    let why = match look::engraving_read(msgs) {
        Some(text) => format!("the engraving here reads {text:?}: engraving Elbereth again"),
        None => format!(
            "HP {}/{} with threats that respect it: engraving Elbereth",
            w.status.hp, w.status.hp_max
        ),
    };
    note_engraving(r, w);
    Some((
        Action::Engrave {
            text: "Elbereth".into(),
            with: None,
        },
        why,
    ))
}

#[cfg(test)]
#[allow(unused_mut, unused_variables)]
pub(crate) mod tests {
    use super::*;
    use nhbot_world::{Monster, Pos};

    pub(crate) fn world(hp: i32, monster: char, color: u8, messages: &[&str]) -> World {
        // Each call is a new game turn (two engravings in one turn mean the first failed).
        static TURN: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(1);
        let mut w = World {
            turn: TURN.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            player: Pos::new(10, 10),
            monsters: vec![Monster {
                pos: Pos::new(11, 10),
                ch: monster,
                color,
                ..Monster::default()
            }],
            messages: messages.iter().map(|s| s.to_string()).collect(),
            ..World::default()
        };
        w.status.hp = hp;
        w.status.hp_max = 16;
        w
    }

    fn action(r: &mut crate::Recall, w: &World) -> Option<Action> {
        elbereth_step(r, w, "root/elbereth", 0.5, 0.9).map(|(a, _)| a)
    }

    #[test]
    fn no_elbereth_written_stunned_or_confused_and_the_look_ahead_counts_the_odds() {
        // Seed 4 of b36: stunned by a booby-trapped door, three Elbereths in a row came out
        // "$Gb1xeth", "jS9preii"... beside a soldier ant.
        let mut r = crate::Recall::default();
        let sound = world(4, 'd', 3, &["You see no objects here."]);
        assert!((spell_odds(&sound) - 0.72).abs() < 0.01);
        assert!(matches!(
            action(&mut r, &sound),
            Some(Action::Engrave { .. })
        ));
        for (c, odds) in [(Condition::Stun, 0.072), (Condition::Conf, 0.21)] {
            let mut unsound = world(4, 'd', 3, &["You see no objects here."]);
            unsound.status.conditions.push(c);
            assert!((spell_odds(&unsound) - odds).abs() < 0.01, "{c:?}");
            assert!(cannot_engrave_here(&crate::Recall::default(), &unsound));
            assert!(!matches!(
                action(&mut crate::Recall::default(), &unsound),
                Some(Action::Engrave { .. })
            ));
        }
        let mut blind = world(4, 'd', 3, &[]);
        blind.status.conditions.push(Condition::Blind);
        assert!((spell_odds(&blind) - 0.34).abs() < 0.01);
        assert!(!cannot_engrave_here(&crate::Recall::default(), &blind));
    }

    #[test]
    fn look_engrave_verify_rest() {
        let mut r = crate::Recall::default();
        let jackal = |msgs: &[&str]| world(4, 'd', 3, msgs);
        assert_eq!(action(&mut r, &jackal(&[])), Some(look::look_action()));
        assert!(matches!(
            action(&mut r, &jackal(&["You see no objects here."])),
            Some(Action::Engrave { .. })
        ));
        assert!(matches!(
            action(&mut r, &jackal(&["You read: \"Elbcreth\"."])),
            Some(Action::Engrave { .. })
        ));
        assert!(matches!(
            action(&mut r, &jackal(&["You read: \"Elbereth\"."])),
            Some(Action::Search { .. })
        ));
    }

    #[test]
    fn a_failed_engraving_is_not_retried_in_the_same_turn() {
        let mut r = crate::Recall::default();
        let w = world(4, 'd', 3, &["You see no objects here."]);
        assert!(matches!(action(&mut r, &w), Some(Action::Engrave { .. })));
        assert_eq!(
            action(&mut r, &w),
            None,
            "same turn: the first attempt did not take"
        );
        let mut polymorphed = world(4, 'd', 3, &["You see no objects here."]);
        polymorphed.status.polymorphed = true;
        assert_eq!(action(&mut r, &polymorphed), None);
    }

    #[test]
    fn useless_against_humans_and_when_healthy() {
        let mut r = crate::Recall::default();
        assert_eq!(
            action(&mut r, &world(4, '@', 15, &[])),
            None,
            "@ ignore Elbereth"
        );
        assert_eq!(action(&mut r, &world(16, 'd', 3, &[])), None, "healthy");
        // In the band: only stays while it is verified.
        assert_eq!(
            action(&mut r, &world(12, 'd', 3, &["You see no objects here."])),
            None
        );
        assert!(matches!(
            action(&mut r, &world(12, 'd', 3, &["You read: \"Elbereth\"."])),
            Some(Action::Search { .. })
        ));
    }

    /// A read-back of Elbereth counts until we move, strike or engrave, or two turns pass.
    #[test]
    fn a_read_back_counts_while_we_stay() {
        let r = crate::Recall::default();
        let mut w = world(4, 'd', 3, &["You read: \"Elbereth\"."]);
        w.history.push(nhbot_world::Said {
            turn: w.turn,
            decision: w.decisions,
            text: "You read: \"Elbereth\".".into(),
        });
        assert!(on_verified_elbereth(&r, &w), "just read");
        let after = |action: Action| {
            let mut later = w.clone();
            later.decisions += 1;
            later.last_decision = Some(nhbot_world::DecisionTaken {
                index: later.decisions,
                action,
                path: "root/x".into(),
                reason: String::new(),
                hp: 4,
                turn: later.turn,
            });
            later
        };
        assert!(on_verified_elbereth(
            &r,
            &after(Action::Search { count: 1 })
        ));
        assert!(!on_verified_elbereth(
            &r,
            &after(Action::Move {
                dir: nhbot_world::Dir::E
            })
        ));
        assert!(!on_verified_elbereth(
            &r,
            &after(Action::Fight {
                dir: nhbot_world::Dir::E
            })
        ));
        let mut stale = after(Action::Search { count: 1 });
        stale.turn += 3;
        assert!(!on_verified_elbereth(&r, &stale), "three turns on");
        let mut misspelled = world(4, 'd', 3, &[]);
        misspelled.history.push(nhbot_world::Said {
            turn: misspelled.turn,
            decision: misspelled.decisions,
            text: "You read: \"Elbcreth\".".into(),
        });
        assert!(!on_verified_elbereth(&r, &misspelled));
    }

    /// Blind, the look cannot read dust: the engraving we wrote here is rested on, not rewritten
    /// every other turn (seed 98), until HP falls.
    #[test]
    fn blind_trusts_its_own_engraving() {
        let mut r = crate::Recall::default();
        let blind = |msgs: &[&str]| {
            let mut w = world(4, 'd', 3, msgs);
            w.status.conditions.push(Condition::Blind);
            w
        };
        let felt = [
            "You try to feel what is lying here on the ground.",
            "You feel no objects here.",
        ];
        assert!(matches!(
            action(&mut r, &blind(&felt)),
            Some(Action::Engrave { .. })
        ));
        assert_eq!(
            action(&mut r, &blind(&[])),
            Some(Action::Search { count: 1 }),
            "no look, no rewrite: rest on it"
        );
        let mut moved = blind(&[]);
        moved.player = Pos::new(9, 10);
        assert_ne!(
            action(&mut r, &moved),
            Some(Action::Search { count: 1 }),
            "another square: nothing written there"
        );
    }

    /// Blind, with `blind_blow`, a blow after we wrote the Elbereth ends the trust in it (a
    /// monster that respects a whole one does not attack): the next step writes it again
    /// instead of resting; a blow from before the engraving, or the rule off, keeps the rest.
    #[test]
    fn blind_trust_ends_with_a_blow_since_the_engraving() {
        let blind_step = |r: &mut crate::Recall, w: &World, blind_blow: bool| {
            elbereth_step_unless(r, w, "root/elbereth", (0.5, 0.9), blind_blow, |_, _| false)
                .map(|(a, _)| a)
        };
        let mut w = world(4, 'd', 3, &[]);
        w.monsters[0].name = Some("jackal".into());
        w.status.conditions.push(Condition::Blind);
        w.decisions = 7;
        w.history.push(nhbot_world::Said {
            turn: w.turn,
            decision: 7,
            text: "The jackal bites!".into(),
        });
        let mut r = crate::Recall::default();
        note_engraving(&mut r, &w);
        w.turn += 1;
        assert_eq!(
            blind_step(&mut r.clone(), &w, true),
            Some(Action::Search { count: 1 }),
            "a blow from before the engraving: rest on it"
        );
        w.decisions = 8;
        w.history.push(nhbot_world::Said {
            turn: w.turn,
            decision: 8,
            text: "The jackal bites!".into(),
        });
        assert_eq!(
            blind_step(&mut r.clone(), &w, false),
            Some(Action::Search { count: 1 }),
            "the rule off: rest on it"
        );
        assert!(struck_since_engraving(&r, &w));
        let after = blind_step(&mut r.clone(), &w, true);
        assert!(
            matches!(
                after,
                Some(Action::Engrave { .. }) | Some(Action::Keys { .. }) | Some(Action::Look)
            ),
            "struck since: read or write it again, not rest: {after:?}"
        );
        assert_ne!(after, Some(Action::Search { count: 1 }));
    }
}
