//! `nhbot play`.

use anyhow::{bail, Context, Result};
use clap::Args;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use nhbot_agent::{play, Brain, RunConfig, TrivialBrain, View};
use nhbot_game::playground::{saved_game, wait_for_running_game, DirLock, GAME_EXIT_GRACE};
use nhbot_game::{Character, GameConfig};

#[derive(Args, Clone, Debug)]
pub struct PlayArgs {
    /// Reproducible game: fixes the game's RNG seed and clock.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Stop (quitting the game, so it records its score) at this turn.
    #[arg(long)]
    pub max_turns: Option<i64>,
    /// Stop after this many decisions.
    #[arg(long)]
    pub max_actions: Option<u64>,
    #[arg(long, default_value = "Valkyrie")]
    pub role: String,
    #[arg(long, default_value = "human")]
    pub race: String,
    #[arg(long, default_value = "female")]
    pub gender: String,
    #[arg(long, default_value = "neutral")]
    pub align: String,
    #[arg(long, default_value = "nhbot")]
    pub name: String,
    /// The behavior tree to play with.
    #[arg(long, default_value = "trees/main.yaml")]
    pub tree: PathBuf,
    /// Use the built-in trivial bot instead of a tree.
    #[arg(long)]
    pub trivial: bool,
    /// No live view; print one summary line at the end.
    #[arg(long)]
    pub headless: bool,
    /// Milliseconds to pause after each decision in the live view.
    #[arg(long)]
    pub delay: Option<u64>,
    /// Where to write the ttyrec (default: the game's directory).
    #[arg(long)]
    pub ttyrec: Option<PathBuf>,
    /// Continue a saved game: its directory, or (no value) the newest saved game under --runs.
    #[arg(long, num_args = 0..=1, default_missing_value = NEWEST)]
    pub resume: Option<PathBuf>,
    /// Directory for game directories and the results file.
    #[arg(long, default_value = "runs")]
    pub runs: PathBuf,
    /// Results file (JSON lines, appended).
    #[arg(long)]
    pub results: Option<PathBuf>,
    /// Wizard mode (-D): test scenarios only.
    #[arg(long, hide = true)]
    pub wizard: bool,
}

/// `--resume` without a value: the newest saved game.
const NEWEST: &str = "newest";

/// What a game directory remembers so `--resume` restarts the same game.
#[derive(Serialize, Deserialize)]
struct GameMeta {
    seed: Option<u64>,
    character: Character,
    wizard: bool,
}

