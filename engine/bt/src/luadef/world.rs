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
          and from the game's gain and loss messages; `lycanthropy` is a were-creature's bite \
          (\"You feel feverish.\") until cured (\"You feel purified.\").",
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
        "lycanthropy",
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

pub const THEFT: Class = Class {
    name: "Theft",
    doc: "Something a nymph (or a monkey) stole from us, as the game told it; she keeps it \
          until she dies, and it falls where she dies.",
    fields: &[
        field("turn", "integer", "game turn of the theft"),
        field(
            "thief",
            "string",
            "\"water nymph\", or \"\" when the game said \"She\" or \"It\"",
        ),
        field(
            "item",
            "string",
            "the item as the game named it, e.g. \"a +1 long sword\"",
        ),
        field("gear", "boolean", "our wielded weapon or worn armour"),
        field("here", "boolean", "stolen on the current level"),
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
        field("hp", "integer", "the hero's HP when it was taken"),
        field("turn", "integer", "the game turn when it was taken"),
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
        field(
            "name",
            "string",
            "name or appearance without count and adjectives, e.g. \"oak wand\"",
        ),
        field("count", "integer", "how many in the stack"),
        field(
            "buc",
            "Buc|nil",
            "blessed/uncursed/cursed when the line says; nil: unknown",
        ),
        field(
            "enchantment",
            "integer|nil",
            "e.g. 1 for \"+1 long sword\"; nil: unknown",
        ),
        field(
            "charges",
            "integer|nil",
            "a wand's charges when known, e.g. 4 for \"(0:4)\"",
        ),
        field(
            "worn",
            "boolean",
            "armour being worn, or an accessory put on",
        ),
        field(
            "wielded",
            "boolean",
            "the weapon in hand (or wielded in the other hand)",
        ),
    ],
    methods: &[],
};

pub const BUC: Enum = Enum {
    name: "Buc",
    doc: "An item's curse status as its line shows it.",
    values: &["blessed", "uncursed", "cursed"],
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
        field(
            "hallucinated",
            "boolean",
            "seen hallucinating: its glyph is random, its square real",
        ),
    ],
    methods: &[],
};

// map: the classes the map queries hand out.

pub const POSITION: Class = Class {
    name: "Position",
    doc: "A map square.",
    fields: &[
        field("x", "integer", "column (0..79)"),
        field("y", "integer", "map row (0..20)"),
    ],
    methods: &[],
};

pub const FLOOR_OBJECT: Class = Class {
    name: "FloorObject",
    doc: "An object remembered on the floor. A look (`:`, or stepping on the square) lists the \
          whole pile, top first; a square whose object was never looked at is known by its \
          glyph alone (text nil).",
    fields: &[
        field(
            "text",
            "string|nil",
            "the game's name for it, e.g. \"2 uncursed daggers\"; nil when only seen",
        ),
        field(
            "glyph",
            "string|nil",
            "its map glyph, e.g. \")\"; known for the top object only",
        ),
        field("color", "integer|nil", "CLR_* colour 0..15 of the glyph"),
        field("turn", "integer", "game turn it was listed or seen"),
    ],
    methods: &[],
};

pub const OBJECT_SQUARE: Class = Class {
    name: "ObjectSquare",
    doc: "A square where objects are remembered, with them (`world:objects_near`).",
    fields: &[
        field("x", "integer", "column (0..79)"),
        field("y", "integer", "map row (0..20)"),
        field(
            "objects",
            "FloorObject[]",
            "the objects remembered there, top first (never empty)",
        ),
    ],
    methods: &[],
};

