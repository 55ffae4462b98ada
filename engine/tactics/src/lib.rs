//! nhbot-tactics: staying alive. The 3.6.6 monster table (data/monsters/monsters.txt, embedded),
//! threat assessment, safe food, prayer timing, Elbereth, retreat and a fight-or-flee look-ahead.
//!
//! Everything reads a [`nhbot_world::World`] and answers with an [`nhbot_world::Action`] and a
//! reason, or nothing; the tree's survival nodes (nhbot-tree `builtins_survival.rs`) wrap these.
//! Steps that need to know what lies or is written here first emit a look (`:`, no game time)
//! and decide at the next decision from the look's messages, so they keep no state of their own.

pub mod duel_sim;
pub mod elbereth;
pub mod food;
pub mod look;
pub mod lookahead;
pub mod missiles;
pub mod monsters;
pub mod peaceful;
pub mod prayer;
pub mod retreat;
#[cfg(test)]
mod seen;
pub mod steps;
pub mod threat;

pub use lookahead::{Choice, Duel};
pub use monsters::{Attack, Dice, MonsterInfo};
pub use prayer::PrayerRules;
pub use threat::{threats, Threat};
