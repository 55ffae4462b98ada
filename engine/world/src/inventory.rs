//! Inventory lines as 3.6.6 `doname()` writes them: "f - 2 uncursed food rations",
//! "a - a blessed rustproof +1 long sword (weapon in hand)", "h - a wand of digging (0:5)".

use nhbot_screen::MenuItem;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Buc {
    Blessed,
    Uncursed,
    Cursed,
}

/// Erosion levels 0-3 (none, plain, "very", "thoroughly").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Erosion {
    pub burnt: u8,
    pub rusty: u8,
    pub rotted: u8,
    pub corroded: u8,
}

impl Erosion {
    pub fn worst(&self) -> u8 {
        self.burnt
            .max(self.rusty)
            .max(self.rotted)
            .max(self.corroded)
    }
}

/// Wand-style charges "(recharged:charges)".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Charges {
    pub recharged: i32,
    pub charges: i32,
}

/// An inventory entry parsed from the `i` menu.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Item {
    pub letter: char,
    /// The line as shown, after "x - ".
    pub text: String,
    /// The inventory class header it was listed under ("Comestibles", "Weapons", ...).
    pub class: String,
    pub count: u32,
    pub buc: Option<Buc>,
    pub erosion: Erosion,
    /// rustproof / fireproof / corrodeproof / rotproof / fixed.
    pub erodeproof: bool,
    pub greased: bool,
    pub partly_eaten: bool,
    pub enchantment: Option<i32>,
    pub charges: Option<Charges>,
    /// The object's name or appearance as shown, count and adjectives removed ("food rations").
    pub name: String,
    /// "called ..." (a name given to the object type).
    pub called: Option<String>,
    /// "named ..." (a name given to this object).
    pub named: Option<String>,
    pub worn: bool,
    pub wielded: bool,
    pub quivered: bool,
    /// Unpaid shop goods: the price asked for the stack.
    pub unpaid_price: Option<i64>,
    /// Other parenthesised notes, e.g. "lit", "7 candles attached", "alternate weapon; not wielded".
    pub notes: Vec<String>,
}

/// Parses one inventory line "x - description". None for headers and other text.
pub fn parse_inventory_line(line: &str) -> Option<Item> {
    let line = line.trim();
    let mut chars = line.chars();
    let letter = chars.next()?;
    let rest = chars.as_str();
    let text = [" - ", " + ", " # "]
        .iter()
        .find_map(|sep| rest.strip_prefix(sep))?;
    if !(letter.is_ascii_alphabetic() || letter == '$' || letter == '#') || text.is_empty() {
        return None;
    }
    Some(parse_description(letter, text))
}

/// Parses a whole `i` menu: headers set the class of the lines under them.
pub fn parse_inventory_menu(items: &[MenuItem]) -> Vec<Item> {
    let mut class = String::new();
    let mut out = Vec::new();
    for item in items {
        if item.header {
            class = item.text.trim().to_string();
            continue;
        }
        let parsed = parse_inventory_line(&item.text)
            .or_else(|| item.letter.map(|l| parse_description(l, item.text.trim())));
        if let Some(mut parsed) = parsed {
            parsed.class = class.clone();
            out.push(parsed);
        }
    }
    out
}

