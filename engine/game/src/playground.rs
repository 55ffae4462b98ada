//! A private playground per game: its own lock, record, xlogfile, save and dump files, sysconf and
//! nethackrc. The shim redirects /var/games/nethack and /etc/nethack/sysconf here, so any number of
//! games run side by side and a killed game never blocks the next one.

use anyhow::{Context, Result};
use std::fs;
use std::path::{Path, PathBuf};

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
        fs::read_dir(self.dir.join("save"))
            .ok()?
            .flatten()
            .map(|e| e.path())
            .find(|p| p.is_file())
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
            if is_level && entry.path().is_file() && name != "perm" {
                fs::remove_file(entry.path())?;
            }
        }
        Ok(())
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
