//! Temples, altars and their priests; keeping the peace (the `World` methods are listed in
//! `world.rs`).

use super::*;

pub const ALTAR_ALIGNMENT: Enum = Enum {
    name: "AltarAlignment",
    doc: "An altar's alignment as the game names it (\"unaligned\": Moloch's).",
    values: &["lawful", "neutral", "chaotic", "unaligned"],
};

pub const ALTAR: Class = Class {
    name: "Altar",
    doc: "An altar of the current level, with what the game told of it: a look (\"There is an \
          altar to Odin (neutral) here.\"), a farlook (`act.farlook`: \"(neutral altar)\"), or \
          its temple priest's god.",
    fields: &[
        field("x", "integer", "column (0..79)"),
        field("y", "integer", "map row (0..20)"),
        field(
            "alignment",
            "AltarAlignment|nil",
            "nil until a look, farlook or its priest tells",
        ),
        field("god", "string|nil", "the god a look named, e.g. \"Odin\""),
        field(
            "coaligned",
            "boolean|nil",
            "the hero's alignment (nil: not known)",
        ),
    ],
    methods: &[],
};

pub const TEMPLE: Class = Class {
    name: "Temple",
    doc: "A temple of the current level: known by its priest's greeting (\"Pilgrim, you enter \
          a sacred place!\") or by a priest farlooked in a room (\"peaceful priestess of \
          Odin\").",
    fields: &[
        field(
            "room",
            "integer|nil",
            "its room id (see World:room_of); nil while unseen",
        ),
        field("altar", "Altar|nil", "its altar, once seen"),
        field(
            "priest",
            "MonsterSeen|nil",
            "its priest, in view or remembered (`remembered`)",
        ),
        field(
            "sacred",
            "boolean|nil",
            "the greeting said \"sacred\" (true) or \"desecrated\" (false)",
        ),
        field(
            "coaligned",
            "boolean|nil",
            "the altar is the hero's alignment (nil: unknown)",
        ),
        field("inside", "boolean", "the hero is in it (or on its door)"),
    ],
    methods: &[],
};

/// The `World` methods of temples (listed in `world::WORLD`).
pub const TEMPLE_METHOD: Function = Function {
    name: "temple",
    doc: "The temple of the current level the hero is in, else the nearest known, or nil. \
          `local t = world:temple(); if t and t.priest and t.priest.peaceful then ... end`",
    params: &[],
    returns: &[Return {
        ty: "Temple|nil",
        doc: "",
    }],
};

pub const ALTARS: Function = Function {
    name: "altars",
    doc: "Every altar of the current level seen, with what is known of it. \
          `for _, a in ipairs(world:altars()) do if a.coaligned then ... end end`",
    params: &[],
    returns: &[Return {
        ty: "Altar[]",
        doc: "",
    }],
};
