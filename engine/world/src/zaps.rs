//! Wands zapped at us on the current level, read from the messages (muse.c `mzapmsg()`, zap.c
//! `buzz()`/`bhitm()`): "The gnome lord zaps a wand of striking!", "Aksaray zaps a wand of magic
//! missile!", "The hobgoblin zaps a copper wand!" name a zapper we see; "You hear a nearby zap."
//! is one we do not (within 9 squares); "The bolt of lightning hits you!", "The wand hits you!",
//! "You are blinded by the flash!" are what reached us. A monster zaps an attack wand whenever
//! it stands in line with us within 7 squares (mthrowu.c `lined_up()`), adjacent too, and keeps
//! the wand until its charges run out, so the skills remember its kind for the whole level.

use nhbot_screen::Pos;
use serde::{Deserialize, Serialize};

/// Zaps remembered on a level (the newest).
const KEPT: usize = 64;

/// One zap the messages told of.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Zap {
    pub turn: i64,
    /// The zapper as the game names it ("gnome lord", "Aksaray"), the article dropped; `None`:
    /// heard, or only its ray or force reached us.
    pub zapper: Option<String>,
    /// The wand as named ("wand of fire", "pine wand"); `None` when not seen.
    pub wand: Option<String>,
    /// Not known to be harmless to us: an attack wand, one not yet identified, or one whose
    /// ray or force came at us (a zap of digging or create monster is no attack).
    pub attack: bool,
    /// A ray or a wand's force came at us (hit or missed).
    pub at_us: bool,
    /// It hit us.
    pub hit_us: bool,
    /// A flash of lightning blinded us.
    pub blinded: bool,
    /// Where the hero stood.
    pub hero: Pos,
}

/// Wands a monster zaps at us (muse.c `find_offensive()`): named so once identified.
const ATTACK_WANDS: [&str; 8] = [
    "striking",
    "magic missile",
    "fire",
    "cold",
    "sleep",
    "lightning",
    "death",
    "teleportation",
];

/// "The gnome zaps a wand of fire!" → ("gnome", "wand of fire"); `None` for other messages and
/// for a monster zapping itself ("The gnome zaps himself with a wand of digging!").
pub fn parse_zap(text: &str) -> Option<(String, String)> {
    let (who, what) = text.split_once(" zaps ")?;
    if what.contains("self with ") {
        return None;
    }
    let wand = what.trim_end_matches(['!', '.']);
    let wand = ["a ", "an ", "the "]
        .iter()
        .find_map(|a| wand.strip_prefix(a))
        .unwrap_or(wand);
    if !wand.contains("wand") {
        return None;
    }
    let who = who.strip_prefix("The ").unwrap_or(who);
    Some((who.to_string(), wand.to_string()))
}

/// Whether the named wand may be an attack: an identified attack wand, or one not identified.
pub fn may_attack(wand: &str) -> bool {
    match wand.strip_prefix("wand of ") {
        Some(kind) => ATTACK_WANDS.iter().any(|a| kind.starts_with(a)),
        None => true,
    }
}

/// A ray or a wand's force that came at us: (hit us, blinded us). Breath ("The blast of fire")
/// is no zap.
pub fn ray_at_us(text: &str) -> Option<(bool, bool)> {
    if text == "You are blinded by the flash!" {
        return Some((false, true));
    }
    let ray = [
        "The bolt of ",
        "The magic missile ",
        "The sleep ray ",
        "The death ray ",
    ]
    .iter()
    .any(|r| text.starts_with(r));
    let force = text.starts_with("The wand ");
    if !(ray || force) {
        return None;
    }
    if text.ends_with(" hits you!") || text.ends_with(" hits you.") {
        Some((true, false))
    } else if text.ends_with(" misses you.") || text.ends_with(" whizzes by you!") {
        Some((false, false))
    } else {
        None
    }
}

/// Notes the zaps in one frame's `messages` (see the module docs) into `zaps`.
pub fn note(zaps: &mut Vec<Zap>, messages: &[String], turn: i64, hero: Pos) {
    // The zap of this frame that a ray or force message belongs to.
    let mut current: Option<usize> = None;
    for text in messages {
        if let Some((zapper, wand)) = parse_zap(text) {
            zaps.push(Zap {
                turn,
                attack: may_attack(&wand),
                zapper: Some(zapper),
                wand: Some(wand),
                hero,
                ..Default::default()
            });
            current = Some(zaps.len() - 1);
        } else if text.starts_with("You hear a nearby zap") {
            zaps.push(Zap {
                turn,
                attack: true,
                hero,
                ..Default::default()
            });
            current = Some(zaps.len() - 1);
        } else if let Some((hit, blinded)) = ray_at_us(text) {
            let i = match current {
                Some(i) => i,
                None => {
                    zaps.push(Zap {
                        turn,
                        hero,
                        ..Default::default()
                    });
                    zaps.len() - 1
                }
            };
            let z = &mut zaps[i];
            z.attack = true;
            z.at_us = true;
            z.hit_us |= hit;
            z.blinded |= blinded;
            current = Some(i);
        }
    }
    if zaps.len() > KEPT {
        zaps.drain(..zaps.len() - KEPT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn noted(lines: &[&str]) -> Vec<Zap> {
        let mut zaps = Vec::new();
        let messages: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        note(&mut zaps, &messages, 100, Pos::new(10, 5));
        zaps
    }

    #[test]
    fn a_named_zap_and_its_ray_are_one_attack_at_us() {
        let zaps = noted(&[
            "The gnome zaps a wand of magic missile!",
            "The magic missile hits you!",
        ]);
        assert_eq!(zaps.len(), 1);
        let z = &zaps[0];
        assert_eq!(z.zapper.as_deref(), Some("gnome"));
        assert_eq!(z.wand.as_deref(), Some("wand of magic missile"));
        assert!(z.attack && z.at_us && z.hit_us && !z.blinded);
        assert_eq!((z.turn, z.hero), (100, Pos::new(10, 5)));
    }

    #[test]
    fn priests_are_named_without_article_and_unknown_wands_may_attack() {
        let zaps = noted(&["Aksaray zaps a wand of magic missile!"]);
        assert_eq!(zaps[0].zapper.as_deref(), Some("Aksaray"));
        let zaps = noted(&["The hobgoblin zaps a copper wand!"]);
        assert_eq!(zaps[0].wand.as_deref(), Some("copper wand"));
        assert!(zaps[0].attack, "an unidentified wand may be an attack");
    }

    #[test]
    fn harmless_wands_and_self_zaps_are_no_attack() {
        let zaps = noted(&["The dwarf zaps a wand of digging!"]);
        assert_eq!(zaps.len(), 1);
        assert!(!zaps[0].attack);
        assert!(noted(&["The gnome zaps himself with a wand of speed monster!"]).is_empty());
        assert!(noted(&["The blast of fire hits you!"]).is_empty(), "breath");
        assert!(noted(&["You hear a distant zap."]).is_empty());
    }

    #[test]
    fn a_heard_zap_and_the_flash_that_blinds_us() {
        let zaps = noted(&[
            "You hear a nearby zap.",
            "The bolt of lightning hits you!",
            "You are blinded by the flash!",
        ]);
        assert_eq!(zaps.len(), 1);
        let z = &zaps[0];
        assert_eq!(z.zapper, None);
        assert!(z.attack && z.hit_us && z.blinded);
    }

    #[test]
    fn a_wand_that_misses_is_still_at_us() {
        let zaps = noted(&["The wand misses you."]);
        assert_eq!(zaps.len(), 1);
        assert!(zaps[0].at_us && !zaps[0].hit_us);
    }
}
