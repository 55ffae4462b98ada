//! One script's Lua state and its limits.
//!
//! Every script gets a state of its own, so scripts share nothing: no library table, no string
//! metatable, no `act`/`kb` table, no memory. What one script breaks (`string.find = nil`) or
//! fills up, it breaks or fills for itself only, and only until its next load (each load makes a
//! fresh state). The state's memory limit holds over its whole life; each call (and each chunk
//! run) gets an instruction budget and a wall-clock deadline, checked by a hook that every
//! coroutine inherits and by the Rust string functions.

use super::board::{self, BoardSlot};
use super::limits::{lua_error, where_, Limits, Nesting, PRELUDE_NAME};
use super::plan::{plan_table, PlanSlot};
use super::strings;
use super::{MEMORY_LIMIT, SAFE_GLOBALS};
use crate::luaapi::{self, SharedKb};
use mlua::state::{GcGenParams, GcMode};
use mlua::{ffi, Lua, LuaOptions, StdLib, Table, Value};
use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_void};
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The hook runs every this many instructions (per coroutine).
pub(crate) const HOOK_EVERY: u32 = 100;
/// Largest script or module file read.
const MAX_FILE: u64 = 1 << 20;
/// Node state copied into a new state no deeper than this.
const MAX_COPY_DEPTH: usize = 64;

/// What a memory error says, wherever Lua raised it.
const MEMORY_ERROR: &str = "not enough memory";

/// True for a memory error, also when it went through Rust callbacks.
pub(crate) fn is_memory_error(e: &mlua::Error) -> bool {
    match e {
        mlua::Error::MemoryError(_) => true,
        mlua::Error::CallbackError { cause, .. } => is_memory_error(cause),
        mlua::Error::RuntimeError(m) => m == MEMORY_ERROR,
        _ => false,
    }
}

/// A script's Lua state.
pub(crate) struct Sandbox {
    pub(crate) lua: Lua,
    pub(crate) limits: Arc<Limits>,
    /// What a script's globals fall back to (its environment is a fresh table over this).
    pub(crate) base: Table,
    /// The files this state read (the script, then the modules it required) with a hash of
    /// their text: a script disabled for a limit stays off until one of them changes.
    pub(crate) sources: Arc<Mutex<Vec<(PathBuf, u64)>>>,
    /// The tree's Lua blackboard while a leaf of this script runs (see [`board`]).
    pub(crate) board: BoardSlot,
    /// What the tree's plans follow and remember, as of the running leaf call.
    pub(crate) plan: PlanSlot,
    /// The `world` every leaf call of this state is given, and the slot it reads the world of
    /// the running call from (see `luaapi::WorldSlot`).
    pub(crate) world: (luaapi::WorldSlot, mlua::AnyUserData),
}

impl Sandbox {
    pub(crate) fn new(scripts_dir: &Path, kb: &SharedKb) -> mlua::Result<Sandbox> {
        let libs = StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8 | StdLib::COROUTINE;
        let lua = Lua::new_with(libs, LuaOptions::default())?;
        luaapi::register_world(&lua)?;
        luaapi::WorldView::install(&lua);
        let limits = Arc::new(Limits::new());
        let globals = lua.globals();
        strings::install(&lua, &globals.get::<Table>("string")?, &limits)?;
        lua.load(include_str!("prelude.lua"))
            .set_name(format!("={PRELUDE_NAME}"))
            .call::<()>(prelude_args(&lua, &limits)?)?;
        let base = lua.create_table()?;
        for name in SAFE_GLOBALS {
            base.set(*name, globals.get::<Value>(*name)?)?;
        }
        base.set("print", globals.get::<Value>("print")?)?;
        base.set("log", globals.get::<Value>("log")?)?;
        base.set("act", luaapi::act_table(&lua)?)?;
        base.set("kb", luaapi::kb_table(&lua, kb)?)?;
        let board = BoardSlot::default();
        base.set("blackboard", board::board_table(&lua, &board, &limits)?)?;
        let plan = PlanSlot::default();
        base.set("plan", plan_table(&lua, &plan)?)?;
        let slot = luaapi::WorldSlot::default();
        let world = (slot.clone(), lua.create_any_userdata(slot)?);
        luaapi::install_world_index(&lua, &world.1, &world.0)?;
        let sandbox = Sandbox {
            lua,
            limits,
            base,
            sources: Arc::default(),
            board,
            plan,
            world,
        };
        sandbox.install_require(scripts_dir)?;
        // Each call leaves userdata with finalizers behind (the world, act.* actions), and Lua
        // frees such an object a cycle after finding it dead. With the incremental collector's
        // pause, each cycle then starts later than the last: an honest leaf's garbage grew
        // without bound and, counted against a lifelong limit, disabled it after ~100,000 calls
        // (100 actions a call: ~3,000). The generational collector frees it young.
        sandbox
            .lua
            .gc_set_mode(GcMode::Generational(GcGenParams::default()));
        sandbox.lua.set_memory_limit(MEMORY_LIMIT)?;
        sandbox.install_hook()?;
        Ok(sandbox)
    }

