//! The 3.6.6 monster table (data/monsters/monsters.txt, embedded) and lookups by name and glyph.

use std::sync::OnceLock;

const TABLE: &str = include_str!("../../../data/monsters/monsters.txt");

/// `NdM` dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dice {
    pub n: u8,
    pub sides: u8,
}

impl Dice {
    pub fn parse(s: &str) -> Option<Dice> {
        let (n, sides) = s.split_once('d')?;
        Some(Dice {
            n: n.parse().ok()?,
            sides: sides.parse().ok()?,
        })
    }
    pub fn mean(self) -> f64 {
        f64::from(self.n) * (f64::from(self.sides) + 1.0) / 2.0
    }
    pub fn max(self) -> u32 {
        u32::from(self.n) * u32::from(self.sides)
    }
}

/// One attack of a monster: how it is delivered (`bite`, `weap`, `gaze`, `none` = passive...),
/// what it does (`phys`, `ston`, `plys`, `drli`...) and its dice.
#[derive(Clone, Debug, PartialEq)]
pub struct Attack {
    pub kind: String,
    pub damage: String,
    pub dice: Dice,
}

impl Attack {
    /// Passive: only hurts whoever hits the monster.
    pub fn is_passive(&self) -> bool {
        self.kind == "none"
    }
    /// A gaze that hurts whoever the monster sees, near or far, Elbereth or not (a
    /// pyrolisk's fire; not a floating eye's, which is passive).
    pub fn is_harmful_gaze(&self) -> bool {
        self.kind == "gaze" && self.dice.max() > 0
    }
    /// Delivered from afar (breath, spit, gaze, spells, weapons that may be fired).
    pub fn is_ranged(&self) -> bool {
        matches!(self.kind.as_str(), "brea" | "spit" | "gaze" | "magc")
    }
}

/// One row of the monster table.
#[derive(Clone, Debug, PartialEq)]
pub struct MonsterInfo {
    pub name: String,
    pub glyph: char,
    /// NetHack CLR_* number (0 black .. 15 white).
    pub color: u8,
    pub level: i32,
    pub speed: i32,
    pub ac: i32,
    pub mr: i32,
    pub attacks: Vec<Attack>,
    pub resists: Vec<String>,
    /// Corpse properties: nocorpse poisonous acidic petrify slime rider hallu stun poly were norot
    /// preaged human elf dwarf gnome orc pet, and poisonres/N (may give poison resistance, tried
    /// one time in N).
    pub corpse: Vec<String>,
    pub respects_elbereth: bool,
    pub flags: Vec<String>,
    /// Generation difficulty (makemon.c): random monsters stay near (depth + XL) / 2.
    pub difficulty: i32,
    /// monst.c `maligntyp`: negative chaotic, 0 neutral, positive lawful, [`A_NONE`] none.
    pub alignment: i32,
}

/// The alignment of monsters aligned to no god (align.h `A_NONE`: Moloch's).
pub const A_NONE: i32 = -128;

impl MonsterInfo {
    pub fn corpse_is(&self, property: &str) -> bool {
        self.corpse.iter().any(|c| c == property)
    }
    pub fn has_flag(&self, flag: &str) -> bool {
        self.flags.iter().any(|f| f == flag)
    }
    pub fn resists(&self, what: &str) -> bool {
        self.resists.iter().any(|r| r == what)
    }
}

/// The CLR_* number of a colour name as the table writes it.
pub fn color_number(name: &str) -> Option<u8> {
    const NAMES: [&str; 16] = [
        "black",
        "red",
        "green",
        "brown",
        "blue",
        "magenta",
        "cyan",
        "gray",
        "no_color",
        "orange",
        "bright_green",
        "yellow",
        "bright_blue",
        "bright_magenta",
        "bright_cyan",
        "white",
    ];
    NAMES.iter().position(|n| *n == name).map(|i| i as u8)
}

