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
        name: "print",
        doc: "Logs its arguments, tab-separated, at info level (log target nhbot::lua).",
        params: &[param("...", "any", "")],
        returns: &[],
    },
];