    /// Installs [`count_hook`] with the C API. Coroutines inherit a thread's C hook when they are
    /// created; mlua's own hooks are no use here: a per-thread one is dropped by every coroutine,
    /// and the error path of both truncates the running function's stack (`lua_settop`), which
    /// runs its to-be-closed variables' `__close` right there, inside the hook, where hooks are off:
    /// `local x <close> = ...` with a looping `__close` then ran forever.
    fn install_hook(&self) -> mlua::Result<()> {
        let limits = Arc::as_ptr(&self.limits) as *mut c_void;
        // SAFETY: plain C API calls on the main thread; the pointer stays valid while the state
        // lives, as `self.limits` outlives `self.lua` (fields drop in order).
        unsafe {
            self.lua.exec_raw::<()>((), |state| {
                ffi::lua_pushlightuserdata(state, limits);
                ffi::lua_rawsetp(state, ffi::LUA_REGISTRYINDEX, limits_key());
                ffi::lua_sethook(
                    state,
                    Some(count_hook),
                    ffi::LUA_MASKCOUNT,
                    HOOK_EVERY as c_int,
                );
            })
        }
    }

    /// `require "a.b"` loads scripts/a/b.lua, in this state, in its own environment.
    fn install_require(&self, scripts_dir: &Path) -> mlua::Result<()> {
        let dir = scripts_dir.to_path_buf();
        let base = self.base.clone();
        let cache = self.lua.create_table()?;
        let sources = self.sources.clone();
        let limits = self.limits.clone();
        let loading = Mutex::new(std::collections::HashSet::<String>::new());
        let require = self.lua.create_function(move |lua, name: String| {
            let hit = cache.get::<Value>(name.as_str())?;
            if !hit.is_nil() {
                return Ok(hit);
            }
            if loading.lock().is_ok_and(|l| l.contains(&name)) {
                return Err(lua_error(lua, format!("require: `{name}` requires itself")));
            }
            let path = module_path(&dir, &name).map_err(|e| lua_error(lua, e))?;
            let src =
                read_script(&path).map_err(|e| lua_error(lua, format!("require `{name}`: {e}")))?;
            if let Ok(mut s) = sources.lock() {
                s.push((path.clone(), hash(&src)));
            }
            let _nest = Nesting::enter(&limits, "require").map_err(|e| lua_error(lua, e))?;
            let rel = path
                .strip_prefix(canonical(&dir))
                .unwrap_or(&path)
                .to_path_buf();
            if let Ok(mut l) = loading.lock() {
                l.insert(name.clone());
            }
            let value = lua
                .load(src)
                .set_mode(mlua::chunk::ChunkMode::Text)
                .set_name(format!("@scripts/{}", rel.display()))
                .set_environment(env(lua, &base)?)
                .call::<Value>(());
            if let Ok(mut l) = loading.lock() {
                l.remove(&name);
            }
            let value = value?;
            // A module returning nothing is cached as true, as in Lua.
            let value = if value.is_nil() {
                Value::Boolean(true)
            } else {
                value
            };
            cache.set(name.as_str(), value.clone())?;
            Ok(value)
        })?;
        self.base.set("require", require)
    }

    /// A fresh environment for one chunk: its globals stay in it.
    pub(crate) fn env(&self) -> mlua::Result<Table> {
        env(&self.lua, &self.base)
    }

    /// Copies plain data (tables, strings, numbers, booleans) from another state's table;
    /// functions, userdata and metatables do not cross states. Shared tables stay shared.
    pub(crate) fn copy_in(
        &self,
        from: &Table,
        seen: &mut HashMap<usize, Table>,
    ) -> mlua::Result<Table> {
        copy_table(&self.lua, from, seen, 0)
    }
}

