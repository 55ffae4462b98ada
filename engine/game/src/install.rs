//! The private, non-setgid copy of the Debian game binary and the preload shim beside it.
//!
//! The installed binary is setgid `games`, so the dynamic loader ignores LD_PRELOAD on it; a copy
//! without the setgid bit accepts the shim. Copies are content-addressed and installed atomically
//! (write to a temp name, then rename) so parallel games can share them.
//!
//! Both files run as us (the shim inside the game), and the default cache is a predictable name
//! in /tmp that another local user could create first and fill. So nothing in the cache is
//! trusted by its name or size:
//! - the cache directory must be a real directory (not a symlink) owned by us and writable by
//!   nobody else, under ancestors nobody else can rename it out of (root's or ours, or sticky
//!   like /tmp). Then nobody else can add, replace or swap a file in it, before or after our
//!   checks. A directory that fails is not used: a fresh private one (mkdtemp, mode 0700) is,
//!   with a warning;
//! - each file is opened without following symlinks and checked on the opened descriptor: a
//!   regular file, ours, with exactly the mode we give it, holding byte for byte what we would
//!   write (the game binary we just read, the shim built into this program). Anything else is
//!   rewritten.

use anyhow::{Context, Result};
use std::ffi::OsString;
use std::fs;
use std::io::{ErrorKind, Read, Write};
use std::os::unix::ffi::OsStringExt;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Where Debian's nethack-console puts the game and its data files (nhdat, symbols, license).
pub const DEBIAN_HACKDIR: &str = "/usr/lib/games/nethack";
pub const DEBIAN_BINARY: &str = "/usr/lib/games/nethack/nethack-console";

static SHIM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/libnhshim.so"));

/// Paths of the runnable game.
#[derive(Clone, Debug)]
pub struct Install {
    pub binary: PathBuf,
    pub shim: PathBuf,
    pub hackdir: PathBuf,
}

/// Default cache dir for the binary copy and shim: $NHBOT_CACHE or /tmp/nhbot-cache-<uid>.
pub fn default_cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("NHBOT_CACHE") {
        return PathBuf::from(dir);
    }
    PathBuf::from(format!("/tmp/nhbot-cache-{}", unsafe { libc::getuid() }))
}

impl Install {
    /// Makes sure the private binary copy and the shim exist, verified, in `cache` (or, when
    /// `cache` is not ours alone, in a fresh private directory) and returns their paths.
    pub fn ensure(cache: &Path) -> Result<Install> {
        let original = Path::new(DEBIAN_BINARY);
        let bytes = fs::read(original).with_context(|| {
            format!("reading {DEBIAN_BINARY}: is Debian's nethack-console installed? (`make deps` installs it)")
        })?;
        let dir = match private_dir(cache) {
            Ok(dir) => dir,
            Err(why) => fallback_dir(cache, &why)?,
        };
        let binary = dir.join(format!("nethack-{:016x}", fnv1a(&bytes)));
        install_verified(&binary, &bytes, 0o755)?;
        let shim = dir.join(format!("libnhshim-{:016x}.so", fnv1a(SHIM)));
        install_verified(&shim, SHIM, 0o644)?;
        Ok(Install {
            binary,
            shim,
            hackdir: PathBuf::from(DEBIAN_HACKDIR),
        })
    }
}

