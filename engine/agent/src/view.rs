//! The live view: the game screen exactly as NetHack draws it (its bytes mirrored to our
//! terminal), plus one line under it with the turn, the last action and its reason chain.

use anyhow::Result;
use std::io::Write;
use std::time::Duration;

use nhbot_world::{Decision, World};

use crate::observer::LoopObserver;
use crate::result::GameResult;
use crate::session::Session;

#[derive(Clone, Debug, Default)]
pub struct View {
    pub live: bool,
    /// Pause after each decision so a person can follow.
    pub delay: Option<Duration>,
}

/// The view watches the loop: it mirrors the session's output from the start, writes the
/// summary line at each decision and moves the cursor under the game at the end.
impl LoopObserver for View {
    fn on_start(&mut self, session: &mut Session) {
        if self.live {
            print!("\x1b[2J\x1b[H");
            session.on_output = Some(Box::new(|bytes: &[u8]| {
                let mut out = std::io::stdout().lock();
                let _ = out.write_all(bytes);
                let _ = out.flush();
            }));
        }
    }

    fn on_decision(&mut self, world: &World, d: &Decision) -> Result<()> {
        if self.live {
            let mut line = format!("T:{} {}", world.turn, short(d));
            line.truncate(79);
            // Save the cursor, write on row 25 (under the game's 24 rows), restore.
            print!("\x1b7\x1b[25;1H\x1b[2K\x1b[7m{line}\x1b[0m\x1b8");
            let _ = std::io::stdout().flush();
        }
        if let Some(delay) = self.delay {
            std::thread::sleep(delay);
        }
        Ok(())
    }

    fn on_end(&mut self, _result: &GameResult) -> Result<()> {
        if self.live {
            println!("\x1b[26;1H");
            let _ = std::io::stdout().flush();
        }
        Ok(())
    }
}

/// The decision summary under the game: "action — reason (path)".
pub fn short(decision: &Decision) -> String {
    format!(
        "{} — {} ({})",
        decision.action, decision.reason, decision.path
    )
}
