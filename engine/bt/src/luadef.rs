//! The Lua API as one declarative definition ([`LUA_API`]): the `world` userdata and the tables
//! it hands out, the `act.*` and `kb.*` functions, the other globals. [`lua_definitions`]
//! generates the LuaLS file `scripts/nhbot.d.lua` from it (a test fails when the committed file
//! is stale), and the unit tests below walk the real Lua values built by `luaapi` for a sample
//! world and compare them with it both ways, so the definition cannot drift from the code.
//!
//! Types are LuaLS type expressions: `integer`, `string|nil`, `MonsterSeen[]`, the name of an
//! [`Enum`], a [`Class`] or an [`Alias`].

use crate::lua::{INSTRUCTION_LIMIT, MEMORY_LIMIT, SAFE_GLOBALS, STRING_LIMIT, TIME_LIMIT};
use std::fmt::Write;

/// The whole API a Lua leaf sees.
pub struct LuaApi {
    /// Enumerations of strings (LuaLS aliases of string literals).
    pub enums: &'static [Enum],
    /// Other named types.
    pub aliases: &'static [Alias],
    /// Userdata and tables with named fields (and, for userdata, methods).
    pub classes: &'static [Class],
    /// Global tables of functions (`act`, `kb`).
    pub tables: &'static [Module],
    /// Global functions besides the Lua standard library's.
    pub functions: &'static [Function],
}

pub struct Enum {
    pub name: &'static str,
    pub doc: &'static str,
    pub values: &'static [&'static str],
}

pub struct Alias {
    pub name: &'static str,
    pub doc: &'static str,
    pub ty: &'static str,
}

pub struct Class {
    pub name: &'static str,
    pub doc: &'static str,
    pub fields: &'static [Field],
    /// Called as `value:name(...)`.
    pub methods: &'static [Function],
}

pub struct Field {
    pub name: &'static str,
    pub ty: &'static str,
    pub doc: &'static str,
}

pub struct Module {
    pub name: &'static str,
    pub doc: &'static str,
    pub functions: &'static [Function],
}

pub struct Function {
    pub name: &'static str,
    pub doc: &'static str,
    pub params: &'static [Param],
    pub returns: &'static [Return],
}

pub struct Param {
    /// `...` for varargs.
    pub name: &'static str,
    pub ty: &'static str,
    /// May be nil or left out.
    pub optional: bool,
    pub doc: &'static str,
}

pub struct Return {
    pub ty: &'static str,
    pub doc: &'static str,
}

const fn field(name: &'static str, ty: &'static str, doc: &'static str) -> Field {
    Field { name, ty, doc }
}

const fn param(name: &'static str, ty: &'static str, doc: &'static str) -> Param {
    Param {
        name,
        ty,
        optional: false,
        doc,
    }
}

const fn opt(name: &'static str, ty: &'static str, doc: &'static str) -> Param {
    Param {
        name,
        ty,
        optional: true,
        doc,
    }
}

/// The trailing reason every `act.*` constructor takes.
const REASON: Param = opt(
    "reason",
    "string",
    "shown in the decision log, cut at 300 bytes",
);
const DIR: Param = param("dir", "Direction", "");
const X: Param = param("x", "integer", "column (0..79)");
const Y: Param = param("y", "integer", "map row (0..20)");
const ACTION: &[Return] = &[Return {
    ty: "Action",
    doc: "",
}];
const BOOLEAN: &[Return] = &[Return {
    ty: "boolean",
    doc: "",
}];

const fn act(name: &'static str, doc: &'static str, params: &'static [Param]) -> Function {
    Function {
        name,
        doc,
        params,
        returns: ACTION,
    }
}

