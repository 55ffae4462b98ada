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

/// An item argument: an inventory letter (validated: one ASCII letter).
const LETTER: Param = param("letter", "string", "inventory letter");

pub const MODULE: Module = Module {
    name: "act",
    doc: "Action constructors. The last argument is always the reason shown in the \
          decision log (pass nil for an optional argument before it). Item letters are \
          inventory letters, one of a-z or A-Z (`$` for gold where a command takes it, `-` \
          for bare hands or fingers); anything else is an error. Each action answers the \
          questions its command asks.",
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
        act(
            "fight_peaceful",
            "Attacks a peaceful monster in a direction (`F`, answering yes to \"Really \
             attack?\"): alignment -1 for the blow, -5 and maybe luck -1 for the kill.",
            &[DIR, REASON],
        ),
        act("open", "Opens a door.", &[DIR, REASON]),
        act("kick", "Kicks in a direction.", &[DIR, REASON]),
        act(
            "throw",
            "Throws one of the stack `letter` (objects fly over boulders).",
            &[
                param("letter", "string", "inventory letter, or `$` (gold)"),
                DIR,
                REASON,
            ],
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
            "overview",
            "Reads the game's dungeon overview (`^O`, no game time) into the level graph.",
            &[REASON],
        ),
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
        act(
            "look",
            "Looks at what is here (`:`): the objects (\"Things that are here:\" and one line \
             each, or \"You see here ...\") and any engraving come as messages; \
             `act.pickup{index=}` counts in this list.",
            &[REASON],
        ),
        act(
            "engrave_with",
            "Engraves with an item: a wand (the engrave test: its message says what it is), \
             a dagger or a hard gem; an engraving here is not added to.",
            &[
                param("letter", "string", "inventory letter; `-`: fingers"),
                param("text", "string", "at most 200 bytes"),
                REASON,
            ],
        ),
        act(
            "zap",
            "Zaps a wand (`z`); the direction answers the wand that asks for one.",
            &[LETTER, DIR, REASON],
        ),
        act(
            "quaff",
            "Drinks (`q`) a potion from the pack, or from the fountain or sink here.",
            &[
                opt(
                    "letter",
                    "string",
                    "inventory letter; nil: from the fountain or sink",
                ),
                REASON,
            ],
        ),
        act(
            "read",
            "Reads (`r`) a scroll or spellbook; identify picks the first item it offers.",
            &[LETTER, REASON],
        ),
        act("wear", "Wears (`W`) a piece of armour.", &[LETTER, REASON]),
        act(
            "take_off",
            "Takes off (`T`) a piece of armour.",
            &[LETTER, REASON],
        ),
        act(
            "wield",
            "Wields (`w`) a weapon or tool.",
            &[
                opt(
                    "letter",
                    "string",
                    "inventory letter; nil or `-`: bare hands",
                ),
                REASON,
            ],
        ),
        act(
            "put_on",
            "Puts on (`P`) a ring (the right hand when both are free), an amulet or a \
             blindfold.",
            &[LETTER, REASON],
        ),
        act(
            "remove",
            "Removes (`R`) a ring, an amulet or a blindfold.",
            &[LETTER, REASON],
        ),
        act(
            "apply",
            "Applies (`a`) a tool; `dir` answers a direction question (a pick-axe digs that \
             way, `down` digs down).",
            &[
                LETTER,
                opt("dir", "Direction", "when the tool asks"),
                REASON,
            ],
        ),
        act(
            "fire",
            "Fires (`f`) the quivered stack, or the stack `letter` (readied with `Q` first).",
            &[
                DIR,
                opt("letter", "string", "inventory letter; nil: the quiver"),
                REASON,
            ],
        ),
        act(
            "quiver",
            "Readies (`Q`) a stack in the quiver (of the wielded stack, all but one).",
            &[LETTER, REASON],
        ),
        act(
            "drop",
            "Drops (`d`) a stack, or `count` of it.",
            &[
                param("letter", "string", "inventory letter, or `$` (gold)"),
                opt("count", "integer", "how many (at least 1); nil: all"),
                REASON,
            ],
        ),
        act(
            "enhance",
            "Advances (`#enhance`) the first skill the game offers; nothing when none can be.",
            &[REASON],
        ),
        act(
            "offer",
            "Sacrifices (`#offer`) on the altar here the corpse here, or the pack item.",
            &[
                opt("letter", "string", "inventory letter; nil: the corpse here"),
                REASON,
            ],
        ),
        act(
            "chat",
            "Talks (`#chat`) to the monster in a direction. A temple priest asks a hero with \
             gold \"How much will you offer?\": this answers nothing (no gift, and a co-aligned \
             priest's god minds); see `act.donate`.",
            &[DIR, REASON],
        ),
        act(
            "donate",
            "Talks (`#chat`) to a temple priest in a direction and offers `amount` gold when \
             asked \"How much will you offer?\": from 400 x XL to below 600 x XL buys \
             protection (AC -2..-4 the first time, -1 later), \"Thy devotion has been \
             rewarded.\"; less is \"Cheapskate.\" or a thank-you.",
            &[
                DIR,
                param("amount", "integer", "gold pieces, at least 1"),
                REASON,
            ],
        ),
    ],
};
