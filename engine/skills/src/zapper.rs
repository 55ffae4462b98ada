//! Monsters that zap attack wands at us (16 of 200 bench deaths were a ray or a wand's force).
//!
//! The game's rules (3.6.6): a monster with an attack wand zaps it whenever it stands on one of
//! our 8 lines within 7 squares with nothing in between (muse.c `find_offensive()` needs
//! mthrowu.c `lined_up()`: `BOLT_LIM`), instead of moving or striking, adjacent too; it may step
//! into line and zap in the same turn; Elbereth does not stop it (a fleeing monster zaps as
//! well); it keeps the wand until its 4-8 charges run out. A bolt of lightning blinds for
//! d(6,50) turns. So: next to a weak zapper, kill it; one to three steps from it, close in off
//! its lines; farther, or too strong, step out of its lines; never wait in one (`ranged`'s
//! lines of fire count a kind seen zapping on this level, so searching, resting and Elbereth
//! refuse there). Zapped from out of sight, or blinded by the flash: never wait in place; strike
//! at the zapper when it was last next to us, else keep moving away from where it was.
//!
//! The zaps are the world's (`World.zaps`, read from the messages); a zapper in view is a
//! monster of the kind the message named (or a proper-named `@`: a priest, a shopkeeper).

use crate::monsters;
use crate::ranged;
use crate::recall::Recall;
use crate::threat::{self, Threat, FIRE_RANGE};
use crate::zappers::{zap_by, zapped_what, zappers_in_line};
use nhbot_world::{Action, Branch, Condition, Dir, Feature, Pos, World, Zap};

/// Seeing, turns after a zap from no zapper in view during which we keep off its lines.
const UNSEEN_ZAP_TURNS: i64 = 2;

/// Blind, turns after the last zap during which we keep moving away (the zapper goes on
/// zapping at a blind hero who stays in line: seeds 100, 116, 126, 195 searched in place).
pub const BLIND_ZAP_TURNS: i64 = 20;

/// Squares from a zapper we would beat within which we close in rather than step aside.
const CLOSE_IN_WITHIN: i16 = 3;

/// HP an approach costs per square (a wand's 2d12 or a ray's 6d6 a turn in line, dodged
/// mostly by approaching off its lines).
const APPROACH_DAMAGE: f64 = 6.0;

/// Careful, turns between two climbs away from a zapper (the descent brings us back down the
/// same stairs: no up-and-down loop while it waits there).
const CLIMB_GAP: i64 = 100;

/// The `dodge_zapper` leaf's memory: the direction of its last step away from an unseen
/// zapper and the turn of that step, so the next step goes on the same way; the turn of the
/// last climb away from one.
#[derive(Clone, Debug, Default)]
pub struct DodgeState {
    last: Option<(Dir, i64)>,
    climbed: Option<i64>,
}

/// How the `dodge_zapper` leaf answers: `depth` is the fight look-ahead's; `careful` never
/// closes in on a zapper 2+ squares away (each step in reach is a zap: seed 159 closed in on a
/// dwarf king from 3 squares, HP 38 -> 9; seed 157 walked 7 squares along a wand of lightning's
/// line) but climbs the up stairs under us, steps out of its lines, or backs out of its reach.
#[derive(Clone, Copy, Debug)]
pub struct DodgeRules {
    pub depth: u32,
    pub careful: bool,
}

/// The `dodge_zapper` leaf (see the module docs).
pub fn dodge_zapper_step(
    r: &mut Recall,
    st: &mut DodgeState,
    w: &World,
    rules: DodgeRules,
) -> Option<(Action, String)> {
    crate::peaceful::observe(&mut r.peaceful, w);
    let in_line = zappers_in_line(r, w, w.player);
    if let Some((t, z)) = in_line.first() {
        if let Some(up) = climb_away(st, w, rules, t) {
            return Some(up);
        }
        return answer_zapper_in_view(r, w, t, z, &in_line, rules);
    }
    if let Some(step) = keep_out_of_reach(r, st, w, rules) {
        return Some(step);
    }
    answer_unseen_zapper(r, st, w)
}

