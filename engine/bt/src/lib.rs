//! nhbot-tree: behavior trees in YAML with Lua leaves, compiled onto bonsai-bt and hot-reloaded.
//!
//! The game loop calls [`TreeBot::decide`] once per game decision. Tree files are validated
//! against one node manifest ([`manifest::NODES`]) that also generates the JSON Schema
//! ([`json_schema`]) and the node catalogue ([`node_catalogue_markdown`]).
//!
//! **File format.** A tree file is one node. A node is a type name (`pray`) or a one-key map from
//! the type to its body: a parameter map (`hp_below: {fraction: 0.5, name: low}`), a shorthand
//! value (`search: 5`, `subtree: fight`, `lua: scripts/eat.lua`), a child list for composites
//! (`priority: [a, b]`) or the child itself for `invert`/`always_succeed`. Every body map may
//! carry `name`, the node's id in paths; unnamed nodes are `type#index` (`root/feed/eat#1`).
//!
//! **Tick model.** Each decision ticks the tree until one leaf acts. An acting leaf returns
//! Running; at the next decision, if the tree reaches it again, it returns Success (its action
//! is done) so sequences move on. A root that ends without acting is reset and ticked once more;
//! still nothing gives a fallback `Search 1` with a reason. Conditions answer immediately.
//!
//! **Composites.** `priority` and `reactive_sequence` re-check every child from the first each
//! tick. `sequence`/`selector` remember which children already succeeded/failed until they end
//! or a higher branch pre-empts them (then they start over). bonsai's memoryless selector drops
//! its children's state every tick, so that memory is kept per node path outside bonsai (see
//! `compile.rs`); bonsai still runs the tree.
//!
//! **Reload.** [`TreeBot::watch`] watches trees/ and scripts/; a change is applied before the
//! next decision once writes have been quiet for 40 ms. A reload that fails validation keeps
//! the running tree and reports [`ReloadEvent::Failed`] with file:line:col diagnostics. Memory
//! progress, cooldowns, limits and Lua `state` tables carry over by node path.
//!
//! **Lua leaves** (`lua: file.lua`, optional `function:`) are called as `f(world, state)`; see
//! scripts/nhbot.d.lua for the API. Errors and hit limits fail the leaf; read them with
//! [`TreeBot::take_leaf_errors`].

mod compile;
pub mod diag;
mod leaf;
mod lua;
mod luaapi;
pub mod manifest;
mod parse;
mod registry;
mod reload;
mod runtime;
mod schema;
mod yaml;

pub use diag::{Diagnostic, Severity};
pub use leaf::{Blackboard, FnLeaf, Leaf, Tick};
pub use manifest::{
    p, LeafOutcome, NodeKind, NodeSpec, ParamSpec, ParamType, ParamValue, Params, Requirement,
};
pub use registry::{LeafSpec, NodeRegistry};
pub use lua::{LeafError, INSTRUCTION_LIMIT, MEMORY_LIMIT};
pub use luaapi::KbQuery;
pub use schema::{json_schema, node_catalogue_markdown};

use bonsai_bt::BT;
use compile::Program;
use lua::{LoadedScripts, LuaEngine};
use luaapi::SharedKb;
use nhbot_world::{Action, Decision, World};
use reload::FileWatcher;
use runtime::RunState;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What happened to a reload attempt.
#[derive(Clone, Debug, PartialEq)]
pub enum ReloadEvent {
    /// The new tree is in effect.
    Reloaded {
        changed: Vec<PathBuf>,
        nodes: usize,
        took: Duration,
    },
    /// The files did not validate; the previous tree keeps running.
    Failed {
        changed: Vec<PathBuf>,
        diagnostics: Vec<Diagnostic>,
    },
}

/// A loaded, runnable tree with its Lua scripts and decision-to-decision state.
pub struct TreeBot {
    registry: Arc<NodeRegistry>,
    root_tree: PathBuf,
    trees_dir: PathBuf,
    scripts_dir: PathBuf,
    program: Program,
    bt: BT<u32, ()>,
    state: RunState,
    scripts: LoadedScripts,
    lua: LuaEngine,
    kb: SharedKb,
    watcher: Option<FileWatcher>,
    events: Vec<ReloadEvent>,
}

/// `<repo>/scripts` for a tree at `<repo>/trees/main.yaml`.
fn default_scripts_dir(trees_dir: &Path) -> PathBuf {
    trees_dir.parent().unwrap_or(Path::new(".")).join("scripts")
}

