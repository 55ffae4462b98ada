//! Object weights (and food nutrition) by the name the game shows: the catalogue's for the
//! objects whose appearance must be identified, data/objects/weights.yaml's (embedded at build
//! time) for every other one. What the pack weighs decides whether the hero squeezes between
//! two rocks diagonally (hack.c `cant_squeeze_thru`: more than 600 is refused).

use crate::catalogue::Catalogue;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

const EMBEDDED: &str = include_str!("../../../data/objects/weights.yaml");

#[derive(Deserialize)]
struct FileObject {
    name: String,
    #[serde(default)]
    shown: Option<String>,
    class: String,
    weight: u32,
    #[serde(default)]
    nutrition: Option<u32>,
}

#[derive(Deserialize)]
struct FileWeights {
    objects: Vec<FileObject>,
}

/// What one object of a kind weighs, and for food what it feeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObjectWeight {
    pub weight: u32,
    /// Food only.
    pub nutrition: Option<u32>,
}

struct Table {
    /// Lower-case names and unidentified names.
    by_name: HashMap<String, ObjectWeight>,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        // The embedded file is checked by the test suite, so failing here is a build bug.
        let file: FileWeights =
            serde_yaml::from_str(EMBEDDED).expect("embedded data/objects/weights.yaml is invalid");
        let mut by_name: HashMap<String, ObjectWeight> = HashMap::new();
        for o in file.objects {
            let w = ObjectWeight {
                weight: o.weight,
                nutrition: o.nutrition.filter(|_| o.class == "food"),
            };
            by_name.insert(o.name.to_lowercase(), w);
            if let Some(shown) = o.shown {
                // Kinds that look alike weigh the same but for the gray stones: the lightest
                // (a loadstone, 500, shows itself when picked up: it is no gray stone to guess).
                by_name
                    .entry(shown.to_lowercase())
                    .and_modify(|e| {
                        if w.weight < e.weight {
                            *e = w;
                        }
                    })
                    .or_insert(w);
            }
        }
        Table { by_name }
    })
}

/// Every class of the catalogue whose objects all weigh the same, by the word the game's
/// names use ("potion of healing", "bubbly potion", "scroll labeled FOO"). The Book of the
/// Dead (20) is no spellbook a bot carries.
const CLASS_WEIGHTS: &[(&str, u32)] = &[
    ("amulet", 20),
    ("potion", 20),
    ("scroll", 5),
    ("spellbook", 50),
    ("ring", 3),
    ("wand", 7),
];

/// One object of the kind the game names `name` (singular, as [`crate::parse_item`] or the
/// world's inventory parser leave it: no count, no BUC, no enchantment), or None when nothing
/// is known of it.
pub fn object_weight(name: &str) -> Option<ObjectWeight> {
    let name = name.trim().to_lowercase();
    if let Some(&w) = table().by_name.get(&name) {
        return Some(w);
    }
    catalogue_weight(&name).map(|weight| ObjectWeight {
        weight,
        nutrition: None,
    })
}

/// The catalogue's weight: by appearance (the heaviest kind it may be: helmets 30 to 50) or by
/// identity, else by the class word in the name.
fn catalogue_weight(name: &str) -> Option<u32> {
    let cat = Catalogue::embedded();
    if let Some(app) = cat.appearance(name) {
        return cat
            .pool_of(app)
            .objects
            .iter()
            .map(|&id| cat.object(id).weight)
            .max();
    }
    if let Some(o) = cat
        .objects
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(name))
    {
        return Some(o.weight);
    }
    name.split(' ').find_map(class_weight)
}

/// What every object of a class weighs, by its word ("potion", "scroll", "ring", "wand",
/// "spellbook", "amulet"); None for classes whose objects differ.
pub fn class_weight(word: &str) -> Option<u32> {
    CLASS_WEIGHTS
        .iter()
        .find(|(w, _)| *w == word)
        .map(|&(_, weight)| weight)
}

