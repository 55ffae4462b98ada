//! Node specs: every node type's kind, typed parameters, defaults and docs. Validation, the JSON
//! Schema and the Markdown catalogue are all generated from the specs of a [`crate::NodeRegistry`]
//! (the engine's [`CONTROL_NODES`] plus the leaves registered into it), so they cannot drift apart.

use nhbot_world::Action;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// Has a `children` list.
    Composite,
    /// Wraps child node(s) given as parameters.
    Decorator,
    /// A leaf that answers success/failure at once and never acts.
    Condition,
    /// A leaf that emits one game action (or fails).
    Action,
    /// Stands for nodes defined elsewhere (another tree file, a Lua script).
    Reference,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamType {
    Number {
        min: f64,
        max: f64,
    },
    Integer {
        min: i64,
        max: i64,
    },
    /// Any text but the empty one.
    Text,
    Choice(&'static [&'static str]),
    /// `true` or `false`.
    Flag,
    /// One child node.
    Node,
    /// A list of child nodes.
    Nodes,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Requirement {
    Required,
    Optional,
    /// Default value, written as it would be in YAML.
    Default(&'static str),
}

#[derive(Clone, Copy, Debug)]
pub struct ParamSpec {
    pub name: &'static str,
    pub ty: ParamType,
    pub req: Requirement,
    pub doc: &'static str,
}

/// A parameter value after validation.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamValue {
    Number(f64),
    Integer(i64),
    Text(String),
    Flag(bool),
}

/// Validated scalar parameters of one node, in manifest order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Params(pub Vec<(&'static str, ParamValue)>);

impl Params {
    fn get(&self, name: &str) -> Option<&ParamValue> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }
    pub fn number(&self, name: &str) -> f64 {
        match self.get(name) {
            Some(ParamValue::Number(n)) => *n,
            Some(ParamValue::Integer(i)) => *i as f64,
            _ => 0.0,
        }
    }
    pub fn integer(&self, name: &str) -> i64 {
        match self.get(name) {
            Some(ParamValue::Integer(i)) => *i,
            Some(ParamValue::Number(n)) => *n as i64,
            _ => 0,
        }
    }
    /// A `Flag` parameter (false when absent).
    pub fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Some(ParamValue::Flag(true)))
    }
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(ParamValue::Text(t)) => Some(t),
            _ => None,
        }
    }
}

/// What a leaf answers for one tick.
#[derive(Clone, Debug, PartialEq)]
pub enum LeafOutcome {
    Success,
    Failure,
    /// Emit this action (the tick ends); the string is the leaf's reason.
    Act(Action, String),
}

#[derive(Clone, Copy, Debug)]
pub struct NodeSpec {
    pub name: &'static str,
    pub kind: NodeKind,
    pub doc: &'static str,
    pub params: &'static [ParamSpec],
    /// The parameter a scalar body fills: `search: 5`, `subtree: fight`.
    pub shorthand: Option<&'static str>,
}

pub const fn p(
    name: &'static str,
    ty: ParamType,
    req: Requirement,
    doc: &'static str,
) -> ParamSpec {
    ParamSpec { name, ty, req, doc }
}

use ParamType::*;
use Requirement::*;

const CHILDREN: ParamSpec = p("children", Nodes, Required, "Child nodes, ticked in order.");
const CHILD: ParamSpec = p("child", Node, Required, "The decorated node.");
const fn composite(name: &'static str, doc: &'static str) -> NodeSpec {
    NodeSpec {
        name,
        kind: NodeKind::Composite,
        doc,
        params: &[CHILDREN],
        shorthand: Some("children"),
    }
}

