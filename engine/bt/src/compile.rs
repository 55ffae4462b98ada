//! Validated AST → bonsai `Behavior<u32>` (a leaf id into `Program::leaves`).
//!
//! Why memory lives outside bonsai: bonsai's memoryless selector (our `priority`) re-creates its
//! children's state on every tick, which would wipe the memory of any `sequence`/`selector` below
//! it. So every composite is compiled onto bonsai's memoryless Select/Sequence, and the memory of
//! `sequence`/`selector` is a progress counter per node path, kept by small internal gate leaves.
//! Cooldown and limit are gate leaves too; repeat_until is a bonsai `While`.

use crate::leaf::DynLeaf;
use crate::manifest::Params;
use crate::parse::{Ast, AstKind};
use crate::registry::NodeRegistry;
use bonsai_bt::Behavior;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The bookkeeping leaves of a compiled plan, each about one phase (index into
/// `Program::phases`) except `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseStep {
    /// Succeeds while the phase is not completed.
    Open(usize),
    /// The phase's `done` held: completed now (succeeds).
    Complete(usize),
    /// The phase is the plan's active one from now on (succeeds).
    Pick(usize),
    /// Succeeds when the phase is its plan's active one.
    Is(usize),
    /// No phase of the plan (the leaf's path) can be active: it follows none (fails).
    None,
}

#[derive(Clone, Debug)]
pub enum LeafKind {
    /// A registered Rust leaf; its state lives in the run state, by leaf id.
    Builtin(RustLeaf),
    /// Index into the program's `lua_leaves`.
    Lua(usize),
    /// Memory composite bookkeeping. Sequence: succeeds when child `index` already succeeded.
    /// Selector: succeeds when child `index` has not failed yet.
    MemCheck {
        mem: usize,
        index: u32,
        select: bool,
    },
    MemAdvance {
        mem: usize,
        index: u32,
    },
    MemReset {
        mem: usize,
    },
    Gate(usize),
    /// Always running: turns a repeat_until condition failure into "keep looping".
    Running,
    /// Stops a repeat_until body that finishes without acting from spinning within one tick.
    LoopGuard(usize),
    /// Plan bookkeeping, by index into `Program::phases` (see `plan.rs`).
    Phase(PhaseStep),
    /// A composite ticked as a tree of its own, by index into `Program::nested` (see there).
    Nested(usize),
}

/// A registered leaf built for one node, with its type name (state carries over a reload only
/// to a node of the same type).
#[derive(Clone)]
pub struct RustLeaf {
    pub type_name: &'static str,
    pub leaf: Arc<dyn DynLeaf>,
}

impl std::fmt::Debug for RustLeaf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RustLeaf({})", self.type_name)
    }
}

#[derive(Clone, Debug)]
pub struct LeafEntry {
    pub path: Arc<str>,
    pub kind: LeafKind,
    /// Cooldown/limit gates enclosing this leaf, outermost first.
    pub gates: Vec<usize>,
}

#[derive(Clone, Debug)]
pub struct GateSpec {
    pub path: Arc<str>,
    pub cooldown_turns: Option<i64>,
    pub max_starts: Option<i64>,
}

/// One phase of a plan, as the runtime needs it.
#[derive(Clone, Debug)]
pub struct PhaseSpec {
    pub name: Arc<str>,
    pub goal: Arc<str>,
    /// The enclosing plan's node path.
    pub plan: Arc<str>,
    pub skip: bool,
}

#[derive(Clone, Debug)]
pub struct LuaLeaf {
    pub path: Arc<str>,
    pub script: PathBuf,
    pub function: Option<String>,
    pub file: Arc<Path>,
    pub mark: crate::diag::Mark,
}

#[derive(Clone, Debug)]
pub struct Program {
    pub behavior: Behavior<u32>,
    /// Every composite (select, sequence) of the tree, each with its composite children
    /// standing as `LeafKind::Nested` leaves: bonsai builds a child's state from a clone of its
    /// behavior at each visit of a memoryless composite, so a composite holding its whole
    /// subtree cloned that subtree at every visit (all of it, every decision, from the root
    /// down); one level each, a visit clones one level.
    pub nested: Vec<Behavior<u32>>,
    pub leaves: Vec<LeafEntry>,
    pub mems: Vec<Arc<str>>,
    pub gates: Vec<GateSpec>,
    pub loops: usize,
    pub lua_leaves: Vec<LuaLeaf>,
    /// Every phase of every plan, skipped ones included, in tree order.
    pub phases: Vec<PhaseSpec>,
    pub node_count: usize,
}

impl Program {
    pub fn leaf_by_path(&self, path: &str) -> Option<u32> {
        self.leaves
            .iter()
            .position(|l| &*l.path == path && !is_internal(&l.kind))
            .map(|i| i as u32)
    }
}

fn is_internal(kind: &LeafKind) -> bool {
    !matches!(kind, LeafKind::Builtin(_) | LeafKind::Lua(_))
}

