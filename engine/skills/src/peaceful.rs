//! Monsters that turned out peaceful. The engine answers "Really attack?" with n and the game
//! takes no time: an attack the game answered with that question, the target still there at the
//! very next decision, met a peaceful. The question itself is the evidence: a Fast hero's
//! blows often take no game turn (Valkyries are Fast from XL 7), and taking "same turn, target
//! still there" alone for a refusal made a biting tengu "peaceful": the bot rested beside it
//! from HP 28 to death (seed 13). The World has no field for it:
//! this small memory is part of the skills' [`crate::Recall`] on the tree's blackboard.
//!
//! A monster whose kind cannot be told (drawn at random while we hallucinate, or an `I`: see
//! [`crate::unseen::unknown_kind`]) is suspected by its square for a few turns, never by its
//! glyph: a hallucinated glyph is random, and every `I` looks alike (one refused attack on an
//! unseen shopkeeper must not make every later `I` peaceful).

use nhbot_world::{Monster, Pos, World};

/// How long a suspicion lasts (peacefuls wander; a new monster may take the glyph's place).
const SUSPECT_TURNS: i64 = 300;
/// How long a square where an unknown monster turned out peaceful stays suspected (it may
/// walk off, and a hostile step in).
const SQUARE_SUSPECT_TURNS: i64 = 10;

#[derive(Clone, Copy, Debug)]
struct Attempt {
    turn: i64,
    decisions: u64,
    dlvl: i32,
    target: Pos,
    glyph: char,
    color: u8,
    /// The target's kind could not be told: suspect its square, not its glyph.
    unknown: bool,
}

#[derive(Clone, Copy, Debug)]
struct Suspect {
    dlvl: i32,
    glyph: char,
    color: u8,
    until: i64,
    /// A square suspected (an unknown monster's), instead of a glyph.
    at: Option<Pos>,
}

/// The last attack we sent and the glyphs found peaceful lately.
#[derive(Clone, Debug, Default)]
pub struct PeacefulMemory {
    last: Option<Attempt>,
    suspects: Vec<Suspect>,
    /// The game turn at the last call.
    turn: i64,
}

/// Learns from the previous attack (call once per decision before choosing a target).
pub fn observe(m: &mut PeacefulMemory, w: &World) {
    // A new game (time went backwards): forget everything, the suspicions too.
    if w.turn < m.turn {
        *m = PeacefulMemory::default();
    }
    m.turn = w.turn;
    if let Some(a) = m.last.filter(|a| w.decisions > a.decisions) {
        m.last = None;
        // Free looks may come between: allow a couple of decisions, never a game turn.
        let same_moment = w.decisions > a.decisions
            && w.decisions <= a.decisions + 3
            && w.turn == a.turn
            && w.status.dlvl == a.dlvl;
        let still_there = w.monsters.iter().any(|mon| {
            mon.pos == a.target && (a.unknown || (mon.ch == a.glyph && mon.color == a.color))
        });
        let asked = w
            .history
            .newest_first()
            .take_while(|said| said.decision > a.decisions)
            .any(|said| said.text.starts_with("Really attack"));
        if same_moment && still_there && asked {
            m.suspects.push(Suspect {
                dlvl: a.dlvl,
                glyph: a.glyph,
                color: a.color,
                until: w.turn
                    + if a.unknown {
                        SQUARE_SUSPECT_TURNS
                    } else {
                        SUSPECT_TURNS
                    },
                at: a.unknown.then_some(a.target),
            });
        }
    }
    m.suspects.retain(|s| s.until > w.turn);
}

/// Records an attack we are about to send.
pub fn note_attack(m: &mut PeacefulMemory, w: &World, target: Pos, glyph: char, color: u8) {
    let unknown = w
        .monsters
        .iter()
        .find(|mon| mon.pos == target)
        .is_some_and(|mon| crate::unseen::unknown_kind(w, mon).is_some() || mon.ch == 'I');
    m.last = Some(Attempt {
        turn: w.turn,
        decisions: w.decisions,
        dlvl: w.status.dlvl,
        target,
        glyph,
        color,
        unknown,
    });
}