/// Creates `dir` (mode 0700) if missing and checks that only we can change what is in it.
/// Returns its canonical path (used from then on, so no symlink on the way is followed again);
/// the error says why it is not private.
pub fn private_dir(dir: &Path) -> Result<PathBuf, String> {
    match fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
    {
        Ok(()) => {}
        Err(e) if e.kind() == ErrorKind::AlreadyExists => {}
        Err(e) => return Err(format!("cannot create it: {e}")),
    }
    let me = unsafe { libc::geteuid() };
    let meta = fs::symlink_metadata(dir).map_err(|e| e.to_string())?;
    if meta.file_type().is_symlink() {
        return Err("it is a symlink".into());
    }
    if !meta.is_dir() {
        return Err("it is not a directory".into());
    }
    if meta.uid() != me {
        return Err(format!(
            "it is owned by uid {}, not by us ({me})",
            meta.uid()
        ));
    }
    if meta.mode() & 0o022 != 0 {
        return Err(format!(
            "it is writable by group or others (mode {:o})",
            meta.mode() & 0o7777
        ));
    }
    // Whoever can write to an ancestor can rename the directory away and put their own in its
    // place, unless the sticky bit stops them (as in /tmp).
    let real = fs::canonicalize(dir).map_err(|e| e.to_string())?;
    for parent in real.ancestors().skip(1) {
        let m = fs::metadata(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        let owner_ok = m.uid() == 0 || m.uid() == me;
        let sticky = m.mode() & 0o1000 != 0;
        if !owner_ok || (m.mode() & 0o022 != 0 && !sticky) {
            return Err(format!(
                "its ancestor {} can be changed by others (uid {}, mode {:o})",
                parent.display(),
                m.uid(),
                m.mode() & 0o7777
            ));
        }
    }
    Ok(real)
}

/// This process's fresh private directory, used when the cache is not ours alone (made once,
/// shared by every game of the process, warned about once).
fn fallback_dir(cache: &Path, why: &str) -> Result<PathBuf> {
    static DIR: Mutex<Option<PathBuf>> = Mutex::new(None);
    let mut dir = DIR.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(Ok(d)) = dir.as_deref().map(private_dir) {
        return Ok(d);
    }
    let fresh = mkdtemp(&std::env::temp_dir().join("nhbot-cache-XXXXXX"))?;
    let fresh = private_dir(&fresh).map_err(|e| {
        anyhow::anyhow!(
            "no safe place for the game binary: {}: {e}",
            fresh.display()
        )
    })?;
    log::warn!(
        "not using the game cache {}: {why}; using the fresh private directory {} instead \
         (fix or remove {} to stop this)",
        cache.display(),
        fresh.display(),
        cache.display()
    );
    Ok(dir.insert(fresh).clone())
}

/// A new directory of mode 0700 at `template` (ending in XXXXXX), by mkdtemp(3): unique, and
/// never an existing file or symlink.
pub fn mkdtemp(template: &Path) -> Result<PathBuf> {
    let mut buf = template.as_os_str().to_owned().into_vec();
    buf.push(0);
    if unsafe { libc::mkdtemp(buf.as_mut_ptr().cast()) }.is_null() {
        return Err(std::io::Error::last_os_error())
            .with_context(|| format!("creating a private directory {}", template.display()));
    }
    buf.pop();
    Ok(PathBuf::from(OsString::from_vec(buf)))
}

/// Makes `dest` a regular file of ours with mode `mode` holding exactly `bytes`, keeping it when
/// it already is one.
fn install_verified(dest: &Path, bytes: &[u8], mode: u32) -> Result<()> {
    match verify(dest, bytes, mode) {
        Ok(()) => return Ok(()),
        Err(e) if e.kind() == ErrorKind::NotFound => {}
        Err(e) => log::warn!("rewriting {}: {e}", dest.display()),
    }
    // Unique per process and call: parallel games (threads or processes) may install at once.
    static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dest.with_extension(format!("tmp{}-{n}", std::process::id()));
    let mut f = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&tmp)
        .with_context(|| format!("creating {}", tmp.display()))?;
    f.write_all(bytes)?;
    f.sync_all()?;
    fs::set_permissions(&tmp, fs::Permissions::from_mode(mode))?;
    fs::rename(&tmp, dest).with_context(|| format!("installing {}", dest.display()))?;
    Ok(())
}

/// Whether `path` is a regular file of ours with mode `mode` and content `bytes`, judged on the
/// opened file (a symlink is refused, not followed), so what is checked is what was read.
fn verify(path: &Path, bytes: &[u8], mode: u32) -> std::io::Result<()> {
    let bad = |why: String| Err(std::io::Error::other(why));
    // O_NONBLOCK: a FIFO in the file's place cannot hang the open.
    let mut f = fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)?;
    let meta = f.metadata()?;
    if !meta.is_file() {
        return bad("not a regular file".into());
    }
    let me = unsafe { libc::geteuid() };
    if meta.uid() != me {
        return bad(format!("owned by uid {}, not by us ({me})", meta.uid()));
    }
    if meta.mode() & 0o7777 != mode {
        return bad(format!(
            "mode {:o}, expected {mode:o}",
            meta.mode() & 0o7777
        ));
    }
    if meta.len() != bytes.len() as u64 {
        return bad(format!("{} bytes, expected {}", meta.len(), bytes.len()));
    }
    let mut content = Vec::with_capacity(bytes.len());
    f.read_to_end(&mut content)?;
    if content != bytes {
        return bad("its content differs from ours".into());
    }
    Ok(())
}

