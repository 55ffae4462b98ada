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

// hero, history, monsters

pub const INTRINSIC: Enum = Enum {
    name: "Intrinsic",
    doc: "An intrinsic, learnt from the welcome message (the role's and race's starting ones) \
          and from the game's gain and loss messages.",
    values: &[
        "fire_resistance",
        "cold_resistance",
        "sleep_resistance",
        "shock_resistance",
        "poison_resistance",
        "disintegration_resistance",
        "telepathy",
        "teleportitis",
        "teleport_control",
        "speed",
        "stealth",
        "see_invisible",
        "searching",
        "warning",
        "infravision",
        "invisibility",
    ],
};

pub const SAID: Class = Class {
    name: "Said",
    doc: "A message of the history, oldest first.",
    fields: &[
        field("turn", "integer", "game turn it was shown"),
        field(
            "decision",
            "integer",
            "decisions taken when it was shown (it followed that decision)",
        ),
        field("text", "string", ""),
    ],
    methods: &[],
};

pub const LAST_DECISION: Class = Class {
    name: "LastDecision",
    doc: "The decision carried out last and the leaf that took it: compare `path` with the \
          third argument of your leaf function to tell whether it was yours.",
    fields: &[
        field(
            "path",
            "string",
            "tree path of the acting leaf, e.g. \"root/feed/eat\"",
        ),
        field("reason", "string", "its reason"),
        field(
            "action",
            "string",
            "the action, e.g. \"move W\", \"search 5\"",
        ),
        field(
            "decision",
            "integer",
            "its number (world.decisions when it was taken)",
        ),
    ],
    methods: &[],
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
    doc: "A monster in view, or remembered out of view.",
    fields: &[
        field("x", "integer", "column (0..79)"),
        field("y", "integer", "map row (0..20)"),
        field("glyph", "string", "the letter shown, e.g. \"d\""),
        field("color", "integer", "CLR_* colour 0..15"),
        field("name", "string|nil", "from farlook, e.g. \"newt\""),
        field("peaceful", "boolean|nil", "nil until farlook tells"),
        field("tame", "boolean", "our pet"),
        field("hostile", "boolean", "neither our pet nor known peaceful"),
        // hero, history, monsters
        field("first_seen", "integer", "turn this monster came into view"),
        field("last_seen", "integer", "turn it was last in view"),
        field(
            "statue",
            "boolean",
            "suspected statue: the level remembers one on its square",
        ),
        field(
            "mimic",
            "boolean",
            "suspected mimic: drawn `m`, unmasked (\"Wait!\"), or an object just before",
        ),
        field(
            "remembered",
            "boolean",
            "not in view now: where it was last seen",
        ),
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
        // hero, history, monsters
        field(
            "intrinsics",
            "Intrinsic[]",
            "intrinsics the hero is believed to have",
        ),
        field(
            "turns_since_prayer",
            "integer|nil",
            "turns since the last prayer began; nil if none",
        ),
        field(
            "prayer_timeout_estimate",
            "integer",
            "high guess: 300 at first, 1000 after a prayer, -1 a turn",
        ),
        field(
            "last_decision",
            "LastDecision|nil",
            "the previous decision; nil before the first",
        ),
        field("pet", "MonsterSeen|nil", "our pet, in view or remembered"),
        field(
            "remembered_monsters",
            "MonsterSeen[]",
            "this level's monsters out of view, where last seen",
        ),
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
        // hero, history, monsters
        Function {
            name: "history",
            doc: "The last `n` messages (up to 500 are kept), oldest first.",
            params: &[param("n", "integer", "")],
            returns: &[Return {
                ty: "Said[]",
                doc: "",
            }],
        },
        Function {
            name: "said_since",
            doc: "Whether a message containing `text` was shown at or after `turn`.",
            params: &[param("turn", "integer", ""), param("text", "string", "")],
            returns: BOOLEAN,
        },
        Function {
            name: "message_turn",
            doc: "The turn of the latest message containing `text`, or nil.",
            params: &[param("text", "string", "")],
            returns: &[Return {
                ty: "integer|nil",
                doc: "",
            }],
        },
        Function {
            name: "has_intrinsic",
            doc: "Whether the hero is believed to have this intrinsic.",
            params: &[param("name", "Intrinsic", "e.g. \"cold_resistance\"")],
            returns: BOOLEAN,
        },
        Function {
            name: "prayer_trouble",
            doc: "The major trouble a prayer fixes (HP at most 5 or a seventh of max, Weak from \
                  hunger), described, or nil.",
            params: &[],
            returns: &[Return {
                ty: "string|nil",
                doc: "",
            }],
        },
        Function {
            name: "can_pray_safely",
            doc: "In major trouble and the timeout estimate below 100 (the `should_pray` node's \
                  defaults wait for it to reach 0).",
            params: &[],
            returns: BOOLEAN,
        },
    ],
};
