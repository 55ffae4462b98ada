//! Sent into the Gnomish Mines by being stuck on their fork, hurt there below XL 8: the default
//! tree climbs back to the fork to heal instead of resting in the Mines (seeds 146 and 84 of the
//! 200-game bench rested there at XL 5 and died to hill orcs and a rope golem). Real game, wizard
//! mode (-D), seed 3 (the Mines branch from Dungeons 4; their top is Dlvl 5): the XL 5 hero
//! (mithril, no magic resistance, life saving) is level-teleported to the fork and searches there,
//! on a scroll of scare monster, 3,000 turns seeing no down stairs but (none of) the Mines', so `mines_when_stuck_after` sends
//! it in; then level-teleported to the Mines' top (by Minetown, `^V ?`) and hurt to below 70% HP by its own wand of
//! striking. The default tree (trees/main.yaml) then plays while hurt: what it does in the Mines besides
//! upkeep (fights, food) is the way up, never a rest, until it stands on the fork or has healed.
//!
//! NHBOT_TRACE=1 prints every decision.

mod item_scene;

use item_scene::{copy_trees, Scene};
use nhbot_agent::{Brain, TreeBrain};
use nhbot_skills::mines::mines_forced_by_stuck;
use nhbot_world::{Action, Branch, Hunger};

const SEED: u64 = 3;
const XL: i32 = 5;
const FORK: i32 = 4;
/// The default tree's `mines_when_stuck_after`.
const STUCK_AFTER: i64 = 3000;
/// Decisions allowed: the walk to the Mines' up stairs, and fights.
const BUDGET: usize = 600;

/// Zaps the wand at ourselves until HP is below 70% of max, quaffing healing below 45% (so that
/// the survival nodes, Elbereth below 40% and prayer, are not what acts).
fn hurt_to_between(s: &mut Scene, wand: char, healing: char) {
    for _ in 0..20 {
        let f = s.world().hp_fraction();
        if (0.45..0.68).contains(&f) {
            return;
        }
        if f < 0.45 {
            s.keys(&format!("q{healing}"));
        } else {
            s.keys(&format!("z{wand}."));
        }
    }
    panic!("HP not brought to 45-68%:\n{}", s.screen());
}

#[test]
fn stuck_into_the_mines_and_hurt_the_default_tree_climbs_out_instead_of_resting_there() {
    let mut s = Scene::start("mines-hurt", SEED);
    let mail = s.wish("blessed +3 dwarvish mithril-coat");
    s.keys(&format!("W{mail}"));
    let amulet = s.wish("blessed amulet of life saving");
    s.keys(&format!("P{amulet}"));
    let wand = s.wish("wand of striking");
    let healing = s.wish("7 uncursed potions of healing");
    // Underfoot while waiting on the fork: what comes by (hill orcs) does not melee us.
    let scroll = s.wish("uncursed scroll of scare monster");
    let ration = s.wish("4 uncursed food rations");
    s.keys(&format!("#levelchange\r{XL}\r"));
    assert_eq!(s.world().status.xl, XL, "levelled:\n{}", s.screen());
    s.step_away_from_the_pet();
    s.keys(&format!("\x16{FORK}\r"));
    assert_eq!(s.world().status.dlvl, FORK, "{}", s.screen());
    s.keys(&format!("d{scroll}"));
    for _ in 0..200 {
        let spent = s.world().level().map_or(0, |l| l.stats.turns_spent);
        if spent >= STUCK_AFTER {
            break;
        }
        s.keys("50s");
        // Fed: fainting would bring prayer, not the Mines, into the scene.
        if s.world().status.hunger >= Hunger::Hungry {
            s.keys(&format!("e{ration}"));
        }
    }
    let spent = s.world().level().map_or(0, |l| l.stats.turns_spent);
    assert!(spent >= STUCK_AFTER, "{spent} turns on the fork");
    // Into the Mines by the wizard's level menu (Minetown), then up to their top: a level
    // teleport keeps the branch it starts from.
    s.special_level_depth("minetn", true);
    s.keys(&format!("\x16{}\r", FORK + 1));
    assert_eq!(s.world().status.dlvl, FORK + 1, "{}", s.screen());
    hurt_to_between(&mut s, wand, healing);

    let trees = copy_trees(&s.dir);
    let mut brain = TreeBrain::load(&trees.join("main.yaml")).expect("the default tree loads");
    let trace = std::env::var_os("NHBOT_TRACE").is_some();
    let mut log: Vec<String> = Vec::new();
    let mut forced_seen = false;
    let mut healing_climbs = 0;
    for _ in 0..BUDGET {
        assert!(
            !s.runner.session.ended,
            "the game ended:\n{}",
            log.join("\n")
        );
        let w = s.world();
        let in_mines = w.level().is_some_and(|l| l.branch == Branch::Mines);
        // On the fork, or healed on the way (regeneration, a level gained in a fight).
        if (w.status.dlvl == FORK && !in_mines) || w.hp_fraction() >= 0.7 {
            break;
        }
        forced_seen |= in_mines && mines_forced_by_stuck(w, STUCK_AFTER);
        let d = brain.decide(w);
        let line = format!(
            "T{} Dlvl {} {:?} HP {}/{} {} {} | {}",
            w.turn,
            w.status.dlvl,
            w.level().map(|l| l.branch),
            w.status.hp,
            w.status.hp_max,
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
        assert!(
            !(in_mines && d.path.contains("/rest/")),
            "rested in the Mines:\n{}",
            trail()
        );
        // Hurt in the Mines, what is not upkeep (fights, food) is the way out.
        if in_mines && !d.path.contains("/upkeep/") {
            assert!(
                d.path.contains("leave_mines") || d.action == Action::Overview,
                "not climbing out:\n{}",
                trail()
            );
            healing_climbs += usize::from(d.reason.contains("healing out of the Mines"));
        }
        s.act_quietly(d.action.clone());
        s.runner.session.take_warnings();
    }
    let trail = format!("{}\n{}", log.join("\n"), s.screen());
    assert!(forced_seen, "the stuck rule held in the Mines:\n{trail}");
    assert!(healing_climbs > 0, "climbed to heal:\n{trail}");
}
