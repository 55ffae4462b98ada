//! Hallucinating with monsters near (issue 27): strike back at what strikes us, never flee it,
//! never wait more than a turn while a monster we cannot tell is near.
//!
//! On the 200-game bench (main at acad74a) 8 of 200 games died "killed by a
//! hallucinogen-distorted" monster (seeds 36, 71, 91, 102, 121, 147, 183, 184), every one after
//! a black light's explosion ("It explodes!": makemon.c makes every black light invisible, so
//! the source cannot be seen, let alone avoided, without see invisible). What killed them:
//! `wait_out_hallucination` searched 5 turns with a monster 1-3 squares away (seed 147: HP
//! 46 -> 23 in one search, seed 184: 28 -> 16, then dead), and the look-ahead, sizing the
//! monster it cannot tell by the depth's typical one, fled from it back and forth (seed 36:
//! steps away from a carnivorous ape that held it, "You cannot escape from ..."; seed 121: six
//! from a leocrotta, speed 18), each step a free blow. Hallucinating, nothing tells a
//! monster's speed, so a step away is worth nothing against most of what the depth makes;
//! Elbereth comes out garbled one letter in two (engrave.c: an intact one 1 time in ~300); and
//! a blow at a monster that has not struck may land on a floating eye or a peaceful (uhitm.c asks
//! no "Really attack?" while hallucinating). So: strike back at the square the blows come from (the
//! monster that struck is followed by its square, and struck first when it comes back next to us),
//! and otherwise wait one turn at a time, ready to strike back. Smoke runs of seeds 36 and 147 with
//! it: both fought, reached the HP a god fixes, prayed and killed the monster (dead at T8089 and
//! T11701, of other things); seeds 121 and 184 still died, each to one burst of 12-30 HP from a
//! monster that came next to us before it struck.

use crate::recall::Recall;
use crate::signs;
use crate::threat::{self, Threat};
use nhbot_world::{Action, Dir, Pos, World};

/// Turns a monster that struck us is remembered as hostile (and struck first when it comes
/// back next to us).
const FOE_MEMORY: i64 = 20;
/// Squares a remembered foe may move between two decisions and still be followed.
const FOE_STEP: i16 = 3;
/// Turns of hallucination after which the waiting stops (as `wait_out_hallucination`'s give-up:
/// a potion's hallucination lasts hundreds of turns); striking back never stops.
const WAIT_AT_MOST: i64 = 200;

/// What the `hallucination_guard` leaf remembers: the turn hallucination began, and the monster
/// that struck us last (its square as followed, and the turn of its latest blow).
#[derive(Clone, Debug, Default)]
pub struct GuardState {
    pub since: Option<i64>,
    pub foe: Option<(Pos, i64)>,
}

fn distance(a: Pos, b: Pos) -> i16 {
    (a.x - b.x).abs().max((a.y - b.y).abs())
}

/// Whether something struck at us this turn or the one before: an attack message ("The jackal
/// bites!", a hug: "grabs you", "You are being crushed") or HP lost within a turn.
fn struck_lately(w: &World) -> bool {
    let said = |text: &str| {
        signs::attacked(&[text.to_string()])
            || text.ends_with(" grabs you!")
            || text.starts_with("You are being crushed")
    };
    w.messages.iter().any(|m| said(m))
        || w.history
            .newest_first()
            .take_while(|s| (0..=1).contains(&(w.turn - s.turn)))
            .any(|s| said(&s.text))
        || w.hp_lost_within(1) > 0
}

/// The hostile monsters we cannot tell because we hallucinate, most dangerous first.
fn unknown_threats(r: &Recall, w: &World) -> Vec<Threat> {
    threat::threats(r, w)
        .into_iter()
        .filter(|t| t.hostile && t.unknown == Some("hallucinating"))
        .collect()
}

/// The direction of a blow at `t` from our square, if it is next to us.
fn strike_dir(w: &World, t: &Threat) -> Option<Dir> {
    if t.distance != 1 {
        return None;
    }
    // Diagonally out of or into a doorway too: hack.c `domove` attacks before `test_move`
    // forbids the step (seed 121 of the bench stood in a doorway, its foe diagonal).
    Dir::from_delta(t.pos.x - w.player.x, t.pos.y - w.player.y)
}

fn strike(w: &World, t: &Threat, dir: Dir, why: String) -> (Action, String) {
    let hp = format!("HP {}/{}", w.status.hp, w.status.hp_max);
    (
        Action::Fight { dir },
        format!(
            "hallucinating, {why}: striking `{}` to the {dir:?} ({}, {:.1} dmg/turn; {hp}) \
             rather than fleeing or waiting: its speed cannot be told",
            t.glyph,
            t.kind(),
            t.expected_damage
        ),
    )
}

/// When `hallucination_guard` prays the hallucination away: struck lately below `below` of
/// max HP, the god never refused us and a refusal as too soon for a minor trouble is at most
/// `max_refusal` likely. Hallucination is a minor trouble (pray.c `in_trouble`), fixed while the
/// timeout is at most 100; Elbereth is no way out, engrave.c garbles each letter written while
/// hallucinating with chance 1/2 (an intact one in ~350). Seeds 12 and 180 of b28-int32 struck
/// back at 40% HP and lost 30-40 HP a turn to what they could not tell, down to death.
/// Caveat (why it is off in the tree): pray.c `pleased` fixes a minor trouble only with
/// `action` >= 3, i.e. Luck >= 1 off an altar; at Luck 0 such a prayer fixes nothing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PrayAway {
    pub below: f64,
    pub max_refusal: f64,
}

