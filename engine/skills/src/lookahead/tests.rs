use super::*;
use crate::monsters::by_name;

#[test]
fn distributions_sum_to_one() {
    let d = dice_distribution(2, 6);
    assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    assert!((d[7] - 6.0 / 36.0).abs() < 1e-9);
    let r = round_distribution(by_name("soldier ant").unwrap(), 6);
    assert!((r.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    // Speed 18: sometimes two moves, so more than one move's maximum is possible.
    assert!(r.len() > 2 * 4 + 3 * 4 + 1);
}

#[test]
fn healthy_fights_a_jackal() {
    let duel = Duel::against(by_name("jackal").unwrap(), 16, 16, 6, 1, 6.5);
    assert_eq!(duel.best(4).0, Choice::Fight);
    assert_eq!(duel.plain_rule(), Choice::Fight);
}

#[test]
fn nearly_dead_against_a_hard_hitter_does_not_fight() {
    let duel = Duel::against(by_name("soldier ant").unwrap(), 5, 16, 6, 1, 6.5);
    let (choice, value) = duel.best(4);
    assert_ne!(choice, Choice::Fight, "value {value}");
    // Versus something that ignores Elbereth, Elbereth is never chosen.
    let mut human = Duel::against(by_name("soldier ant").unwrap(), 5, 16, 6, 1, 6.5);
    human.respects_elbereth = false;
    assert_ne!(human.best(4).0, Choice::Elbereth);
}

#[test]
fn a_weak_foe_is_finished_even_at_low_hp() {
    // A newt (1d2, speed 6) at 3 HP: the plain rule runs, the look-ahead sees it cannot kill us
    // this turn and fights.
    let duel = Duel::against(by_name("newt").unwrap(), 3, 16, 6, 1, 6.5);
    assert_eq!(duel.best(4).0, Choice::Fight);
    assert_ne!(duel.plain_rule(), Choice::Fight);
}
