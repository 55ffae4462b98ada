//! Stunned beside a floating eye, in the real game in wizard mode (-D), played by the default
//! tree: the pet left on Dlvl 2 (^V), a bat corpse (^W) eaten (eat.c: stunned 30 turns), a
//! hostile floating eye and a hostile jackal created next to us (^G). A stunned move goes in
//! a random direction (hack.c `confdir`), and a blow at the eye it survives freezes us for up
//! to 127 turns, so while stunned beside it the tree stands still
//! (`hold_still_by_floating_eye`): no move, no blow, never frozen, though the jackal bites
//! (seed 128 of the 200-game bench died so). GAZE_DEBUG=1 prints each decision.

mod item_scene;

use item_scene::{repo, Scene};
use nhbot_bt::TreeBot;
use nhbot_world::{Action, Condition, Pos, World};

const SEED: u64 = 11;

fn eye(w: &World) -> Option<Pos> {
    w.monsters
        .iter()
        .find(|m| m.ch == 'e' && m.color == 4)
        .map(|m| m.pos)
}

fn beside(w: &World, p: Pos) -> bool {
    (p.x - w.player.x).abs() <= 1 && (p.y - w.player.y).abs() <= 1
}

#[test]
fn stunned_beside_a_floating_eye_the_tree_stands_still() {
    let debug = std::env::var_os("GAZE_DEBUG").is_some();
    let mut s = Scene::start("gaze-confused", SEED);
    s.leave_the_pet(2);
    s.eat_until_stunned();
    s.keys("\x07hostile floating eye\r");
    let at = eye(s.world()).unwrap_or_else(|| panic!("no floating eye\n{}", s.screen()));
    assert!(beside(s.world(), at), "the eye beside us\n{}", s.screen());
    s.keys("\x07hostile jackal\r");

    let tree = repo().join("trees/main.yaml");
    let mut bot = TreeBot::load(nhbot_skills::registry(), &tree).expect("the tree loads");
    let mut held = 0;
    for _ in 0..12 {
        let w = s.world();
        let stunned_beside_eye =
            w.status.conditions.contains(&Condition::Stun) && eye(w).is_some_and(|p| beside(w, p));
        if s.runner.session.ended || !stunned_beside_eye {
            break;
        }
        let step = s.tree_step(&mut bot);
        if debug {
            eprintln!("{}", step.line());
        }
        assert!(bot.take_leaf_errors().is_empty(), "script errors");
        assert!(
            matches!(step.decision.action, Action::Search { .. })
                && step.decision.path.contains("/hold_still_by_floating_eye"),
            "stunned beside the eye at {at:?}: {} by {} ({})\n{}",
            step.decision.action,
            step.decision.path,
            step.decision.reason,
            s.screen()
        );
        assert!(
            step.decision.reason.contains("floating eye") && step.decision.reason.contains("Stun"),
            "{}",
            step.decision.reason
        );
        held += 1;
    }
    assert!(held >= 3, "held still {held} times\n{}", s.screen());
    assert!(!s.runner.session.ended, "the game ended: {:?}", s.log);
    assert!(
        !s.log.iter().any(|m| m.contains("frozen")),
        "frozen by the eye: {:?}",
        s.log
    );
}
