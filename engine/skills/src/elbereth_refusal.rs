//! Weighing a refused Elbereth: `fight_or_flee`'s look-ahead chose Elbereth, and a line of fire
//! or an attack from something unseen made the plain rule refuse it (the bot then struck on at
//! falling HP: 45 of the b28 bench's 200 deaths had "Elbereth refused" in their last decisions).
//!
//! Elbereth still stops the blows of the foes next to us that respect it: only a monster next
//! to us is scared by it (monmove.c `distfleeck`: `nearby && onscary`), and `dochug` attacks
//! whenever it is not scared, so a shooter further off keeps firing. The refusal is weighed:
//! the adjacent foes' expected damage per turn (what Elbereth stops, the duel's numbers)
//! against an estimate of what goes on (missiles, breath, a wand, something unseen).

use crate::elbereth;
use crate::monsters;
use crate::ranged::{self, FiringNews, LineOfFire};
use crate::recall::Recall;
use nhbot_world::World;

/// Expected HP a turn from a monster that fires missiles at us: an arrow or dagger (d6) a
/// volley of ~1.5, about half hitting our AC, and not every turn lined up.
const MISSILE: f64 = 2.5;
/// A wand heard zapped nearby: striking's 2d12, or a ray.
const ZAP: f64 = 6.0;
/// Share of turns a breath, spit or ray attack comes (mthrowu.c `breamu`: one turn in three
/// when lined up, then a cooldown).
const INNATE_SHARE: f64 = 1.0 / 3.0;
/// Turns within which a blow from something unseen is fresh: it may stand next to us unseen,
/// and what it is and whether it respects Elbereth are unknown.
const FRESH_BLOW: i64 = 1;

/// What goes on hurting us on an Elbereth, in expected HP a turn, and what makes it up.
#[derive(Clone, Debug, PartialEq)]
pub struct Unstopped {
    pub damage: f64,
    pub what: Vec<String>,
}

/// Expected HP a turn from one line of fire, by what makes it a ranged threat.
fn line_damage(l: &LineOfFire) -> f64 {
    if l.why.starts_with("it zapped") {
        return ZAP;
    }
    if !l.why.starts_with("it ") {
        return MISSILE; // seen firing, or a missile reached us and it wields weapons
    }
    let innate = monsters::by_name(&l.threat.name).and_then(|m| {
        m.attacks
            .iter()
            .filter(|a| matches!(a.kind.as_str(), "brea" | "spit" | "magc"))
            .map(|a| a.dice.mean())
            .reduce(f64::max)
    });
    innate.map_or(MISSILE, |mean| mean * INNATE_SHARE)
}

/// Blows from "It" within [`ranged::UNSEEN_MEMORY`] turns that are not a missile's miss, as
/// (turn, text), newest first.
fn unseen_blows(w: &World) -> Vec<(i64, String)> {
    w.history
        .newest_first()
        .take_while(|s| (0..=ranged::UNSEEN_MEMORY).contains(&(w.turn - s.turn)))
        .filter(|s| {
            s.text.starts_with("It ")
                && s.text != ranged::MISSILE_MISS
                && crate::signs::attacked(std::slice::from_ref(&s.text))
        })
        .map(|s| (s.turn, s.text.clone()))
        .collect()
}

/// What goes on hurting us on an Elbereth here, or why the refusal stands whatever the
/// weighing (the square refuses an engraving, it would not help, a zapper next to us, a fresh
/// or repeated blow from something unseen).
pub fn unstopped(r: &Recall, w: &World) -> Result<Unstopped, String> {
    if elbereth::cannot_engrave_here(r, w) {
        return Err("the square or form refuses an engraving".into());
    }
    if !elbereth::would_help(r, w) {
        return Err("it would not help".into());
    }
    if let Some(why) = crate::zappers::zapper_adjacent(r, w) {
        return Err(why);
    }
    let blows = unseen_blows(w);
    let mut turns: Vec<i64> = blows.iter().map(|(t, _)| *t).collect();
    turns.dedup();
    if let Some((turn, text)) = blows.first() {
        if w.turn - turn <= FRESH_BLOW || turns.len() > 1 {
            return Err(format!(
                "something unseen strikes us (\"{text}\" at turn {turn})"
            ));
        }
    }
    let mut out = Unstopped {
        damage: 0.0,
        what: Vec::new(),
    };
    let mut add = |damage: f64, what: String| {
        out.damage += damage;
        out.what.push(format!("{what} {damage:.1}"));
    };
    let lines = ranged::lines_of_fire(r, w, w.player);
    for l in &lines {
        add(line_damage(l), format!("`{}` ({})", l.threat.glyph, l.why));
    }
    // A stale blow, the only one, with a hostile in view next to us: most likely that hostile
    // before we saw it; weak evidence, counted as one shooter.
    if let Some((turn, text)) = blows.first() {
        add(MISSILE, format!("\"{text}\" at turn {turn}"));
    }
    let recent = |turn: i64| (0..=ranged::UNSEEN_MEMORY).contains(&(w.turn - turn));
    let said: Vec<_> = w
        .history
        .newest_first()
        .take_while(|s| recent(s.turn))
        .collect();
    // Without `verbose` every missile's miss is "It misses." (mthrowu.c `thitu`): one shooter
    // unless a line of fire already stands for it.
    if lines.is_empty() {
        if let Some(s) = said.iter().find(|s| s.text == ranged::MISSILE_MISS) {
            add(MISSILE, format!("a missile's miss at turn {}", s.turn));
        }
    }
    if let Some(s) = said
        .iter()
        .find(|s| ranged::firing_news(&s.text) == Some(FiringNews::HeardZap))
    {
        add(ZAP, format!("a zap heard at turn {}", s.turn));
    }
    if let Some((turn, from, to)) = r.unexplained_loss.filter(|(t, ..)| recent(*t)) {
        add(
            f64::from(from - to),
            format!("HP {from} -> {to} unexplained at turn {turn}"),
        );
    }
    Ok(out)
}

/// Turns an Elbereth we engraved where we stand is kept at [`KEEP_SHARE`] of the ratio.
const KEEP_TURNS: i64 = 3;
/// Share of the ratio that keeps an Elbereth we just engraved here: the weighing must not flip
/// to a blow that erases it as a foe steps off (seed 30 of b29 engraved at "stops 8.9, 2.5 goes
/// on", then struck the dwarf lord at "4.8, 2.5" the next turn, erasing it, and died).
const KEEP_SHARE: f64 = 0.5;

/// Whether to engrave the look-ahead's Elbereth though the plain rule refused it: what it stops
/// (`stopped`, the adjacent foes' expected HP a turn) is at least `ratio` times what goes on
/// ([`unstopped`]); on an Elbereth we engraved here lately, half that. `Ok` and `Err` both say why.
pub fn weigh(r: &Recall, w: &World, stopped: f64, ratio: f64) -> Result<String, String> {
    let goes_on = unstopped(r, w)?;
    let ours = r.last_engrave_at == Some(w.player)
        && r.last_engrave
            .is_some_and(|t| (0..=KEEP_TURNS).contains(&(w.turn - t)));
    let ratio = if ours { ratio * KEEP_SHARE } else { ratio };
    let why = format!(
        "it stops {stopped:.1} HP a turn, {:.1} goes on ({})",
        goes_on.damage,
        goes_on.what.join(", ")
    );
    if stopped >= ratio * goes_on.damage {
        Ok(why)
    } else {
        Err(why)
    }
}

#[cfg(test)]
#[path = "elbereth_refusal/tests.rs"]
mod tests;
