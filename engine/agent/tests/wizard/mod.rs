//! Scene setting on a bare `Runner` in a seeded wizard-mode game (-D), shared by the real-game
//! tests that walk the dungeon (dungeon_game, sokoban_game, sokoban_phase_game): keys sent as
//! the player would, ^W wishes, waiting for the pet to wander off, ^V level teleports with the
//! wizard's map (^F). (`item_scene` is the scene of the item-action tests, which also fail on
//! warnings.)

#![allow(dead_code)] // each test file uses its own part

use nhbot_agent::actions::Plan;
use nhbot_agent::Runner;
use nhbot_bt::TreeBot;
use nhbot_game::GameConfig;
use nhbot_world::{Decision, Dir, Feature, Monster, Pos, World};
use std::path::{Path, PathBuf};

/// The repository root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A copy of the repository's `trees/` and `scripts/` under `dir` whose `main.yaml` skips the
/// phase `name` (a test of another phase that the default plan would put after it), and the
/// copy's `main.yaml`.
pub fn main_tree_skipping(dir: &Path, name: &str) -> PathBuf {
    for sub in ["trees", "scripts"] {
        copy_dir(&repo().join(sub), &dir.join(sub));
    }
    let main = dir.join("trees/main.yaml");
    let yaml = std::fs::read_to_string(&main).expect("read main.yaml");
    let anchor = format!("        name: {name}\n");
    assert!(
        yaml.contains(&anchor),
        "main.yaml has no phase {name}:\n{yaml}"
    );
    let skipped = yaml.replacen(&anchor, &format!("{anchor}        skip: true\n"), 1);
    std::fs::write(&main, skipped).expect("write main.yaml");
    main
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("make the copy's directory");
    for entry in std::fs::read_dir(from).expect("read the directory") {
        let entry = entry.expect("a directory entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("its type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy a file");
        }
    }
}

pub fn screen(r: &Runner) -> String {
    r.session.term.screen().text()
}

