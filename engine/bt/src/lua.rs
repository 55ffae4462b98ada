//! The Lua sandbox: one Lua 5.4 state per bot, scripts loaded in their own environments, per-call
//! instruction and memory limits, per-node state tables that survive ticks and reloads.

use crate::compile::Program;
use crate::diag::{Diagnostic, Mark};
use crate::luaapi::{self, SharedKb};
use crate::manifest::LeafOutcome;
use mlua::{AnyUserData, Function, HookTriggers, Lua, LuaOptions, StdLib, Table, Value, VmState};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// Instructions one leaf call may run before it is stopped.
pub const INSTRUCTION_LIMIT: i64 = 1_000_000;
/// Bytes one leaf call may allocate on top of what the state already uses.
pub const MEMORY_LIMIT: usize = 32 * 1024 * 1024;
const HOOK_EVERY: u32 = 1000;
/// Leaf errors kept until the engine drains them (oldest dropped first).
const MAX_KEPT_ERRORS: usize = 100;

/// Globals a script may use; everything else (io, os, debug, load, dofile, ...) is absent.
pub(crate) const SAFE_GLOBALS: &[&str] = &[
    "assert",
    "error",
    "ipairs",
    "next",
    "pairs",
    "pcall",
    "select",
    "tonumber",
    "tostring",
    "type",
    "xpcall",
    "rawequal",
    "rawget",
    "rawlen",
    "rawset",
    "setmetatable",
    "getmetatable",
    "string",
    "table",
    "math",
    "utf8",
    "coroutine",
    "_VERSION",
];

/// A Lua leaf failure, logged and kept for the engine to show.
#[derive(Clone, Debug, PartialEq)]
pub struct LeafError {
    pub path: String,
    /// `scripts/x.lua:12: attempt to index a nil value` and similar.
    pub message: String,
}

/// The functions and state tables of one loaded program, aligned with `Program::lua_leaves`.
#[derive(Default)]
pub struct LoadedScripts {
    funcs: Vec<Function>,
    states: Vec<Table>,
}

pub struct LuaEngine {
    lua: Lua,
    base: Table,
    /// Per-node state tables by node path; survives reloads for paths that still exist.
    states: Table,
    budget: Arc<AtomicI64>,
    /// Modules loaded by `require`, emptied at each reload so edited modules are re-read.
    require_cache: Table,
    scripts_dir: PathBuf,
    pub errors: Vec<LeafError>,
}

impl LuaEngine {
    pub fn new(scripts_dir: &Path, kb: &SharedKb) -> anyhow::Result<LuaEngine> {
        let libs = StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8 | StdLib::COROUTINE;
        let lua = Lua::new_with(libs, LuaOptions::default())?;
        luaapi::register_world(&lua)?;
        let globals = lua.globals();
        let base = lua.create_table()?;
        for name in SAFE_GLOBALS {
            base.set(*name, globals.get::<Value>(*name)?)?;
        }
        base.set("act", luaapi::act_table(&lua)?)?;
        base.set("kb", luaapi::kb_table(&lua, kb)?)?;
        base.set(
            "print",
            lua.create_function(|_, args: mlua::Variadic<Value>| {
                let parts: Vec<String> = args
                    .iter()
                    .map(|v| v.to_string().unwrap_or_default())
                    .collect();
                log::info!(target: "nhbot::lua", "{}", parts.join("\t"));
                Ok(())
            })?,
        )?;
        let budget = Arc::new(AtomicI64::new(INSTRUCTION_LIMIT));
        let hook_budget = budget.clone();
        lua.set_hook(
            HookTriggers::new().every_nth_instruction(HOOK_EVERY),
            move |_, debug| {
                if hook_budget.fetch_sub(i64::from(HOOK_EVERY), Ordering::Relaxed) <= 0 {
                    let src = debug
                        .source()
                        .short_src
                        .map(|s| s.into_owned())
                        .unwrap_or_else(|| "?".into());
                    let line = debug.current_line().unwrap_or(0);
                    return Err(mlua::Error::RuntimeError(format!(
                        "{src}:{line}: instruction limit ({INSTRUCTION_LIMIT}) exceeded"
                    )));
                }
                Ok(VmState::Continue)
            },
        )?;
        let states = lua.create_table()?;
        let require_cache = lua.create_table()?;
        let engine = LuaEngine {
            lua,
            base,
            states,
            budget,
            require_cache,
            scripts_dir: scripts_dir.to_path_buf(),
            errors: Vec::new(),
        };
        engine.install_require()?;
        Ok(engine)
    }

