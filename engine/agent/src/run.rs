//! One game from start to end: the decision loop, the watchdog, stopping, and the result line.

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use nhbot_game::{xlog, Game, GameConfig};
use nhbot_world::{Action, Decision, Event, World};

use crate::actions::plan;
use crate::brain::Brain;
use crate::kbfeed::KbFeed;
use crate::observe::observe;
use crate::session::Session;
use crate::view::View;

/// A game that makes no turn progress for this many consecutive actions is ended as "stuck".
pub const WATCHDOG_ACTIONS: u64 = 1000;

/// An identical decision repeated this often without a turn passing is replaced by one turn of
/// searching (logged as `engine/unstick`).
pub const UNSTICK_REPEATS: u32 = 20;

pub struct RunConfig {
    pub game: GameConfig,
    pub max_turns: Option<i64>,
    pub max_actions: Option<u64>,
    /// Append the result line here.
    pub results: Option<PathBuf>,
    /// One line per decision: turn, action, path, reason.
    pub decision_log: Option<PathBuf>,
    /// The game's knowledge-base fact log (JSON lines, appended).
    pub facts: Option<PathBuf>,
    pub view: View,
    /// Set by Ctrl-C: save the game and stop.
    pub stop: Arc<AtomicBool>,
    /// Free-form label of what decided (tree file) for the results line.
    pub brain_label: String,
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// The game ended by itself (death, or an ascension).
    GameOver,
    MaxTurns,
    MaxActions,
    /// No turn progress for WATCHDOG_ACTIONS actions.
    Stuck,
    /// Ctrl-C: the game was saved for --resume.
    Interrupted,
    Error,
}

/// The results line of one game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameResult {
    pub seed: Option<u64>,
    pub role: String,
    pub race: String,
    pub gender: String,
    pub align: String,
    pub brain: String,
    pub end: EndReason,
    /// Death cause from the game's own record ("killed by a jackal", "quit", "starvation"...).
    pub death: Option<String>,
    pub score: Option<i64>,
    pub turns: i64,
    pub max_depth: i32,
    pub xl: i32,
    pub actions: u64,
    pub keys: u64,
    pub wall_s: f64,
    pub actions_per_s: f64,
    pub warnings: u64,
    pub game_dir: String,
    pub error: Option<String>,
    /// Per-level exploration statistics (squares seen, doors and hidden doors found, turns).
    #[serde(default)]
    pub levels: Vec<nhbot_world::LevelStats>,
}

/// A running game at the level of decisions: observe, decide elsewhere, act.
pub struct Runner {
    pub session: Session,
    pub world: World,
    pub actions: u64,
    /// The inventory must be read again before the next decision.
    inventory_stale: bool,
    /// When each (square, glyph) was last farlooked, so a monster is asked about once.
    looked: std::collections::HashMap<(nhbot_world::Pos, char), i64>,
}

/// Farlook the same square and glyph again only after this many turns.
const LOOK_AGAIN_AFTER: i64 = 50;

/// Actions after which the pack has (or may have) changed.
fn changes_inventory(a: &Action) -> bool {
    matches!(
        a,
        Action::Eat { .. }
            | Action::Throw { .. }
            | Action::Pickup { .. }
            | Action::Pray
            | Action::Keys { .. }
            | Action::Engrave { .. }
    )
}

/// Messages that say the pack changed: a pick-up ("f - a food ration."), a theft, a drop...
fn message_changes_inventory(m: &str) -> bool {
    let b = m.as_bytes();
    (b.len() > 4 && b[0].is_ascii_alphabetic() && &b[1..4] == b" - ")
        || [
            "stole",
            "You drop",
            "rots away",
            "You finish eating",
            "snatches",
            "Your pack",
        ]
        .iter()
        .any(|k| m.contains(k))
}

impl Runner {
    /// A runner on `session` with an empty world (nothing read yet).
    fn around(session: Session) -> Runner {
        Runner {
            session,
            world: World::default(),
            actions: 0,
            inventory_stale: true,
            looked: Default::default(),
        }
    }

    /// Starts the game and reads its first screen into the world.
    pub fn start(game: &GameConfig) -> Result<Runner> {
        let mut session = Session::new(Game::start(game)?);
        session.start()?;
        let mut runner = Runner::around(session);
        runner.observe();
        runner.refresh_inventory()?;
        runner.identify_monsters()?;
        Ok(runner)
    }

    /// Reads the current frame (and the messages since the last call) into the world.
    pub fn observe(&mut self) {
        observe(&mut self.world, &mut self.session);
    }

