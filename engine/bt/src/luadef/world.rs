//! The `world` userdata: its enums and classes.

use super::*;

pub const HUNGER: Enum = Enum {
    name: "Hunger",
    doc: "Hunger status; \"not_hungry\" when the status line shows none.",
    values: &[
        "satiated",
        "not_hungry",
        "hungry",
        "weak",
        "fainting",
        "fainted",
    ],
};

pub const ENCUMBRANCE: Enum = Enum {
    name: "Encumbrance",
    doc: "Encumbrance status; \"unencumbered\" when the status line shows none.",
    values: &[
        "unencumbered",
        "burdened",
        "stressed",
        "strained",
        "overtaxed",
        "overloaded",
    ],
};

pub const ALIGNMENT: Enum = Enum {
    name: "Alignment",
    doc: "",
    values: &["lawful", "neutral", "chaotic"],
};

pub const CONDITION: Enum = Enum {
    name: "Condition",
    doc: "A status-line condition.",
    values: nhbot_world::names::CONDITION_NAMES,
};

pub const FEATURE: Enum = Enum {
    name: "Feature",
    doc: "The terrain of a map square as the bot remembers it.",
    values: &[
        "unknown",
        "rock",
        "floor",
        "corridor",
        "wall",
        "doorway",
        "open_door",
        "closed_door",
        "stairs_up",
        "stairs_down",
        "ladder_up",
        "ladder_down",
        "fountain",
        "altar",
        "sink",
        "throne",
        "grave",
        "trap",
        "web",
        "water",
        "lava",
        "ice",
        "tree",
        "iron_bars",
        "boulder",
        "statue",
        "drawbridge_down",
        "drawbridge_up",
        "air",
        "cloud",
    ],
};

pub const INVENTORY_ITEM: Class = Class {
    name: "InventoryItem",
    doc: "An item in the pack, as last listed.",
    fields: &[
        field("letter", "string", "inventory letter, e.g. \"f\""),
        field(
            "text",
            "string",
            "the line as shown, e.g. \"2 food rations\"",
        ),
        field("class", "string", "menu header, e.g. \"Comestibles\""),
    ],
    methods: &[],
};

pub const MONSTER_SEEN: Class = Class {
    name: "MonsterSeen",
    doc: "A monster in view.",
    fields: &[
        field("x", "integer", "column (0..79)"),
        field("y", "integer", "map row (0..20)"),
        field("glyph", "string", "the letter shown, e.g. \"d\""),
        field("color", "integer", "CLR_* colour 0..15"),
        field("name", "string|nil", "from farlook, e.g. \"newt\""),
        field("peaceful", "boolean|nil", "nil until farlook tells"),
        field("tame", "boolean", "our pet"),
        field("hostile", "boolean", "neither our pet nor known peaceful"),
    ],
    methods: &[],
};

pub const WORLD: Class = Class {
    name: "World",
    doc: "Read-only view of the game at this decision (valid during the call only: do not \
          keep it in `state`).",
    fields: &[
        field("hp", "integer", "hit points"),
        field("hp_max", "integer", ""),
        field("pw", "integer", "power (spell energy)"),
        field("pw_max", "integer", ""),
        field("ac", "integer", "armour class"),
        field("xl", "integer", "experience level"),
        field("gold", "integer", ""),
        field("dlvl", "integer", "dungeon level"),
        field("level_name", "string", "\"Dlvl:3\", \"Home 1\", ..."),
        field("turn", "integer", "game turn"),
        field("decisions", "integer", "decisions taken so far"),
        field("x", "integer", "player column (0..79)"),
        field("y", "integer", "player map row (0..20)"),
        field("hunger", "Hunger", ""),
        field("encumbrance", "Encumbrance", ""),
        field("alignment", "Alignment", ""),
        field("conditions", "Condition[]", "status conditions shown"),
        field(
            "messages",
            "string[]",
            "messages shown since the previous decision",
        ),
        field("inventory", "InventoryItem[]", ""),
        field("monsters", "MonsterSeen[]", "monsters in view"),
        field(
            "feature_here",
            "Feature",
            "remembered terrain under the player",
        ),
        field("last_prayer_turn", "integer|nil", "turn of the last prayer"),
    ],
    methods: &[
        Function {
            name: "cell",
            doc: "The glyph at a map position, or nil outside the map.",
            params: &[X, Y],
            returns: &[Return {
                ty: "string|nil",
                doc: "",
            }],
        },
        Function {
            name: "has_condition",
            doc: "Whether the status line shows a condition (case-insensitive).",
            params: &[param("name", "Condition", "e.g. \"blind\"")],
            returns: BOOLEAN,
        },
        Function {
            name: "message_contains",
            doc: "Whether a message shown since the previous decision contains `text`.",
            params: &[param("text", "string", "")],
            returns: BOOLEAN,
        },
    ],
};