    /// `require "name"` loads scripts/name.lua (dots are folders) in its own environment.
    fn install_require(&self) -> mlua::Result<()> {
        let dir = self.scripts_dir.clone();
        let base = self.base.clone();
        let cache = self.require_cache.clone();
        let require = self.lua.create_function(move |lua, name: String| {
            if let Ok(Some(hit)) = cache.get::<Option<Value>>(name.as_str()) {
                return Ok(hit);
            }
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
            {
                return Err(mlua::Error::RuntimeError(format!(
                    "require: bad module name `{name}`"
                )));
            }
            let rel = format!("{}.lua", name.replace('.', "/"));
            let src = std::fs::read_to_string(dir.join(&rel)).map_err(|e| {
                mlua::Error::RuntimeError(format!("require `{name}`: scripts/{rel}: {e}"))
            })?;
            let env = sandbox_env(lua, &base)?;
            let value: Value = lua
                .load(src)
                .set_name(format!("@scripts/{rel}"))
                .set_environment(env)
                .call(())?;
            cache.set(name.as_str(), value.clone())?;
            Ok(value)
        })?;
        self.base.set("require", require)
    }

    /// Loads every script the program uses and resolves each Lua leaf's function. Problems are
    /// diagnostics; on any error the caller keeps the previous program.
    pub fn load(&mut self, prog: &Program, diags: &mut Vec<Diagnostic>) -> LoadedScripts {
        let mut chunks: HashMap<&Path, Option<(Value, Table)>> = HashMap::new();
        let mut loaded = LoadedScripts::default();
        let _ = self.require_cache.clear();
        for leaf in &prog.lua_leaves {
            let chunk =
                chunks
                    .entry(&leaf.script)
                    .or_insert_with(|| match self.run_chunk(&leaf.script) {
                        Ok(v) => Some(v),
                        Err(msg) => {
                            let (line, text) = split_line(&msg);
                            diags.push(Diagnostic::error(
                                &leaf.script,
                                Mark::new(line.max(1), 1),
                                text,
                            ));
                            None
                        }
                    });
            let Some((ret, env)) = chunk else { continue };
            let func = match (&leaf.function, &*ret) {
                (None, Value::Function(f)) => Some(f.clone()),
                (Some(name), Value::Table(t)) => {
                    t.get::<Option<Function>>(name.as_str()).ok().flatten()
                }
                (Some(name), _) => {
                    None.or_else(|| env.get::<Option<Function>>(name.as_str()).ok().flatten())
                }
                (None, _) => None,
            };
            let func = func.or_else(|| {
                leaf.function
                    .as_ref()
                    .and_then(|n| env.get::<Option<Function>>(n.as_str()).ok().flatten())
            });
            match func {
                Some(f) => match self.state_table(&leaf.path) {
                    Ok(state) => {
                        loaded.funcs.push(f);
                        loaded.states.push(state);
                    }
                    Err(e) => diags.push(Diagnostic::error(
                        &leaf.file,
                        leaf.mark,
                        format!("cannot create the node's Lua state: {e}"),
                    )),
                },
                None => {
                    let msg = match &leaf.function {
                        Some(n) => format!("function `{n}` not found in {} (neither in its returned table nor a global)", leaf.script.display()),
                        None => format!("{} must return a function (or name one with `function:`)", leaf.script.display()),
                    };
                    diags.push(Diagnostic::error(&leaf.file, leaf.mark, msg));
                }
            }
        }
        loaded
    }

    fn state_table(&self, path: &str) -> mlua::Result<Table> {
        if let Some(t) = self.states.get::<Option<Table>>(path)? {
            return Ok(t);
        }
        self.arm_limits();
        let t = self.lua.create_table()?;
        self.states.set(path, t.clone())?;
        Ok(t)
    }

    /// Drops the state of nodes that no longer exist.
    pub fn keep_states(&self, prog: &Program) {
        let live: std::collections::HashSet<&str> =
            prog.lua_leaves.iter().map(|l| &*l.path).collect();
        let mut dead = Vec::new();
        for (k, _) in self.states.pairs::<String, Value>().flatten() {
            if !live.contains(k.as_str()) {
                dead.push(k);
            }
        }
        for k in dead {
            let _ = self.states.set(k, Value::Nil);
        }
    }

    fn run_chunk(&self, script: &Path) -> Result<(Value, Table), String> {
        let src =
            std::fs::read_to_string(script).map_err(|e| format!("cannot read Lua script: {e}"))?;
        let env = sandbox_env(&self.lua, &self.base).map_err(|e| e.to_string())?;
        let name = display_name(script, &self.scripts_dir);
        self.arm_limits();
        let value = self
            .lua
            .load(src)
            .set_name(format!("@{name}"))
            .set_environment(env.clone())
            .call::<Value>(());
        value.map(|v| (v, env)).map_err(|e| first_line(&e, &name))
    }

