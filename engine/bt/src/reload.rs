//! Watches trees/ and scripts/ and reports changed files once an editor's write burst is over.

use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher as _};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// Quiet time after the last event before a reload: editors save in bursts (write temp, rename,
/// chmod), and a half-written file must not be parsed.
pub const DEBOUNCE: Duration = Duration::from_millis(40);

pub struct FileWatcher {
    _watcher: RecommendedWatcher,
    rx: Receiver<notify::Result<notify::Event>>,
    changed: BTreeSet<PathBuf>,
    last_event: Option<Instant>,
}

/// Tree and script files; editor temp files (`.x.swp`, `x~`, vim's `4913`) are ignored.
pub fn is_watched_file(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    if name.starts_with('.') || name.ends_with('~') {
        return false;
    }
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("yaml" | "yml" | "lua")
    )
}

impl FileWatcher {
    pub fn new(dirs: &[PathBuf]) -> anyhow::Result<FileWatcher> {
        let (tx, rx) = channel();
        let mut watcher = notify::recommended_watcher(move |ev| {
            let _ = tx.send(ev);
        })?;
        for dir in dirs {
            if dir.is_dir() {
                watcher
                    .watch(dir, RecursiveMode::Recursive)
                    .map_err(|e| anyhow::anyhow!("cannot watch {}: {e}", dir.display()))?;
            }
        }
        Ok(FileWatcher {
            _watcher: watcher,
            rx,
            changed: BTreeSet::new(),
            last_event: None,
        })
    }

    /// Changed files, once no event arrived for `DEBOUNCE`; `None` while nothing is ready.
    pub fn poll(&mut self) -> Option<Vec<PathBuf>> {
        while let Ok(ev) = self.rx.try_recv() {
            let Ok(ev) = ev else { continue };
            if matches!(ev.kind, EventKind::Access(_)) {
                continue;
            }
            for p in ev.paths.into_iter().filter(|p| is_watched_file(p)) {
                self.changed.insert(p);
                self.last_event = Some(Instant::now());
            }
        }
        let quiet = self.last_event.is_some_and(|t| t.elapsed() >= DEBOUNCE);
        if quiet && !self.changed.is_empty() {
            self.last_event = None;
            Some(std::mem::take(&mut self.changed).into_iter().collect())
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editor_temp_files_are_ignored() {
        assert!(is_watched_file(Path::new("trees/main.yaml")));
        assert!(is_watched_file(Path::new("scripts/eat.lua")));
        assert!(!is_watched_file(Path::new("trees/.main.yaml.swp")));
        assert!(!is_watched_file(Path::new("trees/main.yaml~")));
        assert!(!is_watched_file(Path::new("trees/4913")));
    }
}
