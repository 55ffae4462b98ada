//! The Datalog program (rules/itemid.rs) and the Rust types and helpers it calls.

use crate::catalogue::{AppId, Catalogue, ObjId, ObjectInfo};
use crate::effects::Effect;
use crate::price::{quote_fits, Quote};

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

fn object(id: ObjId) -> &'static ObjectInfo {
    &Catalogue::embedded().objects[id as usize]
}

fn price_fits(quote: &Quote, id: ObjId) -> bool {
    let obj = object(id);
    quote_fits(quote, obj.price_kind, obj.base_price)
}

fn outcome_fits(effect: Effect, id: ObjId) -> bool {
    let obj = object(id);
    effect.allows(&obj.class, &obj.name)
}

fn weight_fits(weight: u32, id: ObjId) -> bool {
    object(id).weight == weight
}

/// Multiply-rotate hasher (as in rustc's FxHash): the relations hold small
/// integers, for which SipHash costs more than the joins.
#[derive(Default, Clone, Copy)]
pub struct FastHasher(u64);

impl std::hash::Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(i as u64);
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

pub type FastState = std::hash::BuildHasherDefault<FastHasher>;

// Both programs live in rules/; their modules see the items above via `use super::*`.
use crepe::crepe;
include!("../../../rules/itemid.rs");
