//! The hero's HP over the last turns: how fast something hurts us. The threat model reads it to
//! size attackers it cannot tell (a monster unseen, or drawn at random while we hallucinate):
//! two invisible stalkers take 20 HP a turn, the depth's typical monster 4.

use crate::World;
use serde::{Deserialize, Serialize};

/// Entries kept: more than any look back needs.
const KEPT: usize = 32;

/// HP seen at a game turn: one entry per turn, the last HP that turn showed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HpSeen {
    pub turn: i64,
    pub hp: i32,
}

impl World {
    /// Notes the HP the status line shows now (called by the update step).
    pub(crate) fn note_hp(&mut self) {
        if self.status.hp_max <= 0 {
            return;
        }
        let now = HpSeen {
            turn: self.turn,
            hp: self.status.hp,
        };
        match self.hp_trail.last_mut() {
            // Time went back: another game.
            Some(last) if last.turn > now.turn => self.hp_trail = vec![now],
            Some(last) if last.turn == now.turn => last.hp = now.hp,
            _ => self.hp_trail.push(now),
        }
        if self.hp_trail.len() > KEPT {
            self.hp_trail.remove(0);
        }
    }

    /// HP lost (falls only; healing does not pay back) over the last `turns` game turns: from
    /// the HP shown `turns` turns ago (or the oldest kept since) to now.
    pub fn hp_lost_within(&self, turns: i64) -> i32 {
        let since = self.turn - turns;
        let mut lost = 0;
        let mut before: Option<i32> = None;
        for seen in self.hp_trail.iter() {
            if seen.turn < since {
                before = Some(seen.hp);
                continue;
            }
            if let Some(b) = before {
                lost += (b - seen.hp).max(0);
            }
            before = Some(seen.hp);
        }
        lost
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(w: &mut World, turn: i64, hp: i32) {
        w.turn = turn;
        w.status.hp = hp;
        w.status.hp_max = 100;
        w.note_hp();
    }

    #[test]
    fn losses_over_the_last_turns_add_up_and_healing_does_not_pay_them_back() {
        let mut w = World::default();
        for (turn, hp) in [(10, 100), (11, 90), (11, 84), (12, 86), (13, 70), (20, 70)] {
            at(&mut w, turn, hp);
        }
        // Turn 11 keeps its last HP (84): 100 -> 84 -> 86 -> 70.
        assert_eq!(w.hp_trail.len(), 5);
        w.turn = 13;
        assert_eq!(w.hp_lost_within(3), 16 + 16);
        assert_eq!(w.hp_lost_within(1), 16, "from turn 12's 86 to 70");
        w.turn = 20;
        assert_eq!(w.hp_lost_within(3), 0, "nothing since turn 17");
        // A new game starts its own trail.
        at(&mut w, 1, 16);
        assert_eq!(w.hp_trail, vec![HpSeen { turn: 1, hp: 16 }]);
        for turn in 2..100 {
            at(&mut w, turn, 16);
        }
        assert_eq!(w.hp_trail.len(), KEPT);
    }
}
