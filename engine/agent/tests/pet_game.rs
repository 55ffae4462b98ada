//! On the real game: the default tree's survival, food and rest subtrees, exploring and camping
//! on Dlvl 1 without ever leaving it (so the pet stays with us whatever path the default tree
//! would take: its changes left the pet behind twice), play a seeded game for up to 3000 turns,
//! and at every decision the world's beliefs about the pet are checked against the game's own
//! answer (farlook, `;`, no game time; the answers are the test's, never told to the world):
//!
//! - every monster the world says is tame is tame;
//! - every monster in view drawn like the pet that the game calls tame, the world calls tame
//!   (never `hostile`);
//! - no decision fights, kicks or throws at the pet, nor walks into it while believing it is
//!   not the pet (an attack in the bot's mind; the game would swap places).

mod item_scene;

use nhbot_agent::actions::plan;
use nhbot_agent::Runner;
use nhbot_bt::TreeBot;
use nhbot_game::GameConfig;
use nhbot_world::{parse_farlook, Action, Decision, Dir, Farlook, Pos, World};
use std::path::Path;
use std::time::Instant;

/// A seed whose pet (a little dog) the world before issue 30 believed a nameless hostile.
const SEED: u64 = 7;
/// The tree of the 3000-turn check: the default subtrees, on Dlvl 1 only.
const STAY_TREE: &str = "priority:
  name: root
  children:
    - subtree: survive
    - subtree: feed
    - subtree: rest
    - explore: stay
    - search: 10
";

const MAX_TURNS: i64 = 3000;
/// The decision budget that bounds the loop.
const MAX_DECISIONS: usize = 10_000;
/// The pet must be seen (and checked) at least this often, or the test proves little.
const MIN_PET_CHECKS: usize = 300;

/// A copy of the repository's trees and scripts with [`STAY_TREE`] as `trees/stay.yaml`.
fn stay_tree(dir: &Path) -> std::path::PathBuf {
    let tree = item_scene::copy_trees(dir).join("stay.yaml");
    std::fs::write(&tree, STAY_TREE).expect("write the tree");
    tree
}

/// What the game says about the monster at `at` (no game time passes, the world is not told).
fn farlook(runner: &mut Runner, at: Pos) -> Option<Farlook> {
    runner
        .session
        .perform(&plan(&Action::Farlook { at }))
        .expect("farlook reaches the game");
    let answer = runner.session.take_messages();
    answer.iter().find_map(|m| parse_farlook(m))
}

/// The squares a decision aims at, with whether it attacks there whatever stands in it (fight,
/// kick, throw) or only if the bot believes it is no pet (a move).
fn targets(w: &World, d: &Decision) -> Vec<(Pos, bool)> {
    let step = |dir: Dir| -> Option<Pos> {
        (!matches!(dir, Dir::Up | Dir::Down | Dir::Here)).then(|| dir.step(w.player))
    };
    match d.action {
        Action::Fight { dir } | Action::Kick { dir } => {
            step(dir).map(|p| (p, true)).into_iter().collect()
        }
        Action::Move { dir } => step(dir)
            .filter(|p| w.monsters.iter().any(|m| m.pos == *p))
            .map(|p| (p, false))
            .into_iter()
            .collect(),
        // A thrown object hits the first monster on its line.
        Action::Throw { dir, .. } if step(dir).is_some() => {
            let mut p = w.player;
            for _ in 0..12 {
                p = dir.step(p);
                if w.monsters.iter().any(|m| m.pos == p) {
                    return vec![(p, true)];
                }
            }
            Vec::new()
        }
        _ => Vec::new(),
    }
}

