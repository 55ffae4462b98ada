//! The character and the nethackrc the engine writes for every game.

use serde::{Deserialize, Serialize};

/// Who plays. Defaults to a neutral human female Valkyrie, the character of the reference
/// measurements (AutoAscend's NetHack Challenge runs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    pub name: String,
    pub role: String,
    pub race: String,
    pub gender: String,
    pub align: String,
}

impl Default for Character {
    fn default() -> Self {
        Character {
            name: "nhbot".into(),
            role: "Valkyrie".into(),
            race: "human".into(),
            gender: "female".into(),
            align: "neutral".into(),
        }
    }
}

/// The options the scraper and the agent rely on, one per line with the reason. Changing one of
/// these changes what the scraper sees: keep this list and the README in step.
pub const ENGINE_OPTIONS: &[(&str, &str)] = &[
    (
        "windowtype:tty",
        "the scraper reads the tty interface (the binary also has curses)",
    ),
    (
        "!autopickup",
        "pick-ups are decisions, not side effects of moving",
    ),
    ("time", "the turn counter T: on the status line"),
    ("showexp", "experience points on the status line"),
    ("!legacy", "no intro text to page through"),
    ("!news", "no news file at start"),
    ("!splash_screen", "no splash screen"),
    ("number_pad:0", "vi-keys for directions (hjklyubn)"),
    ("suppress_alert:3.4.3", "no 'number_pad changed' alert"),
    (
        "color",
        "colours tell doors from spellbooks, fountains from water, traps apart",
    ),
    (
        "boulder:0",
        "a boulder is '0', not '`' (which is also a rock/stone)",
    ),
    ("!rest_on_space", "a stray space never passes a turn"),
    ("!verbose", "fewer --More-- prompts"),
    (
        "pickup_burden:unencumbered",
        "ask before picking up what would burden us",
    ),
    (
        "runmode:teleport",
        "travel/run draw only the end position: fewer bytes to scrape",
    ),
    (
        "!checkpoint",
        "no save on every level change: faster; Ctrl-C still saves via hangup",
    ),
    (
        "disclose:+i +a +v +g +c +o",
        "answer the end-of-game disclosure questions with 'yes', unasked",
    ),
    ("!mail", "no mail daemon interruptions"),
    (
        "msg_window:single",
        "^P shows one previous message at a time",
    ),
    (
        "msghistory:60",
        "enough message history to recover overwritten messages",
    ),
    (
        "paranoid_confirmation:none",
        "plain y/n answers; no 'yes' to type",
    ),
    (
        "!bones",
        "bones files from other games would break reproducibility",
    ),
];

/// Writes the nethackrc for a game.
pub fn nethackrc(ch: &Character) -> String {
    let mut rc =
        String::from("# Written by nhbot for this game. See engine/game/src/options.rs.\n");
    rc.push_str(&format!(
        "OPTIONS=name:{},role:{},race:{},gender:{},align:{}\n",
        ch.name, ch.role, ch.race, ch.gender, ch.align
    ));
    for (opt, why) in ENGINE_OPTIONS {
        rc.push_str(&format!("# {why}\nOPTIONS={opt}\n"));
    }
    rc
}