/// The engine's own nodes: composites, decorators and references. Leaves come from a
/// [`crate::NodeRegistry`] into which a domain crate registers them.
pub static CONTROL_NODES: &[NodeSpec] = &[
    composite(
        "priority",
        "Reactive selector, the normal choice: every tick it re-evaluates its children from the first \
         and runs the first one that does not fail. A lower child that was running is dropped when a \
         higher one succeeds or acts.",
    ),
    composite(
        "sequence",
        "Sequence with memory: runs children in order; a child that succeeded is not re-checked on \
         later ticks until the whole sequence ends (success, failure) or is pre-empted by a higher branch.",
    ),
    composite(
        "selector",
        "Selector with memory: tries children in order until one succeeds; a child that failed is not \
         retried on later ticks until the selector ends or is pre-empted.",
    ),
    composite(
        "reactive_sequence",
        "Sequence without memory: every tick all children are re-checked from the first; fails as soon \
         as one fails (use it for guard conditions in front of a multi-turn action).",
    ),
    NodeSpec {
        name: "invert",
        kind: NodeKind::Decorator,
        doc: "Success becomes failure and failure success; running stays running.",
        params: &[CHILD],
        shorthand: Some("child"),
    },
    NodeSpec {
        name: "always_succeed",
        kind: NodeKind::Decorator,
        doc: "Failure becomes success; running stays running.",
        params: &[CHILD],
        shorthand: Some("child"),
    },
    NodeSpec {
        name: "cooldown",
        kind: NodeKind::Decorator,
        doc: "The child may start at most once per `turns` game turns (World.turn); fails while cooling \
              down. A start is the child's first action; a child that keeps acting on consecutive \
              decisions is one start.",
        params: &[p("turns", Integer { min: 1, max: 1_000_000 }, Required, "Game turns between two starts."), CHILD],
        shorthand: None,
    },
    NodeSpec {
        name: "limit",
        kind: NodeKind::Decorator,
        doc: "The child may start at most `times` times in the whole game (counted like cooldown starts); \
              fails afterwards.",
        params: &[p("times", Integer { min: 1, max: 1_000_000 }, Required, "Maximum number of starts."), CHILD],
        shorthand: None,
    },
    NodeSpec {
        name: "repeat_until",
        kind: NodeKind::Decorator,
        doc: "Runs `do` again and again (one action per decision) until `until` succeeds, then succeeds; \
              fails if `do` fails. `until` is checked before every run.",
        params: &[
            p("until", Node, Required, "Condition that ends the loop."),
            p("do", Node, Required, "The node repeated."),
        ],
        shorthand: None,
    },
    NodeSpec {
        name: "plan",
        kind: NodeKind::Composite,
        doc: "A game plan: an ordered list of `phase` nodes (and only those). At every tick the \
              active phase is the first one, in order, that is not skipped, not completed, whose \
              `done` does not hold (a `done` that holds marks the phase completed, for the rest \
              of the game) and whose `when` holds. The plan runs that phase's `do` and answers \
              what it answers; with no active phase it fails. The active phase's name and goal \
              are in every decision's reason chain until the plan chooses another (decisions \
              taken above the plan, pre-empting it, carry the phase it last chose). Completed \
              and reached phases are remembered by phase name: a reload keeps them, so phases \
              can be reordered, skipped or added while the bot plays.",
        params: &[p("phases", Nodes, Required, "The phases, in order of preference.")],
        shorthand: Some("phases"),
    },
    NodeSpec {
        name: "phase",
        kind: NodeKind::Decorator,
        doc: "One phase of a `plan` (only there). `name` is required and unique in the tree: it \
              is the phase's identity in reason chains, in the plan's memory across reloads and \
              in results. `when` and `done` are ordinary conditions (leaves or subtrees).",
        params: &[
            p("goal", Text, Required, "What the phase is for, in words: shown with the phase name in reason chains (`[sokoban: solve the four levels]`)."),
            p("skip", Flag, Default("false"), "Leave the phase out (not yet working, or not wanted this game): the plan passes over it."),
            p("when", Node, Optional, "Entry condition: the phase can be active only while it holds. Absent: always."),
            p("done", Node, Optional, "Goal reached: once it holds, the phase is completed for the rest of the game. Absent: never."),
            p("do", Node, Required, "What the bot does while the phase is active."),
        ],
        shorthand: None,
    },
    NodeSpec {
        name: "subtree",
        kind: NodeKind::Reference,
        doc: "The tree of another file in the trees directory (`subtree: fight` is trees/fight.yaml). \
              Include cycles are rejected.",
        params: &[p("file", Text, Required, "Tree name: file stem relative to the trees directory.")],
        shorthand: Some("file"),
    },
    NodeSpec {
        name: "lua",
        kind: NodeKind::Reference,
        doc: "A Lua leaf: `lua: scripts/eat.lua`. The script returns a function (or a table of them, or \
              defines globals; pick one with `function`). Called as `f(world, state, path)` (`path`: its own tree path), it returns an \
              action (`act.*`), `true`/`false` (a condition) or nil (failure).",
        params: &[
            p("file", Text, Required, "Script path, relative to the scripts directory (a leading `scripts/` is allowed)."),
            p("function", Text, Optional, "Name of the function to call: a field of the returned table, or a global of the script."),
        ],
        shorthand: Some("file"),
    },
];

/// Node types whose `name` is required: a phase's name is its identity in the plan's progress,
/// in reason chains and in results.
pub const NAMED_NODES: &[&str] = &["phase"];

/// Keys every node body map may carry besides its parameters.
pub const COMMON_KEYS: &[&str] = &["name"];
