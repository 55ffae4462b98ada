//! The one node manifest: every node type with its kind, typed parameters, defaults and docs.
//! Validation, the JSON Schema and the Markdown catalogue are all generated from `NODES`, so they
//! cannot drift apart. To add a built-in leaf: write its function in `builtins.rs` and add one entry.

use crate::builtins;
use crate::builtins_sokoban as sokoban;
use crate::builtins_survival as survival;
use nhbot_world::{Action, World};

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
    Text,
    Choice(&'static [&'static str]),
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

pub type LeafFn = fn(&Params, &World) -> LeafOutcome;

#[derive(Clone, Copy, Debug)]
pub struct NodeSpec {
    pub name: &'static str,
    pub kind: NodeKind,
    pub doc: &'static str,
    pub params: &'static [ParamSpec],
    /// The parameter a scalar body fills: `search: 5`, `subtree: fight`.
    pub shorthand: Option<&'static str>,
    /// The Rust code of a built-in leaf.
    pub run: Option<LeafFn>,
}

const fn p(name: &'static str, ty: ParamType, req: Requirement, doc: &'static str) -> ParamSpec {
    ParamSpec { name, ty, req, doc }
}

use ParamType::*;
use Requirement::*;

const PRAYER: [ParamSpec; 2] = [
    p(
        "first_turn",
        Integer {
            min: 0,
            max: 100_000,
        },
        Default("300"),
        "No prayer before this turn.",
    ),
    p(
        "gap",
        Integer {
            min: 0,
            max: 100_000,
        },
        Default("1000"),
        "Turns between two prayers.",
    ),
];
const CHILDREN: ParamSpec = p("children", Nodes, Required, "Child nodes, ticked in order.");
const CHILD: ParamSpec = p("child", Node, Required, "The decorated node.");
const COUNT: ParamSpec = p(
    "count",
    Integer { min: 1, max: 65535 },
    Default("1"),
    "Number of turns.",
);
/// Player races, for the cannibalism rule.
pub const RACES: &[&str] = &["human", "elf", "dwarf", "gnome", "orc"];
pub const HUNGER_LEVELS: &[&str] = &["hungry", "weak", "fainting"];
pub const CONDITIONS: &[&str] = &[
    "stone",
    "slime",
    "strangled",
    "foodpois",
    "ill",
    "blind",
    "deaf",
    "stun",
    "conf",
    "hallu",
    "lev",
    "fly",
    "ride",
];

const fn composite(name: &'static str, doc: &'static str) -> NodeSpec {
    NodeSpec {
        name,
        kind: NodeKind::Composite,
        doc,
        params: &[CHILDREN],
        shorthand: Some("children"),
        run: None,
    }
}

const fn leaf(
    name: &'static str,
    kind: NodeKind,
    doc: &'static str,
    params: &'static [ParamSpec],
    shorthand: Option<&'static str>,
    run: LeafFn,
) -> NodeSpec {
    NodeSpec {
        name,
        kind,
        doc,
        params,
        shorthand,
        run: Some(run),
    }
}

use NodeKind::{Action as Act, Condition as Cond};

