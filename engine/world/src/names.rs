//! The lower-case names trees and Lua use for status values (`hungry`, `conf`).

use nhbot_screen::{Condition, Hunger};

/// A hunger status as trees and Lua name it.
pub fn hunger_name(h: Hunger) -> &'static str {
    match h {
        Hunger::Satiated => "satiated",
        Hunger::NotHungry => "not_hungry",
        Hunger::Hungry => "hungry",
        Hunger::Weak => "weak",
        Hunger::Fainting => "fainting",
        Hunger::Fainted => "fainted",
    }
}

/// Every status condition's name, in the status line's order.
pub const CONDITION_NAMES: &[&str] = &[
    "stone",
    "slime",
    "strangled",
    "foodpois",
    "ill",
    "blind",
    "deaf",
    "stun",
    "conf",
    "hallu",
    "lev",
    "fly",
    "ride",
];

/// A status condition as trees and Lua name it (the status line's word, lower case).
pub fn condition_name(c: Condition) -> &'static str {
    match c {
        Condition::Stone => "stone",
        Condition::Slime => "slime",
        Condition::Strangled => "strangled",
        Condition::FoodPois => "foodpois",
        Condition::Ill => "ill",
        Condition::Blind => "blind",
        Condition::Deaf => "deaf",
        Condition::Stun => "stun",
        Condition::Conf => "conf",
        Condition::Hallu => "hallu",
        Condition::Lev => "lev",
        Condition::Fly => "fly",
        Condition::Ride => "ride",
    }
}
