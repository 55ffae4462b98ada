//! The dungeon as the player knows it, on the real game in wizard mode (-D), seed 1: the Mines
//! branch from Dungeons 3 (Mines levels 4..), the Oracle on 8, Sokoban's up stairs on 9 (the
//! wizard-mode level menu of this seed says so). Levels 2..9 are visited by level teleport
//! (`^V`) and mapped (`^F`), so their stairs are seen but never taken; then trees of `go_to`
//! nodes walk: into the Mines by the untaken fork stairs, and from the Mines to the up stairs
//! into Sokoban. The game's own overview (`^O`) is the ground truth the world must agree with.

mod wizard;

use nhbot_agent::{Brain, Runner, TreeBrain};
use nhbot_world::{Action, Branch, Decision, Feature, Special};
use std::path::PathBuf;
use wizard::{keys, screen, teleport_and_map};

const SEED: u64 = 1;
/// Decisions allowed for one trip (a trip across a mapped level is a few travels).
const BUDGET: usize = 1500;

/// A wizard-mode game on seed 1, the pet left behind, armour and life saving on, and Dungeons
/// 2..9 visited and mapped; the hero ends on Dungeons 3 (the Mines' fork).
fn known_dungeon(name: &str) -> (Runner, PathBuf) {
    let (mut r, dir) = wizard::start("dungeon", name, SEED);
    wizard::armour_and_life_saving(&mut r);
    wizard::wait_until_alone(&mut r, |m| m.tame);
    keys(&mut r, "\x06");
    for depth in (2..=9).chain([3]) {
        teleport_and_map(&mut r, depth);
    }
    (r, dir)
}

/// Writes a tree of `fight_adjacent`, one `go_to` with `target` (a YAML map body) and, for
/// stairs the map shows behind a hidden door (the wizard's map shows none), `explore: stay`.
fn trip_tree(dir: &std::path::Path, name: &str, target: &str) -> PathBuf {
    let path = dir.join(format!("{name}.yaml"));
    let tree = format!(
        "priority:\n  name: trip\n  children:\n    - fight_adjacent\n    - go_to: {target}\n    \
         - explore: stay\n"
    );
    std::fs::write(&path, tree).expect("tree written");
    path
}

/// Plays `tree` until its `go_to` succeeds (the tree's root then succeeds: the brain's
/// decision is its fallback) or the budget runs out; returns the decisions taken.
fn travel(r: &mut Runner, tree: &std::path::Path) -> Result<Vec<Decision>, String> {
    let mut brain = TreeBrain::load(tree).expect("tree loads");
    let mut log: Vec<Decision> = Vec::new();
    for _ in 0..BUDGET {
        if r.session.ended {
            return Err(format!("the game ended:\n{}", screen(r)));
        }
        let d = brain.decide(&r.world);
        if !d.path.starts_with("trip") {
            // Nothing acted: go_to succeeded (or failed: the caller checks where we are).
            return Ok(log);
        }
        r.act(&d).expect("the action reaches the game");
        log.push(d);
    }
    let last: Vec<String> = log
        .iter()
        .rev()
        .take(20)
        .map(|d| format!("{} {} | {}", d.action, d.path, d.reason))
        .collect();
    Err(format!(
        "budget spent; last decisions:\n{}\n{}",
        last.join("\n"),
        screen(r)
    ))
}

