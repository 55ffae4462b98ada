//! Knowing when the game waits for input, without sending probe keys.
//!
//! On Linux the game waits exactly when its process is blocked in `read(0, …)` (first two fields of
//! /proc/PID/syscall) *and* the pty's input queue is empty (FIONREAD on the slave side is 0) *and*
//! it has read every byte we sent (`rchar` in /proc/PID/io). The last check closes a race: a key
//! written to the pty master passes through the kernel's flip buffer before the slave can read it,
//! so right after a write the game can still look blocked with an empty queue.
//! Elsewhere a quiet-period fallback stands behind the same trait.

use anyhow::{Context, Result};
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::os::unix::io::AsRawFd;
use std::path::Path;
use std::time::{Duration, Instant};

/// How the engine decides the game is waiting for input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyncMode {
    /// /proc/PID/syscall + FIONREAD when available, else the quiet period.
    Auto,
    /// Linux /proc only (fails to start where /proc is missing).
    Proc,
    /// No output for this long after the last byte (portable, slower, heuristic).
    Quiet(Duration),
}

pub trait InputWait: Send {
    /// True when the game is (believed to be) blocked waiting for a key. `last_output` is when the
    /// engine last received output bytes.
    /// `received` counts every byte read from the game so far.
    fn is_waiting(&mut self, last_output: Instant, received: u64) -> Result<bool>;
    /// Called just before `n` key bytes are written to the game.
    fn before_send(&mut self, _n: usize) -> Result<()> {
        Ok(())
    }
    /// The shim said the game is about to read: the next looks will likely find it waiting,
    /// so a cheap first filter would only cost time (until the next keys are sent).
    fn noticed(&mut self) {}
    fn name(&self) -> &'static str;
}

/// The Linux detector: reads /proc/PID/syscall (kept open, re-read with pread) and FIONREAD on the
/// pty slave.
pub struct ProcWait {
    syscall: File,
    io: File,
    slave: File,
    buf: [u8; 256],
    /// `rchar` the game must reach before it can be waiting for the next key.
    min_rchar: u64,
    /// When the game first looked idle with bytes unaccounted for (input discarded by the game).
    short_since: Option<Instant>,
    /// `wchar` and bytes received at the previous input wait.
    wchar_base: u64,
    received_base: u64,
    /// `rchar` when the game was last found waiting: it reads nothing more until keys come,
    /// so the next send needs no look at /proc.
    waiting_rchar: Option<u64>,
    /// A notice came since the last send: looks skip their first, filtering syscall read (the
    /// game is about to read; the checks that decide are all still made).
    noticed: bool,
}

/// With fewer bytes received than the game wrote, wait this long without output before taking
/// the difference for file writes.
const FILE_WRITE_QUIET: Duration = Duration::from_millis(3);

/// If the game sits blocked with an empty queue this long without having read all we sent, it
/// discarded input (e.g. a tty flush): accept the wait rather than hang. The game never flushes
/// its input in play (it sets its terminal modes with TCSADRAIN only), but keys can sit in the
/// pty's buffer while the worker that delivers them waits for a busy CPU: at 100 ms, loaded
/// machines took such keys for discarded, read a screen the keys had not reached yet, and
/// seeded games went their own ways (an engrave prompt answered by the next action's keys).
const DISCARDED_INPUT_GRACE: Duration = Duration::from_secs(2);

impl ProcWait {
    pub fn new(pid: u32, slave_tty: &Path) -> Result<ProcWait> {
        let syscall =
            File::open(format!("/proc/{pid}/syscall")).context("opening /proc/PID/syscall")?;
        let io = File::open(format!("/proc/{pid}/io")).context("opening /proc/PID/io")?;
        let slave = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags_noctty()
            .open(slave_tty)
            .with_context(|| format!("opening pty slave {}", slave_tty.display()))?;
        let mut me = ProcWait {
            syscall,
            io,
            slave,
            buf: [0; 256],
            min_rchar: 0,
            short_since: None,
            wchar_base: 0,
            received_base: 0,
            waiting_rchar: None,
            noticed: false,
        };
        me.blocked_in_read()?; // fail early if the files are unreadable (permissions, no /proc)
        me.io_counters()?;
        Ok(me)
    }

    fn blocked_in_read(&mut self) -> Result<bool> {
        let n = self
            .syscall
            .read_at(&mut self.buf, 0)
            .context("reading /proc/PID/syscall")?;
        let text = &self.buf[..n];
        // "<nr> <arg0> ...": read(2) with fd 0.
        let mut parts = text.split(|b| *b == b' ');
        let nr = parts
            .next()
            .and_then(|s| std::str::from_utf8(s).ok())
            .and_then(|s| s.trim().parse::<i64>().ok());
        let fd0 = parts.next() == Some(b"0x0");
        Ok(nr == Some(libc::SYS_read) && fd0)
    }

