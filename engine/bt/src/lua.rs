//! The Lua host. Scripts come from other authors and are not trusted, so the sandbox holds by
//! construction rather than by a list of forbidden things:
//!
//! - **Isolation**: each script file runs in a Lua state of its own ([`sandbox`]), made fresh at
//!   each load; scripts share no table, metatable or memory, so none can change what another
//!   sees. Node `state` tables survive reloads by being copied (plain data) into the new state.
//! - **Budget**: each call (and each chunk run) may run [`INSTRUCTION_LIMIT`] instructions within
//!   [`TIME_LIMIT`] of CPU time and [`WALL_LIMIT`] of wall time. A hook inherited by every coroutine checks both; once past a limit, every
//!   hook fails again and `pcall`/`xpcall`/`coroutine.resume` re-raise, so no script catches it.
//!   Library code the hook cannot see is metered ([`strings`]) or moved into Lua (prelude.lua).
//! - **Memory**: [`MEMORY_LIMIT`] per script state over its whole life.
//! - **Files**: `require` resolves only to files inside scripts/ (links resolved).
//!
//! A script that passes a limit is disabled, with its error (file:line) reported once, until one
//! of its files changes; its leaves fail meanwhile and the game goes on.
//!
//! - **Reports**: every error names the file, line and function (`errors`); what a leaf logs
//!   (`log`, `print`) is kept per call, bounded ([`LOG_LINES`], [`LOG_BYTES`]), for the game's
//!   decision log ([`LeafLog`]).
//! - **Blackboard**: the tree's [`crate::LuaBoard`] is lent to the state of the script whose
//!   leaf runs, for that call only (`board`).
//! - **Plan**: the `plan` table reads a copy of the plans' progress set before each leaf call
//!   (`plan`).

mod board;
mod errors;
mod limits;
mod plan;
mod sandbox;
mod strings;

use crate::board::LuaBoard;
use crate::compile::Program;
use crate::diag::{Diagnostic, Mark};
use crate::luaapi::{self, SharedKb};
use crate::manifest::LeafOutcome;
use errors::{defined, describe, first_line, limit_error, line_of};
use mlua::chunk::ChunkMode;
use mlua::{Function, Table, Value};
use sandbox::Sandbox;
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Instructions one leaf call (or one chunk run) may run before it is stopped.
pub const INSTRUCTION_LIMIT: i64 = 1_000_000;
/// CPU time one leaf call (or one chunk run) may take.
pub const TIME_LIMIT: Duration = Duration::from_millis(250);
/// Wall-clock time one leaf call (or one chunk run) may take, however little CPU it used (a
/// loaded machine deschedules the bot's thread; see `Limits::out_of_time`). A backstop only: a
/// sandboxed call cannot block, and its CPU time is limited by [`TIME_LIMIT`]. At 1.5 s a bench
/// beside compiles and profiles stopped cheap leaves (b50-pn: `wield_weapon` and
/// `wand_engrave_test` disabled in 4 of 200 games, none in the same seeds on a quiet machine),
/// so a game's course depended on the machine's load.
pub const WALL_LIMIT: Duration = Duration::from_secs(5);
/// Bytes one script's Lua state may hold, over its whole life.
pub const MEMORY_LIMIT: usize = 16 * 1024 * 1024;
pub(crate) use limits::{lua_error, script_place};
pub use limits::{LOG_BYTES, LOG_LINES};
pub(crate) use strings::STRING_LIMIT;
/// Leaf errors kept until the engine drains them (oldest dropped first).
const MAX_KEPT_ERRORS: usize = 100;
/// Logged lines kept until the engine drains them (oldest dropped first).
const MAX_KEPT_LOG_LINES: usize = 1000;
/// A leaf error message is cut at this many bytes.
const MAX_MESSAGE: usize = 300;

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

/// A line a Lua leaf logged (`log(...)`, `print(...)`), for the game's decision log.
#[derive(Clone, Debug, PartialEq)]
pub struct LeafLog {
    /// The decision it was logged at (`World::decisions`, as the script saw it).
    pub decision: u64,
    /// The leaf's path in the tree.
    pub path: String,
    pub text: String,
}

