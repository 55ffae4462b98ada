//! The embedded monster table against the reference dump of src/monst.c (skipped with a note
//! when ../shared/reference is not there).

use serde::Deserialize;
use std::path::PathBuf;

#[derive(Deserialize)]
struct Reference {
    monsters: Vec<RefMonster>,
}

#[derive(Deserialize)]
struct RefMonster {
    name: String,
    symbol: String,
    color: String,
    level: i32,
    speed: i32,
    ac: i32,
    mr: i32,
    attacks: Vec<(String, String, String)>,
    resists: Vec<String>,
    flags: Vec<String>,
    gen: Vec<String>,
    difficulty: i32,
}

fn reference_file() -> Option<PathBuf> {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path = repo.join("../shared/reference/monsters-3.6.6.yaml");
    path.exists().then_some(path)
}

#[test]
fn table_matches_the_reference() {
    let Some(path) = reference_file() else {
        eprintln!("note: ../shared/reference/monsters-3.6.6.yaml is missing; comparison skipped");
        return;
    };
    let text = std::fs::read_to_string(&path).expect("reference readable");
    let reference: Reference = serde_yaml::from_str(&text).expect("reference parses");
    let ours = nhbot_skills::monsters::all();
    assert_eq!(ours.len(), reference.monsters.len());
    for (m, r) in ours.iter().zip(&reference.monsters) {
        assert_eq!(m.name, r.name);
        assert_eq!(m.glyph.to_string(), r.symbol, "{}", r.name);
        assert_eq!(
            Some(m.color),
            nhbot_skills::monsters::color_number(&r.color),
            "{}",
            r.name
        );
        assert_eq!(
            (m.level, m.speed, m.ac, m.mr),
            (r.level, r.speed, r.ac, r.mr),
            "{}",
            r.name
        );
        let attacks: Vec<(String, String, String)> = m
            .attacks
            .iter()
            .map(|a| {
                (
                    a.kind.clone(),
                    a.damage.clone(),
                    format!("{}d{}", a.dice.n, a.dice.sides),
                )
            })
            .collect();
        assert_eq!(attacks, r.attacks, "{}", r.name);
        assert_eq!(m.resists, r.resists, "{}", r.name);
        assert_eq!(
            m.corpse_is("poisonous"),
            r.flags.iter().any(|f| f == "pois"),
            "{}",
            r.name
        );
        assert_eq!(
            m.corpse_is("acidic"),
            r.flags.iter().any(|f| f == "acid"),
            "{}",
            r.name
        );
        assert_eq!(
            m.corpse_is("nocorpse"),
            r.gen.iter().any(|f| f == "nocorpse"),
            "{}",
            r.name
        );
        assert_eq!(
            m.corpse_is("human"),
            r.flags.iter().any(|f| f == "human"),
            "{}",
            r.name
        );
        assert_eq!(m.difficulty, r.difficulty, "{}", r.name);
        if r.symbol == "@" {
            assert!(!m.respects_elbereth, "{} is an @", r.name);
        }
    }
}
