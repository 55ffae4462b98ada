//! Sidestepping a slow danger in the real game in wizard mode (-D): the pet left on Dlvl 3
//! (^V), a hostile mumak (speed 9, a 4d12 butt) created next to us (^G). A tree of
//! `sidestep_slow` and a search steps clear of it, and the mumak, which must spend each of its
//! moves following, never strikes (or misses) in the turn of a sidestep: monmove.c lets a
//! monster that moved make no melee attack in that move. When it lags a step behind, the leaf
//! writes Elbereth, and the mumak flees without a blow.
//!
//! SIDESTEP_DEBUG=1 prints each decision.

mod item_scene;

use item_scene::{shown, Scene};
use nhbot_bt::TreeBot;
use nhbot_world::Action;

/// A seed whose Dlvl 3 (after ^V) puts us in a room with space to walk away.
const SEED: u64 = 1;

/// Whether a message is the mumak's melee attack, a hit or a miss.
fn mumak_attacks(m: &str) -> bool {
    m.contains("mumak")
        && ["butts", "bites", "hits", "misses", "kicks"]
            .iter()
            .any(|verb| m.contains(verb))
}

#[test]
fn a_mumak_next_to_us_never_strikes_in_the_turn_of_a_sidestep() {
    let seed = std::env::var("SIDESTEP_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(SEED);
    let mut s = Scene::start("sidestep-mumak", seed);
    s.leave_the_pet(3);
    s.keys("\x07hostile mumak\r");
    assert!(
        s.world().monsters.iter().any(|m| m.ch == 'q'),
        "no mumak\n{}",
        s.screen()
    );
    let tree = s.dir.join("sidestep.yaml");
    std::fs::write(
        &tree,
        "priority:\n  name: sidestep_test\n  children:\n    - sidestep_slow: {depth: 4}\n    - search: 1\n",
    )
    .expect("the tree file");
    let mut bot = TreeBot::load(nhbot_skills::registry(), &tree).expect("the tree loads");
    let mut sidesteps = 0;
    for _ in 0..12 {
        if s.runner.session.ended {
            break;
        }
        let step = s.tree_step(&mut bot);
        if std::env::var_os("SIDESTEP_DEBUG").is_some() {
            eprintln!("{}\n{}", step.line(), s.screen());
        }
        assert!(bot.take_leaf_errors().is_empty(), "leaf errors");
        // The leaf's other steps write Elbereth while the mumak lags two squares behind.
        if step.decision.path.contains("/sidestep_slow")
            && matches!(step.decision.action, Action::Move { .. })
        {
            assert!(
                step.decision.reason.contains("mumak"),
                "{}",
                step.decision.reason
            );
            let moved = step.before.player != s.world().player;
            if moved {
                sidesteps += 1;
                assert!(
                    !step.messages.iter().any(|m| mumak_attacks(m)),
                    "the mumak struck in the turn of a sidestep: {:?}\n{}",
                    step.messages,
                    s.screen()
                );
            }
        }
    }
    // Stepped clear, then Elbereth written while it lagged: it fled, and never struck.
    assert!(
        sidesteps >= 1 && (shown(&s.log, "The mumak turns to flee") || sidesteps >= 3),
        "{sidesteps} sidesteps: {:?}\n{}",
        s.log,
        s.screen()
    );
    assert!(
        !s.log.iter().any(|m| mumak_attacks(m)),
        "the mumak struck: {:?}",
        s.log
    );
}
