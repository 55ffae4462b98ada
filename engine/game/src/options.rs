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

impl Character {
    /// The default name with this role, race, gender and alignment, as typed (not yet
    /// [`Character::resolved`]).
    pub fn new(role: &str, race: &str, gender: &str, align: &str) -> Character {
        Character {
            role: role.into(),
            race: race.into(),
            gender: gender.into(),
            align: align.into(),
            ..Character::default()
        }
    }
}

/// What NetHack 3.6.6 allows (role.c's `allow` masks): one bit per race, gender and alignment.
const HUMAN: u16 = 1 << 0;
const ELF: u16 = 1 << 1;
const DWARF: u16 = 1 << 2;
const GNOME: u16 = 1 << 3;
const ORC: u16 = 1 << 4;
const MALE: u16 = 1 << 5;
const FEMALE: u16 = 1 << 6;
const LAWFUL: u16 = 1 << 7;
const NEUTRAL: u16 = 1 << 8;
const CHAOTIC: u16 = 1 << 9;
const BOTH: u16 = MALE | FEMALE;

/// One choice of the game's tables: its names as the game matches them, its own bit (races,
/// genders, alignments) and what it allows of the others.
struct Choice {
    names: &'static [&'static str],
    bit: u16,
    allow: u16,
}

const fn c(names: &'static [&'static str], bit: u16, allow: u16) -> Choice {
    Choice { names, bit, allow }
}

/// In the game's order: a prefix matches the first choice it fits ("r" is Rogue, not Ranger).
/// The three-letter codes the game also accepts (Val, Hum, Fem, Neu) are prefixes of the names.
const ROLES: &[Choice] = &[
    c(
        &["Archeologist"],
        0,
        HUMAN | DWARF | GNOME | BOTH | LAWFUL | NEUTRAL,
    ),
    c(&["Barbarian"], 0, HUMAN | ORC | BOTH | NEUTRAL | CHAOTIC),
    c(
        &["Caveman", "Cavewoman"],
        0,
        HUMAN | DWARF | GNOME | BOTH | LAWFUL | NEUTRAL,
    ),
    c(&["Healer"], 0, HUMAN | GNOME | BOTH | NEUTRAL),
    c(&["Knight"], 0, HUMAN | BOTH | LAWFUL),
    c(&["Monk"], 0, HUMAN | BOTH | LAWFUL | NEUTRAL | CHAOTIC),
    c(
        &["Priest", "Priestess"],
        0,
        HUMAN | ELF | BOTH | LAWFUL | NEUTRAL | CHAOTIC,
    ),
    c(&["Rogue"], 0, HUMAN | ORC | BOTH | CHAOTIC),
    c(
        &["Ranger"],
        0,
        HUMAN | ELF | GNOME | ORC | BOTH | NEUTRAL | CHAOTIC,
    ),
    c(&["Samurai"], 0, HUMAN | BOTH | LAWFUL),
    c(&["Tourist"], 0, HUMAN | BOTH | NEUTRAL),
    c(&["Valkyrie"], 0, HUMAN | DWARF | FEMALE | LAWFUL | NEUTRAL),
    c(
        &["Wizard"],
        0,
        HUMAN | ELF | GNOME | ORC | BOTH | NEUTRAL | CHAOTIC,
    ),
];
const RACES: &[Choice] = &[
    c(&["human"], HUMAN, BOTH | LAWFUL | NEUTRAL | CHAOTIC),
    c(&["elf"], ELF, BOTH | CHAOTIC),
    c(&["dwarf"], DWARF, BOTH | LAWFUL),
    c(&["gnome"], GNOME, BOTH | NEUTRAL),
    c(&["orc"], ORC, BOTH | CHAOTIC),
];
/// How the game's welcome names each race ("You are a neutral dwarven Valkyrie.").
const RACE_ADJECTIVES: [&str; 5] = ["human", "elven", "dwarven", "gnomish", "orcish"];
const GENDERS: &[Choice] = &[c(&["male"], MALE, 0), c(&["female"], FEMALE, 0)];
const ALIGNS: &[Choice] = &[
    c(&["lawful"], LAWFUL, 0),
    c(&["neutral"], NEUTRAL, 0),
    c(&["chaotic"], CHAOTIC, 0),
];

