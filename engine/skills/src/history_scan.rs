//! Reading a message history incrementally: a [`HistoryCursor`] remembers where a reader
//! stopped, so each decision reads only the messages that came since the last look, and
//! [`NewestSaid`] keeps with it the newest message a test picks. A leaf that asked "the newest
//! order of the vault guard within 1,000 turns" of the whole history (500 messages) at every
//! decision spent more time there than any other leaf; the answer changes only when messages
//! come.
//!
//! A cursor lives in a leaf's state and does not change the answers read through it: it is
//! checked against the history it is given (the message it read last must be there, under the
//! same number, with the same turn, decision and text), and a history that does not continue
//! the one it read (another game's world, an older snapshot) is read again in full.

use nhbot_world::{MessageHistory, Said, World};

/// Where a reader of a message history stopped (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct HistoryCursor {
    /// Number one past the last message read, and that message.
    read_to: u64,
    last_read: Option<Said>,
}

impl HistoryCursor {
    /// Whether `history` continues the one read so far.
    pub fn continues(&self, history: &MessageHistory) -> bool {
        self.read_to <= history.end()
            && match &self.last_read {
                None => self.read_to == 0,
                Some(last) => history.numbered(self.read_to - 1) == Some(last),
            }
    }

    /// Whether every message of `history` has been read, and it continues the one read.
    pub fn caught_up(&self, history: &MessageHistory) -> bool {
        self.read_to == history.end() && self.continues(history)
    }

    /// Readies the cursor for `history`: true when it continues the one read so far; false
    /// when it does not, and the cursor starts over (what its reader kept must go too).
    pub fn resume(&mut self, history: &MessageHistory) -> bool {
        let continues = self.continues(history);
        if !continues {
            *self = HistoryCursor::default();
        }
        continues
    }

    /// Hands `read` each message that came since the last call, oldest first, with its
    /// number. Call [`resume`](Self::resume) with the same history first.
    pub fn read_new(&mut self, history: &MessageHistory, mut read: impl FnMut(u64, &Said)) {
        for (number, said) in history.numbered_from(self.read_to) {
            read(number, said);
            self.read_to = number + 1;
        }
        self.last_read = self
            .read_to
            .checked_sub(1)
            .and_then(|n| history.numbered(n))
            .cloned();
    }
}

/// The newest message that passed the test, found incrementally (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct NewestSaid {
    cursor: HistoryCursor,
    found: Option<Found>,
}

#[derive(Clone, Debug)]
struct Found {
    number: u64,
    turn: i64,
    decision: u64,
    /// The earliest turn of this message and every later one (turns can only go back on a
    /// misread status line, but `newest_within` must answer as a scan from the newest would).
    earliest_turn_since: i64,
}

impl NewestSaid {
    /// Reads the messages that came since the last call (all of them when `history` does not
    /// continue the one read before).
    fn catch_up(&mut self, history: &MessageHistory, test: impl Fn(&str) -> bool) {
        if !self.cursor.resume(history) {
            self.found = None;
        }
        let found = &mut self.found;
        self.cursor.read_new(history, |number, said| {
            if let Some(f) = found.as_mut() {
                f.earliest_turn_since = f.earliest_turn_since.min(said.turn);
            }
            if test(&said.text) {
                *found = Some(Found {
                    number,
                    turn: said.turn,
                    decision: said.decision,
                    earliest_turn_since: said.turn,
                });
            }
        });
    }

    /// The turn and decision of the newest message in `w`'s history that passes `test`, as
    /// reading the history from its newest message back while messages are at most `within`
    /// turns old finds it: None when a message between now and it is older than that.
    pub fn newest_within(
        &mut self,
        w: &World,
        within: i64,
        test: impl Fn(&str) -> bool,
    ) -> Option<(i64, u64)> {
        self.catch_up(&w.history, test);
        let f = self.found.as_ref()?;
        let kept = w.history.numbered(f.number).is_some();
        (kept && w.turn - f.earliest_turn_since <= within).then_some((f.turn, f.decision))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the cache stands for: the scan from the newest message back.
    fn scanned(w: &World, within: i64, test: impl Fn(&str) -> bool) -> Option<(i64, u64)> {
        w.history
            .newest_first()
            .take_while(|s| w.turn - s.turn <= within)
            .find(|s| test(&s.text))
            .map(|s| (s.turn, s.decision))
    }

    fn say(w: &mut World, turn: i64, text: &str) {
        w.turn = turn;
        w.history.push(Said {
            turn,
            decision: w.decisions,
            text: text.into(),
        });
        w.decisions += 1;
    }

    fn is_order(text: &str) -> bool {
        text.contains("follow me")
    }

    /// Over a long game (more messages than the history keeps, turns passing the window, a
    /// misread earlier turn), the cache answers as the full scan at every step.
    #[test]
    fn answers_as_the_full_scan_as_messages_come_and_go() {
        let mut w = World::default();
        let mut cache = NewestSaid::default();
        let mut answered = 0;
        for step in 0..2_000i64 {
            let turn = step * 3 + if step == 700 { -500 } else { 0 };
            let text = match step % 97 {
                0 => "\"Please follow me.\"",
                13 => "You hear the footsteps of a guard on patrol.",
                _ => "You hit the newt.",
            };
            say(&mut w, turn, text);
            for within in [5, 100, 1000] {
                let want = scanned(&w, within, is_order);
                assert_eq!(
                    cache.newest_within(&w, within, is_order),
                    want,
                    "step {step}"
                );
                answered += usize::from(want.is_some());
            }
        }
        assert!(answered > 100, "the orders were found ({answered})");
    }

    /// A history the cache did not read before (another world) is read afresh.
    #[test]
    fn another_history_is_read_afresh() {
        let mut a = World::default();
        say(&mut a, 1, "\"Please follow me.\"");
        say(&mut a, 2, "You hit the newt.");
        let mut b = World::default();
        say(&mut b, 1, "You hit the newt.");
        say(&mut b, 2, "You miss the newt.");
        let mut cache = NewestSaid::default();
        assert_eq!(cache.newest_within(&a, 1000, is_order), Some((1, 0)));
        assert_eq!(cache.newest_within(&b, 1000, is_order), None);
        say(&mut b, 3, "\"Please follow me.\"");
        assert_eq!(cache.newest_within(&b, 1000, is_order), Some((3, 2)));
        assert_eq!(cache.newest_within(&a, 1000, is_order), Some((1, 0)));
        assert_eq!(
            cache.newest_within(&World::default(), 1000, is_order),
            None,
            "an empty history"
        );
    }
}
