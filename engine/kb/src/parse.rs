//! Game text → facts: shop labels, sell offers, discoveries, engrave tests.
//! Pure functions; nothing here needs a running game.

use crate::catalogue::{strip_prefix_ci, Catalogue};
use crate::effects::parse_engrave_message;
use crate::facts::{Fact, Why};
use crate::price::Side;

/// The hero's price-relevant state when a text was seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hero {
    pub charisma: u8,
    /// Dunce cap, Tourist below XL 15, or a visible shirt.
    pub sucker: bool,
}

/// An item name resolved to a catalogue appearance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemRef {
    pub quantity: u32,
    /// Catalogue key, e.g. "scroll labeled FOO" (singular).
    pub appearance: String,
    pub class: String,
}

const MODIFIERS: [&str; 16] = [
    "uncursed ",
    "cursed ",
    "blessed ",
    "unholy ",
    "holy ",
    "greased ",
    "diluted ",
    "partly used ",
    "rusty ",
    "very ",
    "thoroughly ",
    "corroded ",
    "burnt ",
    "rotted ",
    "fireproof ",
    "rustproof ",
];

/// Resolves an object name as the game prints it ("2 uncursed scrolls labeled
/// FOO", "a pair of combat boots") to an unidentified appearance.
pub fn parse_item(text: &str) -> Option<ItemRef> {
    let (quantity, s) = bare_name(text)?;
    let cat = Catalogue::embedded();
    let singular = [
        s.to_string(),
        s.replacen("scrolls labeled ", "scroll labeled ", 1),
        s.strip_suffix('s').unwrap_or(s).to_string(),
    ];
    let app = singular.iter().find_map(|n| cat.appearance(n))?;
    let info = cat.appearance_info(app);
    Some(ItemRef {
        quantity,
        appearance: info.shown.clone(),
        class: cat.pools[info.pool].class.clone(),
    })
}

/// The identity an object name as the game prints it ("j - an uncursed wand of digging
/// (0:8)", "2 potions of healing") gives within the pool of `appearance` (a catalogue
/// appearance, e.g. "tin wand"): "digging". None when it names no identity of that pool.
pub fn identity_named(appearance: &str, text: &str) -> Option<String> {
    let cat = Catalogue::embedded();
    let app = cat.appearance(appearance)?;
    let (_, name) = bare_name(text)?;
    let id = cat.resolve_identity(app, name)?;
    Some(cat.object(id).name.clone())
}

/// An object name without inventory letter, leading words, article or count, modifiers,
/// enchantment, trailing "(...)" groups and given names: (count, what is left).
fn bare_name(text: &str) -> Option<(u32, &str)> {
    let mut s = text.trim().trim_end_matches('.');
    // inventory letter: "j - "
    if s.len() > 4 && s.as_bytes()[1..4] == *b" - " && s.as_bytes()[0].is_ascii_alphabetic() {
        s = &s[4..];
    }
    for lead in ["You see here ", "There is ", "You have "] {
        s = strip_prefix_ci(s, lead).unwrap_or(s);
    }
    // drop trailing "(...)" groups and user-given names
    while s.ends_with(')') {
        s = s[..s.rfind(" (")?].trim_end();
    }
    for cut in [" called ", " named "] {
        if let Some(i) = s.find(cut) {
            s = &s[..i];
        }
    }
    let mut quantity = 1;
    if let Some(rest) = ["a ", "an ", "the ", "your "]
        .iter()
        .find_map(|a| strip_prefix_ci(s, a))
    {
        s = rest;
    } else if let Some((n, rest)) = s.split_once(' ') {
        if let Ok(n) = n.parse::<u32>() {
            quantity = n;
            s = rest;
        }
    }
    loop {
        let before = s.len();
        for m in MODIFIERS.iter().chain(&["pair of ", "pairs of "]) {
            s = strip_prefix_ci(s, m).unwrap_or(s);
        }
        // enchantment: "+1 "
        if let Some((n, rest)) = s.split_once(' ') {
            let signed = n.starts_with('+') || n.starts_with('-');
            if signed && n.len() > 1 && n[1..].parse::<u32>().is_ok() {
                s = rest;
            }
        }
        if s.len() == before {
            break;
        }
    }
    Some((quantity, s))
}

