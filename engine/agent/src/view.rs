//! The live view: the game screen exactly as NetHack draws it (its bytes mirrored to our
//! terminal), plus one line under it with the turn, the last action and its reason chain.

use std::io::Write;
use std::time::Duration;

use nhbot_world::{Decision, World};

use crate::session::Session;

#[derive(Clone, Debug, Default)]
pub struct View {
    pub live: bool,
    /// Pause after each decision so a person can follow.
    pub delay: Option<Duration>,
}

impl View {
    pub fn attach(&self, session: &mut Session) {
        if self.live {
            print!("\x1b[2J\x1b[H");
            session.on_output = Some(Box::new(|bytes: &[u8]| {
                let mut out = std::io::stdout().lock();
                let _ = out.write_all(bytes);
                let _ = out.flush();
            }));
        }
    }

    pub fn decision(&self, world: &World, d: &Decision) {
        if self.live {
            let mut line = format!("T:{} {}", world.turn, crate::run::short(d));
            line.truncate(79);
            // Save the cursor, write on row 25 (under the game's 24 rows), restore.
            print!("\x1b7\x1b[25;1H\x1b[2K\x1b[7m{line}\x1b[0m\x1b8");
            let _ = std::io::stdout().flush();
        }
        if let Some(delay) = self.delay {
            std::thread::sleep(delay);
        }
    }

    pub fn finish(&self) {
        if self.live {
            println!("\x1b[26;1H");
            let _ = std::io::stdout().flush();
        }
    }
}
