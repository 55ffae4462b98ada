//! Farlook (`;`) answers: "d        a dog or other canine (tame little dog)".

/// What farlook said about a monster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Farlook {
    /// "little dog", "watchman", "newt" (a given name "called X" is dropped).
    pub name: String,
    pub peaceful: bool,
    pub tame: bool,
    /// A statue drawn with its monster's glyph ("(a statue of a kobold)"): `name` is the
    /// monster it shows, and nothing stands there.
    pub statue: bool,
}

/// Parses the farlook answer for a square holding a monster: the whole line, or its description
/// part alone (the scraper splits the line at the run of spaces after the glyph). None for map
/// features ("(floor of a room)") and remembered, unseen monsters.
pub fn parse_farlook(line: &str) -> Option<Farlook> {
    let line = line.trim();
    let open = line.rfind('(')?;
    let inner = line[open + 1..].strip_suffix(')')?.trim();
    let (tame, rest) = match inner.strip_prefix("tame ") {
        Some(r) => (true, r),
        None => (false, inner),
    };
    let (peaceful, rest) = match rest.strip_prefix("peaceful ") {
        Some(r) => (true, r),
        None => (tame, rest),
    };
    // 3.6 draws a statue as its monster: "k  a kobold or a boulder or statue (a statue of a
    // kobold)", "(historic statue of a newt)".
    let (statue, rest) = match rest.find("statue of ") {
        Some(i) => (true, strip_article(&rest[i + "statue of ".len()..])),
        None => (false, rest),
    };
    let name = rest.split(" called ").next().unwrap_or(rest).trim();
    // The caller asks about squares that show a monster; still, never take terrain for one.
    let what = line[..open].trim();
    if name.is_empty() || what.contains("remembered") || TERRAIN.iter().any(|t| name.starts_with(t))
    {
        return None;
    }
    Some(Farlook {
        name: name.to_string(),
        peaceful,
        tame,
        statue,
    })
}

fn strip_article(s: &str) -> &str {
    ["a ", "an ", "the "]
        .iter()
        .find_map(|a| s.strip_prefix(a))
        .unwrap_or(s)
}

/// Parenthesised names farlook gives to map features.
const TERRAIN: &[&str] = &[
    "floor of a room",
    "dark part of a room",
    "corridor",
    "doorway",
    "wall",
    "stone",
    "open door",
    "closed door",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_answers() {
        // Captured from the real game (seed 7, the starting pet).
        let pet = parse_farlook("d        a dog or other canine (tame little dog)").unwrap();
        assert_eq!(
            pet,
            Farlook {
                name: "little dog".into(),
                peaceful: true,
                tame: true,
                statue: false,
            }
        );
        // The description alone, as the scraper splits it.
        assert_eq!(
            parse_farlook("a dog or other canine (tame little dog)"),
            Some(pet)
        );
        let w = parse_farlook("@        human or elf (peaceful watchman)").unwrap();
        assert!(w.peaceful && !w.tame && w.name == "watchman");
        // Captured from the real game (wizard mode, ^G newt / peaceful gnome).
        let newt = parse_farlook("a lizard (newt)").unwrap();
        assert!(!newt.peaceful && newt.name == "newt");
        assert!(parse_farlook("a gnome (peaceful gnome)").unwrap().peaceful);
        let j = parse_farlook("d        a dog or other canine (jackal)").unwrap();
        assert!(!j.peaceful && j.name == "jackal");
        let named = parse_farlook("f        a feline (tame kitten called Tabby)").unwrap();
        assert_eq!(named.name, "kitten");
        // Terrain is not a monster.
        assert_eq!(parse_farlook(".        a doorway or the floor of a room or the dark part of a room or ice (floor of a room)"), None);
        assert_eq!(parse_farlook("You see no objects here."), None);
        // Captured from the real game (seeds 8 and 19): statues look like their monsters.
        let statue =
            parse_farlook("k        a kobold or a boulder or statue (a statue of a kobold)")
                .unwrap();
        assert!(statue.statue && !statue.peaceful && !statue.tame);
        assert_eq!(statue.name, "kobold");
        let jackal =
            parse_farlook("a dog or other canine or a boulder or statue (a statue of a jackal)");
        assert_eq!(
            jackal.map(|f| (f.name, f.statue)),
            Some(("jackal".into(), true))
        );
        assert!(!parse_farlook("a lizard (newt)").unwrap().statue);
    }
}
