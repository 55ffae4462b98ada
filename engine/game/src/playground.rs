//! A private playground per game: its own lock, record, xlogfile, save and dump files, sysconf and
//! nethackrc. The shim redirects /var/games/nethack and /etc/nethack/sysconf here, so any number of
//! games run side by side and a killed game never blocks the next one.

use anyhow::{bail, Context, Result};
use std::fs;
use std::io::Write;
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::options::{nethackrc, Character};

#[derive(Clone, Debug)]
pub struct Playground {
    pub dir: PathBuf,
}

impl Playground {
    /// Creates (or reuses, for `--resume`) the playground at `dir`.
    pub fn create(dir: &Path, ch: &Character, wizard: bool) -> Result<Playground> {
        // The game runs in its data directory: a relative playground would point elsewhere.
        let dir =
            &std::path::absolute(dir).with_context(|| format!("resolving {}", dir.display()))?;
        for sub in ["save", "dumps"] {
            fs::create_dir_all(dir.join(sub))
                .with_context(|| format!("creating {}", dir.display()))?;
        }
        for file in ["record", "logfile", "xlogfile", "perm", "livelog"] {
            let p = dir.join(file);
            if !p.exists() {
                fs::write(&p, b"")?;
            }
        }
        let pg = Playground {
            dir: dir.to_path_buf(),
        };
        // A game whose engine was killed may still be saving here (it got the pty's hangup).
        wait_for_running_game(dir, GAME_EXIT_GRACE)?;
        fs::write(pg.sysconf(), sysconf(ch, wizard))?;
        fs::write(pg.nethackrc(), nethackrc(ch))?;
        pg.remove_stale_locks()?;
        Ok(pg)
    }

    pub fn sysconf(&self) -> PathBuf {
        self.dir.join("sysconf")
    }
    pub fn nethackrc(&self) -> PathBuf {
        self.dir.join("nethackrc")
    }
    pub fn xlogfile(&self) -> PathBuf {
        self.dir.join("xlogfile")
    }

    /// A saved game waiting to be resumed, if any.
    pub fn save_file(&self) -> Option<PathBuf> {
        saved_game(&self.dir)
    }

    /// Level and lock files a killed game left behind. Only this playground's game uses them, so
    /// when no game runs here they are stale (the save file, if any, is kept).
    pub fn remove_stale_locks(&self) -> Result<()> {
        for entry in fs::read_dir(&self.dir)?.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let is_level = name.contains("lock")
                || name
                    .rsplit_once('.')
                    .is_some_and(|(_, n)| n.chars().all(|c| c.is_ascii_digit()));
            if is_level && entry.path().is_file() && name != "perm" && name != DirLock::FILE {
                fs::remove_file(entry.path())?;
            }
        }
        Ok(())
    }
}

/// The save file of the game directory `dir`, if it holds a game waiting to be resumed.
pub fn saved_game(dir: &Path) -> Option<PathBuf> {
    fs::read_dir(dir.join("save"))
        .ok()?
        .flatten()
        .map(|e| e.path())
        .find(|p| p.is_file())
}

/// How long a game left running in a playground gets to finish its hangup save.
pub const GAME_EXIT_GRACE: Duration = Duration::from_secs(10);

/// The pid of a game process still running in the playground `dir`: NetHack's lock file (its
/// level 0 file, `alock.0`) starts with the pid of the game that holds it.
pub fn running_game(dir: &Path) -> Option<i32> {
    fs::read_dir(dir).ok()?.flatten().find_map(|entry| {
        let name = entry.file_name();
        if !name.to_string_lossy().ends_with(".0") {
            return None;
        }
        let bytes = fs::read(entry.path()).ok()?;
        let pid = i32::from_ne_bytes(bytes.get(..4)?.try_into().ok()?);
        is_running(pid).then_some(pid)
    })
}

