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

mod act;
mod blocker;
mod dungeon;
mod globals;
mod kb;
mod temple;
mod world;

/// The Lua API. Keep it in step with `luaapi/` and `lua.rs` (the unit tests say where not),
/// then regenerate `scripts/nhbot.d.lua`.
pub static LUA_API: LuaApi = LuaApi {
    enums: &[
        act::DIRECTION,
        world::HUNGER,
        world::ENCUMBRANCE,
        world::ALIGNMENT,
        world::CONDITION,
        world::FEATURE,
        world::INTRINSIC,
        world::BUC,
        dungeon::BRANCH,
        dungeon::SPECIAL_LEVEL,
        temple::ALTAR_ALIGNMENT,
    ],
    aliases: &[globals::LEAF],
    classes: &[
        world::INVENTORY_ITEM,
        world::MONSTER_SEEN,
        world::POSITION,
        world::FLOOR_OBJECT,
        world::OBJECT_SQUARE,
        world::SQUARE,
        world::SHOP,
        world::PATH,
        world::SAID,
        world::THEFT,
        world::LAST_DECISION,
        dungeon::LEVEL_INFO,
        dungeon::LEG,
        temple::ALTAR,
        temple::TEMPLE,
        blocker::BLOCKER,
        world::WORLD,
        act::ACTION_CLASS,
        act::PICK_CHOICE,
        kb::OBSERVATION,
        globals::PHASE,
    ],
    tables: &[act::MODULE, kb::MODULE, globals::BLACKBOARD, globals::PLAN],
    functions: globals::FUNCTIONS,
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
             within {} ms of CPU time, each script's state may hold {} MiB over its whole life, and \
             string.rep and string.gsub build strings of up to {} MiB. Past a limit the leaf \
             fails, the error (file, line and function) is logged and the script is disabled \
             until its file changes; the game goes on. setmetatable refuses __gc; require loads only files \
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
mod tests;
