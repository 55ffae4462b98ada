//! Engrave-test outcomes (src/engrave.c doengrave, 3.6.6) and the wands each allows.

use serde::{Deserialize, Serialize};

/// What was seen when engraving with an unknown wand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// "Gravel flies up from the floor." (or the wand self-identifies)
    Digging,
    /// "Flames fly from the wand." / "This ... is a wand of fire!"
    Fire,
    /// "Lightning arcs from the wand." / "This ... is a wand of lightning!"
    Lightning,
    /// "The floor is riddled by bullet holes!"
    BulletHoles,
    /// "The bugs on the floor stop moving!"
    BugsStop,
    BugsSlowDown,
    BugsSpeedUp,
    /// "A few ice cubes drop from the wand."
    IceCubes,
    /// "The wand unsuccessfully fights your attempt to write!"
    FightsWriting,
    /// "The engraving on the floor vanishes!"
    EngravingVanishes,
    /// "The engraving now reads: ..." (text changed under an existing engraving)
    EngravingChanged,
    /// "A lit field surrounds you!"
    LitField,
    /// A wish prompt.
    Wish,
    /// "You feel self-knowledgeable..."
    SelfKnowledge,
    /// A monster appeared.
    MonsterCreated,
    /// No message, tried over an existing engraving.
    NoEffectOverEngraving,
    /// No message, no engraving was there (vanish/change effects could not show).
    NoEffect,
}

/// Every outcome category.
pub const ALL_EFFECTS: [Effect; 17] = [
    Effect::Digging,
    Effect::Fire,
    Effect::Lightning,
    Effect::BulletHoles,
    Effect::BugsStop,
    Effect::BugsSlowDown,
    Effect::BugsSpeedUp,
    Effect::IceCubes,
    Effect::FightsWriting,
    Effect::EngravingVanishes,
    Effect::EngravingChanged,
    Effect::LitField,
    Effect::Wish,
    Effect::SelfKnowledge,
    Effect::MonsterCreated,
    Effect::NoEffectOverEngraving,
    Effect::NoEffect,
];

/// Wands (catalogue names) that produce each outcome.
pub fn wands_for(effect: Effect) -> &'static [&'static str] {
    // No message over an existing engraving: the wands that leave it alone and say nothing.
    // Secret door detection names itself only when it finds something, create monster only
    // when its monster is seen (zapnodir).
    const QUIET: [&str; 7] = [
        "nothing",
        "undead turning",
        "opening",
        "locking",
        "probing",
        "secret door detection",
        "create monster",
    ];
    match effect {
        Effect::Digging => &["digging"],
        Effect::Fire => &["fire"],
        Effect::Lightning => &["lightning"],
        Effect::BulletHoles => &["magic missile"],
        Effect::BugsStop => &["sleep", "death"],
        Effect::BugsSlowDown => &["slow monster"],
        Effect::BugsSpeedUp => &["speed monster"],
        Effect::IceCubes => &["cold"],
        Effect::FightsWriting => &["striking"],
        // Cold also wipes out a burned engraving (after its ice cubes).
        Effect::EngravingVanishes => &["cancellation", "make invisible", "teleportation", "cold"],
        Effect::EngravingChanged => &["polymorph"],
        Effect::LitField => &["light"],
        Effect::Wish => &["wishing"],
        Effect::SelfKnowledge => &["enlightenment"],
        Effect::MonsterCreated => &["create monster"],
        Effect::NoEffectOverEngraving => &QUIET,
        // Without an engraving, the wands that change or remove one show nothing either.
        Effect::NoEffect => &[
            "nothing",
            "undead turning",
            "opening",
            "locking",
            "probing",
            "secret door detection",
            "create monster",
            "polymorph",
            "cancellation",
            "make invisible",
            "teleportation",
        ],
    }
}

impl Effect {
    /// Whether a wand called `wand` (catalogue name, e.g. "sleep") can give this outcome.
    pub fn allows(self, class: &str, wand: &str) -> bool {
        class == "wand" && wands_for(self).contains(&wand)
    }