    /// Bytes the game has read and written so far (`rchar`, `wchar`: all read(2)/write(2)
    /// calls, terminal and files).
    fn io_counters(&mut self) -> Result<(u64, u64)> {
        let n = self
            .io
            .read_at(&mut self.buf, 0)
            .context("reading /proc/PID/io")?;
        let text = std::str::from_utf8(&self.buf[..n]).unwrap_or("");
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.trim().parse::<u64>().ok())
        };
        match (field("rchar: "), field("wchar: ")) {
            (Some(r), Some(w)) => Ok((r, w)),
            _ => anyhow::bail!("no rchar/wchar in /proc/PID/io"),
        }
    }

    fn input_queue_len(&self) -> Result<i32> {
        let mut n: libc::c_int = 0;
        let rc = unsafe { libc::ioctl(self.slave.as_raw_fd(), libc::FIONREAD, &mut n) };
        if rc != 0 {
            return Err(std::io::Error::last_os_error()).context("FIONREAD on the pty slave");
        }
        Ok(n)
    }
}

impl InputWait for ProcWait {
    fn is_waiting(&mut self, last_output: Instant, received: u64) -> Result<bool> {
        // A game not blocked in read is not waiting: the cheapest look (one small /proc read)
        // first, as most looks find the game still busy (but not after a notice: then most
        // find it waiting, and the look below between the counters is the one that decides).
        if !self.noticed && !self.blocked_in_read()? {
            return Ok(false);
        }
        // The three checks are not atomic: a read that is consuming our key can still show as
        // "in read" while its rchar is not yet counted. So the counters are sampled before and
        // after, and must not move: then the read we see began after every byte we sent was
        // read and after every byte the game wrote before it was counted.
        let before = self.io_counters()?;
        if before.0 < self.min_rchar {
            let since = *self.short_since.get_or_insert_with(Instant::now);
            if since.elapsed() < DISCARDED_INPUT_GRACE {
                return Ok(false);
            }
            log::warn!("the game waits without having read all keys sent: input was discarded");
            self.min_rchar = 0;
        }
        if self.input_queue_len()? != 0 || !self.blocked_in_read()? {
            return Ok(false);
        }
        let (rchar, wchar) = self.io_counters()?;
        if (rchar, wchar) != before {
            return Ok(false);
        }
        // Everything the game wrote must have reached us: its output can still sit in the
        // kernel's flip buffer after it blocked in read. Written bytes are a lower bound for what
        // arrives (output processing only adds, e.g. \n → \r\n); file writes (level files,
        // saves) also count as written, so after a short quiet period the wait is accepted anyway.
        let written = wchar - self.wchar_base;
        let arrived = received - self.received_base;
        if arrived < written && last_output.elapsed() < FILE_WRITE_QUIET {
            return Ok(false);
        }
        self.wchar_base = wchar;
        self.received_base = received;
        self.min_rchar = 0;
        self.short_since = None;
        self.waiting_rchar = Some(rchar);
        Ok(true)
    }
    fn before_send(&mut self, n: usize) -> Result<()> {
        let rchar = match self.waiting_rchar.take() {
            Some(rchar) => rchar,
            None => self.io_counters()?.0,
        };
        self.min_rchar = rchar + n as u64;
        self.short_since = None;
        self.noticed = false;
        Ok(())
    }
    fn noticed(&mut self) {
        self.noticed = true;
    }
    fn name(&self) -> &'static str {
        "proc"
    }
}

/// The portable fallback: the game is taken to wait once it has been silent for `quiet`.
pub struct QuietWait {
    pub quiet: Duration,
}

impl InputWait for QuietWait {
    fn is_waiting(&mut self, last_output: Instant, _received: u64) -> Result<bool> {
        Ok(last_output.elapsed() >= self.quiet)
    }
    fn name(&self) -> &'static str {
        "quiet"
    }
}

trait NoCtty {
    fn custom_flags_noctty(&mut self) -> &mut Self;
}

impl NoCtty for std::fs::OpenOptions {
    fn custom_flags_noctty(&mut self) -> &mut Self {
        use std::os::unix::fs::OpenOptionsExt;
        self.custom_flags(libc::O_NOCTTY)
    }
}

/// Word from the shim that the game is about to read the terminal with nothing left in its
/// input buffer: a datagram on a socket in the game's playground (`$NHBOT_WAIT_SOCKET`). It is
/// only a hint of when to look: the /proc checks above still decide whether the game waits,
/// so a late, early or missing word costs time, never a wrong screen. It lets the engine sleep
/// while the game works instead of looking at /proc over and over (most of the engine's CPU
/// outside its decisions, on a machine where the game needs that core).
pub struct WaitNotice {
    socket: std::os::unix::net::UnixDatagram,
    /// The socket's address for the shim: a path, or `@name` in the abstract namespace.
    address: String,
    /// The socket file to remove when done (none for an abstract name).
    file: Option<std::path::PathBuf>,
    buf: [u8; NOTICES_AT_ONCE * NOTICE_BYTES],
}