/// `12 root/survive/my_leaf: text`.
impl fmt::Display for LeafLog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.decision, self.path, self.text)
    }
}

/// A Lua leaf failure, kept for the engine to show.
#[derive(Clone, Debug, PartialEq)]
pub struct LeafError {
    pub path: String,
    /// `scripts/x.lua:12 in function f: attempt to index a nil value` and similar: the file,
    /// line and function where it was raised.
    pub message: String,
}

/// `Lua leaf root/x: scripts/x.lua:12 in function f: attempt to index a nil value`: one line
/// for a log.
impl fmt::Display for LeafError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Lua leaf {}: {}", self.path, self.message)
    }
}

/// One loaded script: its state and the functions and node states of the leaves calling it.
struct Script {
    /// `scripts/x.lua`.
    name: String,
    /// The path the tree gave (the key of `LuaEngine::disabled`).
    path: PathBuf,
    sandbox: Sandbox,
    /// Leaf index → its function, its node state table and its tree path as a Lua string (all
    /// in this state; the path is passed at every call).
    leaves: HashMap<usize, (Function, Table, mlua::LuaString)>,
}

/// What running a script's chunk gave: its first return value and its environment.
type Chunk = (Value, Table);

/// The scripts of one loaded program. A script's slot is emptied (its state closed) when it is
/// disabled.
#[derive(Default)]
pub struct LoadedScripts {
    scripts: Vec<Option<Script>>,
    /// Per Lua leaf (aligned with `Program::lua_leaves`): its script's slot.
    leaf_script: Vec<Option<usize>>,
}

pub struct LuaEngine {
    scripts_dir: PathBuf,
    kb: SharedKb,
    /// The node state tables of the program in use, by node path (copied at the next load).
    states: HashMap<String, Table>,
    /// Scripts disabled for passing a limit, with the files they had read and their hashes:
    /// they stay off until one of those files changes.
    disabled: HashMap<PathBuf, Vec<(PathBuf, u64)>>,
    /// The last error reported per leaf path: a leaf failing the same way at every decision is
    /// reported once.
    last_error: HashMap<String, String>,
    pub errors: Vec<LeafError>,
    /// Lines the leaves logged since the engine last took them.
    pub logs: Vec<LeafLog>,
    /// Decisions begun (`with_world` calls): the scripts' world views hold one decision's
    /// tables (`luaapi::WorldView`).
    decisions: u64,
    /// The pack as of the last decision, and how many times it has changed: a script's
    /// inventory table is kept while the count is the one it was built at (compared here once
    /// a decision, not by each script at each read).
    inventory: Vec<nhbot_world::Item>,
    inventory_changes: u64,
    #[cfg(test)]
    probe: Sandbox,
}

impl LuaEngine {
    pub fn new(scripts_dir: &Path, kb: &SharedKb) -> anyhow::Result<LuaEngine> {
        Ok(LuaEngine {
            scripts_dir: scripts_dir.to_path_buf(),
            kb: kb.clone(),
            states: HashMap::new(),
            disabled: HashMap::new(),
            last_error: HashMap::new(),
            errors: Vec::new(),
            logs: Vec::new(),
            decisions: 0,
            inventory: Vec::new(),
            inventory_changes: 0,
            #[cfg(test)]
            probe: Sandbox::new(scripts_dir, kb)?,
        })
    }

