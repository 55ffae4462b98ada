//! The item catalogue: every object whose appearance must be identified,
//! grouped in shuffle pools (data/objects/catalogue.yaml, embedded at build time).

use anyhow::{bail, Context, Result};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

const EMBEDDED: &str = include_str!("../../../data/objects/catalogue.yaml");

/// Index of an appearance in [`Catalogue::appearances`].
pub type AppId = u16;
/// Index of an identity (object type) in [`Catalogue::objects`].
pub type ObjId = u16;

/// How shop prices treat an object beyond its base price.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PriceKind {
    /// Armor: +10 zm per point of (possibly unknown) positive enchantment.
    Armor,
    /// Wand: a cancelled wand has base 0 (bought at the price of base 5).
    Wand,
    Plain,
}

#[derive(Clone, Debug)]
pub struct ObjectInfo {
    pub name: String,
    pub class: String,
    pub base_price: u32,
    pub weight: u32,
    pub probability: u32,
    /// The unshuffled appearance listed in objects.c.
    pub default_appearance: String,
    pub pool: usize,
    pub price_kind: PriceKind,
}

#[derive(Clone, Debug)]
pub struct AppearanceInfo {
    /// The appearance word(s) as in objects.c, e.g. "bubbly".
    pub raw: String,
    /// How the game prints it when unidentified, e.g. "bubbly potion"; the KB key.
    pub shown: String,
    pub pool: usize,
}

#[derive(Clone, Debug)]
pub struct Pool {
    pub id: String,
    pub class: String,
    /// Shuffled per game (false: one fixed appearance shared by its identities).
    pub shuffled: bool,
    pub appearances: Vec<AppId>,
    pub objects: Vec<ObjId>,
}

impl Pool {
    /// Every appearance is used exactly once per game (no spare labels).
    pub fn is_bijective(&self) -> bool {
        self.shuffled && self.appearances.len() == self.objects.len()
    }
}

#[derive(Debug)]
pub struct Catalogue {
    pub pools: Vec<Pool>,
    pub objects: Vec<ObjectInfo>,
    pub appearances: Vec<AppearanceInfo>,
    by_shown: HashMap<String, AppId>,
}

#[derive(Deserialize)]
struct FilePool {
    id: String,
    class: String,
    shuffled: bool,
    shown_as: String,
    appearances: Vec<String>,
    objects: Vec<FileObject>,
}

#[derive(Deserialize)]
struct FileObject {
    name: String,
    base_price: u32,
    weight: u32,
    probability: u32,
    appearance: String,
}

#[derive(Deserialize)]
struct FileCatalogue {
    pools: Vec<FilePool>,
}

impl Catalogue {
    /// The catalogue compiled into the crate.
    pub fn embedded() -> &'static Catalogue {
        static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
        CATALOGUE.get_or_init(|| {
            // The embedded file is checked by the test suite, so failing here is a build bug.
            Catalogue::parse(EMBEDDED).expect("embedded data/objects/catalogue.yaml is invalid")
        })
    }

    pub fn parse(yaml: &str) -> Result<Catalogue> {
        let file: FileCatalogue = serde_yaml::from_str(yaml).context("parsing item catalogue")?;
        let mut cat = Catalogue {
            pools: Vec::new(),
            objects: Vec::new(),
            appearances: Vec::new(),
            by_shown: HashMap::new(),
        };
        for (pool_index, fp) in file.pools.into_iter().enumerate() {
            let mut pool = Pool {
                id: fp.id.clone(),
                class: fp.class.clone(),
                shuffled: fp.shuffled,
                appearances: Vec::new(),
                objects: Vec::new(),
            };
            for raw in fp.appearances {
                let shown = fp.shown_as.replace("{}", &raw);
                let id = AppId::try_from(cat.appearances.len()).context("too many appearances")?;
                if cat.by_shown.insert(shown.clone(), id).is_some() {
                    bail!("appearance {shown:?} listed twice");
                }
                cat.appearances.push(AppearanceInfo {
                    raw,
                    shown,
                    pool: pool_index,
                });
                pool.appearances.push(id);
            }
            let price_kind = if fp.class.starts_with("armor") {
                PriceKind::Armor
            } else if fp.class == "wand" {
                PriceKind::Wand
            } else {
                PriceKind::Plain
            };
            for fo in fp.objects {
                let id = ObjId::try_from(cat.objects.len()).context("too many objects")?;
                cat.objects.push(ObjectInfo {
                    name: fo.name,
                    class: fp.class.clone(),
                    base_price: fo.base_price,
                    weight: fo.weight,
                    probability: fo.probability,
                    default_appearance: fo.appearance,
                    pool: pool_index,
                    price_kind,
                });
                pool.objects.push(id);
            }
            if pool.objects.is_empty() || pool.appearances.is_empty() {
                bail!("pool {} has no objects or no appearances", pool.id);
            }
            cat.pools.push(pool);
        }
        Ok(cat)
    }

    /// Looks up an appearance by the name the game shows, e.g. "bubbly potion".
    pub fn appearance(&self, shown: &str) -> Option<AppId> {
        self.by_shown.get(shown).copied()
    }

    pub fn appearance_info(&self, app: AppId) -> &AppearanceInfo {
        &self.appearances[app as usize]
    }

    pub fn object(&self, id: ObjId) -> &ObjectInfo {
        &self.objects[id as usize]
    }

    pub fn pool_of(&self, app: AppId) -> &Pool {
        &self.pools[self.appearances[app as usize].pool]
    }

    /// Finds the identity called `name` among the identities `app` could be.
    pub fn identity_in_pool(&self, app: AppId, name: &str) -> Option<ObjId> {
        self.pool_of(app)
            .objects
            .iter()
            .copied()
            .find(|&id| self.objects[id as usize].name.eq_ignore_ascii_case(name))
    }

    /// The identity of `app`'s pool a name gives, as the catalogue ("digging") or the game
    /// ("wand of digging", "potions of healing", "amulet of ESP") writes it.
    pub fn resolve_identity(&self, app: AppId, name: &str) -> Option<ObjId> {
        let name = name.trim();
        let word = self.pool_of(app).class.split('/').next().unwrap_or("");
        let short = strip_prefix_ci(name, word)
            .and_then(|r| r.strip_prefix("s of ").or_else(|| r.strip_prefix(" of ")));
        [Some(name), short]
            .into_iter()
            .flatten()
            .find_map(|n| self.identity_in_pool(app, n))
    }
}