pub fn compile(root: &Ast, registry: &NodeRegistry) -> Program {
    let mut c = Compiler {
        registry,
        prog: Program {
            behavior: Behavior::WaitForever,
            nested: Vec::new(),
            leaves: Vec::new(),
            mems: Vec::new(),
            gates: Vec::new(),
            loops: 0,
            lua_leaves: Vec::new(),
            phases: Vec::new(),
            node_count: root.size(),
        },
        gates: Vec::new(),
    };
    c.prog.behavior = c.node(root);
    c.prog
}

struct Compiler<'r> {
    registry: &'r NodeRegistry,
    prog: Program,
    /// Gates enclosing the node being compiled.
    gates: Vec<usize>,
}

fn invert(b: Behavior<u32>) -> Behavior<u32> {
    Behavior::Invert(Box::new(b))
}

impl Compiler<'_> {
    /// A memoryless select of `children`, as a nested composite of the node at `path`.
    fn select(&mut self, path: &Arc<str>, children: Vec<Behavior<u32>>) -> Behavior<u32> {
        self.nest(path, Behavior::Select(children).memory(false))
    }

    /// A memoryless sequence of `children`, as a nested composite of the node at `path`.
    fn seq(&mut self, path: &Arc<str>, children: Vec<Behavior<u32>>) -> Behavior<u32> {
        self.nest(path, Behavior::Sequence(children).memory(false))
    }

    /// `composite` as a leaf that ticks it (see `Program::nested`).
    fn nest(&mut self, path: &Arc<str>, composite: Behavior<u32>) -> Behavior<u32> {
        self.prog.nested.push(composite);
        let index = self.prog.nested.len() - 1;
        self.leaf(path, LeafKind::Nested(index))
    }

    fn leaf(&mut self, path: &Arc<str>, kind: LeafKind) -> Behavior<u32> {
        self.prog.leaves.push(LeafEntry {
            path: path.clone(),
            kind,
            gates: self.gates.clone(),
        });
        Behavior::Action((self.prog.leaves.len() - 1) as u32)
    }

    fn node(&mut self, ast: &Ast) -> Behavior<u32> {
        let path: Arc<str> = Arc::from(ast.path.as_str());
        match &ast.kind {
            AstKind::Leaf { spec, params } => {
                // The parser only accepts registered names, so a leaf spec always has a factory.
                let leaf = self
                    .registry
                    .make(spec.name, params)
                    .expect("a validated leaf type is registered");
                self.leaf(
                    &path,
                    LeafKind::Builtin(RustLeaf {
                        type_name: spec.name,
                        leaf,
                    }),
                )
            }
            AstKind::Lua { script, function } => {
                self.prog.lua_leaves.push(LuaLeaf {
                    path: path.clone(),
                    script: script.clone(),
                    function: function.clone(),
                    file: ast.file.clone(),
                    mark: ast.mark,
                });
                let idx = self.prog.lua_leaves.len() - 1;
                self.leaf(&path, LeafKind::Lua(idx))
            }
            AstKind::Composite { spec, children } => match spec.name {
                "priority" => {
                    let children = children.iter().map(|c| self.node(c)).collect();
                    self.select(&path, children)
                }
                "reactive_sequence" => {
                    let children = children.iter().map(|c| self.node(c)).collect();
                    self.seq(&path, children)
                }
                "sequence" => self.memory_sequence(&path, children),
                "plan" => self.plan(&path, children),
                _ => self.memory_selector(&path, children),
            },
            AstKind::Decorator {
                spec,
                params,
                children,
                ..
            } => match spec.name {
                "invert" => invert(self.node(&children[0])),
                "always_succeed" => Behavior::AlwaysSucceed(Box::new(self.node(&children[0]))),
                "repeat_until" => {
                    let lp = self.prog.loops;
                    self.prog.loops += 1;
                    let until = self.node(&children[0]);
                    let running = self.leaf(&path, LeafKind::Running);
                    let guard = self.leaf(&path, LeafKind::LoopGuard(lp));
                    let body = self.node(&children[1]);
                    let until_or_running = self.select(&path, vec![until, running]);
                    Behavior::While(Box::new(until_or_running), vec![guard, body])
                }
                // cooldown, limit
                _ => self.gated(&path, spec.name, params, &children[0]),
            },
        }
    }

    fn gated(
        &mut self,
        path: &Arc<str>,
        kind: &str,
        params: &Params,
        child: &Ast,
    ) -> Behavior<u32> {
        let gate = self.prog.gates.len();
        let (cooldown_turns, max_starts) = if kind == "cooldown" {
            (Some(params.integer("turns")), None)
        } else {
            (None, Some(params.integer("times")))
        };
        self.prog.gates.push(GateSpec {
            path: path.clone(),
            cooldown_turns,
            max_starts,
        });
        let check = self.leaf(path, LeafKind::Gate(gate));
        self.gates.push(gate);
        let body = self.node(child);
        self.gates.pop();
        self.seq(path, vec![check, body])
    }

    /// seq[ choose, run ] where choose = select[ phase_0 .. phase_n, none ] with
    /// phase_i = seq[ open(i), invert(seq[done_i, complete(i)]), when_i, pick(i) ] for each phase
    /// not skipped, and run = select[ seq[is(i), do_i] .. ]: the first open phase whose `done`
    /// fails and whose `when` holds is picked, then only its `do` runs (its failure is the
    /// plan's, no later phase's `do` is tried).
    fn plan(&mut self, path: &Arc<str>, phases: &[Ast]) -> Behavior<u32> {
        let mut choose = Vec::new();
        let mut run = Vec::new();
        for phase in phases {
            let AstKind::Decorator {
                params,
                children,
                slots,
                ..
            } = &phase.kind
            else {
                continue; // the parser lets only phases into a plan
            };
            let index = self.prog.phases.len();
            let skip = params.flag("skip");
            self.prog.phases.push(PhaseSpec {
                name: Arc::from(phase.path.rsplit('/').next().unwrap_or(&phase.path)),
                goal: Arc::from(params.text("goal").unwrap_or_default()),
                plan: path.clone(),
                skip,
            });
            if skip {
                continue;
            }
            let part = |slot: &str| slots.iter().position(|s| *s == slot).map(|i| &children[i]);
            let phase_path: Arc<str> = Arc::from(phase.path.as_str());
            let mut guard = vec![self.leaf(&phase_path, LeafKind::Phase(PhaseStep::Open(index)))];
            if let Some(done) = part("done") {
                let done = self.node(done);
                let complete = self.leaf(&phase_path, LeafKind::Phase(PhaseStep::Complete(index)));
                let done_then_complete = self.seq(&phase_path, vec![done, complete]);
                guard.push(invert(done_then_complete));
            }
            if let Some(when) = part("when") {
                guard.push(self.node(when));
            }
            guard.push(self.leaf(&phase_path, LeafKind::Phase(PhaseStep::Pick(index))));
            let guard = self.seq(&phase_path, guard);
            choose.push(guard);
            if let Some(body) = part("do") {
                let is = self.leaf(&phase_path, LeafKind::Phase(PhaseStep::Is(index)));
                let body = self.node(body);
                let run_body = self.seq(&phase_path, vec![is, body]);
                run.push(run_body);
            }
        }
        choose.push(self.leaf(path, LeafKind::Phase(PhaseStep::None)));
        if run.is_empty() {
            // Every phase skipped: `choose` fails first; bonsai wants no empty select.
            run.push(self.leaf(path, LeafKind::Phase(PhaseStep::None)));
        }
        let choose = self.select(path, choose);
        let run = self.select(path, run);
        self.seq(path, vec![choose, run])
    }

    fn new_mem(&mut self, path: &Arc<str>) -> usize {
        self.prog.mems.push(path.clone());
        self.prog.mems.len() - 1
    }

    /// seq[ step_0 .. step_n, reset ] where step_i = select[ already_done(i), seq[child_i, advance(i)] ];
    /// any failure resets the progress before failing.
    fn memory_sequence(&mut self, path: &Arc<str>, children: &[Ast]) -> Behavior<u32> {
        let mem = self.new_mem(path);
        let mut steps = Vec::with_capacity(children.len() + 1);
        for (i, child) in children.iter().enumerate() {
            let done = self.leaf(
                path,
                LeafKind::MemCheck {
                    mem,
                    index: i as u32,
                    select: false,
                },
            );
            let body = self.node(child);
            let advance = self.leaf(
                path,
                LeafKind::MemAdvance {
                    mem,
                    index: i as u32,
                },
            );
            let body_then_advance = self.seq(path, vec![body, advance]);
            let step = self.select(path, vec![done, body_then_advance]);
            steps.push(step);
        }
        steps.push(self.leaf(path, LeafKind::MemReset { mem }));
        let reset_and_fail = invert(self.leaf(path, LeafKind::MemReset { mem }));
        let steps = self.seq(path, steps);
        self.select(path, vec![steps, reset_and_fail])
    }

    /// select[ step_0 .. step_n, fail ] where step_i = seq[ not_failed_yet(i),
    /// select[ seq[child_i, reset], fail_after(advance(i)) ] ].
    fn memory_selector(&mut self, path: &Arc<str>, children: &[Ast]) -> Behavior<u32> {
        let mem = self.new_mem(path);
        let mut steps = Vec::with_capacity(children.len() + 1);
        for (i, child) in children.iter().enumerate() {
            let open = self.leaf(
                path,
                LeafKind::MemCheck {
                    mem,
                    index: i as u32,
                    select: true,
                },
            );
            let body = self.node(child);
            let reset = self.leaf(path, LeafKind::MemReset { mem });
            let advance = invert(self.leaf(
                path,
                LeafKind::MemAdvance {
                    mem,
                    index: i as u32,
                },
            ));
            let body_then_reset = self.seq(path, vec![body, reset]);
            let tried = self.select(path, vec![body_then_reset, advance]);
            let step = self.seq(path, vec![open, tried]);
            steps.push(step);
        }
        steps.push(invert(self.leaf(path, LeafKind::MemReset { mem })));
        self.select(path, steps)
    }
}
