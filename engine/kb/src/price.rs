//! NetHack 3.6.6 shop price arithmetic (src/shk.c get_cost / set_cost).

use crate::catalogue::PriceKind;
use serde::{Deserialize, Serialize};

/// Highest positive enchantment considered when armor prices leak it.
pub const MAX_PRICED_ENCHANTMENT: u32 = 7;

/// Which way the money goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// A shop label "(for sale, N zorkmids)" / "(unpaid, N zorkmids)": N for the stack.
    Buy,
    /// A shopkeeper's offer "offers N gold pieces for your ...": N for the stack.
    Sell,
}

/// One observed price, as the facts carry it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Quote {
    pub side: Side,
    pub price: u32,
    pub quantity: u32,
    pub charisma: u8,
    pub sucker: bool,
    /// The shopkeeper's stinginess when known (sell quotes); None: either.
    pub stingy: Option<bool>,
}

/// `value * mul / div` with the game's single rounding step `((v*10)/div + 5)/10`.
fn scale(value: u64, mul: u64, div: u64) -> u64 {
    let v = value * mul;
    if div > 1 {
        (v * 10 / div + 5) / 10
    } else {
        v
    }
}

/// Unit price a shopkeeper asks for an object of base price `base`.
/// `sucker`: dunce cap, low-level Tourist or visible shirt; `id_surcharge`: the
/// object's o_id ≡ 0 (mod 4) while its type is unidentified.
pub fn buy_price(base: u32, charisma: u8, sucker: bool, id_surcharge: bool) -> u32 {
    let base = if base == 0 { 5 } else { base as u64 };
    let (mut mul, mut div) = (1u64, 1u64);
    if id_surcharge {
        mul *= 4;
        div *= 3;
    }
    if sucker {
        mul *= 4;
        div *= 3;
    }
    let (cm, cd) = match charisma {
        19.. => (1, 2),
        18 => (2, 3),
        16..=17 => (3, 4),
        11..=15 => (1, 1),
        8..=10 => (4, 3),
        6..=7 => (3, 2),
        _ => (2, 1),
    };
    mul *= cm;
    div *= cd;
    scale(base, mul, div).max(1) as u32
}

/// What a shopkeeper offers for a whole stack of `quantity` unidentified objects.
/// `stingy_shopkeeper`: the shopkeeper's monster id ≡ 0 (mod 4), which cuts
/// offers for unidentified non-gems by a quarter for the whole game.
pub fn sell_offer(base: u32, quantity: u32, sucker: bool, stingy_shopkeeper: bool) -> u32 {
    let total = base as u64 * quantity as u64;
    if total == 0 {
        return 0;
    }
    let (mut mul, mut div) = (1u64, if sucker { 3 } else { 2 });
    if total > 1 && stingy_shopkeeper {
        mul *= 3;
        div *= 4;
    }
    scale(total, mul, div).max(1) as u32
}

/// Base prices an object of listed cost `base` can be priced at in a shop.
pub fn effective_bases(kind: PriceKind, base: u32, side: Side) -> impl Iterator<Item = u32> {
    let (extra, cancelled) = match (kind, side) {
        (PriceKind::Armor, _) => (MAX_PRICED_ENCHANTMENT, false),
        (PriceKind::Wand, Side::Buy) => (0, true),
        _ => (0, false),
    };
    (0..=extra)
        .map(move |e| base + 10 * e)
        .chain(cancelled.then_some(0))
}

