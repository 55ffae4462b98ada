//! Fights not to pick, on the real game in wizard mode (-D), issue 27: an XL 8 Valkyrie in her
//! starting armour next to a mumak (4d12 butt + 2d6 bite; 9 of the 200-game bench's deaths).
//! The scene is set with `#levelchange`, ^V (level teleport, leaving the pet behind), ^F (map),
//! ^W (an amulet of life saving: the scene's safety net) and ^G (create the monster); then the
//! default tree (trees/main.yaml) decides and the test asserts what it did in the game.

mod wizard;

use nhbot_world::{Action, Pos};
use wizard::{adjacent, keys, run_tree, screen, summary, Step};

/// The square a move or fight in `dir` from `from` goes into.
fn target(action: &Action, from: Pos) -> Option<Pos> {
    match action {
        Action::Move { dir } | Action::Fight { dir } => Some(dir.step(from)),
        _ => None,
    }
}

/// Whether the step was a blow at (or a move into) a mumak next to us.
fn struck_mumak(step: &Step) -> bool {
    target(&step.decision.action, step.before.player)
        .is_some_and(|p| step.before.view.get(p).is_some_and(|c| c.ch == 'q'))
}

/// Healthy at XL 8 (HP about 80, AC 6) next to a mumak: over 160 decisions the bot meets it
/// with Elbereth and never strikes it (the healthy fight_or_flee of the bench struck it, from
/// the Elbereth it rested on: seeds 48 and 183 died so).
#[test]
fn a_healthy_xl8_hero_never_strikes_a_mumak() {
    let (mut r, dir) = wizard::start("tactics", "mumak", 21);
    let amulet = wizard::wish(&mut r, "blessed amulet of life saving");
    keys(&mut r, &format!("P{amulet}"));
    keys(&mut r, "#levelchange\r8\r");
    assert_eq!(r.world.status.xl, 8, "level 8:\n{}", screen(&r));
    wizard::wait_until_alone(&mut r, |m| m.tame);
    wizard::teleport_and_map(&mut r, 4);
    // Off the stairs (no engraving there).
    wizard::off_the_stairs(&mut r);
    keys(&mut r, "\x07mumak\r");
    assert!(
        adjacent(&r, 'q').is_some(),
        "no mumak next to us:\n{}",
        screen(&r)
    );
    let s = r.world.status.clone();
    assert!(
        s.hp * 10 >= s.hp_max * 9 && s.ac >= 4,
        "healthy in the starting armour: HP {}/{} AC {}",
        s.hp,
        s.hp_max,
        s.ac
    );
    let steps = run_tree(&mut r, 160, |_, _| false);
    let report = summary(&steps);
    assert!(
        !steps.iter().any(struck_mumak),
        "struck the mumak:\n{report}"
    );
    let engraved = steps
        .iter()
        .filter(|st| matches!(st.decision.action, Action::Engrave { .. }))
        .count();
    assert!(engraved >= 1, "never engraved Elbereth:\n{report}");
    let faded = |m: &String| m.contains("engraving beneath you fades");
    assert!(
        !steps.iter().any(|st| st.messages.iter().any(faded)),
        "a blow erased our Elbereth:\n{report}"
    );
    let _ = r.session.game.hangup(std::time::Duration::from_secs(5));
    let _ = std::fs::remove_dir_all(&dir);
}