/// Whether `pid` is a live process (a zombie has exited: only its parent has not reaped it).
fn is_running(pid: i32) -> bool {
    let Ok(stat) = fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return false;
    };
    // "pid (comm) S ...": the state follows the command name's closing parenthesis.
    let state = stat
        .rsplit_once(')')
        .and_then(|(_, rest)| rest.trim_start().chars().next());
    pid > 0 && !matches!(state, Some('Z') | Some('X') | None)
}

/// Waits up to `grace` for a game still running in the playground `dir` to exit: when its engine
/// is killed, the game gets the pty's hangup and saves, which must be finished before another
/// game starts there (or --resume looks for the save).
pub fn wait_for_running_game(dir: &Path, grace: Duration) -> Result<()> {
    let deadline = Instant::now() + grace;
    while let Some(pid) = running_game(dir) {
        if Instant::now() >= deadline {
            bail!("a game (pid {pid}) is still running in {}", dir.display());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(())
}

/// The right of one nhbot process to play in a game directory: `nhbot.lock` there, locked with
/// `flock` and holding the owner's pid (for the message). The kernel releases the lock when its
/// process ends however it ends (SIGKILL included), so the lock is never stale and a held lock
/// means its owner is alive.
pub struct DirLock {
    _file: fs::File,
}

impl DirLock {
    pub const FILE: &'static str = "nhbot.lock";

    /// Takes the lock of `dir`, or fails naming the nhbot process that holds it.
    pub fn take(dir: &Path) -> Result<DirLock> {
        let path = dir.join(Self::FILE);
        let mut file = fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .with_context(|| format!("opening {}", path.display()))?;
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            let owner = fs::read_to_string(&path).unwrap_or_default();
            bail!(
                "another nhbot (pid {}) is playing the game in {}",
                owner.trim(),
                dir.display()
            );
        }
        file.set_len(0)?;
        writeln!(file, "{}", std::process::id())?;
        Ok(DirLock { _file: file })
    }
}

/// The sysconf for a private game: Debian's settings, wizard mode allowed for root only when the
/// caller asks (test scenarios), one player per playground.
fn sysconf(ch: &Character, wizard: bool) -> String {
    let wizards = if wizard {
        format!("root {}", ch.name)
    } else {
        "nobody".into()
    };
    format!(
        "# Written by nhbot. Only this game reads it.\nWIZARDS={wizards}\nEXPLORERS=*\nMAXPLAYERS=1\n\
         SEDUCE=1\nCHECK_PLNAME=0\nCHECK_SAVE_UID=0\nPANICTRACE_LIBC=0\nPANICTRACE_GDB=0\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("nhbot-pg-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn one_nhbot_per_game_directory() {
        let dir = temp("lock");
        let lock = DirLock::take(&dir).unwrap();
        let err = DirLock::take(&dir).err().expect("a second lock is refused");
        let pid = std::process::id().to_string();
        assert!(err.to_string().contains(&format!("pid {pid}")), "{err}");
        // The playground's cleanup of NetHack's stale locks leaves ours alone.
        Playground::create(&dir, &Character::default(), false).unwrap();
        assert!(DirLock::take(&dir).is_err());
        drop(lock);
        DirLock::take(&dir).expect("free once its owner is gone");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_game_process_still_running_in_the_playground_is_waited_for() {
        let dir = temp("running");
        let mut game = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .unwrap();
        let pid = game.id() as i32;
        fs::write(dir.join("alock.0"), pid.to_ne_bytes()).unwrap();
        assert_eq!(running_game(&dir), Some(pid));
        let err = wait_for_running_game(&dir, Duration::from_millis(50)).unwrap_err();
        assert!(err.to_string().contains(&format!("pid {pid}")), "{err}");
        // Killed but not reaped: a zombie is no running game.
        game.kill().unwrap();
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(running_game(&dir), None);
        wait_for_running_game(&dir, Duration::from_millis(50)).unwrap();
        game.wait().unwrap();
        let _ = fs::remove_dir_all(&dir);
    }
}
