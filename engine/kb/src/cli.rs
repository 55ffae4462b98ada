//! `nhbot kb` entry point and the hand-written fact file format.
//!
//! Fact file (YAML), see data/kb-examples/:
//! ```yaml
//! charisma: 10          # hero state for entries that do not give their own
//! sucker: false
//! facts:
//!   - label: "a bubbly potion (for sale, 133 zorkmids)"
//!   - offer: "Asidonhopo offers 15 gold pieces for your scroll labeled KIRJE.  Sell it? [ynaq] (y)"
//!   - offer: "Izchak offers 50 gold pieces for your bubbly potions.  Sell them?"
//!     quantity: 2       # the game does not print the stack size
//!   - discovery: "potion of healing (ruby)"
//!   - engrave: {wand: "oak wand", message: "The bugs on the floor stop moving!"}
//!   - buy: {appearance: "milky potion", price: 200, quantity: 1}
//!     charisma: 16      # per-entry override
//!   - sell: {appearance: "milky potion", price: 75}
//!   - named: {appearance: "jade ring", identity: "conflict"}
//!   - not: {appearance: "oak wand", identity: "death", reason: "a newt survived"}
//!   - one_of: {appearance: "oak wand", identities: [sleep, death]}
//!   - weight: {appearance: "plumed helmet", weight: 30}
//!   - seen: "fizzy potion"
//! ```

use crate::facts::{Fact, FactLog, Why};
use crate::kb::Kb;
use crate::observation::{observation_facts, Observation};
use crate::parse::{
    parse_discovery_line, parse_engrave_test, parse_item, parse_sell_offer, parse_shop_label, Hero,
};
use crate::price::Side;
use anyhow::{bail, Context, Result};
use serde::Deserialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Arguments of `nhbot kb`.
#[derive(Clone, Debug, Default)]
pub struct KbArgs {
    /// A game's fact log (JSON lines, as written by [`FactLog`]).
    pub game: Option<PathBuf>,
    /// A hand-written YAML fact file.
    pub facts: Option<PathBuf>,
    /// Print every seen appearance.
    pub all: bool,
    /// Explain one appearance, e.g. "bubbly potion".
    pub appearance: Option<String>,
}

