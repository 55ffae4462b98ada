//! Global functions and the leaf alias.

use super::*;

pub const LEAF: Alias = Alias {
    name: "Leaf",
    doc: "What a leaf script returns (or names with `function:`): called with the world, \
      the node's own state table, which survives between decisions and reloads, and the \
      node's tree path (as in decisions.log and `world.last_decision.path`). Return an \
      act.* action to act this decision, true/false to answer as a condition, nil to fail.",
    ty: "fun(world: World, state: table, path: string): Action|boolean|nil",
};

pub const FUNCTIONS: &[Function] = &[
    Function {
        name: "require",
        doc: "Loads scripts/<name>.lua (dots are folders) once per reload.",
        params: &[param("name", "string", "")],
        returns: &[Return { ty: "any", doc: "" }],
    },
    Function {
        name: "log",
        doc: "Writes its arguments (through tostring, space-separated) as one line into the \
              game's decisions.log, as `T<turn> LOG <decision> <leaf path>: <text>`, and to \
              the log target nhbot::lua (info level). At most 20 lines and 2048 bytes per \
              leaf call, log and print together: a longer line is cut, further lines are \
              dropped with one line saying so.",
        params: &[param("...", "any", "")],
        returns: &[],
    },
    Function {
        name: "print",
        doc: "As `log`, with its arguments tab-separated.",
        params: &[param("...", "any", "")],
        returns: &[],
    },
];

/// What the blackboard stores and gives back.
const BOARD_DATA: &str = "boolean|number|string|table";

pub const BLACKBOARD: Module = Module {
    name: "blackboard",
    doc: "Plain data shared by the Lua leaves of one tree (every script of the tree sees \
          the same board), for the whole game and across hot reloads. Each script runs in \
          a Lua state of its own, so values are copied: `set` stores a copy, `get` returns \
          a fresh one. Values are strings (UTF-8), numbers, booleans and tables of them \
          (keys all strings, or 1..n for a list; no cycles; at most 32 deep); functions \
          and userdata are refused with an error. The board holds at most 1024 KiB (8 \
          bytes per number, boolean or table, plus the length of each string and key). \
          There while a leaf runs, not while a script loads. Rust leaves see it as the \
          `LuaBoard` entry of the tree's blackboard.",
    functions: &[
        Function {
            name: "get",
            doc: "A copy of the value stored under `key` (change it, then `set` it, to \
                  store the change), or nil.",
            params: &[param("key", "string", "")],
            returns: &[Return {
                ty: "boolean|number|string|table|nil",
                doc: "",
            }],
        },
        Function {
            name: "set",
            doc: "Stores a copy of `value` under `key`; nil removes the key. An error when \
                  the value is not plain data or the board would pass its size.",
            params: &[param("key", "string", ""), opt("value", BOARD_DATA, "")],
            returns: &[],
        },
        Function {
            name: "keys",
            doc: "The keys in use, sorted.",
            params: &[],
            returns: &[Return {
                ty: "string[]",
                doc: "",
            }],
        },
    ],
};

pub const PHASE: Class = Class {
    name: "Phase",
    doc: "A phase a plan follows now (see the `plan` node).",
    fields: &[
        field("name", "string", "the phase's name in the tree"),
        field("goal", "string", "its goal, as written in the tree"),
        field(
            "plan",
            "string",
            "the tree path of the plan that follows it",
        ),
        field("since", "integer", "the game turn it became active"),
    ],
    methods: &[],
};

const TURN_OR_NIL: &[Return] = &[Return {
    ty: "integer|nil",
    doc: "",
}];

pub const PLAN: Module = Module {
    name: "plan",
    doc: "What the tree's `plan` nodes follow and remember this game, as of this leaf call \
          (a phase a plan picks during a decision is seen by the leaves ticked after it). \
          Phases are named in the tree; a name is unique there.",
    functions: &[
        Function {
            name: "phase",
            doc: "The phase being followed (the innermost one when plans nest), or nil when \
                  no plan follows one.",
            params: &[],
            returns: &[Return {
                ty: "Phase|nil",
                doc: "",
            }],
        },
        Function {
            name: "reached",
            doc: "The game turn phase `name` first became active, or nil.",
            params: &[param("name", "string", "")],
            returns: TURN_OR_NIL,
        },
        Function {
            name: "completed",
            doc: "The game turn phase `name` was completed (its `done` held), or nil.",
            params: &[param("name", "string", "")],
            returns: TURN_OR_NIL,
        },
    ],
};
