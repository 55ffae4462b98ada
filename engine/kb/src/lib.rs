//! nhbot-kb: item identification for NetHack 3.6.6.
//!
//! Facts (shop prices, names the game gives, engrave tests, weights, what scripts observe) go
//! in, each with its source and reason where it has one; for every appearance the KB answers
//! which identities are still possible, why the others are not (citing those reasons), and
//! which appearances are identified. The rules are Datalog (crepe) in `rules/itemid.rs`; the
//! shop arithmetic is in [`price`]; game text becomes facts through [`parse`] (one line) and
//! [`learn`] (a decision's messages and pack); scripts' facts are checked by [`observation`];
//! facts persist in a [`FactLog`].
//!
//! ```
//! use nhbot_kb::{parse_shop_label, Hero, Kb};
//!
//! let hero = Hero { charisma: 11, sucker: false };
//! let mut kb = Kb::new();
//! for fact in parse_shop_label("a bubbly potion (for sale, 133 zorkmids)", hero).unwrap() {
//!     kb.add(fact);
//! }
//! let answer = kb.candidates("bubbly potion").unwrap();
//! assert_eq!(answer.price_groups, vec![100]); // 133 = 100 × 4/3 (id surcharge)
//! assert!(kb.could_be("bubbly potion", "healing").unwrap());
//! assert!(answer.excluded.iter().any(|(id, why)| id == "booze" && why.contains("133")));
//! ```

pub mod bench;
pub mod catalogue;
pub mod cli;
pub mod effects;
mod eval;
pub mod facts;
pub mod game;
pub mod kb;
pub mod learn;
pub mod observation;
pub mod parse;
pub mod price;
mod rules;
pub mod weights;

pub use catalogue::Catalogue;
pub use effects::{parse_engrave_message, Effect};
pub use facts::{Fact, FactLog, Why};
pub use kb::{Answer, Kb};
pub use learn::{engrave_test_facts, renamed_facts, EngraveTest, Slot, INVENTORY};
pub use observation::{observation_facts, Observation};
pub use price::{buy_price, sell_offer, Quote, Side};
pub use weights::{class_weight, gold_weight, stack_object_weight, ObjectWeight, SQUEEZE_WEIGHT};
#[cfg(test)]
mod kb_tests;
pub use bench::{bench, BenchReport};
pub use cli::{load_fact_file, run_cli, KbArgs};
pub use game::GameKb;
pub use parse::{
    identity_named, parse_discovery_line, parse_engrave_test, parse_item, parse_sell_offer,
    parse_shop_label, Hero, ItemRef, DISCOVERIES, ENGRAVE_TEST,
};