pub static NODES: &[NodeSpec] = &[
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
        run: None,
    },
    NodeSpec {
        name: "always_succeed",
        kind: NodeKind::Decorator,
        doc: "Failure becomes success; running stays running.",
        params: &[CHILD],
        shorthand: Some("child"),
        run: None,
    },
    NodeSpec {
        name: "cooldown",
        kind: NodeKind::Decorator,
        doc: "The child may start at most once per `turns` game turns (World.turn); fails while cooling \
              down. A start is the child's first action; a child that keeps acting on consecutive \
              decisions is one start.",
        params: &[p("turns", Integer { min: 1, max: 1_000_000 }, Required, "Game turns between two starts."), CHILD],
        shorthand: None,
        run: None,
    },
    NodeSpec {
        name: "limit",
        kind: NodeKind::Decorator,
        doc: "The child may start at most `times` times in the whole game (counted like cooldown starts); \
              fails afterwards.",
        params: &[p("times", Integer { min: 1, max: 1_000_000 }, Required, "Maximum number of starts."), CHILD],
        shorthand: None,
        run: None,
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
        run: None,
    },
    NodeSpec {
        name: "subtree",
        kind: NodeKind::Reference,
        doc: "The tree of another file in the trees directory (`subtree: fight` is trees/fight.yaml). \
              Include cycles are rejected.",
        params: &[p("file", Text, Required, "Tree name: file stem relative to the trees directory.")],
        shorthand: Some("file"),
        run: None,
    },
    NodeSpec {
        name: "lua",
        kind: NodeKind::Reference,
        doc: "A Lua leaf: `lua: scripts/eat.lua`. The script returns a function (or a table of them, or \
              defines globals; pick one with `function`). Called as `f(world, state)`, it returns an \
              action (`act.*`), `true`/`false` (a condition) or nil (failure).",
        params: &[
            p("file", Text, Required, "Script path, relative to the scripts directory (a leading `scripts/` is allowed)."),
            p("function", Text, Optional, "Name of the function to call: a field of the returned table, or a global of the script."),
        ],
        shorthand: Some("file"),
        run: None,
    },
    leaf(
        "hp_below",
        Cond,
        "HP is below `fraction` of max HP.",
        &[p("fraction", Number { min: 0.0, max: 1.0 }, Default("0.5"), "Fraction of maximum HP, 0..1.")],
        Some("fraction"),
        builtins::hp_below,
    ),
    leaf(
        "hunger_at_least",
        Cond,
        "Hunger status is at least `level` (hungry < weak < fainting).",
        &[p("level", Choice(HUNGER_LEVELS), Default("hungry"), "Minimum hunger level.")],
        Some("level"),
        builtins::hunger_at_least,
    ),
    leaf(
        "has_condition",
        Cond,
        "The status line shows this condition.",
        &[p("name", Choice(CONDITIONS), Required, "Status condition as the status line shows it (lower case).")],
        Some("name"),
        builtins::has_condition,
    ),
    leaf(
        "message_contains",
        Cond,
        "A message shown since the previous decision contains `text` (case-sensitive).",
        &[p("text", Text, Required, "Text to look for.")],
        Some("text"),
        builtins::message_contains,
    ),
    leaf(
        "turn_below",
        Cond,
        "The game turn counter is below `turn`.",
        &[p("turn", Integer { min: 0, max: i64::MAX }, Required, "Game turn.")],
        Some("turn"),
        builtins::turn_below,
    ),
    leaf(
        "dlvl_at_least",
        Cond,
        "The dungeon level (Dlvl) is at least `n`.",
        &[p("n", Integer { min: 0, max: 100 }, Required, "Dungeon level.")],
        Some("n"),
        builtins::dlvl_at_least,
    ),
    leaf(
        "hostile_adjacent",
        Cond,
        "A monster next to us is neither our pet nor known to be peaceful (World.monsters).",
        &[],
        None,
        builtins::hostile_adjacent,
    ),
    leaf(
        "can_pray",
        Cond,
        "No prayer is known within the last `turns` turns (World.last_prayer_turn).",
        &[p("turns", Integer { min: 0, max: 100_000 }, Default("1000"), "Prayer timeout to respect.")],
        Some("turns"),
        builtins::can_pray,
    ),
    leaf("search", Act, "Search `count` turns (`<count>s`).", &[COUNT], Some("count"), builtins::search),
    leaf("rest", Act, "Rest `count` turns.", &[COUNT], Some("count"), builtins::rest),
    leaf("eat", Act, "Eat (`e`); the engine answers the item prompt.", &[], None, builtins::eat),
    leaf("pray", Act, "Pray (`#pray`), confirming.", &[], None, builtins::pray),
    leaf(
        "engrave",
        Act,
        "Engrave `text` in the dust with fingers.",
        &[p("text", Text, Default("Elbereth"), "Text to engrave.")],
        Some("text"),
        builtins::engrave,
    ),
    leaf(
        "wander",
        Act,
        "Step to a random walkable neighbour (floor, corridor, doorway, stairs, objects) seen on the map; \
         deterministic for a given World. Fails when no neighbour is walkable.",
        &[],
        None,
        builtins::wander,
    ),
    leaf(
        "fight_adjacent",
        Act,
        "Attack (`F` + direction) an adjacent monster that is neither our pet nor known peaceful; \
         fails when there is none.",
        &[],
        None,
        builtins::fight_adjacent,
    ),
    leaf(
        "explore",
        Act,
        "One step of the world model's exploration (nearest unexplored spot, doors, search spots); \
         fails when the level is done or unknown.",
        &[],
        None,
        builtins::explore,
    ),
    leaf(
        "descend_if_on_stairs",
        Act,
        "Go down (`>`) when standing on down stairs (the map or a message says so); fails otherwise.",
        &[],
        None,
        builtins::descend_if_on_stairs,
    ),
    // Survival (nhbot-tactics; builtins_survival.rs).
    leaf(
        "threatened",
        Cond,
        "A hostile (neither pet nor known peaceful) is within `radius` squares.",
        &[p("radius", Integer { min: 1, max: 80 }, Default("2"), "Chebyshev distance.")],
        Some("radius"),
        survival::threatened,
    ),
    leaf(
        "should_pray",
        Cond,
        "In major trouble (HP <= 5 or <= 1/7 of max, or Weak from hunger) and the prayer timeout is believed safe.",
        &PRAYER,
        None,
        survival::should_pray,
    ),
    leaf(
        "pray_if_in_trouble",
        Act,
        "Pray when `should_pray` holds; fails otherwise.",
        &PRAYER,
        None,
        survival::pray_if_in_trouble,
    ),
    leaf(
        "fight_best",
        Act,
        "Attack the most dangerous adjacent hostile that is safe to melee (never a floating eye, never a \
         cockatrice bare-handed, never a gas spore at low HP, never from a verified Elbereth).",
        &[],
        None,
        survival::fight_best,
    ),
    leaf(
        "fight_or_flee",
        Act,
        "With hostiles adjacent: fight, flee or engrave Elbereth by a `depth`-turn expectimax over the \
         foes' damage dice; fails when nothing is adjacent.",
        &[p("depth", Integer { min: 1, max: 8 }, Default("4"), "Turns to look ahead.")],
        Some("depth"),
        survival::fight_or_flee,
    ),
    leaf(
        "elbereth_rest",
        Act,
        "Below `below` of max HP with threats near that all respect Elbereth: look (`:`), engrave \
         Elbereth in the dust, read it back, re-engrave if misspelled, rest on it up to `until`.",
        &[
            p("below", Number { min: 0.0, max: 1.0 }, Default("0.4"), "HP fraction that starts engraving."),
            p("until", Number { min: 0.0, max: 1.0 }, Default("0.9"), "HP fraction up to which we rest on it."),
        ],
        None,
        survival::elbereth_rest,
    ),
    leaf(
        "retreat_if_losing",
        Act,
        "Step away from adjacent hostiles (toward corridors, doorways and the up stairs; up the stairs \
         when on them) when their expected damage would take our HP within `turns` turns and \
         Elbereth cannot help.",
        &[p("turns", Number { min: 0.5, max: 20.0 }, Default("3"), "Turns of expected damage.")],
        Some("turns"),
        survival::retreat_if_losing,
    ),
    leaf(
        "eat_fresh_corpse",
        Act,
        "Unless Satiated: walk to the freshest safe corpse of our own kills (<= 30 turns old, or lichen/lizard; \
         no cannibalism of `race`, acidic, poisonous or petrifying corpses), look at it and eat it.",
        &[p("race", Choice(RACES), Default("human"), "Our race: its corpses are cannibalism (orcs may).")],
        None,
        survival::eat_fresh_corpse,
    ),
    leaf(
        "eat_from_pack",
        Act,
        "When Hungry: eat pack food (by letter when the inventory is known; otherwise only after a look \
         shows nothing on the floor here).",
        &[],
        None,
        survival::eat_from_pack,
    ),
    leaf(
        "pick_up_food",
        Act,
        "Pick up the spare food (rations, fruit... never corpses, eggs or tins) we just stepped on; \
         not in shops, not when it would burden us.",
        &[],
        None,
        survival::pick_up_food,
    ),
    leaf(
        "pick_up_missiles",
        Act,
        "Pick up the missiles (daggers, knives, darts, shuriken, spears, javelins) we just stepped \
         on: the throws `sokoban` has for a monster shut behind a boulder. Not in shops, not \
         when it would burden us.",
        &[],
        None,
        survival::pick_up_missiles,
    ),
    leaf(
        "rest_when_safe",
        Act,
        "Search 10 turns to recover HP while below `below` of max HP and no hostile is within `radius`.",
        &[
            p("below", Number { min: 0.0, max: 1.0 }, Default("0.6"), "HP fraction to recover to."),
            p("radius", Integer { min: 1, max: 80 }, Default("6"), "No hostile this close."),
        ],
        None,
        survival::rest_when_safe,
    ),
    // Sokoban (nhbot-sokoban; builtins_sokoban.rs).
    leaf(
        "in_sokoban",
        Cond,
        "The screen shows one of the 8 Sokoban maps (premapped walls), or the world model places \
         the current level in Sokoban.",
        &[],
        None,
        sokoban::in_sokoban,
    ),
    leaf(
        "sokoban",
        Act,
        "Solve the Sokoban level as observed (boulders, filled holes, the player; a \"boulder\" amid \
         open holes, one too many on arriving at the top level, or one that appears where no push \
         put it is a mimic, planned around and hunted down if it bars every plan) and play the plan \
         one move per decision, re-planning when the level differs from the plan; long solves run \
         in the background while the bot waits in place. Fights hostiles in the way, goes round \
         the boulders to attack a monster behind the one to push (or throws a missile, a dagger or darts, over the \
         boulder when it cannot get next to it; not one the fight look-ahead would flee; one \
         that slips away is waited for beside the boulder, not pushed after), waits for others, opens or kicks doors on the way, climbs \
         `<` at the end. While hallucinating (boulders look like random objects) it waits in \
         place. After 20 blocked attempts from one position, or at once when the \
         boulders alone make the level unsolvable (a monster's scroll of earth), the level is \
         given up: the node takes the bot back down its `>`, pushing boulders out of the way if \
         they wall it off. Fails outside Sokoban, on a solved \
         top level (holes filled, or we stand past them), when no plan is found (for now), on a level given up whose `>` cannot be \
         reached, and below a Sokoban level already visited (given up or fled: no climbing back \
         and forth).",
        &[],
        None,
        sokoban::sokoban,
    ),
    leaf(
        "sokoban_prize",
        Act,
        "On the top Sokoban level, once the way past the holes is open: walk to each of the three \
         prize closets behind the zoo in turn, nearest first (kicking the zoo's locked door, \
         fighting whatever sleeps in the way but never a monster whose hit is a hazard, such as \
         a floating eye, which is gone round or waited for, opening the closet doors), look at \
         each floor and \
         pick up the amulet or bag found there (by class: never the corpses of the fight). \
         Waits in place while hallucinating. Fails elsewhere, while the holes still bar the way, and once \
         the prize (an amulet or a bag) is picked up or every closet is searched.",
        &[],
        None,
        sokoban::sokoban_prize,
    ),
    leaf(
        "keys",
        Act,
        "Send raw keys; prompts that follow get the engine's default answers.",
        &[p("keys", Text, Required, "Keys to send.")],
        Some("keys"),
        builtins::keys,
    ),
];

/// Keys every node body map may carry besides its parameters.
pub const COMMON_KEYS: &[&str] = &["name"];

pub fn spec(name: &str) -> Option<&'static NodeSpec> {
    NODES.iter().find(|s| s.name == name)
}

pub fn node_names() -> impl Iterator<Item = &'static str> {
    NODES.iter().map(|s| s.name)
}
