//! fight_or_flee's `healthy_elbereth` and `keep_elbereth` against the bench's soldier ant and
//! mumak deaths.

use super::*;

/// Seeds 54 and 183 of the 200-game bench: the look-ahead chose Elbereth against a soldier
/// ant at 62/64 HP and a mumak at 86/95; healthy, the old rule fought instead, and both
/// died. With `healthy_elbereth` the bot looks, engraves, then stands on the verified
/// engraving; it never strikes. A jackal at full HP is still fought.
#[test]
fn healthy_next_to_a_soldier_ant_or_a_mumak_takes_elbereth() {
    let scene = |name: &str, ch: char, hp: i32, hp_max: i32, xl: i32, msgs: &[&str]| {
        let mut w = crate::elbereth::tests::world(hp, ch, 7, msgs);
        (w.status.hp_max, w.status.xl, w.status.ac, w.status.dlvl) = (hp_max, xl, 6, 7);
        w.monsters[0].name = Some(name.into());
        w
    };
    for (name, ch, hp, hp_max, xl) in [("soldier ant", 'a', 62, 64, 6), ("mumak", 'q', 86, 95, 9)] {
        let w = scene(name, ch, hp, hp_max, xl, &[]);
        let (action, why) =
            fight_or_flee_step(&mut Recall::default(), &w, 4).expect("the old rule fights");
        assert_eq!(action, Action::Move { dir: Dir::E }, "{why}");
        assert!(why.contains(&format!("vs {name}: Fight")), "{why}");
        let mut r = Recall::default();
        let (action, why) = fight_or_flee_with(&mut r, &w, 4, true, false).expect("looks");
        assert_eq!(action, look::look_action(), "{why}");
        assert!(why.contains(&format!("vs {name}: Elbereth")), "{why}");
        let w = scene(name, ch, hp, hp_max, xl, &["You see no objects here."]);
        let (action, why) = fight_or_flee_with(&mut r, &w, 4, true, false).expect("engraves");
        assert!(matches!(action, Action::Engrave { .. }), "{why}");
        let w = scene(name, ch, hp, hp_max, xl, &["You read: \"Elbereth\"."]);
        let (action, why) = fight_or_flee_with(&mut r, &w, 4, true, false).expect("stands");
        assert_eq!(action, Action::Search { count: 1 }, "{why}");
        assert!(why.contains("verified Elbereth"), "{why}");
    }
    let mut jackal = scene("jackal", 'd', 16, 16, 1, &[]);
    jackal.status.dlvl = 1;
    let (action, why) =
        fight_or_flee_with(&mut Recall::default(), &jackal, 4, true, false).expect("fights");
    assert_eq!(action, Action::Move { dir: Dir::E }, "{why}");
}

/// Seeds 48 and 183: resting on a verified Elbereth up to 90% HP, the bot then struck the
/// mumak it held off (no look that turn), which erased the engraving. A read-back a search
/// ago still counts (`keep_read_back`): no blow; once we have moved off it, the mumak is
/// fought.
#[test]
fn no_blow_from_an_elbereth_read_back_a_search_ago() {
    let mut w = crate::elbereth::tests::world(54, 'q', 7, &[]);
    (w.status.hp_max, w.status.xl, w.status.ac, w.status.dlvl) = (59, 6, 6, 7);
    w.monsters[0].name = Some("mumak".into());
    w.history.push(nhbot_world::Said {
        turn: w.turn,
        decision: w.decisions,
        text: "You read: \"Elbereth\".".into(),
    });
    let after = |action: Action| {
        let mut later = w.clone();
        later.decisions += 1;
        later.last_decision = Some(nhbot_world::DecisionTaken {
            index: later.decisions,
            action,
            path: "root/elbereth_rest".into(),
            reason: String::new(),
            hp: 54,
            turn: later.turn,
        });
        later
    };
    let rested = after(Action::Search { count: 1 });
    assert_eq!(
        fight_step_with(&mut Recall::default(), &rested, true, false),
        None
    );
    let (action, _) = fight_step(&mut Recall::default(), &rested).expect("the old guard strikes");
    assert_eq!(action, Action::Move { dir: Dir::E });
    let moved = after(Action::Move { dir: Dir::W });
    let (action, why) =
        fight_step_with(&mut Recall::default(), &moved, true, false).expect("strikes");
    assert_eq!(action, Action::Move { dir: Dir::E }, "{why}");
    assert!(why.contains("mumak"), "{why}");
}

