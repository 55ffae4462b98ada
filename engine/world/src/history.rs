//! What was said and decided before this decision: a bounded message history with the turn and
//! decision of each message, and the last decision taken. `World::messages` holds only the
//! messages since the previous decision, so a leaf acting one decision later (a higher branch
//! took the decision in between) would otherwise never see them.

use crate::{Action, Decision, World};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// Messages kept in [`World::history`]: older ones are dropped first.
pub const HISTORY_LEN: usize = 500;

/// One message as the game showed it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Said {
    /// Game turn when the message was read.
    pub turn: i64,
    /// [`World::decisions`] when it was read: the message followed decision number `decision`
    /// (0: before the first one).
    pub decision: u64,
    pub text: String,
}

/// The last [`HISTORY_LEN`] messages, oldest first.
///
/// Messages are numbered in the order they came, from 0, dropped ones included: a reader that
/// remembers how far it read ([`MessageHistory::end`]) reads only the newer ones next time
/// ([`MessageHistory::numbered_from`]) instead of the whole history at every decision.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MessageHistory {
    said: VecDeque<Said>,
    /// Messages ever pushed (snapshots written before it was kept read 0: see [`Self::end`]).
    #[serde(default)]
    pushed: u64,
}

impl MessageHistory {
    pub fn push(&mut self, said: Said) {
        self.pushed = self.end() + 1;
        if self.said.len() == HISTORY_LEN {
            self.said.pop_front();
        }
        self.said.push_back(said);
    }

    /// One past the number of the newest message (0 when none ever came).
    pub fn end(&self) -> u64 {
        self.pushed.max(self.said.len() as u64)
    }

    /// The message numbered `n`, if it is still kept.
    pub fn numbered(&self, n: u64) -> Option<&Said> {
        let first = self.end() - self.said.len() as u64;
        self.said.get(usize::try_from(n.checked_sub(first)?).ok()?)
    }

    /// The kept messages numbered `n` and later, oldest first, with their numbers.
    pub fn numbered_from(&self, n: u64) -> impl Iterator<Item = (u64, &Said)> {
        let first = self.end() - self.said.len() as u64;
        let skip = usize::try_from(n.saturating_sub(first)).unwrap_or(usize::MAX);
        self.said
            .iter()
            .enumerate()
            .skip(skip)
            .map(move |(i, s)| (first + i as u64, s))
    }

    /// The last `n` messages (fewer if fewer were kept), oldest first.
    pub fn last(&self, n: usize) -> impl Iterator<Item = &Said> {
        self.said.iter().skip(self.said.len().saturating_sub(n))
    }

    /// Newest first.
    pub fn newest_first(&self) -> impl Iterator<Item = &Said> {
        self.said.iter().rev()
    }

    pub fn len(&self) -> usize {
        self.said.len()
    }

    pub fn is_empty(&self) -> bool {
        self.said.is_empty()
    }
}

/// The decision carried out last, and which leaf took it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecisionTaken {
    /// Its number: [`World::decisions`] once it was counted (the first decision is 1).
    pub index: u64,
    pub action: Action,
    /// The acting leaf's tree path, e.g. `root/survive/eat`.
    pub path: String,
    pub reason: String,
    /// The hero's HP and the game turn when it was taken: a leaf that rests can tell HP fell
    /// since its own last action.
    #[serde(default)]
    pub hp: i32,
    #[serde(default)]
    pub turn: i64,
}

impl DecisionTaken {
    pub(crate) fn new(index: u64, d: &Decision, hp: i32, turn: i64) -> DecisionTaken {
        DecisionTaken {
            index,
            action: d.action.clone(),
            path: d.path.clone(),
            reason: d.reason.clone(),
            hp,
            turn,
        }
    }
}

impl World {
    /// When the leaf at `path` took the latest decisions in a row and HP is now below the most
    /// it was at any of them: (that most, now). A leaf that rests or waits stops when something
    /// it cannot see hurts us. The whole run counts, not only its last decision: a free look
    /// (`:`) between two rests must not hide a blow (seed 38 rested on Elbereth from HP 13 to 3
    /// under a wererat's hits, looking at the engraving between the rests).
    pub fn hp_fell_since_own(&self, path: &str) -> Option<(i32, i32)> {
        let (_, most) = self.own_run.as_ref().filter(|(p, _)| p == path)?;
        (self.status.hp < *most).then_some((*most, self.status.hp))
    }

    /// Adds this frame's messages to the history, stamped with the turn and decision count.
    pub(crate) fn remember_messages(&mut self, messages: &[String]) {
        for text in messages {
            self.history.push(Said {
                turn: self.turn,
                decision: self.decisions,
                text: text.clone(),
            });
        }
    }

    /// Whether a message containing `text` was shown at or after `turn` (within the history).
    pub fn said_since(&self, turn: i64, text: &str) -> bool {
        self.history
            .newest_first()
            .take_while(|s| s.turn >= turn)
            .any(|s| s.text.contains(text))
    }

