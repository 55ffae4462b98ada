//! The Mines' End phase of trees/plan.yaml on the real game, in wizard mode (-D): the hero
//! (raised by `#levelchange` to XL 12, with HP max 60 or more, so the phase's own condition
//! `mines_end_open: {xl: 10, hp_max: 60}` holds; armour and life saving wished for, the pet left
//! behind) is level-teleported into the Mines (the wizard's level menu, `^V ?`, "minetn") and on
//! to the level above Mines' End (`^V` with a depth stays in the Mines). A plan of the phase as
//! trees/plan.yaml writes it (its text taken from that file), then a phase that only waits,
//! plays from there: the `mines_end` phase is active, goes down the stairs to the Mines' bottom
//! and the world recognises Mines' End without the wizard's `[minend]` (the Mines' ninth
//! level, or a level from their eighth explored without down stairs); the wizard overview's
//! `[minend]` on that level is the game's word that it is. The milestone watch of the results
//! line sees it too. Once Mines' End is explored, the phase takes the hero back up its stairs.
//!
//! NHBOT_TRACE=1 prints every decision.

mod item_scene;

use item_scene::{copy_trees, repo, Scene};
use nhbot_agent::{Brain, Milestone, MilestoneWatch, TreeBrain};
use nhbot_world::{Branch, Special};

const SEED: u64 = 3;
/// Decisions allowed from the arrival above Mines' End to its recognition: finding the down
/// stairs of a Mines level (a few hundred), fights, and exploring the bottom level when the
/// Mines are eight levels deep (its depth alone does not tell it then).
const BUDGET: usize = 4000;
const XL: i32 = 12;

/// trees/plan.yaml's `mines_end` phase, as written there (up to the next phase's comment).
fn plan_phase() -> String {
    let plan = std::fs::read_to_string(repo().join("trees/plan.yaml")).expect("trees/plan.yaml");
    let start = plan
        .find("    - phase:\n        name: mines_end\n")
        .expect("a mines_end phase in trees/plan.yaml");
    let rest = &plan[start..];
    let end = rest[1..].find("\n    #").map_or(rest.len(), |i| i + 2);
    rest[..end].to_string()
}

/// The tree under test, in a copy of the repository's trees: the plan's `mines_end` phase,
/// then a phase that waits.
fn tree(s: &Scene) -> std::path::PathBuf {
    let trees = copy_trees(&s.dir);
    let path = trees.join("mines_end_test.yaml");
    let phase = plan_phase();
    assert!(
        !phase.contains("skip: true"),
        "the phase is played, not skipped:\n{phase}"
    );
    std::fs::write(
        &path,
        format!(
            "plan:\n  name: root\n  phases:\n{phase}    - phase:\n        name: wait\n        \
             goal: wait\n        do: {{search: 1}}\n"
        ),
    )
    .expect("tree written");
    path
}