/// The prayer of [`PrayAway`], if it is due.
fn pray_away(w: &World, pray: Option<PrayAway>) -> Option<(Action, String)> {
    let PrayAway { below, max_refusal } = pray?;
    let chance = w.minor_prayer_refusal_chance();
    if w.hp_fraction() >= below || !w.refused_prayers.is_empty() || chance > max_refusal {
        return None;
    }
    Some((
        Action::Pray,
        format!(
            "hallucinating, struck lately at HP {}/{} (below {:.0}%): praying the hallucination \
             away (refused as too soon with chance {:.0}%; an Elbereth written now comes out \
             garbled, and what strikes us cannot be told)",
            w.status.hp,
            w.status.hp_max,
            below * 100.0,
            chance * 100.0
        ),
    ))
}

/// One decision of `hallucination_guard` (see the module docs): fails when we do not
/// hallucinate, when no monster we cannot tell is within `radius`, and when what strikes us is
/// not next to us (a missile, something unseen: other leaves answer that).
pub fn guard_step(
    r: &mut Recall,
    state: &mut GuardState,
    w: &World,
    radius: i16,
) -> Option<(Action, String)> {
    guard_step_by(r, state, w, radius, None)
}

/// [`guard_step`], praying the hallucination away by `pray` ([`PrayAway`]) when struck low.
pub fn guard_step_by(
    r: &mut Recall,
    state: &mut GuardState,
    w: &World,
    radius: i16,
    pray: Option<PrayAway>,
) -> Option<(Action, String)> {
    if !w.hallucinating() {
        *state = GuardState::default();
        return None;
    }
    let since = *state.since.get_or_insert(w.turn);
    let threats = unknown_threats(r, w);
    // Follow the foe that struck us by its square (its glyph changes every turn).
    state.foe = state.foe.and_then(|(pos, turn)| {
        if w.turn - turn > FOE_MEMORY {
            return None;
        }
        threats
            .iter()
            .filter(|t| distance(t.pos, pos) <= FOE_STEP)
            .min_by_key(|t| distance(t.pos, pos))
            .map(|t| (t.pos, turn))
    });
    let next_to_us: Vec<(&Threat, Dir)> = threats
        .iter()
        .filter_map(|t| Some((t, strike_dir(w, t)?)))
        .collect();
    if struck_lately(w) {
        // The foe we followed if it is next to us, else the worst next to us.
        let target = next_to_us
            .iter()
            .find(|(t, _)| state.foe.is_some_and(|(p, _)| p == t.pos))
            .or(next_to_us.first());
        if let Some(&(t, dir)) = target {
            state.foe = Some((t.pos, w.turn));
            if let Some(prayer) = pray_away(w, pray) {
                return Some(prayer);
            }
            let lost = w.hp_lost_within(2);
            return Some(strike(
                w,
                t,
                dir,
                format!("struck lately (HP lost within 2 turns: {lost})"),
            ));
        }
        return None;
    }
    if let Some((pos, turn)) = state.foe {
        if let Some(&(t, dir)) = next_to_us.iter().find(|(t, _)| t.pos == pos) {
            return Some(strike(
                w,
                t,
                dir,
                format!("it struck us at turn {turn} and is back next to us"),
            ));
        }
    }
    let near: Vec<&Threat> = threats.iter().filter(|t| t.distance <= radius).collect();
    if near.is_empty() || w.turn - since > WAIT_AT_MOST {
        return None;
    }
    let nearest = near.iter().map(|t| t.distance).min().unwrap_or(radius);
    Some((
        Action::Search { count: 1 },
        format!(
            "hallucinating for {} turns, {} monster(s) we cannot tell within {radius} (nearest \
             {nearest} away, taken for a {}): waiting one turn at a time, ready to strike back \
             (a blow first may land on a floating eye or a peaceful)",
            w.turn - since,
            near.len(),
            near[0].name
        ),
    ))
}

/// The `hallucination_guard` leaf (see the module docs).
pub struct HallucinationGuard {
    /// Chebyshev distance within which a monster we cannot tell keeps us waiting.
    pub radius: i16,
    /// Pray the hallucination away when struck low ([`PrayAway`]); None: never.
    pub pray: Option<PrayAway>,
}

impl nhbot_bt::Leaf for HallucinationGuard {
    type State = GuardState;

    fn tick(&self, state: &mut GuardState, t: &mut nhbot_bt::Tick<'_>) -> nhbot_bt::LeafOutcome {
        let w = t.world;
        let r = t.blackboard.entry::<Recall>();
        match guard_step_by(r, state, w, self.radius, self.pray) {
            Some((action, why)) => nhbot_bt::LeafOutcome::Act(action, why),
            None => nhbot_bt::LeafOutcome::Failure,
        }
    }

    /// The foe and the start of the hallucination outlive another leaf's action (a prayer).
    fn halted(&self, _state: &mut GuardState) {}
}

#[cfg(test)]
#[path = "hallucination/tests.rs"]
mod tests;