/// Elbereth chosen but unusable (something unseen struck us this turn): the old rule always
/// struck (seed 38 of the 200-game bench: 56 such blows at a value below 0.6 were followed by
/// death within 30 turns 35 times). With `second_choice` the look-ahead's best without
/// Elbereth is taken: against a giant beetle (speed 6) at HP 16/50 that is to flee (0.73 vs a
/// losing fight); against a jaguar (speed 15) it is still the fight, and an Elbereth that can
/// be used is still taken (look first).
#[test]
fn an_unusable_elbereth_takes_the_look_aheads_next_best() {
    let scene = |name: &str, hp: i32, unseen_blow: bool| {
        let mut w = crate::seen::world(&["-------", "|.....|", "|..@a.|", "|.....|", "-------"]);
        (
            w.status.hp,
            w.status.hp_max,
            w.status.xl,
            w.status.ac,
            w.status.dlvl,
        ) = (hp, 50, 6, 1, 6);
        w.monsters[0].name = Some(name.into());
        if unseen_blow {
            w.history.push(nhbot_world::Said {
                turn: w.turn,
                decision: w.decisions,
                text: "It hits!".into(),
            });
        }
        w
    };
    let rules = |second_choice: bool| FightRules {
        second_choice,
        ..FightRules::default()
    };
    let fight = |w: &World, second_choice: bool| {
        fight_or_flee_by(&mut Recall::default(), w, 4, rules(second_choice)).expect("acts")
    };
    let beetle = scene("giant beetle", 16, true);
    let (action, why) = fight(&beetle, false);
    assert_eq!(action, Action::Move { dir: Dir::E }, "{why}");
    assert!(why.contains("vs giant beetle: Elbereth"), "{why}");
    let (action, why) = fight(&beetle, true);
    assert!(
        matches!(
            action,
            Action::Move {
                dir: Dir::W | Dir::NW | Dir::SW
            }
        ),
        "{action:?}: {why}"
    );
    assert!(why.contains("Elbereth cannot be used here"), "{why}");
    let (action, why) = fight(&scene("jaguar", 13, true), true);
    assert_eq!(action, Action::Move { dir: Dir::E }, "{why}");
    assert!(why.contains("vs jaguar: Elbereth"), "{why}");
    let (action, why) = fight(&scene("giant beetle", 16, false), true);
    assert_eq!(action, look::look_action(), "{why}");
}

/// Seed 40 of the 200-game bench: XL 6, AC -1, HP 59/63, a soldier ant next to us; the
/// look-ahead fought ("Fight, 0.87") and the ant killed us in two turns. With `held_off` 0.9
/// (survive.yaml's) the node starts the Elbereth cycle (a look first) and names Elbereth in
/// its reason; at the default it still strikes. A hill orc at the same HP is fought either way.
#[test]
fn held_off_at_0_9_meets_a_soldier_ant_with_elbereth_at_healthy_hp() {
    let scene = |name: &str, ch: char| {
        let mut w = crate::elbereth::tests::world(59, ch, 7, &[]);
        (w.status.hp_max, w.status.xl, w.status.ac, w.status.dlvl) = (63, 6, -1, 7);
        w.monsters[0].name = Some(name.into());
        w
    };
    let rules = |held_off: f64| FightRules {
        healthy_elbereth: true,
        keep_elbereth: true,
        held_off,
        ..FightRules::default()
    };
    let decide = |w: &World, held_off: f64| {
        fight_or_flee_by(&mut Recall::default(), w, 4, rules(held_off)).expect("acts")
    };
    let ant = scene("soldier ant", 'a');
    let (action, why) = decide(&ant, FightRules::default().held_off);
    assert_eq!(action, Action::Move { dir: Dir::E }, "{why}");
    assert!(why.contains("vs soldier ant: Fight"), "{why}");
    let (action, why) = decide(&ant, 0.9);
    assert_eq!(action, look::look_action(), "{why}");
    assert!(why.contains("vs soldier ant: Elbereth"), "{why}");
    let orc = scene("hill orc", 'o');
    let (action, why) = decide(&orc, 0.9);
    assert_eq!(action, Action::Move { dir: Dir::E }, "{why}");
    assert!(why.contains("vs hill orc: Fight"), "{why}");
}