pub fn run(args: PlayArgs) -> Result<i32> {
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        // Ctrl-C (SIGINT), SIGTERM and SIGHUP (the `termination` feature) all stop the game the
        // same way: the loop ends before its next decision, the game is saved for --resume and
        // the results line written. The game runs in its own session, so the terminal's
        // signals reach only us.
        let hup_ignored = sighup_ignored();
        ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed))
            .context("installing the signal handler")?;
        if hup_ignored {
            // Under nohup SIGHUP is ignored on purpose: keep playing through a hangup.
            // SAFETY: sets a signal disposition; no handler of ours is involved.
            unsafe { libc::signal(libc::SIGHUP, libc::SIG_IGN) };
        }
    }
    // Held until the game is over: no second nhbot plays (or resumes) in the same directory.
    let _lock: DirLock;
    let (game_dir, meta) = match &args.resume {
        Some(dir) => {
            let dir = if dir.as_os_str() == NEWEST {
                newest_saved_game(&args.runs)?
            } else {
                dir.clone()
            };
            let meta: GameMeta = serde_json::from_str(
                &std::fs::read_to_string(dir.join("game.json"))
                    .with_context(|| format!("{} is not an nhbot game directory", dir.display()))?,
            )?;
            _lock = DirLock::take(&dir)?;
            // An nhbot killed outright leaves its game saving on the pty's hangup: let it finish.
            wait_for_running_game(&dir, GAME_EXIT_GRACE)?;
            if saved_game(&dir).is_none() {
                bail!(
                    "{} has no saved game to resume (its game is over, or was never saved)",
                    dir.display()
                );
            }
            (dir, meta)
        }
        None => {
            let stamp = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap_or_default()
                .as_millis();
            let seed = args.seed.map(|s| format!("s{s}-")).unwrap_or_default();
            let dir = args
                .runs
                .join("games")
                .join(format!("{seed}{stamp}-{}", std::process::id()));
            let character = Character {
                name: args.name.clone(),
                role: args.role.clone(),
                race: args.race.clone(),
                gender: args.gender.clone(),
                align: args.align.clone(),
            };
            // Before the game directory exists: a character the game would refuse is an error.
            let cache = nhbot_game::install::default_cache_dir();
            let character = nhbot_game::preflight::check(&character, &cache)?;
            let meta = GameMeta {
                seed: args.seed,
                character,
                wizard: args.wizard,
            };
            std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
            _lock = DirLock::take(&dir)?;
            std::fs::write(dir.join("game.json"), serde_json::to_string_pretty(&meta)?)?;
            (dir, meta)
        }
    };
    let mut game = GameConfig::new(game_dir.clone());
    game.seed = meta.seed;
    game.character = meta.character.clone();
    game.wizard = meta.wizard;
    game.ttyrec = Some(
        args.ttyrec
            .clone()
            .unwrap_or_else(|| game_dir.join("game.ttyrec")),
    );

    let mut brain: Box<dyn Brain> = if args.trivial {
        Box::new(TrivialBrain::new(meta.seed.unwrap_or(1)))
    } else {
        crate::play::tree_brain(&args.tree)?
    };
    let mut cfg = RunConfig {
        game,
        max_turns: args.max_turns,
        max_actions: args.max_actions,
        results: Some(
            args.results
                .clone()
                .unwrap_or_else(|| args.runs.join("results.jsonl")),
        ),
        decision_log: Some(game_dir.join("decisions.log")),
        facts: Some(game_dir.join("facts.jsonl")),
        view: View {
            live: !args.headless,
            delay: args.delay.map(Duration::from_millis),
        },
        stop,
        brain_label: brain.name(),
    };
    let result = play(&mut cfg, brain.as_mut())?;
    // Not println!: after a SIGHUP the terminal may be gone, and the game is saved and its
    // results line written by now; a failed write must not turn that into a panic.
    let _ = writeln!(
        std::io::stdout(),
        "{} seed={} end={:?} death={} score={} turns={} maxdepth={} actions={} {:.0} actions/s dir={}",
        if result.error.is_some() { "ERROR" } else { "done" },
        result.seed.map(|s| s.to_string()).unwrap_or_else(|| "-".into()),
        result.end,
        result.death.as_deref().unwrap_or("-"),
        result.score.map(|s| s.to_string()).unwrap_or_else(|| "-".into()),
        result.turns,
        result.max_depth,
        result.actions,
        result.actions_per_s,
        result.game_dir
    );
    if let Some(e) = &result.error {
        let _ = writeln!(std::io::stderr(), "nhbot: {e}");
        return Ok(1);
    }
    Ok(0)
}

/// Whether SIGHUP is ignored (as `nohup` leaves it).
fn sighup_ignored() -> bool {
    // SAFETY: reads the current disposition only (no new action is given).
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(libc::SIGHUP, std::ptr::null(), &mut old) == 0
            && old.sa_sigaction == libc::SIG_IGN
    }
}

fn newest_saved_game(runs: &Path) -> Result<PathBuf> {
    let mut best: Option<(SystemTime, PathBuf)> = None;
    for entry in std::fs::read_dir(runs.join("games"))
        .with_context(|| format!("no games under {}", runs.display()))?
        .flatten()
    {
        let dir = entry.path();
        let saved = std::fs::read_dir(dir.join("save"))
            .map(|mut d| d.next().is_some())
            .unwrap_or(false);
        if saved {
            let t = entry.metadata()?.modified()?;
            if best.as_ref().is_none_or(|(bt, _)| t > *bt) {
                best = Some((t, dir));
            }
        }
    }
    match best {
        Some((_, d)) => Ok(d),
        None => bail!("no saved game under {}/games", runs.display()),
    }
}

/// The behavior-tree brain; a tree that does not load is an error naming file:line:col.
pub fn tree_brain(tree: &Path) -> Result<Box<dyn Brain>> {
    Ok(Box::new(nhbot_agent::TreeBrain::load(tree)?))
}
