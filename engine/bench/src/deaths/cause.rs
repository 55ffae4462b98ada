//! The cause class of a death, from the evidence a bench keeps: the game's death text and
//! `while` (xlogfile), the HP trail, the bot's decisions with their reasons, the game's messages.
//!
//! The classes are checked in this order, the first that holds wins:
//!
//! 1. **starvation / fainted**: the game says "starvation", or the hero had fainted (`while`);
//! 2. **poison**: the death text starts with "poisoned" (or names poison);
//! 3. **wand / ray / breath**: "bolt of", "blast of", "wand", "death ray", "magic missile";
//! 4. **trap**: the text names a trap ("trap", "land mine", "rolling boulder", "falling rock",
//!    "little dart" — a dart trap's; a monster's dart is a "dart"), or a trap went off in the
//!    messages of the last turns ("An arrow shoots out at you!");
//! 5. **ranged**: the killer is a missile (the game names the object that dealt a thrown or
//!    fired blow: "an orcish arrow", "a dagger", "a crossbow bolt");
//! 6. **helpless**: any other `while` (praying, sleeping, paralysed, taking off armour);
//! 7. **other**: not "killed by" (drowned, choked, turned to stone...);
//! 8. **unseen attacker**: the game names an invisible killer; or, unless a message of the
//!    last 3 turns names the killer ("The orc shaman casts a spell at you!"), messages of the
//!    last 3 turns say "It hits!" or the bot's reasons of the last 5 turns name an attacker it
//!    could not see ("no attacker in view", "feeling for the unseen attacker");
//! 9. **attacker not taken for hostile**: in the last 10 turns the bot decided with "no hostile
//!    within" in its reason while its HP was falling (a monster it took for peaceful, or did
//!    not count as a threat, was hurting it);
//! 10. **melee while healthy / while hurt**: HP at or above half its maximum 5 turns before the
//!     death, or below; **melee, HP unknown** when no sample is that old within the window.
//!
//! The data cannot say more than that: "melee" is any other death by a named monster, its
//! spells and gazes included, and a monster's missile that did not deal the last blow counts
//! as melee.

use serde::Serialize;

use super::evidence::{HpSample, LoggedDecision, TurnMessage};

/// A death's class; see the module doc for the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    Starvation,
    Poison,
    WandOrRay,
    Trap,
    Ranged,
    Helpless,
    Other,
    Unseen,
    NotHostile,
    MeleeHealthy,
    MeleeHurt,
    Melee,
}

impl Cause {
    pub fn label(self) -> &'static str {
        match self {
            Cause::Starvation => "starvation / fainted",
            Cause::Poison => "poison",
            Cause::WandOrRay => "wand / ray / breath",
            Cause::Trap => "trap",
            Cause::Ranged => "ranged (missile)",
            Cause::Helpless => "helpless",
            Cause::Other => "other (not killed by a monster)",
            Cause::Unseen => "unseen attacker",
            Cause::NotHostile => "attacker not taken for hostile",
            Cause::MeleeHealthy => "melee while healthy",
            Cause::MeleeHurt => "melee while hurt",
            Cause::Melee => "melee, HP unknown",
        }
    }
}

/// HP at or above this share of its maximum 5 turns before the death is "healthy".
pub const HEALTHY_SHARE: f64 = 0.5;
/// How long before the death the HP is read for healthy or hurt.
pub const HURT_LOOKBACK: i64 = 5;
/// The last turns whose messages and reasons say how the blow came (a trap, an unseen attacker).
const LAST_TURNS: i64 = 3;

/// What a death is classified from.
#[derive(Clone, Copy, Debug)]
pub struct Evidence<'a> {
    /// The game's death text ("killed by a jackal", "poisoned by an orcish arrow").
    pub death: &'a str,
    /// The game's `while` ("fainted from lack of food", "praying").
    pub helpless: Option<&'a str>,
    pub turn: i64,
    /// HP samples, oldest first (any source).
    pub hp: &'a [HpSample],
    /// The decisions of the last turns, oldest first.
    pub decisions: &'a [LoggedDecision],
    /// The game's messages of the last turns, oldest first.
    pub messages: &'a [TurnMessage],
}