/// The reason names the duel's foe, the worst hostile next to us, not the worst in sight: a
/// sewer rat next to us with a soldier ant three squares off is "vs sewer rat".
#[test]
fn the_reason_names_the_foe_next_to_us() {
    let mut w = crate::seen::world(&[
        "---------",
        "|.......|",
        "|a..@r..|",
        "|.......|",
        "---------",
    ]);
    (
        w.status.hp,
        w.status.hp_max,
        w.status.xl,
        w.status.ac,
        w.status.dlvl,
    ) = (50, 54, 6, 2, 6);
    for m in &mut w.monsters {
        m.name = Some(
            if m.ch == 'a' {
                "soldier ant"
            } else {
                "sewer rat"
            }
            .into(),
        );
    }
    let threats = threat::threats(&Recall::default(), &w);
    assert_eq!(
        threats.first().map(|t| t.name.as_str()),
        Some("soldier ant")
    );
    let (action, why) =
        fight_or_flee_by(&mut Recall::default(), &w, 4, FightRules::default()).expect("fights");
    assert_eq!(action, Action::Move { dir: Dir::E }, "{why}");
    assert!(why.contains("[look-ahead vs sewer rat: Fight"), "{why}");
}

/// Blind without telepathy, `blind_stays` keeps the hero where it is: the giant beetle scene
/// above, where `second_choice` flees (the beetle is slow), strikes instead; the same scene
/// seen, or blind without the rule, still flees.
#[test]
fn blind_stays_turns_a_flight_into_a_blow() {
    let mut w = giant_beetle_scene(&["It hits!"]);
    let rules = |blind_stays: bool| FightRules {
        second_choice: true,
        blind_stays,
        ..FightRules::default()
    };
    let decide = |w: &World, blind_stays: bool| {
        fight_or_flee_by(&mut Recall::default(), w, 4, rules(blind_stays)).expect("acts")
    };
    let (action, why) = decide(&w, true);
    assert!(flees_west(&action), "seeing, it flees: {action:?}: {why}");
    w.status.conditions.push(nhbot_world::Condition::Blind);
    let (action, why) = decide(&w, false);
    assert!(
        flees_west(&action),
        "without the rule, blind, it flees: {action:?}: {why}"
    );
    let (action, why) = decide(&w, true);
    assert_eq!(
        action,
        Action::Move { dir: Dir::E },
        "blind, it strikes: {why}"
    );
}

/// `retreat_if_losing` steps away from a slow gnome zombie at HP 3/37 (a werejackal in human
/// form next to us too, so Elbereth cannot help); blind without telepathy, with `blind_stays`
/// it does not (the zombie would follow us, struck at, into the dark we cannot see).
#[test]
fn blind_stays_keeps_retreat_if_losing_in_place() {
    let mut w = crate::seen::world(&["-------", "|..@..|", "|..@d.|", "|.....|", "-------"]);
    (w.status.hp, w.status.hp_max, w.status.xl, w.status.ac) = (3, 37, 3, 6);
    for m in &mut w.monsters {
        let what = if m.ch == '@' {
            "werejackal"
        } else {
            "gnome zombie"
        };
        m.name = Some(what.into());
    }
    let r = Recall::default();
    assert!(
        retreat_if_losing_by(&r, &w, 2.0, false, true).is_some(),
        "seeing, it steps away"
    );
    w.status.conditions.push(nhbot_world::Condition::Blind);
    assert!(
        retreat_if_losing_by(&r, &w, 2.0, false, false).is_some(),
        "blind without the rule, it steps away"
    );
    assert_eq!(retreat_if_losing_by(&r, &w, 2.0, false, true), None);
}

