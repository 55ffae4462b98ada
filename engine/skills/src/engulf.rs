//! Swallowed by an engulfer (an ochre jelly, a purple worm, a dust vortex...): every move
//! attacks it, and the only ways out are to kill it or be expelled. Searching or "resting"
//! inside lets it digest or dissolve us (seeds 47 and 144 of the 200-game bench searched inside
//! an ochre jelly and a purple worm until they died).

use nhbot_world::{Action, Dir, World};

/// Engulfed: strike the engulfer (`F` in any direction hits it, hack.c `domove` attacks
/// `u.ustuck` while swallowed). None otherwise.
pub fn fight_engulfer_step(w: &World) -> Option<(Action, String)> {
    w.engulfed.then(|| {
        (
            Action::Fight { dir: Dir::S },
            format!(
                "engulfed at HP {}/{}: striking the engulfer, the only way out",
                w.status.hp, w.status.hp_max
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seen::world;

    const INSIDE: [&str; 3] = ["/-\\", "|@|", "\\-/"];
    const ROOM: [&str; 3] = ["---", "|@.", "..."];

    #[test]
    fn inside_an_engulfer_we_strike_it() {
        let w = world(&INSIDE);
        assert!(w.engulfed, "the tty's engulfer drawing marks us swallowed");
        let (action, why) = fight_engulfer_step(&w).expect("a blow");
        assert!(matches!(action, Action::Fight { .. }));
        assert!(why.contains("engulfed"));
    }

    #[test]
    fn in_the_open_we_do_nothing() {
        let w = world(&ROOM);
        assert!(!w.engulfed);
        assert_eq!(fight_engulfer_step(&w), None);
    }
}
