//! The scene of an item-action game test: a seeded wizard-mode game (-D) set up with wizard
//! commands (^W wish, ^G create monster, ^V level teleport), where `Action`s are carried out
//! through `Runner::act` as the game loop does them, and any warning (an unknown prompt, an
//! abandoned action) fails the test.

#![allow(dead_code)] // each test file uses its own part of the scene

use nhbot_agent::actions::Plan;
use nhbot_agent::kbfeed::KbFeed;
use nhbot_agent::observer::LoopObserver;
use nhbot_agent::Runner;
use nhbot_bt::TreeBot;
use nhbot_game::GameConfig;
use nhbot_world::{Action, Condition, Decision, Dir, Item, World};
use std::path::{Path, PathBuf};

pub struct Scene {
    pub runner: Runner,
    pub dir: PathBuf,
    /// Every message since the scene started, for failure reports.
    pub log: Vec<String>,
}

impl Scene {
    pub fn start(name: &str, seed: u64) -> Scene {
        let dir =
            std::env::temp_dir().join(format!("nhbot-item-actions-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut game = GameConfig::new(dir.join("game"));
        game.seed = Some(seed);
        game.wizard = true;
        let mut runner = Runner::start(&game).expect("the game starts in wizard mode");
        runner.session.take_warnings();
        Scene {
            runner,
            dir,
            log: Vec::new(),
        }
    }

    pub fn world(&self) -> &World {
        &self.runner.world
    }

    pub fn screen(&self) -> String {
        self.runner.session.term.screen().text()
    }

    /// Wizard keys for setting the scene (a whole command with its answers); --More-- is
    /// dismissed and the world observes the outcome. Warnings of the setup are dropped.
    pub fn keys(&mut self, keys: &str) -> Vec<String> {
        let plan = Plan {
            keys: keys.to_string(),
            expect: Vec::new(),
        };
        if let Err(e) = self.runner.session.perform(&plan) {
            panic!("{keys:?}: {e}\n{:?}\n{}", self.log, self.screen());
        }
        self.runner.observe();
        self.runner.session.take_warnings();
        let said = self.runner.world.messages.clone();
        self.log.extend(said.iter().cloned());
        said
    }

    /// Wishes for `what` (wizard ^W); returns the inventory letter it landed in.
    pub fn wish(&mut self, what: &str) -> char {
        // As raw keys through the runner: the pick-up message makes it read the pack again.
        let said = self.act_quietly(Action::Keys {
            keys: format!("\x17{what}\r"),
        });
        self.runner.session.take_warnings();
        said.iter()
            .find_map(|m| {
                let (l, _) = m.split_once(" - ")?;
                (l.len() == 1).then(|| l.chars().next()).flatten()
            })
            .unwrap_or_else(|| {
                panic!(
                    "no item from wishing for {what}: {said:?}\n{}",
                    self.screen()
                )
            })
    }

    /// Carries out `action` as the game loop does; returns its messages. Fails the test on any
    /// warning (an unknown prompt, an abandoned action) or when the game is left in a prompt or
    /// a menu.
    pub fn act(&mut self, action: Action) -> Vec<String> {
        let said = self.act_quietly(action.clone());
        let warnings = self.runner.session.take_warnings();
        assert!(
            warnings.is_empty(),
            "{action}: warnings {warnings:?}\nmessages {said:?}\n{}",
            self.screen()
        );
        let frame = &self.runner.session.frame;
        assert!(
            frame.prompt.is_none() && frame.menu.is_none() && !frame.more,
            "{action}: not back at the command prompt\n{}",
            self.screen()
        );
        eprintln!("{action} -> {said:?}");
        said
    }

    pub fn act_quietly(&mut self, action: Action) -> Vec<String> {
        let d = Decision {
            action,
            path: "scene".into(),
            reason: "item actions".into(),
        };
        self.runner.act(&d).expect("the action reaches the game");
        let said = self.runner.world.messages.clone();
        self.log.extend(said.iter().cloned());
        said
    }

    pub fn item(&self, letter: char) -> Option<&Item> {
        self.world().inventory.iter().find(|i| i.letter == letter)
    }

    /// The inventory item whose text contains `text`.
    pub fn find(&self, text: &str) -> Option<&Item> {
        self.world()
            .inventory
            .iter()
            .find(|i| i.text.contains(text))
    }

    pub fn inventory(&self) -> String {
        self.world()
            .inventory
            .iter()
            .map(|i| format!("{} - {}", i.letter, i.text))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// A monster next to us that is not our pet, and its direction.
    pub fn adjacent_monster(&self, glyph: char) -> Option<Dir> {
        let w = self.world();
        w.monsters
            .iter()
            .filter(|m| !m.tame && m.ch == glyph)
            .find_map(|m| {
                let (dx, dy) = (m.pos.x - w.player.x, m.pos.y - w.player.y);
                (dx.abs() <= 1 && dy.abs() <= 1)
                    .then(|| Dir::from_delta(dx, dy))
                    .flatten()
            })
    }
}

/// One decision of a tree in a scene: the world it was taken on, the decision, what the game
/// said after it.
pub struct Step {
    pub before: World,
    pub decision: Decision,
    pub messages: Vec<String>,
}

impl Step {
    /// The step on one line, for a test's debug print: turn, action, path, reason, messages.
    pub fn line(&self) -> String {
        format!(
            "T{} {} | {} | {} -> {:?}",
            self.before.turn,
            self.decision.action,
            self.decision.path,
            self.decision.reason,
            self.messages
        )
    }
}

/// The steps one per line, each with the HP it was taken at.
pub fn summary(steps: &[Step]) -> String {
    steps
        .iter()
        .map(|s| format!("HP {} {}", s.before.status.hp, s.line()))
        .collect::<Vec<_>>()
        .join("\n")
}

impl Scene {
    /// `step` taken at most `max` times, until the game ends or `stop` says so; no step may
    /// raise a leaf error. With the environment variable `debug_var` set, each step is printed
    /// with its HP and the leaves' logs.
    pub fn run_steps(
        &mut self,
        bot: &mut TreeBot,
        max: usize,
        debug_var: &str,
        stop: impl Fn(&Scene, &[Step]) -> bool,
        mut step: impl FnMut(&mut Scene, &mut TreeBot) -> Step,
    ) -> Vec<Step> {
        let debug = std::env::var_os(debug_var).is_some();
        let mut steps = Vec::new();
        for _ in 0..max {
            if self.runner.session.ended || stop(self, &steps) {
                break;
            }
            let taken = step(self, bot);
            if debug {
                for l in bot.take_leaf_logs() {
                    eprintln!("  LOG {}: {}", l.path, l.text);
                }
                eprintln!("HP {} {}", taken.before.status.hp, taken.line());
            }
            assert!(bot.take_leaf_errors().is_empty());
            steps.push(taken);
        }
        steps
    }

    /// `bot` decides on the world as it is, and the decision is carried out as the game loop
    /// does; its messages join the scene's log.
    pub fn tree_step(&mut self, bot: &mut TreeBot) -> Step {
        let before = self.world().clone();
        let decision = bot.decide(&before);
        self.runner
            .act(&decision)
            .expect("the decision reaches the game");
        self.log.extend(self.runner.world.messages.iter().cloned());
        Step {
            before,
            decision,
            messages: self.world().messages.clone(),
        }
    }

    /// [`Scene::tree_step`] with the knowledge base fed as `run::play` feeds it: `kb` hears the
    /// decision before it is carried out and the frame after it (any feed warning fails the
    /// test); the step's messages include the windows the game showed.
    pub fn tree_step_fed(&mut self, bot: &mut TreeBot, kb: &mut KbFeed) -> Step {
        let before = self.world().clone();
        let decision = bot.decide(&before);
        kb.on_decision(&self.runner.world, &decision)
            .expect("the feed hears the decision");
        self.runner
            .act(&decision)
            .expect("the decision reaches the game");
        let window_lines = self.runner.session.take_window_lines();
        let warnings = kb.on_frame(&self.runner.world, &window_lines);
        assert!(warnings.is_empty(), "feed warnings: {warnings:?}");
        self.log.extend(self.runner.world.messages.iter().cloned());
        let mut messages = self.world().messages.clone();
        messages.extend(window_lines);
        Step {
            before,
            decision,
            messages,
        }
    }

    /// Runs the tree at `tree` for at most `max` decisions, until the game ends or `stop` holds
    /// on the steps so far (asked before each decision).
    pub fn run_tree_until(
        &mut self,
        tree: &Path,
        max: usize,
        mut stop: impl FnMut(&[Step]) -> bool,
    ) -> Vec<Step> {
        let mut bot = TreeBot::load(nhbot_skills::registry(), tree).expect("the tree loads");
        let mut steps: Vec<Step> = Vec::new();
        for _ in 0..max {
            if self.runner.session.ended || stop(&steps) {
                break;
            }
            steps.push(self.tree_step(&mut bot));
        }
        steps
    }
}

impl Drop for Scene {
    fn drop(&mut self) {
        let _ = self
            .runner
            .session
            .game
            .hangup(std::time::Duration::from_secs(5));
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub fn shown(messages: &[String], text: &str) -> bool {
    messages.iter().any(|m| m.contains(text))
}

impl Scene {
    /// Steps onto a free floor square next to us (off the stairs the game starts on).
    pub fn step_onto_floor(&mut self) {
        let w = self.world();
        let dir = Dir::COMPASS
            .into_iter()
            .find(|d| {
                let p = d.step(w.player);
                w.view.get(p).is_some_and(|c| c.ch == '.') && !w.monsters.iter().any(|m| m.pos == p)
            })
            .unwrap_or_else(|| panic!("no free floor next to us\n{}", self.screen()));
        let from = w.player;
        self.act(Action::Move { dir });
        assert_ne!(self.world().player, from, "the step was taken");
    }

    /// Level-teleports (wizard ^V) to `depth` while no monster is next to us, so the pet (which
    /// follows only from an adjacent square) stays behind.
    pub fn leave_the_pet(&mut self, depth: i32) {
        for _ in 0..20 {
            self.keys("3s");
            let me = self.world().player;
            let adjacent = self
                .world()
                .monsters
                .iter()
                .any(|m| (m.pos.x - me.x).abs() <= 1 && (m.pos.y - me.y).abs() <= 1);
            if !adjacent {
                self.keys(&format!("\x16{depth}\r"));
                if self.world().status.dlvl == depth {
                    return;
                }
            }
        }
        panic!("could not leave the pet behind: {}", self.screen());
    }

    /// Wishes for a bat corpse and eats it until stunned (eat.c: 30 turns with the last bite);
    /// a meal a fight interrupts is resumed. Panics when no stun came.
    pub fn eat_until_stunned(&mut self) {
        let corpse = self.wish("uncursed bat corpse");
        let stunned = |s: &Scene| s.world().status.conditions.contains(&Condition::Stun);
        for _ in 0..5 {
            if self.item(corpse).is_some() {
                self.keys(&format!("e{corpse}"));
            }
            if stunned(self) {
                return;
            }
            self.keys("s");
        }
        assert!(stunned(self), "stunned: {:?}\n{}", self.log, self.screen());
    }

    /// Searches in place beside a monster of `glyph` (made with ^G `name` whenever none is next
    /// to us) until `done` holds for our HP or the game ends; at most 400 turns.
    pub fn bitten_until(&mut self, glyph: char, name: &str, done: impl Fn(i32) -> bool) {
        for _ in 0..400 {
            if done(self.world().status.hp) || self.runner.session.ended {
                return;
            }
            if self.adjacent_monster(glyph).is_none() {
                self.keys(&format!("\x07{name}\r"));
            }
            self.keys("s");
        }
    }

    /// Fights (`F`) the monsters of `glyph` next to us until none is left; at most `max` blows.
    pub fn fight_all(&mut self, glyph: char, max: usize) {
        for _ in 0..max {
            match self.adjacent_monster(glyph) {
                Some(dir) => {
                    self.act_quietly(Action::Fight { dir });
                }
                None => return,
            }
        }
    }
}

impl Scene {
    /// Wizard ^V with its `?` menu: the Dlvl the menu gives the special level `proto`
    /// ("w -   minetn: 7"), paging as needed; goes there when `go`, else leaves the menu.
    pub fn special_level_depth(&mut self, proto: &str, go: bool) -> i32 {
        self.runner
            .session
            .send_raw("\x16?\r")
            .expect("^V reaches the game");
        let entry = format!("{proto}:");
        for _ in 0..4 {
            let text = self.screen();
            let found = text.lines().find_map(|l| {
                let (letter, rest) = l.trim_start().split_once(" - ")?;
                let depth = rest.split_once(entry.as_str())?.1.trim().parse().ok()?;
                (letter.len() == 1).then(|| (letter.to_string(), depth))
            });
            if let Some((letter, depth)) = found {
                self.keys(if go { &letter } else { "\x1b\x1b\x1b" });
                return depth;
            }
            self.runner.session.send_raw(">").expect("next menu page");
        }
        panic!("no {proto} entry in the level menu:\n{}", self.screen());
    }

    /// Searches until no monster is next to us (the pet follows only from an adjacent square).
    pub fn step_away_from_the_pet(&mut self) {
        for _ in 0..20 {
            let me = self.world().player;
            let adjacent = self
                .world()
                .monsters
                .iter()
                .any(|m| (m.pos.x - me.x).abs() <= 1 && (m.pos.y - me.y).abs() <= 1);
            if !adjacent {
                return;
            }
            self.keys("3s");
        }
        panic!("the pet stays next to us:\n{}", self.screen());
    }
}

/// The repository root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Copies the repository's `trees/` and `scripts/` under `dir`, for a test to play a variant of
/// the default trees; returns the copy's trees directory.
pub fn copy_trees(dir: &Path) -> PathBuf {
    for sub in ["trees", "scripts"] {
        copy_dir(&repo().join(sub), &dir.join(sub));
    }
    dir.join("trees")
}

/// A copy of the repository's trees under `dir` (see [`copy_trees`]) with the line `added` put
/// after the line `anchor` (both whole lines, with their indent and newline) in `trees/{file}`:
/// the default trees with one node they leave out. Returns the copy's `main.yaml`.
pub fn tree_with(dir: &Path, file: &str, anchor: &str, added: &str) -> PathBuf {
    let trees = copy_trees(dir);
    let path = trees.join(file);
    let yaml = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {file}: {e}"));
    assert!(yaml.contains(anchor), "{file} changed: {yaml}");
    let with = yaml.replacen(anchor, &format!("{anchor}{added}"), 1);
    std::fs::write(&path, with).unwrap_or_else(|e| panic!("write {file}: {e}"));
    trees.join("main.yaml")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("make the copy's directory");
    for entry in std::fs::read_dir(from).expect("read the directory") {
        let entry = entry.expect("a directory entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy a file");
        }
    }
}