/// In an open door with a gecko diagonally inside the room: the game lets us strike it
/// (hack.c `domove` attacks before `test_move` refuses the diagonal step), so `door_blows`
/// fights it there; the old rule never strikes diagonally out of a door.
#[test]
fn door_blows_strike_diagonally_out_of_an_open_door() {
    let rows = ["---|---", "|.....|", "|.....|", "-------"];
    let w = crate::seen::in_an_open_door(&rows, 900, 20, 3, nhbot_world::Pos::new(2, 1));
    let rules = |door_blows| FightRules {
        door_blows,
        ..FightRules::default()
    };
    let (action, why) =
        fight_or_flee_by(&mut Recall::default(), &w, 4, rules(true)).expect("strikes");
    assert_eq!(action, Action::Move { dir: Dir::SW }, "{why}");
    let old = fight_or_flee_by(&mut Recall::default(), &w, 4, rules(false));
    assert!(
        !old.as_ref()
            .is_some_and(|(a, _)| *a == Action::Move { dir: Dir::SW }),
        "{old:?}"
    );
    assert_eq!(
        fight_step_with(&mut Recall::default(), &w, false, false),
        None
    );
}

/// The gecko of `door_blows_strike_diagonally_out_of_an_open_door` struck us this turn: it is
/// struck back diagonally out of the door whatever `door_blows` says (seed 277 of b36 stood
/// 47,000 turns under a lichen's touches from a doorway, to starvation).
#[test]
fn a_foe_striking_us_through_a_door_is_struck_back() {
    let rows = ["---|---", "|.....|", "|.....|", "-------"];
    let mut w = crate::seen::in_an_open_door(&rows, 900, 20, 3, nhbot_world::Pos::new(2, 1));
    assert_eq!(
        fight_step_with(&mut Recall::default(), &w, false, false),
        None,
        "not struck: no blow through the door"
    );
    let turn = w.turn;
    w.monsters[0].struck_us = Some(turn);
    let (action, why) =
        fight_step_with(&mut Recall::default(), &w, false, false).expect("strikes back");
    assert_eq!(action, Action::Move { dir: Dir::SW }, "{why}");
    w.turn += 5;
    assert_eq!(
        fight_step_with(&mut Recall::default(), &w, false, false),
        None,
        "a blow 5 turns ago is no reason"
    );
}

/// Held by what strikes us (`held_stays`), no flight: the giant beetle scene of
/// `blind_stays_turns_a_flight_into_a_blow`, seen, flees with `second_choice`; held ("You
/// cannot escape from the giant beetle!"), it strikes instead of stepping away.
#[test]
fn held_stays_never_steps_away() {
    // Blows from something unseen refuse the look-ahead's Elbereth: its next best is Flee.
    let w = giant_beetle_scene(&["You cannot escape from the giant beetle!", "It hits!"]);
    assert!(w.held());
    let rules = |held_stays: bool| FightRules {
        second_choice: true,
        held_stays,
        ..FightRules::default()
    };
    let decide = |w: &World, held_stays: bool| {
        fight_or_flee_by(&mut Recall::default(), w, 4, rules(held_stays)).expect("acts")
    };
    let (action, why) = decide(&w, false);
    assert!(
        flees_west(&action),
        "without the rule it flees: {action:?}: {why}"
    );
    let (action, why) = decide(&w, true);
    assert!(
        !flees_west(&action),
        "held, no step away: {action:?}: {why}"
    );
}

