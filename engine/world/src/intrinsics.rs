//! Intrinsics the hero has, as the screen tells them: the role's and race's starting ones (read
//! from the welcome message), and the gain and loss messages of NetHack 3.6.6 (eat.c `givit`,
//! attrib.c `adjabil` level gains and losses, `attrcurse`, zap.c, eat.c's quantum mechanic).
//! Extrinsics (rings, armour) are not intrinsics: their messages are left out.

use crate::World;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Intrinsic {
    FireResistance,
    ColdResistance,
    SleepResistance,
    ShockResistance,
    PoisonResistance,
    DisintegrationResistance,
    Telepathy,
    Teleportitis,
    TeleportControl,
    Speed,
    Stealth,
    SeeInvisible,
    Searching,
    Warning,
    Infravision,
    Invisibility,
    /// Not wanted, but carried like one: a were-creature's bite ("You feel feverish.") until
    /// a prayer, holy water or wolfsbane cures it ("You feel purified.").
    Lycanthropy,
}

/// Every intrinsic, in declaration order.
pub const ALL: &[Intrinsic] = &[
    Intrinsic::FireResistance,
    Intrinsic::ColdResistance,
    Intrinsic::SleepResistance,
    Intrinsic::ShockResistance,
    Intrinsic::PoisonResistance,
    Intrinsic::DisintegrationResistance,
    Intrinsic::Telepathy,
    Intrinsic::Teleportitis,
    Intrinsic::TeleportControl,
    Intrinsic::Speed,
    Intrinsic::Stealth,
    Intrinsic::SeeInvisible,
    Intrinsic::Searching,
    Intrinsic::Warning,
    Intrinsic::Infravision,
    Intrinsic::Invisibility,
    Intrinsic::Lycanthropy,
];

impl Intrinsic {
    /// `fire_resistance`, `teleport_control`, ...: the name Lua sees.
    pub fn name(self) -> &'static str {
        use Intrinsic::*;
        match self {
            FireResistance => "fire_resistance",
            ColdResistance => "cold_resistance",
            SleepResistance => "sleep_resistance",
            ShockResistance => "shock_resistance",
            PoisonResistance => "poison_resistance",
            DisintegrationResistance => "disintegration_resistance",
            Telepathy => "telepathy",
            Teleportitis => "teleportitis",
            TeleportControl => "teleport_control",
            Speed => "speed",
            Stealth => "stealth",
            SeeInvisible => "see_invisible",
            Searching => "searching",
            Warning => "warning",
            Infravision => "infravision",
            Invisibility => "invisibility",
            Lycanthropy => "lycanthropy",
        }
    }

    pub fn parse(name: &str) -> Option<Intrinsic> {
        ALL.iter().copied().find(|i| i.name() == name)
    }
}

