//! The dungeon as the player knows it: branches, special levels, levels and routes across them
//! (the `World` methods are in `world.rs`).

use super::*;

pub const BRANCH: Enum = Enum {
    name: "Branch",
    doc: "A dungeon branch; \"unknown\" while a level's branch is not told yet.",
    values: &nhbot_world::dungeon::facts::BRANCH_NAMES,
};

pub const SPECIAL_LEVEL: Enum = Enum {
    name: "SpecialLevel",
    doc: "A special level the bot recognises (from the game's overview or the screen).",
    values: &[
        "oracle",
        "sokoban_entrance",
        "bigroom",
        "rogue",
        "quest_portal",
        "quest_home",
        "fort_ludios",
        "medusa",
        "castle",
        "valley",
        "sanctum",
        "minetown",
        "mines_end",
    ],
};

pub const LEVEL_INFO: Class = Class {
    name: "LevelInfo",
    doc: "A level known to the bot, with what the game's overview (`act.overview`) and the \
          screen told of it. Counts are the overview's: 1, 2 (\"some\") or 3 (\"many\").",
    fields: &[
        field("branch", "Branch", ""),
        field("depth", "integer", "its Dlvl"),
        field("current", "boolean", "the hero is on it"),
        field("specials", "SpecialLevel[]", "the special levels it is"),
        field("shops", "integer", ""),
        field(
            "shop_kind",
            "string|nil",
            "e.g. \"general store\", when it has one shop",
        ),
        field("temples", "integer", ""),
        field("altars", "integer", ""),
        field("fountains", "integer", ""),
        field("sinks", "integer", ""),
        field("thrones", "integer", ""),
        field("graves", "integer", ""),
        field(
            "branch_to",
            "Branch|nil",
            "the branch its branch stairs or portal lead to, once taken",
        ),
        field("in_overview", "boolean", "listed by the game's overview"),
    ],
    methods: &[],
};

pub const LEG: Class = Class {
    name: "Leg",
    doc: "One leg of a route across levels: on level (branch, depth), take the stairs at \
          (x, y).",
    fields: &[
        field("branch", "Branch", "the level the stairs are on"),
        field("depth", "integer", ""),
        field("x", "integer", "the stairs"),
        field("y", "integer", ""),
        field("up", "boolean", "up stairs (act.ascend) rather than down"),
        field("to_branch", "Branch", "where they lead"),
        field("to_depth", "integer", ""),
        field(
            "sure",
            "boolean",
            "taken before, or leading there with no doubt (false: one of a fork's two)",
        ),
    ],
    methods: &[],
};

/// The `World` methods of the dungeon (listed in `world::WORLD`).
pub const LEVELS: Function = Function {
    name: "levels",
    doc: "Every level known, in the order first seen. \
          `for _, l in ipairs(world:levels()) do if l.temples > 0 then ... end end`",
    params: &[],
    returns: &[Return {
        ty: "LevelInfo[]",
        doc: "",
    }],
};

pub const SPECIAL: Function = Function {
    name: "special_level",
    doc: "The level known to be a special level, or nil. \
          `local o = world:special_level(\"oracle\"); if o then ... o.depth ... end`",
    params: &[param("name", "SpecialLevel", "e.g. \"minetown\"")],
    returns: &[Return {
        ty: "LevelInfo|nil",
        doc: "",
    }],
};

pub const ROUTE_TO: Function = Function {
    name: "route_to",
    doc: "The stairs to take, level by level, from here to (branch, depth) over the stairs \
          taken before and the stairs seen; empty when here, nil when none lead there. \
          `local r = world:route_to(\"dungeons\", 9); if r and #r > 0 then ... r[1].x ... end`",
    params: &[
        param("branch", "Branch", ""),
        opt(
            "depth",
            "integer",
            "nil: the branch's entry level (the Mines' top, Sokoban's first)",
        ),
    ],
    returns: &[Return {
        ty: "Leg[]|nil",
        doc: "",
    }],
};