fn list(field: &str) -> Vec<String> {
    field
        .split(',')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// Parses one table line; the error names what was wrong.
pub fn parse_line(line: &str) -> Result<MonsterInfo, String> {
    let f: Vec<&str> = line.split('|').collect();
    if f.len() != 14 {
        return Err(format!("{} fields, want 14", f.len()));
    }
    let num = |i: usize| -> Result<i32, String> {
        f[i].parse()
            .map_err(|_| format!("field {i} ({:?}) is not a number", f[i]))
    };
    let attacks = f[7]
        .split_whitespace()
        .map(|a| {
            let mut parts = a.split(':');
            let (Some(kind), Some(damage), Some(dice)) = (parts.next(), parts.next(), parts.next())
            else {
                return Err(format!("attack {a:?} is not type:damage:NdM"));
            };
            let dice = Dice::parse(dice).ok_or_else(|| format!("bad dice in {a:?}"))?;
            Ok(Attack {
                kind: kind.into(),
                damage: damage.into(),
                dice,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let glyph = f[1].chars().next().ok_or("empty glyph")?;
    Ok(MonsterInfo {
        name: f[0].to_string(),
        glyph,
        color: color_number(f[2]).ok_or_else(|| format!("unknown colour {:?}", f[2]))?,
        level: num(3)?,
        speed: num(4)?,
        ac: num(5)?,
        mr: num(6)?,
        attacks,
        resists: list(f[8]),
        corpse: list(f[9]),
        respects_elbereth: f[10] == "y",
        flags: list(f[11]),
        difficulty: num(12)?,
        alignment: num(13)?,
    })
}

/// Every monster of the embedded table, in the game's order.
pub fn all() -> &'static [MonsterInfo] {
    static TABLE_PARSED: OnceLock<Vec<MonsterInfo>> = OnceLock::new();
    TABLE_PARSED.get_or_init(|| {
        TABLE
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .enumerate()
            // The table is generated and checked by tests; a bad line is skipped, not fatal.
            .filter_map(|(i, l)| parse_line(l).map_err(|e| log_bad(i, &e)).ok())
            .collect()
    })
}

fn log_bad(line: usize, err: &str) {
    eprintln!("nhbot-skills: monsters.txt entry {line}: {err}");
}

/// Candidates that random generation could plausibly make here: difficulty at most
/// (depth + XL) / 2 plus `slack` (makemon.c's bound, loosened for special rooms and groups),
/// and randomly generated in that form at all (not a were in animal form, not a shopkeeper).
/// Falls back to every candidate when none qualifies (a vault guard, a summoned nasty...).
pub fn plausible_here(
    glyph: char,
    color: u8,
    depth: i32,
    xl: i32,
    slack: i32,
) -> Vec<&'static MonsterInfo> {
    let all = candidates(glyph, color);
    let bound = (depth.max(1) + xl.max(1)) / 2 + slack;
    let near: Vec<_> = all
        .iter()
        .copied()
        .filter(|m| m.difficulty <= bound && !m.has_flag("nogen"))
        .collect();
    if near.is_empty() {
        all
    } else {
        near
    }
}

/// Every monster random generation could plausibly make here whatever its glyph (the bound of
/// [`plausible_here`]), that can hurt us next to it (an active attack other than a gaze or a
/// spell): what a monster we cannot tell may be.
pub fn attackers_here(depth: i32, xl: i32, slack: i32) -> Vec<&'static MonsterInfo> {
    let bound = (depth.max(1) + xl.max(1)) / 2 + slack;
    all()
        .iter()
        .filter(|m| m.difficulty <= bound && !m.has_flag("nogen"))
        .filter(|m| {
            m.attacks
                .iter()
                .any(|a| !a.is_passive() && !a.is_ranged() && a.dice.max() > 0)
        })
        .collect()
}

/// The monster called `name` (exact, or with a leading article removed).
pub fn by_name(name: &str) -> Option<&'static MonsterInfo> {
    let name = name.trim();
    let name = ["the ", "a ", "an "]
        .iter()
        .find_map(|a| name.strip_prefix(a))
        .unwrap_or(name);
    by_exact_name().get(name).map(|&i| &all()[i])
}

/// The monsters (indices into [`all`]) by their exact name, the first of the table's order for
/// a name given twice: kill and farlook texts are named every decision, a scan was dear.
fn by_exact_name() -> &'static std::collections::HashMap<&'static str, usize> {
    static INDEX: OnceLock<std::collections::HashMap<&'static str, usize>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index = std::collections::HashMap::new();
        for (i, m) in all().iter().enumerate() {
            index.entry(m.name.as_str()).or_insert(i);
        }
        index
    })
}

