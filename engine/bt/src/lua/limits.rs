//! The limits of one call into a script's state (instruction budget, deadline, nesting) and
//! where in the script a limit or an error is reported. Shared by the sandbox (the hook, the
//! prelude's wrappers) and the metered string functions.

use super::{INSTRUCTION_LIMIT, TIME_LIMIT};
use mlua::Lua;
use std::sync::atomic::{AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Nested `require`s and Rust calls back into Lua allowed at once (each nests Rust frames).
const MAX_NESTING: usize = 16;

/// The chunk name of prelude.lua (`=sandbox` shows as `sandbox`).
pub(crate) const PRELUDE_NAME: &str = "sandbox";

/// The limits of the current call of one state, re-armed at each call.
pub(crate) struct Limits {
    epoch: Instant,
    budget: AtomicI64,
    /// Nanoseconds since `epoch`.
    deadline: AtomicU64,
    /// Why the call went past a limit; once set, every hook and charge fails until re-armed.
    exceeded: Mutex<Option<String>>,
    /// Where the hook last saw the script while its memory was high (memory errors carry no
    /// line of their own).
    pub(crate) near: Mutex<Option<String>>,
    nesting: AtomicUsize,
    /// Lines printed in this call (the sandbox's `print` caps them).
    pub(crate) prints: AtomicUsize,
}

impl Limits {
    pub(crate) fn new() -> Limits {
        Limits {
            epoch: Instant::now(),
            budget: AtomicI64::new(INSTRUCTION_LIMIT),
            deadline: AtomicU64::new(0),
            exceeded: Mutex::new(None),
            near: Mutex::new(None),
            nesting: AtomicUsize::new(0),
            prints: AtomicUsize::new(0),
        }
    }

    fn now(&self) -> u64 {
        self.epoch.elapsed().as_nanos() as u64
    }

    pub(crate) fn arm(&self) {
        self.budget.store(INSTRUCTION_LIMIT, Ordering::Relaxed);
        let deadline = self.now() + TIME_LIMIT.as_nanos() as u64;
        self.deadline.store(deadline, Ordering::Relaxed);
        self.prints.store(0, Ordering::Relaxed);
        if let Ok(mut e) = self.exceeded.lock() {
            *e = None;
        }
    }

    /// Why this call went past a limit, if it did.
    pub(crate) fn exceeded(&self) -> Option<String> {
        self.exceeded.lock().ok().and_then(|e| e.clone())
    }

    pub(crate) fn trip(&self, why: String) {
        if let Ok(mut e) = self.exceeded.lock() {
            e.get_or_insert(why);
        }
    }

    /// Pays `n` instructions (or matcher steps); fails once the budget or the deadline is passed,
    /// and then at every later charge of the same call.
    pub(crate) fn charge(&self, n: i64) -> Result<(), String> {
        if let Some(why) = self.exceeded() {
            return Err(why);
        }
        let left = self.budget.fetch_sub(n, Ordering::Relaxed) - n;
        let why = if left < 0 {
            format!("instruction limit ({INSTRUCTION_LIMIT}) exceeded")
        } else if self.now() > self.deadline.load(Ordering::Relaxed) {
            format!(
                "time limit ({} ms per call) exceeded",
                TIME_LIMIT.as_millis()
            )
        } else {
            return Ok(());
        };
        self.trip(why.clone());
        Err(why)
    }
}

/// Counts Rust frames that call back into Lua (`require`, `gsub` with a function or table);
/// each level costs native stack, which Lua's own C-call limit does not account for.
pub(crate) struct Nesting<'a>(&'a Limits);

impl<'a> Nesting<'a> {
    pub(crate) fn enter(limits: &'a Limits, what: &str) -> Result<Nesting<'a>, String> {
        if limits.nesting.fetch_add(1, Ordering::Relaxed) >= MAX_NESTING {
            limits.nesting.fetch_sub(1, Ordering::Relaxed);
            return Err(format!("{what}: nested more than {MAX_NESTING} deep"));
        }
        Ok(Nesting(limits))
    }
}

impl Drop for Nesting<'_> {
    fn drop(&mut self) {
        self.0.nesting.fetch_sub(1, Ordering::Relaxed);
    }
}

/// `scripts/x.lua:12`: the innermost script line on the stack from `level` (0 is the running
/// function), skipping the sandbox's own Lua (prelude.lua) and Rust functions.
pub(crate) fn script_place(lua: &Lua, level: usize) -> Option<String> {
    (level..level + 64)
        .map_while(|l| {
            lua.inspect_stack(l, |d| {
                let src = d.source().short_src.map(|s| s.into_owned())?;
                let line = d.current_line().filter(|&l| l > 0)?;
                (src != PRELUDE_NAME).then(|| format!("{src}:{line}"))
            })
        })
        .flatten()
        .next()
}

/// An error raised at the calling Lua line, as `luaL_error` does.
pub(crate) fn lua_error(lua: &Lua, msg: impl std::fmt::Display) -> mlua::Error {
    mlua::Error::RuntimeError(format!("{}{msg}", where_(lua)))
}

/// `scripts/x.lua:12: ` for the script line calling the current Rust function.
pub(crate) fn where_(lua: &Lua) -> String {
    script_place(lua, 1)
        .map(|p| format!("{p}: "))
        .unwrap_or_default()
}