fn trees_dir_of(root_tree: &Path) -> PathBuf {
    match root_tree.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Parses, validates and compiles a tree and its scripts. Any error diagnostic rejects it.
fn build(
    registry: &NodeRegistry,
    root_tree: &Path,
    trees_dir: &Path,
    scripts_dir: &Path,
    lua: &mut LuaEngine,
) -> Result<(Program, LoadedScripts), Vec<Diagnostic>> {
    let mut loader = parse::Loader::new(registry, trees_dir, scripts_dir);
    let ast = loader.load_root(root_tree);
    let mut diags = loader.diags;
    let Some(ast) = ast.filter(|_| !diags.iter().any(Diagnostic::is_error)) else {
        return Err(diags);
    };
    let program = compile::compile(&ast, registry);
    let scripts = lua.load(&program, &mut diags);
    if diags.iter().any(Diagnostic::is_error) {
        return Err(diags);
    }
    Ok((program, scripts))
}

impl TreeBot {
    /// Loads `root_tree` with the node types of `registry`; the trees dir is its parent, the
    /// scripts dir `<trees dir>/../scripts`.
    pub fn load(
        registry: impl Into<Arc<NodeRegistry>>,
        root_tree: &Path,
    ) -> Result<TreeBot, Vec<Diagnostic>> {
        let trees_dir = trees_dir_of(root_tree);
        let scripts_dir = default_scripts_dir(&trees_dir);
        TreeBot::load_with_scripts(registry, root_tree, &scripts_dir)
    }

    /// Like [`TreeBot::load`] with an explicit scripts directory.
    pub fn load_with_scripts(
        registry: impl Into<Arc<NodeRegistry>>,
        root_tree: &Path,
        scripts_dir: &Path,
    ) -> Result<TreeBot, Vec<Diagnostic>> {
        let trees_dir = trees_dir_of(root_tree);
        let kb: SharedKb = Arc::new(Mutex::new(None));
        let mut lua = LuaEngine::new(scripts_dir, &kb).map_err(|e| {
            vec![Diagnostic::error(
                root_tree,
                diag::Mark::new(1, 1),
                format!("cannot start Lua: {e}"),
            )]
        })?;
        let registry = registry.into();
        let (program, scripts) = build(&registry, root_tree, &trees_dir, scripts_dir, &mut lua)?;
        let state = RunState::new(&program);
        Ok(TreeBot {
            registry,
            root_tree: root_tree.to_path_buf(),
            trees_dir,
            scripts_dir: scripts_dir.to_path_buf(),
            bt: BT::new(program.behavior.clone(), ()),
            program,
            state,
            scripts,
            lua,
            kb,
            watcher: None,
            events: Vec::new(),
        })
    }

    /// Starts watching the trees and scripts directories; changes apply at the next decision.
    pub fn watch(&mut self) -> anyhow::Result<()> {
        self.watcher = Some(FileWatcher::new(&[
            self.trees_dir.clone(),
            self.scripts_dir.clone(),
        ])?);
        Ok(())
    }

    /// Applies a pending, debounced file change. Returns true when a new tree took effect.
    pub fn poll_reload(&mut self) -> bool {
        let Some(changed) = self.watcher.as_mut().and_then(FileWatcher::poll) else {
            return false;
        };
        self.reload(changed)
    }

    /// Reloads everything now (also used by the watcher). On error the old tree stays.
    pub fn reload(&mut self, changed: Vec<PathBuf>) -> bool {
        let started = Instant::now();
        match build(
            &self.registry,
            &self.root_tree,
            &self.trees_dir,
            &self.scripts_dir,
            &mut self.lua,
        ) {
            Ok((program, scripts)) => {
                self.state = self.state.carry_over(&self.program, &program);
                self.lua.keep_states(&program);
                self.bt = BT::new(program.behavior.clone(), ());
                let nodes = program.node_count;
                self.program = program;
                self.scripts = scripts;
                let took = started.elapsed();
                log::info!(target: "nhbot::tree", "reloaded {} ({nodes} nodes) in {took:?}", self.root_tree.display());
                self.events.push(ReloadEvent::Reloaded {
                    changed,
                    nodes,
                    took,
                });
                true
            }
            Err(diagnostics) => {
                for d in &diagnostics {
                    log::warn!(target: "nhbot::tree", "reload rejected, keeping the previous tree: {d}");
                }
                self.events.push(ReloadEvent::Failed {
                    changed,
                    diagnostics,
                });
                false
            }
        }
    }

    /// One game decision. Applies a pending reload first; never panics; falls back to searching
    /// one turn (with a reason) when the tree yields no action.
    pub fn decide(&mut self, world: &World) -> Decision {
        self.poll_reload();
        let TreeBot {
            program,
            bt,
            state,
            scripts,
            lua,
            ..
        } = self;
        let ticked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            if program.lua_leaves.is_empty() {
                runtime::tick_decision(program, bt, state, world, &mut |_| {
                    LeafOutcome::Failure
                })
            } else {
                lua.with_world(world, |call| {
                    runtime::tick_decision(program, bt, state, world, &mut |i| {
                        call.call(scripts, program, i)
                    })
                })
                .flatten()
            }
        }));
        match ticked {
            Ok(Some(found)) => Decision {
                action: found.action,
                path: self.program.leaves[found.leaf as usize].path.to_string(),
                reason: if found.reason.is_empty() {
                    "(no reason given)".into()
                } else {
                    found.reason
                },
            },
            Ok(None) => fallback("the tree chose no action (every branch failed)".into()),
            Err(panic) => {
                self.bt.reset_bt();
                let what = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()));
                fallback(format!(
                    "the tree panicked ({}); it was reset",
                    what.unwrap_or_default()
                ))
            }
        }
    }

    /// Reloads and reload failures since the previous call.
    pub fn reload_events(&mut self) -> Vec<ReloadEvent> {
        std::mem::take(&mut self.events)
    }

    /// Lua leaf failures (script errors, hit limits) since the previous call.
    pub fn take_leaf_errors(&mut self) -> Vec<LeafError> {
        std::mem::take(&mut self.lua.errors)
    }

    /// Installs the knowledge base Lua leaves query through `kb.*`.
    pub fn set_kb(&mut self, kb: Box<dyn KbQuery + Send>) {
        if let Ok(mut slot) = self.kb.lock() {
            *slot = Some(kb);
        }
    }

    /// Turns the per-decision leaf trace on or off (off by default: it costs a little per tick).
    pub fn set_trace(&mut self, on: bool) {
        self.state.trace = on.then(Vec::new);
    }

    /// The leaves ticked at the last decision, in order, with their answers (`success`,
    /// `failure`, `running` = acted): the "why" behind a decision. Empty when tracing is off.
    pub fn last_trace(&self) -> Vec<(String, &'static str)> {
        let Some(trace) = &self.state.trace else {
            return Vec::new();
        };
        trace
            .iter()
            .map(|(id, status)| {
                let word = match status {
                    bonsai_bt::Status::Success => "success",
                    bonsai_bt::Status::Failure => "failure",
                    bonsai_bt::Status::Running => "running",
                };
                (self.program.leaves[*id as usize].path.to_string(), word)
            })
            .collect()
    }

    /// Number of nodes in the running tree (subtrees inlined).
    pub fn node_count(&self) -> usize {
        self.program.node_count
    }
}

