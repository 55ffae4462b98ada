//! Input facts and the append-only JSON-lines log they are kept in.

use crate::effects::Effect;
use crate::price::Side;
use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

/// One observation about an appearance (keyed by the name the game shows,
/// e.g. "bubbly potion", "scroll labeled KIRJE", "combat boots").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Fact {
    Seen {
        appearance: String,
        class: String,
    },
    /// A shop price for a whole stack, with the hero's state when it was seen.
    PriceQuote {
        appearance: String,
        side: Side,
        price: u32,
        quantity: u32,
        charisma: u8,
        sucker: bool,
        /// Who offered (sell quotes): a shopkeeper is stingy or not for the whole
        /// game, so quotes from one shopkeeper share that hidden state.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shopkeeper: Option<String>,
    },
    /// The appearance is this identity (the game named it, or a script says so).
    Named {
        appearance: String,
        identity: String,
        #[serde(flatten)]
        why: Why,
    },
    /// What engraving with a wand of this appearance showed.
    UseOutcome {
        appearance: String,
        effect: Effect,
        #[serde(flatten)]
        why: Why,
    },
    /// The appearance is not this identity.
    NotIdentity {
        appearance: String,
        identity: String,
        #[serde(flatten)]
        why: Why,
    },
    /// The appearance is one of these identities.
    OneOf {
        appearance: String,
        identities: Vec<String>,
        #[serde(flatten)]
        why: Why,
    },
    /// Weight of one object of this appearance.
    Weight {
        appearance: String,
        weight: u32,
    },
}

impl Fact {
    pub fn appearance(&self) -> &str {
        match self {
            Fact::Seen { appearance, .. }
            | Fact::PriceQuote { appearance, .. }
            | Fact::Named { appearance, .. }
            | Fact::UseOutcome { appearance, .. }
            | Fact::NotIdentity { appearance, .. }
            | Fact::OneOf { appearance, .. }
            | Fact::Weight { appearance, .. } => appearance,
        }
    }

    /// Where the fact came from and why, for the facts that carry it.
    pub fn why(&self) -> Option<&Why> {
        match self {
            Fact::Named { why, .. }
            | Fact::UseOutcome { why, .. }
            | Fact::NotIdentity { why, .. }
            | Fact::OneOf { why, .. } => Some(why),
            _ => None,
        }
    }

    /// The same observation, whatever its source and reason: the KB learns it once.
    pub fn same_evidence(&self, other: &Fact) -> bool {
        let bare = |f: &Fact| {
            let mut f = f.clone();
            if let Fact::Named { why, .. }
            | Fact::UseOutcome { why, .. }
            | Fact::NotIdentity { why, .. }
            | Fact::OneOf { why, .. } = &mut f
            {
                *why = Why::default();
            }
            f
        };
        bare(self) == bare(other)
    }
}

/// Where a fact came from ("engrave test", "inventory", "discoveries", "lua:scripts/x.lua:4")
/// and the evidence itself (the game's message or line, a script's words): what the KB's
/// answers cite.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Why {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl Why {
    pub fn new(source: impl Into<String>, reason: impl Into<String>) -> Why {
        Why {
            source: Some(source.into()),
            reason: Some(reason.into()),
        }
    }
}

impl fmt::Display for Why {
    /// ` (source: reason)`, or nothing when neither is known.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.source, &self.reason) {
            (Some(s), Some(r)) => write!(f, " ({s}: {r})"),
            (Some(x), None) | (None, Some(x)) => write!(f, " ({x})"),
            (None, None) => Ok(()),
        }
    }
}

