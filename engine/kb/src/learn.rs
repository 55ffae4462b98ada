//! What one decision teaches the KB beyond prices: the messages of an engrave test with an
//! unidentified wand (src/engrave.c doengrave, 3.6.6), and the game's own names for the objects
//! in the pack (an inventory line that turns from "a tin wand" into "a wand of digging").
//! Pure functions over the decision's messages and the pack before and after it.

use crate::effects::{parse_engrave_message, Effect};
use crate::facts::{Fact, Why};
use crate::parse::{identity_named, parse_item, quoted, ENGRAVE_TEST};

/// One inventory slot as the game listed it: its letter and its text ("a tin wand").
pub type Slot = (char, String);

/// The source of names the game gave objects in the pack.
pub const INVENTORY: &str = "inventory";

/// What a decision showed, for [`engrave_test_facts`].
pub struct EngraveTest<'a> {
    /// The decision's messages, in order (y/n questions included).
    pub messages: &'a [String],
    /// The pack before the decision and after it.
    pub before: &'a [Slot],
    pub after: &'a [Slot],
    /// The letter answered to "What do you want to write with?", when the action says it.
    pub letter: Option<char>,
    /// The hero was blind: the game hides most outcomes, so silence proves nothing.
    pub blind: bool,
}

/// The game's "You <verb> the <surface> with <object>." line: what was written with, and
/// whether it went into the dust (every wand that does not engrave or burn writes in the dust).
struct Writer<'a> {
    object: &'a str,
    dust: bool,
}

/// The verbs of doengrave's "You %s the %s with %s." (new text, then added text).
const DUST_VERBS: [&str; 2] = ["write in the ", "add to the writing in the "];
const OTHER_VERBS: [&str; 14] = [
    "engrave in the ",
    "add to the engraving in the ",
    "engrave on the ",
    "add to the epitaph on the ",
    "burn into the ",
    "add to the text burned into the ",
    "melt into the ",
    "add to the text melted into the ",
    "scribble on the ",
    "add to the graffiti on the ",
    "scrawl on the ",
    "add to the scrawl on the ",
    "write strangely on the ",
    "add to the weird writing on the ",
];

fn writer(message: &str) -> Option<Writer<'_>> {
    let rest = message.trim().strip_prefix("You ")?;
    let (head, object) = rest.split_once(" with ")?;
    let head = format!("{head} ");
    let dust = DUST_VERBS.iter().any(|v| head.starts_with(v));
    if !dust && !OTHER_VERBS.iter().any(|v| head.starts_with(v)) {
        return None;
    }
    Some(Writer {
        object: object.trim_end_matches('.'),
        dust,
    })
}

/// The unidentified wand appearance an object name shows ("a tin wand" → "tin wand").
fn wand_appearance(text: &str) -> Option<String> {
    parse_item(text)
        .filter(|i| i.class == "wand")
        .map(|i| i.appearance)
}

fn slot(pack: &[Slot], letter: char) -> Option<&str> {
    pack.iter()
        .find(|(l, _)| *l == letter)
        .map(|(_, t)| t.as_str())
}

/// The appearance of the wand the game's line names. An unidentified wand is named by its
/// appearance; one the engraving just identified ("a wand of digging") is the slot that held an
/// unidentified wand before and holds that identity now.
fn wand_named(object: &str, before: &[Slot], after: &[Slot]) -> Option<String> {
    if let Some(app) = wand_appearance(object) {
        return Some(app);
    }
    before.iter().find_map(|(letter, was)| {
        let app = wand_appearance(was)?;
        let id = identity_named(&app, object)?;
        let now = identity_named(&app, slot(after, *letter)?)?;
        (id == now).then_some(app)
    })
}

/// Messages that show an engraving was already here (and was kept or wiped by hand).
fn over_engraving(messages: &[String]) -> bool {
    messages.iter().any(|m| {
        [
            "add to the current engraving?",
            "You wipe out the message",
            "You cannot wipe out the message",
            "You will overwrite the current message",
        ]
        .iter()
        .any(|k| m.contains(k))
    })
}

