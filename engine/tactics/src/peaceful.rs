//! Monsters that turned out peaceful. The engine answers "Really attack?" with n and the game
//! takes no time, so an attack that left the turn counter and the target unchanged at the very
//! next decision met a peaceful (or a monster we must not hit). The World has no field for it,
//! so this small memory lives here, one per thread (each game runs its decisions on one thread).

use nhbot_world::{Pos, World};
use std::cell::RefCell;

/// How long a suspicion lasts (peacefuls wander; a new monster may take the glyph's place).
const SUSPECT_TURNS: i64 = 300;

#[derive(Clone, Copy, Debug)]
struct Attempt {
    turn: i64,
    decisions: u64,
    dlvl: i32,
    target: Pos,
    glyph: char,
    color: u8,
}

#[derive(Clone, Copy, Debug)]
struct Suspect {
    dlvl: i32,
    glyph: char,
    color: u8,
    until: i64,
}

#[derive(Default)]
struct Memory {
    last: Option<Attempt>,
    suspects: Vec<Suspect>,
    /// The game turn at the last call.
    turn: i64,
}

thread_local! {
    static MEMORY: RefCell<Memory> = RefCell::new(Memory::default());
}

/// Learns from the previous attack (call once per decision before choosing a target).
pub fn observe(w: &World) {
    MEMORY.with(|m| {
        let mut m = m.borrow_mut();
        // A new game on this thread (time went backwards): forget everything, the
        // suspicions too (they leaked into the next game of a thread before).
        if w.turn < m.turn {
            *m = Memory::default();
        }
        m.turn = w.turn;
        if let Some(a) = m.last.filter(|a| w.decisions > a.decisions) {
            m.last = None;
            // Free looks may come between: allow a couple of decisions, never a game turn.
            let same_moment = w.decisions > a.decisions
                && w.decisions <= a.decisions + 3
                && w.turn == a.turn
                && w.status.dlvl == a.dlvl;
            let still_there = w
                .monsters
                .iter()
                .any(|mon| mon.pos == a.target && mon.ch == a.glyph && mon.color == a.color);
            if same_moment && still_there {
                m.suspects.push(Suspect {
                    dlvl: a.dlvl,
                    glyph: a.glyph,
                    color: a.color,
                    until: w.turn + SUSPECT_TURNS,
                });
            }
        }
        m.suspects.retain(|s| s.until > w.turn);
    });
}

/// Records an attack we are about to send.
pub fn note_attack(w: &World, target: Pos, glyph: char, color: u8) {
    MEMORY.with(|m| {
        m.borrow_mut().last = Some(Attempt {
            turn: w.turn,
            decisions: w.decisions,
            dlvl: w.status.dlvl,
            target,
            glyph,
            color,
        });
    });
}

/// Whether monsters drawn like this were found peaceful on this level lately.
pub fn suspected(w: &World, glyph: char, color: u8) -> bool {
    MEMORY.with(|m| {
        m.borrow().suspects.iter().any(|s| {
            s.dlvl == w.status.dlvl && s.glyph == glyph && s.color == color && s.until > w.turn
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::Monster;

    #[test]
    fn a_refused_attack_marks_the_glyph_peaceful() {
        let mut w = World {
            turn: 500,
            decisions: 10,
            monsters: vec![Monster {
                pos: Pos::new(5, 5),
                ch: '@',
                color: 15,
                ..Monster::default()
            }],
            ..World::default()
        };
        observe(&w);
        note_attack(&w, Pos::new(5, 5), '@', 15);
        w.decisions = 11;
        observe(&w);
        assert!(suspected(&w, '@', 15));
        assert!(!suspected(&w, '@', 2));
        // A free look between the attack and the next decision does not hide it.
        let mut w2 = w.clone();
        w2.monsters[0].ch = 'N';
        note_attack(&w2, Pos::new(5, 5), 'N', 15);
        w2.decisions = 13;
        observe(&w2);
        assert!(suspected(&w2, 'N', 15));
        // Time passing after an attack is a normal fight: no suspicion.
        note_attack(&w, Pos::new(5, 5), 'd', 3);
        w.decisions = 12;
        w.turn = 501;
        observe(&w);
        assert!(!suspected(&w, 'd', 3));
        w.turn = 900;
        observe(&w);
        assert!(!suspected(&w, '@', 15), "suspicions expire");
    }

    /// A thread plays games one after another (`nhbot bench`): what one game suspected is
    /// gone in the next, whose turn counter starts again.
    #[test]
    fn suspicions_end_with_the_game() {
        let mut w = World {
            turn: 500,
            decisions: 10,
            monsters: vec![Monster {
                pos: Pos::new(5, 5),
                ch: 'h',
                color: 2,
                ..Monster::default()
            }],
            ..World::default()
        };
        observe(&w);
        note_attack(&w, Pos::new(5, 5), 'h', 2);
        w.decisions = 11;
        observe(&w);
        assert!(suspected(&w, 'h', 2));
        let next_game = World {
            turn: 3,
            decisions: 1,
            ..w.clone()
        };
        observe(&next_game);
        assert!(!suspected(&next_game, 'h', 2));
    }
}