    fn arm_limits(&self) {
        self.budget.store(INSTRUCTION_LIMIT, Ordering::Relaxed);
        let _ = self
            .lua
            .set_memory_limit(self.lua.used_memory() + MEMORY_LIMIT);
    }

    /// Runs `f` with `world` visible to Lua leaves as a read-only userdata for this decision.
    /// `None` if the world could not be handed to Lua (then no Lua leaf can run).
    pub fn with_world<R>(
        &mut self,
        world: &nhbot_world::World,
        f: impl FnOnce(&mut LuaCall<'_>) -> R,
    ) -> Option<R> {
        let lua = self.lua.clone();
        let mut out = None;
        let result = lua.scope(|scope| {
            let ud = scope.create_any_userdata_ref(world)?;
            out = Some(f(&mut LuaCall {
                engine: self,
                world: ud,
            }));
            Ok(())
        });
        if let Err(e) = result {
            log::error!(target: "nhbot::lua", "cannot hand the world to Lua: {e}");
        }
        out
    }

    /// The table a script's globals come from (for the tests of `luadef`).
    #[cfg(test)]
    pub(crate) fn base(&self) -> &Table {
        &self.base
    }

    /// Reports a syntax error in a script without running it.
    pub fn syntax_check(&self, script: &Path) -> Option<Diagnostic> {
        let name = display_name(script, &self.scripts_dir);
        let err = match std::fs::read_to_string(script) {
            Err(e) => format!("cannot read Lua script: {e}"),
            Ok(src) => match self
                .lua
                .load(src)
                .set_name(format!("@{name}"))
                .into_function()
            {
                Ok(_) => return None,
                Err(e) => first_line(&e, &name),
            },
        };
        let (line, text) = split_line(&err);
        Some(Diagnostic::error(script, Mark::new(line.max(1), 1), text))
    }
}

/// Calls into Lua during one decision.
pub struct LuaCall<'a> {
    engine: &'a mut LuaEngine,
    world: AnyUserData,
}

impl LuaCall<'_> {
    pub fn call(&mut self, scripts: &LoadedScripts, prog: &Program, leaf: usize) -> LeafOutcome {
        let meta = &prog.lua_leaves[leaf];
        let world = &self.world;
        let (Some(func), Some(state)) = (scripts.funcs.get(leaf), scripts.states.get(leaf)) else {
            return LeafOutcome::Failure;
        };
        self.engine.arm_limits();
        let name = display_name(&meta.script, &self.engine.scripts_dir);
        let result = func.call::<Value>((world.clone(), state.clone()));
        let outcome = result
            .map_err(|e| first_line(&e, &name))
            .and_then(|v| luaapi::outcome_of(v).map_err(|m| format!("{name}: {m}")));
        match outcome {
            Ok(o) => o,
            Err(message) => {
                log::warn!(target: "nhbot::lua", "leaf {} failed: {message}", meta.path);
                if self.engine.errors.len() >= MAX_KEPT_ERRORS {
                    self.engine.errors.remove(0);
                }
                self.engine.errors.push(LeafError {
                    path: meta.path.to_string(),
                    message,
                });
                LeafOutcome::Failure
            }
        }
    }
}

fn sandbox_env(lua: &Lua, base: &Table) -> mlua::Result<Table> {
    let env = lua.create_table()?;
    let meta = lua.create_table()?;
    meta.set("__index", base.clone())?;
    env.set_metatable(Some(meta))?;
    Ok(env)
}

/// `scripts/eat.lua` for a script inside the scripts dir, else the path as given.
fn display_name(script: &Path, scripts_dir: &Path) -> String {
    match script.strip_prefix(scripts_dir) {
        Ok(rel) => format!("scripts/{}", rel.display()),
        Err(_) => script.display().to_string(),
    }
}

/// The first meaningful line of a Lua error, always naming the script.
fn first_line(e: &mlua::Error, name: &str) -> String {
    let text = match e {
        mlua::Error::MemoryError(_) => format!(
            "{name}: memory limit ({} MiB per call) exceeded",
            MEMORY_LIMIT >> 20
        ),
        mlua::Error::CallbackError { cause, .. } => return first_line(cause, name),
        other => other.to_string(),
    };
    let line = text.lines().next().unwrap_or_default();
    let line = line
        .strip_prefix("runtime error: ")
        .or_else(|| line.strip_prefix("syntax error: "))
        .unwrap_or(line);
    if line.contains(name) {
        line.to_string()
    } else {
        format!("{name}: {line}")
    }
}

/// Splits `scripts/x.lua:12: msg` into (12, whole message); 0 when no line is given.
fn split_line(msg: &str) -> (usize, String) {
    let line = msg
        .split(':')
        .nth(1)
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or(0);
    (line, msg.to_string())
}