/// Seed 10 of the b28 bench: a water nymph asleep next to us; the blow woke her and she stole
/// the long sword, the armour and the shield. With `spare_thieves` no blow while she has not
/// struck; once she has (within 5 turns), she is fought as before.
#[test]
fn spare_thieves_strikes_no_quiet_nymph() {
    let mut w = crate::elbereth::tests::world(53, 'n', 4, &[]);
    (w.status.hp_max, w.status.xl, w.status.ac, w.status.dlvl) = (53, 5, 4, 6);
    w.monsters[0].name = Some("water nymph".into());
    let rules = |spare_thieves: bool| FightRules {
        spare_thieves,
        ..FightRules::default()
    };
    let (action, why) =
        fight_or_flee_by(&mut Recall::default(), &w, 4, rules(false)).expect("the old rule fights");
    assert_eq!(action, Action::Move { dir: Dir::E }, "{why}");
    assert_eq!(
        fight_or_flee_by(&mut Recall::default(), &w, 4, rules(true)),
        None
    );
    w.monsters[0].struck_us = Some(w.turn - 1);
    let (action, why) =
        fight_or_flee_by(&mut Recall::default(), &w, 4, rules(true)).expect("she struck: fight");
    assert_eq!(action, Action::Move { dir: Dir::E }, "{why}");
}

/// A nymph next to us that has stood on her square 3 turns in view is asleep: with
/// `spare_still_thieves: 2` no blow wakes her. One that has just stepped up to us is struck
/// first, and so is one that has struck us.
#[test]
fn spare_still_thieves_lets_a_sleeping_nymph_be_and_strikes_one_that_walks_up() {
    let mut w = crate::elbereth::tests::world(53, 'n', 4, &[]);
    (w.status.hp_max, w.status.xl, w.status.ac, w.status.dlvl) = (53, 5, 4, 6);
    w.monsters[0].name = Some("water nymph".into());
    w.monsters[0].first_seen = w.turn - 3;
    w.monsters[0].still_since = w.turn - 3;
    let rules = |turns: i64| FightRules {
        spare_still_thieves: turns,
        ..FightRules::default()
    };
    let strikes = |w: &World, turns: i64| {
        fight_or_flee_by(&mut Recall::default(), w, 4, rules(turns))
            .is_some_and(|(action, _)| action == Action::Move { dir: Dir::E })
    };
    assert!(strikes(&w, 0), "off: the old rule strikes");
    assert!(!strikes(&w, 2), "still 3 turns: asleep, let be");
    w.monsters[0].still_since = w.turn;
    assert!(
        strikes(&w, 2),
        "she just stepped up to us: awake, struck first"
    );
    w.monsters[0].still_since = w.turn - 3;
    w.monsters[0].struck_us = Some(w.turn - 1);
    assert!(strikes(&w, 2), "she struck: fought as before");
}

/// On a verified Elbereth a nymph next to us is let be with `spare_thieves_on_elbereth`
/// (scared, she does not touch us; a blow would wipe the engraving); off it, she is struck.
#[test]
fn spare_thieves_on_elbereth_strikes_no_nymph_from_the_engraving() {
    let mut w = crate::elbereth::tests::world(53, 'n', 4, &[]);
    (w.status.hp_max, w.status.xl, w.status.ac, w.status.dlvl) = (53, 5, 4, 6);
    w.monsters[0].name = Some("mountain nymph".into());
    let rules = FightRules {
        spare_thieves_on_elbereth: true,
        ..FightRules::default()
    };
    let decide = |w: &World| fight_or_flee_by(&mut Recall::default(), w, 4, rules);
    let (action, why) = decide(&w).expect("no engraving here: fight");
    assert_eq!(action, Action::Move { dir: Dir::E }, "{why}");
    w.history.push(nhbot_world::Said {
        turn: w.turn,
        decision: w.decisions,
        text: "You read: \"Elbereth\".".into(),
    });
    assert!(w.elbereth_read_here(), "the read-back stands");
    assert_eq!(decide(&w), None, "on the Elbereth: no blow");
}

/// `rows` on Dlvl 6 with our (HP, max HP, XL, AC) and a giant beetle (the only monster).
fn beetle_world(rows: &[&str], (hp, hp_max, xl, ac): (i32, i32, i32, i32)) -> World {
    let mut w = crate::seen::world(rows);
    (
        w.status.hp,
        w.status.hp_max,
        w.status.xl,
        w.status.ac,
        w.status.dlvl,
    ) = (hp, hp_max, xl, ac, 6);
    w.monsters[0].name = Some("giant beetle".into());
    w
}

