//! The vault guard (vault.c): shut in a vault (a teleport trap, a fall), the hero is visited by a
//! guard who asks our name (the engine answers the prompt), then says "Please drop that gold and
//! follow me." and digs a temporary corridor out, one square per turn while we stay next to
//! him. Keeping the gold or lagging behind for 7 of his turns ("I repeat, ... follow me!",
//! then "You've been warned, knave!") makes him hostile: seeds 68, 86 and 197 of the 200-game
//! bench died so, searching the vault's walls. Obeyed, he is peaceful and leaves us in a
//! corridor.

use crate::history_scan::NewestSaid;
use crate::threat::distance;
use nhbot_world::{Action, Monster, Pos, World};

/// What the guard says while he waits for us (vault.c `invault` and `gd_move`).
/// Deaf, we see his gestures instead: "beckons", "holds out his palm demandingly".
const ORDERS: [&str; 6] = [
    "follow me",
    "Drop all your gold",
    "Move along!",
    "I repeat, ",
    "beckons",
    "palm demandingly",
];

/// What ends the escort: the guard turned hostile (a fight, for the other leaves), or let us go.
const ESCORT_OVER: [&str; 9] = [
    "You've been warned, knave!",
    "So be it, rogue!",
    "Well, begone.",
    "disappears.",
    "Sorry to have disturbed you.",
    // Deaf, the same news as gestures.
    "enraged delight",
    "looks very angry",
    "waves goodbye",
    "turns to leave",
];

/// Turns after the guard's last order during which we keep following him: his corridor is
/// dug one square per turn we stand next to him, and "Move along!" is said only now and then.
pub const ESCORT_TURNS: i64 = 60;

/// Waits beside a guard who does not move after which we stop waiting (we are out of his
/// corridor and he is about to vanish; or he waits on something we cannot do).
pub const MAX_IDLE_WAITS: u32 = 8;

/// The leaf's memory: the guard's square at our last wait, and how many waits in a row he
/// stood there.
#[derive(Clone, Debug, Default)]
pub struct EscortState {
    pub guard_at: Option<Pos>,
    pub waits: u32,
    /// Where the guard was last seen: he steps into his dark corridor out of sight, and
    /// walking to where he stood finds him next to us again.
    pub last_seen: Option<Pos>,
    /// Where he was seen before that (his heading, for when he is gone on from there).
    pub seen_before: Option<Pos>,
    /// Steps taken after him out of sight in a row (he may have vanished: his escort is over).
    pub blind_steps: u32,
    /// The guard's newest order and the newest news that ended an escort, read from the
    /// history incrementally (see [`escort_since`]).
    pub orders: NewestSaid,
    pub escort_over: NewestSaid,
}

/// Our decisions after the guard's last order during which we keep following him whatever
/// the turns say (fainting from hunger, seed 197 lost 30 turns an action and the escort with
/// them, then picked the vault's gold up under his eyes).
pub const ESCORT_DECISIONS: u64 = 40;

/// How far back (turns) the messages are read for the guard's orders: no escort lasts this long,
/// and the whole history read at every decision made this the slowest leaf (39 µs a call).
const ORDER_MEMORY: i64 = 1000;

/// The turn of the guard's latest order, if the escort is on (no later message ends it).
/// Reads the whole history; [`escort_step`] reads only what came since its last call.
pub fn escort_since(w: &World) -> Option<i64> {
    let latest = |texts: &[&str]| {
        w.history
            .newest_first()
            .take_while(|said| w.turn - said.turn <= ORDER_MEMORY)
            .find(|said| says_any(&said.text, texts))
            .map(|said| (said.turn, said.decision))
    };
    escort_on(w, latest(&ORDERS)?, latest(&ESCORT_OVER))
}

/// [`escort_since`] with the history read incrementally into the leaf's state.
fn escort_since_cached(state: &mut EscortState, w: &World) -> Option<i64> {
    let over = state
        .escort_over
        .newest_within(w, ORDER_MEMORY, |t| says_any(t, &ESCORT_OVER));
    let ordered = state
        .orders
        .newest_within(w, ORDER_MEMORY, |t| says_any(t, &ORDERS))?;
    escort_on(w, ordered, over)
}

fn says_any(text: &str, texts: &[&str]) -> bool {
    texts.iter().any(|t| text.contains(t))
}

/// Whether the escort ordered at `(turn, decision)` is still on, given the newest news that
/// ends one: the turn of the order if so.
fn escort_on(
    w: &World,
    (ordered, at_decision): (i64, u64),
    over: Option<(i64, u64)>,
) -> Option<i64> {
    let guard_in_view = w
        .monsters
        .iter()
        .any(|m| m.name.as_deref().is_some_and(|n| n.contains("guard")));
    let fresh = w.turn - ordered <= ESCORT_TURNS
        || w.decisions.saturating_sub(at_decision) <= ESCORT_DECISIONS
        || guard_in_view;
    (fresh && over.is_none_or(|(o, d)| (o, d) < (ordered, at_decision))).then_some(ordered)
}

