//! The `act` table of action constructors and the `Action` they build.

use super::*;

pub const DIRECTION: Enum = Enum {
    name: "Direction",
    doc: "A direction for act.*: compass points, up/down (stairs, ladders), here (self). \
          The long names (\"north\", \"southwest\", ...) work too.",
    values: &[
        "n", "s", "e", "w", "ne", "nw", "se", "sw", "up", "down", "here",
    ],
};

pub const ACTION_CLASS: Class = Class {
    name: "Action",
    doc: "An action built by act.*; return it from a leaf to act. Opaque.",
    fields: &[
        field(
            "kind",
            "string",
            "the action's debug form, e.g. \"Move { dir: E }\"",
        ),
        field("reason", "string", "the reason given (\"\" if none)"),
    ],
    methods: &[],
};

pub const PICK_CHOICE: Class = Class {
    name: "PickChoice",
    doc: "Which objects `act.pickup` takes; set one field.",
    fields: &[
        field(
            "name",
            "string|nil",
            "objects whose text contains this (case-insensitive)",
        ),
        field(
            "class",
            "string|nil",
            "object class symbols, e.g. \"?\" for scrolls",
        ),
        field(
            "index",
            "integer|nil",
            "the n-th object (1-based) of the pile as the world lists it",
        ),
    ],
    methods: &[],
};

pub const MODULE: Module = Module {
    name: "act",
    doc: "Action constructors. The last argument is always the reason shown in the \
          decision log.",
    functions: &[
        act(
            "move",
            "Steps one square (or attacks what is there).",
            &[DIR, REASON],
        ),
        act(
            "fight",
            "Attacks in a direction (`F`), even if nothing is seen there.",
            &[DIR, REASON],
        ),
        act("open", "Opens a door.", &[DIR, REASON]),
        act("kick", "Kicks in a direction.", &[DIR, REASON]),
        act(
            "throw",
            "Throws one of the stack `letter` (objects fly over boulders).",
            &[param("letter", "string", "inventory letter"), DIR, REASON],
        ),
        act(
            "search",
            "Searches for hidden things.",
            &[opt("count", "integer", "turns (default 1)"), REASON],
        ),
        act(
            "rest",
            "Rests in place (by searching).",
            &[opt("count", "integer", "turns (default 1)"), REASON],
        ),
        act(
            "eat",
            "Eats from the pack or from the floor.",
            &[
                opt(
                    "letter",
                    "string",
                    "inventory letter; nil eats from the floor",
                ),
                REASON,
            ],
        ),
        act("pray", "Prays (and confirms).", &[REASON]),
        act("descend", "Goes down the stairs or ladder here.", &[REASON]),
        act("ascend", "Goes up the stairs or ladder here.", &[REASON]),
        act("inventory", "Lists the inventory again.", &[REASON]),
        act(
            "engrave",
            "Engraves in the dust with a finger.",
            &[param("text", "string", "at most 200 bytes"), REASON],
        ),
        act(
            "keys",
            "Raw keys; prompts that follow get the engine's default answers.",
            &[param("keys", "string", "at most 200 bytes"), REASON],
        ),
        act(
            "pickup",
            "Picks up objects here, chosen by their text in the game's menu (never by guessed \
             letters). A lone object is taken whatever `what` says.",
            &[
                opt(
                    "what",
                    "string|PickChoice",
                    "a name (matched in the text) or a choice; nil: all",
                ),
                REASON,
            ],
        ),
        act("travel", "Travels (`_`) to a map square.", &[X, Y, REASON]),
        act("farlook", "Looks at a map square (`;`).", &[X, Y, REASON]),
    ],
};