/// Whether `quote` can come from an object of listed cost `base`, under any of the
/// hidden states (id surcharge when buying, shopkeeper stinginess when selling).
pub fn quote_fits(quote: &Quote, kind: PriceKind, base: u32) -> bool {
    if quote.quantity == 0 {
        return false;
    }
    effective_bases(kind, base, quote.side).any(|b| match quote.side {
        Side::Buy => [false, true].iter().any(|&sur| {
            buy_price(b, quote.charisma, quote.sucker, sur) as u64 * quote.quantity as u64
                == quote.price as u64
        }),
        Side::Sell => [false, true]
            .iter()
            .filter(|&&stingy| quote.stingy.is_none_or(|known| known == stingy))
            .any(|&stingy| sell_offer(b, quote.quantity, quote.sucker, stingy) == quote.price),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hand-computed: ((B*mul*10)/div + 5)/10.
    #[test]
    fn buy_prices_by_charisma() {
        // base 100: no surcharge / surcharge, not a sucker
        let cases = [
            (5, 200, 267),  // ×2: 200; ×8/3: 2666/10 → 267
            (8, 133, 178),  // ×4/3: 1333→133; ×16/9: 1777→178
            (10, 133, 178), // same band as 8
            (11, 100, 133), // ×1; ×4/3
            (16, 75, 100),  // ×3/4: 750→75; ×4/4 = 100
            (18, 67, 89),   // ×2/3: 666→67; ×8/9: 888→89
            (19, 50, 67),   // ×1/2; ×4/6: 666→67
        ];
        for (cha, plain, surcharged) in cases {
            assert_eq!(buy_price(100, cha, false, false), plain, "cha {cha}");
            assert_eq!(
                buy_price(100, cha, false, true),
                surcharged,
                "cha {cha} sur"
            );
        }
    }

    #[test]
    fn buy_prices_for_suckers() {
        // (cha, base 100 plain, surcharged, base 30 plain, surcharged); sucker ×4/3
        // e.g. Cha 5, base 100, surcharged: 3200×10/9 = 3555, (3555+5)/10 = 356
        //      Cha 18, base 30: 240×10/9 = 266, (266+5)/10 = 27
        let cases = [
            (5, 267, 356, 80, 107),
            (8, 178, 237, 53, 71),
            (10, 178, 237, 53, 71),
            (11, 133, 178, 40, 53),
            (16, 100, 133, 30, 40),
            (18, 89, 119, 27, 36),
            (19, 67, 89, 20, 27),
        ];
        for (cha, p100, s100, p30, s30) in cases {
            assert_eq!(buy_price(100, cha, true, false), p100, "cha {cha}");
            assert_eq!(buy_price(100, cha, true, true), s100, "cha {cha} sur");
            assert_eq!(buy_price(30, cha, true, false), p30, "cha {cha} base 30");
            assert_eq!(buy_price(30, cha, true, true), s30, "cha {cha} base 30 sur");
        }
        assert_eq!(buy_price(50, 8, true, true), 119); // ×64/27: 1185→119
    }

    #[test]
    fn buy_price_edge_cases() {
        assert_eq!(buy_price(0, 11, false, false), 5, "base 0 is sold as 5");
        assert_eq!(buy_price(1, 19, false, false), 1, "minimum 1"); // (5+5)/10 = 1
        assert_eq!(buy_price(3, 19, false, false), 2); // 15+5 → 2
        assert_eq!(buy_price(8, 7, false, false), 12);
    }

    #[test]
    fn sell_offers_in_both_shopkeeper_states() {
        assert_eq!(sell_offer(100, 1, false, false), 50);
        assert_eq!(sell_offer(100, 1, false, true), 38); // 3/8: 375→38
        assert_eq!(sell_offer(100, 1, true, false), 33); // 1/3
        assert_eq!(sell_offer(100, 1, true, true), 25); // 3/12
        assert_eq!(sell_offer(20, 3, false, true), 23); // 60*3/8 = 22.5 → 23
        assert_eq!(sell_offer(1, 1, false, true), 1, "no cut at 1, min 1");
        assert_eq!(sell_offer(0, 1, false, false), 0, "worthless");
    }

    #[test]
    fn quotes_fit_hidden_states_and_enchantment() {
        let buy = |price, quantity, charisma| Quote {
            side: Side::Buy,
            price,
            quantity,
            charisma,
            sucker: false,
            stingy: None,
        };
        assert!(quote_fits(&buy(133, 1, 11), PriceKind::Plain, 100)); // surcharged
        assert!(!quote_fits(&buy(134, 1, 11), PriceKind::Plain, 100));
        assert!(
            quote_fits(&buy(266, 2, 11), PriceKind::Plain, 100),
            "stack total"
        );
        // a +2 helmet (base 10) is priced as base 30
        assert!(quote_fits(&buy(30, 1, 11), PriceKind::Armor, 10));
        assert!(!quote_fits(&buy(30, 1, 11), PriceKind::Plain, 10));
        // a cancelled wand sells as base 5
        assert!(quote_fits(&buy(7, 1, 10), PriceKind::Wand, 500));
        let sell = Quote {
            side: Side::Sell,
            price: 38,
            quantity: 1,
            charisma: 11,
            sucker: false,
            stingy: None,
        };
        assert!(quote_fits(&sell, PriceKind::Plain, 100));
        assert!(!quote_fits(&sell, PriceKind::Plain, 150));
        // 38 is 100 × 3/8: only a stingy shopkeeper offers it
        let generous = Quote {
            stingy: Some(false),
            ..sell
        };
        assert!(!quote_fits(&generous, PriceKind::Plain, 100));
        let stingy = Quote {
            stingy: Some(true),
            ..sell
        };
        assert!(quote_fits(&stingy, PriceKind::Plain, 100));
    }
}