/// The engrave-test outcomes a decision showed, as facts about the wand's appearance, each with
/// the message as its reason. The wand is the one the game's "You write in the dust with a tin
/// wand." line names, or else the action's letter; its appearance is read from the pack as it
/// was before (an autoidentifying wand is listed by its new name after). Messages that tell the
/// wand apart give one fact each; a dust writing with no such message (not blind, the text
/// written: no "glows, then fades") gives the no-message outcome, over an engraving or not.
pub fn engrave_test_facts(t: &EngraveTest) -> Vec<Fact> {
    let written = t
        .messages
        .iter()
        .find_map(|m| writer(m).map(|w| (m.as_str(), w)));
    let by_line = written
        .as_ref()
        .and_then(|(_, w)| wand_named(w.object, t.before, t.after));
    let by_letter = || wand_appearance(slot(t.before, t.letter?)?);
    let Some(appearance) = by_line.or_else(by_letter) else {
        return Vec::new();
    };
    let outcome = |effect, reason: String| Fact::UseOutcome {
        appearance: appearance.clone(),
        effect,
        why: Why::new(ENGRAVE_TEST, reason),
    };
    let mut facts: Vec<Fact> = t
        .messages
        .iter()
        .filter(|m| writer(m).is_none()) // "with a wand of digging" is the game naming it
        .filter_map(|m| Some(outcome(parse_engrave_message(m)?, quoted(m))))
        .collect();
    let aborted = t.messages.iter().any(|m| m.contains(", then fade"));
    if let Some((line, w)) = written.filter(|(_, w)| w.dust) {
        let still_unknown = wand_appearance(w.object).is_some();
        if facts.is_empty() && still_unknown && !t.blind && !aborted {
            let effect = if over_engraving(t.messages) {
                Effect::NoEffectOverEngraving
            } else {
                Effect::NoEffect
            };
            facts.push(outcome(
                effect,
                format!("{}, then no message", quoted(line)),
            ));
        }
    }
    facts
}

