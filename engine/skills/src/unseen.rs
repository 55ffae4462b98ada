//! Monsters whose kind the screen cannot tell: seen while hallucinating, or the `I` the game
//! leaves where an unseen monster struck from. Kept apart from the threat model so the
//! peaceful memory can ask without importing it.

use nhbot_world::{Monster, World};

/// Turns after a blow from something unseen during which its `I` next to us is a threat.
pub const UNSEEN_MEMORY: i64 = 5;

/// Whether something unseen struck us within [`UNSEEN_MEMORY`] turns ("It hits!", "It
/// bites!": the game's words for a blow from a monster we cannot see).
pub fn struck_by_unseen(w: &World) -> bool {
    w.history
        .newest_first()
        .take_while(|s| (0..=UNSEEN_MEMORY).contains(&(w.turn - s.turn)))
        .any(|s| s.text.starts_with("It ") && crate::signs::attacked(std::slice::from_ref(&s.text)))
}

/// Why `m`'s kind cannot be told from the screen, if it cannot: we hallucinate (its glyph is
/// random), or it is an `I` next to us after a blow from something unseen (the game marks
/// the square the blow came from). An `I` farther away, or long after the last unseen blow,
/// is a stale mark: no monster known to be there.
pub fn unknown_kind(w: &World, m: &Monster) -> Option<&'static str> {
    if m.hallucinated {
        return Some("hallucinating");
    }
    (m.ch == 'I'
        && (m.pos.x - w.player.x).abs() <= 1
        && (m.pos.y - w.player.y).abs() <= 1
        && struck_by_unseen(w))
    .then_some("unseen, it struck us")
}