/// Loads the facts, answers the query, returns the text to print.
pub fn run_cli(args: KbArgs) -> Result<String> {
    let mut facts = Vec::new();
    if let Some(game) = &args.game {
        facts.extend(FactLog::load(game)?);
    }
    if let Some(file) = &args.facts {
        facts.extend(load_fact_file(file)?);
    }
    if args.game.is_none() && args.facts.is_none() {
        bail!("give --game FACTS.jsonl or --facts FILE.yaml");
    }
    let n = facts.len();
    let kb = Kb::from_facts(facts);
    let mut out = String::new();
    match (&args.appearance, args.all) {
        (Some(app), false) => writeln!(out, "{}", kb.candidates(app)?)?,
        (app, _) => {
            if let Some(app) = app {
                writeln!(out, "{}\n", kb.candidates(app)?)?;
            }
            writeln!(out, "{n} facts")?;
            for answer in kb.table() {
                writeln!(out, "{}", answer.summary())?;
            }
            for (shk, stingy) in kb.shopkeepers() {
                let how = if *stingy {
                    "cuts offers by 1/4"
                } else {
                    "offers in full"
                };
                writeln!(out, "shopkeeper {shk} {how}")?;
            }
            for unknown in kb.unknown_appearances() {
                writeln!(out, "{unknown}: not a randomized appearance (ignored)")?;
            }
        }
    }
    Ok(out)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FactFile {
    #[serde(default = "average_charisma")]
    charisma: u8,
    #[serde(default)]
    sucker: bool,
    facts: Vec<Entry>,
}

fn average_charisma() -> u8 {
    11
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Entry {
    label: Option<String>,
    offer: Option<String>,
    discovery: Option<String>,
    engrave: Option<EngraveEntry>,
    buy: Option<PriceEntry>,
    sell: Option<PriceEntry>,
    named: Option<NamedEntry>,
    not: Option<NamedEntry>,
    one_of: Option<OneOfEntry>,
    weight: Option<WeightEntry>,
    seen: Option<String>,
    /// Stack size for an `offer` of several objects ("Sell them?").
    quantity: Option<u32>,
    charisma: Option<u8>,
    sucker: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EngraveEntry {
    wand: String,
    message: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PriceEntry {
    appearance: String,
    price: u32,
    #[serde(default = "one")]
    quantity: u32,
}

fn one() -> u32 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NamedEntry {
    appearance: String,
    identity: String,
    reason: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OneOfEntry {
    appearance: String,
    identities: Vec<String>,
    reason: Option<String>,
}

/// Where hand-written facts come from, in the answers' reasons.
const FACT_FILE: &str = "fact file";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WeightEntry {
    appearance: String,
    weight: u32,
}

/// Reads a hand-written fact file (format in the module docs).
pub fn load_fact_file(path: &Path) -> Result<Vec<Fact>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading fact file {}", path.display()))?;
    parse_fact_file(&text).with_context(|| format!("in fact file {}", path.display()))
}

pub fn parse_fact_file(yaml: &str) -> Result<Vec<Fact>> {
    let file: FactFile = serde_yaml::from_str(yaml).context("not a fact file")?;
    let mut facts = Vec::new();
    for (i, entry) in file.facts.into_iter().enumerate() {
        let hero = Hero {
            charisma: entry.charisma.unwrap_or(file.charisma),
            sucker: entry.sucker.unwrap_or(file.sucker),
        };
        let got = entry_facts(entry, hero).with_context(|| format!("fact #{}", i + 1))?;
        facts.extend(got);
    }
    Ok(facts)
}

fn appearance_of(text: &str) -> Result<String> {
    Ok(parse_item(text)
        .with_context(|| format!("{text:?} is not an unidentified randomized appearance"))?
        .appearance)
}

fn entry_facts(e: Entry, hero: Hero) -> Result<Vec<Fact>> {
    let price = |p: PriceEntry, side| -> Result<Fact> {
        Ok(Fact::PriceQuote {
            appearance: appearance_of(&p.appearance)?,
            side,
            price: p.price,
            quantity: p.quantity,
            charisma: hero.charisma,
            sucker: hero.sucker,
            shopkeeper: None,
        })
    };
    let mut out = Vec::new();
    if let Some(label) = e.label {
        out.extend(parse_shop_label(&label, hero).context("cannot read shop label")?);
    }
    if let Some(offer) = e.offer {
        out.extend(
            parse_sell_offer(&offer, hero, e.quantity.unwrap_or(1))
                .context("cannot read sell offer")?,
        );
    }
    if let Some(line) = e.discovery {
        out.push(parse_discovery_line(&line).context("cannot read discoveries line")?);
    }
    if let Some(t) = e.engrave {
        out.push(
            parse_engrave_test(&t.wand, &t.message)
                .context("engrave message tells nothing about the wand")?,
        );
    }
    if let Some(p) = e.buy {
        out.push(price(p, Side::Buy)?);
    }
    if let Some(p) = e.sell {
        out.push(price(p, Side::Sell)?);
    }
    if let Some(n) = e.named {
        out.push(Fact::Named {
            appearance: appearance_of(&n.appearance)?,
            identity: n.identity,
            why: Why {
                source: Some(FACT_FILE.into()),
                reason: n.reason,
            },
        });
    }
    if let Some(n) = e.not {
        out.extend(observation_facts(&Observation {
            appearance: n.appearance,
            not_identity: Some(n.identity),
            source: FACT_FILE.into(),
            reason: n.reason,
            ..Observation::default()
        })?);
    }
    if let Some(o) = e.one_of {
        out.extend(observation_facts(&Observation {
            appearance: o.appearance,
            one_of: Some(o.identities),
            source: FACT_FILE.into(),
            reason: o.reason,
            ..Observation::default()
        })?);
    }
    if let Some(w) = e.weight {
        out.push(Fact::Weight {
            appearance: appearance_of(&w.appearance)?,
            weight: w.weight,
        });
    }
    if let Some(s) = e.seen {
        let item = parse_item(&s).with_context(|| format!("{s:?} is not an appearance"))?;
        out.push(Fact::Seen {
            appearance: item.appearance,
            class: item.class,
        });
    }
    if out.is_empty() {
        bail!("empty entry: give one of label, offer, discovery, engrave, buy, sell, named, not, one_of, weight, seen");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../data/kb-examples")
            .join(name)
    }

    #[test]
    fn example_file_answers_queries() {
        let args = KbArgs {
            facts: Some(example("shop-visit.yaml")),
            appearance: Some("oak wand".into()),
            ..KbArgs::default()
        };
        let out = run_cli(args.clone()).unwrap();
        assert!(out.contains("identified as sleep"), "{out}");
        let all = run_cli(KbArgs {
            all: true,
            appearance: None,
            ..args
        })
        .unwrap();
        assert!(all.contains("bubbly potion"), "{all}");
        assert!(all.contains("no candidate — conflicting facts"), "{all}");
        assert!(
            all.contains("shopkeeper Asidonhopo offers in full"),
            "{all}"
        );
        assert!(
            all.contains("scroll labeled ELBIB YLOH: enchant weapon"),
            "{all}"
        );
    }

    #[test]
    fn example_game_log_loads() {
        let out = run_cli(KbArgs {
            game: Some(example("game.jsonl")),
            all: true,
            ..KbArgs::default()
        })
        .unwrap();
        assert!(out.starts_with("7 facts"), "{out}");
        assert!(
            out.contains("scroll labeled ELBIB YLOH: enchant weapon"),
            "{out}"
        );
        assert!(
            out.contains("oak wand: 2 candidates, price 175/500: sleep, death"),
            "{out}"
        );
    }

    #[test]
    fn game_log_round_trip() {
        let dir = std::env::temp_dir().join(format!("nhbot-kb-cli-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.jsonl");
        let _ = std::fs::remove_file(&path);
        let mut log = FactLog::open(&path).unwrap();
        let hero = Hero {
            charisma: 11,
            sucker: false,
        };
        for f in parse_shop_label("a bubbly potion (for sale, 133 zorkmids)", hero).unwrap() {
            log.append(&f).unwrap();
        }
        let out = run_cli(KbArgs {
            game: Some(path),
            appearance: Some("bubbly potion".into()),
            ..KbArgs::default()
        })
        .unwrap();
        assert!(out.contains("6 candidates, price 100"), "{out}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn not_and_one_of_entries_narrow_with_their_reasons() {
        let facts = parse_fact_file(
            "facts:\n  - one_of: {appearance: \"an oak wand\", identities: [sleep, wand of death]}\n  \
             - not: {appearance: \"oak wand\", identity: death, reason: \"a newt survived\"}\n",
        )
        .unwrap();
        let answer = Kb::from_facts(facts).candidates("oak wand").unwrap();
        assert_eq!(answer.identified.as_deref(), Some("sleep"));
        let text = answer.to_string();
        assert!(
            text.contains("evidence: oak wand is not death (fact file: a newt survived)"),
            "{text}"
        );
        let err =
            parse_fact_file("facts:\n  - not: {appearance: \"oak wand\", identity: healing}\n")
                .unwrap_err();
        assert!(
            format!("{err:#}").contains("\"healing\" is not an identity of \"oak wand\""),
            "{err:#}"
        );
    }

    #[test]
    fn bad_entries_are_errors_with_position() {
        let err = parse_fact_file("facts:\n  - seen: \"fizzy potion\"\n  - label: \"a rock\"\n")
            .unwrap_err();
        assert!(format!("{err:#}").contains("fact #2"), "{err:#}");
        assert!(run_cli(KbArgs::default()).is_err());
    }
}
