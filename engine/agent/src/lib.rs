//! nhbot-agent: the game loop. pty + sync (nhbot-game) → screen and scraper (nhbot-screen) →
//! world (nhbot-world) → decision (a [`Brain`]: a behavior tree or the trivial bot) → actions
//! (keys plus the prompt answers they imply) → pty.
//!
//! The world is fed only events ([`nhbot_world::Event`] through `World::observe`): the
//! [`Runner`] passes each screen frame (`observe`), the decision it carries out, the inventory
//! listings and farlook answers it reads.
//!
//! [`play`] is the loop itself: observe, decide, act, with the watchdog and the stop reasons.
//! Everything that watches it is a [`LoopObserver`] attached to it: the decision log and the
//! results line (`logs`), the live [`View`] and the knowledge-base feed (`kbfeed`). The trait:
//! `on_start(&mut Session)` before the first screen, `on_frame(&World, window_lines) ->
//! warnings` at each pass, `on_note(&World, &str)` per warning or brain note,
//! `on_phase(&World, Option<&str>)` (the plan phase, the head of the reason chain) and
//! `on_decision(&World, &Decision)` before each action, `on_end(&GameResult)` once the game is
//! over.

pub mod actions;
pub mod brain;
pub mod kbfeed;
pub mod logs;
pub mod milestones;
pub mod observe;
pub mod observer;
pub mod prompts;
pub mod replay;
pub mod result;
pub mod run;
pub mod session;
pub mod snapshots;
pub mod view;
mod watchdog;

pub use brain::{Brain, TreeBrain, TrivialBrain};
pub use milestones::{Milestone, MilestoneWatch, Milestones, Reached};
pub use observer::LoopObserver;
pub use result::{EndReason, GameResult};
pub use run::{play, play_watched, RunConfig, Runner};
pub use session::Session;
pub use snapshots::WorldSnapshots;
pub use view::View;