/// Starts a wizard-mode game on `seed` in a fresh directory `nhbot-{kind}-{name}-{pid}` under
/// the system's temp dir; returns the runner and the directory (for the caller to remove).
pub fn start(kind: &str, name: &str, seed: u64) -> (Runner, PathBuf) {
    let dir = std::env::temp_dir().join(format!("nhbot-{kind}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut game = GameConfig::new(dir.join("game"));
    game.seed = Some(seed);
    game.wizard = true;
    let runner = Runner::start(&game).expect("the game starts in wizard mode");
    (runner, dir)
}

/// Sends `keys` (a whole command with its answers; --More-- is dismissed) and lets the world
/// observe the outcome.
pub fn keys(r: &mut Runner, keys: &str) {
    let plan = Plan {
        keys: keys.to_string(),
        expect: Vec::new(),
    };
    r.session.perform(&plan).expect("keys reach the game");
    r.observe();
}

/// Wizard ^W: wishes for `item`; returns its inventory letter ("x - a blessed ...").
pub fn wish(r: &mut Runner, item: &str) -> char {
    r.session.send_raw("\x17").expect("^W");
    keys(r, &format!("{item}\r"));
    r.world
        .messages
        .iter()
        .find_map(|m| {
            let b = m.as_bytes();
            (b.len() > 4 && &m[1..4] == " - ").then(|| b[0] as char)
        })
        .unwrap_or_else(|| panic!("no {item}: {:?}\n{}", r.world.messages, screen(r)))
}

/// Wishes for and puts on blessed +3 gray dragon scale mail and a blessed amulet of life
/// saving: a low-level hero lasts the scene.
pub fn armour_and_life_saving(r: &mut Runner) {
    let mail = wish(r, "blessed +3 gray dragon scale mail");
    keys(r, &format!("W{mail}"));
    let amulet = wish(r, "blessed amulet of life saving");
    keys(r, &format!("P{amulet}"));
}

/// Searches (`2s`, at most 30 times) until no monster that `follows` stands next to us: a pet
/// follows a level teleport only from an adjacent square.
pub fn wait_until_alone(r: &mut Runner, follows: impl Fn(&Monster) -> bool) {
    for _ in 0..30 {
        let me = r.world.player;
        let near = r
            .world
            .monsters
            .iter()
            .any(|m| follows(m) && (m.pos.x - me.x).abs() <= 1 && (m.pos.y - me.y).abs() <= 1);
        if !near {
            break;
        }
        keys(r, "2s");
    }
}

/// Level teleport (`^V`) to `depth` in the current dungeon, then the wizard's magic mapping
/// (`^F`, traps included).
pub fn teleport_and_map(r: &mut Runner, depth: i32) {
    r.session.send_raw("\x16").expect("^V");
    keys(r, &format!("{depth}\r"));
    assert_eq!(r.world.status.dlvl, depth, "teleported:\n{}", screen(r));
    keys(r, "\x06");
}

/// The direction of a square next to us drawn `glyph` (a monster, a door), if there is one.
pub fn adjacent(r: &Runner, glyph: char) -> Option<Dir> {
    let me = r.world.player;
    Dir::COMPASS
        .into_iter()
        .find(|d| r.world.view.get(d.step(me)).is_some_and(|c| c.ch == glyph))
}

/// Where the map shows `ch` (the first such square).
pub fn drawn(r: &Runner, ch: char) -> Option<Pos> {
    (0..21).find_map(|y| {
        (0..80).find_map(|x| {
            let p = Pos::new(x, y);
            r.world.view.get(p).is_some_and(|c| c.ch == ch).then_some(p)
        })
    })
}

/// Searches (`s`, at most 10 times) while the world has us on stairs, where no engraving takes:
/// a scene that wants Elbereth starts off them.
pub fn off_the_stairs(r: &mut Runner) {
    for _ in 0..10 {
        if !matches!(
            r.world.feature_here(),
            Feature::StairsUp | Feature::StairsDown
        ) {
            break;
        }
        keys(r, "s");
    }
}

/// A decision of the tree: the world it was taken on, the decision, and the messages it
/// produced.
pub struct Step {
    pub before: World,
    pub decision: Decision,
    pub messages: Vec<String>,
}

/// One line a step: HP and square before it, the action, the tree path, the reason, the messages.
pub fn summary(steps: &[Step]) -> String {
    steps
        .iter()
        .map(|s| {
            format!(
                "hp {} at {:?} {:?} {} | {} -> {:?}",
                s.before.status.hp,
                s.before.player,
                s.decision.action,
                s.decision.path,
                s.decision.reason,
                s.messages
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs the default tree (trees/main.yaml) for at most `max` decisions, until the game ends or
/// `stop` holds after one; prints the steps' [`summary`] on stderr. `SCENE_DEBUG` set: also
/// the square, turn, gold and monsters each decision was taken on.
pub fn run_tree(r: &mut Runner, max: usize, stop: impl Fn(&Runner, &[Step]) -> bool) -> Vec<Step> {
    let mut bot = TreeBot::load(nhbot_skills::registry(), &repo().join("trees/main.yaml"))
        .expect("the default tree loads");
    let mut steps = Vec::new();
    for _ in 0..max {
        if r.session.ended {
            break;
        }
        let before = r.world.clone();
        let decision = bot.decide(&before);
        if std::env::var("SCENE_DEBUG").is_ok() {
            eprintln!(
                "at {:?} T{} gold {} monsters {:?}",
                before.player,
                before.turn,
                before.status.gold,
                before
                    .monsters
                    .iter()
                    .map(|m| (m.ch, m.pos, m.peaceful, m.name.clone()))
                    .collect::<Vec<_>>()
            );
        }
        r.act(&decision).expect("the decision reaches the game");
        steps.push(Step {
            before,
            decision,
            messages: r.world.messages.clone(),
        });
        if stop(r, &steps) {
            break;
        }
    }
    eprintln!("{}", summary(&steps));
    steps
}

/// Shows the skills' log lines (info and worse: the `sokoban` node's plans, failures and
/// give-ups) on stderr once [`show_skills_log`] installed it.
struct SkillsLog;

impl log::Log for SkillsLog {
    fn enabled(&self, m: &log::Metadata) -> bool {
        m.target().starts_with("nhbot_skills") && m.level() <= log::Level::Info
    }
    fn log(&self, r: &log::Record) {
        if self.enabled(r.metadata()) {
            eprintln!("[{}] {}", r.level(), r.args());
        }
    }
    fn flush(&self) {}
}

static SKILLS_LOG: SkillsLog = SkillsLog;

/// Installs the skills' log on stderr (once per test binary; later calls do nothing).
pub fn show_skills_log() {
    if log::set_logger(&SKILLS_LOG).is_ok() {
        log::set_max_level(log::LevelFilter::Info);
    }
}
