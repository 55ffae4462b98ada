//! The loop's guard against a game standing still: no turn progress for too long ends it as
//! stuck; a decision repeated without a turn passing is replaced by a turn of searching; and a
//! leaf that keeps needing that (a livelock passing one turn per unstick) ends the game too.

use nhbot_world::{Action, Decision};

/// A game that makes no turn progress for this many consecutive actions is ended as "stuck".
pub const WATCHDOG_ACTIONS: u64 = 1000;

/// An identical decision repeated this often without a turn passing is replaced by
/// [`UNSTICK_KEYS`] (logged as `engine/unstick`).
pub const UNSTICK_REPEATS: u32 = 20;

/// Decisions in a row without a turn passing, whatever they are, after which the watchdog steps
/// in as for a repeated one: a loop of two decisions (eat a corpse the game does not offer, look
/// at it again: seed 128) repeats no single decision.
pub const UNSTICK_IDLE_ACTIONS: u64 = 60;

/// What the watchdog sends instead of a decision repeated without a turn passing: two escapes,
/// which close whatever the screen no longer shows to be open (a farlook's cursor whose question
/// the autodescribe text overwrote took every later key as a cursor key: seed 191 ended stuck),
/// and do nothing on the map; then one turn of searching, so the world can change.
pub const UNSTICK_KEYS: &str = "\x1b\x1bs";

/// Interventions for the same leaf in a row (`engine/unstick`, or a guard's refusal), each
/// within [`LIVELOCK_GAP_TURNS`] of the one before, after which the game is ended as stuck: the
/// leaf is in a loop that passes a turn per intervention and would crawl on to the turn budget
/// (seed 188 of an experiment asked to climb out of Dlvl 1 for 8000 turns, 250,000 decisions).
/// In the baseline bench a normal game's longest such run is 326 (seed 137, itself a loop that
/// a monster broke); the two longer ones (seeds 80, 162: 9381 and 6294) were seed 188's bug.
pub const LIVELOCK_UNSTICKS: u32 = 1000;

/// Turns between two interventions for the same leaf that still count as one run: a fight
/// between two of them leaves the loop in place.
pub const LIVELOCK_GAP_TURNS: i64 = 50;

/// Turn progress and repeated decisions: the loop's guard against a game standing still.
pub(crate) struct Watchdog {
    last_turn: i64,
    actions_since_progress: u64,
    repeated: Option<Decision>,
    repeats: u32,
    /// The leaf the last intervention was for, its turn, and how many in a row.
    livelock: Option<(String, i64, u32)>,
}

impl Default for Watchdog {
    fn default() -> Watchdog {
        Watchdog {
            last_turn: -1,
            actions_since_progress: 0,
            repeated: None,
            repeats: 0,
            livelock: None,
        }
    }
}

impl Watchdog {
    /// Whether the game at `turn` has made no turn progress for [`WATCHDOG_ACTIONS`] actions.
    /// Or whether one leaf has needed [`LIVELOCK_UNSTICKS`] interventions in a row.
    pub(crate) fn stuck(&mut self, turn: i64) -> bool {
        if let Some((leaf, _, n)) = &self.livelock {
            if *n >= LIVELOCK_UNSTICKS {
                log::warn!("watchdog: {leaf} needed {n} interventions in a row: a livelock");
                return true;
            }
        }
        if turn != self.last_turn {
            self.last_turn = turn;
            self.actions_since_progress = 0;
            false
        } else {
            self.actions_since_progress >= WATCHDOG_ACTIONS
        }
    }

    /// Counts an intervention for `leaf` (its decision replaced) at the current turn.
    pub(crate) fn intervened(&mut self, leaf: &str) {
        let turn = self.last_turn;
        let n = match &self.livelock {
            Some((last, at, n)) if last == leaf && turn - at <= LIVELOCK_GAP_TURNS => n + 1,
            _ => 1,
        };
        self.livelock = Some((leaf.to_string(), turn, n));
    }

    /// The same decision over and over with no game time passing is a loop the brain cannot
    /// see (a step the game refuses): pass one turn instead so the world can change.
    pub(crate) fn unstick(&mut self, decision: Decision) -> Decision {
        self.repeats = if self.repeated.as_ref() == Some(&decision) {
            self.repeats + 1
        } else {
            0
        };
        self.repeated = Some(decision.clone());
        let idle = self.actions_since_progress;
        let repeated = self.repeats >= UNSTICK_REPEATS && idle >= UNSTICK_REPEATS as u64;
        let idling = idle > 0 && idle.is_multiple_of(UNSTICK_IDLE_ACTIONS);
        if !repeated && !idling {
            return decision;
        }
        let reason = if repeated {
            format!(
                "{} repeated {} times without a turn passing",
                decision.path, self.repeats
            )
        } else {
            format!(
                "{idle} decisions without a turn passing (this one: {})",
                decision.path
            )
        };
        self.repeats = 0;
        self.intervened(&decision.path);
        Decision {
            action: Action::Keys {
                keys: UNSTICK_KEYS.into(),
            },
            path: "engine/unstick".into(),
            reason,
        }
    }