/// `s` without `prefix`, compared ignoring ASCII case ("A dagger" less "a ").
pub(crate) fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn embedded_catalogue_loads_with_known_pools() {
        let cat = Catalogue::embedded();
        let potion = cat.appearance("bubbly potion").expect("bubbly potion");
        assert_eq!(cat.pool_of(potion).objects.len(), 25);
        assert!(cat.pool_of(potion).is_bijective());
        let scroll = cat.appearance("scroll labeled KIRJE").expect("KIRJE");
        assert!(!cat.pool_of(scroll).is_bijective());
        let hat = cat.appearance("conical hat").expect("conical hat");
        assert_eq!(cat.pool_of(hat).objects.len(), 2);
        assert_eq!(
            cat.identity_in_pool(potion, "healing")
                .map(|i| cat.object(i).base_price),
            Some(100)
        );
        let wand = cat.appearance("tin wand").expect("tin wand");
        let name = |app, n: &str| {
            cat.resolve_identity(app, n)
                .map(|i| cat.object(i).name.as_str())
        };
        assert_eq!(name(wand, "wand of digging"), Some("digging"));
        assert_eq!(name(wand, "digging"), Some("digging"));
        assert_eq!(name(wand, "wands of fire"), Some("fire"));
        assert_eq!(name(wand, "potion of healing"), None);
        assert_eq!(name(potion, "Potions of healing"), Some("healing"));
        let amulet = cat.appearance("oval amulet").expect("oval amulet");
        assert_eq!(name(amulet, "amulet of ESP"), Some("amulet of ESP"));
        let helmet = cat.appearance("plumed helmet").expect("plumed helmet");
        assert_eq!(
            name(helmet, "helm of brilliance"),
            Some("helm of brilliance")
        );
    }

    /// Compares every object and pool with the shared 3.6.6 reference, if present.
    #[test]
    fn catalogue_matches_reference() {
        let repo_root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let path = repo_root.join("../shared/reference/objects-3.6.6.yaml");
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("note: {} missing, reference check skipped", path.display());
            return;
        };
        let reference: serde_yaml::Value = serde_yaml::from_str(&text).expect("reference yaml");
        let cat = Catalogue::embedded();
        let objects = reference["objects"].as_sequence().expect("objects list");
        assert_eq!(objects.len(), cat.objects.len(), "object count");
        for r in objects {
            let name = r["name"].as_str().expect("name");
            let class = r["class"].as_str().expect("class");
            let ours = cat
                .objects
                .iter()
                .find(|o| o.name == name && o.class == class)
                .unwrap_or_else(|| panic!("{class} {name} missing from catalogue"));
            let num = |k: &str| r[k].as_u64().expect(k) as u32;
            assert_eq!(ours.base_price, num("base_price"), "{name} price");
            assert_eq!(ours.weight, num("weight"), "{name} weight");
            assert_eq!(ours.probability, num("probability"), "{name} probability");
            assert_eq!(ours.default_appearance, r["appearance"].as_str().unwrap());
            let pool = &cat.pools[ours.pool];
            match r["pool"].as_str().expect("pool") {
                "fixed" => assert!(!pool.shuffled, "{name} should be fixed"),
                id => assert_eq!(pool.id, id, "{name} pool"),
            }
        }
        let pools = reference["pools"].as_mapping().expect("pools");
        for (id, rp) in pools {
            let id = id.as_str().expect("pool id");
            let ours = cat.pools.iter().find(|p| p.id == id).expect("pool present");
            let raws: Vec<&str> = ours
                .appearances
                .iter()
                .map(|&a| cat.appearance_info(a).raw.as_str())
                .collect();
            let want: Vec<&str> = rp["appearances"]
                .as_sequence()
                .expect("appearances")
                .iter()
                .map(|v| v.as_str().expect("appearance"))
                .collect();
            assert_eq!(raws, want, "pool {id} appearances");
            assert_eq!(ours.objects.len() as u64, rp["n_items"].as_u64().unwrap());
        }
    }
}