/// The guard: an `@` farlook named a guard, else the nearest `@` not known hostile.
fn guard(w: &World) -> Option<&Monster> {
    let named = |m: &&Monster| m.name.as_deref().is_some_and(|n| n.contains("guard"));
    w.monsters.iter().find(named).or_else(|| {
        w.monsters
            .iter()
            .filter(|m| m.ch == '@' && m.peaceful != Some(false))
            .min_by_key(|m| distance(m.pos, w.player))
    })
}

/// One step of obeying the guard: drop the gold, then keep next to him as he walks his
/// corridor out (never into him: that would be an attack).
pub fn escort_step(state: &mut EscortState, w: &World) -> Option<(Action, String)> {
    let since = escort_since_cached(state, w)?;
    if w.status.gold > 0 {
        return Some((
            Action::Drop {
                item: '$',
                count: None,
            },
            format!(
                "the vault guard asked (turn {since}) that we drop our gold: dropping ${}",
                w.status.gold
            ),
        ));
    }
    let Some(guard) = guard(w) else {
        return follow_out_of_sight(state, w);
    };
    if state.last_seen != Some(guard.pos) {
        state.seen_before = state.last_seen;
        state.last_seen = Some(guard.pos);
    }
    state.blind_steps = 0;
    let apart = distance(guard.pos, w.player);
    if apart <= 1 {
        if state.guard_at == Some(guard.pos) {
            state.waits += 1;
        } else {
            (state.guard_at, state.waits) = (Some(guard.pos), 1);
        }
        if state.waits > MAX_IDLE_WAITS {
            return None;
        }
        return Some((
            Action::Search { count: 1 },
            format!(
                "following the vault guard: next to him at ({}, {}), waiting for him to lead on",
                guard.pos.x, guard.pos.y
            ),
        ));
    }
    state.waits = 0;
    let level = w.level()?;
    let beside: Vec<Pos> = nhbot_world::level::neighbours(guard.pos)
        .filter(|&p| p != w.player && level.feature(p).walkable())
        .collect();
    let path = w.path_to(&beside)?;
    if path.steps[0] == guard.pos {
        return None;
    }
    Some((
        Action::Move { dir: path.first },
        format!(
            "following the vault guard: he is {apart} squares away at ({}, {}), stepping {:?}",
            guard.pos.x, guard.pos.y, path.first
        ),
    ))
}

/// Steps after an unseen guard after which he is taken for lost (he vanishes silently once
/// his work is done out of our sight): we then wait until his escort is over.
pub const MAX_BLIND_STEPS: u32 = 6;