    pub(crate) fn acted(&mut self) {
        self.actions_since_progress += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn search_decision() -> Decision {
        Decision {
            action: Action::Search { count: 10 },
            path: "root/camp/search#1".into(),
            reason: "searching 10 turns".into(),
        }
    }

    #[test]
    fn a_decision_repeated_without_a_turn_passing_is_replaced_by_escapes_and_a_search() {
        let mut dog = Watchdog::default();
        assert!(!dog.stuck(100));
        let mut replaced = None;
        for _ in 0..=UNSTICK_REPEATS {
            assert!(!dog.stuck(100));
            let d = dog.unstick(search_decision());
            dog.acted();
            if d.path == "engine/unstick" {
                replaced = Some(d);
                break;
            }
        }
        let d = replaced.expect("the repeated decision was replaced");
        assert_eq!(
            d.action,
            Action::Keys {
                keys: "\x1b\x1bs".into()
            }
        );
        assert!(
            d.reason.contains("root/camp/search#1 repeated"),
            "{}",
            d.reason
        );
        // Once a turn passes, the same decision goes through again.
        assert!(!dog.stuck(101));
        assert_eq!(dog.unstick(search_decision()).path, "root/camp/search#1");
    }

    #[test]
    fn two_decisions_taking_turns_without_time_passing_are_interrupted_too() {
        let mut dog = Watchdog::default();
        let look = Decision {
            action: Action::Keys { keys: ":".into() },
            path: "root/food/eat_fresh_corpse#0".into(),
            reason: "looking at the gecko corpse here".into(),
        };
        let eat = Decision {
            action: Action::Search { count: 1 },
            path: "root/food/eat_fresh_corpse#0".into(),
            reason: "eating the gecko corpse here".into(),
        };
        let mut unstuck_at = None;
        for i in 0..(2 * UNSTICK_IDLE_ACTIONS) {
            assert!(!dog.stuck(500));
            let d = dog.unstick(if i % 2 == 0 {
                look.clone()
            } else {
                eat.clone()
            });
            dog.acted();
            if d.path == "engine/unstick" {
                unstuck_at = Some(i);
                assert!(
                    d.reason.contains("decisions without a turn passing"),
                    "{}",
                    d.reason
                );
                break;
            }
        }
        assert_eq!(unstuck_at, Some(UNSTICK_IDLE_ACTIONS));
    }

    /// A leaf whose every decision the watchdog replaces, one turn passing per replacement.
    fn livelock_turns(dog: &mut Watchdog, leaf: &Decision, turns: std::ops::Range<i64>) -> bool {
        for turn in turns {
            loop {
                if dog.stuck(turn) {
                    return true;
                }
                let d = dog.unstick(leaf.clone());
                dog.acted();
                if d.path == "engine/unstick" {
                    break;
                }
            }
        }
        false
    }

    #[test]
    fn a_leaf_that_keeps_needing_the_unstick_ends_the_game() {
        let ascend = Decision {
            action: Action::Ascend,
            path: "root/dungeons/play/leave_mines#1".into(),
            reason: "leaving the Gnomish Mines: up the stairs".into(),
        };
        let mut dog = Watchdog::default();
        let last = LIVELOCK_UNSTICKS as i64 - 1;
        assert!(!livelock_turns(&mut dog, &ascend, 0..last), "not yet");
        assert!(
            livelock_turns(&mut dog, &ascend, last..last + 2),
            "a livelock"
        );
    }

    #[test]
    fn unsticks_far_apart_or_for_other_leaves_are_no_livelock() {
        let mut dog = Watchdog::default();
        for i in 0..(3 * LIVELOCK_UNSTICKS as i64) {
            // Every other intervention is for another leaf.
            let leaf = if i % 2 == 0 { "root/a" } else { "root/b" };
            assert!(!dog.stuck(i));
            dog.intervened(leaf);
        }
        let mut dog = Watchdog::default();
        for i in 0..(3 * LIVELOCK_UNSTICKS as i64) {
            // The same leaf, but with play between: each run is one long.
            assert!(!dog.stuck(i * (LIVELOCK_GAP_TURNS + 1)));
            dog.intervened("root/a");
        }
    }
}