fn parse_description(letter: char, text: &str) -> Item {
    let mut item = Item {
        letter,
        text: text.to_string(),
        count: 1,
        ..Default::default()
    };
    let (body, notes) = split_notes(text);
    for note in notes {
        apply_note(&mut item, note);
    }
    let mut body = body.trim();
    for (marker, slot) in [(" named ", 1), (" called ", 0)] {
        if let Some(at) = body.find(marker) {
            let value = body[at + marker.len()..].to_string();
            if slot == 1 {
                item.named = Some(value);
            } else {
                item.called = Some(value);
            }
            body = &body[..at];
        }
    }
    let mut words = body.split(' ').peekable();
    if let Some(first) = words.peek() {
        if let Ok(n) = first.parse::<u32>() {
            item.count = n;
            words.next();
        } else if matches!(*first, "a" | "an" | "the") {
            words.next();
        }
    }
    let mut level = 1u8;
    let mut name_words = Vec::new();
    for word in words {
        if !name_words.is_empty() {
            name_words.push(word);
            continue;
        }
        match word {
            "blessed" => item.buc = Some(Buc::Blessed),
            "uncursed" => item.buc = Some(Buc::Uncursed),
            "cursed" => item.buc = Some(Buc::Cursed),
            "greased" => item.greased = true,
            "partly" | "eaten" => item.partly_eaten = true,
            "very" => level = 2,
            "thoroughly" => level = 3,
            "burnt" => (item.erosion.burnt, level) = (level, 1),
            "rusty" => (item.erosion.rusty, level) = (level, 1),
            "rotted" => (item.erosion.rotted, level) = (level, 1),
            "corroded" => (item.erosion.corroded, level) = (level, 1),
            "rustproof" | "fireproof" | "corrodeproof" | "rotproof" | "fixed" => {
                item.erodeproof = true
            }
            w if (w.starts_with('+') || w.starts_with('-')) && w[1..].parse::<i32>().is_ok() => {
                item.enchantment = w.parse::<i32>().ok();
            }
            w => name_words.push(w),
        }
    }
    item.name = name_words.join(" ");
    if item.buc.is_none() && item.name.contains("holy water") {
        item.buc = Some(if item.name.contains("unholy") {
            Buc::Cursed
        } else {
            Buc::Blessed
        });
    }
    item
}

/// Splits trailing "(...)" groups off the description.
fn split_notes(text: &str) -> (&str, Vec<&str>) {
    let mut body = text.trim_end();
    let mut notes = Vec::new();
    while body.ends_with(')') {
        let Some(open) = body.rfind('(') else { break };
        notes.push(&body[open + 1..body.len() - 1]);
        body = body[..open].trim_end();
    }
    notes.reverse();
    (body, notes)
}