fn seen(item: &ItemRef) -> Fact {
    Fact::Seen {
        appearance: item.appearance.clone(),
        class: item.class.clone(),
    }
}

/// "a bubbly potion (for sale, 133 zorkmids)" or "2 scrolls labeled FOO (unpaid,
/// 26 zorkmids)" → seen + a buy quote for the stack.
pub fn parse_shop_label(line: &str, hero: Hero) -> Option<Vec<Fact>> {
    let (start, tag) = ["(for sale, ", "(unpaid, "]
        .iter()
        .find_map(|t| line.find(t).map(|i| (i, *t)))?;
    let rest = &line[start + tag.len()..];
    let (number, unit) = rest.split_once(' ')?;
    if !unit.starts_with("zorkmid") {
        return None;
    }
    let price = number.parse().ok()?;
    let item = parse_item(&line[..start])?;
    Some(vec![
        seen(&item),
        Fact::PriceQuote {
            appearance: item.appearance.clone(),
            side: Side::Buy,
            price,
            quantity: item.quantity,
            charisma: hero.charisma,
            sucker: hero.sucker,
            shopkeeper: None,
        },
    ])
}

/// "Asidonhopo offers 15 gold pieces for your scroll labeled KIRJE.  Sell it?"
/// → seen + a sell quote. The game names the object without its count ("your
/// bubbly potions.  Sell them?"), so the caller passes the stack size it dropped;
/// "Sell it?" always means one. An offer cut to the shopkeeper's cash ("offers
/// only") or a stack of unknown size yields just the sighting.
pub fn parse_sell_offer(message: &str, hero: Hero, stack_size: u32) -> Option<Vec<Fact>> {
    let (shopkeeper, rest) = message.split_once(" offers ")?;
    let (short_funds, rest) = match rest.strip_prefix("only ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let (number, rest) = rest.split_once(' ')?;
    let price: u32 = number.parse().ok()?;
    let rest = rest.strip_prefix("gold piece")?;
    let (_, rest) = rest.split_once(" for ")?;
    // "for the contents of" / "for your items in": a container, not one object
    let rest = ["your ", "the "]
        .iter()
        .find_map(|p| rest.strip_prefix(p))?;
    let (name, tail) = rest.split_once(".  Sell ")?;
    let quantity = if tail.starts_with("it") {
        1
    } else {
        stack_size
    };
    let item = parse_item(name)?;
    let mut facts = vec![seen(&item)];
    if !short_funds && quantity >= 1 && (quantity > 1 || tail.starts_with("it")) {
        facts.push(Fact::PriceQuote {
            appearance: item.appearance.clone(),
            side: Side::Sell,
            price,
            quantity,
            charisma: hero.charisma,
            sucker: hero.sucker,
            shopkeeper: Some(shopkeeper.trim().to_string()),
        });
    }
    Some(facts)
}

/// A discoveries-list line ("* potion of healing (bubbly)", "helm of brilliance
/// (plumed helmet)") → named fact. Headers and "called" entries give None.
pub fn parse_discovery_line(line: &str) -> Option<Fact> {
    let s = line.trim().trim_start_matches('*').trim();
    let open = s.rfind(" (")?;
    let name = &s[..open];
    let raw = s[open + 2..].strip_suffix(')')?;
    let raw = raw.strip_prefix("labeled ").unwrap_or(raw);
    // "potion of healing called pink" is still healing; "potion called pink" is no name
    let name = name.split(" called ").next().unwrap_or(name);
    let cat = Catalogue::embedded();
    for info in cat.appearances.iter().filter(|a| a.raw == raw) {
        let pool = &cat.pools[info.pool];
        let class_word = pool.class.split('/').next().unwrap_or("");
        // "potion of healing" is "healing" in the catalogue; "amulet of ESP" stays whole
        let short = name
            .strip_prefix(class_word)
            .and_then(|r| r.strip_prefix(" of "));
        let is_member = |n: &str| pool.objects.iter().any(|&o| cat.object(o).name == n);
        let identity = short.filter(|n| is_member(n)).unwrap_or(name);
        if is_member(identity) {
            return Some(Fact::Named {
                appearance: info.shown.clone(),
                identity: identity.to_string(),
                why: Why::new(DISCOVERIES, quoted(line)),
            });
        }
    }
    None
}

/// An engrave-test message for a wand of this appearance → outcome fact.
pub fn parse_engrave_test(appearance: &str, message: &str) -> Option<Fact> {
    Some(Fact::UseOutcome {
        appearance: parse_item(appearance)?.appearance,
        effect: parse_engrave_message(message)?,
        why: Why::new(ENGRAVE_TEST, quoted(message)),
    })
}

/// The source of engrave-test facts.
pub const ENGRAVE_TEST: &str = "engrave test";
/// The source of names read in the discoveries list (`\`).
pub const DISCOVERIES: &str = "discoveries";

/// A line of the game's, quoted as evidence.
pub fn quoted(line: &str) -> String {
    format!("{:?}", line.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHA10: Hero = Hero {
        charisma: 10,
        sucker: false,
    };

    fn quote_of(facts: &[Fact]) -> (String, Side, u32, u32) {
        // (appearance, side, price, quantity)
        match &facts[1] {
            Fact::PriceQuote {
                appearance,
                side,
                price,
                quantity,
                ..
            } => (appearance.clone(), *side, *price, *quantity),
            other => panic!("not a quote: {other:?}"),
        }
    }

    #[test]
    fn item_names_resolve_to_appearances() {
        let cases = [
            ("a bubbly potion", "bubbly potion", 1),
            (
                "2 uncursed scrolls labeled KIRJE",
                "scroll labeled KIRJE",
                2,
            ),
            (
                "j - a cursed +1 pair of combat boots (being worn)",
                "combat boots",
                1,
            ),
            ("3 diluted ruby potions called red", "ruby potion", 3),
            ("an oak wand named Bob", "oak wand", 1),
            (
                "You see here a parchment spellbook.",
                "parchment spellbook",
                1,
            ),
            ("a conical hat", "conical hat", 1),
        ];
        for (text, app, qty) in cases {
            let item = parse_item(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(
                (item.appearance.as_str(), item.quantity),
                (app, qty),
                "{text}"
            );
        }
        assert_eq!(parse_item("a potion of healing"), None);
        assert_eq!(parse_item("a long sword"), None);
    }

    #[test]
    fn shop_labels_become_buy_quotes() {
        let facts = parse_shop_label("a bubbly potion (for sale, 133 zorkmids)", CHA10).unwrap();
        assert_eq!(
            facts[0],
            Fact::Seen {
                appearance: "bubbly potion".into(),
                class: "potion".into()
            }
        );
        assert_eq!(
            quote_of(&facts),
            ("bubbly potion".into(), Side::Buy, 133, 1)
        );
        let facts =
            parse_shop_label("2 scrolls labeled KIRJE (unpaid, 26 zorkmids)", CHA10).unwrap();
        assert_eq!(
            quote_of(&facts),
            ("scroll labeled KIRJE".into(), Side::Buy, 26, 2)
        );
        for line in [
            "You see here 2 uncursed scrolls labeled KIRJE (for sale, 26 zorkmids).",
            "k - 2 uncursed scrolls labeled KIRJE (unpaid, 26 zorkmids)",
        ] {
            let facts = parse_shop_label(line, CHA10).unwrap();
            assert_eq!(
                quote_of(&facts),
                ("scroll labeled KIRJE".into(), Side::Buy, 26, 2),
                "{line}"
            );
        }
        assert!(parse_shop_label("a bubbly potion", CHA10).is_none());
        assert!(parse_shop_label("a potion of healing (for sale, 20 zorkmids)", CHA10).is_none());
    }

    #[test]
    fn sell_offers_become_sell_quotes() {
        let msg =
            "Asidonhopo offers 15 gold pieces for your scroll labeled KIRJE.  Sell it? [ynaq] (y)";
        let facts = parse_sell_offer(msg, CHA10, 1).unwrap();
        assert_eq!(
            quote_of(&facts),
            ("scroll labeled KIRJE".into(), Side::Sell, 15, 1)
        );
        assert!(
            matches!(&facts[1], Fact::PriceQuote { shopkeeper: Some(s), .. } if s == "Asidonhopo")
        );
        // the game names a stack without its count
        let msg = "Izchak offers 50 gold pieces for your bubbly potions.  Sell them? [ynaq] (y)";
        assert_eq!(
            quote_of(&parse_sell_offer(msg, CHA10, 2).unwrap()),
            ("bubbly potion".into(), Side::Sell, 50, 2)
        );
        assert_eq!(
            parse_sell_offer(msg, CHA10, 1).unwrap().len(),
            1,
            "size unknown"
        );
        let capped = "Izchak offers only 3 gold pieces for your oak wand.  Sell it? [ynaq] (y)";
        assert_eq!(parse_sell_offer(capped, CHA10, 1).unwrap().len(), 1);
        let bag = "Izchak offers 40 gold pieces for the contents of your sack.  Sell them?";
        assert!(parse_sell_offer(bag, CHA10, 1).is_none());
        assert!(parse_sell_offer("You hear someone counting money.", CHA10, 1).is_none());
    }

    #[test]
    fn discovery_lines_become_names() {
        // The reason is the discoveries line itself.
        let named = |app: &str, id: &str| {
            Some(Fact::Named {
                appearance: app.into(),
                identity: id.into(),
                why: Why::default(),
            })
        };
        let bare = |line: &str| {
            let fact = parse_discovery_line(line);
            if let Some(Fact::Named { why, .. }) = &fact {
                assert_eq!(why, &Why::new(DISCOVERIES, quoted(line)), "{line}");
            }
            fact.map(|mut f| {
                if let Fact::Named { why, .. } = &mut f {
                    *why = Why::default();
                }
                f
            })
        };
        assert_eq!(
            bare("  potion of healing (bubbly)"),
            named("bubbly potion", "healing")
        );
        assert_eq!(
            bare("* scroll of identify (KIRJE)"),
            named("scroll labeled KIRJE", "identify")
        );
        assert_eq!(
            bare("  helm of brilliance (plumed helmet)"),
            named("plumed helmet", "helm of brilliance")
        );
        assert_eq!(
            bare("  amulet of ESP (hexagonal)"),
            named("hexagonal amulet", "amulet of ESP")
        );
        assert_eq!(
            bare("  wand of light (hexagonal)"),
            named("hexagonal wand", "light")
        );
        assert_eq!(bare("Potions"), None);
        assert_eq!(bare("  potion called red (ruby)"), None);
        assert_eq!(
            bare("  ring of conflict called fight (jade)"),
            named("jade ring", "conflict")
        );
    }

    #[test]
    fn engrave_tests_become_outcomes() {
        assert_eq!(
            parse_engrave_test("an oak wand", "The bugs on the floor stop moving!"),
            Some(Fact::UseOutcome {
                appearance: "oak wand".into(),
                effect: crate::Effect::BugsStop,
                why: Why::new(ENGRAVE_TEST, "\"The bugs on the floor stop moving!\""),
            })
        );
        assert_eq!(
            parse_engrave_test("oak wand", "You write in the dust."),
            None
        );
    }
}
