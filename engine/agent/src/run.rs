//! One game from start to end: the decision loop, the watchdog, stopping, and the result. What
//! watches the loop (decision log, live view, knowledge-base feed, results line) attaches to it
//! as a [`LoopObserver`].

use anyhow::{anyhow, Result};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use nhbot_game::{xlog, Game, GameConfig};
use nhbot_world::{Action, Decision, Event, Pick, World};

use crate::actions::{commands, plan, resolve_pick};
use crate::brain::Brain;
use crate::kbfeed::KbFeed;
use crate::logs::{DecisionLog, ResultsLine};
use crate::milestones::{MilestoneWatch, MilestonesFile};
use crate::observe::observe;
use crate::observer::LoopObserver;
use crate::session::Session;
use crate::view::{View, ViewObserver};

pub use crate::result::{append_result, EndReason, GameResult, TimeSplit};
use crate::result::{thread_cpu_time, PhasesFile, Totals, TotalsFile};
use crate::watchdog::Watchdog;
pub use crate::watchdog::{
    LIVELOCK_GAP_TURNS, LIVELOCK_UNSTICKS, UNSTICK_IDLE_ACTIONS, UNSTICK_KEYS, UNSTICK_REPEATS,
    WATCHDOG_ACTIONS,
};

/// The results line names this many of the leaves that took the most time.
pub const SLOWEST_LEAVES: usize = 8;

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

/// A running game at the level of decisions: observe, decide elsewhere, act.
pub struct Runner {
    pub session: Session,
    pub world: World,
    pub actions: u64,
    /// The inventory must be read again before the next decision.
    inventory_stale: bool,
    /// When each sighting (square, glyph, first seen) was last farlooked, so a monster is asked
    /// about once.
    looked: Looked,
    /// Time spent updating the world (`World::observe`).
    pub observe_time: Duration,
}

/// Farlook the same square and glyph again only after this many turns.
const LOOK_AGAIN_AFTER: i64 = 50;

/// The visible monster the world cannot name yet that farlook should ask about now, nearest
/// first, with the key `looked` remembers it by.
fn farlook_target(world: &World, looked: &Looked) -> Option<LookKey> {
    let turn = world.turn;
    world
        .monsters
        .iter()
        // Hallucinating, farlook names a random monster: the world learns nothing from it.
        .filter(|m| m.name.is_none() && !m.tame && m.last_seen == turn && m.ch != 'I')
        .filter(|m| !m.hallucinated)
        .filter(|m| {
            looked
                .get(&(m.pos, m.ch, m.first_seen))
                .is_none_or(|t| turn - t >= LOOK_AGAIN_AFTER)
        })
        .min_by_key(|m| {
            (m.pos.x - world.player.x)
                .abs()
                .max((m.pos.y - world.player.y).abs())
        })
        .map(|m| (m.pos, m.ch, m.first_seen))
}

/// A sighting: square, glyph and the turn the world first saw that monster (a monster lost
/// from view and seen again, or another one on the same square, is a new sighting).
type LookKey = (nhbot_world::Pos, char, i64);
type Looked = std::collections::HashMap<LookKey, i64>;

