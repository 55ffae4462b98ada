//! Staying alive while hurt, on the real game in wizard mode (-D), issue 27 (the 200-game
//! bench's commonest death: melee while hurt). Scenes are set with ^V (level teleport, leaving
//! the pet behind), ^F (map), ^W (wish), ^G (create a monster) and plain commands; then the
//! default tree (trees/main.yaml) decides and the tests assert what it did in the game. Every
//! loop is bounded by a decision budget.

mod wizard;

use nhbot_agent::Runner;
use nhbot_world::{Action, Decision, Dir, Pos, Status};
use wizard::{adjacent, drawn, keys, run_tree, screen, summary, Step};

/// Carries out one action as the tree would (the engine answers its prompts).
fn act(r: &mut Runner, action: Action) {
    let d = Decision {
        action,
        path: "scene".into(),
        reason: "setting the scene".into(),
    };
    r.act(&d).expect("the action reaches the game");
}

fn distance(a: Pos, b: Pos) -> i16 {
    (a.x - b.x).abs().max((a.y - b.y).abs())
}

/// Lets `monster` (created next to us with ^G, again whenever none is in view) strike while we
/// search one turn at a time, until `enough` holds of our status. Bounded.
fn hurt_by(r: &mut Runner, monster: &str, glyph: char, enough: impl Fn(&Status) -> bool) {
    for _ in 0..600 {
        if enough(&r.world.status) || r.session.ended {
            break;
        }
        if drawn(r, glyph).is_none() {
            keys(r, &format!("\x07{monster}\r"));
        }
        keys(r, "s");
    }
    assert!(
        enough(&r.world.status),
        "the {monster} did not bring HP down to the scene's:\n{}",
        screen(r)
    );
}

/// Kills whatever drawn `glyph` stands next to us (bounded).
fn clear_adjacent(r: &mut Runner, glyph: char) {
    for _ in 0..60 {
        let Some(dir) = adjacent(r, glyph) else {
            return;
        };
        act(r, Action::Fight { dir });
    }
    panic!("could not kill the `{glyph}` next to us:\n{}", screen(r));
}

/// Searches 10 turns at a time until `done`, fighting whatever hostile stands next to us
/// (bounded).
fn wait_fighting(r: &mut Runner, done: impl Fn(&Runner) -> bool) {
    for _ in 0..200 {
        if done(r) || r.session.ended {
            break;
        }
        let me = r.world.player;
        let foe = Dir::COMPASS.into_iter().find(|d| {
            r.world
                .monsters
                .iter()
                .any(|m| !m.tame && m.peaceful != Some(true) && m.pos == d.step(me))
        });
        match foe {
            Some(dir) => act(r, Action::Fight { dir }),
            None => keys(r, "10s"),
        }
    }
    assert!(done(r), "the wait did not end:\n{}", screen(r));
}

/// A start on Dlvl 2 (mapped) with the pet left on Dlvl 1.
fn alone_on_dlvl_2(name: &str, seed: u64) -> (Runner, std::path::PathBuf) {
    let (mut r, dir) = wizard::start("hurt", name, seed);
    wizard::wait_until_alone(&mut r, |m| m.tame);
    wizard::teleport_and_map(&mut r, 2);
    (r, dir)
}

/// A decision the tree takes once nothing above wants to act: walking on, or idling instead of
/// the rest.
fn walked_on(step: &Step) -> bool {
    [
        "explore",
        "wander",
        "go_down",
        "descend",
        "camp",
        "search_now_and_then",
    ]
    .iter()
    .any(|leaf| step.decision.path.contains(leaf))
}

fn end(r: Runner, dir: std::path::PathBuf) {
    drop(r);
    let _ = std::fs::remove_dir_all(dir);
}

/// Hurt to 60% of max HP with nothing hostile near: the bot rests until 90% before it walks on
/// (the old `rest_when_safe` stopped at 60% and explored on).
#[test]
fn hurt_rests_to_nine_tenths_before_walking_on() {
    let (mut r, dir) = alone_on_dlvl_2("rest", 41);
    hurt_by(&mut r, "jackal", 'd', |s| {
        s.hp * 10 <= s.hp_max * 6 && s.hp > 5
    });
    clear_adjacent(&mut r, 'd');
    let healed = |r: &Runner| r.world.status.hp * 10 >= r.world.status.hp_max * 9;
    let steps = run_tree(&mut r, 150, |r, _| healed(r));
    let report = summary(&steps);
    assert!(
        healed(&r),
        "HP {}/{} after {} decisions:\n{report}",
        r.world.status.hp,
        r.world.status.hp_max,
        steps.len()
    );
    assert!(
        steps
            .iter()
            .any(|s| s.decision.path.contains("rest_until_healed")),
        "{report}"
    );
    assert!(
        !steps.iter().any(walked_on),
        "walked on before 90% HP:\n{report}"
    );
    end(r, dir);
}