/// The hero at HP 16/50, XL 6, AC 1 on Dlvl 6 with a giant beetle to the E, `said` this turn.
fn giant_beetle_scene(said: &[&str]) -> World {
    let rows = ["-------", "|.....|", "|..@a.|", "|.....|", "-------"];
    let mut w = beetle_world(&rows, (16, 50, 6, 1));
    for text in said {
        w.history.push(nhbot_world::Said {
            turn: w.turn,
            decision: w.decisions,
            text: (*text).into(),
        });
    }
    w
}

/// A step away from the beetle (to the W side).
fn flees_west(a: &Action) -> bool {
    matches!(
        a,
        Action::Move {
            dir: Dir::W | Dir::NW | Dir::SW
        }
    )
}

/// Cornered: a giant beetle at HP 10/80 in a dead end (a wall on three sides), where the
/// look-ahead's choice is to flee from the slow beetle and no step away exists. The old rule
/// strikes; `cornered_elbereth` weighs again with no escape and looks to engrave.
#[test]
fn cornered_elbereth_engraves_where_no_step_away_exists() {
    let w = beetle_world(&["-----", "|@a.|", "-----"], (10, 80, 8, 3));
    let rules = |cornered_elbereth| FightRules {
        cornered_elbereth,
        ..FightRules::default()
    };
    let (action, why) =
        fight_or_flee_by(&mut Recall::default(), &w, 4, rules(false)).expect("strikes");
    assert!(why.contains("vs giant beetle: Flee"), "{why}");
    assert_eq!(action, Action::Move { dir: Dir::E }, "{why}");
    let (action, why) =
        fight_or_flee_by(&mut Recall::default(), &w, 4, rules(true)).expect("looks");
    assert_eq!(action, look::look_action(), "{why}");
    assert!(why.contains("no step away: Elbereth next best"), "{why}");
}

/// Seeds 16, 56 and 68 of b48-clear: a soldier ant next to us at 70/85 HP, two more coming at
/// speed 18. Weighed against the one next to us the look-ahead fights; with `arriving: 2` the
/// two on the move count, and it takes Elbereth (a look first). Ants that stood still for turns
/// (asleep) do not count.
#[test]
fn fast_foes_on_the_move_count_in_the_duel_with_arriving() {
    let rows = [
        "-----------",
        "|.........|",
        "|..@aa....|",
        "|.....a...|",
        "-----------",
    ];
    // The ants two squares off stood still since turn 1; the one next to us just came.
    let scene = |turn: i64| {
        let mut w = crate::seen::world(&rows);
        (
            w.status.hp,
            w.status.hp_max,
            w.status.xl,
            w.status.ac,
            w.status.dlvl,
        ) = (70, 85, 7, 3, 6);
        w.turn = turn;
        for m in w.monsters.iter_mut() {
            m.name = Some("soldier ant".into());
            if m.pos == nhbot_world::Pos::new(4, 2) {
                m.still_since = turn;
            }
        }
        w
    };
    let rules = |arriving| FightRules {
        arriving,
        ..FightRules::default()
    };
    let moving = scene(1);
    assert_eq!(moving.monsters.len(), 3);
    let (action, why) =
        fight_or_flee_by(&mut Recall::default(), &moving, 4, rules(0)).expect("fights");
    assert!(why.contains("vs soldier ant: Fight"), "{why}");
    assert_eq!(action, Action::Move { dir: Dir::E }, "{why}");
    let (action, why) =
        fight_or_flee_by(&mut Recall::default(), &moving, 4, rules(2)).expect("looks");
    assert!(why.contains("vs soldier ant: Elbereth"), "{why}");
    assert_eq!(action, look::look_action(), "{why}");
    let asleep = scene(100);
    let (_, why) = fight_or_flee_by(&mut Recall::default(), &asleep, 4, rules(2)).expect("fights");
    assert!(why.contains("vs soldier ant: Fight"), "{why}");
}
