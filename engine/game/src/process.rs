//! The real game in a pty: start it in its playground, send keys, wait for the next input wait.

use anyhow::{bail, Context, Result};
use portable_pty::{native_pty_system, Child, CommandBuilder, MasterPty, PtySize};
use std::os::unix::io::{AsRawFd, RawFd};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::install::Install;
use crate::options::Character;
use crate::playground::Playground;
use crate::sync::{InputWait, ProcWait, QuietWait, SyncMode, WaitNotice};
use crate::ttyrec::TtyrecWriter;

/// A fixed clock for seeded games: Monday 2023-11-20 12:00 UTC — daytime, no full or new moon,
/// not Friday the 13th, so no luck or night effects.
pub const SEEDED_EPOCH: i64 = 1_700_481_600;

#[derive(Clone, Debug)]
pub struct GameConfig {
    pub character: Character,
    /// Seed for the game's RNG (and a fixed clock). None: a normal random game.
    pub seed: Option<u64>,
    /// Wizard mode (-D): test scenarios only.
    pub wizard: bool,
    pub playground: PathBuf,
    pub ttyrec: Option<PathBuf>,
    pub cache: PathBuf,
    pub sync: SyncMode,
    /// Longest the engine waits for the game to ask for input before giving up on it.
    pub wait_timeout: Duration,
    /// Let the game pause for its display effects (50 ms per step of a thrown object, an
    /// explosion...). Off by default: the engine reads the screen only when the game waits for
    /// a key, so the pauses show it nothing, and they were most of the time of games with
    /// missiles. A person watching paces the game with the view's delay instead.
    pub display_delays: bool,
    /// A file the game notes each display delay it skipped in (one line each: tests).
    pub delay_log: Option<PathBuf>,
    /// Without display delays, have the game write its output only when it is about to read a
    /// key (the shim holds its flushes): the same bytes in fewer writes, each of which wakes
    /// the pty's worker and the engine. On by default; with display delays it is always off
    /// (a person watching sees each frame).
    pub batch_output: bool,
    /// With /proc sync, have the shim say when the game is about to read the terminal, so the
    /// engine sleeps until then instead of looking at /proc over and over. On by default; the
    /// /proc checks decide either way (tested: the same screens). `NHBOT_WAIT_NOTICES=0` in the
    /// environment makes the default off.
    pub wait_notices: bool,
    /// Put the keys straight into the game's terminal input queue (TIOCSTI on the pty slave)
    /// instead of writing them to the master: the same bytes, read the same way, without the
    /// hop through the pty's flip-buffer worker (a kernel thread that must be scheduled before
    /// the game can wake, slow on a loaded machine). Where the kernel refuses (TIOCSTI off, no
    /// CAP_SYS_ADMIN), the keys are written to the master as before. On by default;
    /// `NHBOT_INJECT_KEYS=0` in the environment makes the default off.
    pub inject_keys: bool,
}

impl GameConfig {
    pub fn new(playground: PathBuf) -> GameConfig {
        GameConfig {
            character: Character::default(),
            seed: None,
            wizard: false,
            playground,
            ttyrec: None,
            cache: crate::install::default_cache_dir(),
            sync: SyncMode::Auto,
            wait_timeout: Duration::from_secs(10),
            display_delays: false,
            delay_log: None,
            batch_output: true,
            // NHBOT_WAIT_NOTICES=0 turns them off, to compare both ways with one binary.
            wait_notices: std::env::var_os("NHBOT_WAIT_NOTICES").is_none_or(|v| v != "0"),
            inject_keys: std::env::var_os("NHBOT_INJECT_KEYS").is_none_or(|v| v != "0"),
        }
    }
}

/// What a wait ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// The game is blocked reading the terminal: the screen is complete.
    Input,
    /// The game process ended.
    Exited,
    /// No input wait within the timeout (the game is busy or hung).
    Timeout,
}

