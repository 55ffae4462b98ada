//! nhbot-agent: the game loop. pty + sync (nhbot-game) → screen and scraper (nhbot-screen) →
//! world (nhbot-world) → decision (a [`Brain`]: a behavior tree or the trivial bot) → actions
//! (keys plus the prompt answers they imply) → pty.

pub mod actions;
pub mod brain;
pub mod kbfeed;
pub mod observe;
pub mod prompts;
pub mod replay;
pub mod run;
pub mod session;
pub mod view;

pub use brain::{Brain, TreeBrain, TrivialBrain};
pub use run::{play, EndReason, GameResult, RunConfig, Runner};
pub use session::Session;
pub use view::View;