pub const SQUARE: Class = Class {
    name: "Square",
    doc: "What the level memory holds about one square.",
    fields: &[
        field("feature", "Feature", "the remembered terrain"),
        field(
            "glyph",
            "string",
            "what the screen shows there now (\" \" if nothing)",
        ),
        field("color", "integer", "CLR_* colour 0..15 of the glyph"),
        field(
            "room",
            "integer|nil",
            "room id (see World:room_of), nil in corridors and walls",
        ),
        field("shop", "boolean", "a shop's door or inside a shop"),
        field(
            "trap",
            "string|nil",
            "the trap's kind when known, e.g. \"bear trap\"",
        ),
        field(
            "trap_candidates",
            "string[]",
            "kinds the trap may be (its colour's), empty without a trap",
        ),
        field(
            "objects",
            "FloorObject[]",
            "objects remembered here, top first",
        ),
        field(
            "searched",
            "integer",
            "turns of searching done next to it (hidden doors and passages)",
        ),
        field("locked", "boolean", "a door the game said is locked"),
        field("walked", "integer", "decisions taken standing here"),
        field(
            "last_seen",
            "integer|nil",
            "turn it was last seen, nil if never",
        ),
    ],
    methods: &[],
};

pub const SHOP: Class = Class {
    name: "Shop",
    doc: "A shop the hero entered (the keeper's greeting) or saw selling.",
    fields: &[
        field(
            "owner",
            "string|nil",
            "the shopkeeper, e.g. \"Asidonhopo\" (nil: not named)",
        ),
        field("kind", "string|nil", "e.g. \"general store\""),
        field(
            "door_x",
            "integer|nil",
            "its door, where the keeper greeted us",
        ),
        field("door_y", "integer|nil", ""),
    ],
    methods: &[],
};

pub const PATH: Class = Class {
    name: "Path",
    doc: "The way the engine's navigation would walk from the hero (doors opened, traps and \
          peacefuls avoided, hostiles fought through).",
    fields: &[
        field("x", "integer", "where it ends"),
        field("y", "integer", ""),
        field("length", "integer", "squares walked"),
        field(
            "cost",
            "integer",
            "the path finder's cost (doors, traps, fights cost more)",
        ),
        field("first_dir", "Direction", "the first step, for act.move"),
        field(
            "travel",
            "boolean",
            "whether the engine would travel (`_`) rather than step",
        ),
    ],
    methods: &[],
};

const X1: Param = param("x1", "integer", "from");
const Y1: Param = param("y1", "integer", "");
const X2: Param = param("x2", "integer", "to");
const Y2: Param = param("y2", "integer", "");
const FEATURE_PARAM: Param = param("feature", "Feature", "e.g. \"stairs_down\"");

