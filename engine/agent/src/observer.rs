//! What watches the game loop: the decision log, the live view, the knowledge-base feed and the
//! results line each attach to [`crate::run::play`] as a [`LoopObserver`].

use anyhow::Result;
use nhbot_world::{Decision, World};

use crate::result::GameResult;
use crate::session::Session;

/// One watcher of the game loop. Every method has a default that does nothing, so an observer
/// implements only what it listens to. The loop calls the observers in the order they were
/// attached; an `Err` from one ends the game as an error (as a failed write to the decision
/// log always has).
pub trait LoopObserver {
    /// Once, before the game's first screen is read: the session whose output can be mirrored.
    fn on_start(&mut self, _session: &mut Session) {}

    /// At the top of every pass through the loop (the first right after the game's first
    /// screen): the world as just observed and the lines of the game windows closed since the
    /// previous pass. Returns warnings, which the loop notes with the session's own.
    fn on_frame(&mut self, _world: &World, _window_lines: &[String]) -> Vec<String> {
        Vec::new()
    }

    /// A warning (the session's, an observer's) or a note from the brain (tree reloads, script
    /// errors), at the world it came with.
    fn on_note(&mut self, _world: &World, _note: &str) -> Result<()> {
        Ok(())
    }

    /// A line a leaf logged while taking the decision that follows (Lua's `log(...)`), at the
    /// world it was taken on.
    fn on_leaf_log(&mut self, _world: &World, _line: &nhbot_bt::LeafLog) -> Result<()> {
        Ok(())
    }

    /// The phase the brain's plan follows as it took the decision that follows (`None`: no
    /// plan, or no phase of it possible), told before every decision: the head of its reason
    /// chain.
    fn on_phase(&mut self, _world: &World, _phase: Option<&str>) -> Result<()> {
        Ok(())
    }

    /// The decision about to be carried out, at the world it was taken on.
    fn on_decision(&mut self, _world: &World, _decision: &Decision) -> Result<()> {
        Ok(())
    }

    /// The game is over (quit, saved or dead) and its result known.
    fn on_end(&mut self, _result: &GameResult) -> Result<()> {
        Ok(())
    }
}