/// The missiles the game names as killers: a monster's thrown or fired object (the name ends
/// with one: "crude arrow", "elven dagger", "crossbow bolt").
const MISSILES: [&str; 14] = [
    "arrow",
    "dart",
    "dagger",
    "knife",
    "crossbow bolt",
    "shuriken",
    "spear",
    "javelin",
    "boomerang",
    "rock",
    "flint stone",
    "boulder",
    "ya",
    "bullet",
];

/// The object or monster after "by" ("killed by an orcish arrow" → "orcish arrow").
fn killer_name(death: &str) -> &str {
    let by = death.split_once(" by ").map_or(death, |(_, k)| k);
    let by = by.split(", while").next().unwrap_or(by);
    by.strip_prefix("an ")
        .or_else(|| by.strip_prefix("a "))
        .or_else(|| by.strip_prefix("the "))
        .unwrap_or(by)
}

/// Whether `phrase` occurs in `text` as whole words ("trap" is not in "trapper").
fn has_phrase(text: &str, phrase: &str) -> bool {
    text.match_indices(phrase).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + phrase.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The first of `phrases` that `text` holds as whole words.
fn any_in(text: &str, phrases: &[&str]) -> Option<String> {
    phrases
        .iter()
        .find(|p| has_phrase(text, p))
        .map(|p| p.to_string())
}

/// Messages a trap prints as it goes off.
const TRAP_MESSAGES: [&str; 8] = [
    "shoots out at you",
    "trap",
    "KAABLAMM",
    "falls on your head",
    "into a pit",
    "sharp iron spikes",
    "tower of flame",
    "rolling boulder",
];

/// Verbs of a monster's blow as the game tells it of an attacker it does not show ("It hits!").
const BLOWS: [&str; 14] = [
    "hits",
    "bites",
    "stings",
    "kicks",
    "butts",
    "touches",
    "claws",
    "misses",
    "thrusts",
    "swings",
    "scratches",
    "gores",
    "strikes",
    "lashes",
];

fn unseen_blow(message: &str) -> bool {
    message
        .strip_prefix("It ")
        .and_then(|rest| rest.split([' ', '!', '.']).next())
        .is_some_and(|verb| BLOWS.contains(&verb))
}

/// What the bot's reasons say when it knows an attacker it cannot see hurt it.
const UNSEEN_REASONS: [&str; 4] = [
    "no attacker in view",
    "no monster in view",
    "unseen attacker",
    "unseen monster",
];

/// How far back a "no hostile" reason with HP falling counts.
const NOT_HOSTILE_TURNS: i64 = 10;

/// Whether HP fell just before `turn` (from the sample of the 5 turns before) or after it,
/// before the death's own turn: the bot was being hurt while it decided at `turn`.
fn hp_fell_around(e: &Evidence, turn: i64) -> bool {
    let Some(at) = hp_at(e.hp, turn) else {
        return false;
    };
    let earlier = hp_at(e.hp, turn - 1).filter(|h| h.turn >= turn - HURT_LOOKBACK);
    let later =
        e.hp.iter()
            .filter(|h| h.turn > turn && h.turn < e.turn)
            .map(|h| h.hp)
            .min();
    earlier.is_some_and(|h| h.hp > at.hp) || later.is_some_and(|hp| hp < at.hp)
}

/// The latest sample at or before `turn`, within the window the samples cover.
pub fn hp_at(hp: &[HpSample], turn: i64) -> Option<&HpSample> {
    hp.iter().rev().find(|h| h.turn <= turn)
}

/// The class of a death and the evidence that decided it, in words.
pub fn classify(e: &Evidence) -> (Cause, String) {
    let death = e.death.to_ascii_lowercase();
    let killer = killer_name(&death);
    let last = |turn: i64| turn >= e.turn - LAST_TURNS;
    let while_ = e.helpless.unwrap_or("");
    if death.contains("starvation") {
        return (Cause::Starvation, format!("the game says \"{}\"", e.death));
    }
    if while_.contains("faint") || while_.contains("lack of food") {
        return (Cause::Starvation, format!("while {while_}"));
    }
    let trap_message = e
        .messages
        .iter()
        .filter(|m| last(m.turn))
        .find(|m| TRAP_MESSAGES.iter().any(|t| has_phrase(&m.text, t)));
    if death.starts_with("poisoned") || death.contains("poison") {
        let after = trap_message.map_or(String::new(), |t| {
            format!(", after \"{}\" (T{})", t.text, t.turn)
        });
        return (
            Cause::Poison,
            format!("the game says \"{}\"{after}", e.death),
        );
    }
    let rays = ["bolt of", "blast of", "wand", "death ray", "magic missile"];
    if let Some(w) = any_in(&death, &rays) {
        return (Cause::WandOrRay, format!("the death text names \"{w}\""));
    }
    let traps = [
        "trap",
        "land mine",
        "rolling boulder",
        "falling rock",
        "little dart",
    ];
    if let Some(w) = any_in(&death, &traps) {
        return (Cause::Trap, format!("the death text names \"{w}\""));
    }
    let missile = MISSILES
        .iter()
        .find(|m| killer == **m || killer.ends_with(&format!(" {m}")));
    if let Some(m) = missile {
        if let Some(t) = trap_message {
            return (
                Cause::Trap,
                format!("killed by a {m} after \"{}\" (T{})", t.text, t.turn),
            );
        }
        return (Cause::Ranged, format!("the killer is a missile ({killer})"));
    }
    if !while_.is_empty() {
        return (Cause::Helpless, format!("while {while_}"));
    }
    if !death.starts_with("killed by") {
        return (Cause::Other, format!("the game says \"{}\"", e.death));
    }
    if death.contains("invisible") {
        return (Cause::Unseen, "the game names an invisible killer".into());
    }
    // The game named the killer in the last messages ("The orc shaman casts a spell at
    // you!"): whatever else was unseen, the killer was not.
    let monster = killer.rsplit(" imitating ").next().unwrap_or(killer);
    let monster = monster
        .strip_prefix("an ")
        .or_else(|| monster.strip_prefix("a "))
        .unwrap_or(monster);
    let killer_shown = e
        .messages
        .iter()
        .any(|m| last(m.turn) && has_phrase(&m.text.to_ascii_lowercase(), monster));
    if let Some(m) = e
        .messages
        .iter()
        .rev()
        .find(|m| !killer_shown && last(m.turn) && unseen_blow(&m.text))
    {
        return (Cause::Unseen, format!("\"{}\" at T{}", m.text, m.turn));
    }
    if let Some(d) = e
        .decisions
        .iter()
        .rev()
        .filter(|d| !killer_shown && d.turn >= e.turn - HURT_LOOKBACK)
        .find(|d| UNSEEN_REASONS.iter().any(|r| d.reason.contains(r)))
    {
        return (
            Cause::Unseen,
            format!("T{} {}: \"{}\"", d.turn, d.path, d.reason),
        );
    }
    if let Some(d) = e
        .decisions
        .iter()
        .rev()
        .filter(|d| d.turn >= e.turn - NOT_HOSTILE_TURNS)
        .find(|d| d.reason.contains("no hostile within") && hp_fell_around(e, d.turn))
    {
        return (
            Cause::NotHostile,
            format!("HP fell around T{} {}: \"{}\"", d.turn, d.path, d.reason),
        );
    }
    let before = hp_at(e.hp, e.turn - HURT_LOOKBACK);
    match before {
        Some(h) if h.turn >= e.turn - super::evidence::WINDOW_TURNS => {
            let text = format!("HP {}/{} at T{}", h.hp, h.hp_max, h.turn);
            if f64::from(h.hp) >= HEALTHY_SHARE * f64::from(h.hp_max) {
                (Cause::MeleeHealthy, text)
            } else {
                (Cause::MeleeHurt, text)
            }
        }
        _ => (
            Cause::Melee,
            format!(
                "no HP sample {HURT_LOOKBACK} to {} turns before the death",
                super::evidence::WINDOW_TURNS
            ),
        ),
    }
}

#[cfg(test)]
#[path = "cause_tests.rs"]
mod tests;
