//! The real game runner: NetHack in a pty, driven by the agent with a tree or the trivial bot.

use anyhow::{Context, Result};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use nhbot_agent::{
    play_watched, Brain, EndReason, LoopObserver, RunConfig, TreeBrain, TrivialBrain, View,
    WorldSnapshots,
};
use nhbot_game::{Character, GameConfig};

use crate::run::GameRunner;

#[derive(Clone, Debug)]
pub enum BrainSpec {
    /// A behavior tree file (trees/main.yaml).
    Tree(PathBuf),
    /// The agent's built-in trivial bot.
    Trivial,
}

impl BrainSpec {
    pub fn label(&self) -> String {
        match self {
            BrainSpec::Tree(p) => p.display().to_string(),
            BrainSpec::Trivial => "trivial".into(),
        }
    }

    fn load(&self, seed: u64) -> Result<Box<dyn Brain>> {
        Ok(match self {
            BrainSpec::Tree(p) => Box::new(TreeBrain::load(p)?),
            BrainSpec::Trivial => Box::new(TrivialBrain::new(seed)),
        })
    }
}

pub struct AgentRunner {
    pub brain: BrainSpec,
    pub max_turns: Option<i64>,
    pub max_actions: Option<u64>,
    pub character: Character,
    /// Ctrl-C: running games save and end as interrupted.
    pub stop: Arc<AtomicBool>,
    /// Every this many decisions, the world decided on goes to `<game dir>/worlds/` (for
    /// `nhbot bench tree --worlds`).
    pub world_snapshots: Option<u64>,
}

impl AgentRunner {
    pub fn new(brain: BrainSpec, max_turns: Option<i64>) -> AgentRunner {
        AgentRunner {
            brain,
            max_turns,
            max_actions: None,
            character: Character::default(),
            stop: Arc::new(AtomicBool::new(false)),
            world_snapshots: None,
        }
    }

    /// Checks the brain loads and the game takes the character and options, which installs the
    /// game binary once, before threads start games (the install's temporary file is per
    /// process, so parallel first installs would race).
    pub fn prepare(&self) -> Result<()> {
        self.brain.load(1)?;
        nhbot_game::preflight::check(&self.character, &nhbot_game::install::default_cache_dir())?;
        Ok(())
    }
}

impl GameRunner for AgentRunner {
    fn settings(&self) -> Value {
        json!({
            "brain": self.brain.label(),
            "max_turns": self.max_turns,
            "max_actions": self.max_actions,
            "character": self.character,
        })
    }

    fn play(&self, seed: u64, game_dir: &Path) -> Result<Option<Value>> {
        // The game runs with another working directory: a relative playground would not be found.
        let game_dir = &std::path::absolute(game_dir)
            .with_context(|| format!("resolving {}", game_dir.display()))?;
        let mut brain = self.brain.load(seed)?;
        let mut game = GameConfig::new(game_dir.to_path_buf());
        game.seed = Some(seed);
        game.character = self.character.clone();
        game.ttyrec = Some(game_dir.join("game.ttyrec"));
        let mut cfg = RunConfig {
            game,
            max_turns: self.max_turns,
            max_actions: self.max_actions,
            results: None,
            decision_log: Some(game_dir.join("decisions.log")),
            facts: Some(game_dir.join("facts.jsonl")),
            view: View::default(),
            stop: self.stop.clone(),
            brain_label: self.brain.label(),
        };
        let extra: Vec<Box<dyn LoopObserver>> = match self.world_snapshots {
            Some(every) => vec![Box::new(WorldSnapshots {
                dir: game_dir.join("worlds"),
                every,
            })],
            None => Vec::new(),
        };
        let result = play_watched(&mut cfg, brain.as_mut(), extra)?;
        if result.end == EndReason::Interrupted {
            return Ok(None);
        }
        let unended = matches!(result.end, EndReason::GameOver | EndReason::Error);
        if unended && result.score.is_none() && stopping(&self.stop) {
            // The game's process ended without the game recording an end (mid-game, or while
            // it started: an error then) as we are told to stop: it was killed (a scheduler's
            // SIGTERM reaches every process of a task, the game's too). Not a finished game:
            // unrecorded, so a rerun plays the seed again.
            return Ok(None);
        }
        if result.end == EndReason::GameOver && result.score.is_none() {
            anyhow::bail!(
                "the game ended at turn {} without recording an end (its process was killed?)",
                result.turns
            );
        }
        Ok(Some(serde_json::to_value(&result)?))
    }
}

/// Whether the run is told to stop, now or within half a second: the SIGTERM that kills a
/// scheduler task's game reaches this process at the same moment, and the engine may see the
/// game gone before the signal handler has set the flag.
fn stopping(stop: &std::sync::atomic::AtomicBool) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_millis(500);
    loop {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return true;
        }
        if std::time::Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}