    /// Loads every script the program uses, each in a fresh state, and resolves each Lua leaf's
    /// function. Problems are diagnostics; on any error the caller keeps the previous program
    /// (and this engine its node states).
    pub fn load(&mut self, prog: &Program, diags: &mut Vec<Diagnostic>) -> LoadedScripts {
        let errors_before = diags.iter().filter(|d| d.is_error()).count();
        let mut loaded = LoadedScripts::default();
        let mut slots: HashMap<&Path, Option<usize>> = HashMap::new();
        let mut chunks: Vec<Chunk> = Vec::new();
        let mut copies: Vec<HashMap<usize, Table>> = Vec::new();
        let mut states = HashMap::new();
        for (i, leaf) in prog.lua_leaves.iter().enumerate() {
            let slot = *slots.entry(&leaf.script).or_insert_with(|| {
                match self.open(&leaf.script) {
                    Ok(Some((script, chunk))) => {
                        loaded.scripts.push(Some(script));
                        chunks.push(chunk);
                        copies.push(HashMap::new());
                        Some(loaded.scripts.len() - 1)
                    }
                    Ok(None) => None, // disabled, unchanged
                    Err(msg) => {
                        let mark = Mark::new(line_of(&msg).max(1), 1);
                        diags.push(Diagnostic::error(&leaf.script, mark, msg));
                        None
                    }
                }
            });
            loaded.leaf_script.push(slot);
            let Some(slot) = slot else { continue };
            let script = loaded.scripts[slot].as_mut().expect("just loaded");
            let (ret, env) = &chunks[slot];
            script.sandbox.limits.arm(); // a returned table's __index is script code
            let func = match (&leaf.function, ret) {
                (None, Value::Function(f)) => Some(f.clone()),
                (Some(name), Value::Table(t)) => {
                    t.get::<Option<Function>>(name.as_str()).ok().flatten()
                }
                _ => None,
            };
            let func = func.or_else(|| {
                let name = leaf.function.as_ref()?;
                env.get::<Option<Function>>(name.as_str()).ok().flatten()
            });
            let Some(func) = func else {
                let msg = match &leaf.function {
                    Some(n) => format!("function `{n}` not found in {} (neither in its returned table nor a global)", leaf.script.display()),
                    None => format!("{} must return a function (or name one with `function:`)", leaf.script.display()),
                };
                diags.push(Diagnostic::error(&leaf.file, leaf.mark, msg));
                continue;
            };
            let state = match self.states.get(&*leaf.path) {
                Some(old) => script.sandbox.copy_in(old, &mut copies[slot]),
                None => script.sandbox.lua.create_table(),
            };
            let state = match state.or_else(|e| {
                log::warn!(target: "nhbot::lua", "{}: the node's state was not carried over: {e}", leaf.path);
                script.sandbox.lua.create_table()
            }) {
                Ok(t) => t,
                Err(e) => {
                    let msg = format!("cannot create the node's Lua state: {e}");
                    diags.push(Diagnostic::error(&leaf.file, leaf.mark, msg));
                    continue;
                }
            };
            let path = match script.sandbox.lua.create_string(&*leaf.path) {
                Ok(p) => p,
                Err(e) => {
                    let msg = format!("cannot create the node's path string: {e}");
                    diags.push(Diagnostic::error(&leaf.file, leaf.mark, msg));
                    continue;
                }
            };
            states.insert(leaf.path.to_string(), state.clone());
            script.leaves.insert(i, (func, state, path));
        }
        if diags.iter().filter(|d| d.is_error()).count() == errors_before {
            self.states = states;
            self.last_error.clear();
        }
        loaded
    }

    /// A fresh state running `script`'s chunk: the script, its first return value and its
    /// environment. `None` while the script is disabled and unchanged.
    fn open(&mut self, script: &Path) -> Result<Option<(Script, Chunk)>, String> {
        if let Some(sources) = self.disabled.get(script) {
            if sources
                .iter()
                .all(|(p, h)| sandbox::hash_file(p) == Some(*h))
            {
                return Ok(None);
            }
            self.disabled.remove(script);
        }
        let name = display_name(script, &self.scripts_dir);
        let real = sandbox::inside(&self.scripts_dir, script)?;
        let src =
            sandbox::read_script(&real).map_err(|e| format!("cannot read Lua script: {e}"))?;
        let sb = Sandbox::new(&self.scripts_dir, &self.kb)
            .map_err(|e| format!("cannot start Lua: {e}"))?;
        if let Ok(mut s) = sb.sources.lock() {
            s.push((real, sandbox::hash(&src)));
        }
        let env = sb.env().map_err(|e| e.to_string())?;
        sb.limits.arm();
        let ret = sb
            .lua
            .load(src)
            .set_mode(ChunkMode::Text) // precompiled chunks are not checked by Lua: never load one
            .set_name(format!("@{name}"))
            .set_environment(env.clone())
            .call::<Value>(());
        match ret {
            Ok(ret) => Ok(Some((
                Script {
                    name,
                    path: script.to_path_buf(),
                    sandbox: sb,
                    leaves: HashMap::new(),
                },
                (ret, env),
            ))),
            Err(e) => Err(match limit_error(&sb, Err(&e), &name) {
                Some(msg) => msg,
                None => match e {
                    mlua::Error::SyntaxError { .. } => first_line(&e, &name),
                    _ => describe(&e, &name),
                },
            }),
        }
    }