/// Careful, on the up stairs (below Dlvl 1, outside Sokoban) with the zapper `t` 2+ squares
/// away: climb, one `<` out of all its lines (seed 37 of an older bench closed in from the up
/// stairs on a Grey-elf with a wand of fire, HP 83 -> dead). Next to us it would follow.
fn climb_away(
    st: &mut DodgeState,
    w: &World,
    rules: DodgeRules,
    t: &Threat,
) -> Option<(Action, String)> {
    let level = w.level()?;
    let can = rules.careful
        && t.distance >= 2
        && w.status.dlvl > 1
        && level.branch != Branch::Sokoban
        && level.feature(w.player) == Feature::StairsUp
        && st.climbed.is_none_or(|turn| w.turn - turn >= CLIMB_GAP);
    if !can {
        return None;
    }
    st.climbed = Some(w.turn);
    Some((
        Action::Ascend,
        format!(
            "climbing away from the zapper `{}` ({}, {} squares away)",
            t.glyph,
            t.kind(),
            t.distance
        ),
    ))
}

/// Careful, no step out of the lines of the zapper at `from`: the step that takes us out of
/// its reach ([`FIRE_RANGE`] squares or more: `lined_up()` wants `distmin < BOLT_LIM`, 8), if
/// one does.
fn back_out_of_reach(w: &World, from: Pos) -> Option<(Dir, Pos)> {
    Dir::COMPASS
        .into_iter()
        .filter_map(|d| Some((d, ranged::legal_step(w, d)?)))
        .find(|&(_, p)| threat::distance(from, p) >= FIRE_RANGE)
}

/// A known zapper in view, out of line but within a step of its reach (it steps into line and
/// zaps in the same turn): close in when it is weak and near, else step farther off its lines
/// (the other leaves would walk straight back into them: seed 50's explore did). Not with a
/// hostile next to us.
fn keep_out_of_reach(
    r: &Recall,
    st: &mut DodgeState,
    w: &World,
    rules: DodgeRules,
) -> Option<(Action, String)> {
    let threats = threat::threats(r, w);
    if threats.iter().any(|t| t.hostile && t.distance <= 1) {
        return None; // a step away would give the one next to us a free blow
    }
    let (t, z) = threats
        .into_iter()
        .filter(|t| t.hostile && t.distance <= FIRE_RANGE + 1)
        .filter_map(|t| {
            let m = w.monsters.iter().find(|m| m.pos == t.pos)?;
            let z = zap_by(w, m)?;
            Some((t, z))
        })
        .min_by_key(|(t, _)| t.distance)?;
    if let Some(up) = climb_away(st, w, rules, &t) {
        return Some(up);
    }
    let what = format!(
        "`{}` ({}, {} squares away, out of line: {})",
        t.glyph,
        t.kind(),
        t.distance,
        zapped_what(z)
    );
    let winnable = t.no_melee.is_none()
        && f64::from(w.status.hp) > f64::from(t.distance - 1) * APPROACH_DAMAGE
        && monsters::by_name(&t.name)
            .is_some_and(|foe| !crate::lookahead::would_flee_from(w, foe, rules.depth));
    if winnable && t.distance <= CLOSE_IN_WITHIN && !rules.careful {
        let (action, how) = ranged::close_in_on(r, w, t.pos)?;
        return Some((action, format!("{how} on the zapper {what}")));
    }
    let level = w.level()?;
    let (dir, p) = Dir::COMPASS
        .into_iter()
        .filter_map(|d| Some((d, ranged::legal_step(w, d)?)))
        .filter(|&(_, p)| !lined(w, t.pos, p) && ranged::fire_count(r, w, p, None) == 0)
        .filter(|&(_, p)| threat::distance(t.pos, p) > t.distance)
        .max_by_key(|&(_, p)| (ranged::narrow(level.feature(p)), threat::distance(t.pos, p)))?;
    Some((
        Action::Move { dir },
        format!(
            "stepping {dir:?} away from the zapper {what} (to ({}, {}))",
            p.x, p.y
        ),
    ))
}

