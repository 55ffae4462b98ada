//! The monster on the only way on (the `World` method is listed in `world.rs`).

use super::*;

pub const BLOCKER: Class = Class {
    name: "Blocker",
    doc: "A monster the paths never enter (a floating eye: a blow at it paralyses; a \
          peaceful) standing on the only known way to the unexplored squares and down stairs \
          of the level.",
    fields: &[
        field("monster", "MonsterSeen", "the monster in the way"),
        field("goal_x", "integer", "the square the way leads to: column"),
        field("goal_y", "integer", "and map row"),
        field(
            "goal_kind",
            "string",
            "\"down stairs\" or \"the unexplored\"",
        ),
        field(
            "steps",
            "integer",
            "squares from the hero to the goal through the monster",
        ),
    ],
    methods: &[],
};

/// `World:blocker()` (listed in `world::WORLD`).
pub const BLOCKER_METHOD: Function = Function {
    name: "blocker",
    doc: "The monster on the only way to every unexplored square and down stairs of the level, \
          or nil when one of them is reachable around it. \
          `local b = world:blocker(); if b and not b.monster.peaceful then ... end`",
    params: &[],
    returns: &[Return {
        ty: "Blocker|nil",
        doc: "",
    }],
};