fn prelude_args(lua: &Lua, limits: &Arc<Limits>) -> mlua::Result<mlua::MultiValue> {
    let l = limits.clone();
    // The reason as a Lua string; just `true` if even that cannot be allocated.
    let said = |lua: &Lua, why: &str| {
        Ok(lua
            .create_string(why)
            .map_or(Value::Boolean(true), Value::String))
    };
    let fatal = lua.create_function(move |lua, err: Value| {
        if let Some(why) = l.exceeded() {
            return said(lua, &why);
        }
        let memory = match &err {
            Value::String(s) => s.as_bytes().as_ref() == MEMORY_ERROR.as_bytes(),
            Value::Error(e) => is_memory_error(e),
            _ => false,
        };
        if !memory {
            return Ok(Value::Boolean(false));
        }
        let why = memory_message(&l);
        l.trip(why.clone());
        said(lua, &why)
    })?;
    let l = limits.clone();
    let charge = lua.create_function(move |lua, ()| {
        l.charge(i64::from(HOOK_EVERY))
            .map_err(|why| lua_error(lua, why))
    })?;
    let l = limits.clone();
    // `log` and `print`: to the log target nhbot::lua now, and kept for the decision log.
    let emit = lua.create_function(move |lua, line: mlua::LuaString| {
        if let Some(text) = l.log_line(&line.as_bytes()) {
            log::info!(target: "nhbot::lua", "{}{text}", where_(lua));
        }
        Ok(())
    })?;
    Ok(mlua::MultiValue::from(vec![
        Value::Function(fatal),
        Value::Function(charge),
        Value::Function(emit),
    ]))
}

fn limits_key() -> *const c_void {
    static KEY: u8 = 0;
    &KEY as *const u8 as *const c_void
}

/// Runs every [`HOOK_EVERY`] instructions of every coroutine: pays them, and raises the limit
/// error once the call is past its budget or its deadline (and at every later run, until the
/// call returns). A plain C hook: it must not keep anything with a destructor alive across
/// `lua_error`, which unwinds with longjmp.
unsafe extern "C-unwind" fn count_hook(state: *mut ffi::lua_State, _: *mut ffi::lua_Debug) {
    ffi::lua_rawgetp(state, ffi::LUA_REGISTRYINDEX, limits_key());
    let limits = ffi::lua_touserdata(state, -1) as *const Limits;
    ffi::lua_pop(state, 1);
    let Some(limits) = limits.as_ref() else {
        return;
    };
    let used_kib = ffi::lua_gc(state, ffi::LUA_GCCOUNT) as usize;
    if used_kib > MEMORY_LIMIT / 4 / 1024 {
        if let (Ok(mut near), Some(place)) = (limits.near.lock(), raw_place(state)) {
            *near = Some(place.as_str().to_string());
        }
    }
    let mut msg = StackText::default();
    match limits.charge(i64::from(HOOK_EVERY)) {
        Ok(()) => return,
        Err(why) => {
            let place = raw_place(state).unwrap_or_default();
            if let Ok(mut at) = limits.stopped_at.lock() {
                at.get_or_insert_with(|| place.as_str().to_string());
            }
            let _ = write!(msg, "{}: {why}", place.as_str());
        }
    }
    // Only `msg` (no destructor) is alive from here.
    ffi::lua_pushlstring(state, msg.buf.as_ptr() as *const c_char, msg.len);
    ffi::lua_error(state);
}

/// A short text on the stack, for [`count_hook`] (nothing to drop before a longjmp).
struct StackText {
    buf: [u8; 256],
    len: usize,
}

impl Default for StackText {
    fn default() -> Self {
        StackText {
            buf: [0; 256],
            len: 0,
        }
    }
}

impl StackText {
    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.buf[..self.len]).unwrap_or("?")
    }
}

impl std::fmt::Write for StackText {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let room = self.buf.len() - self.len;
        let mut n = s.len().min(room);
        while !s.is_char_boundary(n) {
            n -= 1;
        }
        self.buf[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        Ok(())
    }
}

/// [`script_place`] with the C API, for the hook: `scripts/x.lua:12 in function f`.
unsafe fn raw_place(state: *mut ffi::lua_State) -> Option<StackText> {
    for level in 0..64 {
        let mut ar: ffi::lua_Debug = std::mem::zeroed();
        if ffi::lua_getstack(state, level, &mut ar) == 0 {
            return None;
        }
        ffi::lua_getinfo(state, c"Sln".as_ptr(), &mut ar);
        let src = std::ffi::CStr::from_ptr(ar.short_src.as_ptr())
            .to_str()
            .unwrap_or("?");
        if ar.currentline > 0 && src != PRELUDE_NAME {
            let mut place = StackText::default();
            let _ = write!(place, "{src}:{} in ", ar.currentline);
            let name = (!ar.name.is_null())
                .then(|| std::ffi::CStr::from_ptr(ar.name).to_str().ok())
                .flatten()
                .filter(|n| !n.is_empty() && *n != "?");
            let main =
                !ar.what.is_null() && std::ffi::CStr::from_ptr(ar.what).to_bytes() == b"main";
            // As limits::function_label, without allocating.
            let _ = match name {
                Some(n) => write!(place, "function {n}"),
                None if main => write!(place, "main chunk"),
                None => write!(place, "function <{src}:{}>", ar.linedefined),
            };
            return Some(place);
        }
    }
    None
}