fn apply_note(item: &mut Item, note: &str) {
    match note {
        "weapon in hand" | "weapon in hands" | "wielded" => item.wielded = true,
        "being worn" | "on left hand" | "on right hand" | "in use" | "embedded in your skin" => {
            item.worn = true
        }
        "in quiver" | "in quiver pouch" | "at the ready" => item.quivered = true,
        n if n.starts_with("being worn") => item.worn = true,
        n if n.starts_with("weapon in") || n.starts_with("wielded") => item.wielded = true,
        n if n.starts_with("unpaid, ") => {
            item.unpaid_price = n
                .trim_start_matches("unpaid, ")
                .split(' ')
                .next()
                .and_then(|p| p.parse().ok());
        }
        n => match n
            .split_once(':')
            .map(|(a, b)| (a.parse::<i32>(), b.parse::<i32>()))
        {
            Some((Ok(recharged), Ok(charges))) => {
                item.charges = Some(Charges { recharged, charges })
            }
            _ => item.notes.push(n.to_string()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Item {
        parse_inventory_line(line).unwrap_or_else(|| panic!("no item in {line:?}"))
    }

    #[test]
    fn starting_valkyrie_inventory() {
        let sword = parse("a - a +1 long sword (weapon in hand)");
        assert_eq!(
            (sword.letter, sword.count, sword.enchantment),
            ('a', 1, Some(1))
        );
        assert_eq!(sword.name, "long sword");
        assert!(sword.wielded && !sword.worn);
        let dagger = parse("b - a +0 dagger (alternate weapon; not wielded)");
        assert_eq!(dagger.enchantment, Some(0));
        assert!(!dagger.wielded);
        assert_eq!(
            dagger.notes,
            vec!["alternate weapon; not wielded".to_string()]
        );
        let shield = parse("c - an uncursed +3 small shield (being worn)");
        assert_eq!(
            (shield.buc, shield.enchantment, shield.worn),
            (Some(Buc::Uncursed), Some(3), true)
        );
        let food = parse("d - 2 uncursed food rations");
        assert_eq!(
            (food.count, food.name.as_str(), food.buc),
            (2, "food rations", Some(Buc::Uncursed))
        );
    }

    #[test]
    fn erosion_proofing_grease_and_negative_enchantment() {
        let mail = parse("e - a cursed very rusty thoroughly corroded -2 ring mail (being worn)");
        assert_eq!(mail.buc, Some(Buc::Cursed));
        assert_eq!(
            (
                mail.erosion.rusty,
                mail.erosion.corroded,
                mail.erosion.worst()
            ),
            (2, 3, 3)
        );
        assert_eq!(mail.enchantment, Some(-2));
        assert_eq!(mail.name, "ring mail");
        let cloak = parse("f - a blessed greased fireproof +0 cloak of magic resistance");
        assert!(cloak.greased && cloak.erodeproof);
        assert_eq!(cloak.erosion, Erosion::default());
        let burnt = parse("g - a burnt +1 leather armor");
        assert_eq!(burnt.erosion.burnt, 1);
    }

    #[test]
    fn charges_names_rings_and_prices() {
        let wand = parse("h - a wand of digging (0:5)");
        assert_eq!(
            wand.charges,
            Some(Charges {
                recharged: 0,
                charges: 5
            })
        );
        assert_eq!(wand.name, "wand of digging");
        let ring = parse("i - an uncursed ring of slow digestion (on left hand)");
        assert!(ring.worn);
        let scroll = parse("j - 3 scrolls labeled ELBIB YLOH called tele");
        assert_eq!((scroll.count, scroll.called.as_deref()), (3, Some("tele")));
        assert_eq!(scroll.name, "scrolls labeled ELBIB YLOH");
        let named = parse("k - a +2 long sword named Excalibur (weapon in hand)");
        assert_eq!(named.named.as_deref(), Some("Excalibur"));
        assert!(named.wielded);
        let unpaid = parse("l - a potion of healing (unpaid, 133 zorkmids)");
        assert_eq!(unpaid.unpaid_price, Some(133));
        let eaten = parse("m - a partly eaten food ration");
        assert!(eaten.partly_eaten);
        assert_eq!(eaten.name, "food ration");
        let water = parse("n - 2 potions of holy water");
        assert_eq!(water.buc, Some(Buc::Blessed));
        let lamp = parse("o - an oil lamp (lit)");
        assert_eq!(lamp.notes, vec!["lit".to_string()]);
        let gold = parse("$ - 42 gold pieces");
        assert_eq!((gold.letter, gold.count), ('$', 42));
        let quiver = parse("p - 12 +0 daggers (in quiver)");
        assert!(quiver.quivered);
    }

    #[test]
    fn not_items() {
        assert_eq!(parse_inventory_line("Weapons"), None);
        assert_eq!(parse_inventory_line("(end)"), None);
        assert_eq!(parse_inventory_line(""), None);
        assert_eq!(parse_inventory_line("a - "), None);
    }

    #[test]
    fn menu_headers_set_classes() {
        let menu = vec![
            MenuItem {
                letter: None,
                text: "Weapons".into(),
                selected: false,
                header: true,
            },
            MenuItem {
                letter: Some('a'),
                text: "a - a +1 long sword (weapon in hand)".into(),
                selected: false,
                header: false,
            },
            MenuItem {
                letter: None,
                text: "Comestibles".into(),
                selected: false,
                header: true,
            },
            MenuItem {
                letter: Some('d'),
                text: "2 uncursed food rations".into(),
                selected: false,
                header: false,
            },
        ];
        let items = parse_inventory_menu(&menu);
        assert_eq!(items.len(), 2);
        assert_eq!(
            (items[0].class.as_str(), items[1].class.as_str()),
            ("Weapons", "Comestibles")
        );
        assert_eq!((items[1].letter, items[1].count), ('d', 2));
    }
}