/// The Lua API. Keep it in step with `luaapi.rs` and `lua.rs` (the unit tests say where not),
/// then regenerate `scripts/nhbot.d.lua`.
pub static LUA_API: LuaApi = LuaApi {
    enums: &[
        Enum {
            name: "Direction",
            doc: "A direction for act.*: compass points, up/down (stairs, ladders), here (self). \
                  The long names (\"north\", \"southwest\", ...) work too.",
            values: &[
                "n", "s", "e", "w", "ne", "nw", "se", "sw", "up", "down", "here",
            ],
        },
        Enum {
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
        },
        Enum {
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
        },
        Enum {
            name: "Alignment",
            doc: "",
            values: &["lawful", "neutral", "chaotic"],
        },
        Enum {
            name: "Condition",
            doc: "A status-line condition.",
            values: nhbot_world::names::CONDITION_NAMES,
        },
        Enum {
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
        },
    ],
    aliases: &[Alias {
        name: "Leaf",
        doc: "What a leaf script returns (or names with `function:`): called with the world and \
              the node's own state table, which survives between decisions and reloads. Return \
              an act.* action to act this decision, true/false to answer as a condition, nil to \
              fail.",
        ty: "fun(world: World, state: table): Action|boolean|nil",
    }],
    classes: &[
        Class {
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
        },
        Class {
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
        },
        Class {
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
        },
        Class {
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
        },
    ],
    tables: &[
        Module {
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
                    "Picks up what is here.",
                    &[
                        opt("letters", "string", "menu letters; nil picks up everything"),
                        REASON,
                    ],
                ),
                act("travel", "Travels (`_`) to a map square.", &[X, Y, REASON]),
                act("farlook", "Looks at a map square (`;`).", &[X, Y, REASON]),
            ],
        },
        Module {
            name: "kb",
            doc: "The item-identification knowledge base (empty answers until the engine \
                  installs one).",
            functions: &[
                Function {
                    name: "candidates",
                    doc: "Identities an unidentified appearance may still have.",
                    params: &[param("appearance", "string", "e.g. \"bubbly potion\"")],
                    returns: &[Return {
                        ty: "string[]",
                        doc: "identities it may still be",
                    }],
                },
                Function {
                    name: "identity",
                    doc: "The identity of an appearance, once known.",
                    params: &[param("appearance", "string", "")],
                    returns: &[Return {
                        ty: "string|nil",
                        doc: "identity once known",
                    }],
                },
                Function {
                    name: "could_be",
                    doc: "Whether an appearance may still be this identity.",
                    params: &[
                        param("appearance", "string", ""),
                        param("identity", "string", ""),
                    ],
                    returns: BOOLEAN,
                },
            ],
        },
    ],
    functions: &[
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
    ],
};

/// Width the generated comments wrap at.
const WIDTH: usize = 100;