/// Hurt, a slow hostile that respects Elbereth (a lichen, speed 1) three squares away: the bot
/// engraves Elbereth, reads it back and rests on it, where it used to walk on (no rest with a
/// hostile within 6, no Elbereth above 40% HP with none within 2).
#[test]
fn hurt_with_a_slow_hostile_in_view_rests_on_elbereth() {
    let (mut r, dir) = alone_on_dlvl_2("elbereth", 43);
    hurt_by(&mut r, "jackal", 'd', |s| {
        s.hp * 10 <= s.hp_max * 6 && s.hp > 5
    });
    clear_adjacent(&mut r, 'd');
    keys(&mut r, "\x07lichen\r");
    let lichen = |r: &Runner| drawn(r, 'F');
    assert!(lichen(&r).is_some(), "no lichen:\n{}", screen(&r));
    // Walk away from it (speed 1 to our 12) until it is 3 squares away.
    for _ in 0..12 {
        let Some(z) = lichen(&r) else { break };
        if distance(z, r.world.player) >= 3 {
            break;
        }
        let me = r.world.player;
        let level = r.world.level().expect("a level").clone();
        let door = |p: Pos| {
            matches!(
                level.feature(p),
                nhbot_world::Feature::Doorway | nhbot_world::Feature::OpenDoor
            )
        };
        let away = Dir::COMPASS
            .into_iter()
            .filter(|d| !d.is_diagonal() || !(door(me) || door(d.step(me))))
            .filter(|d| level.feature(d.step(me)).walkable() && d.step(me) != z)
            .max_by_key(|d| distance(d.step(me), z))
            .expect("a square to step to");
        act(&mut r, Action::Move { dir: away });
    }
    let z = lichen(&r).unwrap_or_else(|| panic!("the lichen is gone:\n{}", screen(&r)));
    let d = distance(z, r.world.player);
    assert!(
        (2..=8).contains(&d),
        "lichen {d} squares away:\n{}",
        screen(&r)
    );
    // The rest on it may be `elbereth_rest`'s (it rests on a verified one up to 90% while a
    // hostile stands within 2) or ours (farther away).
    let rested = |s: &Step| {
        s.decision
            .reason
            .starts_with("resting on a verified Elbereth")
    };
    let steps = run_tree(&mut r, 40, |_, steps| steps.iter().any(rested));
    let report = summary(&steps);
    assert!(
        steps
            .iter()
            .any(|s| matches!(s.decision.action, Action::Engrave { .. })
                && s.decision.path.contains("rest_until_healed")
                && s.decision.reason.contains("lichen")),
        "never engraved to rest:\n{report}"
    );
    assert!(steps.iter().any(rested), "never rested on it:\n{report}");
    assert!(!steps.iter().any(walked_on), "walked on:\n{report}");
    end(r, dir);
}

/// HP 5 or less next to a hill orc some 250 turns after a granted prayer: the 500-turn gap has
/// not passed, but the refusal chance (~40%) is worth it with death at hand. The bot prays.
#[test]
fn nearly_dead_soon_after_a_prayer_prays_anyway() {
    let (mut r, dir) = wizard::start("hurt", "desperate", 45);
    // The scene's safety net: low AC, and a death saved once.
    wizard::armour_and_life_saving(&mut r);
    wizard::wait_until_alone(&mut r, |m| m.tame);
    wizard::teleport_and_map(&mut r, 2);
    wait_fighting(&mut r, |r| r.world.turn >= 310);
    assert!(r.world.turn >= 310, "turn {}", r.world.turn);
    // The first prayer in trouble too (HP 5 or less), as the tree's own would be: granted.
    hurt_by(&mut r, "jackal", 'd', |s| s.hp <= 5 && s.hp > 0);
    act(&mut r, Action::Pray);
    assert!(
        r.world.refused_prayers.is_empty() && r.world.status.hp > 5,
        "the first prayer was not granted: {:?}\n{}",
        r.world.messages,
        screen(&r)
    );
    let prayed_at = r
        .world
        .last_prayer_turn
        .unwrap_or_else(|| panic!("the first prayer was not seen:\n{}", screen(&r)));
    // ~250 turns later: the gap of 500 has not passed.
    wait_fighting(&mut r, |r| r.world.turn >= prayed_at + 250);
    hurt_by(&mut r, "jackal", 'd', |s| s.hp <= 5 && s.hp > 0);
    let since = r.world.turn - prayed_at;
    assert!(
        (200..500).contains(&since),
        "{since} turns since the prayer"
    );
    keys(&mut r, "\x07hill orc\r");
    assert!(
        adjacent(&r, 'o').is_some(),
        "no orc next to us:\n{}",
        screen(&r)
    );
    let steps = run_tree(&mut r, 3, |_, steps| {
        steps.iter().any(|s| s.decision.action == Action::Pray)
    });
    let report = summary(&steps);
    let prayer = steps
        .iter()
        .find(|s| s.decision.action == Action::Pray)
        .unwrap_or_else(|| panic!("did not pray:\n{report}"));
    assert!(
        prayer.decision.path.contains("pray_when_desperate"),
        "{report}"
    );
    assert!(prayer.before.status.hp <= 5, "{report}");
    assert!(
        prayer
            .decision
            .reason
            .contains("refused as too soon with chance"),
        "{report}"
    );
    assert!(
        prayer
            .messages
            .iter()
            .any(|m| m.contains("You begin praying")),
        "{report}"
    );
    assert!(
        r.world.last_prayer_turn > Some(prayed_at),
        "the world saw the second prayer"
    );
    end(r, dir);
}

