//! nhbot-skills: every NetHack leaf, registered into the generic engine (nhbot-bt) by
//! [`registry`]. Adding a NetHack behaviour touches this crate (plus a tree file).
//!
//! - Conditions and simple actions (`builtins`), exploration (`explore`), keeping out of the
//!   Gnomish Mines while too weak for them (`mines`).
//! - Staying alive: the 3.6.6 monster table (data/monsters/monsters.txt, embedded), threat
//!   assessment, safe food, prayer timing, Elbereth, retreat and a fight-or-flee look-ahead
//!   (`threat`, `food`, `prayer`, `elbereth`, `retreat`, `lookahead`, `steps`), lines of fire
//!   and attackers we cannot see (`ranged`), monsters that zap wands at us (`zapper`), resting until healed (`heal`) and the prayer when
//!   death is at hand (`desperate`), wrapped as leaves in `survival`.
//! - Sokoban play over the nhbot-sokoban solver (`sokoban`), and the plan's Sokoban phase:
//!   its entry, its end and the trips in and out (`sokoban_phase`); the Mines' End phase's
//!   entry and end (`mines_end`).
//!
//! The step functions read a [`nhbot_world::World`] and answer with an
//! [`nhbot_world::Action`] and a reason, or nothing. What they remember of their own doings
//! (the last look asked for, attacks the game refused) is the blackboard's [`Recall`]; a leaf's
//! own memory (the Sokoban node's plans) is its state. Steps that need to know what lies or is
//! written here first emit a look (`:`, no game time) and decide at the next decision from the
//! look's messages.

pub mod alignment;
pub mod bench;
pub mod builtins;
mod camp;
pub mod desperate;
pub mod duel_sim;
pub mod elbereth;
pub mod elbereth_first;
pub mod elbereth_fresh;
pub mod elbereth_hold;
pub mod elbereth_refusal;
pub mod elbereth_weigh;
pub mod engulf;
pub mod explore;
mod eye_strike;
mod first_blow;
pub mod foe_gate;
pub mod food;
pub mod gaze;
pub mod goto;
pub mod hallucination;
pub mod heal;
pub mod history_scan;
mod hunt;
pub mod ignorers;
pub mod look;
pub mod lookahead;
pub mod lure;
pub mod lure_scare;
pub mod mines;
pub mod mines_end;
pub mod missiles;
pub mod monsters;
mod nodes;
mod overload;
pub mod peaceful;
pub mod pet_guard;
pub mod poison_blow;
pub mod prayer;
pub mod ranged;
mod recall;
pub mod resisted;
pub mod retreat;
#[cfg(test)]
mod seen;
mod shed_gear;
mod sidestep;
pub mod signs;
pub mod sokoban;
pub mod sokoban_phase;
pub mod spare;
pub mod squeeze;
mod standoff;
pub mod steps;
pub mod survival;
pub mod thief;
pub mod threat;
pub mod unseen;
pub mod upstairs;
pub mod vault;
pub mod zapper;
pub mod zappers;

pub use lookahead::{Choice, Duel};
pub use monsters::{Attack, Dice, MonsterInfo};
pub use nodes::{register, registry, CONDITIONS, HUNGER_LEVELS, RACES};
pub use prayer::PrayerRules;
pub use recall::Recall;
pub use threat::{threats, Threat};