pub struct Game {
    master: Box<dyn MasterPty + Send>,
    master_fd: RawFd,
    child: Box<dyn Child + Send + Sync>,
    pid: u32,
    waiter: Box<dyn InputWait>,
    /// The shim's word that the game is about to read (with /proc sync only).
    notice: Option<WaitNotice>,
    /// The pty slave, opened to put keys into its input queue (see [`GameConfig::inject_keys`]);
    /// dropped for good at the first refusal, before any key is written to the master, so
    /// keys never overtake keys still in the flip buffer.
    inject: Option<std::fs::File>,
    /// Keys were sent since the last wait ended: the game cannot be waiting before it has read
    /// them, so `wait` need not look at once.
    sent_since_wait: bool,
    /// Input waits that ended after a notice from the shim (statistics and tests).
    noticed_waits: u64,
    ttyrec: Option<TtyrecWriter>,
    pub playground: Playground,
    wait_timeout: Duration,
    exited: bool,
    /// Keys sent so far (for statistics and the watchdog).
    pub keys_sent: u64,
    /// Bytes received from the game so far.
    received: u64,
    /// The game was started on a save (NetHack restores it): a resumed game, not a new one.
    pub restored: bool,
}

/// Bytes asked of the pty per read.
const READ_CHUNK: usize = 16384;

/// How long `Game::wait` looks at the game without sleeping, after a key or some output.
const SPIN: Duration = Duration::from_micros(150);

/// How often `Game::wait` asks whether the game process ended (it is also asked when a look at
/// the process fails).
const EXIT_CHECK: Duration = Duration::from_millis(1);

/// With the shim's notices, how long the engine sleeps at most before it looks at the game
/// without one (a read the shim does not see: slower, never wrong).
const NOTICE_FALLBACK: Duration = Duration::from_millis(1);