/// Dlvl 4, mapped, two squares from its up stairs, in +3 gray dragon scale mail with an amulet of
/// life saving (the scene's safety net), the pet left on Dlvl 1.
fn near_the_up_stairs(name: &str, seed: u64) -> (Runner, std::path::PathBuf, Pos) {
    let (mut r, dir) = wizard::start("hurt", name, seed);
    wizard::armour_and_life_saving(&mut r);
    wizard::wait_until_alone(&mut r, |m| m.tame);
    wizard::teleport_and_map(&mut r, 4);
    let stairs = drawn(&r, '<').unwrap_or_else(|| panic!("no `<` mapped:\n{}", screen(&r)));
    for _ in 0..8 {
        if r.world.player == stairs {
            break;
        }
        keys(&mut r, "_<.");
        if let Some(door) = adjacent(&r, '+') {
            keys(&mut r, &format!("o{}", door.key()));
        }
    }
    assert_eq!(r.world.player, stairs, "travel:\n{}", screen(&r));
    // Two steps in a straight line of floor.
    let level = r.world.level().expect("a level").clone();
    let floor = |p: Pos| level.feature(p) == nhbot_world::Feature::Floor;
    let dir2 = Dir::COMPASS
        .into_iter()
        .find(|d| floor(d.step(stairs)) && floor(d.step(d.step(stairs))))
        .unwrap_or_else(|| panic!("no two floor squares beside the stairs:\n{}", screen(&r)));
    act(&mut r, Action::Move { dir: dir2 });
    act(&mut r, Action::Move { dir: dir2 });
    assert_eq!(distance(r.world.player, stairs), 2, "{}", screen(&r));
    (r, dir, stairs)
}

/// Engraves Elbereth in the dust here and reads it back until it reads right (bounded).
fn engrave_elbereth(r: &mut Runner) -> bool {
    for _ in 0..6 {
        act(
            r,
            Action::Engrave {
                text: "Elbereth".into(),
                with: None,
            },
        );
        keys(r, ":");
        if r.world
            .messages
            .iter()
            .any(|m| m.contains("You read: \"Elbereth\"."))
        {
            return true;
        }
    }
    false
}

/// Hurt (below 60% HP) on a verified Elbereth two steps from the up stairs, a soldier ant
/// (speed 18, respects Elbereth) next to us: the bot stays on it, where `flee_upstairs` used to
/// walk off it for the stairs (seed 2 of the bench died so).
#[test]
fn hurt_on_a_verified_elbereth_near_the_stairs_stays() {
    let (mut r, dir, stairs) = near_the_up_stairs("stay", 47);
    let square = r.world.player;
    hurt_by(&mut r, "jackal", 'd', |s| {
        s.hp * 10 < s.hp_max * 6 && s.hp > 5
    });
    clear_adjacent(&mut r, 'd');
    assert_eq!(r.world.player, square, "{}", screen(&r));
    assert!(engrave_elbereth(&mut r), "no Elbereth:\n{}", screen(&r));
    keys(&mut r, "\x07soldier ant\r");
    assert!(
        adjacent(&r, 'a').is_some(),
        "no ant next to us:\n{}",
        screen(&r)
    );
    let steps = run_tree(&mut r, 30, |r, _| r.world.player != square);
    let report = summary(&steps);
    // Whether the latest read-back here, with no blow of ours since, was Elbereth.
    let mut verified = true;
    for s in &steps {
        assert!(
            !(verified && s.decision.path.contains("flee_upstairs")),
            "left a verified Elbereth for the stairs at {stairs:?}:\n{report}"
        );
        if s.decision.path.contains("fight") {
            verified = false;
        }
        if let Some(read) = s.messages.iter().find(|m| m.contains("You read: \"")) {
            verified = read.contains("You read: \"Elbereth\".");
        }
    }
    assert!(
        steps.iter().any(|s| s
            .messages
            .iter()
            .any(|m| m.contains("You read: \"Elbereth\"."))),
        "{report}"
    );
    end(r, dir);
}
