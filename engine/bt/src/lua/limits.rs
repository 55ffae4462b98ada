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
    /// Where the hook stopped the call (`scripts/x.lua:3 in function f`), for a report whose
    /// error the script replaced on its way out.
    pub(crate) stopped_at: Mutex<Option<String>>,
    nesting: AtomicUsize,
    /// What `log` and `print` wrote in this call, for the decision log (bounded, see
    /// [`Limits::log_line`]).
    log: Mutex<LogBuffer>,
}

/// Lines one leaf call may log (`log`, `print`); the rest are dropped, with one note saying so.
pub const LOG_LINES: usize = 20;
/// Bytes one leaf call may log, all lines together; a line past it is cut.
pub const LOG_BYTES: usize = 2048;

#[derive(Default)]
struct LogBuffer {
    lines: Vec<String>,
    bytes: usize,
    dropped: bool,
}

impl Limits {
    pub(crate) fn new() -> Limits {
        Limits {
            epoch: Instant::now(),
            budget: AtomicI64::new(INSTRUCTION_LIMIT),
            deadline: AtomicU64::new(0),
            exceeded: Mutex::new(None),
            near: Mutex::new(None),
            stopped_at: Mutex::new(None),
            nesting: AtomicUsize::new(0),
            log: Mutex::new(LogBuffer::default()),
        }
    }

    fn now(&self) -> u64 {
        self.epoch.elapsed().as_nanos() as u64
    }

    pub(crate) fn arm(&self) {
        self.budget.store(INSTRUCTION_LIMIT, Ordering::Relaxed);
        let deadline = self.now() + TIME_LIMIT.as_nanos() as u64;
        self.deadline.store(deadline, Ordering::Relaxed);
        if let Ok(mut log) = self.log.lock() {
            *log = LogBuffer::default();
        }
        if let Ok(mut e) = self.exceeded.lock() {
            *e = None;
        }
        if let Ok(mut at) = self.stopped_at.lock() {
            *at = None;
        }
    }

    /// Admits one logged line within [`LOG_LINES`] and [`LOG_BYTES`] per call: the line (cut to
    /// the bytes left), the note that further lines are dropped (once), or nothing.
    pub(crate) fn log_line(&self, line: &[u8]) -> Option<String> {
        let mut log = self.log.lock().ok()?;
        let left = LOG_BYTES.saturating_sub(log.bytes);
        if log.lines.len() >= LOG_LINES || left == 0 {
            if std::mem::replace(&mut log.dropped, true) {
                return None;
            }
            let note = format!(
                "(more lines logged in this call dropped: at most {LOG_LINES} lines, {LOG_BYTES} bytes per call)"
            );
            log.lines.push(note.clone());
            return Some(note);
        }
        let text = String::from_utf8_lossy(line);
        let mut cut = text.len().min(left);
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let text = text[..cut].to_string();
        log.bytes += cut.max(1);
        log.lines.push(text.clone());
        Some(text)
    }

    /// The lines logged in this call so far, taken.
    pub(crate) fn take_log(&self) -> Vec<String> {
        self.log
            .lock()
            .map(|mut l| std::mem::take(&mut l.lines))
            .unwrap_or_default()
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

/// `scripts/x.lua:12 in function helper`: the innermost script line on the stack from `level`
/// (0 is the running function), skipping the sandbox's own Lua (prelude.lua) and Rust functions,
/// with the function running there.
pub(crate) fn script_place(lua: &Lua, level: usize) -> Option<String> {
    (level..level + 64)
        .map_while(|l| {
            lua.inspect_stack(l, |d| {
                let source = d.source();
                let src = source.short_src.map(|s| s.into_owned())?;
                let line = d.current_line().filter(|&l| l > 0)?;
                if src == PRELUDE_NAME {
                    return None;
                }
                let names = d.names();
                let function = function_label(
                    names.name.as_deref(),
                    source.what,
                    &src,
                    source.line_defined.unwrap_or(0),
                );
                Some(format!("{src}:{line} in {function}"))
            })
        })
        .flatten()
        .next()
}

/// How an error names the function it happened in: `function helper`, `main chunk`, or, for a
/// function Lua has no name for (the leaf function the engine calls, a tail call),
/// `function <scripts/x.lua:4>` where it is defined, as Lua's own tracebacks do.
pub(crate) fn function_label(name: Option<&str>, what: &str, src: &str, defined: usize) -> String {
    match name {
        Some(n) if !n.is_empty() && n != "?" => format!("function {n}"),
        _ if what == "main" => "main chunk".into(),
        _ => format!("function <{src}:{defined}>"),
    }
}

/// An error raised at the calling Lua line, as `luaL_error` does.
pub(crate) fn lua_error(lua: &Lua, msg: impl std::fmt::Display) -> mlua::Error {
    mlua::Error::RuntimeError(format!("{}{msg}", where_(lua)))
}

/// `scripts/x.lua:12 in function f: ` for the script line calling the current Rust function.
pub(crate) fn where_(lua: &Lua) -> String {
    script_place(lua, 1)
        .map(|p| format!("{p}: "))
        .unwrap_or_default()
}
