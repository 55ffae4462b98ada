#![allow(dead_code)]
//! Helpers shared by the integration tests: scratch repos and worlds.

pub mod scene;

use nhbot_bt::{Diagnostic, TreeBot};
use nhbot_world::{Action, Cell, Hunger, World};
use std::path::{Path, PathBuf};

/// A scratch repo with trees/ and scripts/.
pub struct Repo {
    pub dir: PathBuf,
}

impl Repo {
    pub fn new(tag: &str) -> Repo {
        Repo {
            dir: nhbot_skills::bench::scratch_dir(tag).expect("scratch dir"),
        }
    }
    pub fn tree(&self, name: &str, yaml: &str) -> PathBuf {
        let p = self.dir.join("trees").join(name);
        std::fs::write(&p, yaml).expect("write tree");
        p
    }
    pub fn script(&self, name: &str, lua: &str) -> PathBuf {
        let p = self.dir.join("scripts").join(name);
        std::fs::write(&p, lua).expect("write script");
        p
    }
    /// Copies the repository's scripts `names` (paths under `scripts/`, e.g. "gear/common.lua")
    /// into this repo's `scripts/`, as the real repo lays them out.
    pub fn copy_scripts(&self, names: &[&str]) {
        for name in names {
            let from = scripts_dir().join(name);
            let lua = std::fs::read_to_string(&from)
                .unwrap_or_else(|e| panic!("{}: {e}", from.display()));
            let to = self.dir.join("scripts").join(name);
            std::fs::create_dir_all(to.parent().expect("a parent")).expect("scripts dir");
            self.script(name, &lua);
        }
    }
    /// Copies the repository's trees `names` (e.g. "minetown.yaml") into this repo's `trees/`.
    pub fn copy_trees(&self, names: &[&str]) {
        for name in names {
            let from = scripts_dir().join("../trees").join(name);
            let yaml = std::fs::read_to_string(&from)
                .unwrap_or_else(|e| panic!("{}: {e}", from.display()));
            self.tree(name, &yaml);
        }
    }
    pub fn load(&self, name: &str) -> TreeBot {
        match TreeBot::load(nhbot_skills::registry(), &self.dir.join("trees").join(name)) {
            Ok(b) => b,
            Err(d) => panic!("tree did not load:\n{}", render(&d)),
        }
    }
    pub fn errors(&self, name: &str) -> Vec<Diagnostic> {
        match TreeBot::load(nhbot_skills::registry(), &self.dir.join("trees").join(name)) {
            Ok(_) => panic!("{name} loaded but errors were expected"),
            Err(d) => d,
        }
    }
    /// `name:line:col: message` of the only diagnostic, path relative to the repo.
    pub fn only_error(&self, name: &str) -> String {
        let d = self.errors(name);
        assert_eq!(d.len(), 1, "expected one diagnostic, got:\n{}", render(&d));
        let rel = d[0]
            .file
            .strip_prefix(&self.dir)
            .unwrap_or(&d[0].file)
            .display()
            .to_string();
        format!("{rel}:{}:{}: {}", d[0].line, d[0].col, d[0].message)
    }
}

impl Drop for Repo {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub fn render(d: &[Diagnostic]) -> String {
    d.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The repository's `scripts/`.
pub fn scripts_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts")
}

/// The repository's tree `trees/<name>` as the bot plays it (loaded where it stands, so its
/// subtrees and scripts are the repository's).
pub fn repo_tree(name: &str) -> TreeBot {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../trees")
        .join(name);
    TreeBot::load(nhbot_skills::registry(), &path).unwrap_or_else(|d| panic!("{}", render(&d)))
}

/// A world with a floor room around the player.
pub fn world() -> World {
    let mut w = nhbot_skills::bench::sample_world();
    w.status.hunger = Hunger::NotHungry;
    w.messages.clear();
    w
}

pub fn walled_world() -> World {
    let mut w = world();
    for c in w.view.cells.iter_mut() {
        *c = Cell {
            ch: '-',
            ..Cell::default()
        };
    }
    w
}

pub fn is_search(a: &Action) -> bool {
    matches!(a, Action::Search { .. })
}

pub fn path(p: &Path) -> String {
    p.display().to_string()
}
