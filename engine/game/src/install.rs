//! The private, non-setgid copy of the Debian game binary and the preload shim beside it.
//!
//! The installed binary is setgid `games`, so the dynamic loader ignores LD_PRELOAD on it; a copy
//! without the setgid bit accepts the shim. Copies are content-addressed and installed atomically
//! (write to a temp name, then rename) so parallel games can share them.

use anyhow::{Context, Result};
use std::fs;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

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
    /// Makes sure the private binary copy and the shim exist in `cache` and returns their paths.
    pub fn ensure(cache: &Path) -> Result<Install> {
        let original = Path::new(DEBIAN_BINARY);
        let bytes = fs::read(original).with_context(|| {
            format!("reading {DEBIAN_BINARY}: is Debian's nethack-console installed? (`make deps` installs it)")
        })?;
        fs::create_dir_all(cache).with_context(|| format!("creating {}", cache.display()))?;
        let binary = cache.join(format!("nethack-{:016x}", fnv1a(&bytes)));
        install_atomically(&binary, &bytes, 0o755)?;
        let shim = cache.join(format!("libnhshim-{:016x}.so", fnv1a(SHIM)));
        install_atomically(&shim, SHIM, 0o644)?;
        Ok(Install {
            binary,
            shim,
            hackdir: PathBuf::from(DEBIAN_HACKDIR),
        })
    }
}

fn install_atomically(dest: &Path, bytes: &[u8], mode: u32) -> Result<()> {
    if fs::metadata(dest)
        .map(|m| m.len() == bytes.len() as u64)
        .unwrap_or(false)
    {
        return Ok(());
    }
    // Unique per process and call: parallel games (threads or processes) may install at once.
    static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dest.with_extension(format!("tmp{}-{n}", std::process::id()));
    let mut f = fs::File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
    f.write_all(bytes)?;
    f.sync_all()?;
    fs::set_permissions(&tmp, fs::Permissions::from_mode(mode))?;
    fs::rename(&tmp, dest).with_context(|| format!("installing {}", dest.display()))?;
    Ok(())
}

/// FNV-1a: a tiny stable content hash for cache file names.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf29ce484222325, |h, b| {
        (h ^ *b as u64).wrapping_mul(0x100000001b3)
    })
}