pub const WORLD: Class = Class {
    name: "World",
    doc: "Read-only view of the game at this decision (valid during the call only: do not \
          keep it in `state`). Its tables (`inventory`, `monsters`, `messages`...) are built once \
          per decision and shared by every read of the script in it (`inventory` also by later \
          decisions while the pack is the same): read them, never change them.",
    fields: &[
        field("hp", "integer", "hit points"),
        field("hp_max", "integer", ""),
        field("pw", "integer", "power (spell energy)"),
        field("pw_max", "integer", ""),
        field("ac", "integer", "armour class"),
        field("xl", "integer", "experience level"),
        field(
            "strength",
            "integer",
            "as the game counts it: 18/50 is 68, 18/** 118",
        ),
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
        field(
            "handless",
            "boolean",
            "our form cannot throw (the game refused a throw: no hands)",
        ),
        field("last_prayer_turn", "integer|nil", "turn of the last prayer"),
        field(
            "refused_prayers",
            "integer[]",
            "turns of prayers the god refused (\"... is displeased.\")",
        ),
        field(
            "thefts",
            "Theft[]",
            "what nymphs and monkeys stole from us, oldest first",
        ),
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
        // map
        field(
            "objects_here",
            "FloorObject[]",
            "objects remembered under the hero, top first",
        ),
        field(
            "stairs_down",
            "Position|nil",
            "the nearest known down stairs (or ladder)",
        ),
        field(
            "stairs_up",
            "Position|nil",
            "the nearest known up stairs (or ladder)",
        ),
        // dungeon (luadef/dungeon.rs)
        field("branch", "Branch", "the current level's branch"),
        field(
            "specials",
            "SpecialLevel[]",
            "the special levels the current level is",
        ),
        field(
            "overview_fresh",
            "boolean",
            "the game's overview was read since arriving on this level",
        ),
        // temples (luadef/temple.rs)
        field(
            "watched",
            "boolean",
            "the watch keeps this level (Minetown, or a watchman in view)",
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
            name: "theft_pending",
            doc: "Whether a nymph stole our wielded weapon or worn armour on this level at most \
                  `patience` turns ago and no monster of her kind has died here since (she \
                  still carries it here); with `any_item`, a nymph's theft of anything counts.",
            params: &[
                param("patience", "integer", "turns"),
                opt(
                    "any_item",
                    "boolean",
                    "a nymph's theft of anything counts too (default false)",
                ),
            ],
            returns: BOOLEAN,
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
            doc: "The major trouble a prayer fixes (HP at most 5 or a fifth to a ninth of max by \
                  level, as pray.c's critically_low_hp; Weak from hunger), described, or nil.",
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
        Function {
            name: "on_elbereth",
            doc: "Standing on an Elbereth the game read back to us within 2 turns, with at most \
                  one decision since that neither moved us nor touched the engraving. A blow, zap \
                  or throw from it at a monster that respects it costs 5 alignment and wipes it \
                  (\"You feel like a hypocrite.\").",
            params: &[],
            returns: BOOLEAN,
        },
        // map
        Function {
            name: "terrain",
            doc: "The remembered terrain of a square (nil outside the map). \
                  `if world:terrain(x, y) == \"closed_door\" then ... end`",
            params: &[X, Y],
            returns: &[Return {
                ty: "Feature|nil",
                doc: "",
            }],
        },
        Function {
            name: "square",
            doc: "Everything remembered about a square (nil outside the map). \
                  `local sq = world:square(x, y); if sq.trap then ... end`",
            params: &[X, Y],
            returns: &[Return {
                ty: "Square|nil",
                doc: "",
            }],
        },
        Function {
            name: "objects",
            doc: "The objects remembered on a square, top first: the whole pile once a look \
                  listed it. `for _, o in ipairs(world:objects(x, y)) do ... o.text ... end`",
            params: &[X, Y],
            returns: &[Return {
                ty: "FloorObject[]",
                doc: "",
            }],
        },
        Function {
            name: "objects_near",
            doc: "The squares within `reach` squares (Chebyshev) of a square where objects are \
                  remembered, in reading order (row by row, left to right), each with its \
                  objects: one call instead of `world:objects` on every square around. \
                  `for _, sq in ipairs(world:objects_near(world.x, world.y, 8)) do ... end`",
            params: &[
                X,
                Y,
                param("reach", "integer", "squares from (x, y) in every direction"),
            ],
            returns: &[Return {
                ty: "ObjectSquare[]",
                doc: "",
            }],
        },
        Function {
            name: "room_of",
            doc: "The id of the room a square is in: floor and what stands on it, bounded by \
                  walls and doors; a door belongs to the one room it opens into. Ids stay with \
                  their room as more of it is seen. \
                  `world:room_of(m.x, m.y) == world:room_of(world.x, world.y)`",
            params: &[X, Y],
            returns: &[Return {
                ty: "integer|nil",
                doc: "nil in corridors, walls, unknown squares",
            }],
        },
        Function {
            name: "in_shop",
            doc: "Whether a square is a shop's door or inside a shop (known from the keeper's \
                  greeting at the door, or objects for sale). \
                  `if world:in_shop(x, y) then return false end -- never throw into a shop`",
            params: &[X, Y],
            returns: BOOLEAN,
        },
        Function {
            name: "shop",
            doc: "The shop a square belongs to, with its keeper and kind. \
                  `local s = world:shop(world.x, world.y); if s then ... s.kind ... end`",
            params: &[X, Y],
            returns: &[Return {
                ty: "Shop|nil",
                doc: "",
            }],
        },
        Function {
            name: "line_clear",
            doc: "Whether an object thrown from (x1, y1) reaches (x2, y2): the squares are on \
                  one row, column or diagonal and nothing strictly between stops a missile \
                  (walls, rock, unknown squares, closed doors, trees, iron bars, sinks; boulders, \
                  water and open doors do not). Monsters and range are not considered. \
                  `world:line_clear(world.x, world.y, m.x, m.y)`",
            params: &[X1, Y1, X2, Y2],
            returns: BOOLEAN,
        },
        Function {
            name: "fire_dir",
            doc:
                "The direction to throw from the hero at a square: nil unless the line is \
                  clear, no monster in view stands between (it would be hit first) and the \
                  square is within `range` (a dagger flies about Str/2 squares). \
                  `local d = world:fire_dir(m.x, m.y, 8); if d then return act.throw(\"b\", d) end`",
            params: &[X, Y, opt("range", "integer", "squares; no limit if nil")],
            returns: &[Return {
                ty: "Direction|nil",
                doc: "",
            }],
        },
        Function {
            name: "can_see",
            doc: "NetHack's line of sight (vision.c `clear_path`) over the remembered terrain: \
                  nothing between blocks light (walls, rock, unknown squares, closed doors, \
                  boulders, trees). Lighting is not considered. \
                  `world:can_see(m.x, m.y, world.x, world.y)`",
            params: &[X1, Y1, X2, Y2],
            returns: BOOLEAN,
        },
        Function {
            name: "path",
            doc: "The engine's path from the hero to a square, or nil when none is known. \
                  `local p = world:path(x, y); if p then return act.move(p.first_dir) end`",
            params: &[X, Y],
            returns: &[Return {
                ty: "Path|nil",
                doc: "",
            }],
        },
        Function {
            name: "path_length",
            doc: "Squares to walk from the hero to a square, or nil when unreachable. \
                  `(world:path_length(x, y) or math.huge) < 10`",
            params: &[X, Y],
            returns: &[Return {
                ty: "integer|nil",
                doc: "",
            }],
        },
        Function {
            name: "distance",
            doc: "Moves from the hero to a square on an open floor (the larger of the column \
                  and row differences). `world:distance(m.x, m.y) <= 1` (adjacent)",
            params: &[X, Y],
            returns: &[Return {
                ty: "integer",
                doc: "",
            }],
        },
        Function {
            name: "find",
            doc: "Every square of the level with this terrain. \
                  `for _, p in ipairs(world:find(\"fountain\")) do ... end`",
            params: &[FEATURE_PARAM],
            returns: &[Return {
                ty: "Position[]",
                doc: "",
            }],
        },
        Function {
            name: "nearest",
            doc: "The path to the nearest reachable square with this terrain. \
                  `local p = world:nearest(\"altar\"); if p then ... p.x, p.y ... end`",
            params: &[FEATURE_PARAM],
            returns: &[Return {
                ty: "Path|nil",
                doc: "",
            }],
        },
        Function {
            name: "frontier",
            doc: "Known squares one can stand on that touch never-seen squares and were never \
                  stood on: where exploring goes next. `#world:frontier() == 0` (explored)",
            params: &[],
            returns: &[Return {
                ty: "Position[]",
                doc: "",
            }],
        },
        Function {
            name: "dead_end",
            doc: "Whether a square is a corridor with a single way out (a hidden passage may \
                  go on). `world:dead_end(world.x, world.y)`",
            params: &[X, Y],
            returns: BOOLEAN,
        },
        // dungeon
        super::dungeon::LEVELS,
        super::dungeon::SPECIAL,
        super::dungeon::ROUTE_TO,
        // temples
        super::temple::TEMPLE_METHOD,
        super::temple::ALTARS,
        // the way on
        super::blocker::BLOCKER_METHOD,
    ],
};