/// Actions after which the pack has (or may have) changed.
fn changes_inventory(a: &Action) -> bool {
    matches!(
        a,
        Action::Eat { .. }
            | Action::Inventory
            | Action::Throw { .. }
            | Action::Pickup { .. }
            | Action::Pray
            | Action::Keys { .. }
            | Action::Engrave { .. }
            | Action::Zap { .. }
            | Action::Quaff { .. }
            | Action::Read { .. }
            | Action::Wear { .. }
            | Action::TakeOff { .. }
            | Action::Wield { .. }
            | Action::PutOn { .. }
            | Action::Remove { .. }
            | Action::Apply { .. }
            | Action::Fire { .. }
            | Action::Quiver { .. }
            | Action::Pay
            | Action::Drop { .. }
            | Action::Offer { .. }
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
            observe_time: Duration::ZERO,
        }
    }

    /// Starts the game and reads its first screen into the world.
    pub fn start(game: &GameConfig) -> Result<Runner> {
        let mut runner = Runner::around(Session::new(Game::start(game)?));
        runner.begin()?;
        Ok(runner)
    }

    /// Waits for the game's first screen and reads it into the world (with the inventory and a
    /// first farlook).
    fn begin(&mut self) -> Result<()> {
        self.session.start()?;
        self.observe();
        self.refresh_inventory()?;
        self.identify_monsters()
    }

    /// Reads the current frame (and the messages since the last call) into the world.
    pub fn observe(&mut self) {
        let started = Instant::now();
        observe(&mut self.world, &mut self.session);
        self.observe_time += started.elapsed();
    }

    /// Tells the world `event`, timed.
    fn tell(&mut self, event: Event<'_>) {
        let started = Instant::now();
        self.world.observe(event);
        self.observe_time += started.elapsed();
    }

    /// Carries out one decision and observes its outcome (reading the inventory again when the
    /// action or its messages say the pack changed).
    pub fn act(&mut self, decision: &Decision) -> Result<()> {
        self.tell(Event::Decision(decision));
        let action = self.resolved(&decision.action);
        if action == Action::Overview {
            let lines = crate::actions::read_overview(&mut self.session)?;
            self.tell(Event::Overview(&lines));
        } else {
            for command in commands(&action) {
                self.session.perform(&command)?;
            }
        }
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

    /// `action` against what the world knows: a pick-up by pile index becomes the text of that
    /// object (`resolve_pick`; one the world cannot resolve is noted as a warning), and firing
    /// the stack already in the quiver needs no readying.
    fn resolved(&mut self, action: &Action) -> Action {
        match action {
            Action::Pickup { what } => {
                let what = resolve_pick(&self.world, what.clone());
                if let Pick::Index(n) = what {
                    self.session.warn(format!(
                        "pick up #{n}: no such object in the last pile listed (look with `:` \
                         first)"
                    ));
                }
                Action::Pickup { what }
            }
            Action::Fire { dir, item: Some(c) }
                if self
                    .world
                    .inventory
                    .iter()
                    .any(|i| i.letter == *c && i.quivered) =>
            {
                Action::Fire {
                    dir: *dir,
                    item: None,
                }
            }
            other => other.clone(),
        }
    }

    /// Farlooks (`;`, no game time) one visible monster the world cannot name yet, and tells the
    /// world what it is (name, peaceful, tame). One per decision keeps the cost bounded.
    pub fn identify_monsters(&mut self) -> Result<()> {
        if self.session.ended {
            return Ok(());
        }
        let turn = self.world.turn;
        let Some(target) = farlook_target(&self.world, &self.looked) else {
            return Ok(());
        };
        self.looked.insert(target, turn);
        self.session
            .perform_pointing(&plan(&Action::Farlook { at: target.0 }))?;
        // The answer is no message of this decision's: the world keeps the ones it has.
        let answer = self.session.take_messages();
        if std::env::var_os("NHBOT_DEBUG_FARLOOK").is_some() {
            eprintln!("farlook {target:?}: {answer:?}");
        }
        if let Some(found) = answer.iter().find_map(|m| nhbot_world::parse_farlook(m)) {
            self.tell(Event::Farlook {
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
        self.tell(Event::Inventory(&items));
        self.inventory_stale = false;
        // Keep this decision's messages: reading the inventory adds none worth a decision.
        let _ = self.session.take_messages();
        Ok(())
    }
}

/// Plays one game to its end: observe, decide, tell the observers, act.
pub fn play(cfg: &mut RunConfig, brain: &mut dyn Brain) -> Result<GameResult> {
    play_watched(cfg, brain, Vec::new())
}

/// [`play`] with observers of your own, told of every event after the ones `cfg` asks for.
///
/// However the loop ends — the game over, a budget, a stop request (SIGINT, SIGTERM, SIGHUP in
/// `nhbot play`), an error, a panic — the game is finished (saved for `--resume` when it is not
/// over) and every observer hears the result, so the results line is written. A SIGKILL of the
/// engine skips all that: the game then saves on its pty's hangup, the recording and the decision
/// log hold whole frames and lines up to the kill, and the game's totals (`totals.json`, kept
/// after every decision) let the resumed run's results line count the whole game.
pub fn play_watched(
    cfg: &mut RunConfig,
    brain: &mut dyn Brain,
    extra: Vec<Box<dyn LoopObserver>>,
) -> Result<GameResult> {
    let started = Instant::now();
    let cpu_at_start = thread_cpu_time();
    let mut observers = observers(cfg, brain)?;
    observers.extend(extra);
    let mut session = Session::new(Game::start(&cfg.game)?);
    // A game restored from its save continues its counts; a new game starts from zero.
    let totals_path = session.game.playground.dir.join("totals.json");
    let (ledger, carried) = TotalsFile::open(&totals_path, session.game.restored)?;
    let carried = Totals {
        sessions: carried.sessions + 1,
        ..carried
    };
    ledger.store(&carried)?;
    // The plan's progress goes on too: a phase completed before the save stays completed.
    let phases_path = session.game.playground.dir.join("phases.json");
    let (mut phases, earlier) = PhasesFile::open(&phases_path, session.game.restored)?;
    brain.restore_phases(&earlier);
    for o in observers.iter_mut() {
        o.on_start(&mut session);
    }
    // Nobody watches the screen between decisions unless a live view mirrors it: the inventory
    // menu can then stay up until the next keys close it (one round trip fewer per reading).
    session.defer_menu_escape = session.on_output.is_none();
    // And the milestones reached before the save.
    let milestones_path = session.game.playground.dir.join("milestones.json");
    let (mut milestones_file, earlier) =
        MilestonesFile::open(&milestones_path, session.game.restored);
    let mut milestones = MilestoneWatch::resuming(earlier);
    let mut runner = Runner::around(session);
    let (mut warnings, mut watchdog) = (0u64, Watchdog::default());
    let (mut deciding, mut watching) = (Duration::ZERO, Duration::ZERO);
    let totals = |runner: &Runner, warnings: u64| carried.plus(runner, warnings, started.elapsed());

    let outcome = catch_unwind(AssertUnwindSafe(|| -> Result<EndReason> {
        runner.begin()?;
        loop {
            let watched = Instant::now();
            let window_lines = runner.session.take_window_lines();
            for o in observers.iter_mut() {
                for w in o.on_frame(&runner.world, &window_lines) {
                    runner.session.warn(w);
                }
            }
            milestones.observe(&runner.world);
            milestones_file.keep(milestones.reached())?;
            let notes = runner.session.take_warnings().into_iter();
            for note in notes.chain(brain.notes()) {
                warnings += 1;
                log::warn!("{note}");
                for o in observers.iter_mut() {
                    o.on_note(&runner.world, &note)?;
                }
            }
            if let Some(end) = end_reason(cfg, &runner, &mut watchdog) {
                return Ok(end);
            }
            let decided = Instant::now();
            watching += decided - watched;
            let decision = watchdog.unstick(brain.decide(&runner.world));
            let decision = keep_the_peace(&runner.world, decision);
            let decision = stay_in_the_dungeon(&runner.world, decision, &mut watchdog);
            let watched = Instant::now();
            deciding += watched - decided;
            for line in brain.leaf_logs() {
                for o in observers.iter_mut() {
                    o.on_leaf_log(&runner.world, &line)?;
                }
            }
            let phase = brain.phase();
            for o in observers.iter_mut() {
                o.on_phase(&runner.world, phase.as_deref())?;
                o.on_decision(&runner.world, &decision)?;
            }
            phases.keep(&brain.phase_records())?;
            watching += watched.elapsed();
            runner.act(&decision)?;
            watchdog.acted();
            let stored = Instant::now();
            ledger.store(&totals(&runner, warnings))?;
            watching += stored.elapsed();
        }
    }))
    // A panic (a bug in a leaf, the scraper, an observer) ends the game like an error: saved.
    .unwrap_or_else(|panic| Err(anyhow!("panic: {}", panic_message(panic.as_ref()))));

    let (end, error) = match outcome {
        Ok(end) => (end, None),
        Err(e) => (EndReason::Error, Some(format!("{e:#}"))),
    };
    finish(&mut runner.session, &end);
    let totals = totals(&runner, warnings);
    if let Err(e) = ledger.store(&totals) {
        log::warn!("keeping the game's totals: {e:#}");
    }
    let mut result = game_result(cfg, &runner, end, error, totals);
    result.phases = brain.phase_records();
    milestones.observe(&runner.world);
    result.milestones = milestones.reached().clone();
    if let Err(e) = milestones_file.keep(&result.milestones) {
        log::warn!("keeping the game's milestones: {e:#}");
    }
    let leaves = brain.leaf_times();
    result.time = Some(TimeSplit {
        session_s: started.elapsed().as_secs_f64(),
        game_s: runner.session.game_time.as_secs_f64(),
        game_waits: runner.session.waits,
        scrape_s: runner.session.scrape_time.as_secs_f64(),
        observe_s: runner.observe_time.as_secs_f64(),
        decide_s: deciding.as_secs_f64(),
        lua_s: leaves.iter().filter(|l| l.lua).map(|l| l.seconds).sum(),
        observers_s: watching.as_secs_f64(),
        engine_cpu_s: (thread_cpu_time().saturating_sub(cpu_at_start)).as_secs_f64(),
    });
    result.slowest_leaves = leaves.into_iter().take(SLOWEST_LEAVES).collect();
    if let Err(e) = phases.keep(&result.phases) {
        log::warn!("keeping the game's phases: {e:#}");
    }
    // Every observer hears the end even if one before it fails: the results line comes last.
    let mut failed = None;
    for o in observers.iter_mut() {
        let heard = catch_unwind(AssertUnwindSafe(|| o.on_end(&result)))
            .unwrap_or_else(|panic| Err(anyhow!("panic: {}", panic_message(panic.as_ref()))));
        if let Err(e) = heard {
            failed.get_or_insert(e);
        }
    }
    match failed {
        Some(e) => Err(e),
        None => Ok(result),
    }
}

/// The text a panic was raised with.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "(no message)".into())
}

/// The loop's observers as `cfg` asks for them, in the order they hear each event: the
/// decision log, the live view, the knowledge-base feed (also handed to the brain, for Lua's
/// `kb.*`) and the results line.
fn observers(cfg: &RunConfig, brain: &mut dyn Brain) -> Result<Vec<Box<dyn LoopObserver>>> {
    let mut observers: Vec<Box<dyn LoopObserver>> = Vec::new();
    if let Some(path) = &cfg.decision_log {
        observers.push(Box::new(DecisionLog::open(path)?));
    }
    observers.push(Box::new(ViewObserver::new(cfg.view.clone())));
    if let Some(path) = &cfg.facts {
        let kb = KbFeed::open(path)?;
        brain.install_kb(kb.clone());
        observers.push(Box::new(kb));
    }
    if let Some(path) = &cfg.results {
        observers.push(Box::new(ResultsLine { path: path.clone() }));
    }
    Ok(observers)
}

/// A decision that would anger the town watch or a temple priest ([`World::breaks_the_peace`]:
/// kicking or drinking from a fountain in Minetown...) is never sent: one turn of searching
/// instead, logged as `engine/keep_the_peace` with what was wanted and why not. The watch
/// turned on the whole town kills a mid-level character (seed 99's door kick).
fn keep_the_peace(world: &World, decision: Decision) -> Decision {
    match world.breaks_the_peace(&decision.action) {
        None => decision,
        Some(why) => Decision {
            action: Action::Search { count: 1 },
            path: "engine/keep_the_peace".into(),
            reason: format!("{} wanted `{}`, but {why}", decision.path, decision.action),
        },
    }
}

/// `<` on Dlvl 1 without the Amulet ([`World::leaves_the_dungeon`]) is never sent: the game
/// asks whether to leave for good, the answer is no and no turn passes. One turn of searching
/// instead, logged as `engine/stay_in_the_dungeon`, counted by the watchdog as an intervention
/// for the leaf (one that keeps asking is a livelock).
fn stay_in_the_dungeon(world: &World, decision: Decision, watchdog: &mut Watchdog) -> Decision {
    match world.leaves_the_dungeon(&decision.action) {
        None => decision,
        Some(why) => {
            watchdog.intervened(&decision.path);
            Decision {
                action: Action::Search { count: 1 },
                path: "engine/stay_in_the_dungeon".into(),
                reason: format!("{} wanted `{}`, but {why}", decision.path, decision.action),
            }
        }
    }
}

/// Why the loop stops before the next decision, if it does.
fn end_reason(cfg: &RunConfig, runner: &Runner, watchdog: &mut Watchdog) -> Option<EndReason> {
    let turn = runner.world.turn;
    if runner.session.ended {
        Some(EndReason::GameOver)
    } else if cfg.stop.load(Ordering::Relaxed) {
        Some(EndReason::Interrupted)
    } else if cfg.max_turns.is_some_and(|m| turn >= m) {
        Some(EndReason::MaxTurns)
    } else if cfg.max_actions.is_some_and(|m| runner.actions >= m) {
        Some(EndReason::MaxActions)
    } else if watchdog.stuck(turn) {
        Some(EndReason::Stuck)
    } else {
        None
    }
}

/// Finishes the game the way the end reason asks: a budget or a stuck game is quit (so the game
/// records its score), an interrupted or failed one is saved for --resume.
fn finish(session: &mut Session, end: &EndReason) {
    match end {
        EndReason::MaxTurns | EndReason::MaxActions | EndReason::Stuck => quit(session),
        EndReason::Interrupted | EndReason::Error => {
            let _ = session.game.hangup(Duration::from_secs(10));
        }
        EndReason::GameOver => {}
    }
    let _ = session.game.hangup(Duration::from_secs(5));
    let _ = session.game.flush_recording();
}

/// The results line: the game's own record where it wrote one, the world's belief otherwise;
/// the counts are the whole game's (every session's).
fn game_result(
    cfg: &RunConfig,
    runner: &Runner,
    end: EndReason,
    error: Option<String>,
    totals: Totals,
) -> GameResult {
    let (session, world) = (&runner.session, &runner.world);
    let record = xlog::read_last(&session.game.playground.xlogfile());
    let ch = &cfg.game.character;
    GameResult {
        seed: cfg.game.seed,
        role: ch.role.clone(),
        race: ch.race.clone(),
        gender: ch.gender.clone(),
        align: ch.align.clone(),
        brain: cfg.brain_label.clone(),
        end,
        death: record.as_ref().map(|r| r.death.clone()),
        helpless: record.as_ref().and_then(|r| r.helpless()),
        death_dungeon: record
            .as_ref()
            .and_then(|r| r.dungeon())
            .map(str::to_string),
        score: record.as_ref().map(|r| r.points),
        turns: record.as_ref().map(|r| r.turns).unwrap_or(world.turn),
        max_depth: record
            .as_ref()
            .map(|r| r.maxlvl)
            .unwrap_or(world.status.dlvl),
        xl: world.experience_level,
        actions: totals.actions,
        keys: totals.keys,
        wall_s: totals.wall_s,
        actions_per_s: totals.actions as f64 / totals.wall_s.max(1e-9),
        warnings: totals.warnings,
        game_dir: cfg.game.playground.display().to_string(),
        error,
        sessions: totals.sessions,
        levels: world.level_stats(),
        phases: Vec::new(),
        sokoban: world.dungeon.sokoban_summary(),
        milestones: Default::default(),
        time: None,
        slowest_leaves: Vec::new(),
    }
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

#[cfg(test)]
mod peace_tests {
    use super::*;
    use nhbot_world::{Branch, Dir, Level, Special};

    #[test]
    fn a_kick_in_minetown_is_never_sent() {
        let mut world = World::default();
        world.dungeon.levels = vec![Level::new(Branch::Mines, 5)];
        world.dungeon.current = Some(0);
        let kick = Decision {
            action: Action::Kick { dir: Dir::E },
            path: "root/explore".into(),
            reason: "a locked door".into(),
        };
        assert_eq!(keep_the_peace(&world, kick.clone()), kick, "no watch here");
        world.dungeon.levels[0].facts.mark(Special::Minetown);
        let kept = keep_the_peace(&world, kick);
        assert_eq!(kept.action, Action::Search { count: 1 });
        assert_eq!(kept.path, "engine/keep_the_peace");
        assert!(
            kept.reason.contains("root/explore wanted `kick E`") && kept.reason.contains("watch"),
            "{}",
            kept.reason
        );
    }
}

#[cfg(test)]
mod exit_tests {
    use super::*;
    use nhbot_world::{Branch, Level};

    #[test]
    fn the_up_stairs_of_dlvl_1_are_never_climbed() {
        let mut world = World::default();
        world.status.dlvl = 1;
        world.dungeon.levels = vec![Level::new(Branch::Doom, 1)];
        world.dungeon.current = Some(0);
        let ascend = Decision {
            action: Action::Ascend,
            path: "root/dungeons/play/leave_mines#1".into(),
            reason: "leaving the Gnomish Mines: up the stairs".into(),
        };
        let mut dog = Watchdog::default();
        let kept = stay_in_the_dungeon(&world, ascend.clone(), &mut dog);
        assert_eq!(kept.action, Action::Search { count: 1 });
        assert_eq!(kept.path, "engine/stay_in_the_dungeon");
        assert!(
            kept.reason.contains("leave_mines#1 wanted"),
            "{}",
            kept.reason
        );
        world.status.dlvl = 2;
        assert_eq!(
            stay_in_the_dungeon(&world, ascend.clone(), &mut dog),
            ascend
        );
    }
}

#[cfg(test)]
mod farlook_tests {
    use super::*;
    use nhbot_world::{Monster, Pos};

    /// Seed 7 of the bench: the pet, lost from view and seen again on a square where a
    /// monster of its glyph had been farlooked less than 50 turns before, was not asked about
    /// and was attacked as a hostile little dog.
    #[test]
    fn a_monster_newly_seen_is_asked_about_even_where_another_was() {
        let mut world = World {
            turn: 34,
            player: Pos::new(10, 10),
            ..World::default()
        };
        let mut looked = Looked::default();
        let before = Monster {
            pos: Pos::new(11, 10),
            ch: 'd',
            color: 15,
            first_seen: 20,
            last_seen: 20,
            ..Monster::default()
        };
        world.monsters = vec![before.clone()];
        world.turn = 20;
        looked.insert(farlook_target(&world, &looked).unwrap(), 20);
        // The same monster, still there: asked once.
        world.turn = 34;
        world.monsters[0].last_seen = 34;
        assert_eq!(farlook_target(&world, &looked), None);
        // A monster first seen now on that square is another sighting: ask.
        world.monsters[0].first_seen = 34;
        assert!(farlook_target(&world, &looked).is_some());
    }
}
