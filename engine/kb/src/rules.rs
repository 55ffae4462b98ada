//! The Datalog program (rules/itemid.rs) and the Rust types and helpers it calls.

use crate::catalogue::{AppId, ObjId, ObjectInfo, PriceKind};
use crate::effects::Effect;
use crate::price::{quote_fits, Quote};
use crepe::crepe;

/// Stand-in identity for a name that is not in the appearance's pool.
pub const NO_OBJ: ObjId = ObjId::MAX;

/// Why an identity was ruled out for an appearance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cause {
    /// The input fact with this index (into the KB's fact list).
    Fact(u32),
    /// The identity is known to belong to this other appearance.
    TakenBy(AppId),
}

/// What the rules need to know about an identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Traits {
    pub name: &'static str,
    pub class: &'static str,
    pub base: u32,
    pub weight: u32,
    pub kind: PriceKind,
}

impl Traits {
    pub fn of(obj: &'static ObjectInfo) -> Traits {
        Traits {
            name: &obj.name,
            class: &obj.class,
            base: obj.base_price,
            weight: obj.weight,
            kind: obj.price_kind,
        }
    }
}

fn price_fits(quote: &Quote, traits: &Traits) -> bool {
    quote_fits(quote, traits.kind, traits.base)
}

include!("../../../rules/itemid.rs");