/// Every monster drawn as `glyph` in `color` (any of that glyph when no colour matches).
pub fn candidates(glyph: char, color: u8) -> Vec<&'static MonsterInfo> {
    let table = all();
    let of_glyph = by_glyph().get(&glyph).map_or(&[][..], Vec::as_slice);
    let same: Vec<_> = of_glyph
        .iter()
        .map(|&i| &table[i])
        .filter(|m| m.color == color)
        .collect();
    if !same.is_empty() {
        return same;
    }
    // Unknown colour (a scraper quirk, or a shape-shifter): any monster of that glyph.
    of_glyph.iter().map(|&i| &table[i]).collect()
}

/// The first monster of the table's order called `name` and drawn as `glyph`: of the monsters
/// of that glyph only, as the threat assessment asks it for every named monster in view.
pub fn named_as_drawn(name: &str, glyph: char) -> Option<&'static MonsterInfo> {
    let table = all();
    by_glyph()
        .get(&glyph)?
        .iter()
        .map(|&i| &table[i])
        .find(|m| m.name == name)
}

/// The monsters (indices into [`all`], in the table's order) by glyph: the threat assessment
/// asks for a glyph's candidates for every monster in view, several times a decision, and a
/// scan of the whole table each time was dear.
fn by_glyph() -> &'static std::collections::HashMap<char, Vec<usize>> {
    static INDEX: OnceLock<std::collections::HashMap<char, Vec<usize>>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index: std::collections::HashMap<char, Vec<usize>> = Default::default();
        for (i, m) in all().iter().enumerate() {
            index.entry(m.glyph).or_default().push(i);
        }
        index
    })
}

/// The monster a `You kill the X!` name or farlook text refers to: tries the longest table name
/// contained in the text ("poor little dog" → little dog, "Asidonhopo, the shopkeeper" → shopkeeper).
pub fn find_in_text(text: &str) -> Option<&'static MonsterInfo> {
    if let Some(m) = by_name(text) {
        return Some(m);
    }
    // A name found as a word begins with one of the text's words: only the monsters whose
    // name does are searched for (the table's order kept, so ties go as before).
    let index = by_first_word();
    let mut named: Vec<usize> = words(text)
        .chain([""])
        .filter_map(|w| index.get(w))
        .flatten()
        .copied()
        .collect();
    named.sort_unstable();
    named.dedup();
    named
        .into_iter()
        .map(|i| &all()[i])
        .filter(|m| contains_word(text, &m.name))
        .max_by_key(|m| m.name.len())
}

/// The runs of letters and digits in `text` (what `contains_word` counts as word characters).
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
}

/// The monsters (indices into [`all`]) by the first word of their name.
fn by_first_word() -> &'static std::collections::HashMap<&'static str, Vec<usize>> {
    static INDEX: OnceLock<std::collections::HashMap<&'static str, Vec<usize>>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index: std::collections::HashMap<&'static str, Vec<usize>> = Default::default();
        for (i, m) in all().iter().enumerate() {
            // A name that does not start with a word character is looked for in every text.
            let first = match m.name.starts_with(char::is_alphanumeric) {
                true => words(&m.name).next().unwrap_or(""),
                false => "",
            };
            index.entry(first).or_default().push(i);
        }
        index
    })
}

