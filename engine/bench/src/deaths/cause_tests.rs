//! The cause classifier: each rule on evidence shaped like the real deaths it was written for.

use super::*;

fn sample(turn: i64, hp: i32) -> HpSample {
    HpSample {
        turn,
        hp,
        hp_max: 40,
        dlvl: 5,
    }
}

fn classify_text(death: &str, helpless: Option<&str>) -> Cause {
    classify(&Evidence {
        death,
        helpless,
        turn: 100,
        hp: &[],
        decisions: &[],
        messages: &[],
    })
    .0
}

#[test]
fn the_death_text_and_while_decide_first() {
    use Cause::*;
    for (death, helpless, cause) in [
        ("died of starvation", Some("helpless"), Starvation),
        (
            "killed by a gnome",
            Some("fainted from lack of food"),
            Starvation,
        ),
        ("poisoned by an orcish arrow", None, Poison),
        ("poisoned by a little dart", None, Poison),
        (
            "killed by a bolt of lightning",
            Some("taking off clothes"),
            WandOrRay,
        ),
        ("killed by a wand", None, WandOrRay),
        ("killed by a blast of fire", None, WandOrRay),
        ("killed by a land mine", None, Trap),
        ("killed by a trapper", None, Melee),
        ("killed by an orcish arrow", None, Ranged),
        ("killed by a dagger", None, Ranged),
        ("killed by a crossbow bolt", None, Ranged),
        ("killed by a gnome king", Some("praying"), Helpless),
        ("killed by a homunculus", Some("sleeping"), Helpless),
        ("choked on a food ration", None, Other),
        ("killed by an invisible dwarf king", None, Unseen),
        // A monster whose name ends like a missile is not one.
        ("killed by a rock piercer", None, Melee),
        ("killed by a jackal", None, Melee),
    ] {
        assert_eq!(classify_text(death, helpless), cause, "{death}");
    }
}

#[test]
fn an_arrow_after_a_trap_message_is_a_trap() {
    let messages = [TurnMessage {
        turn: 99,
        text: "An arrow shoots out at you!".into(),
    }];
    let e = Evidence {
        death: "killed by an arrow",
        helpless: None,
        turn: 100,
        hp: &[],
        decisions: &[],
        messages: &messages,
    };
    assert_eq!(classify(&e).0, Cause::Trap);
    // The same message long before is not this death's.
    let old = [TurnMessage {
        turn: 60,
        ..messages[0].clone()
    }];
    assert_eq!(
        classify(&Evidence {
            messages: &old,
            ..e
        })
        .0,
        Cause::Ranged
    );
}

fn decision(turn: i64, path: &str, reason: &str) -> LoggedDecision {
    LoggedDecision {
        turn,
        hp: None,
        kind: "search".into(),
        action: "search 10".into(),
        elbereth: false,
        path: path.into(),
        reason: reason.into(),
        repeats: 1,
    }
}

#[test]
fn hp_five_turns_before_splits_melee_into_healthy_and_hurt() {
    let healthy = [sample(80, 40), sample(95, 20), sample(99, 4)];
    let hurt = [sample(80, 40), sample(95, 19), sample(99, 4)];
    let (late, stale) = ([sample(97, 40)], [sample(20, 40)]);
    let e = |hp| Evidence {
        death: "killed by a soldier ant",
        helpless: None,
        turn: 100,
        hp,
        decisions: &[],
        messages: &[],
    };
    assert_eq!(classify(&e(&healthy)).0, Cause::MeleeHealthy);
    let (cause, why) = classify(&e(&hurt));
    assert_eq!((cause, why.as_str()), (Cause::MeleeHurt, "HP 19/40 at T95"));
    // Only samples after T95, or older than the window: unknown.
    assert_eq!(classify(&e(&late)).0, Cause::Melee);
    assert_eq!(classify(&e(&stale)).0, Cause::Melee);
}

#[test]
fn hp_falling_while_the_bot_saw_no_hostile_is_an_attacker_not_taken_for_hostile() {
    // Seed 2 of a real bench: a plains centaur taken for peaceful kicked the resting bot.
    let hp = [sample(90, 30), sample(96, 25), sample(98, 11)];
    let decisions = [
        decision(96, "root/rest", "resting at HP 25/40, no hostile within 6"),
        decision(98, "root/rest", "resting at HP 11/40, no hostile within 6"),
    ];
    let messages = [TurnMessage {
        turn: 99,
        text: "The plains centaur hits!".into(),
    }];
    let e = Evidence {
        death: "killed by a plains centaur",
        helpless: None,
        turn: 100,
        hp: &hp,
        decisions: &decisions,
        messages: &messages,
    };
    let (cause, why) = classify(&e);
    assert_eq!(cause, Cause::NotHostile);
    assert!(why.contains("no hostile within 6"), "{why}");
    // Resting with HP steady is no such evidence.
    let steady = [sample(90, 30), sample(96, 30), sample(98, 30)];
    assert_eq!(
        classify(&Evidence { hp: &steady, ..e }).0,
        Cause::MeleeHealthy
    );
    // "It bites!" in the last turns names an attacker the game did not show.
    let it = [TurnMessage {
        turn: 98,
        text: "It bites!".into(),
    }];
    assert_eq!(
        classify(&Evidence {
            hp: &steady,
            messages: &it,
            ..e
        })
        .0,
        Cause::Unseen
    );
    assert!(!unseen_blow("It's a wall."));
    // Not when the game also named the killer at work: it was seen.
    let both = [
        it[0].clone(),
        TurnMessage {
            turn: 99,
            text: "The plains centaur kicks!".into(),
        },
    ];
    assert_eq!(
        classify(&Evidence {
            hp: &steady,
            messages: &both,
            ..e
        })
        .0,
        Cause::MeleeHealthy
    );
    // The bot's own word that an attacker it cannot see is there.
    let feeling = [decision(
        97,
        "root/survive/step_out_of_line#4",
        "feeling for the unseen attacker next to us (\"It misses.\" at turn 97)",
    )];
    assert_eq!(
        classify(&Evidence {
            hp: &steady,
            decisions: &feeling,
            messages: &[],
            ..e
        })
        .0,
        Cause::Unseen
    );
}
