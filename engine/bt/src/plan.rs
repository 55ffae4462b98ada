//! Game plans: what a `plan` node remembers for the whole game, and the bookkeeping steps its
//! compiled form runs (see `compile.rs`, `Compiler::plan`).
//!
//! A plan is an ordered list of phases. At every tick the active phase is the first one that is
//! not skipped, not completed, whose `done` does not hold (when it holds the phase is completed
//! for the rest of the game) and whose `when` holds; the plan runs that phase's `do` only. The
//! memory is kept by phase *name* (unique in a tree), not by position or path, so a reload that
//! reorders, skips or adds phases keeps what was reached and completed, and a resumed game can
//! be given back its progress ([`PlanProgress::restore`]).
//!
//! The active phases (one per plan being followed; a plan inside a phase adds its own) are the
//! head of every decision's reason chain: `[sokoban: solve the four levels] root/... | reason`.
//! A decision taken above the plan (a survival branch pre-empting it) carries the phase the plan
//! last chose: the game is still in that phase.

pub use crate::compile::PhaseStep;
use crate::compile::Program;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A phase a plan is following now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseNow {
    pub name: String,
    pub goal: String,
    /// The plan's node path (`root`, `root/dungeons/do/sub_plan`).
    pub plan: String,
    /// The game turn it became active (this time).
    pub since: i64,
}

/// `sokoban: solve the four levels`.
impl fmt::Display for PhaseNow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.goal)
    }
}

/// `sokoban: solve the four levels`, or outer to inner phases joined by ` > ` when plans nest;
/// `None` when no plan follows a phase.
pub fn phase_label(active: &[PhaseNow]) -> Option<String> {
    if active.is_empty() {
        return None;
    }
    let parts: Vec<String> = active.iter().map(PhaseNow::to_string).collect();
    Some(parts.join(" > "))
}

/// One phase's progress in a game: the turns it first became active and it was completed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseRecord {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reached: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completed: Option<i64>,
}

/// What the plans of a tree remember for the whole game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlanProgress {
    /// Every phase reached or completed, in the order that first happened.
    pub records: Vec<PhaseRecord>,
    /// The phases being followed, outer plan first.
    pub active: Vec<PhaseNow>,
}

impl PlanProgress {
    fn record(&self, name: &str) -> Option<&PhaseRecord> {
        self.records.iter().find(|r| r.name == name)
    }

    fn record_mut(&mut self, name: &str) -> &mut PhaseRecord {
        if let Some(i) = self.records.iter().position(|r| r.name == name) {
            return &mut self.records[i];
        }
        self.records.push(PhaseRecord {
            name: name.to_string(),
            ..PhaseRecord::default()
        });
        self.records.last_mut().expect("just pushed")
    }

    /// The turn phase `name` was completed, if it was.
    pub fn completed(&self, name: &str) -> Option<i64> {
        self.record(name).and_then(|r| r.completed)
    }

    /// The turn phase `name` first became active, if it did.
    pub fn reached(&self, name: &str) -> Option<i64> {
        self.record(name).and_then(|r| r.reached)
    }

    /// The innermost phase being followed.
    pub fn current(&self) -> Option<&PhaseNow> {
        self.active.last()
    }

    /// Runs one bookkeeping step at game turn `turn` (`at`: the step's node path, the plan's
    /// own for `None`); its answer.
    pub(crate) fn step(&mut self, prog: &Program, step: PhaseStep, turn: i64, at: &str) -> bool {
        let spec = |i: usize| &prog.phases[i];
        match step {
            PhaseStep::Open(i) => self.completed(&spec(i).name).is_none(),
            PhaseStep::Complete(i) => {
                let s = spec(i);
                self.record_mut(&s.name).completed.get_or_insert(turn);
                self.leave(&s.plan);
                true
            }
            PhaseStep::Pick(i) => {
                let s = spec(i);
                match self.active.iter_mut().find(|a| *a.plan == *s.plan) {
                    Some(a) if *a.name == *s.name => a.goal = s.goal.to_string(),
                    _ => {
                        self.leave(&s.plan);
                        self.active.push(PhaseNow {
                            name: s.name.to_string(),
                            goal: s.goal.to_string(),
                            plan: s.plan.to_string(),
                            since: turn,
                        });
                        self.record_mut(&s.name).reached.get_or_insert(turn);
                    }
                }
                true
            }
            PhaseStep::Is(i) => {
                let s = spec(i);
                self.active
                    .iter()
                    .any(|a| *a.plan == *s.plan && *a.name == *s.name)
            }
            PhaseStep::None => {
                self.leave(at);
                false
            }
        }
    }

    /// Plan `plan` follows no phase any more: neither do the plans inside its phases.
    fn leave(&mut self, plan: &str) {
        let inside = format!("{plan}/");
        self.active
            .retain(|a| a.plan != plan && !a.plan.starts_with(&inside));
    }

    /// The progress for a reloaded tree: records kept whole; an active phase stays active
    /// (with its goal as now written) while the new tree has it, not skipped, in the same plan.
    pub(crate) fn carried_to(mut self, new: &Program) -> PlanProgress {
        self.active.retain_mut(|a| {
            let Some(s) = new
                .phases
                .iter()
                .find(|s| *s.name == *a.name && *s.plan == *a.plan && !s.skip)
            else {
                return false;
            };
            a.goal = s.goal.to_string();
            true
        });
        self
    }

    /// Gives back the records of an earlier session of the same game (a resumed game): a phase
    /// completed then stays completed. Earlier turns win.
    pub fn restore(&mut self, records: &[PhaseRecord]) {
        for old in records {
            let r = self.record_mut(&old.name);
            r.reached = earliest(r.reached, old.reached);
            r.completed = earliest(r.completed, old.completed);
        }
    }
}

fn earliest(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}