/// Sentences that say an intrinsic was gained (true) or lost (false). The hallucinatory
/// variants are listed too. Matched as whole sentences within a message ("You feel warm!" is
/// not "You feel warmer.").
const MESSAGES: &[(&str, Intrinsic, bool)] = {
    use Intrinsic::*;
    &[
        // eat.c givit (corpses).
        ("You feel a momentary chill.", FireResistance, true),
        ("You be chillin'.", FireResistance, true),
        ("You feel full of hot air.", ColdResistance, true),
        ("You feel wide awake.", SleepResistance, true),
        (
            "Your health currently feels amplified!",
            ShockResistance,
            true,
        ),
        ("You feel grounded in reality.", ShockResistance, true),
        ("You feel healthy.", PoisonResistance, true),
        ("You feel especially healthy.", PoisonResistance, true),
        ("You feel very firm.", DisintegrationResistance, true),
        (
            "You feel totally together, man.",
            DisintegrationResistance,
            true,
        ),
        ("You feel a strange mental acuity.", Telepathy, true),
        ("You feel in touch with the cosmos.", Telepathy, true),
        ("You feel very jumpy.", Teleportitis, true),
        ("You feel diffuse.", Teleportitis, true),
        ("You feel in control of yourself.", TeleportControl, true),
        (
            "You feel centered in your personal space.",
            TeleportControl,
            true,
        ),
        ("You feel hidden!", Invisibility, true),
        // eat.c quantum mechanic toggles speed; zap.c wand of speed monster at oneself.
        ("You seem faster.", Speed, true),
        ("You seem slower.", Speed, false),
        ("You speed up.", Speed, true),
        ("Your quickness feels more natural.", Speed, true),
        // attrib.c adjabil: role and race abilities gained ("You feel %s!") or lost with levels.
        ("You feel quick!", Speed, true),
        ("You feel slow!", Speed, false),
        ("You feel stealthy!", Stealth, true),
        ("You feel sensitive!", Warning, true),
        ("You feel perceptive!", Searching, true),
        ("You feel unaware!", Searching, false),
        ("You feel cool!", FireResistance, true),
        ("You feel warmer!", FireResistance, false),
        ("You feel warm!", ColdResistance, true),
        ("You feel cooler!", ColdResistance, false),
        ("You feel insulated!", ShockResistance, true),
        ("You feel conductive!", ShockResistance, false),
        ("You feel controlled!", TeleportControl, true),
        ("You feel uncontrolled!", TeleportControl, false),
        ("You feel hardy!", PoisonResistance, true),
        ("You feel awake!", SleepResistance, true),
        ("You feel tired!", SleepResistance, false),
        // attrib.c attrcurse (a gremlin's theft, a cursed throne).
        ("You feel warmer.", FireResistance, false),
        ("You feel less jumpy.", Teleportitis, false),
        ("You feel a little sick!", PoisonResistance, false),
        ("Your senses fail!", Telepathy, false),
        ("You feel cooler.", ColdResistance, false),
        ("You feel paranoid.", Invisibility, false),
        ("You thought you saw something!", SeeInvisible, false),
        ("You feel slower.", Speed, false),
        ("You feel clumsy.", Stealth, false),
        // mhitu.c a were-creature's bite; pray.c / potion.c / eat.c the cures.
        ("You feel feverish.", Lycanthropy, true),
        ("You feel purified.", Lycanthropy, false),
    ]
};

/// The intrinsics a character starts with (attrib.c's role and race tables at XL 1).
pub fn starting(role: &str, race: &str) -> Vec<Intrinsic> {
    use Intrinsic::*;
    let mut out: Vec<Intrinsic> = match role {
        "Archeologist" => vec![Stealth, Speed],
        "Barbarian" => vec![PoisonResistance],
        "Healer" => vec![PoisonResistance],
        "Monk" => vec![Speed, SleepResistance, SeeInvisible],
        "Ranger" => vec![Searching],
        "Rogue" => vec![Stealth],
        "Samurai" => vec![Speed],
        "Valkyrie" => vec![ColdResistance, Stealth],
        _ => vec![],
    };
    out.extend(match race {
        "elf" => vec![Infravision, SleepResistance],
        "orc" => vec![Infravision, PoisonResistance],
        "dwarf" | "gnome" => vec![Infravision],
        _ => vec![],
    });
    out
}

/// Role names as the welcome message shows them (female forms included), with the role.
const ROLES: &[(&str, &str)] = &[
    ("Archeologist", "Archeologist"),
    ("Barbarian", "Barbarian"),
    ("Caveman", "Caveman"),
    ("Cavewoman", "Caveman"),
    ("Healer", "Healer"),
    ("Knight", "Knight"),
    ("Monk", "Monk"),
    ("Priestess", "Priest"),
    ("Priest", "Priest"),
    ("Ranger", "Ranger"),
    ("Rogue", "Rogue"),
    ("Samurai", "Samurai"),
    ("Tourist", "Tourist"),
    ("Valkyrie", "Valkyrie"),
    ("Wizard", "Wizard"),
];

/// Race adjectives of the welcome message.
const RACES: &[(&str, &str)] = &[
    ("human", "human"),
    ("elven", "elf"),
    ("dwarven", "dwarf"),
    ("gnomish", "gnome"),
    ("orcish", "orc"),
];