/// `text` as comment lines starting with `prefix`, wrapped at [`WIDTH`] columns (never inside
/// a `code span`).
fn comment(out: &mut String, prefix: &str, text: &str) {
    let mut words: Vec<String> = Vec::new();
    let mut in_code = false;
    for word in text.split_whitespace() {
        match words.last_mut() {
            Some(last) if in_code => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
        in_code ^= word.matches('`').count() % 2 == 1;
    }
    let mut line = String::new();
    for word in &words {
        if !line.is_empty() && prefix.len() + line.len() + 1 + word.len() > WIDTH {
            let _ = writeln!(out, "{prefix}{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{prefix}{line}");
    }
}

/// `text` after a space, or nothing.
fn tail(text: &str) -> String {
    if text.is_empty() {
        String::new()
    } else {
        format!(" {text}")
    }
}

/// 1000000 → `1,000,000`.
fn thousands(n: i64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn function(out: &mut String, qualified: &str, f: &Function) {
    out.push('\n');
    comment(out, "---", f.doc);
    for p in f.params {
        let q = if p.optional { "?" } else { "" };
        let _ = writeln!(out, "---@param {}{q} {}{}", p.name, p.ty, tail(p.doc));
    }
    for r in f.returns {
        let doc = if r.doc.is_empty() {
            String::new()
        } else {
            format!(" # {}", r.doc)
        };
        let _ = writeln!(out, "---@return {}{doc}", r.ty);
    }
    let params: Vec<&str> = f.params.iter().map(|p| p.name).collect();
    let _ = writeln!(out, "function {qualified}({}) end", params.join(", "));
}

/// The LuaLS definition file of the Lua API (`scripts/nhbot.d.lua`), generated from [`LUA_API`].
pub fn lua_definitions() -> String {
    let api = &LUA_API;
    let mut out = String::from("---@meta\n");
    let mut globals: Vec<&str> = api.tables.iter().map(|t| t.name).collect();
    globals.extend(api.functions.iter().map(|f| f.name));
    let intro = [
        "LuaLS annotations for nhbot Lua leaves (never executed; editors read it for completion \
         and type checks). Generated from the Lua API definition (luadef.rs): do not edit, \
         regenerate with `nhbot docs` or `cargo run -p nhbot-bt --example gen_lua_defs`."
            .to_string(),
        String::new(),
        "A leaf script returns a `Leaf` function, or a table of them picked with `function:`. \
         Return an `act.*` action to act this decision, true/false to answer as a condition, \
         nil to fail."
            .to_string(),
        format!(
            "Sandbox: the globals are {}, and {} below; no io, os, debug, load, loadfile, dofile.",
            SAFE_GLOBALS.join(", "),
            globals.join(", "),
        ),
        format!(
            "Each script runs in a Lua state of its own (shared nothing: setting a global or a \
             library field changes it for that script only). Each call may run {} instructions \
             within {} ms, each script's state may hold {} MiB over its whole life, and \
             string.rep and string.gsub build strings of up to {} MiB. Past a limit the leaf \
             fails, the error (file:line) is logged and the script is disabled until its file \
             changes; the game goes on. setmetatable refuses __gc; require loads only files \
             inside scripts/.",
            thousands(INSTRUCTION_LIMIT),
            TIME_LIMIT.as_millis(),
            MEMORY_LIMIT >> 20,
            STRING_LIMIT >> 20
        ),
    ];
    for paragraph in intro {
        if paragraph.is_empty() {
            out.push_str("--\n");
        } else {
            comment(&mut out, "-- ", &paragraph);
        }
    }
    for e in api.enums {
        out.push('\n');
        comment(&mut out, "---", e.doc);
        let values: Vec<String> = e.values.iter().map(|v| format!("\"{v}\"")).collect();
        let line = format!("---@alias {} {}", e.name, values.join("|"));
        if line.len() <= WIDTH {
            let _ = writeln!(out, "{line}");
        } else {
            let _ = writeln!(out, "---@alias {}", e.name);
            for v in &values {
                let _ = writeln!(out, "---| {v}");
            }
        }
    }
    for a in api.aliases {
        out.push('\n');
        comment(&mut out, "---", a.doc);
        let _ = writeln!(out, "---@alias {} {}", a.name, a.ty);
    }
    for c in api.classes {
        out.push('\n');
        comment(&mut out, "---", c.doc);
        let _ = writeln!(out, "---@class {}", c.name);
        for f in c.fields {
            let _ = writeln!(out, "---@field {} {}{}", f.name, f.ty, tail(f.doc));
        }
        if !c.methods.is_empty() {
            let _ = writeln!(out, "local {} = {{}}", c.name);
            for m in c.methods {
                function(&mut out, &format!("{}:{}", c.name, m.name), m);
            }
        }
    }
    for t in api.tables {
        out.push('\n');
        comment(&mut out, "---", t.doc);
        let _ = writeln!(out, "{} = {{}}", t.name);
        for f in t.functions {
            function(&mut out, &format!("{}.{}", t.name, f.name), f);
        }
    }
    for f in api.functions {
        function(&mut out, f.name, f);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lua::LuaEngine;
    use crate::luaapi::{self, KbQuery, SharedKb};
    use mlua::{Function as LuaFn, Lua, MultiValue, ObjectLike, Table, Value};
    use nhbot_world::{
        Alignment, Branch, Condition, Dir, Encumbrance, Feature, Hunger, Item, Level, Monster, Pos,
        World,
    };
    use std::collections::BTreeSet;
    use std::sync::{Arc, Mutex};

    const PRIMITIVES: &[&str] = &[
        "nil", "boolean", "integer", "number", "string", "table", "function", "any",
    ];

    fn class(name: &str) -> Option<&'static Class> {
        LUA_API.classes.iter().find(|c| c.name == name)
    }

    fn enumeration(name: &str) -> Option<&'static Enum> {
        LUA_API.enums.iter().find(|e| e.name == name)
    }

    fn module(name: &str) -> &'static Module {
        LUA_API.tables.iter().find(|m| m.name == name).expect(name)
    }

    /// The alternatives of a union; `T?` is `T|nil`.
    fn alternatives(ty: &str) -> Vec<&str> {
        let mut out = Vec::new();
        for alt in ty.split('|') {
            match alt.strip_suffix('?') {
                Some(inner) => out.extend([inner, "nil"]),
                None => out.push(alt),
            }
        }
        out
    }

    fn show(v: &Value) -> String {
        match v {
            Value::String(s) => format!("{:?}", s.to_string_lossy()),
            other => format!("{other:?}"),
        }
    }

    /// Why `v` is not a `ty`. Classes are checked field by field; when `full`, every field must
    /// be set (the sample sets every optional value, so that each field's type is seen).
    fn check(v: &Value, ty: &str, full: bool) -> Result<(), String> {
        let mut why = Vec::new();
        for alt in alternatives(ty) {
            match check_one(v, alt, full) {
                Ok(()) => return Ok(()),
                Err(e) => why.push(e),
            }
        }
        Err(why.join("; "))
    }

    fn check_one(v: &Value, ty: &str, full: bool) -> Result<(), String> {
        let fail = || Err(format!("{} is not {ty}", show(v)));
        if let Some(elem) = ty.strip_suffix("[]") {
            let Value::Table(t) = v else { return fail() };
            let n = t.raw_len();
            for pair in t.pairs::<Value, Value>() {
                let (k, item) = pair.map_err(|e| e.to_string())?;
                match k {
                    Value::Integer(i) if i >= 1 && i as usize <= n => {}
                    other => return Err(format!("{ty} has key {}", show(&other))),
                }
                check(&item, elem, full).map_err(|e| format!("{ty} element: {e}"))?;
            }
            return Ok(());
        }
        if let Some(lit) = ty.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
            return match v {
                Value::String(s) if s.to_string_lossy() == lit => Ok(()),
                _ => fail(),
            };
        }
        let ok = match ty {
            "nil" => v.is_nil(),
            "boolean" => v.is_boolean(),
            "integer" => v.is_integer(),
            "number" => v.is_integer() || v.is_number(),
            "string" => v.is_string(),
            "table" => v.is_table(),
            "function" => v.is_function(),
            "any" => true,
            _ => {
                if let Some(e) = enumeration(ty) {
                    return match v {
                        Value::String(s) if e.values.contains(&&*s.to_string_lossy()) => Ok(()),
                        _ => fail(),
                    };
                }
                let Some(c) = class(ty) else {
                    return Err(format!("unknown type {ty}"));
                };
                return check_class(v, c, full);
            }
        };
        if ok {
            Ok(())
        } else {
            fail()
        }
    }

    /// Why `v` is not a `c`, every field that is wrong on its own line.
    fn check_class(v: &Value, c: &Class, full: bool) -> Result<(), String> {
        let get = |name: &str| -> Result<Value, String> {
            match v {
                Value::Table(t) => t.get(name),
                Value::UserData(u) => u.get(name),
                _ => return Err(format!("{} is not a {}", show(v), c.name)),
            }
            .map_err(|e| format!("{}.{name}: {e}", c.name))
        };
        let mut wrong = Vec::new();
        if let Value::Table(t) = v {
            for pair in t.pairs::<Value, Value>() {
                let (k, _) = pair.map_err(|e| e.to_string())?;
                let known = matches!(&k, Value::String(s)
                    if c.fields.iter().any(|f| f.name == s.to_string_lossy()));
                if !known {
                    wrong.push(format!(
                        "{} has {}, not in the definition",
                        c.name,
                        show(&k)
                    ));
                }
            }
        }
        for f in c.fields {
            let value = get(f.name)?;
            if full && value.is_nil() {
                wrong.push(format!(
                    "{}.{} is nil in the sample (set it so its type is checked)",
                    c.name, f.name
                ));
            } else if let Err(e) = check(&value, f.ty, full) {
                wrong.push(format!("{}.{}: {e}", c.name, f.name));
            }
        }
        for m in c.methods {
            if !get(m.name)?.is_function() {
                wrong.push(format!("{}:{} is not a method", c.name, m.name));
            }
        }
        if wrong.is_empty() {
            Ok(())
        } else {
            Err(wrong.join("\n"))
        }
    }

    /// A value of `ty` to call a function with.
    fn sample(lua: &Lua, ty: &str) -> Value {
        let alt = alternatives(ty)
            .into_iter()
            .find(|a| *a != "nil")
            .unwrap_or("nil");
        let text = |s: &str| Value::String(lua.create_string(s).expect("string"));
        match alt {
            "integer" => Value::Integer(1),
            "number" => Value::Number(1.5),
            "boolean" => Value::Boolean(true),
            "string" | "any" => text("a"),
            "nil" => Value::Nil,
            other => match enumeration(other) {
                Some(e) => text(e.values[0]),
                None => panic!("no sample value for {other}"),
            },
        }
    }

    /// Calls `f` as defined: with every argument, with the required ones only, and with each
    /// value of every enumerated parameter; checks the results' types and the reason.
    fn check_calls(
        lua: &Lua,
        name: &str,
        f: &LuaFn,
        def: &Function,
        this: Option<&Value>,
    ) -> Vec<String> {
        let call = |args: Vec<Value>, what: &str| -> Result<MultiValue, String> {
            let all: MultiValue = this.cloned().into_iter().chain(args).collect();
            f.call::<MultiValue>(all).map_err(|e| {
                format!(
                    "{name} {what}: {}",
                    e.to_string().lines().next().unwrap_or("")
                )
            })
        };
        let reason = Value::String(lua.create_string("why").expect("string"));
        let full: Vec<Value> = def
            .params
            .iter()
            .map(|p| {
                if p.name == "reason" {
                    reason.clone()
                } else {
                    sample(lua, p.ty)
                }
            })
            .collect();
        let required: Vec<Value> = def
            .params
            .iter()
            .zip(&full)
            .map(|(p, v)| if p.optional { Value::Nil } else { v.clone() })
            .collect();
        let mut problems = Vec::new();
        let mut results = vec![(
            "with every argument",
            call(full.clone(), "with every argument"),
        )];
        results.push((
            "without the optional ones",
            call(required, "without the optional ones"),
        ));
        for (i, p) in def.params.iter().enumerate() {
            for value in enumeration(p.ty).map(|e| e.values).unwrap_or_default() {
                let mut args = full.clone();
                args[i] = Value::String(lua.create_string(value).expect("string"));
                if let Err(e) = call(args, &format!("with {} = {value:?}", p.name)) {
                    problems.push(e);
                }
            }
        }
        for (what, result) in results {
            let values = match result {
                Ok(v) => v,
                Err(e) => {
                    problems.push(e);
                    continue;
                }
            };
            let values: Vec<Value> = values.into_iter().collect();
            if values.len() > def.returns.len().max(1) {
                problems.push(format!("{name} {what} returned {} values", values.len()));
            }
            for (r, v) in def
                .returns
                .iter()
                .zip(values.iter().chain(std::iter::repeat(&Value::Nil)))
            {
                if let Err(e) = check(v, r.ty, true) {
                    problems.push(format!("{name} {what}: {e}"));
                }
            }
            if what == "with every argument"
                && def.params.last().is_some_and(|p| p.name == "reason")
            {
                let given = match values.first() {
                    Some(Value::UserData(u)) => u.get::<String>("reason").unwrap_or_default(),
                    _ => String::new(),
                };
                if given != "why" {
                    problems.push(format!("{name}: the last argument is not the reason"));
                }
            }
        }
        problems
    }

    fn same_names(what: &str, lua_side: &[String], defined: &[&str], problems: &mut Vec<String>) {
        let seen: BTreeSet<&str> = lua_side.iter().map(String::as_str).collect();
        let defined_set: BTreeSet<&str> = defined.iter().copied().collect();
        if seen.len() != lua_side.len() {
            problems.push(format!("{what}: a name is registered twice: {lua_side:?}"));
        }
        if defined_set.len() != defined.len() {
            problems.push(format!("{what}: a name is defined twice: {defined:?}"));
        }
        for n in seen.difference(&defined_set) {
            problems.push(format!("{what}.{n} exists in Lua but not in LUA_API"));
        }
        for n in defined_set.difference(&seen) {
            problems.push(format!("{what}.{n} is in LUA_API but not in Lua"));
        }
    }

    /// A world in which every optional value is set.
    fn sample_world() -> World {
        let mut w = crate::testing::sample_world();
        w.last_prayer_turn = Some(300);
        w.status.conditions = vec![Condition::Blind];
        w.monsters = vec![Monster {
            pos: Pos::new(41, 10),
            ch: 'd',
            color: 3,
            first_seen: 1,
            last_seen: 2,
            name: Some("jackal".into()),
            peaceful: Some(false),
            tame: false,
        }];
        w.inventory = vec![Item {
            letter: 'f',
            text: "a food ration".into(),
            class: "Comestibles".into(),
            ..Item::default()
        }];
        w
    }

    struct Kb;
    impl KbQuery for Kb {
        fn candidates(&self, _: &str) -> Vec<String> {
            vec!["booze".into()]
        }
        fn identity(&self, _: &str) -> Option<String> {
            Some("booze".into())
        }
        fn could_be(&self, _: &str, _: &str) -> bool {
            true
        }
    }

    #[test]
    fn the_definition_is_what_lua_sees() {
        let lua = Lua::new();
        let mut problems = Vec::new();
        let world_def = class("World").expect("World");
        let registered = luaapi::register_world(&lua).expect("register");
        let registered: Vec<String> = registered.iter().map(|s| s.to_string()).collect();
        let defined: Vec<&str> = world_def
            .fields
            .iter()
            .map(|f| f.name)
            .chain(world_def.methods.iter().map(|m| m.name))
            .collect();
        same_names("World", &registered, &defined, &mut problems);

        let sparse = World {
            monsters: vec![Monster::default()],
            inventory: vec![Item::default()],
            ..World::default()
        };
        lua.scope(|scope| {
            let ud = Value::UserData(scope.create_any_userdata_ref(&sparse)?);
            problems.extend(
                check(&ud, "World", false)
                    .err()
                    .map(|e| format!("unset: {e}")),
            );
            Ok(())
        })
        .expect("scope");
        let world = sample_world();
        lua.scope(|scope| {
            let ud = Value::UserData(scope.create_any_userdata_ref(&world)?);
            problems.extend(check(&ud, "World", true).err());
            for m in world_def.methods {
                let Value::UserData(u) = &ud else {
                    unreachable!()
                };
                let f: LuaFn = u.get(m.name)?;
                problems.extend(check_calls(
                    &lua,
                    &format!("World:{}", m.name),
                    &f,
                    m,
                    Some(&ud),
                ));
            }
            Ok(())
        })
        .expect("scope");

        let kb: SharedKb = Arc::new(Mutex::new(Some(Box::new(Kb))));
        let empty_kb: SharedKb = Arc::new(Mutex::new(None));
        let tables = [
            ("act", luaapi::act_table(&lua).expect("act")),
            ("kb", luaapi::kb_table(&lua, &kb).expect("kb")),
            ("kb", luaapi::kb_table(&lua, &empty_kb).expect("kb")),
        ];
        for (name, table) in &tables {
            let def = module(name);
            let keys: Vec<String> = table
                .pairs::<String, Value>()
                .map(|p| p.expect("pair").0)
                .collect();
            let defined: Vec<&str> = def.functions.iter().map(|f| f.name).collect();
            same_names(name, &keys, &defined, &mut problems);
            for f in def.functions {
                let Ok(func) = table.get::<LuaFn>(f.name) else {
                    continue;
                };
                problems.extend(check_calls(
                    &lua,
                    &format!("{name}.{}", f.name),
                    &func,
                    f,
                    None,
                ));
            }
        }

        let dir = crate::testing::scratch_dir("luadef").expect("scratch dir");
        let engine = LuaEngine::new(&dir, &empty_kb).expect("engine");
        let base: &Table = engine.base();
        let keys: Vec<String> = base
            .pairs::<String, Value>()
            .map(|p| p.expect("pair").0)
            .collect();
        let mut defined: Vec<&str> = SAFE_GLOBALS.to_vec();
        defined.extend(LUA_API.tables.iter().map(|t| t.name));
        defined.extend(LUA_API.functions.iter().map(|f| f.name));
        same_names("the globals", &keys, &defined, &mut problems);
        for t in LUA_API.tables {
            problems.extend(check(&base.get(t.name).unwrap_or(Value::Nil), "table", true).err());
        }
        for f in LUA_API.functions {
            problems.extend(check(&base.get(f.name).unwrap_or(Value::Nil), "function", true).err());
        }
        let _ = std::fs::remove_dir_all(&dir);
        assert!(
            problems.is_empty(),
            "LUA_API and the Lua API differ:\n{}",
            problems.join("\n")
        );
    }

    /// Every variant of a unit enum (from the list serde gives when a name is unknown).
    fn variants<T: serde::de::DeserializeOwned>() -> Vec<T> {
        let err = serde_json::from_str::<T>("\"?\"")
            .err()
            .expect("a unit enum")
            .to_string();
        let listed = err
            .split_once("expected")
            .map(|(_, l)| l)
            .unwrap_or_default();
        let out: Vec<T> = listed
            .split('`')
            .skip(1)
            .step_by(2)
            .map(|name| serde_json::from_str(&format!("\"{name}\"")).expect(name))
            .collect();
        assert!(!out.is_empty(), "no variants in {err}");
        out
    }

    /// What Lua reads in `world.<field>` for each world.
    fn read(field: &str, worlds: impl IntoIterator<Item = World>) -> BTreeSet<String> {
        let lua = Lua::new();
        luaapi::register_world(&lua).expect("register");
        let mut out = BTreeSet::new();
        for w in worlds {
            lua.scope(|scope| {
                let ud = scope.create_any_userdata_ref(&w)?;
                match ud.get::<Value>(field)? {
                    Value::Table(t) => {
                        out.extend(t.sequence_values::<String>().map(|s| s.expect("string")))
                    }
                    v => {
                        out.insert(v.to_string()?);
                    }
                }
                Ok(())
            })
            .expect("scope");
        }
        out
    }

    fn values(name: &str) -> BTreeSet<String> {
        let e = enumeration(name).expect(name);
        assert_eq!(
            e.values.len(),
            e.values.iter().collect::<BTreeSet<_>>().len(),
            "{name} repeats a value"
        );
        e.values.iter().map(|v| v.to_string()).collect()
    }

    #[test]
    fn enumerations_hold_every_value_lua_can_see() {
        let base = sample_world();
        let with = |f: &dyn Fn(&mut World)| {
            let mut w = base.clone();
            f(&mut w);
            w
        };
        let hunger = variants::<Hunger>()
            .into_iter()
            .map(|v| with(&|w| w.status.hunger = v));
        assert_eq!(read("hunger", hunger), values("Hunger"));
        let enc = variants::<Encumbrance>()
            .into_iter()
            .map(|v| with(&|w| w.status.encumbrance = v));
        assert_eq!(read("encumbrance", enc), values("Encumbrance"));
        let al = variants::<Alignment>()
            .into_iter()
            .map(|v| with(&|w| w.status.alignment = v));
        assert_eq!(read("alignment", al), values("Alignment"));
        let all = with(&|w| w.status.conditions = variants::<Condition>());
        assert_eq!(read("conditions", [all]), values("Condition"));
        let features = variants::<Feature>().into_iter().map(|f| {
            with(&|w| {
                let mut level = Level::new(Branch::default(), 1);
                level.at_mut(w.player).expect("player on the map").feature = f;
                w.dungeon.levels = vec![level];
                w.dungeon.current = Some(0);
            })
        });
        assert_eq!(read("feature_here", features), values("Feature"));

        // Each direction value is a different direction, and together they are all of them.
        let dirs: BTreeSet<String> = values("Direction")
            .iter()
            .map(|v| format!("{:?}", Dir::parse(v).expect(v)))
            .collect();
        let all: BTreeSet<String> = variants::<Dir>().iter().map(|d| format!("{d:?}")).collect();
        assert_eq!((dirs.len(), &dirs), (values("Direction").len(), &all));
    }

    /// Names every type used; they must all be defined.
    fn named(ty: &str) -> Vec<&str> {
        alternatives(ty)
            .into_iter()
            .map(|a| a.trim_end_matches("[]"))
            .filter(|a| !a.starts_with('"') && !PRIMITIVES.contains(a))
            .collect()
    }

    #[test]
    fn every_type_used_is_defined_once() {
        let mut names = BTreeSet::new();
        for n in LUA_API
            .enums
            .iter()
            .map(|e| e.name)
            .chain(LUA_API.aliases.iter().map(|a| a.name))
            .chain(LUA_API.classes.iter().map(|c| c.name))
        {
            assert!(names.insert(n), "{n} defined twice");
        }
        let functions = LUA_API
            .classes
            .iter()
            .flat_map(|c| c.methods)
            .chain(LUA_API.tables.iter().flat_map(|t| t.functions))
            .chain(LUA_API.functions);
        let mut types: Vec<&str> = LUA_API
            .classes
            .iter()
            .flat_map(|c| c.fields.iter().map(|f| f.ty))
            .collect();
        for f in functions {
            types.extend(f.params.iter().map(|p| p.ty));
            types.extend(f.returns.iter().map(|r| r.ty));
        }
        for ty in types {
            for n in named(ty) {
                assert!(names.contains(n), "type {n} (in {ty}) is not defined");
            }
        }
    }

    #[test]
    fn the_generated_file_is_lua() {
        let text = lua_definitions();
        assert!(text.starts_with("---@meta\n"));
        Lua::new()
            .load(&text)
            .exec()
            .expect("the generated definitions run as Lua");
        for line in text.lines() {
            assert!(line.len() <= WIDTH, "longer than {WIDTH} columns: {line}");
        }
    }
}