    /// Nothing to drop: each load keeps the node states of its own leaves only.
    pub fn keep_states(&self, _prog: &Program) {}

    /// Runs `f` with `world` visible to Lua leaves (each script state's read-only `world`
    /// userdata reads it during each leaf call only). Always `Some`.
    pub fn with_world<R>(
        &mut self,
        world: &nhbot_world::World,
        f: impl FnOnce(&mut LuaCall<'_>) -> R,
    ) -> Option<R> {
        self.decisions += 1;
        if self.inventory != world.inventory {
            self.inventory.clone_from(&world.inventory);
            self.inventory_changes += 1;
        }
        let decision = luaapi::DecisionStamp {
            decision: self.decisions,
            inventory: self.inventory_changes,
        };
        Some(f(&mut LuaCall {
            engine: self,
            world,
            decision,
        }))
    }

    /// The table a script's globals come from (for the tests of `luadef`).
    #[cfg(test)]
    pub(crate) fn base(&self) -> &Table {
        &self.probe.base
    }

    /// Reports a syntax error in a script without running it.
    pub fn syntax_check(&self, script: &Path) -> Option<Diagnostic> {
        let name = display_name(script, &self.scripts_dir);
        let err = match sandbox::read_script(script) {
            Err(e) => format!("cannot read Lua script: {e}"),
            Ok(src) => match mlua::Lua::new()
                .load(src)
                .set_mode(ChunkMode::Text)
                .set_name(format!("@{name}"))
                .into_function()
            {
                Ok(_) => return None,
                Err(e) => first_line(&e, &name),
            },
        };
        Some(Diagnostic::error(
            script,
            Mark::new(line_of(&err).max(1), 1),
            err,
        ))
    }

    /// Keeps a leaf error for the engine, unless it is the one this leaf reported last.
    fn report(&mut self, path: &str, mut message: String) {
        if message.len() > MAX_MESSAGE {
            let mut cut = MAX_MESSAGE;
            while !message.is_char_boundary(cut) {
                cut -= 1;
            }
            message.truncate(cut);
            message.push('…');
        }
        if self.last_error.get(path) == Some(&message) {
            return;
        }
        log::debug!(target: "nhbot::lua", "leaf {path} failed: {message}");
        self.last_error.insert(path.to_string(), message.clone());
        if self.errors.len() >= MAX_KEPT_ERRORS {
            self.errors.remove(0);
        }
        self.errors.push(LeafError {
            path: path.to_string(),
            message,
        });
    }

    /// Closes a script's state and keeps it off until one of its files changes.
    fn disable(&mut self, script: Script) {
        let sources = script
            .sandbox
            .sources
            .lock()
            .map(|s| s.clone())
            .unwrap_or_default();
        self.disabled.insert(script.path.clone(), sources);
        self.states.retain(|_, t| {
            !script
                .leaves
                .values()
                .any(|(_, s, _)| s.to_pointer() == t.to_pointer())
        });
    }
}

/// Calls into Lua during one decision.
pub struct LuaCall<'a> {
    engine: &'a mut LuaEngine,
    world: &'a nhbot_world::World,
    /// This decision's number and pack (see `LuaEngine::decisions`).
    decision: luaapi::DecisionStamp,
}