    pub fn describe(self) -> String {
        format!("{self:?} → {}", wands_for(self).join("/"))
    }
}

/// Turns an engrave-test message into an outcome; None for messages that tell nothing
/// about the wand's identity (prompts, "too worn out", "turns to dust").
pub fn parse_engrave_message(message: &str) -> Option<Effect> {
    let m = message.to_ascii_lowercase();
    let has = |s: &str| m.contains(s);
    let effect = if has("wand of digging")
        || has("gravel flies up")
        || has("chips fly out from the headstone")
        || has("ice chips fly up")
        || has("splinters fly up")
        || has("you hear drilling")
        || has("you feel tremors")
    {
        Effect::Digging
    } else if has("wand of fire") || has("flames fly from the wand") || has("wand heat up") {
        Effect::Fire
    } else if has("wand of lightning")
        || has("lightning arcs from the wand")
        || has("you hear crackling")
    {
        Effect::Lightning
    } else if has("riddled by bullet holes") {
        Effect::BulletHoles
    } else if has("bugs on the") && has("stop moving") {
        Effect::BugsStop
    } else if has("bugs on the") && has("slow down") {
        Effect::BugsSlowDown
    } else if has("bugs on the") && has("speed up") {
        Effect::BugsSpeedUp
    } else if has("ice cubes drop from the wand") {
        Effect::IceCubes
    } else if has("unsuccessfully fights your attempt to write") {
        Effect::FightsWriting
    } else if has("engraving on the") && has("vanishes") {
        Effect::EngravingVanishes
    } else if has("engraving now reads") {
        Effect::EngravingChanged
    } else if has("lit field surrounds you") {
        Effect::LitField
    } else if has("for what do you wish") || has("you may wish") {
        Effect::Wish
    } else if has("self-knowledgeable") {
        Effect::SelfKnowledge
    } else {
        return None;
    };
    Some(effect)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_map_to_categories() {
        let cases = [
            ("Gravel flies up from the floor.", Effect::Digging),
            ("This oak wand is a wand of fire!", Effect::Fire),
            (
                "Lightning arcs from the wand.  You are blinded by the flash!",
                Effect::Lightning,
            ),
            ("The floor is riddled by bullet holes!", Effect::BulletHoles),
            ("The bugs on the floor stop moving!", Effect::BugsStop),
            ("The bugs on the floor slow down!", Effect::BugsSlowDown),
            ("The bugs on the floor speed up!", Effect::BugsSpeedUp),
            ("A few ice cubes drop from the wand.", Effect::IceCubes),
            (
                "The wand unsuccessfully fights your attempt to write!",
                Effect::FightsWriting,
            ),
            (
                "The engraving on the floor vanishes!",
                Effect::EngravingVanishes,
            ),
            (
                "The engraving now reads: \"Vlad was here\".",
                Effect::EngravingChanged,
            ),
            ("A lit field surrounds you!", Effect::LitField),
        ];
        for (msg, want) in cases {
            assert_eq!(parse_engrave_message(msg), Some(want), "{msg}");
        }
        assert_eq!(
            parse_engrave_message("You write in the dust with a wand."),
            None
        );
        assert_eq!(
            parse_engrave_message("The wand is too worn out to engrave."),
            None
        );
    }

    #[test]
    fn effects_name_real_wands() {
        let cat = crate::catalogue::Catalogue::embedded();
        let wand_names: Vec<&str> = cat
            .objects
            .iter()
            .filter(|o| o.class == "wand")
            .map(|o| o.name.as_str())
            .collect();
        for e in ALL_EFFECTS {
            for w in wands_for(e) {
                assert!(wand_names.contains(w), "{w} is not a wand");
            }
        }
        assert!(Effect::BugsStop.allows("wand", "death"));
        assert!(!Effect::BugsStop.allows("wand", "striking"));
        assert!(!Effect::BugsStop.allows("ring", "sleep"));
    }
}
