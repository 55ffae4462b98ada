//! Fights not to pick, on the real game in wizard mode (-D), issue 27: an XL 8 Valkyrie in her
//! starting armour next to a mumak (4d12 butt + 2d6 bite; 9 of the 200-game bench's deaths).
//! The scene is set with `#levelchange`, ^V (level teleport, leaving the pet behind), ^F (map),
//! ^W (an amulet of life saving: the scene's safety net) and ^G (create the monster); then the
//! default tree (trees/main.yaml) decides and the test asserts what it did in the game.

mod wizard;

use nhbot_agent::Runner;
use nhbot_bt::TreeBot;
use nhbot_world::{Action, Decision, Dir, Pos};
use wizard::{keys, screen};

/// A decision of the tree, whether it was a blow at a mumak next to us, and the messages it
/// produced.
struct Step {
    hp: i32,
    decision: Decision,
    struck_mumak: bool,
    messages: Vec<String>,
}

fn summary(steps: &[Step]) -> String {
    steps
        .iter()
        .map(|s| {
            format!(
                "hp {} {:?} {} | {} -> {:?}",
                s.hp, s.decision.action, s.decision.path, s.decision.reason, s.messages
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The square a move or fight in `dir` from `from` goes into.
fn target(action: &Action, from: Pos) -> Option<Pos> {
    match action {
        Action::Move { dir } | Action::Fight { dir } => Some(dir.step(from)),
        _ => None,
    }
}

/// The direction of a square next to us drawn `glyph`, if there is one.
fn adjacent(r: &Runner, glyph: char) -> Option<Dir> {
    let me = r.world.player;
    Dir::COMPASS
        .into_iter()
        .find(|d| r.world.view.get(d.step(me)).is_some_and(|c| c.ch == glyph))
}

/// Runs the default tree for at most `max` decisions (or until the game ends).
fn run_tree(r: &mut Runner, max: usize) -> Vec<Step> {
    let mut bot = TreeBot::load(
        nhbot_skills::registry(),
        &wizard::repo().join("trees/main.yaml"),
    )
    .expect("the default tree loads");
    let mut steps = Vec::new();
    for _ in 0..max {
        if r.session.ended {
            break;
        }
        let before = r.world.clone();
        let decision = bot.decide(&before);
        let struck_mumak = target(&decision.action, before.player)
            .is_some_and(|p| before.view.get(p).is_some_and(|c| c.ch == 'q'));
        r.act(&decision).expect("the decision reaches the game");
        steps.push(Step {
            hp: before.status.hp,
            decision,
            struck_mumak,
            messages: r.world.messages.clone(),
        });
    }
    eprintln!("{}", summary(&steps));
    steps
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
    for _ in 0..10 {
        let here = r.world.feature_here();
        if !matches!(
            here,
            nhbot_world::Feature::StairsUp | nhbot_world::Feature::StairsDown
        ) {
            break;
        }
        keys(&mut r, "s");
    }
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
    let steps = run_tree(&mut r, 160);
    let report = summary(&steps);
    assert!(
        !steps.iter().any(|st| st.struck_mumak),
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