fn contains_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The glyph's index finds what a scan of the whole table in its order finds.
    #[test]
    fn named_as_drawn_is_the_first_of_the_table_so_named_and_drawn() {
        let glyphs: std::collections::BTreeSet<char> = all().iter().map(|m| m.glyph).collect();
        for m in all() {
            for &g in &glyphs {
                let scan = all().iter().find(|o| o.name == m.name && o.glyph == g);
                assert_eq!(
                    named_as_drawn(&m.name, g).map(|o| o as *const MonsterInfo),
                    scan.map(|o| o as *const MonsterInfo),
                    "{} as {g}",
                    m.name
                );
            }
        }
    }

    #[test]
    fn table_parses_whole() {
        assert_eq!(all().len(), 382);
        let jackal = by_name("jackal").unwrap();
        assert_eq!((jackal.glyph, jackal.color, jackal.speed), ('d', 3, 12));
        assert_eq!(jackal.attacks[0].dice, Dice { n: 1, sides: 2 });
        assert!(by_name("cockatrice").unwrap().corpse_is("petrify"));
        assert!(!by_name("shopkeeper").unwrap().respects_elbereth);
        assert!(!by_name("minotaur").unwrap().respects_elbereth);
        assert!(by_name("newt").unwrap().respects_elbereth);
    }

    /// The glyph index gives what a scan of the whole table gives, in the table's order, for
    /// every glyph and colour (an unknown colour: every monster of the glyph; none: empty).
    #[test]
    fn candidates_are_the_table_s_monsters_of_that_glyph_and_colour() {
        let scan = |glyph: char, color: u8| -> Vec<&str> {
            let same: Vec<_> = all()
                .iter()
                .filter(|m| m.glyph == glyph && m.color == color)
                .map(|m| m.name.as_str())
                .collect();
            if !same.is_empty() {
                return same;
            }
            all()
                .iter()
                .filter(|m| m.glyph == glyph)
                .map(|m| m.name.as_str())
                .collect()
        };
        let mut pairs = 0;
        for glyph in (32u8..127).map(char::from) {
            for color in 0..=16u8 {
                let names: Vec<_> = candidates(glyph, color)
                    .iter()
                    .map(|m| m.name.as_str())
                    .collect();
                assert_eq!(names, scan(glyph, color), "{glyph:?} in colour {color}");
                pairs += !names.is_empty() as usize;
            }
        }
        assert!(pairs > 500, "most glyphs name monsters ({pairs} pairs)");
        assert!(
            candidates('d', 99).iter().any(|m| m.name == "jackal"),
            "any colour of `d`"
        );
    }

    #[test]
    fn glyph_and_colour_give_candidates() {
        let blue_e: Vec<_> = candidates('e', 4).iter().map(|m| m.name.as_str()).collect();
        assert_eq!(blue_e, ["floating eye"]);
        assert!(candidates('d', 3).iter().any(|m| m.name == "jackal"));
        assert!(candidates('d', 3).iter().any(|m| m.name == "warg"));
        let shallow: Vec<_> = plausible_here('d', 3, 2, 1, 2)
            .iter()
            .map(|m| m.name.as_str())
            .collect();
        assert!(
            shallow.contains(&"jackal") && !shallow.contains(&"warg"),
            "{shallow:?}"
        );
        assert!(plausible_here('d', 3, 20, 14, 2)
            .iter()
            .any(|m| m.name == "warg"));
    }

    #[test]
    fn names_in_text() {
        assert_eq!(find_in_text("poor little dog").unwrap().name, "little dog");
        assert_eq!(find_in_text("the newt").unwrap().name, "newt");
        assert_eq!(
            find_in_text("Asidonhopo, the shopkeeper").unwrap().name,
            "shopkeeper"
        );
        assert!(find_in_text("xyzzy").is_none());
        // The index by first word finds what a search of every name finds.
        let slow = |text: &str| {
            by_name(text).or_else(|| {
                all()
                    .iter()
                    .filter(|m| contains_word(text, &m.name))
                    .max_by_key(|m| m.name.len())
            })
        };
        let mut texts = vec![
            "Asidonhopo, the shopkeeper".to_string(),
            "peaceful watchman".into(),
            "tame kitten called Tibbles".into(),
            "the dwarf lord's corpse".into(),
            "x x x".into(),
            "grid bugs".into(),
            "".into(),
        ];
        for m in all() {
            texts.push(format!("peaceful {}", m.name));
            texts.push(format!("{} called Bob", m.name));
            texts.push(format!("It hits the {}!", m.name));
            texts.push(format!("a{}", m.name));
            texts.push(format!("{}s", m.name));
            texts.push(m.name.replace(' ', "-"));
        }
        for text in &texts {
            assert_eq!(
                find_in_text(text).map(|m| &m.name),
                slow(text).map(|m| &m.name),
                "{text:?}"
            );
        }
    }
}