/// What the game makes of one field: a choice (and the name it matched), or random.
#[derive(Clone, Copy)]
enum Pick {
    One(usize, &'static str),
    Random,
}

/// Matches `text` as the game does (str2role and friends): any case, any prefix of a name, the
/// first choice in the table's order; else `random` (or a prefix of it), `*` or `@`.
fn pick(field: &str, table: &[Choice], text: &str) -> Result<Pick, String> {
    let t = text.trim();
    let prefix_of = |name: &str| {
        !t.is_empty()
            && name
                .get(..t.len())
                .is_some_and(|p| p.eq_ignore_ascii_case(t))
    };
    for (i, choice) in table.iter().enumerate() {
        if let Some(name) = choice.names.iter().find(|n| prefix_of(n)) {
            return Ok(Pick::One(i, name));
        }
    }
    if t == "*" || t == "@" || prefix_of("random") {
        return Ok(Pick::Random);
    }
    let known: Vec<&str> = table.iter().flat_map(|c| c.names.iter().copied()).collect();
    Err(format!(
        "unknown {field} {text:?}: the game knows {} (any case, any prefix) or random",
        known.join(", ")
    ))
}

/// The indices a pick leaves open.
fn open(p: Pick, n: usize) -> Vec<usize> {
    match p {
        Pick::One(i, _) => vec![i],
        Pick::Random => (0..n).collect(),
    }
}

fn name(p: Pick) -> String {
    match p {
        Pick::One(_, name) => name.to_string(),
        Pick::Random => "random".to_string(),
    }
}

impl Character {
    /// The character as the game will read it, or why the game would refuse it. Each field is
    /// matched the way NetHack 3.6.6 matches it (so `val`, `VALKYRIE` and `Valkyrie` are all the
    /// Valkyrie, written back in full), and the combination must be one the game allows: a
    /// Valkyrie is a human or dwarf woman, lawful or neutral, a dwarf is lawful, and so on.
    /// Else the game shows an error and waits, asks who we are, or quietly plays another
    /// character.
    /// The name is written into the nethackrc and the sysconf and names the save file: letters,
    /// digits and `_` only (the game also reads `-Wiz` in a name as the role).
    pub fn resolved(&self) -> Result<Character, String> {
        let n = &self.name;
        if n.is_empty() || n.len() > 31 || !n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return Err(format!("bad name {n:?}: 1 to 31 letters, digits or `_`"));
        }
        let role = pick("role", ROLES, &self.role)?;
        let race = pick("race", RACES, &self.race)?;
        let gender = pick("gender", GENDERS, &self.gender)?;
        let align = pick("alignment", ALIGNS, &self.align)?;
        let legal = |ro: usize, ra: usize, g: usize, a: usize| {
            let (role, race) = (&ROLES[ro], &RACES[ra]);
            let allow = role.allow & race.allow;
            role.allow & race.bit != 0 && allow & GENDERS[g].bit != 0 && allow & ALIGNS[a].bit != 0
        };
        let any = open(role, ROLES.len()).into_iter().any(|ro| {
            open(race, RACES.len()).into_iter().any(|ra| {
                open(gender, GENDERS.len()).into_iter().any(|g| {
                    open(align, ALIGNS.len())
                        .into_iter()
                        .any(|a| legal(ro, ra, g, a))
                })
            })
        });
        if !any {
            return Err(format!(
                "the game allows no {} {} {} {}: {}",
                name(align),
                name(gender),
                name(race),
                name(role),
                rules(role, race)
            ));
        }
        Ok(Character {
            name: self.name.clone(),
            role: name(role),
            race: name(race),
            gender: name(gender),
            align: name(align),
        })
    }

    /// The character in the words of the game's welcome ("You are a neutral human Valkyrie."):
    /// "neutral human Valkyrie", "lawful male dwarven Archeologist", whether the game allows it
    /// or not. None when a name is unknown or a field is left to chance.
    pub fn description(&self) -> Option<String> {
        let one = |field, table, text: &str| match pick(field, table, text) {
            Ok(Pick::One(i, name)) => Some((i, name)),
            _ => None,
        };
        let (role, _) = one("role", ROLES, &self.role)?;
        let (race, _) = one("race", RACES, &self.race)?;
        let (gender, gender_name) = one("gender", GENDERS, &self.gender)?;
        let (_, align) = one("alignment", ALIGNS, &self.align)?;
        let role = &ROLES[role];
        let mut words = vec![align];
        // As the game words it: the gender only where the role's name does not tell it.
        if role.names.len() == 1 && role.allow & BOTH == BOTH {
            words.push(gender_name);
        }
        words.push(RACE_ADJECTIVES[race]);
        let female = GENDERS[gender].bit == FEMALE;
        words.push(role.names[if female { role.names.len() - 1 } else { 0 }]);
        Some(words.join(" "))
    }
}