fn fallback(reason: String) -> Decision {
    Decision {
        action: Action::Search { count: 1 },
        path: "fallback".into(),
        reason: format!("{reason}; searching 1 turn"),
    }
}

/// Validates tree files (`.yaml`/`.yml`, subtrees and Lua scripts included) and Lua scripts
/// (syntax only). Same messages as a reload; the CLI exits non-zero if any is an error.
/// A directory stands for the tree and Lua files directly inside it.
pub fn check(registry: &NodeRegistry, paths: &[PathBuf]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut files = Vec::new();
    for path in paths {
        match std::fs::read_dir(path) {
            Ok(entries) if path.is_dir() => {
                let mut inside: Vec<PathBuf> = entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| reload::is_watched_file(p))
                    .collect();
                inside.sort();
                files.extend(inside);
            }
            _ => files.push(path.clone()),
        }
    }
    for path in &files {
        let is_lua = path.extension().and_then(|e| e.to_str()) == Some("lua");
        let trees_dir = trees_dir_of(path);
        let scripts_dir = if is_lua {
            trees_dir.clone()
        } else {
            default_scripts_dir(&trees_dir)
        };
        let kb: SharedKb = Arc::new(Mutex::new(None));
        let mut lua = match LuaEngine::new(&scripts_dir, &kb) {
            Ok(l) => l,
            Err(e) => {
                out.push(Diagnostic::error(
                    path,
                    diag::Mark::new(1, 1),
                    format!("cannot start Lua: {e}"),
                ));
                continue;
            }
        };
        if is_lua {
            out.extend(lua.syntax_check(path));
        } else if let Err(diags) = build(registry, path, &trees_dir, &scripts_dir, &mut lua) {
            out.extend(diags);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn tree_bot_can_move_to_another_thread() {
        fn assert_send<T: Send>() {}
        assert_send::<super::TreeBot>();
    }
}
