//! The limits of one call into a script's state (instruction budget, deadline, nesting) and
//! where in the script a limit or an error is reported. Shared by the sandbox (the hook, the
//! prelude's wrappers) and the metered string functions.

use super::{INSTRUCTION_LIMIT, TIME_LIMIT, WALL_LIMIT};
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
    /// Nanoseconds since `epoch`: when the call may have used up [`TIME_LIMIT`] of CPU time
    /// (checked against the thread's CPU clock once passed, then moved on if it has not).
    deadline: AtomicU64,
    /// Nanoseconds since `epoch` when the call was armed (for [`WALL_LIMIT`]).
    armed_at: AtomicU64,
    /// The thread's CPU time when the call was armed, or a bound above it (see
    /// [`Limits::cpu_at_most`]): the CPU time used is then never overstated.
    cpu_at_arm: AtomicU64,
    /// The last reading of the CPU clock of the thread that armed a call: which thread, and the
    /// time since `epoch` and the thread's CPU time it was taken at.
    cpu_reading: Mutex<Option<(std::thread::ThreadId, u64, u64)>>,
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

/// How long a reading of a thread's CPU clock stands in for a fresh one when a call is armed
/// (see [`Limits::cpu_at_most`]).
const CPU_READING_KEPT: std::time::Duration = std::time::Duration::from_millis(20);

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
            armed_at: AtomicU64::new(0),
            cpu_at_arm: AtomicU64::new(0),
            cpu_reading: Mutex::new(None),
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
        let now = self.now();
        self.armed_at.store(now, Ordering::Relaxed);
        self.cpu_at_arm
            .store(self.cpu_at_most(now), Ordering::Relaxed);
        self.deadline
            .store(now + TIME_LIMIT.as_nanos() as u64, Ordering::Relaxed);
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

    /// The calling thread's CPU time at `now`, or a bound above it: a thread's CPU clock runs no
    /// faster than the wall clock, so within [`CPU_READING_KEPT`] of a reading it is at most
    /// that reading plus the wall time since. Reading the clock is a system call, and every
    /// Lua leaf call arms its limits (about ten a decision); the bound understates the CPU time
    /// a call uses by at most the time the thread was descheduled since the reading, which
    /// only delays a stop for [`TIME_LIMIT`] (and [`WALL_LIMIT`] still holds).
    fn cpu_at_most(&self, now: u64) -> u64 {
        let me = std::thread::current().id();
        let Ok(mut reading) = self.cpu_reading.lock() else {
            return thread_cpu_nanos();
        };
        if let Some((thread, at, cpu)) = *reading {
            let since = now.saturating_sub(at);
            if thread == me && since < CPU_READING_KEPT.as_nanos() as u64 {
                return cpu + since;
            }
        }
        let cpu = thread_cpu_nanos();
        *reading = Some((me, now, cpu));
        cpu
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
        } else {
            match self.out_of_time() {
                Some(OutOfTime::Cpu) => format!(
                    "time limit ({} ms per call) exceeded",
                    TIME_LIMIT.as_millis()
                ),
                Some(OutOfTime::Wall) => format!(
                    "wall-clock limit ({} ms per call) exceeded",
                    WALL_LIMIT.as_millis()
                ),
                None => return Ok(()),
            }
        };
        self.trip(why.clone());
        Err(why)
    }
}

impl Limits {
    /// Whether the call has used [`TIME_LIMIT`] of CPU time, or [`WALL_LIMIT`] of wall time.
    /// The wall clock alone would stop a cheap leaf whose thread was descheduled on a loaded
    /// machine (a bench's many games on two cores), and which leaf that hits would differ
    /// from run to run; CPU time does not depend on the load, so it is read (a system call)
    /// only once the wall-clock deadline has passed.
    fn out_of_time(&self) -> Option<OutOfTime> {
        let now = self.now();
        if now <= self.deadline.load(Ordering::Relaxed) {
            return None;
        }
        let cpu_used = thread_cpu_nanos().saturating_sub(self.cpu_at_arm.load(Ordering::Relaxed));
        let limit = TIME_LIMIT.as_nanos() as u64;
        let wall_used = now.saturating_sub(self.armed_at.load(Ordering::Relaxed));
        if cpu_used >= limit {
            return Some(OutOfTime::Cpu);
        }
        if wall_used >= WALL_LIMIT.as_nanos() as u64 {
            return Some(OutOfTime::Wall);
        }
        // Descheduled, not busy: the CPU time left is at least this much wall time away.
        self.deadline
            .store(now + (limit - cpu_used), Ordering::Relaxed);
        None
    }
}