/// Notices taken per system call, and the bytes kept of each (a notice is one byte).
const NOTICES_AT_ONCE: usize = 8;
const NOTICE_BYTES: usize = 8;

/// Abstract socket names made by this process so far (each game gets its own).
static ABSTRACT_NAMES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl WaitNotice {
    /// Binds the socket at `path` (replacing a stale one, e.g. from a resumed game), or, where
    /// the path is too long for a socket address, at a fresh name in Linux's abstract namespace
    /// (any local process could send there or take the name first: a forged notice only makes
    /// the engine look at /proc, a name taken leaves it without notices). None when both fail:
    /// the game is then watched without hints.
    pub fn bind(path: &Path) -> Option<WaitNotice> {
        use std::os::unix::net::UnixDatagram;
        let _ = std::fs::remove_file(path);
        let (socket, address, file) = match UnixDatagram::bind(path) {
            Ok(s) => (s, path.display().to_string(), Some(path.to_path_buf())),
            Err(e) => {
                let name = format!(
                    "nhbot-wait-{}-{}",
                    std::process::id(),
                    ABSTRACT_NAMES.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
                );
                match bind_abstract(&name) {
                    Ok(s) => (s, format!("@{name}"), None),
                    Err(e2) => {
                        log::debug!(
                            "no wait notices from the shim ({}: {e}; @{name}: {e2})",
                            path.display()
                        );
                        return None;
                    }
                }
            }
        };
        socket.set_nonblocking(true).ok()?;
        Some(WaitNotice {
            socket,
            address,
            file,
            buf: [0; NOTICES_AT_ONCE * NOTICE_BYTES],
        })
    }

    /// Where the shim sends its notices (`$NHBOT_WAIT_SOCKET`).
    pub fn address(&self) -> &str {
        &self.address
    }

    pub fn fd(&self) -> std::os::unix::io::RawFd {
        self.socket.as_raw_fd()
    }

    /// Takes every notice that has come; true if there was one. Up to [`NOTICES_AT_ONCE`] in
    /// one system call (`recvmmsg`): a call that fills fewer slots took all there were, so
    /// the usual case costs one call, not a second one that finds the socket empty.
    #[cfg(target_os = "linux")]
    pub fn take(&mut self) -> bool {
        let mut any = false;
        loop {
            let mut iov: [libc::iovec; NOTICES_AT_ONCE] = std::array::from_fn(|i| libc::iovec {
                iov_base: self.buf[i * NOTICE_BYTES..].as_mut_ptr().cast(),
                iov_len: NOTICE_BYTES,
            });
            // SAFETY: zeroed mmsghdr is valid (null name and control); each points at its own
            // iovec, which points into `self.buf`; all outlive the call.
            let mut msgs: [libc::mmsghdr; NOTICES_AT_ONCE] = unsafe { std::mem::zeroed() };
            for (m, v) in msgs.iter_mut().zip(iov.iter_mut()) {
                m.msg_hdr.msg_iov = v;
                m.msg_hdr.msg_iovlen = 1;
            }
            let n = unsafe {
                libc::recvmmsg(
                    self.socket.as_raw_fd(),
                    msgs.as_mut_ptr(),
                    NOTICES_AT_ONCE as _,
                    libc::MSG_DONTWAIT,
                    std::ptr::null_mut(),
                )
            };
            if n <= 0 {
                return any;
            }
            any = true;
            if (n as usize) < NOTICES_AT_ONCE {
                return any;
            }
        }
    }

    /// Takes every notice that has come; true if there was one.
    #[cfg(not(target_os = "linux"))]
    pub fn take(&mut self) -> bool {
        let mut any = false;
        while self.socket.recv(&mut self.buf).is_ok() {
            any = true;
        }
        any
    }
}

#[cfg(target_os = "linux")]
fn bind_abstract(name: &str) -> std::io::Result<std::os::unix::net::UnixDatagram> {
    use std::os::linux::net::SocketAddrExt;
    let addr = std::os::unix::net::SocketAddr::from_abstract_name(name.as_bytes())?;
    std::os::unix::net::UnixDatagram::bind_addr(&addr)
}

#[cfg(not(target_os = "linux"))]
fn bind_abstract(_name: &str) -> std::io::Result<std::os::unix::net::UnixDatagram> {
    Err(std::io::ErrorKind::Unsupported.into())
}

impl Drop for WaitNotice {
    fn drop(&mut self) {
        if let Some(file) = &self.file {
            let _ = std::fs::remove_file(file);
        }
    }
}