/// What a memory error is reported as, with the last place the hook saw.
pub(crate) fn memory_message(limits: &Limits) -> String {
    let near = limits.near.lock().ok().and_then(|n| n.clone());
    let what = format!(
        "memory limit ({} MiB per script) exceeded",
        MEMORY_LIMIT >> 20
    );
    match near {
        Some(place) => format!("{place}: {what}"),
        None => what,
    }
}

fn env(lua: &Lua, base: &Table) -> mlua::Result<Table> {
    let env = lua.create_table()?;
    let meta = lua.create_table()?;
    meta.set("__index", base.clone())?;
    // Hides `base` (and so every other chunk's globals) from getmetatable(_ENV).
    meta.set("__metatable", false)?;
    env.set_metatable(Some(meta))?;
    Ok(env)
}

fn canonical(dir: &Path) -> PathBuf {
    dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf())
}

/// The file of module `name` (`a.b` is scripts/a/b.lua): plain names only, and the file, links
/// resolved, must be inside the scripts directory.
pub(crate) fn module_path(scripts_dir: &Path, name: &str) -> Result<PathBuf, String> {
    let parts: Vec<&str> = name.split('.').collect();
    let plain =
        |p: &&str| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !parts.iter().all(plain) {
        return Err(format!(
            "require: bad module name `{name}` (use names like `util` or `lib.path`, inside scripts/)"
        ));
    }
    inside(
        scripts_dir,
        &scripts_dir.join(format!("{}.lua", parts.join("/"))),
    )
}

/// `path` with links resolved, if it is a regular file inside `scripts_dir`.
pub(crate) fn inside(scripts_dir: &Path, path: &Path) -> Result<PathBuf, String> {
    let shown = path
        .strip_prefix(scripts_dir)
        .unwrap_or(path)
        .display()
        .to_string();
    let real = path
        .canonicalize()
        .map_err(|e| format!("scripts/{shown}: {e}"))?;
    if !real.starts_with(canonical(scripts_dir)) {
        return Err(format!(
            "scripts/{shown} leads outside the scripts directory"
        ));
    }
    Ok(real)
}

/// A script's text: regular files only (a FIFO would block), at most [`MAX_FILE`] bytes.
pub(crate) fn read_script(path: &Path) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    if meta.len() > MAX_FILE {
        return Err(format!("larger than {} KiB", MAX_FILE >> 10));
    }
    std::fs::read_to_string(path).map_err(|e| e.to_string())
}

pub(crate) fn hash(text: &str) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

/// The hash of a file's text now, if it can be read.
pub(crate) fn hash_file(path: &Path) -> Option<u64> {
    read_script(path).ok().map(|t| hash(&t))
}

fn copy_table(
    lua: &Lua,
    from: &Table,
    seen: &mut HashMap<usize, Table>,
    depth: usize,
) -> mlua::Result<Table> {
    let key = from.to_pointer() as usize;
    if let Some(t) = seen.get(&key) {
        return Ok(t.clone());
    }
    let to = lua.create_table()?;
    seen.insert(key, to.clone());
    // Raw iteration: no metamethod of the old state runs.
    for pair in from.pairs::<Value, Value>() {
        let (k, v) = pair?;
        if let (Some(k), Some(v)) = (
            copy_value(lua, k, seen, depth)?,
            copy_value(lua, v, seen, depth)?,
        ) {
            to.raw_set(k, v)?;
        }
    }
    Ok(to)
}

fn copy_value(
    lua: &Lua,
    v: Value,
    seen: &mut HashMap<usize, Table>,
    depth: usize,
) -> mlua::Result<Option<Value>> {
    Ok(match v {
        Value::Boolean(_) | Value::Integer(_) | Value::Number(_) => Some(v),
        Value::String(s) => Some(Value::String(lua.create_string(&*s.as_bytes())?)),
        Value::Table(t) if depth < MAX_COPY_DEPTH => {
            Some(Value::Table(copy_table(lua, &t, seen, depth + 1)?))
        }
        _ => None,
    })
}