/// Whether monsters drawn like this were found peaceful on this level lately.
pub fn suspected(m: &PeacefulMemory, w: &World, glyph: char, color: u8) -> bool {
    m.suspects.iter().any(|s| {
        s.at.is_none()
            && s.dlvl == w.status.dlvl
            && s.glyph == glyph
            && s.color == color
            && s.until > w.turn
    })
}

/// Whether `mon` is suspected peaceful: by its glyph, or by its square when its kind cannot
/// be told (see the module docs).
pub fn suspected_monster(m: &PeacefulMemory, w: &World, mon: &Monster) -> bool {
    if crate::unseen::unknown_kind(w, mon).is_some() || mon.ch == 'I' {
        return m
            .suspects
            .iter()
            .any(|s| s.at == Some(mon.pos) && s.dlvl == w.status.dlvl && s.until > w.turn);
    }
    suspected(m, w, mon.ch, mon.color)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::{Monster, Said};

    fn asked(w: &mut World, decision: u64) {
        w.history.push(Said {
            turn: w.turn,
            decision,
            text: "Really attack the watchman?".into(),
        });
    }

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
        let mut m = PeacefulMemory::default();
        observe(&mut m, &w);
        note_attack(&mut m, &w, Pos::new(5, 5), '@', 15);
        w.decisions = 11;
        asked(&mut w, 11);
        observe(&mut m, &w);
        assert!(suspected(&m, &w, '@', 15));
        assert!(!suspected(&m, &w, '@', 2));
        // A free look between the attack and the next decision does not hide it.
        let mut w2 = w.clone();
        w2.monsters[0].ch = 'N';
        note_attack(&mut m, &w2, Pos::new(5, 5), 'N', 15);
        w2.decisions = 13;
        asked(&mut w2, 12);
        observe(&mut m, &w2);
        assert!(suspected(&m, &w2, 'N', 15));
        // Time passing after an attack is a normal fight: no suspicion.
        note_attack(&mut m, &w, Pos::new(5, 5), 'd', 3);
        w.decisions = 12;
        w.turn = 501;
        observe(&mut m, &w);
        assert!(!suspected(&m, &w, 'd', 3));
        w.turn = 900;
        observe(&mut m, &w);
        assert!(!suspected(&m, &w, '@', 15), "suspicions expire");
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
        let mut m = PeacefulMemory::default();
        observe(&mut m, &w);
        note_attack(&mut m, &w, Pos::new(5, 5), 'h', 2);
        w.decisions = 11;
        asked(&mut w, 11);
        observe(&mut m, &w);
        assert!(suspected(&m, &w, 'h', 2));
        let next_game = World {
            turn: 3,
            decisions: 1,
            ..w.clone()
        };
        observe(&mut m, &next_game);
        assert!(!suspected(&m, &next_game, 'h', 2));
    }

    /// Seed 13: a Fast hero's blow at a tengu took no game turn and the tengu stayed put. No
    /// "Really attack?" was asked: it is a fight, not a peaceful.
    #[test]
    fn a_blow_that_takes_no_turn_is_no_refusal() {
        let mut w = World {
            turn: 5506,
            decisions: 40,
            monsters: vec![Monster {
                pos: Pos::new(5, 5),
                ch: 'i',
                color: 6,
                ..Monster::default()
            }],
            ..World::default()
        };
        let mut m = PeacefulMemory::default();
        observe(&mut m, &w);
        note_attack(&mut m, &w, Pos::new(5, 5), 'i', 6);
        w.decisions = 41;
        w.history.push(Said {
            turn: w.turn,
            decision: 41,
            text: "You miss the tengu.".into(),
        });
        observe(&mut m, &w);
        assert!(!suspected(&m, &w, 'i', 6));
    }
}