    /// The turn of the latest message containing `text`, if the history holds one.
    pub fn message_turn(&self, text: &str) -> Option<i64> {
        self.history
            .newest_first()
            .find(|s| s.text.contains(text))
            .map(|s| s.turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Observation;
    use nhbot_screen::{Cell, Status, COLS, MAP_ROWS};

    fn frame(w: &mut World, turn: i64, messages: &[&str]) {
        let map = vec![Cell::default(); COLS * MAP_ROWS];
        let status = Status {
            turn: Some(turn),
            dlvl: 1,
            level_name: "Dlvl:1".into(),
            ..Status::default()
        };
        let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
        w.observe(Observation {
            map: &map,
            player: Some(nhbot_screen::Pos::new(5, 5)),
            status: Some(&status),
            messages: &messages,
            cursor_on_map: true,
        });
    }

    fn decide(w: &mut World, path: &str) {
        w.observe(crate::Event::Decision(&Decision {
            action: Action::Search { count: 1 },
            path: path.into(),
            reason: format!("{path} searches"),
        }));
    }

    #[test]
    fn messages_outlive_the_decision_that_saw_them() {
        let mut w = World::default();
        frame(&mut w, 1, &["Hello Agnar, welcome to NetHack!"]);
        decide(&mut w, "root/a");
        frame(&mut w, 5, &["You hear a door open.", "The newt bites!"]);
        decide(&mut w, "root/b");
        frame(&mut w, 9, &[]);
        assert!(
            w.messages.is_empty(),
            "messages are since the previous decision"
        );
        let last: Vec<(i64, u64, &str)> = w
            .history
            .last(2)
            .map(|s| (s.turn, s.decision, s.text.as_str()))
            .collect();
        assert_eq!(
            last,
            vec![(5, 1, "You hear a door open."), (5, 1, "The newt bites!")]
        );
        assert_eq!(w.history.last(10).count(), 3);
        assert_eq!(w.message_turn("bites"), Some(5));
        assert_eq!(w.message_turn("welcome"), Some(1));
        assert_eq!(w.message_turn("kicks"), None);
        assert!(w.said_since(5, "newt"));
        assert!(!w.said_since(6, "newt"));
        assert!(w.said_since(0, "welcome"));
    }

    #[test]
    fn the_history_is_bounded_and_keeps_the_newest() {
        let mut w = World::default();
        for t in 0..(HISTORY_LEN as i64 + 20) {
            frame(&mut w, t, &[&format!("message {t:04}.")]);
        }
        assert_eq!(w.history.len(), HISTORY_LEN);
        assert_eq!(w.history.end(), HISTORY_LEN as u64 + 20);
        assert_eq!(w.message_turn("message 0019."), None, "dropped");
        assert_eq!(w.history.numbered(19), None, "dropped");
        assert_eq!(w.history.numbered(20).unwrap().text, "message 0020.");
        assert_eq!(
            w.history.numbered(HISTORY_LEN as u64 + 20),
            None,
            "not yet said"
        );
        let newest: Vec<(u64, &str)> = w
            .history
            .numbered_from(HISTORY_LEN as u64 + 18)
            .map(|(n, s)| (n, s.text.as_str()))
            .collect();
        let (a, b) = (HISTORY_LEN as u64 + 18, HISTORY_LEN as u64 + 19);
        assert_eq!(
            newest,
            vec![
                (a, format!("message {a:04}.").as_str()),
                (b, format!("message {b:04}.").as_str())
            ]
        );
        assert_eq!(
            w.history.numbered_from(0).count(),
            HISTORY_LEN,
            "from a dropped one: all kept"
        );
        assert_eq!(w.message_turn("message 0020."), Some(20));
        let newest = w.history.last(1).next().unwrap();
        assert_eq!(newest.text, format!("message {:04}.", HISTORY_LEN + 19));
    }

    /// A snapshot written before messages were counted numbers its kept ones from 0.
    #[test]
    fn an_old_snapshot_numbers_its_messages_from_zero() {
        let h: MessageHistory = serde_json::from_str(
            r#"{"said":[{"turn":3,"decision":1,"text":"a"},{"turn":4,"decision":2,"text":"b"}]}"#,
        )
        .unwrap();
        assert_eq!(h.end(), 2);
        assert_eq!(h.numbered(1).map(|s| s.text.as_str()), Some("b"));
        let mut h = h;
        h.push(Said::default());
        assert_eq!(h.end(), 3);
    }

    #[test]
    fn the_last_decision_is_kept_with_its_number() {
        let mut w = World::default();
        assert_eq!(w.last_decision, None);
        decide(&mut w, "root/a");
        decide(&mut w, "root/b");
        let last = w.last_decision.clone().unwrap();
        assert_eq!(
            (last.index, last.path.as_str(), last.reason.as_str()),
            (2, "root/b", "root/b searches")
        );
        assert_eq!(last.action, Action::Search { count: 1 });
        // An action sent outside a decision is no decision.
        w.observe(&Action::Inventory);
        assert_eq!(w.last_decision.unwrap().index, 2);
    }

    #[test]
    fn hp_fell_counts_the_whole_run_of_one_leafs_decisions() {
        let mut w = World::default();
        w.status.hp = 13;
        decide(&mut w, "root/rest");
        w.status.hp = 10;
        // A free look by the same leaf at the lower HP: the blow is not forgotten.
        decide(&mut w, "root/rest");
        assert_eq!(w.hp_fell_since_own("root/rest"), Some((13, 10)));
        assert_eq!(w.hp_fell_since_own("root/other"), None);
        // Another leaf acted in between: a new run starts at the HP of then.
        decide(&mut w, "root/other");
        decide(&mut w, "root/rest");
        assert_eq!(w.hp_fell_since_own("root/rest"), None);
        w.status.hp = 12;
        decide(&mut w, "root/rest");
        assert_eq!(w.hp_fell_since_own("root/rest"), None, "HP rose");
        w.status.hp = 11;
        assert_eq!(w.hp_fell_since_own("root/rest"), Some((12, 11)));
    }
}
