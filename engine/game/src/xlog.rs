//! The game's own record of a finished game (xlogfile in the playground): the authoritative score,
//! turns, depth and death cause — never guessed from the screen.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct XlogEntry {
    pub points: i64,
    pub turns: i64,
    /// Depth the game ended on and the deepest level reached.
    pub deathlev: i32,
    pub maxlvl: i32,
    pub hp: i32,
    pub maxhp: i32,
    pub death: String,
    pub role: String,
    pub race: String,
    pub gender: String,
    pub align: String,
    /// Every field as written, for whatever a caller needs beyond the above.
    pub fields: BTreeMap<String, String>,
}

impl XlogEntry {
    /// What the hero was doing when the game ended (`while`): "fainted from lack of food",
    /// "frozen by a monster's gaze"... None when nothing.
    pub fn helpless(&self) -> Option<String> {
        self.fields.get("while").filter(|w| !w.is_empty()).cloned()
    }

    /// The dungeon the game ended in (`deathdnum`, NetHack 3.6.6's dungeon.def order).
    pub fn dungeon(&self) -> Option<&'static str> {
        const DUNGEONS: [&str; 8] = [
            "The Dungeons of Doom",
            "Gehennom",
            "The Gnomish Mines",
            "The Quest",
            "Sokoban",
            "Fort Ludios",
            "Vlad's Tower",
            "The Elemental Planes",
        ];
        let n: usize = self.fields.get("deathdnum")?.parse().ok()?;
        DUNGEONS.get(n).copied()
    }
}

/// Parses one xlogfile line (tab-separated `key=value` fields).
pub fn parse_line(line: &str) -> Option<XlogEntry> {
    let fields: BTreeMap<String, String> = line
        .trim_end()
        .split('\t')
        .filter_map(|kv| {
            kv.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
        })
        .collect();
    if !fields.contains_key("points") {
        return None;
    }
    let num = |k: &str| {
        fields
            .get(k)
            .and_then(|v| v.parse::<i64>().ok())
            .unwrap_or(0)
    };
    let text = |k: &str| fields.get(k).cloned().unwrap_or_default();
    Some(XlogEntry {
        points: num("points"),
        turns: num("turns"),
        deathlev: num("deathlev") as i32,
        maxlvl: num("maxlvl") as i32,
        hp: num("hp") as i32,
        maxhp: num("maxhp") as i32,
        death: text("death"),
        role: text("role"),
        race: text("race"),
        gender: text("gender"),
        align: text("align"),
        fields,
    })
}

/// The last finished game recorded in an xlogfile.
pub fn read_last(path: &Path) -> Option<XlogEntry> {
    let text = std::fs::read_to_string(path).ok()?;
    text.lines().rev().find_map(parse_line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_real_line() {
        let line = "version=3.6.6\tpoints=52\tdeathdnum=0\tdeathlev=1\tmaxlvl=1\thp=0\tmaxhp=16\tdeaths=1\tdeathdate=20231120\tbirthdate=20231120\tuid=0\trole=Val\trace=Hum\tgender=Fem\talign=Neu\tname=nhbot\tdeath=killed by a jackal\tconduct=0x1f88\tturns=74\tachieve=0x0\trealtime=1\tstarttime=1700481600\tendtime=1700481600\tgender0=Fem\talign0=Neu\tflags=0x4";
        let e = parse_line(line).unwrap();
        assert_eq!(e.points, 52);
        assert_eq!(e.turns, 74);
        assert_eq!(e.maxlvl, 1);
        assert_eq!(e.death, "killed by a jackal");
        assert_eq!(e.role, "Val");
        assert_eq!(e.fields["conduct"], "0x1f88");
        assert_eq!(e.helpless(), None);
        assert_eq!(e.dungeon(), Some("The Dungeons of Doom"));
        assert!(parse_line("garbage").is_none());
        // A line from a bench game: killed while fainted, in the Mines.
        let line = "version=3.6.6\tpoints=900\tdeathdnum=2\tdeathlev=5\tdeath=killed by a little dog\twhile=fainted from lack of food\tturns=6304";
        let e = parse_line(line).unwrap();
        assert_eq!(e.helpless().as_deref(), Some("fainted from lack of food"));
        assert_eq!(e.dungeon(), Some("The Gnomish Mines"));
    }
}