fn answer_zapper_in_view(
    r: &Recall,
    w: &World,
    t: &Threat,
    z: &Zap,
    in_line: &[(Threat, &Zap)],
    rules: DodgeRules,
) -> Option<(Action, String)> {
    let what = format!(
        "`{}` ({}, {} squares away: {})",
        t.glyph,
        t.kind(),
        t.distance,
        zapped_what(z)
    );
    let approach = f64::from(t.distance - 1) * APPROACH_DAMAGE;
    let winnable = t.no_melee.is_none()
        && f64::from(w.status.hp) > approach
        && monsters::by_name(&t.name)
            .is_some_and(|foe| !crate::lookahead::would_flee_from(w, foe, rules.depth));
    if t.distance == 1 {
        let dir = Dir::from_delta(t.pos.x - w.player.x, t.pos.y - w.player.y)?;
        return winnable.then(|| {
            (
                Action::Fight { dir },
                format!(
                    "attacking the zapper {what} to the {dir:?}: next to us it zaps rather than \
                     strikes, and Elbereth stops no wand"
                ),
            )
        });
    }
    if winnable && t.distance <= CLOSE_IN_WITHIN && !rules.careful {
        if let Some((action, how)) = ranged::close_in_on(r, w, t.pos) {
            return Some((action, format!("{how} on the zapper {what}")));
        }
    }
    let zappers: Vec<Pos> = in_line.iter().map(|(t, _)| t.pos).collect();
    if let Some((dir, p)) = off_their_lines(r, w, &zappers) {
        return Some((
            Action::Move { dir },
            format!(
                "stepping {dir:?} out of the line of the zapper {what}{} (to ({}, {}))",
                if winnable {
                    ""
                } else {
                    "; too strong to close in on"
                },
                p.x,
                p.y
            ),
        ));
    }
    if rules.careful {
        if let Some((dir, p)) = back_out_of_reach(w, t.pos) {
            return Some((
                Action::Move { dir },
                format!(
                    "backing {dir:?} out of the reach of the zapper {what}: no step leaves its \
                     lines (to ({}, {}))",
                    p.x, p.y
                ),
            ));
        }
    }
    if winnable {
        let (action, how) = ranged::close_in_on(r, w, t.pos)?;
        return Some((
            action,
            format!("{how} on the zapper {what}: no step leaves its lines"),
        ));
    }
    None
}

/// Whether a zapper at `from` may zap at `p`.
fn lined(w: &World, from: Pos, p: Pos) -> bool {
    let d = threat::distance(from, p);
    d == 1 || (d <= FIRE_RANGE && w.line_clear(from, p))
}

/// The neighbour out of the lines of the zappers at `zappers` and of every other ranged
/// threat: narrow squares first, then far from hostiles.
fn off_their_lines(r: &Recall, w: &World, zappers: &[Pos]) -> Option<(Dir, Pos)> {
    let level = w.level()?;
    let hostiles: Vec<Pos> = threat::threats(r, w)
        .iter()
        .filter(|t| t.hostile)
        .map(|t| t.pos)
        .collect();
    Dir::COMPASS
        .into_iter()
        .filter_map(|d| Some((d, ranged::legal_step(w, d)?)))
        .filter(|&(_, p)| !zappers.iter().any(|&z| lined(w, z, p)))
        .filter(|&(_, p)| ranged::fire_count(r, w, p, None) == 0)
        .max_by_key(|&(_, p)| {
            let nearest = hostiles
                .iter()
                .map(|&h| threat::distance(h, p))
                .min()
                .unwrap_or(99);
            (nearest > 1, ranged::narrow(level.feature(p)), nearest)
        })
}

/// The latest zap at us from no zapper in view that still calls for moving: within
/// [`UNSEEN_ZAP_TURNS`] seeing, [`BLIND_ZAP_TURNS`] blind.
fn unseen_zap(w: &World) -> Option<&Zap> {
    let blind = w.status.conditions.contains(&Condition::Blind);
    let window = if blind {
        BLIND_ZAP_TURNS
    } else {
        UNSEEN_ZAP_TURNS
    };
    w.zaps
        .iter()
        .rev()
        .take_while(|z| (0..=window).contains(&(w.turn - z.turn)))
        .find(|z| z.attack && (z.at_us || z.zapper.is_none()))
}