/// The role and race named by the welcome ("Velkommen Agnar, welcome to NetHack!" then "You are
/// a neutral human Valkyrie.", one message or two; a restored game's "welcome back" names them
/// too).
pub fn character_of(message: &str) -> Option<(&'static str, &'static str)> {
    let welcome = message.contains("welcome") && message.contains("NetHack");
    let you_are = (message.starts_with("You are a ") || message.starts_with("You are an "))
        && ["lawful ", "neutral ", "chaotic "]
            .iter()
            .any(|a| message.contains(a));
    if !welcome && !you_are {
        return None;
    }
    let words: Vec<&str> = message
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .collect();
    let role = ROLES
        .iter()
        .find(|(name, _)| words.contains(name))
        .map(|r| r.1)?;
    let race = RACES
        .iter()
        .find(|(adj, _)| words.contains(adj))
        .map(|r| r.1)?;
    Some((role, race))
}

impl World {
    /// Whether the hero is believed to have `what` as an intrinsic.
    pub fn has_intrinsic(&self, what: Intrinsic) -> bool {
        self.intrinsics.contains(&what)
    }

    /// Learns intrinsics from one message: the welcome's starting set, or a gain or a loss.
    pub(crate) fn learn_intrinsics(&mut self, message: &str) {
        if let Some((role, race)) = character_of(message) {
            self.intrinsics.extend(starting(role, race));
        }
        for &(sentence, what, gained) in MESSAGES {
            if message.contains(sentence) {
                if gained {
                    self.intrinsics.insert(what);
                } else {
                    self.intrinsics.remove(&what);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_valkyrie_starts_cold_resistant_and_stealthy() {
        let mut w = World::default();
        // The welcome as the game prints it for the engine's character (options.rs).
        w.learn_intrinsics(
            "Hello Agnar, welcome to NetHack!  You are a neutral female human Valkyrie.",
        );
        let have: Vec<Intrinsic> = w.intrinsics.iter().copied().collect();
        assert_eq!(have, vec![Intrinsic::ColdResistance, Intrinsic::Stealth]);
        let mut dwarf = World::default();
        dwarf.learn_intrinsics(
            "Hello Agnar, welcome to NetHack!  You are a lawful dwarven Valkyrie.",
        );
        assert!(dwarf.has_intrinsic(Intrinsic::Infravision));
        assert_eq!(
            character_of(
                "Velkommen Agnar, welcome to NetHack!  You are a chaotic male elven Priest."
            ),
            Some(("Priest", "elf"))
        );
        assert_eq!(character_of("You are a fine ranger of hills."), None);
        // As the real game's first screen splits it (seed 7).
        assert_eq!(character_of("Velkommen nhbot, welcome to NetHack!"), None);
        assert_eq!(
            character_of("You are a neutral human Valkyrie."),
            Some(("Valkyrie", "human"))
        );
        assert_eq!(character_of("You are a neutral Valkyrie statue."), None);
    }

    #[test]
    fn gains_and_losses_are_read_from_messages() {
        let mut w = World::default();
        w.learn_intrinsics("This newt corpse tastes terrible!  You feel a momentary chill.");
        assert!(w.has_intrinsic(Intrinsic::FireResistance));
        w.learn_intrinsics("You feel quick!");
        assert!(w.has_intrinsic(Intrinsic::Speed));
        w.learn_intrinsics("You feel warm!");
        assert!(w.has_intrinsic(Intrinsic::ColdResistance));
        // "You feel warmer." is the loss of fire resistance, not a gain of cold resistance.
        w.learn_intrinsics("You feel warmer.");
        assert!(!w.has_intrinsic(Intrinsic::FireResistance));
        assert!(w.has_intrinsic(Intrinsic::ColdResistance));
        w.learn_intrinsics("You feel slower.");
        assert!(!w.has_intrinsic(Intrinsic::Speed));
        w.learn_intrinsics("You feel a strange mental acuity.");
        w.learn_intrinsics("You feel especially healthy.");
        assert!(
            w.has_intrinsic(Intrinsic::Telepathy) && w.has_intrinsic(Intrinsic::PoisonResistance)
        );
        // Unrelated feelings teach nothing.
        let before = w.intrinsics.clone();
        w.learn_intrinsics("You feel a bit steadier now.");
        w.learn_intrinsics("You feel hungry.");
        assert_eq!(w.intrinsics, before);
    }

    #[test]
    fn names_round_trip() {
        for &i in ALL {
            assert_eq!(Intrinsic::parse(i.name()), Some(i));
            let json = serde_json::to_string(&i).unwrap();
            assert_eq!(json, format!("\"{}\"", i.name()));
        }
    }
}