    /// Carries out one decision and observes its outcome (reading the inventory again when the
    /// action or its messages say the pack changed).
    pub fn act(&mut self, decision: &Decision) -> Result<()> {
        self.world.observe(Event::Decision(decision));
        self.session.perform(&plan(&decision.action))?;
        self.actions += 1;
        self.observe();
        self.inventory_stale |= changes_inventory(&decision.action)
            || self
                .world
                .messages
                .iter()
                .any(|m| message_changes_inventory(m));
        self.refresh_inventory()?;
        self.identify_monsters()
    }

    /// Farlooks (`;`, no game time) one visible monster the world cannot name yet, and tells the
    /// world what it is (name, peaceful, tame). One per decision keeps the cost bounded.
    pub fn identify_monsters(&mut self) -> Result<()> {
        if self.session.ended {
            return Ok(());
        }
        let turn = self.world.turn;
        let looked = &self.looked;
        let Some(target) = self
            .world
            .monsters
            .iter()
            .filter(|m| m.name.is_none() && !m.tame && m.last_seen == turn && m.ch != 'I')
            .filter(|m| {
                looked
                    .get(&(m.pos, m.ch))
                    .is_none_or(|t| turn - t >= LOOK_AGAIN_AFTER)
            })
            .min_by_key(|m| {
                (m.pos.x - self.world.player.x)
                    .abs()
                    .max((m.pos.y - self.world.player.y).abs())
            })
            .map(|m| (m.pos, m.ch))
        else {
            return Ok(());
        };
        self.looked.insert(target, turn);
        self.session
            .perform(&plan(&Action::Farlook { at: target.0 }))?;
        // The answer is no message of this decision's: the world keeps the ones it has.
        let answer = self.session.take_messages();
        if std::env::var_os("NHBOT_DEBUG_FARLOOK").is_some() {
            eprintln!("farlook {target:?}: {answer:?}");
        }
        if let Some(found) = answer.iter().find_map(|m| nhbot_world::parse_farlook(m)) {
            self.world.observe(Event::Farlook {
                at: target.0,
                answer: &found,
            });
        }
        Ok(())
    }

    /// Reads the inventory if it may have changed (costs no game time).
    pub fn refresh_inventory(&mut self) -> Result<()> {
        if !self.inventory_stale || self.session.ended {
            return Ok(());
        }
        let items = self.session.read_inventory()?;
        self.world.observe(Event::Inventory(&items));
        self.inventory_stale = false;
        // Keep this decision's messages: reading the inventory adds none worth a decision.
        let _ = self.session.take_messages();
        Ok(())
    }
}