#[test]
fn the_pet_is_tame_and_never_attacked_from_turn_1_to_3000() {
    let dir = std::env::temp_dir().join(format!("nhbot-pet-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let seed = std::env::var("NHBOT_PET_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SEED);
    let mut game = GameConfig::new(dir.join("game"));
    game.seed = Some(seed);
    let mut runner = Runner::start(&game).expect("the game starts");
    let tree = stay_tree(&dir.join("repo"));
    let mut bot = TreeBot::load(nhbot_skills::registry(), &tree).expect("the tree loads");
    let started = Instant::now();

    // The starting pet, next to us on turn 1: its glyph and colour (it keeps them as it grows).
    let pet = runner
        .world
        .pet()
        .cloned()
        .expect("the world knows the pet on turn 1");
    let told = farlook(&mut runner, pet.pos).expect("farlook answers about the pet");
    assert!(told.tame, "the world's pet is {told:?}");
    let pet_look = (pet.ch, pet.color);

    let (mut decisions, mut pet_checks, mut farlooks, mut last_pet_turn) = (0, 0, 1, 1);
    let mut failures: Vec<String> = Vec::new();
    while decisions < MAX_DECISIONS && !runner.session.ended && runner.world.turn < MAX_TURNS {
        let decision = bot.decide(&runner.world);
        let w = runner.world.clone();
        let at = format!("T{} decision {decisions} ({})", w.turn, decision.path);
        // Everything the world calls tame is tame.
        for m in w.monsters.iter().filter(|m| m.tame) {
            farlooks += 1;
            match farlook(&mut runner, m.pos) {
                Some(f) if f.tame => {}
                other => {
                    failures.push(format!("{at}: the world's pet at {:?} is {other:?}", m.pos))
                }
            }
        }
        // Whatever looks like the pet and is tame, the world calls tame.
        for m in w.monsters.iter().filter(|m| (m.ch, m.color) == pet_look) {
            farlooks += 1;
            if farlook(&mut runner, m.pos).is_some_and(|f| f.tame) {
                pet_checks += 1;
                last_pet_turn = w.turn;
                if !m.tame || m.maybe_hostile() {
                    failures.push(format!("{at}: the pet at {:?} is believed {m:?}", m.pos));
                }
            }
        }
        // No attack on the pet.
        for (p, always) in targets(&w, &decision) {
            farlooks += 1;
            let believed_pet = w.monsters.iter().any(|m| m.pos == p && m.tame);
            if farlook(&mut runner, p).is_some_and(|f| f.tame) && (always || !believed_pet) {
                failures.push(format!(
                    "{at}: {:?} attacks the pet at {p:?}: {}",
                    decision.action, decision.reason
                ));
            }
        }
        runner
            .act(&decision)
            .expect("the decision reaches the game");
        decisions += 1;
    }
    let took = started.elapsed();
    eprintln!(
        "seed {seed}: {decisions} decisions to turn {} (dlvl {}) in {:.1} s; the pet checked on \
         {pet_checks} decisions (last on turn {last_pet_turn}); {farlooks} farlooks",
        runner.world.turn,
        runner.world.status.dlvl,
        took.as_secs_f64()
    );
    let ended = runner.session.ended;
    drop(runner);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(!ended, "the hero died before turn {MAX_TURNS}");
    assert!(
        pet_checks >= MIN_PET_CHECKS,
        "the pet was checked on {pet_checks} decisions only"
    );
}

/// `act.farlook` from a Lua leaf: the game's answer reaches the world, and the next decision's
/// `world.pet` has the name and disposition farlook gave. The pet is the one monster the
/// engine's own farlook never asks about (it is known tame), so only the leaf's farlook can have
/// named it.
#[test]
fn a_lua_farlook_fills_the_monster_it_looked_at() {
    let dir = nhbot_bt::testing::scratch_dir("lua-farlook").expect("scratch dir");
    let script = r#"
return function(world, state, path)
  local pet = world.pet
  if not pet then return false end
  if state.asked then
    return act.search(1, "the pet is " .. tostring(pet.name) .. ", tame " .. tostring(pet.tame)
      .. ", peaceful " .. tostring(pet.peaceful) .. ", hostile " .. tostring(pet.hostile))
  end
  state.asked = true
  return act.farlook(pet.x, pet.y, "who is the pet?")
end
"#;
    std::fs::write(dir.join("scripts/ask.lua"), script).expect("script");
    let tree = dir.join("trees/main.yaml");
    std::fs::write(&tree, "lua: {file: scripts/ask.lua, name: ask}\n").expect("tree");
    let mut bot = TreeBot::load(nhbot_skills::registry(), &tree).expect("the tree loads");
    let mut game = GameConfig::new(dir.join("game"));
    game.seed = Some(SEED);
    let mut runner = Runner::start(&game).expect("the game starts");
    let pet = runner.world.pet().cloned().expect("the pet on turn 1");
    assert_eq!(pet.name, None, "nothing has named the pet yet");
    let ask = bot.decide(&runner.world);
    assert_eq!(ask.action, Action::Farlook { at: pet.pos });
    runner.act(&ask).expect("the farlook reaches the game");
    let told = bot.decide(&runner.world);
    drop(runner);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        told.reason,
        "the pet is little dog, tame true, peaceful true, hostile false"
    );
}