/// FNV-1a: a tiny stable content hash for cache file names (names only: content is compared in
/// full before use).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf29ce484222325, |h, b| {
        (h ^ *b as u64).wrapping_mul(0x100000001b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    /// A fresh directory under the temp dir for one test.
    fn scratch(name: &str) -> PathBuf {
        mkdtemp(&std::env::temp_dir().join(format!("nhbot-install-{name}-XXXXXX"))).unwrap()
    }

    fn chmod(p: &Path, mode: u32) {
        fs::set_permissions(p, fs::Permissions::from_mode(mode)).unwrap();
    }

    #[test]
    fn a_new_cache_is_private_and_holds_the_game() {
        let root = scratch("new");
        let cache = root.join("a/b/cache");
        let install = Install::ensure(&cache).unwrap();
        assert!(install
            .binary
            .starts_with(fs::canonicalize(&cache).unwrap()));
        assert_eq!(fs::metadata(&cache).unwrap().mode() & 0o777, 0o700);
        assert_eq!(
            fs::read(&install.binary).unwrap(),
            fs::read(DEBIAN_BINARY).unwrap()
        );
        assert_eq!(fs::read(&install.shim).unwrap(), SHIM);
        fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn a_planted_binary_of_the_same_size_is_replaced() {
        let cache = scratch("planted");
        let install = Install::ensure(&cache).unwrap();
        let size = fs::metadata(&install.binary).unwrap().len() as usize;
        let mut evil = b"#!/bin/sh\necho planted\nexit 0\n".to_vec();
        evil.resize(size, b'#');
        fs::write(&install.binary, &evil).unwrap();
        chmod(&install.binary, 0o755);
        // The shim too, as a symlink to a file of the same size.
        let decoy = cache.join("decoy");
        fs::write(&decoy, vec![0u8; SHIM.len()]).unwrap();
        fs::remove_file(&install.shim).unwrap();
        symlink(&decoy, &install.shim).unwrap();

        let again = Install::ensure(&cache).unwrap();
        assert_eq!(again.binary, install.binary);
        assert_eq!(
            fs::read(&again.binary).unwrap(),
            fs::read(DEBIAN_BINARY).unwrap()
        );
        assert!(!fs::symlink_metadata(&again.shim)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&again.shim).unwrap(), SHIM);
        fs::remove_dir_all(cache).unwrap();
    }

    #[test]
    fn a_copy_with_other_modes_is_replaced() {
        let cache = scratch("modes");
        let install = Install::ensure(&cache).unwrap();
        chmod(&install.binary, 0o777); // anyone could write it
        let again = Install::ensure(&cache).unwrap();
        assert_eq!(fs::metadata(&again.binary).unwrap().mode() & 0o7777, 0o755);
        fs::remove_dir_all(cache).unwrap();
    }

    /// The cache is refused: the game is installed somewhere else, and the cache is left alone.
    fn assert_refused(cache: &Path, why: &str) {
        let err = private_dir(cache).expect_err("the cache should be refused");
        assert!(err.contains(why), "{err}");
        let install = Install::ensure(cache).unwrap();
        let real = fs::canonicalize(cache).unwrap();
        assert!(
            !install.binary.starts_with(&real),
            "{install:?} is in {cache:?}"
        );
        assert!(
            !install.binary.starts_with(cache),
            "{install:?} is in {cache:?}"
        );
        assert_eq!(
            fs::read(&install.binary).unwrap(),
            fs::read(DEBIAN_BINARY).unwrap()
        );
        let dir = install.binary.parent().unwrap();
        assert_eq!(fs::metadata(dir).unwrap().mode() & 0o777, 0o700);
    }

    /// One test, so that it alone uses the process's fallback directory and can remove it.
    #[test]
    fn caches_others_could_change_are_refused() {
        // Group or world writable.
        let cache = scratch("writable");
        for mode in [0o777, 0o770, 0o1777] {
            chmod(&cache, mode);
            assert_refused(&cache, "writable by group or others");
        }
        fs::remove_dir_all(cache).unwrap();

        // A symlink (to a private directory, which stays empty).
        let root = scratch("symlink");
        let real = root.join("real");
        fs::create_dir(&real).unwrap();
        chmod(&real, 0o700);
        let link = root.join("link");
        symlink(&real, &link).unwrap();
        assert_refused(&link, "symlink");
        assert_eq!(fs::read_dir(&real).unwrap().count(), 0);
        fs::remove_dir_all(root).unwrap();

        // In a directory anyone could rename it out of; not with the sticky bit, as /tmp.
        let root = scratch("parent");
        let cache = root.join("cache");
        fs::create_dir(&cache).unwrap();
        chmod(&cache, 0o700);
        chmod(&root, 0o777);
        assert_refused(&cache, "ancestor");
        chmod(&root, 0o1777);
        assert!(private_dir(&cache).is_ok());
        fs::remove_dir_all(root).unwrap();

        // Someone else's (only root can give a directory away).
        if unsafe { libc::geteuid() } == 0 {
            let cache = scratch("foreign");
            let c = std::ffi::CString::new(cache.as_os_str().as_encoded_bytes()).unwrap();
            assert_eq!(unsafe { libc::chown(c.as_ptr(), 12345, 12345) }, 0);
            assert_refused(&cache, "owned by uid 12345");
            fs::remove_dir_all(cache).unwrap();
        } else {
            eprintln!("foreign owner skipped: only root can give a directory to another user");
        }

        // The fallback goes; a later refusal makes a new one.
        let cache = scratch("last");
        chmod(&cache, 0o777);
        let fallback = Install::ensure(&cache).unwrap().binary;
        fs::remove_dir_all(fallback.parent().unwrap()).unwrap();
        fs::remove_dir_all(cache).unwrap();
    }
}