#[test]
fn the_mines_end_phase_goes_down_to_mines_end_and_recognises_it() {
    let mut s = Scene::start("mines-end", SEED);
    let mail = s.wish("blessed +3 gray dragon scale mail");
    s.keys(&format!("W{mail}"));
    let amulet = s.wish("blessed amulet of life saving");
    s.keys(&format!("P{amulet}"));
    s.keys(&format!("#levelchange\r{XL}\r"));
    assert_eq!(s.world().status.xl, XL, "levelled:\n{}", s.screen());
    assert!(
        s.world().status.hp_max >= 60,
        "the phase's HP max: {}",
        s.world().status.hp_max
    );
    s.step_away_from_the_pet();
    let bottom = s.special_level_depth("minend", false);
    s.special_level_depth("minetn", true);
    s.keys(&format!("\x16{}\r", bottom - 1));
    assert_eq!(s.world().status.dlvl, bottom - 1, "{}", s.screen());

    let mut brain = TreeBrain::load(&tree(&s)).expect("the tree loads");
    let mut watch = MilestoneWatch::default();
    let trace = std::env::var_os("NHBOT_TRACE").is_some();
    let mut log: Vec<String> = Vec::new();
    let mut phases: Vec<String> = Vec::new();
    let on_mines_end = |s: &Scene| {
        s.world()
            .level()
            .is_some_and(|l| l.facts.is(Special::MinesEnd))
    };
    for _ in 0..BUDGET {
        assert!(!s.runner.session.ended, "the game ended:\n{}", s.screen());
        if on_mines_end(&s) {
            break;
        }
        let d = brain.decide(s.world());
        let phase = brain.phase().unwrap_or_default();
        let line = format!(
            "T{} Dlvl {} [{phase}] {} {} | {}",
            s.world().turn,
            s.world().status.dlvl,
            d.action,
            d.path,
            d.reason
        );
        if trace {
            eprintln!("{line}");
        }
        log.push(line);
        if log.len() > 40 {
            log.drain(..log.len() - 40);
        }
        if !phases.contains(&phase) {
            phases.push(phase.clone());
        }
        s.act_quietly(d.action.clone());
        s.runner.session.take_warnings();
        watch.observe(s.world());
    }
    let trail = format!("{}\n{}", log.join("\n"), s.screen());
    assert!(on_mines_end(&s), "Mines' End not recognised:\n{trail}");
    // The hero's level there (a fight on the way may have drained one: seed 3 arrives at 11).
    let xl_there = s.world().status.xl;
    let w = s.world();
    let level = w.level().expect("a level");
    assert_eq!(
        (level.branch, level.depth),
        (Branch::Mines, bottom),
        "{trail}"
    );
    // Down there by the phase (by the stairs, or a hole on the way to them): every decision
    // was the mines_end phase's.
    assert!(
        phases.iter().all(|p| p.starts_with("mines_end:")),
        "{phases:?}"
    );
    // The game's own word (the wizard overview the tree reads on each level): this is minend.
    let mut overview_read = false;
    for _ in 0..5 {
        if level_proto(&s).is_some() {
            overview_read = true;
            break;
        }
        let d = brain.decide(s.world());
        s.act_quietly(d.action);
    }
    assert!(overview_read, "the overview was read here:\n{trail}");
    assert_eq!(level_proto(&s).as_deref(), Some("minend"), "{trail}");
    // The results line's milestone: Mines' End, with the hero's experience level there.
    let reached = watch.reached();
    let end = *reached.get(&Milestone::MinesEnd).expect("the milestone");
    assert!(
        end.xl == xl_there && end.xl >= 10 && end.turn > 0,
        "{end:?}, XL {xl_there} there"
    );
    assert!(reached.contains_key(&Milestone::Mines), "{reached:?}");
    // Explored, the phase takes the hero back up.
    let mut climbed = None;
    for _ in 0..BUDGET {
        assert!(!s.runner.session.ended, "the game ended:\n{}", s.screen());
        if s.world().status.dlvl < bottom {
            break;
        }
        let d = brain.decide(s.world());
        let line = format!(
            "T{} Dlvl {} {} {} | {}",
            s.world().turn,
            s.world().status.dlvl,
            d.action,
            d.path,
            d.reason
        );
        if trace {
            eprintln!("{line}");
        }
        log.push(line);
        if log.len() > 40 {
            log.drain(..log.len() - 40);
        }
        climbed = Some(d.clone());
        s.act_quietly(d.action);
        s.runner.session.take_warnings();
    }
    let trail = format!("{}\n{}", log.join("\n"), s.screen());
    assert!(s.world().mines_end_explored(), "explored:\n{trail}");
    assert!(s.world().status.dlvl < bottom, "back up:\n{trail}");
    let climb = climbed.expect("a climb");
    assert!(
        climb.path.contains("back_up") && climb.action == nhbot_world::Action::Ascend,
        "{} {} | {}",
        climb.action,
        climb.path,
        climb.reason
    );
}

/// The wizard overview's `[proto]` of the level the hero is on.
fn level_proto(s: &Scene) -> Option<String> {
    s.world().level()?.facts.proto.clone()
}
