//! Blind and struck, on the real game in wizard mode (-D), with the default tree
//! (trees/main.yaml): the `blind_and_hit` leaf (scripts/blind_and_hit.lua). Scenes are set with
//! ^V (leaving the pet behind), `#levelchange` (HP for the scene to last), ^W (a potion of
//! blindness) and ^G (a monster next to us); every loop is bounded by a decision budget.
//!
//! On the 200-game bench (acad74a) 7 of the 13 deaths to unseen attackers came blind: the tree
//! stepped away from the `I`, the foe followed and struck, the blindness leaf searched, and so
//! on to death (seeds 12, 46, 73, 110, 132, 173, 174; soldier and fire ants among them).

mod item_scene;

use item_scene::{Scene, Step};
use nhbot_bt::TreeBot;
use nhbot_world::{Action, Condition};

fn blind(st: &Step) -> bool {
    st.before.status.conditions.contains(&Condition::Blind)
}

fn summary(steps: &[Step]) -> String {
    steps
        .iter()
        .map(|s| {
            format!(
                "T{} hp {}/{} at {:?} {:?} {} [{}] -> {:?}",
                s.before.turn,
                s.before.status.hp,
                s.before.status.hp_max,
                (s.before.player.x, s.before.player.y),
                s.decision.action,
                s.decision.path,
                s.decision.reason,
                s.messages
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn engraves_elbereth(st: &Step) -> bool {
    matches!(&st.decision.action, Action::Engrave { text, with: None } if text == "Elbereth")
}

/// Blind (a potion) at experience level 8, a soldier ant (speed 18, two attacks, 2d4 + 3d4)
/// strikes from squares we cannot see. The tree, losing, engraves Elbereth where it stands
/// (the `blind_and_hit` leaf), never steps away from the blows while blind (the ant is
/// faster: every step was a free blow on the bench), never strikes from the square it
/// engraved while it holds it (a blow erases the engraving), and lives through the scene.
#[test]
fn blind_and_losing_to_a_soldier_ant_engraves_elbereth_and_stays() {
    let mut s = Scene::start("blind-soldier-ant", 47);
    s.leave_the_pet(2);
    s.keys("#levelchange\r8\r");
    assert_eq!(s.world().status.xl, 8, "{}", s.screen());
    let potion = s.wish("uncursed potion of blindness");
    s.act(Action::Quaff { item: Some(potion) });
    assert!(
        s.world().status.conditions.contains(&Condition::Blind),
        "{}",
        s.screen()
    );
    s.keys("\x07soldier ant\r");
    let tree = item_scene::repo().join("trees/main.yaml");
    let mut bot = TreeBot::load(nhbot_skills::registry(), &tree).expect("the tree loads");
    let mut steps: Vec<Step> = Vec::new();
    for _ in 0..150 {
        if s.runner.session.ended || steps.last().is_some_and(|st| !blind(st)) {
            break;
        }
        steps.push(s.tree_step(&mut bot));
    }
    let report = summary(&steps);
    eprintln!("{report}");
    let first_blow = steps
        .iter()
        .position(|st| nhbot_skills::steps::attacked(&st.messages))
        .unwrap_or_else(|| panic!("the ant never struck:\n{report}"));
    let engraved = steps
        .iter()
        .position(|st| {
            blind(st) && engraves_elbereth(st) && st.decision.path.contains("blind_and_hit")
        })
        .unwrap_or_else(|| panic!("never engraved Elbereth blind:\n{report}"));
    for st in steps[first_blow..].iter().filter(|st| blind(st)) {
        assert!(
            !(matches!(st.decision.action, Action::Move { .. })
                && st.decision.reason.starts_with("retreating")),
            "stepped away blind at turn {}:\n{report}",
            st.before.turn
        );
    }
    let square = steps[engraved].before.player;
    for st in steps[engraved..]
        .iter()
        .take_while(|st| st.decision.path.contains("blind_and_hit"))
    {
        assert_eq!(st.before.player, square, "left the engraving:\n{report}");
        assert!(
            !matches!(
                st.decision.action,
                Action::Fight { .. } | Action::Move { .. }
            ),
            "a blow or a step from our Elbereth:\n{report}"
        );
    }
    assert!(!s.runner.session.ended, "the hero died:\n{report}");
}
