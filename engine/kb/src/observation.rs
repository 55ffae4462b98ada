//! Facts from outside the game's text (a Lua script's `kb.observe{...}`), checked against the
//! catalogue before they reach the KB: a randomized appearance, identities of its own pool.

use crate::catalogue::Catalogue;
use crate::facts::{Fact, Why};
use crate::parse::parse_item;
use anyhow::{bail, Result};

/// Longest appearance, identity, source or reason accepted (bytes).
pub const MAX_TEXT: usize = 300;

/// What someone observed about one appearance: its identity, one it is not, or the few it may
/// be (any of the three; each gives a fact), with where it came from and why.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Observation {
    /// As the game shows it: "tin wand", "a tin wand", "scroll labeled KIRJE".
    pub appearance: String,
    /// "digging" or "wand of digging".
    pub identity: Option<String>,
    pub not_identity: Option<String>,
    pub one_of: Option<Vec<String>>,
    /// "lua:scripts/x.lua:12".
    pub source: String,
    pub reason: Option<String>,
}

/// The facts an observation gives, with the catalogue's names (so repeats are recognised);
/// an error names what does not fit.
pub fn observation_facts(obs: &Observation) -> Result<Vec<Fact>> {
    let texts = [Some(&obs.appearance), obs.identity.as_ref()]
        .into_iter()
        .chain([obs.not_identity.as_ref(), Some(&obs.source)])
        .chain([obs.reason.as_ref()])
        .flatten()
        .chain(obs.one_of.iter().flatten());
    for text in texts {
        if text.len() > MAX_TEXT {
            bail!("{} bytes of text, at most {MAX_TEXT}", text.len());
        }
    }
    let cat = Catalogue::embedded();
    let shown = cat
        .appearance(obs.appearance.trim())
        .map(|a| cat.appearance_info(a).shown.clone())
        .or_else(|| parse_item(&obs.appearance).map(|i| i.appearance));
    let Some(appearance) = shown else {
        bail!(
            "{:?} is not a randomized appearance (write it as the game shows it, e.g. \"tin wand\")",
            obs.appearance
        );
    };
    let app = cat
        .appearance(&appearance)
        .expect("parse_item gives catalogue names");
    let pool = cat.pool_of(app);
    let identity = |name: &str| -> Result<String> {
        match cat.resolve_identity(app, name) {
            Some(id) => Ok(cat.object(id).name.clone()),
            None => bail!(
                "{name:?} is not an identity of {appearance:?} (a {})",
                pool.class
            ),
        }
    };
    let why = Why {
        source: Some(obs.source.clone()),
        reason: obs.reason.clone(),
    };
    let mut facts = Vec::new();
    if let Some(name) = &obs.identity {
        facts.push(Fact::Named {
            appearance: appearance.clone(),
            identity: identity(name)?,
            why: why.clone(),
        });
    }
    if let Some(name) = &obs.not_identity {
        facts.push(Fact::NotIdentity {
            appearance: appearance.clone(),
            identity: identity(name)?,
            why: why.clone(),
        });
    }
    if let Some(names) = &obs.one_of {
        if names.is_empty() || names.len() > pool.objects.len() {
            bail!(
                "one_of lists {} identities; a {appearance} has {}",
                names.len(),
                pool.objects.len()
            );
        }
        let mut identities = names
            .iter()
            .map(|n| identity(n))
            .collect::<Result<Vec<_>>>()?;
        identities.sort();
        identities.dedup();
        facts.push(Fact::OneOf {
            appearance: appearance.clone(),
            identities,
            why,
        });
    }
    if facts.is_empty() {
        bail!("give identity, not_identity or one_of");
    }
    Ok(facts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obs(appearance: &str) -> Observation {
        Observation {
            appearance: appearance.into(),
            source: "lua:scripts/t.lua:3".into(),
            reason: Some("engrave test: gravel".into()),
            ..Observation::default()
        }
    }

    #[test]
    fn observations_are_checked_and_named_as_the_catalogue_names_them() {
        let facts = observation_facts(&Observation {
            identity: Some("wand of digging".into()),
            ..obs("a tin wand")
        })
        .unwrap();
        assert_eq!(
            facts,
            vec![Fact::Named {
                appearance: "tin wand".into(),
                identity: "digging".into(),
                why: Why::new("lua:scripts/t.lua:3", "engrave test: gravel"),
            }]
        );
        let facts = observation_facts(&Observation {
            not_identity: Some("fire".into()),
            one_of: Some(vec!["sleep".into(), "wand of death".into(), "sleep".into()]),
            ..obs("oak wand")
        })
        .unwrap();
        assert!(matches!(&facts[0], Fact::NotIdentity { identity, .. } if identity == "fire"));
        assert!(
            matches!(&facts[1], Fact::OneOf { identities, .. } if identities == &["death", "sleep"])
        );
    }

    #[test]
    fn what_does_not_fit_is_refused_with_the_reason() {
        let err = |o: Observation| format!("{:#}", observation_facts(&o).unwrap_err());
        let healing = Some("healing".to_string());
        assert!(err(Observation {
            identity: healing.clone(),
            ..obs("tin wand")
        })
        .contains("\"healing\" is not an identity of \"tin wand\" (a wand)"));
        assert!(err(Observation {
            identity: healing.clone(),
            ..obs("long sword")
        })
        .contains("not a randomized appearance"));
        assert!(err(obs("tin wand")).contains("give identity, not_identity or one_of"));
        assert!(err(Observation {
            one_of: Some(Vec::new()),
            ..obs("tin wand")
        })
        .contains("one_of lists 0"));
        assert!(err(Observation {
            reason: Some("x".repeat(MAX_TEXT + 1)),
            identity: healing,
            ..obs("bubbly potion")
        })
        .contains("at most 300"));
    }
}
