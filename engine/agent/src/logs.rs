//! The loop's files: the decision log (one line per decision or note) and the results line.

use anyhow::Result;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use nhbot_world::{Action, Decision, World};

use crate::observer::LoopObserver;
use crate::result::{append_result, open_append, GameResult};

/// `decisions.log`: `T<turn> <action JSON> | <path> | <reason>` per decision, `T<turn> NOTE
/// <note>` per warning or brain note.
pub struct DecisionLog {
    out: BufWriter<std::fs::File>,
}

impl DecisionLog {
    /// Opens `path` for appending (a resumed game continues its log).
    pub fn open(path: &Path) -> Result<DecisionLog> {
        Ok(DecisionLog {
            out: BufWriter::new(open_append(path)?),
        })
    }
}

impl LoopObserver for DecisionLog {
    fn on_note(&mut self, world: &World, note: &str) -> Result<()> {
        writeln!(self.out, "T{} NOTE {note}", world.turn)?;
        Ok(())
    }

    fn on_decision(&mut self, world: &World, decision: &Decision) -> Result<()> {
        writeln!(
            self.out,
            "T{} {} | {} | {}",
            world.turn,
            describe(&decision.action),
            decision.path,
            decision.reason
        )?;
        Ok(())
    }

    fn on_end(&mut self, _result: &GameResult) -> Result<()> {
        self.out.flush()?;
        Ok(())
    }
}

fn describe(a: &Action) -> String {
    serde_json::to_string(a).unwrap_or_else(|_| format!("{a:?}"))
}

/// The results file: the game's result appended as one JSON line when it ends.
pub struct ResultsLine {
    pub path: PathBuf,
}

impl LoopObserver for ResultsLine {
    fn on_end(&mut self, result: &GameResult) -> Result<()> {
        append_result(&self.path, result)
    }
}