impl Game {
    pub fn start(cfg: &GameConfig) -> Result<Game> {
        let install = Install::ensure(&cfg.cache)?;
        let playground = Playground::create(&cfg.playground, &cfg.character, cfg.wizard)?;
        let restored = playground.save_file().is_some();
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: 24,
                cols: 80,
                pixel_width: 0,
                pixel_height: 0,
            })
            .context("opening a pty")?;
        let mut cmd = CommandBuilder::new(&install.binary);
        if cfg.wizard {
            cmd.arg("-D");
        }
        cmd.cwd(&install.hackdir);
        cmd.env_clear();
        let env: Vec<(&str, String)> = vec![
            ("HOME", playground.dir.display().to_string()),
            ("USER", "root".into()),
            ("LOGNAME", "root".into()),
            ("TERM", "xterm".into()),
            ("LANG", "C".into()),
            ("TZ", "UTC".into()),
            ("PATH", "/usr/bin:/bin".into()),
            ("HACKDIR", install.hackdir.display().to_string()),
            (
                "NETHACKOPTIONS",
                playground.nethackrc().display().to_string(),
            ),
            ("NHBOT_PLAYGROUND", playground.dir.display().to_string()),
            ("NHBOT_SYSCONF", playground.sysconf().display().to_string()),
            ("LD_PRELOAD", install.shim.display().to_string()),
        ];
        for (k, v) in env {
            cmd.env(k, v);
        }
        if !cfg.display_delays {
            cmd.env("NHBOT_NO_DELAY", "1");
            if cfg.batch_output {
                cmd.env("NHBOT_BATCH_OUTPUT", "1");
            }
        }
        if let Some(log) = &cfg.delay_log {
            cmd.env("NHBOT_DELAY_LOG", log.display().to_string());
        }
        let mut notice = match cfg.sync {
            SyncMode::Quiet(_) => None,
            SyncMode::Proc | SyncMode::Auto if cfg.wait_notices => {
                WaitNotice::bind(&playground.dir.join("wait.sock"))
            }
            SyncMode::Proc | SyncMode::Auto => None,
        };
        if let Some(n) = &notice {
            cmd.env("NHBOT_WAIT_SOCKET", n.address());
        }
        if let Some(seed) = cfg.seed {
            cmd.env("NHBOT_SEED", seed.to_string());
            cmd.env("NHBOT_TIME", SEEDED_EPOCH.to_string());
        }
        let child = pair.slave.spawn_command(cmd).context("starting the game")?;
        let pid = child.process_id().context("game has no pid")?;
        let master = pair.master;
        let master_fd = master.as_raw_fd().context("pty master has no fd")?;
        set_nonblocking(master_fd)?;
        let waiter: Box<dyn InputWait> = match cfg.sync {
            SyncMode::Quiet(quiet) => Box::new(QuietWait { quiet }),
            SyncMode::Proc | SyncMode::Auto => {
                let tty = master.tty_name().context("pty has no slave name")?;
                match ProcWait::new(pid, &tty) {
                    Ok(w) => Box::new(w),
                    Err(e) if cfg.sync == SyncMode::Auto => {
                        notice = None;
                        log::warn!("input-wait detection via /proc unavailable ({e:#}); using a quiet period");
                        Box::new(QuietWait {
                            quiet: Duration::from_millis(30),
                        })
                    }
                    Err(e) => return Err(e),
                }
            }
        };
        let inject = if cfg.inject_keys {
            let tty = master.tty_name().context("pty has no slave name")?;
            open_slave(&tty).ok()
        } else {
            None
        };
        drop(pair.slave);
        let ttyrec = cfg
            .ttyrec
            .as_deref()
            .map(TtyrecWriter::create)
            .transpose()?;
        Ok(Game {
            master,
            master_fd,
            child,
            pid,
            waiter,
            notice,
            inject,
            sent_since_wait: false,
            noticed_waits: 0,
            ttyrec,
            playground,
            wait_timeout: cfg.wait_timeout,
            exited: false,
            keys_sent: 0,
            received: 0,
            restored,
        })
    }

    pub fn pid(&self) -> u32 {
        self.pid
    }
    /// Whether keys still go into the terminal's input queue (see [`GameConfig::inject_keys`]).
    pub fn injects_keys(&self) -> bool {
        self.inject.is_some()
    }

    pub fn sync_name(&self) -> &'static str {
        self.waiter.name()
    }
    /// Input waits so far that the shim's notice woke the engine for.
    pub fn noticed_waits(&self) -> u64 {
        self.noticed_waits
    }
    pub fn has_exited(&self) -> bool {
        self.exited
    }

    /// Sends keys to the game. Callers follow with `wait`.
    pub fn send(&mut self, keys: &[u8]) -> Result<()> {
        if self.exited {
            bail!("the game has ended");
        }
        self.waiter.before_send(keys.len())?;
        // Notices from before these keys are stale.
        if let Some(notice) = self.notice.as_mut() {
            notice.take();
        }
        self.sent_since_wait = true;
        let mut rest = self.inject_keys(keys);
        let deadline = Instant::now() + Duration::from_secs(5);
        while !rest.is_empty() {
            let n = unsafe { libc::write(self.master_fd, rest.as_ptr().cast(), rest.len()) };
            if n < 0 {
                let err = std::io::Error::last_os_error();
                if err.kind() == std::io::ErrorKind::WouldBlock && Instant::now() < deadline {
                    std::thread::sleep(Duration::from_micros(100));
                    continue;
                }
                return Err(err).context("writing keys to the game");
            }
            rest = &rest[n as usize..];
        }
        self.keys_sent += keys.len() as u64;
        Ok(())
    }

    /// Puts `keys` into the slave's input queue while the kernel lets us; the keys it refused
    /// (all, or the rest after a refusal) are returned, to be written to the master.
    fn inject_keys<'k>(&mut self, keys: &'k [u8]) -> &'k [u8] {
        let Some(slave) = &self.inject else {
            return keys;
        };
        for (i, k) in keys.iter().enumerate() {
            // SAFETY: TIOCSTI reads one byte through a valid pointer.
            let rc = unsafe { libc::ioctl(slave.as_raw_fd(), libc::TIOCSTI, k as *const u8) };
            if rc != 0 {
                log::debug!(
                    "keys go through the pty master: TIOCSTI refused ({})",
                    std::io::Error::last_os_error()
                );
                self.inject = None;
                return &keys[i..];
            }
        }
        &[]
    }

    /// Waits until the game waits for input (or exits, or the timeout passes), appending all output
    /// it produced to `out` (and to the ttyrec).
    pub fn wait(&mut self, out: &mut Vec<u8>) -> Result<Wait> {
        let start = Instant::now();
        let mut last_output = start;
        // With notices: when the last one came, and when the engine last looked at /proc
        // (None: look now; a wait with no keys sent before it may find the game waiting).
        let mut noticed: Option<Instant> = None;
        let mut last_look: Option<Instant> = self.sent_since_wait.then_some(start);
        // The first turn of the loop asks whether the game ended, unless keys were just sent:
        // then the game is reading them, and the first ask waits its turn ([`EXIT_CHECK`]).
        let mut last_exit_check: Option<Instant> = self.sent_since_wait.then_some(start);
        // Nor is there output yet to read right after keys: the last wait took all the game
        // wrote before it blocked in read, and the game has yet to read the keys.
        let mut drain_now = !self.sent_since_wait;
        self.sent_since_wait = false;
        loop {
            if std::mem::replace(&mut drain_now, true) && self.drain(out)? > 0 {
                last_output = Instant::now();
            }
            // Whether the game ended is asked now and then, not at every turn of this loop
            // (a system call each, while the game is only busy).
            let ask_exit = last_exit_check.is_none_or(|t| t.elapsed() >= EXIT_CHECK);
            if ask_exit {
                last_exit_check = Some(Instant::now());
            }
            if self.exited || (ask_exit && self.child.try_wait()?.is_some()) {
                self.exited = true;
                self.drain(out)?;
                return Ok(Wait::Exited);
            }
            let look = self.notice.is_none()
                || noticed.is_some()
                || last_look.is_none_or(|t| t.elapsed() >= NOTICE_FALLBACK);
            if look {
                last_look = Some(Instant::now());
                let waiting = match self.waiter.is_waiting(last_output, self.received) {
                    Ok(waiting) => waiting,
                    // An ended game has no /proc entry to look at: that is its end, not an error.
                    Err(_) if self.child.try_wait()?.is_some() => {
                        self.exited = true;
                        self.drain(out)?;
                        return Ok(Wait::Exited);
                    }
                    Err(e) => return Err(e),
                };
                if waiting {
                    // Output written just before the read may still be in flight: take it, and
                    // look again if there was any.
                    if self.drain(out)? == 0 {
                        // A fallback look can beat a notice that is on its way: it counts.
                        let mut late = || self.notice.as_mut().is_some_and(|n| n.take());
                        self.noticed_waits += (noticed.is_some() || late()) as u64;
                        return Ok(Wait::Input);
                    }
                    last_output = Instant::now();
                    continue;
                }
            }
            if start.elapsed() > self.wait_timeout {
                return Ok(Wait::Timeout);
            }
            if let (Some(notice), None) = (self.notice.as_mut(), noticed) {
                // Sleep until the game writes, notices, or the fallback look is due.
                let due = last_look.map_or(Duration::ZERO, |t| {
                    NOTICE_FALLBACK.saturating_sub(t.elapsed())
                });
                let mut fds = [
                    libc::pollfd {
                        fd: self.master_fd,
                        events: libc::POLLIN,
                        revents: 0,
                    },
                    libc::pollfd {
                        fd: notice.fd(),
                        events: libc::POLLIN,
                        revents: 0,
                    },
                ];
                let nap = libc::timespec {
                    tv_sec: 0,
                    tv_nsec: due.as_nanos() as libc::c_long,
                };
                unsafe { libc::ppoll(fds.as_mut_ptr(), 2, &nap, std::ptr::null()) };
                if fds[1].revents != 0 && notice.take() {
                    noticed = Some(Instant::now());
                    self.waiter.noticed();
                }
                continue;
            }
            // Without notices, or after one (the game is entering its read, or its last output
            // is still on the way, or it read keys still in flight and works on): spin briefly
            // (a key usually takes tens of µs), then sleep on the pty: a game that takes longer
            // (its own work, or cores busy with other processes) is not watched at full speed,
            // which would only take a core from it.
            let since = noticed.map_or(last_output, |t| t.max(last_output));
            if since.elapsed() < SPIN {
                std::thread::yield_now();
            } else {
                let mut pfd = libc::pollfd {
                    fd: self.master_fd,
                    events: libc::POLLIN,
                    revents: 0,
                };
                // Wake on output, or after 50 µs to look at the process again: the game can go
                // back to read(0) without writing anything more.
                let nap = libc::timespec {
                    tv_sec: 0,
                    tv_nsec: 50_000,
                };
                unsafe { libc::ppoll(&mut pfd, 1, &nap, std::ptr::null()) };
            }
        }
    }

    /// Reads everything the game has written so far without blocking.
    fn drain(&mut self, out: &mut Vec<u8>) -> Result<usize> {
        let mut total = 0;
        // Read straight into `out`: drain runs at every look while the game works, and a
        // buffer of its own was 16 KiB to clear each time.
        loop {
            out.reserve(READ_CHUNK);
            let start = out.len();
            let spare = out.spare_capacity_mut();
            // SAFETY: `spare` is writable memory of at least READ_CHUNK bytes; read(2) writes at
            // most that many and says how many, and only those are then counted in `out`.
            let n = unsafe { libc::read(self.master_fd, spare.as_mut_ptr().cast(), READ_CHUNK) };
            if n > 0 {
                unsafe { out.set_len(start + n as usize) };
                let chunk = &out[start..];
                if let Some(rec) = self.ttyrec.as_mut() {
                    rec.frame(chunk)?;
                }
                total += n as usize;
                self.received += n as u64;
                continue;
            }
            if n == 0 {
                return Ok(total);
            }
            let err = std::io::Error::last_os_error();
            return match err.raw_os_error() {
                Some(libc::EAGAIN) | Some(libc::EINTR) => Ok(total),
                // EIO: the slave side is closed (the game exited).
                Some(libc::EIO) => Ok(total),
                _ => Err(err).context("reading from the game"),
            };
        }
    }

    /// Asks the game to save and exit, as a terminal hangup does (NetHack's hangup handler saves).
    /// Waits up to `grace` for it to finish, then kills it.
    pub fn hangup(&mut self, grace: Duration) -> Result<()> {
        if self.exited || self.child.try_wait()?.is_some() {
            self.exited = true;
            return Ok(());
        }
        unsafe { libc::kill(self.pid as i32, libc::SIGHUP) };
        let deadline = Instant::now() + grace;
        let mut sink = Vec::new();
        while Instant::now() < deadline {
            let _ = self.drain(&mut sink);
            if self.child.try_wait()?.is_some() {
                self.exited = true;
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.child.kill().ok();
        let _ = self.child.wait();
        self.exited = true;
        bail!("the game did not exit within {grace:?} of a hangup; killed")
    }

    pub fn flush_recording(&mut self) -> Result<()> {
        if let Some(rec) = self.ttyrec.as_mut() {
            rec.flush()?;
        }
        Ok(())
    }

    /// Resize is not supported by the scraper (80x24 is assumed); kept for completeness.
    pub fn master(&self) -> &dyn MasterPty {
        self.master.as_ref()
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        // Never leave a running game behind: a hangup saves it for --resume.
        let _ = self.hangup(Duration::from_secs(5));
        let _ = self.flush_recording();
    }
}

/// The pty slave, opened without making it our controlling terminal.
fn open_slave(tty: &std::path::Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NOCTTY)
        .open(tty)
}

fn set_nonblocking(fd: RawFd) -> Result<()> {
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(std::io::Error::last_os_error()).context("setting the pty master non-blocking");
    }
    Ok(())
}