fn reasons(log: &[Decision]) -> String {
    log.iter()
        .map(|d| format!("{} | {}", d.action, d.reason))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_overview_fills_the_level_graph_and_agrees_with_the_map() {
    let (mut r, dir) = known_dungeon("overview");
    let tree = trip_tree(&dir, "mines", "{branch: mines}");
    let log = travel(&mut r, &tree).unwrap_or_else(|e| panic!("{e}"));
    let here = r.world.level().expect("a level");
    assert_eq!(
        (here.branch, here.depth),
        (Branch::Mines, 4),
        "walked into the Mines:\n{}\n{}",
        reasons(&log),
        screen(&r)
    );
    assert!(
        log.iter().any(|d| d.action == Action::Overview),
        "the trip read the overview"
    );
    // A fresh overview, read as any leaf would ask for it, with its lines kept for checking.
    let turn = r.world.turn;
    let lines = nhbot_agent::actions::read_overview(&mut r.session).expect("overview read");
    r.world.observe(nhbot_world::Event::Overview(&lines));
    assert_eq!(r.world.turn, turn, "the overview takes no game time");
    let overview = nhbot_world::parse_overview(&lines);
    let dungeon = &r.world.dungeon;
    /// A dungeon of the overview: its branch and "levels A to B".
    type Listed = (Option<Branch>, Option<(i32, i32)>);
    let names: Vec<Listed> = overview
        .dungeons
        .iter()
        .map(|d| (d.branch, d.levels))
        .collect();
    assert_eq!(
        names,
        [
            (Some(Branch::Doom), Some((1, 9))),
            (Some(Branch::Mines), None)
        ],
        "{lines:?}"
    );
    assert_eq!(dungeon.mines_top(), Some(4));
    for depth in 1..=9 {
        let id = dungeon
            .find(Branch::Doom, depth)
            .unwrap_or_else(|| panic!("Dungeons {depth} known: {lines:?}"));
        assert_eq!(dungeon.levels[id].merged_into, None);
    }
    // Every level the game lists: the world has it under the same branch and depth, with the
    // game's counts, and the mapped squares show as many fountains (the game says "many" from
    // three on).
    let mut checked = 0;
    for listed in &overview.dungeons {
        let branch = listed.branch.expect("a modelled branch");
        for entry in &listed.entries {
            let id = dungeon
                .find(branch, entry.depth)
                .unwrap_or_else(|| panic!("{branch:?} {} in the world", entry.depth));
            let level = &dungeon.levels[id];
            assert_eq!(level.facts.fountains, entry.facts.fountains);
            assert_eq!(
                level.find(Feature::Fountain).len().min(3) as u8,
                entry.facts.fountains,
                "{branch:?} {}: the map and the overview\n{}",
                entry.depth,
                level.render()
            );
            if let Some(special) = entry.facts.proto.as_deref().and_then(Special::from_proto) {
                assert!(
                    level.facts.is(special),
                    "{branch:?} {} recognised as {special:?} without the wizard's [proto]",
                    entry.depth
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 3, "{lines:?}");
    let oracle = dungeon.special_level(Special::Oracle).expect("the Oracle");
    assert_eq!(
        (dungeon.levels[oracle].branch, dungeon.levels[oracle].depth),
        (Branch::Doom, 8),
        "the seed's Oracle is on 8"
    );
    assert_eq!(
        dungeon.place_of(Special::SokobanEntrance),
        Some((Branch::Doom, 9))
    );
    drop(r);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn from_the_mines_to_the_up_stairs_into_sokoban() {
    let (mut r, dir) = known_dungeon("sokoban");
    let into_mines = trip_tree(&dir, "mines", "{branch: mines}");
    travel(&mut r, &into_mines).unwrap_or_else(|e| panic!("into the Mines: {e}"));
    keys(&mut r, "\x06");
    let deeper = trip_tree(&dir, "mines5", "{branch: mines, depth: 5}");
    let log = travel(&mut r, &deeper).unwrap_or_else(|e| panic!("to Mines 5: {e}"));
    let here = r.world.level().expect("a level");
    assert_eq!(
        (here.branch, here.depth),
        (Branch::Mines, 5),
        "{}\n{}",
        reasons(&log),
        screen(&r)
    );

    let to_sokoban = trip_tree(&dir, "sokoban", "{level: sokoban_entrance}");
    let log = travel(&mut r, &to_sokoban).unwrap_or_else(|e| panic!("to Sokoban: {e}"));
    let trip = reasons(&log);
    let here = r.world.level().expect("a level");
    assert_eq!(
        (here.branch, here.depth),
        (Branch::Doom, 9),
        "on the level below the Oracle:\n{trip}\n{}",
        screen(&r)
    );
    let climbed: Vec<i32> = log
        .iter()
        .filter_map(|d| match d.action {
            Action::Ascend => Some(-1),
            Action::Descend => Some(1),
            _ => None,
        })
        .collect();
    assert_eq!(
        climbed,
        [-1, -1, 1, 1, 1, 1, 1, 1],
        "up out of the Mines (5, 4), down Dungeons 3..9:\n{trip}"
    );
    let stairs = r
        .world
        .dungeon
        .sokoban_stairs()
        .expect("the Sokoban stairs");
    assert_eq!(r.world.player, stairs, "standing on them:\n{}", screen(&r));
    assert_eq!(r.world.feature_here(), Feature::StairsUp);

    // The game agrees: these stairs lead up into Sokoban (its bottom level is the Oracle's
    // depth, 8), and the world now knows the branch.
    r.act(&Decision {
        action: Action::Ascend,
        path: "test".into(),
        reason: "check where the stairs lead".into(),
    })
    .expect("up");
    r.act(&Decision {
        action: Action::Overview,
        path: "test".into(),
        reason: "read the overview".into(),
    })
    .expect("overview");
    let here = r.world.level().expect("a level");
    assert_eq!(
        (here.branch, here.depth),
        (Branch::Sokoban, 8),
        "{}",
        screen(&r)
    );
    drop(r);
    let _ = std::fs::remove_dir_all(&dir);
}