/// [`object_weight`] of a stack's name as the game writes it for `count` objects: plural
/// words ("daggers", "food rations", "potions of healing", "lumps of royal jelly", "knives")
/// are tried singular too.
pub fn stack_object_weight(name: &str, count: u32) -> Option<ObjectWeight> {
    // Boots and gloves: "a pair of high boots", "2 pairs of leather gloves"; poison weighs
    // nothing ("poisoned darts").
    let name = name.strip_prefix("poisoned ").unwrap_or(name);
    let name = ["pair of ", "pairs of "]
        .iter()
        .find_map(|p| name.strip_prefix(p))
        .unwrap_or(name);
    if let Some(w) = object_weight(name) {
        return Some(w);
    }
    if count <= 1 {
        return None;
    }
    let words: Vec<&str> = name.split(' ').collect();
    (0..words.len()).find_map(|i| {
        singulars(words[i]).into_iter().find_map(|one| {
            let mut candidate = words.clone();
            candidate[i] = &one;
            object_weight(&candidate.join(" "))
        })
    })
}

/// The singular forms a plural word may have (makesingular() in objnam.c, its common cases).
fn singulars(word: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(stem) = word.strip_suffix("ves") {
        out.push(format!("{stem}fe"));
        out.push(format!("{stem}f"));
    }
    if let Some(stem) = word.strip_suffix("ies") {
        out.push(format!("{stem}y"));
    }
    if let Some(stem) = word.strip_suffix("es") {
        out.push(stem.to_string());
    }
    if let Some(stem) = word.strip_suffix('s') {
        out.push(stem.to_string());
    }
    out
}

/// What `coins` gold pieces weigh (invent.c `GOLD_WT`).
pub fn gold_weight(coins: u64) -> u32 {
    ((coins + 50) / 100) as u32
}

/// The most a hero may carry and still squeeze diagonally between two rocks or boulders
/// (hack.c `cant_squeeze_thru`: `inv_weight() + weight_cap() > 600` is refused, and that sum is
/// the pack's whole weight).
pub const SQUEEZE_WEIGHT: u32 = 600;

#[cfg(test)]
mod tests {
    use super::*;

    fn weight(name: &str, count: u32) -> Option<u32> {
        stack_object_weight(name, count).map(|w| w.weight)
    }

    #[test]
    fn the_embedded_table_parses() {
        assert!(table().by_name.len() > 200);
    }

    /// Seed 350's pack at T10085 of bench b37-final2, refused the squeeze: 602 in all.
    #[test]
    fn seed_350s_pack_weighs_602() {
        let pack = [
            ("long sword", 1),
            ("daggers", 2),
            ("small shield", 1),
            ("faded pall", 1),
            ("orcish helm", 1),
            ("splint mail", 1),
            ("pair of high boots", 1),
            ("food rations", 2),
            ("slime molds", 2),
        ];
        let mut total = gold_weight(203);
        for (name, count) in pack {
            let one = weight(name, count).unwrap_or_else(|| panic!("{name}"));
            total += one * count;
        }
        assert_eq!(total, 602);
    }

    #[test]
    fn names_plural_unidentified_and_of_the_catalogue_are_weighed() {
        assert_eq!(weight("runed dagger", 1), Some(10));
        assert_eq!(weight("knives", 3), Some(5));
        assert_eq!(weight("poisoned darts", 4), Some(1));
        assert_eq!(weight("lumps of royal jelly", 2), Some(2));
        assert_eq!(weight("crude ring mail", 1), Some(250));
        assert_eq!(weight("bubbly potions", 2), Some(20));
        assert_eq!(weight("potions of healing", 2), Some(20));
        assert_eq!(weight("scroll labeled ZELGO MER", 1), Some(5));
        assert_eq!(weight("wand of digging", 1), Some(7));
        assert_eq!(weight("plumed helmet", 1), Some(50));
        assert_eq!(weight("gray stone", 1), Some(10));
        assert_eq!(weight("red gems", 3), Some(1));
        assert_eq!(weight("rocks", 7), Some(10));
        assert_eq!(weight("pick-axe", 1), Some(100));
        assert_eq!(weight("frobnicator", 1), None);
        assert_eq!(
            stack_object_weight("food rations", 2).and_then(|w| w.nutrition),
            Some(800)
        );
        assert_eq!(gold_weight(49), 0);
        assert_eq!(gold_weight(203), 2);
    }
}