/// The game's own names for objects of the pack: a slot that held an unidentified appearance
/// and now holds an identity of its pool ("j - a tin wand" → "j - a wand of digging") names
/// that appearance, with both lines as the reason.
pub fn renamed_facts(before: &[Slot], after: &[Slot]) -> Vec<Fact> {
    before
        .iter()
        .filter_map(|(letter, was)| {
            let item = parse_item(was)?;
            let now = slot(after, *letter)?;
            if parse_item(now).is_some() {
                return None; // still unidentified
            }
            let identity = identity_named(&item.appearance, now)?;
            Some(Fact::Named {
                appearance: item.appearance,
                identity,
                why: Why::new(
                    INVENTORY,
                    format!("{letter} - {} became {}", quoted(was), quoted(now)),
                ),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(slots: &[(char, &str)]) -> Vec<Slot> {
        slots.iter().map(|(l, t)| (*l, t.to_string())).collect()
    }

    fn lines(messages: &[&str]) -> Vec<String> {
        messages.iter().map(|m| m.to_string()).collect()
    }

    /// (appearance, effect, reason) of each outcome fact.
    fn outcomes(facts: &[Fact]) -> Vec<(String, Effect, String)> {
        facts
            .iter()
            .map(|f| match f {
                Fact::UseOutcome {
                    appearance,
                    effect,
                    why,
                } => {
                    assert_eq!(why.source.as_deref(), Some(ENGRAVE_TEST));
                    (appearance.clone(), *effect, why.reason.clone().unwrap())
                }
                other => panic!("not an outcome: {other:?}"),
            })
            .collect()
    }

    fn test<'a>(
        messages: &'a [String],
        before: &'a [Slot],
        after: &'a [Slot],
        letter: Option<char>,
    ) -> EngraveTest<'a> {
        EngraveTest {
            messages,
            before,
            after,
            letter,
            blind: false,
        }
    }

    #[test]
    fn an_autoidentifying_wand_is_read_from_the_pack_before() {
        // !verbose: no "This tin wand is a wand of digging!", the wand is named at once.
        let before = pack(&[('f', "a tin wand"), ('g', "an oak wand")]);
        let after = pack(&[('f', "a wand of digging"), ('g', "an oak wand")]);
        let messages = lines(&[
            "You engrave in the floor with a wand of digging.",
            "Gravel flies up from the floor.",
        ]);
        // Keyed on the game's lines alone (raw keys): no letter needed.
        let facts = engrave_test_facts(&test(&messages, &before, &after, None));
        assert_eq!(
            outcomes(&facts),
            vec![(
                "tin wand".to_string(),
                Effect::Digging,
                "\"Gravel flies up from the floor.\"".to_string()
            )]
        );
        let fire = lines(&[
            "You burn into the floor with a wand of fire.",
            "Flames fly from the wand.",
        ]);
        let after = pack(&[('f', "a tin wand"), ('g', "a wand of fire")]);
        let facts = engrave_test_facts(&test(&fire, &before, &after, Some('g')));
        assert_eq!(outcomes(&facts)[0].0, "oak wand");
        assert_eq!(outcomes(&facts)[0].1, Effect::Fire);
        let lightning = lines(&[
            "You burn into the floor with a wand of lightning.",
            "Lightning arcs from the wand.",
            "You are blinded by the flash!",
        ]);
        let after = pack(&[('f', "a wand of lightning"), ('g', "an oak wand")]);
        let facts = engrave_test_facts(&test(&lightning, &before, &after, None));
        assert_eq!(
            outcomes(&facts),
            vec![(
                "tin wand".to_string(),
                Effect::Lightning,
                "\"Lightning arcs from the wand.\"".to_string()
            )]
        );
    }

    #[test]
    fn messages_narrow_an_unidentified_wand() {
        let before = pack(&[('h', "an uncursed iron wand")]);
        let cases = [
            ("The bugs on the floor stop moving!", Effect::BugsStop),
            ("The floor is riddled by bullet holes!", Effect::BulletHoles),
            ("The bugs on the floor slow down!", Effect::BugsSlowDown),
            ("The bugs on the floor speed up!", Effect::BugsSpeedUp),
            ("A few ice cubes drop from the wand.", Effect::IceCubes),
            (
                "The wand unsuccessfully fights your attempt to write!",
                Effect::FightsWriting,
            ),
        ];
        for (message, effect) in cases {
            let messages = lines(&["You write in the dust with an uncursed iron wand.", message]);
            let facts = engrave_test_facts(&test(&messages, &before, &before, Some('h')));
            assert_eq!(
                outcomes(&facts),
                vec![("iron wand".to_string(), effect, quoted(message))],
                "{message}"
            );
        }
        // The engraving vanishes before the text prompt, so no "write" line is needed: the
        // action's letter names the wand.
        let messages = lines(&["The engraving on the floor vanishes!"]);
        let facts = engrave_test_facts(&test(&messages, &before, &before, Some('h')));
        assert_eq!(outcomes(&facts)[0].1, Effect::EngravingVanishes);
        // Without the letter or the game's line nothing says which wand it was.
        assert!(engrave_test_facts(&test(&messages, &before, &before, None)).is_empty());
    }

    #[test]
    fn silence_is_evidence_only_when_the_text_was_written() {
        let before = pack(&[('h', "an iron wand")]);
        let quiet = lines(&["You write in the dust with an iron wand."]);
        let facts = engrave_test_facts(&test(&quiet, &before, &before, Some('h')));
        assert_eq!(
            outcomes(&facts),
            vec![(
                "iron wand".to_string(),
                Effect::NoEffect,
                "\"You write in the dust with an iron wand.\", then no message".to_string()
            )]
        );
        let over = lines(&[
            "Do you want to add to the current engraving? [ynq] (y)",
            "You wipe out the message that was written in the dust here.",
            "You write in the dust with an iron wand.",
        ]);
        let facts = engrave_test_facts(&test(&over, &before, &before, Some('h')));
        assert_eq!(outcomes(&facts)[0].1, Effect::NoEffectOverEngraving);
        // An empty text (or ESC) uses the charge and shows nothing: no evidence.
        let aborted = lines(&[
            "You write in the dust with an iron wand.",
            "The iron wand glows, then fades.",
        ]);
        assert!(engrave_test_facts(&test(&aborted, &before, &before, Some('h'))).is_empty());
        // Blind, the bugs are not seen: silence proves nothing.
        let blind = EngraveTest {
            blind: true,
            ..test(&quiet, &before, &before, Some('h'))
        };
        assert!(engrave_test_facts(&blind).is_empty());
        // Fingers, or an identified wand, are no test.
        let fingers = lines(&["You write in the dust with your fingertip."]);
        assert!(engrave_test_facts(&test(&fingers, &before, &before, None)).is_empty());
        let known = pack(&[('h', "a wand of striking")]);
        let striking = lines(&["You write in the dust with a wand of striking."]);
        assert!(engrave_test_facts(&test(&striking, &known, &known, Some('h'))).is_empty());
        // A wand that ran out writes nothing and says so.
        let worn = lines(&["The wand is too worn out to engrave."]);
        assert!(engrave_test_facts(&test(&worn, &before, &before, Some('h'))).is_empty());
    }

    #[test]
    fn the_game_naming_an_object_is_a_fact() {
        let before = pack(&[
            ('f', "a tin wand"),
            ('g', "2 uncursed bubbly potions"),
            ('h', "a scroll labeled KIRJE"),
            ('i', "an oak wand called sleep?"),
        ]);
        let after = pack(&[
            ('f', "a wand of create monster (0:5)"),
            ('g', "an uncursed potion of healing"),
            ('i', "an oak wand called sleep?"),
        ]);
        let facts = renamed_facts(&before, &after);
        let named: Vec<(String, String, String)> = facts
            .iter()
            .map(|f| match f {
                Fact::Named {
                    appearance,
                    identity,
                    why,
                } => {
                    assert_eq!(why.source.as_deref(), Some(INVENTORY));
                    (
                        appearance.clone(),
                        identity.clone(),
                        why.reason.clone().unwrap(),
                    )
                }
                other => panic!("not a name: {other:?}"),
            })
            .collect();
        assert_eq!(
            named,
            vec![
                (
                    "tin wand".to_string(),
                    "create monster".to_string(),
                    "f - \"a tin wand\" became \"a wand of create monster (0:5)\"".to_string()
                ),
                (
                    "bubbly potion".to_string(),
                    "healing".to_string(),
                    "g - \"2 uncursed bubbly potions\" became \"an uncursed potion of healing\""
                        .to_string()
                ),
            ]
        );
        // Another class in the slot names nothing.
        let swapped = pack(&[('f', "a potion of healing")]);
        assert!(renamed_facts(&before, &swapped).is_empty());
    }
}