/// Where the zapper of `z` was last seen (a remembered monster of its kind), if anywhere.
fn last_seen_at(w: &World, z: &Zap) -> Option<Pos> {
    z.zapper.as_ref()?;
    w.remembered
        .iter()
        .rev()
        .filter(|m| w.turn - m.last_seen <= BLIND_ZAP_TURNS)
        .find(|m| zap_by(w, m).is_some_and(|by| by.zapper == z.zapper))
        .map(|m| m.pos)
}

fn answer_unseen_zapper(r: &Recall, st: &mut DodgeState, w: &World) -> Option<(Action, String)> {
    let z = unseen_zap(w)?;
    if z.zapper.is_some() && w.monsters.iter().any(|m| zap_by(w, m).is_some()) {
        return None; // in view and out of line: nothing to dodge
    }
    // "You kill it!" since: most likely the zapper (seed 116 went on striking at its square).
    if w.kills.iter().any(|k| k.turn >= z.turn) {
        return None;
    }
    let blind = w.status.conditions.contains(&Condition::Blind);
    let how = if z.blinded {
        "blinded by the flash"
    } else if z.hit_us {
        "hit"
    } else if z.at_us {
        "missed"
    } else {
        "a zap heard nearby"
    };
    let what = format!(
        "{how} at turn {}{}",
        z.turn,
        z.wand
            .as_deref()
            .map(|wand| format!(" (a {wand})"))
            .unwrap_or_default()
    );
    // The mark a search leaves of a monster felt next to us: the zapper, most likely.
    let felt = w
        .monsters
        .iter()
        .find(|m| m.ch == 'I' && threat::distance(m.pos, w.player) == 1)
        .map(|m| m.pos);
    // "You attack thin air.": it is no longer where it was last seen.
    let from = last_seen_at(w, z).filter(|_| !w.said_since(z.turn, "thin air"));
    let next_to_us = felt.or(from.filter(|&p| blind && threat::distance(p, w.player) == 1));
    if let Some(p) = next_to_us {
        let dir = Dir::from_delta(p.x - w.player.x, p.y - w.player.y)?;
        return Some((
            Action::Fight { dir },
            format!(
                "attacking the unseen zapper to the {dir:?} (at ({}, {})): {what}",
                p.x, p.y
            ),
        ));
    }
    if from.is_some_and(|p| threat::distance(p, w.player) > FIRE_RANGE + 1) {
        return None; // out of its reach
    }
    let level = w.level()?;
    let suspects: Vec<Pos> = from
        .into_iter()
        .chain(
            w.remembered
                .iter()
                .filter(|m| m.maybe_hostile())
                .map(|m| m.pos),
        )
        .collect();
    let previous = st
        .last
        .filter(|&(_, turn)| w.turn - turn <= 2)
        .map(|(d, _)| d);
    let (dir, p) = Dir::COMPASS
        .into_iter()
        .filter_map(|d| Some((d, ranged::legal_step(w, d)?)))
        // Never straight back: the square we left was in its line.
        .filter(|&(d, _)| {
            previous.is_none_or(|prev| d.delta() != (-prev.delta().0, -prev.delta().1))
        })
        .max_by_key(|&(d, p)| {
            let lined_up = suspects.iter().filter(|&&s| lined(w, s, p)).count()
                + ranged::fire_count(r, w, p, None);
            (
                std::cmp::Reverse(lined_up),
                Some(d) == previous,
                ranged::narrow(level.feature(p)),
                from.map(|f| threat::distance(f, p)).unwrap_or(0),
            )
        })?;
    st.last = Some((dir, w.turn));
    let seen = from
        .map(|f| format!("; it was last seen at ({}, {})", f.x, f.y))
        .unwrap_or_default();
    Some((
        Action::Move { dir },
        format!(
            "moving {dir:?} off the zapper's lines{}: {what}{seen} (to ({}, {}))",
            if blind { ", blind" } else { "" },
            p.x,
            p.y
        ),
    ))
}

#[cfg(test)]
mod tests;