/// Which time limit a call went past (the two are told apart in the error: a wall-clock stop
/// comes from the machine's load, a CPU one from the script).
enum OutOfTime {
    Cpu,
    Wall,
}

/// The CPU time this thread has used, in nanoseconds (0 if the clock cannot be read, which
/// makes the limit a wall-clock one again).
fn thread_cpu_nanos() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } != 0 {
        return 0;
    }
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_call_whose_thread_sleeps_past_the_deadline_is_not_out_of_time() {
        let limits = Limits::new();
        limits.arm();
        // Asleep (as if descheduled on a loaded machine): wall time passes, CPU time does not.
        std::thread::sleep(TIME_LIMIT + Duration::from_millis(50));
        assert_eq!(limits.charge(1), Ok(()));
    }

    #[test]
    fn a_call_asleep_past_the_wall_clock_limit_is_stopped_and_says_so() {
        let limits = Limits::new();
        limits.arm();
        std::thread::sleep(WALL_LIMIT + Duration::from_millis(50));
        let why = limits.charge(1).expect_err("past the wall-clock limit");
        assert!(why.starts_with("wall-clock limit"), "{why}");
    }

    #[test]
    fn a_call_that_spins_past_its_cpu_time_is_stopped() {
        let limits = Limits::new();
        limits.arm();
        let start = thread_cpu_nanos();
        while thread_cpu_nanos() - start < TIME_LIMIT.as_nanos() as u64 + 10_000_000 {
            std::hint::black_box(start);
        }
        let why = limits.charge(1).expect_err("past the CPU time limit");
        assert!(why.starts_with("time limit"), "{why}");
    }

    #[test]
    fn a_call_armed_from_an_earlier_reading_is_stopped_past_its_cpu_time_only() {
        let limits = Limits::new();
        limits.arm(); // reads the CPU clock
                      // The next arm takes the reading plus the wall time since as the CPU time at arm.
        std::thread::sleep(CPU_READING_KEPT / 2);
        limits.arm();
        let start = thread_cpu_nanos();
        let spin_for = |limits: &Limits, nanos: u64| {
            while thread_cpu_nanos() - start < nanos {
                std::hint::black_box(limits);
            }
        };
        // Never stopped early: the CPU time used is understated, not overstated.
        spin_for(&limits, TIME_LIMIT.as_nanos() as u64 - 10_000_000);
        assert_eq!(limits.charge(1), Ok(()));
        // Stopped once past the limit plus the wall time since the reading (at most
        // CPU_READING_KEPT).
        let late = (TIME_LIMIT + CPU_READING_KEPT).as_nanos() as u64 + 10_000_000;
        spin_for(&limits, late);
        let why = limits.charge(1).expect_err("past the CPU time limit");
        assert!(why.starts_with("time limit"), "{why}");
    }

    #[test]
    fn a_reading_stands_for_its_own_thread_only() {
        let limits = std::sync::Arc::new(Limits::new());
        // This thread's reading is at least 5 ms of CPU time.
        let start = thread_cpu_nanos();
        while thread_cpu_nanos() - start < 5_000_000 {
            std::hint::black_box(&limits);
        }
        limits.arm();
        let other = {
            let limits = limits.clone();
            std::thread::spawn(move || {
                let cpu = limits.cpu_at_most(limits.now());
                (cpu, thread_cpu_nanos())
            })
            .join()
            .expect("thread")
        };
        // A new thread has used little CPU time: its bound is its own clock's reading, not
        // this thread's reading plus the time since.
        assert!(other.0 <= other.1, "{other:?}");
    }
}
