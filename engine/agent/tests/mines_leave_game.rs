//! Leaving the Gnomish Mines below XL 9 on the real game, in wizard mode (-D), seed 3 (the Mines
//! branch from Dungeons 4; Minetown is their third level, Dlvl 7). The XL 3 hero (armour and life
//! saving wished for, the pet left behind) is level-teleported into the Mines (the wizard's level
//! menu, `^V ?`, "minetn", then `^V` to the level above, which stays in the Mines, mapped with
//! `^F` so that its hole is known): no stairs
//! link the level it lands on to anything, and a level teleport keeps the branch it came from,
//! so the bot's map calls it the Dungeons. The default tree (trees/main.yaml) then plays: its
//! `leave_mines` node reads the game's overview (the level is the Mines), finds each level's up
//! stairs and climbs, never down, until it stands in the Dungeons on the level the Mines branch
//! from, whose branch the game's overview confirms there.
//!
//! NHBOT_TRACE=1 prints every decision.

mod item_scene;

use item_scene::{copy_trees, Scene};
use nhbot_agent::{Brain, TreeBrain};
use nhbot_world::{Action, Branch};

const SEED: u64 = 3;
const XL: i32 = 3;
/// Decisions allowed for the climb: exploring two Mines levels for their up stairs, and fights.
const BUDGET: usize = 3000;

#[test]
fn teleported_into_the_mines_at_xl_3_the_default_tree_climbs_back_to_the_dungeons() {
    let mut s = Scene::start("mines-leave", SEED);
    let mail = s.wish("blessed +3 gray dragon scale mail");
    s.keys(&format!("W{mail}"));
    let amulet = s.wish("blessed amulet of life saving");
    s.keys(&format!("P{amulet}"));
    s.keys(&format!("#levelchange\r{XL}\r"));
    assert_eq!(s.world().status.xl, XL, "levelled:\n{}", s.screen());
    s.step_away_from_the_pet();
    let minetown = s.special_level_depth("minetn", true);
    let start = minetown - 1;
    s.keys(&format!("\x16{start}\r"));
    assert_eq!(s.world().status.dlvl, start, "{}", s.screen());
    // The wizard's map of this level (its traps too: a hole here drops an XL 3 hero to Dlvl 12).
    s.keys("\x06");
    // Mines level 3 is Minetown: the Mines' top is two above, the fork one above that.
    let fork = minetown - 3;
    assert_ne!(
        s.world().level().map(|l| l.branch),
        Some(Branch::Mines),
        "by the teleport alone the bot cannot tell the Mines"
    );

    let trees = copy_trees(&s.dir);
    let mut brain = TreeBrain::load(&trees.join("main.yaml")).expect("the default tree loads");
    let trace = std::env::var_os("NHBOT_TRACE").is_some();
    let mut log: Vec<String> = Vec::new();
    let mut overview_in_mines = false;
    let mut climbs = 0;
    let in_dungeons = |s: &Scene| {
        s.world()
            .level()
            .is_some_and(|l| l.branch == Branch::Doom && l.facts.in_overview)
    };
    for _ in 0..BUDGET {
        assert!(
            !s.runner.session.ended,
            "the game ended:\n{}\n{}",
            log.join("\n"),
            s.screen()
        );
        if in_dungeons(&s) {
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
        let trail = || format!("{}\n{}", log.join("\n"), s.screen());
        assert_ne!(d.action, Action::Descend, "never down:\n{}", trail());
        if d.action == Action::Overview && s.world().status.dlvl >= start - 1 {
            overview_in_mines |= d.path.contains("leave_mines");
        }
        if d.action == Action::Ascend {
            assert!(d.path.contains("leave_mines"), "{}", trail());
            assert!(
                d.reason.contains("leaving the Gnomish Mines"),
                "{}",
                trail()
            );
            climbs += 1;
        }
        s.act_quietly(d.action.clone());
        s.runner.session.take_warnings();
    }
    let trail = format!("{}\n{}", log.join("\n"), s.screen());
    assert!(in_dungeons(&s), "not back in the Dungeons:\n{trail}");
    assert!(overview_in_mines, "the overview told the Mines:\n{trail}");
    let w = s.world();
    assert_eq!(w.status.dlvl, fork, "the fork level:\n{trail}");
    assert_eq!(climbs, start - fork, "one climb per level:\n{trail}");
    assert_eq!(w.dungeon.mines_top(), Some(fork + 1), "{trail}");
    // The levels climbed through are the Mines in the bot's dungeon, linked up to the fork.
    let here = w.dungeon.current.expect("a level");
    let top = w
        .dungeon
        .find(Branch::Mines, fork + 1)
        .expect("the Mines' top");
    let legs = w.dungeon.route(top, here).expect("linked to the fork");
    assert_eq!(legs.len(), 1, "{trail}");
}