impl LuaCall<'_> {
    /// Runs Lua leaf `leaf` with the tree's Lua blackboard lent to its script for the call.
    pub fn call(
        &mut self,
        scripts: &mut LoadedScripts,
        prog: &Program,
        leaf: usize,
        board: &mut LuaBoard,
        progress: &crate::plan::PlanProgress,
    ) -> LeafOutcome {
        let meta = &prog.lua_leaves[leaf];
        let Some(&Some(slot)) = scripts.leaf_script.get(leaf) else {
            return LeafOutcome::Failure;
        };
        // An empty slot is a disabled script: its error was reported when it was disabled.
        let Some(script) = scripts.scripts[slot].as_ref() else {
            return LeafOutcome::Failure;
        };
        let Some((func, state, path)) = script.leaves.get(&leaf) else {
            return LeafOutcome::Failure;
        };
        let sb = &script.sandbox;
        // Dead userdata waits for its finalizer, which only a full collection runs (not the
        // emergency one of a failed allocation): a call starts without such garbage.
        if sb.lua.used_memory() > MEMORY_LIMIT / 2 {
            let _ = sb.lua.gc_collect();
        }
        sb.limits.arm();
        plan::lend(&sb.plan, progress);
        let world = self.world;
        let result = {
            let _lent = board::Lent::new(&sb.board, board);
            let (slot, world_ud) = &sb.world;
            let _world = slot.lend_at(world, self.decision.decision);
            luaapi::WorldView::begin(&sb.lua, self.decision);
            // The leaf's own tree path: `world.last_decision.path == path` was this leaf.
            let result = func.call::<Value>((world_ud, state, path));
            luaapi::WorldView::end(&sb.lua);
            result
        };
        self.engine
            .keep_log(&meta.path, world.decisions, sb.limits.take_log());
        if let Some(msg) = limit_error(sb, result.as_ref(), &script.name) {
            let msg = format!("{msg}; {} is disabled until it changes", script.name);
            let script = scripts.scripts[slot].take().expect("checked above");
            self.engine.disable(script);
            self.engine.last_error.remove(&*meta.path);
            self.engine.report(&meta.path, msg);
            return LeafOutcome::Failure;
        }
        let outcome = result
            .map_err(|e| describe(&e, &script.name))
            .and_then(|v| luaapi::outcome_of(v).map_err(|m| format!("{}: {m}", defined(func))));
        match outcome {
            Ok(o) => {
                // Most games never see a leaf error: no hashing of the path at every call then.
                if !self.engine.last_error.is_empty() {
                    self.engine.last_error.remove(&*meta.path);
                }
                o
            }
            Err(message) => {
                self.engine.report(&meta.path, message);
                LeafOutcome::Failure
            }
        }
    }
}

impl LuaEngine {
    /// Keeps what a leaf logged in one call (already bounded per call), oldest lines dropped
    /// first past [`MAX_KEPT_LOG_LINES`].
    fn keep_log(&mut self, path: &str, decision: u64, lines: Vec<String>) {
        for text in lines {
            if self.logs.len() >= MAX_KEPT_LOG_LINES {
                self.logs.remove(0);
            }
            self.logs.push(LeafLog {
                decision,
                path: path.to_string(),
                text,
            });
        }
    }
}

/// A `blackboard` table in `lua` with an empty board of its own (for the tests of `luadef`).
#[cfg(test)]
pub(crate) fn sample_blackboard_table(lua: &mlua::Lua) -> mlua::Result<Table> {
    let slot = board::BoardSlot::default();
    if let Ok(mut s) = slot.lock() {
        *s = Some(LuaBoard::default());
    }
    let limits = std::sync::Arc::new(limits::Limits::new());
    limits.arm();
    board::board_table(lua, &slot, &limits)
}

/// A `plan` table in `lua` over `progress` (for the tests of `luadef`).
#[cfg(test)]
pub(crate) fn sample_plan_table(
    lua: &mlua::Lua,
    progress: &crate::plan::PlanProgress,
) -> mlua::Result<Table> {
    let slot = plan::PlanSlot::default();
    plan::lend(&slot, progress);
    plan::plan_table(lua, &slot)
}

/// `scripts/eat.lua` for a script inside the scripts dir, else the path as given.
fn display_name(script: &Path, scripts_dir: &Path) -> String {
    match script.strip_prefix(scripts_dir) {
        Ok(rel) => format!("scripts/{}", rel.display()),
        Err(_) => script.display().to_string(),
    }
}
