use super::*;
use nhbot_world::{Condition, Status};

/// One frame of `rows` (the hero is the `@`) at `turn` with `hp`, hallucinating or not.
fn show(w: &mut World, rows: &[&str], turn: i64, hp: i32, hallu: bool, messages: &[&str]) {
    let status = Status {
        dlvl: 8,
        xl: 7,
        level_name: "Dlvl:8".into(),
        turn: Some(turn),
        hp,
        hp_max: 60,
        ac: 4,
        conditions: if hallu {
            vec![Condition::Hallu]
        } else {
            vec![]
        },
        ..Default::default()
    };
    nhbot_world::testing::observe_rows(w, rows, &status, messages);
}

const NEXT_TO_US: [&str; 3] = ["|.........|", "|...@T....|", "|.........|"];
const TWO_AWAY: [&str; 3] = ["|.........|", "|...@.q...|", "|.........|"];
const BACK: [&str; 3] = ["|.........|", "|...@&....|", "|.........|"];
const ALONE: [&str; 3] = ["|.........|", "|...@.....|", "|.........|"];

fn decide(state: &mut GuardState, w: &World) -> Option<(Action, String)> {
    guard_step(&mut Recall::default(), state, w, 4)
}

#[test]
fn struck_next_to_a_monster_we_cannot_tell_strikes_back() {
    let mut w = World::default();
    let mut state = GuardState::default();
    show(&mut w, &NEXT_TO_US, 6000, 60, true, &[]);
    let (action, why) = decide(&mut state, &w).expect("a monster next to us");
    // Nothing struck yet: a blow first may land on a floating eye or a peaceful.
    assert_eq!(action, Action::Search { count: 1 }, "{why}");
    assert!(
        why.contains("1 monster(s) we cannot tell within 4"),
        "{why}"
    );
    show(&mut w, &BACK, 6001, 44, true, &["The grid bug bites!"]);
    let (action, why) = decide(&mut state, &w).expect("struck");
    assert_eq!(action, Action::Fight { dir: Dir::E }, "{why}");
    assert!(why.contains("struck lately"), "{why}");
}

#[test]
fn hp_lost_with_no_message_counts_as_a_blow() {
    let mut w = World::default();
    let mut state = GuardState::default();
    show(&mut w, &NEXT_TO_US, 6000, 60, true, &[]);
    let _ = decide(&mut state, &w);
    show(&mut w, &BACK, 6001, 51, true, &[]);
    let (action, why) = decide(&mut state, &w).expect("HP fell");
    assert_eq!(action, Action::Fight { dir: Dir::E }, "{why}");
}

#[test]
fn the_foe_is_followed_and_struck_first_when_back() {
    let mut w = World::default();
    let mut state = GuardState::default();
    show(&mut w, &NEXT_TO_US, 6000, 60, true, &[]);
    let _ = decide(&mut state, &w);
    show(&mut w, &BACK, 6001, 44, true, &["The jackal bites!"]);
    assert!(matches!(
        decide(&mut state, &w),
        Some((Action::Fight { .. }, _))
    ));
    // It steps back (drawn as another monster): no blow, wait a turn.
    show(&mut w, &TWO_AWAY, 6003, 44, true, &[]);
    let (action, why) = decide(&mut state, &w).expect("it is near");
    assert_eq!(action, Action::Search { count: 1 }, "{why}");
    // Back next to us without a blow yet: it struck before, so it is struck first.
    show(&mut w, &BACK, 6004, 44, true, &[]);
    let (action, why) = decide(&mut state, &w).expect("the foe is back");
    assert_eq!(action, Action::Fight { dir: Dir::E }, "{why}");
    assert!(why.contains("struck us at turn 6001"), "{why}");
}

#[test]
fn fails_sober_alone_or_when_the_blow_comes_from_afar() {
    let mut w = World::default();
    let mut state = GuardState::default();
    show(&mut w, &NEXT_TO_US, 6000, 60, false, &[]);
    assert_eq!(
        decide(&mut state, &w),
        None,
        "sober: the other leaves tell it"
    );
    show(&mut w, &ALONE, 6001, 60, true, &[]);
    assert_eq!(decide(&mut state, &w), None, "nothing near");
    // Struck by something two squares away (a missile, a breath): not ours to answer.
    show(&mut w, &TWO_AWAY, 6002, 50, true, &["The arrow hits!"]);
    assert_eq!(decide(&mut state, &w), None);
}

#[test]
fn waiting_stops_after_long_hallucination_striking_back_does_not() {
    let mut w = World::default();
    let mut state = GuardState::default();
    show(&mut w, &TWO_AWAY, 6000, 60, true, &[]);
    assert!(decide(&mut state, &w).is_some());
    show(&mut w, &TWO_AWAY, 6000 + WAIT_AT_MOST + 1, 60, true, &[]);
    assert_eq!(
        decide(&mut state, &w),
        None,
        "a long hallucination is lived with"
    );
    show(
        &mut w,
        &BACK,
        6000 + WAIT_AT_MOST + 2,
        50,
        true,
        &["The jackal bites!"],
    );
    assert!(matches!(
        decide(&mut state, &w),
        Some((Action::Fight { .. }, _))
    ));
}

#[test]
fn struck_low_prays_the_hallucination_away_when_the_god_would_answer() {
    let pray = Some(PrayAway {
        below: 0.5,
        max_refusal: 0.1,
    });
    let struck = |hp: i32, last_prayer: Option<i64>, refused: bool| {
        let mut w = World::default();
        let mut state = GuardState::default();
        show(&mut w, &NEXT_TO_US, 6000, 60, true, &[]);
        w.last_prayer_turn = last_prayer;
        if refused {
            w.refused_prayers.push(1000);
        }
        let _ = guard_step_by(&mut Recall::default(), &mut state, &w, 4, pray);
        show(&mut w, &BACK, 6001, hp, true, &["The jackal bites!"]);
        guard_step_by(&mut Recall::default(), &mut state, &w, 4, pray).expect("struck")
    };
    let (action, why) = struck(25, None, false);
    assert_eq!(action, Action::Pray, "{why}");
    assert!(why.contains("garbled"), "{why}");
    // Healthy enough: strike back as before.
    assert_eq!(struck(40, None, false).0, Action::Fight { dir: Dir::E });
    // Prayed 400 turns ago: a minor trouble needs the timeout at 100, most likely too soon.
    assert_eq!(
        struck(25, Some(5600), false).0,
        Action::Fight { dir: Dir::E }
    );
    assert_eq!(struck(25, Some(3000), false).0, Action::Pray);
    // A god that refused us once is not asked again for a minor trouble.
    assert_eq!(struck(25, None, true).0, Action::Fight { dir: Dir::E });
    // Off: never.
    let mut w = World::default();
    let mut state = GuardState::default();
    show(&mut w, &NEXT_TO_US, 6000, 60, true, &[]);
    let _ = decide(&mut state, &w);
    show(&mut w, &BACK, 6001, 10, true, &["The jackal bites!"]);
    assert!(matches!(
        decide(&mut state, &w),
        Some((Action::Fight { .. }, _))
    ));
}