/// The game's rules for the named role and race, for an error message.
fn rules(role: Pick, race: Pick) -> String {
    let names = |table: &[Choice], allow: u16| {
        let v: Vec<&str> = table
            .iter()
            .filter(|c| allow & c.bit != 0)
            .map(|c| c.names[0])
            .collect();
        v.join(" or ")
    };
    let a = |n: &str| {
        let vowel = n.starts_with(|c: char| "AEIOUaeiou".contains(c));
        format!("{} {n}", if vowel { "an" } else { "a" })
    };
    let mut out = Vec::new();
    if let Pick::One(i, n) = role {
        let allow = ROLES[i].allow;
        let (races, genders) = (names(RACES, allow), names(GENDERS, allow));
        let aligns = names(ALIGNS, allow);
        out.push(format!("{} is {races}, {genders}, {aligns}", a(n)));
    }
    if let Pick::One(i, n) = race {
        out.push(format!("{} is {}", a(n), names(ALIGNS, RACES[i].allow)));
    }
    out.join("; ")
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ch(role: &str, race: &str, gender: &str, align: &str) -> Character {
        Character::new(role, race, gender, align)
    }

    fn fields(c: &Character) -> [&str; 4] {
        [&c.role, &c.race, &c.gender, &c.align]
    }

    #[test]
    fn the_game_s_abbreviations_and_any_case_are_accepted_and_written_in_full() {
        assert_eq!(Character::default().resolved(), Ok(Character::default()));
        for (given, want) in [
            (
                ["val", "hum", "fem", "neu"],
                ["Valkyrie", "human", "female", "neutral"],
            ),
            (
                ["VALKYRIE", "Dwarf", "F", "l"],
                ["Valkyrie", "dwarf", "female", "lawful"],
            ),
            (
                ["v", "d", "female", "law"],
                ["Valkyrie", "dwarf", "female", "lawful"],
            ),
            (["r", "o", "m", "c"], ["Rogue", "orc", "male", "chaotic"]), // Rogue before Ranger
            (
                ["ra", "gnome", "male", "neutral"],
                ["Ranger", "gnome", "male", "neutral"],
            ),
            (
                ["Priestess", "elf", "female", "cha"],
                ["Priestess", "elf", "female", "chaotic"],
            ),
            (
                ["cavewoman", "h", "f", "n"],
                ["Cavewoman", "human", "female", "neutral"],
            ),
            (
                ["rand", "*", "@", "random"],
                ["random", "random", "random", "random"],
            ),
            (
                ["Wizard", "random", "male", "*"],
                ["Wizard", "random", "male", "random"],
            ),
        ] {
            let got = ch(given[0], given[1], given[2], given[3]).resolved();
            assert_eq!(got.as_ref().map(fields), Ok(want), "{given:?}");
        }
    }

    #[test]
    fn unknown_names_and_illegal_combinations_are_refused_with_the_rules() {
        for (c, says) in [
            (
                ch("Wizardd", "human", "male", "neutral"),
                "unknown role \"Wizardd\"",
            ),
            (
                ch("Valkyrie", "hobbit", "female", "neutral"),
                "unknown race",
            ),
            (
                ch("Valkyrie", "human", "neuter", "neutral"),
                "unknown gender",
            ),
            (
                ch("Valkyrie", "human", "female", "evil"),
                "unknown alignment",
            ),
            (ch("", "human", "female", "neutral"), "unknown role"),
            (
                ch("Wizard", "dwarf", "female", "neutral"),
                "a Wizard is human or elf or gnome or orc",
            ),
            (
                ch("Valkyrie", "human", "male", "neutral"),
                "a Valkyrie is human or dwarf, female",
            ),
            (
                ch("Valkyrie", "dwarf", "female", "neutral"),
                "a dwarf is lawful",
            ),
            (ch("Samurai", "human", "male", "chaotic"), "lawful"),
            (
                ch("Archeologist", "orc", "male", "lawful"),
                "an Archeologist is human",
            ),
            (ch("random", "elf", "female", "lawful"), "an elf is chaotic"),
        ] {
            let err = c.resolved().expect_err(&format!("{c:?} should be refused"));
            assert!(err.contains(says), "{c:?}: {err}");
        }
    }

    #[test]
    fn a_name_that_would_change_the_options_is_refused() {
        for name in [
            "",
            "a,role:Wizard",
            "x\nOPTIONS=autopickup",
            "nhbot-Wiz",
            "a b",
            &"n".repeat(32),
        ] {
            let c = Character {
                name: name.into(),
                ..Character::default()
            };
            assert!(c.resolved().unwrap_err().contains("bad name"), "{name:?}");
        }
    }
}