impl fmt::Display for Fact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fact::Seen { appearance, class } => write!(f, "seen {appearance} ({class})"),
            Fact::PriceQuote {
                appearance,
                side,
                price,
                quantity,
                charisma,
                sucker,
                shopkeeper,
            } => {
                let verb = match side {
                    Side::Buy => "sold at",
                    Side::Sell => "offered",
                };
                let sucker = if *sucker { ", sucker" } else { "" };
                let stack = if *quantity == 1 {
                    String::new()
                } else {
                    format!(" ×{quantity}")
                };
                let by = shopkeeper
                    .as_ref()
                    .map(|s| format!(" by {s}"))
                    .unwrap_or_default();
                write!(
                    f,
                    "{appearance}{stack} {verb} {price} zm{by} (Cha {charisma}{sucker})"
                )
            }
            Fact::Named {
                appearance,
                identity,
                why,
            } => write!(f, "{appearance} is {identity}{why}"),
            Fact::UseOutcome {
                appearance,
                effect,
                why,
            } => write!(f, "{appearance} engrave-tested: {}{why}", effect.describe()),
            Fact::NotIdentity {
                appearance,
                identity,
                why,
            } => write!(f, "{appearance} is not {identity}{why}"),
            Fact::OneOf {
                appearance,
                identities,
                why,
            } => write!(f, "{appearance} is one of {}{why}", identities.join(", ")),
            Fact::Weight { appearance, weight } => write!(f, "{appearance} weighs {weight}"),
        }
    }
}

/// Append-only fact file, one JSON object per line, flushed after every fact.
pub struct FactLog {
    path: PathBuf,
    file: File,
}

impl FactLog {
    /// Opens (creating if needed) the log at `path` for appending.
    pub fn open(path: impl AsRef<Path>) -> Result<FactLog> {
        let path = path.as_ref().to_path_buf();
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .with_context(|| format!("opening fact log {}", path.display()))?;
        Ok(FactLog { path, file })
    }

    pub fn append(&mut self, fact: &Fact) -> Result<()> {
        let mut line = serde_json::to_string(fact).context("encoding fact")?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush())
            .with_context(|| format!("appending to fact log {}", self.path.display()))
    }

    /// Reads every fact of a log; blank lines are skipped.
    pub fn load(path: impl AsRef<Path>) -> Result<Vec<Fact>> {
        let path = path.as_ref();
        let file =
            File::open(path).with_context(|| format!("opening fact log {}", path.display()))?;
        let mut facts = Vec::new();
        for (n, line) in BufReader::new(file).lines().enumerate() {
            let line = line.with_context(|| format!("reading {}", path.display()))?;
            if line.trim().is_empty() {
                continue;
            }
            let fact = serde_json::from_str(&line)
                .with_context(|| format!("{}:{}: bad fact", path.display(), n + 1))?;
            facts.push(fact);
        }
        Ok(facts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_appends_and_reloads() {
        let dir = std::env::temp_dir().join(format!("nhbot-kb-log-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("facts.jsonl");
        let _ = std::fs::remove_file(&path);
        let facts = vec![
            Fact::Seen {
                appearance: "bubbly potion".into(),
                class: "potion".into(),
            },
            Fact::PriceQuote {
                appearance: "bubbly potion".into(),
                side: Side::Buy,
                price: 133,
                quantity: 1,
                charisma: 10,
                sucker: false,
                shopkeeper: None,
            },
        ];
        {
            let mut log = FactLog::open(&path).unwrap();
            log.append(&facts[0]).unwrap();
        }
        // a second writer appends after the first, never truncates
        let mut log = FactLog::open(&path).unwrap();
        log.append(&facts[1]).unwrap();
        assert_eq!(FactLog::load(&path).unwrap(), facts);
        std::fs::write(&path, "{\"kind\":\"nonsense\"}\n").unwrap();
        let err = FactLog::load(&path).unwrap_err();
        assert!(format!("{err:#}").contains(":1: bad fact"), "{err:#}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn reasons_are_kept_in_the_log_and_old_lines_still_load() {
        let fact = Fact::Named {
            appearance: "tin wand".into(),
            identity: "digging".into(),
            why: Why::new("engrave test", "\"Gravel flies up from the floor.\""),
        };
        let line = serde_json::to_string(&fact).unwrap();
        assert_eq!(
            line,
            r#"{"kind":"named","appearance":"tin wand","identity":"digging","source":"engrave test","reason":"\"Gravel flies up from the floor.\""}"#
        );
        assert_eq!(serde_json::from_str::<Fact>(&line).unwrap(), fact);
        let old = r#"{"kind":"use_outcome","appearance":"oak wand","effect":"bugs_stop"}"#;
        let loaded: Fact = serde_json::from_str(old).unwrap();
        assert_eq!(loaded.why(), Some(&Why::default()));
        assert_eq!(
            loaded.to_string(),
            "oak wand engrave-tested: BugsStop → sleep/death"
        );
    }
}
