//! Hunting and the pet guard in the real game in wizard mode (-D).
//! - `hunt`: the pet left on Dlvl 2 (^V), a hostile lichen created next to us (^G) and left
//!   behind (it moves at speed 1, so it never comes to a hero searching in place): a tree of
//!   `fight_or_flee`, `hunt` and a search walks back to it and kills it.
//! - `hold_still_by_pet`: a bat corpse eaten (stunned 30 turns) beside our little dog: the
//!   default tree stands still while the dog is next to us (a stunned step into it is a blow).
//!
//! HUNT_DEBUG=1 prints each decision.

mod item_scene;

use item_scene::{repo, shown, Scene};
use nhbot_bt::TreeBot;
use nhbot_world::{Action, Condition, Dir, World};

const SEED: u64 = 11;
/// A seed whose Dlvl 3 (after ^V) puts us in a room with space to walk away.
const HUNT_SEED: u64 = 5;

fn debug(step: &item_scene::Step) {
    if std::env::var_os("HUNT_DEBUG").is_some() {
        eprintln!("{}", step.line());
    }
}

/// Walks away from the lichen, up to `steps` squares: each step to the free floor square
/// beside us farthest from it (the room may be dark, seen a square at a time); the squares
/// walked.
fn walk_away(s: &mut Scene, steps: usize) -> usize {
    let mut walked = 0;
    for _ in 0..steps {
        let w = s.world().clone();
        let lichen = w.monsters.iter().find(|m| m.ch == 'F').map(|m| m.pos);
        let far =
            |p: nhbot_world::Pos| lichen.map_or(0, |l| (p.x - l.x).abs().max((p.y - l.y).abs()));
        let Some(dir) = Dir::COMPASS
            .into_iter()
            .filter(|d| {
                let p = d.step(w.player);
                w.view.get(p).is_some_and(|c| c.ch == '.')
                    && !w.monsters.iter().any(|m| m.pos == p)
                    && far(p) > far(w.player)
            })
            .max_by_key(|d| far(d.step(w.player)))
        else {
            break;
        };
        let from = w.player;
        s.act(Action::Move { dir });
        if s.world().player != from {
            walked += 1;
        }
    }
    walked
}

fn lichen_distance(w: &World) -> Option<i16> {
    w.monsters.iter().find(|m| m.ch == 'F').map(|m| {
        (m.pos.x - w.player.x)
            .abs()
            .max((m.pos.y - w.player.y).abs())
    })
}

#[test]
fn hunt_walks_back_to_a_lichen_and_kills_it() {
    let seed = std::env::var("HUNT_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(HUNT_SEED);
    let mut s = Scene::start("hunt-lichen", seed);
    s.leave_the_pet(3);
    s.keys("\x07hostile lichen\r");
    assert!(
        lichen_distance(s.world()).is_some(),
        "no lichen\n{}",
        s.screen()
    );
    let walked = walk_away(&mut s, 4);
    let far = lichen_distance(s.world()).unwrap_or(0);
    assert!(
        walked >= 3 && far >= 3,
        "walked {walked}, the lichen {far} away\n{}",
        s.screen()
    );

    let tree = s.dir.join("hunt.yaml");
    std::fs::write(
        &tree,
        "priority:\n  name: hunt_test\n  children:\n    - fight_or_flee: {depth: 4}\n    - hunt: {reach: 20, hp: 0.5}\n    - search: 10\n",
    )
    .expect("the tree file");
    let mut bot = TreeBot::load(nhbot_skills::registry(), &tree).expect("the tree loads");
    let mut hunted = 0;
    for _ in 0..40 {
        if s.runner.session.ended || shown(&s.log, "You kill the lichen") {
            break;
        }
        let step = s.tree_step(&mut bot);
        debug(&step);
        assert!(bot.take_leaf_errors().is_empty(), "leaf errors");
        if step.decision.path.contains("/hunt") {
            assert!(
                matches!(step.decision.action, Action::Move { .. }),
                "{} ({})",
                step.decision.action,
                step.decision.reason
            );
            assert!(
                step.decision.reason.contains("lichen"),
                "{}",
                step.decision.reason
            );
            hunted += 1;
        }
    }
    assert!(hunted >= 2, "hunted {hunted} times\n{}", s.screen());
    assert!(
        shown(&s.log, "You kill the lichen"),
        "the lichen lives: {:?}\n{}",
        s.log,
        s.screen()
    );
}

#[test]
fn stunned_beside_our_pet_the_tree_stands_still() {
    let mut s = Scene::start("pet-guard", SEED);
    s.eat_until_stunned();
    let tree = repo().join("trees/main.yaml");
    let mut bot = TreeBot::load(nhbot_skills::registry(), &tree).expect("the tree loads");
    let beside_pet = |w: &World| {
        w.monsters.iter().any(|m| {
            m.tame && (m.pos.x - w.player.x).abs() <= 1 && (m.pos.y - w.player.y).abs() <= 1
        })
    };
    let mut held = 0;
    for _ in 0..30 {
        let w = s.world().clone();
        if s.runner.session.ended || !w.status.conditions.contains(&Condition::Stun) {
            break;
        }
        let step = s.tree_step(&mut bot);
        debug(&step);
        assert!(bot.take_leaf_errors().is_empty(), "leaf errors");
        let foe_beside = w.monsters.iter().any(|m| {
            !m.tame
                && m.peaceful != Some(true)
                && (m.pos.x - w.player.x).abs() <= 1
                && (m.pos.y - w.player.y).abs() <= 1
        });
        if beside_pet(&w) && !foe_beside {
            assert!(
                matches!(step.decision.action, Action::Search { .. })
                    && step.decision.path.contains("/hold_still_by_pet"),
                "stunned beside the pet: {} by {} ({})\n{}",
                step.decision.action,
                step.decision.path,
                step.decision.reason,
                s.screen()
            );
            held += 1;
        }
    }
    assert!(
        held >= 3,
        "held still beside the pet {held} times\n{}",
        s.screen()
    );
    assert!(
        !shown(&s.log, "You kill the poor") && !shown(&s.log, "yelps"),
        "the pet was struck: {:?}",
        s.log
    );
}