/// The guard is out of sight (a step into his unlit corridor): walk to where he was last seen;
/// there, he went on one square along his heading (he moves once we are next to him, and the
/// dark corridor hides him two squares away), so step that way.
fn follow_out_of_sight(state: &mut EscortState, w: &World) -> Option<(Action, String)> {
    let last = state.last_seen?;
    state.blind_steps += 1;
    if state.blind_steps > MAX_BLIND_STEPS {
        // Lost him: wait out his escort in place (seed 197, fainting from hunger, lost him and
        // pick_up_gold took the gold back under his eyes: "So be it, rogue!").
        return Some((
            Action::Search { count: 5 },
            "the vault guard is out of sight: waiting out his escort (taking gold now would anger him)"
                .to_string(),
        ));
    }
    if last != w.player {
        let path = w.path_to(&[last])?;
        return Some((
            Action::Move { dir: path.first },
            format!(
                "following the vault guard out of sight: to ({}, {}) where he was last seen, stepping {:?}",
                last.x, last.y, path.first
            ),
        ));
    }
    let Some(before) = state.seen_before else {
        // Seen in one place only: no heading to follow; wait there a little for him (walking
        // off to the gold the vault is full of would anger him).
        return Some((
            Action::Search { count: 1 },
            format!(
                "waiting for the vault guard where he was last seen ({}, {})",
                last.x, last.y
            ),
        ));
    };
    let dir =
        nhbot_world::Dir::from_delta((last.x - before.x).signum(), (last.y - before.y).signum())?;
    state.seen_before = Some(last);
    state.last_seen = Some(dir.step(last));
    Some((
        Action::Move { dir },
        format!(
            "following the vault guard out of sight: on along his heading from ({}, {}), stepping {dir:?}",
            last.x, last.y
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seen::{show_saying, world};

    /// The vault, the guard at its dug-out wall, his first corridor square beyond.
    const VAULT: [&str; 5] = ["------", "|.@..|", "|....|", "|....|", "------"];

    fn with_guard(w: &mut World, at: Pos) {
        w.monsters = vec![Monster {
            pos: at,
            ch: '@',
            color: 4,
            ..Monster::default()
        }];
    }

    #[test]
    fn drops_the_gold_then_follows_the_guard() {
        let mut w = world(&VAULT);
        with_guard(&mut w, Pos::new(4, 4));
        let mut state = EscortState::default();
        assert_eq!(
            escort_step(&mut state, &w),
            None,
            "no order from a guard: not our business"
        );
        show_saying(
            &mut w,
            &VAULT,
            2,
            &["\"Please drop that gold and follow me.\""],
        );
        with_guard(&mut w, Pos::new(4, 4));
        w.status.gold = 57;
        let (action, why) = escort_step(&mut state, &w).expect("drops the gold");
        assert_eq!(
            action,
            Action::Drop {
                item: '$',
                count: None
            }
        );
        assert!(why.contains("$57"), "{why}");
        w.status.gold = 0;
        let (action, why) = escort_step(&mut state, &w).expect("walks to him");
        assert!(matches!(action, Action::Move { .. }), "{why}");
        let Action::Move { dir } = action else {
            unreachable!()
        };
        let next = dir.step(w.player);
        assert!(distance(next, Pos::new(4, 4)) < distance(w.player, Pos::new(4, 4)));
        assert_ne!(next, Pos::new(4, 4), "never into the guard");
        // Next to him: wait for him to dig on, but not forever.
        w.player = Pos::new(3, 3);
        for _ in 0..MAX_IDLE_WAITS {
            let (action, _) = escort_step(&mut state, &w).expect("waits");
            assert_eq!(action, Action::Search { count: 1 });
        }
        assert_eq!(escort_step(&mut state, &w), None, "he stopped leading");
        // He stepped into his dark corridor: go where he was.
        let mut state = EscortState::default();
        with_guard(&mut w, Pos::new(4, 3));
        w.player = Pos::new(3, 2);
        escort_step(&mut state, &w).expect("next to him");
        w.monsters.clear();
        let (action, why) = escort_step(&mut state, &w).expect("after him");
        assert_eq!(
            action,
            Action::Move {
                dir: nhbot_world::Dir::SE
            },
            "{why}"
        );
        // Seen at (3, 1) then (4, 2), gone from (4, 2) when we stand there: on along his heading.
        let mut state = EscortState::default();
        w.player = Pos::new(2, 1);
        with_guard(&mut w, Pos::new(3, 1));
        escort_step(&mut state, &w).expect("next to him");
        with_guard(&mut w, Pos::new(4, 2));
        w.player = Pos::new(3, 1);
        escort_step(&mut state, &w).expect("next to him");
        w.monsters.clear();
        w.player = Pos::new(4, 2);
        let (action, why) = escort_step(&mut state, &w).expect("on after him");
        assert_eq!(
            action,
            Action::Move {
                dir: nhbot_world::Dir::SE
            },
            "{why}"
        );
        // We follow that heading into the dark, but not for ever.
        w.player = Pos::new(5, 3);
        for _ in 1..MAX_BLIND_STEPS {
            let (action, why) = escort_step(&mut state, &w).expect("on after him");
            let Action::Move { dir } = action else {
                panic!("{why}")
            };
            w.player = dir.step(w.player);
        }
        assert_eq!(
            escort_step(&mut state, &w).map(|(a, _)| a),
            Some(Action::Search { count: 5 }),
            "lost him: wait out his escort"
        );
    }

    #[test]
    fn the_escort_ends_with_the_guard_angry_or_gone_or_long_ago() {
        // The leaf's incremental reading answers as the full scan, one state through all the
        // worlds below (each new world is a history it must read afresh).
        let mut cache = EscortState::default();
        fn since(cache: &mut EscortState, w: &World) -> Option<i64> {
            let full = escort_since(w);
            assert_eq!(escort_since_cached(cache, w), full, "cached vs full scan");
            full
        }
        let mut w = world(&VAULT);
        show_saying(&mut w, &VAULT, 2, &["\"Please follow me.\""]);
        assert_eq!(since(&mut cache, &w), Some(2));
        show_saying(&mut w, &VAULT, 3, &["\"You've been warned, knave!\""]);
        assert_eq!(since(&mut cache, &w), None, "hostile now: a fight");
        let mut w = world(&VAULT);
        show_saying(&mut w, &VAULT, 2, &["\"Please follow me.\""]);
        show_saying(&mut w, &VAULT, 2 + ESCORT_TURNS + 1, &[]);
        assert_eq!(
            since(&mut cache, &w),
            Some(2),
            "many turns but few of our actions ago (we fainted)"
        );
        w.decisions += ESCORT_DECISIONS + 1;
        assert_eq!(since(&mut cache, &w), None, "long ago");
        with_guard(&mut w, Pos::new(4, 4));
        w.monsters[0].name = Some("peaceful guard".into());
        assert_eq!(
            since(&mut cache, &w),
            Some(2),
            "long ago, but he is still here"
        );
        // Deaf: his gestures.
        let mut w = world(&VAULT);
        show_saying(
            &mut w,
            &VAULT,
            2,
            &["The guard holds out his palm and beckons with his other hand."],
        );
        assert_eq!(since(&mut cache, &w), Some(2));
        show_saying(
            &mut w,
            &VAULT,
            3,
            &["The guard rubs his hands with enraged delight!"],
        );
        assert_eq!(since(&mut cache, &w), None);
    }
}
