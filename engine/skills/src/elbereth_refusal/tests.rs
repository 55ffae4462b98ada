use super::*;
use crate::seen::show_saying;
use crate::steps::{fight_or_flee_by, FightRules};
use nhbot_world::{Action, Dir, Pos};

/// A lit room with the hero at (5, 2), a soldier ant next to it (north), and the `others`
/// drawn in; the history holds `said` as (turn, message), and the scene is seen at turn 50.
fn scene(others: &[(char, (usize, usize), &str)], said: &[(i64, &str)]) -> World {
    let mut foes = vec![('a', (5, 1), "soldier ant")];
    foes.extend_from_slice(others);
    let mut rows: Vec<Vec<char>> = [
        "----------------------",
        "|....................|",
        "|....................|",
        "|....................|",
        "----------------------",
    ]
    .iter()
    .map(|r| r.chars().collect())
    .collect();
    rows[2][5] = '@';
    for (ch, (x, y), _) in &foes {
        rows[*y][*x] = *ch;
    }
    let rows: Vec<String> = rows.into_iter().map(String::from_iter).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut w = World::default();
    for (turn, text) in said {
        show_saying(&mut w, &rows, *turn, &[text]);
    }
    show_saying(&mut w, &rows, 50, &[]);
    for (_, (x, y), name) in &foes {
        let at = Pos::new(*x as i16, *y as i16);
        if let Some(m) = w.monsters.iter_mut().find(|m| m.pos == at) {
            m.name = Some(name.to_string());
        }
    }
    (w.status.hp, w.status.hp_max, w.status.ac, w.status.xl) = (33, 64, 6, 6);
    w
}

fn rules(weigh_refused: f64) -> FightRules {
    FightRules {
        weigh_refused,
        ..FightRules::default()
    }
}

/// The ant's blows, as the duel counts them.
fn stopped(w: &World) -> f64 {
    let r = Recall::default();
    let threats = crate::threat::threats(&r, w);
    crate::steps::duel_here(&r, w, &threats)
        .expect("a duel")
        .mean_round()
}

/// Seed 17 of the b25 bench, seeds 81, 121, 162 of b28: a soldier ant next to us and an orc
/// that fired down our row. Its arrows go on, the ant's blows (several times more) stop.
#[test]
fn a_shooter_in_line_weighs_less_than_the_foe_next_to_us() {
    let w = scene(
        &[('o', (11, 2), "hill orc")],
        &[(48, "The hill orc shoots an arrow!")],
    );
    let r = Recall::default();
    let goes_on = unstopped(&r, &w).expect("weighable");
    assert_eq!(goes_on.damage, MISSILE, "{goes_on:?}");
    assert!(stopped(&w) > 2.0 * MISSILE, "{}", stopped(&w));
    assert!(weigh(&r, &w, stopped(&w), 2.0).is_ok());
    assert!(
        weigh(&r, &w, stopped(&w), 50.0).is_err(),
        "a ratio too high"
    );
    // Off, the leaf strikes the ant; on, the Elbereth cycle starts with a look.
    let (action, why) = fight_or_flee_by(&mut Recall::default(), &w, 4, rules(0.0)).expect("acts");
    assert_eq!(action, Action::Move { dir: Dir::N }, "{why}");
    let (action, why) = fight_or_flee_by(&mut Recall::default(), &w, 4, rules(2.0)).expect("acts");
    assert_eq!(action, crate::look::look_action(), "{why}");
    assert!(why.contains("weighed: it stops"), "{why}");
}

/// A blow from something unseen this turn or the last, or two of them: it may stand next to us,
/// and what it is is unknown. The refusal stands.
#[test]
fn a_fresh_or_repeated_unseen_blow_is_not_weighed() {
    let r = Recall::default();
    let fresh = scene(&[], &[(49, "It hits!")]);
    let why = unstopped(&r, &fresh).expect_err("fresh");
    assert!(why.contains("It hits!"), "{why}");
    let (action, why) =
        fight_or_flee_by(&mut Recall::default(), &fresh, 4, rules(2.0)).expect("acts");
    assert_eq!(action, Action::Move { dir: Dir::N }, "{why}");
    assert!(why.contains("Elbereth refused"), "{why}");
    let twice = scene(&[], &[(46, "It bites!"), (47, "It hits!")]);
    assert!(unstopped(&r, &twice).is_err());
}

/// Seeds 35, 54, 62, 155 of the b28 bench: "It misses." a few turns old (a missile's miss
/// without `verbose`), or one stale unseen blow, with a troll or an ant next to us: weak
/// evidence, weighed as one shooter.
#[test]
fn a_stale_unseen_attack_is_weighed_as_one_shooter() {
    let r = Recall::default();
    for said in ["It misses.", "It hits!"] {
        let w = scene(&[], &[(47, said)]);
        let goes_on = unstopped(&r, &w).expect("weighable");
        assert_eq!(goes_on.damage, MISSILE, "{said}: {goes_on:?}");
        assert!(weigh(&r, &w, stopped(&w), 2.0).is_ok(), "{said}");
    }
    // A zap heard nearby: a wand, more than a missile.
    let w = scene(&[], &[(48, "You hear a nearby zap.")]);
    assert_eq!(unstopped(&r, &w).expect("weighable").damage, ZAP);
    // Long ago: nothing goes on.
    let w = scene(&[], &[(30, "It hits!")]);
    assert_eq!(unstopped(&r, &w).expect("weighable").damage, 0.0);
}

/// A breath comes one turn in three: a hell hound pup's 2d6 fire (seed 191 of b28) weighs 7/3.
#[test]
fn breath_weighs_a_third_of_its_dice() {
    let w = scene(&[('d', (9, 2), "hell hound pup")], &[]);
    let r = Recall::default();
    let goes_on = unstopped(&r, &w).expect("weighable");
    assert!((goes_on.damage - 7.0 / 3.0).abs() < 1e-9, "{goes_on:?}");
}

/// Seed 30 of b29: engraved against two foes, one stepped off, and the weighing flipped to a
/// blow that erased the fresh engraving. On our own fresh Elbereth half the ratio holds it.
#[test]
fn our_fresh_elbereth_is_kept_at_half_the_ratio() {
    let w = scene(&[], &[(47, "It misses.")]);
    let stopped = 1.5 * MISSILE;
    let mut r = Recall::default();
    assert!(weigh(&r, &w, stopped, 2.0).is_err(), "not worth engraving");
    r.last_engrave = Some(w.turn - 1);
    r.last_engrave_at = Some(w.player);
    assert!(weigh(&r, &w, stopped, 2.0).is_ok(), "worth keeping");
    r.last_engrave_at = Some(Pos::new(1, 1));
    assert!(weigh(&r, &w, stopped, 2.0).is_err(), "engraved elsewhere");
    r.last_engrave_at = Some(w.player);
    r.last_engrave = Some(w.turn - 10);
    assert!(weigh(&r, &w, stopped, 2.0).is_err(), "long ago");
}
