//! A monster farlook called peaceful that attacks us (seed 10 of the b25 bench: a djinni
//! angered by a stray dagger hit the hero from HP 68 to death while `explore` searched beside
//! it). Worlds are built the way the agent builds them (`World::observe` on screens and a
//! farlook answer), so the world's blow attribution is exercised too.

use super::*;
use crate::steps::{self, FightRules};
use nhbot_world::{parse_farlook, Action, Dir, Event, Status};

/// One frame of `rows` (the hero is the `@`) at `turn`, Dlvl 2, XL 8, HP `hp` of 72.
fn show(w: &mut World, rows: &[&str], turn: i64, hp: i32, messages: &[&str]) {
    let status = Status {
        dlvl: 2,
        xl: 8,
        ac: 4,
        level_name: "Dlvl:2".into(),
        turn: Some(turn),
        hp,
        hp_max: 72,
        ..Default::default()
    };
    nhbot_world::testing::observe_rows(w, rows, &status, messages);
}

const ROOM: [&str; 3] = ["|.....|", "|..@..|", "|.&...|"];

/// The djinni SW of us, farlook's answer "peaceful djinni"; then at turn 19118 `messages`.
fn djinni_then(messages: &[&str]) -> World {
    let mut w = World::default();
    show(&mut w, &ROOM, 19110, 68, &[]);
    let answer = parse_farlook("&       a major demon (peaceful djinni)").unwrap();
    w.observe(Event::Farlook {
        at: Pos::new(2, 2),
        answer: &answer,
    });
    show(&mut w, &ROOM, 19118, 61, messages);
    w
}

fn rules(struck_hostile: i64) -> FightRules {
    FightRules {
        struck_hostile,
        ..FightRules::default()
    }
}

#[test]
fn a_peaceful_that_hits_us_is_a_threat_when_asked() {
    let w = djinni_then(&["You stop searching.", "The djinni hits!"]);
    assert_eq!(w.monsters[0].peaceful, Some(true), "farlook's word is kept");
    assert_eq!(w.monsters[0].struck_us, Some(19118));
    let r = Recall::default();
    assert!(threats(&r, &w).is_empty(), "off: farlook's word stands");
    let t = threats_by(&r, &w, 50);
    assert_eq!(t.len(), 1);
    assert!(t[0].hostile && t[0].distance == 1);
    assert_eq!(t[0].name, "djinni");
    assert!(t[0].respects_elbereth, "a djinni respects Elbereth");
}

#[test]
fn the_blow_is_forgotten_after_the_turns_asked() {
    let mut w = djinni_then(&["The djinni hits!"]);
    show(&mut w, &ROOM, 19200, 72, &[]);
    assert!(threats_by(&Recall::default(), &w, 50).is_empty());
    assert_eq!(threats_by(&Recall::default(), &w, 100).len(), 1);
}

#[test]
fn a_peaceful_that_did_not_hit_us_stays_peaceful() {
    let w = djinni_then(&["You stop searching.", "The dagger hits it."]);
    assert_eq!(w.monsters[0].struck_us, None);
    assert!(threats_by(&Recall::default(), &w, 50).is_empty());
}

#[test]
fn fight_or_flee_strikes_back_at_the_peaceful_that_hit_us() {
    let w = djinni_then(&["The djinni hits!"]);
    let mut r = Recall::default();
    assert_eq!(steps::fight_or_flee_by(&mut r, &w, 4, rules(0)), None);
    let (action, why) = steps::fight_or_flee_by(&mut r, &w, 4, rules(50)).expect("a blow");
    assert_eq!(action, Action::Move { dir: Dir::SW }, "{why}");
    assert!(why.contains("djinni"), "{why}");
}