pub fn play(cfg: &mut RunConfig, brain: &mut dyn Brain) -> Result<GameResult> {
    let started = Instant::now();
    let game = Game::start(&cfg.game)?;
    let mut session = Session::new(game);
    cfg.view.attach(&mut session);
    let mut runner = Runner::around(session);
    let mut log = match &cfg.decision_log {
        Some(p) => Some(std::io::BufWriter::new(open_append(p)?)),
        None => None,
    };
    let kb = match &cfg.facts {
        Some(p) => Some(KbFeed::open(p)?),
        None => None,
    };
    if let Some(kb) = &kb {
        brain.install_kb(kb.clone());
    }
    let mut warnings = 0u64;
    let mut last_turn = -1i64;
    let mut actions_since_progress = 0u64;
    let (mut repeated, mut repeats): (Option<Decision>, u32) = (None, 0);
    let mut error = None;

    let outcome: Result<EndReason> = (|| {
        runner.session.start()?;
        runner.observe();
        runner.refresh_inventory()?;
        runner.identify_monsters()?;
        loop {
            let window_lines = runner.session.take_window_lines();
            if let Some(kb) = &kb {
                if let Err(e) = kb.observe(&runner.world, &window_lines) {
                    runner.session.warn(format!("knowledge base: {e:#}"));
                }
            }
            let world = &runner.world;
            for w in runner
                .session
                .take_warnings()
                .into_iter()
                .chain(brain.notes())
            {
                warnings += 1;
                log::warn!("{w}");
                if let Some(l) = log.as_mut() {
                    writeln!(l, "T{} NOTE {w}", world.turn)?;
                }
            }
            if runner.session.ended {
                return Ok(EndReason::GameOver);
            }
            if cfg.stop.load(Ordering::Relaxed) {
                return Ok(EndReason::Interrupted);
            }
            if cfg.max_turns.is_some_and(|m| world.turn >= m) {
                return Ok(EndReason::MaxTurns);
            }
            if cfg.max_actions.is_some_and(|m| runner.actions >= m) {
                return Ok(EndReason::MaxActions);
            }
            if world.turn != last_turn {
                last_turn = world.turn;
                actions_since_progress = 0;
            } else if actions_since_progress >= WATCHDOG_ACTIONS {
                return Ok(EndReason::Stuck);
            }
            let mut decision = brain.decide(world);
            // The same decision over and over with no game time passing is a loop the brain
            // cannot see (a step the game refuses): pass one turn so the world can change.
            repeats = if repeated.as_ref() == Some(&decision) {
                repeats + 1
            } else {
                0
            };
            repeated = Some(decision.clone());
            if repeats >= UNSTICK_REPEATS && actions_since_progress >= UNSTICK_REPEATS as u64 {
                decision = Decision {
                    action: Action::Search { count: 1 },
                    path: "engine/unstick".into(),
                    reason: format!(
                        "{} repeated {repeats} times without a turn passing",
                        decision.path
                    ),
                };
                repeats = 0;
            }
            if let Some(l) = log.as_mut() {
                writeln!(
                    l,
                    "T{} {} | {} | {}",
                    world.turn,
                    describe(&decision.action),
                    decision.path,
                    decision.reason
                )?;
            }
            cfg.view.decision(world, &decision);
            runner.act(&decision)?;
            actions_since_progress += 1;
        }
    })();

    let end = match outcome {
        Ok(end) => end,
        Err(e) => {
            error = Some(format!("{e:#}"));
            EndReason::Error
        }
    };
    let Runner {
        mut session,
        world,
        actions,
        ..
    } = runner;
    // Finish the game the way the end reason asks: a budget or a stuck game is quit (so the game
    // records its score), an interrupted or failed one is saved for --resume.
    match end {
        EndReason::MaxTurns | EndReason::MaxActions | EndReason::Stuck => quit(&mut session),
        EndReason::Interrupted | EndReason::Error => {
            let _ = session.game.hangup(Duration::from_secs(10));
        }
        EndReason::GameOver => {}
    }
    let _ = session.game.hangup(Duration::from_secs(5));
    let _ = session.game.flush_recording();
    if let Some(l) = log.as_mut() {
        l.flush()?;
    }
    cfg.view.finish();

    let record = xlog::read_last(&session.game.playground.xlogfile());
    let wall_s = started.elapsed().as_secs_f64();
    let ch = &cfg.game.character;
    let result = GameResult {
        seed: cfg.game.seed,
        role: ch.role.clone(),
        race: ch.race.clone(),
        gender: ch.gender.clone(),
        align: ch.align.clone(),
        brain: cfg.brain_label.clone(),
        end,
        death: record.as_ref().map(|r| r.death.clone()),
        score: record.as_ref().map(|r| r.points),
        turns: record.as_ref().map(|r| r.turns).unwrap_or(world.turn),
        max_depth: record
            .as_ref()
            .map(|r| r.maxlvl)
            .unwrap_or(world.status.dlvl),
        xl: world.status.xl,
        actions,
        keys: session.game.keys_sent,
        wall_s,
        actions_per_s: actions as f64 / wall_s.max(1e-9),
        warnings,
        game_dir: cfg.game.playground.display().to_string(),
        error,
        levels: world.level_stats(),
    };
    if let Some(path) = &cfg.results {
        append_result(path, &result)?;
    }
    Ok(result)
}

/// Quits the running game so that it writes its record (score, turns, depth).
fn quit(session: &mut Session) {
    let q = crate::actions::Plan {
        keys: "\x1b#quit\r".into(),
        expect: vec![crate::prompts::Expect::new("Really quit?", "y")],
    };
    if let Err(e) = session.perform(&q) {
        log::warn!("quitting the game: {e:#}");
    }
}

fn describe(a: &Action) -> String {
    serde_json::to_string(a).unwrap_or_else(|_| format!("{a:?}"))
}

fn open_append(path: &Path) -> Result<std::fs::File> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("opening {}", path.display()))
}

/// Appends one JSON line with a single write (O_APPEND keeps lines whole across processes).
pub fn append_result(path: &Path, result: &GameResult) -> Result<()> {
    let mut line = serde_json::to_string(result)?;
    line.push('\n');
    let mut f = open_append(path)?;
    f.write_all(line.as_bytes())?;
    f.sync_data()?;
    Ok(())
}

/// Used by the decision summary in the view.
pub fn short(decision: &Decision) -> String {
    format!(
        "{} — {} ({})",
        decision.action, decision.reason, decision.path
    )
}
