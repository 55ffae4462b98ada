//! How long `buy_food` keeps at one shop without a purchase. In the b28 bench (seeds 1..200)
//! `buy_food` and `explore` undid each other's step 3,778 times in 33 games: a hostile in the
//! shop seen from its door vetoed the walk there, out of sight it came back (seed 43: 212
//! walks to a delicatessen past a lichen, 34 gold, nothing bought), or its leave step fought
//! `explore`'s search inside the shop (seed 197: 214 decisions at Upernavik's door). Each
//! square's own budget (path + 20) ran out, then the next square's. Every turn so spent is
//! nutrition: a shop that has taken `patience` decisions since its last sale is given up.

use nhbot_world::{Pos, World};
use std::collections::{HashMap, HashSet};

/// A shop: the level's index and the shop's door, else a square inside it.
pub(crate) type ShopKey = (usize, Pos);

/// The shop of `pos` on this level, if any.
pub(crate) fn shop_key(w: &World, pos: Pos) -> Option<ShopKey> {
    let level = w.dungeon.current?;
    let shop = w.level()?.shop_at(pos)?;
    Some((level, shop.door.or(shop.inside)?))
}

/// Decisions spent per shop since its last sale, and the shops given up.
#[derive(Debug, Default)]
pub(crate) struct ShopPatience {
    spent: HashMap<ShopKey, u32>,
    given_up: HashSet<ShopKey>,
}

impl ShopPatience {
    /// Whether `shop` was given up.
    pub fn given_up(&self, shop: Option<ShopKey>) -> bool {
        shop.is_some_and(|k| self.given_up.contains(&k))
    }

    /// Counts one decision spent on `shop`; false (and the shop given up) once more than
    /// `patience` were spent since its last sale. `patience` 0: no limit.
    pub fn spend(&mut self, shop: Option<ShopKey>, patience: u32) -> bool {
        let Some(k) = shop else { return true };
        if patience == 0 {
            return true;
        }
        if self.given_up.contains(&k) {
            return false;
        }
        let spent = self.spent.entry(k).or_insert(0);
        *spent += 1;
        if *spent > patience {
            self.given_up.insert(k);
            return false;
        }
        true
    }

    /// Gives `shop` up at once (its keeper would not take our payment).
    pub fn give_up(&mut self, shop: Option<ShopKey>) {
        if let Some(k) = shop {
            self.given_up.insert(k);
        }
    }

    /// A sale at `shop`: its count starts again.
    pub fn sold(&mut self, shop: Option<ShopKey>) {
        if let Some(k) = shop {
            self.spent.remove(&k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHOP: Option<ShopKey> = Some((0, Pos { x: 70, y: 17 }));
    const OTHER: Option<ShopKey> = Some((1, Pos { x: 70, y: 17 }));

    #[test]
    fn a_shop_is_given_up_after_patience_decisions_without_a_sale() {
        let mut p = ShopPatience::default();
        for _ in 0..3 {
            assert!(p.spend(SHOP, 3));
        }
        assert!(!p.given_up(SHOP));
        assert!(!p.spend(SHOP, 3), "the fourth decision is one too many");
        assert!(p.given_up(SHOP));
        assert!(!p.spend(SHOP, 3), "given up for good");
        assert!(
            p.spend(OTHER, 3),
            "another level's shop keeps its own count"
        );
    }

    #[test]
    fn a_sale_starts_the_count_again() {
        let mut p = ShopPatience::default();
        for _ in 0..3 {
            assert!(p.spend(SHOP, 3));
        }
        p.sold(SHOP);
        for _ in 0..3 {
            assert!(p.spend(SHOP, 3));
        }
        assert!(!p.given_up(SHOP));
    }

    #[test]
    fn patience_zero_never_gives_up_and_no_shop_is_never_counted() {
        let mut p = ShopPatience::default();
        for _ in 0..1000 {
            assert!(p.spend(SHOP, 0));
            assert!(p.spend(None, 1));
        }
        assert!(!p.given_up(SHOP) && !p.given_up(None));
    }
}
