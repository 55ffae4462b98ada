//! One decision: tick the bonsai tree until a leaf emits an action.
//!
//! Tick model: an action leaf that emits returns Running, which stops the tick ("the action was
//! sent, wait for the next decision"). At the next decision that same leaf, when ticked again,
//! returns Success (its action is done) without acting, so sequences move on. A root that finishes
//! without acting is reset and ticked once more (at most two passes: no spinning).
//!
//! Each user leaf (Rust or Lua) runs at most once per decision: the second pass, and a
//! repeat_until's second round, get the answer the leaf already gave in this decision. The world
//! is the same within a decision, so a condition's answer is too; running it again only made
//! counters in leaf state advance twice and errors appear twice.

use crate::board::LuaBoard;
use crate::compile::{LeafEntry, LeafKind, Program};
use crate::leaf::{Blackboard, LeafState, Tick};
use crate::manifest::LeafOutcome;
use crate::plan::PlanProgress;
use bonsai_bt::{Behavior, Event, Status, BT};
use nhbot_world::{Action, World};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The time one user leaf took over the game: how often it ran and for how long in all.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LeafClock {
    pub calls: u64,
    pub spent: Duration,
}

/// Decision-to-decision state, keyed by node path when carried over a reload.
#[derive(Default)]
pub struct RunState {
    /// Each Rust leaf's own state, by leaf id (None for the other leaves).
    leaf_states: Vec<Option<LeafState>>,
    /// What the leaves share, for the whole game.
    pub blackboard: Blackboard,
    mem_progress: Vec<u32>,
    mem_touched: Vec<u64>,
    gate_last_start: Vec<Option<i64>>,
    gate_starts: Vec<i64>,
    loop_epoch: Vec<u64>,
    loop_count: Vec<u32>,
    epoch: u64,
    /// Leaf that acted at the previous decision.
    prev_emitter: Option<u32>,
    /// Per leaf: the decision (epoch) it last answered at, and its answer then.
    answered: Vec<(u64, Status)>,
    /// When on, the user leaves ticked at the last decision with their answers, in order.
    pub trace: Option<Vec<(u32, Status)>>,
    /// What the plans remember: phases reached, completed, followed now.
    pub plan: PlanProgress,
    /// Per leaf: its calls and the time they took (where the decision time goes).
    pub clocks: Vec<LeafClock>,
}

impl RunState {
    pub fn new(prog: &Program) -> RunState {
        RunState {
            leaf_states: prog
                .leaves
                .iter()
                .map(|l| match &l.kind {
                    LeafKind::Builtin(rust) => Some(rust.leaf.new_state()),
                    _ => None,
                })
                .collect(),
            blackboard: Blackboard::default(),
            mem_progress: vec![0; prog.mems.len()],
            mem_touched: vec![0; prog.mems.len()],
            gate_last_start: vec![None; prog.gates.len()],
            gate_starts: vec![0; prog.gates.len()],
            loop_epoch: vec![0; prog.loops],
            loop_count: vec![0; prog.loops],
            epoch: 0,
            prev_emitter: None,
            answered: vec![(0, Status::Failure); prog.leaves.len()],
            trace: None,
            plan: PlanProgress::default(),
            clocks: vec![LeafClock::default(); prog.leaves.len()],
        }
    }

    /// State for `new` carrying over everything whose node path still exists in `old` (a Rust
    /// leaf's state only to a leaf of the same type), and the blackboard.
    pub fn carry_over(&mut self, old: &Program, new: &Program) -> RunState {
        let mut st = RunState::new(new);
        st.blackboard = std::mem::take(&mut self.blackboard);
        st.plan = std::mem::take(&mut self.plan).carried_to(new);
        for (i, entry) in new.leaves.iter().enumerate() {
            let LeafKind::Builtin(rust) = &entry.kind else {
                continue;
            };
            let Some(j) = old.leaf_by_path(&entry.path) else {
                continue;
            };
            if matches!(&old.leaves[j as usize].kind, LeafKind::Builtin(o) if o.type_name == rust.type_name)
            {
                st.leaf_states[i] = self.leaf_states[j as usize].take();
            }
        }
        for (i, entry) in new.leaves.iter().enumerate() {
            if let Some(j) = old.leaf_by_path(&entry.path) {
                st.clocks[i] = self.clocks[j as usize];
            }
        }
        st.epoch = self.epoch;
        st.trace = self.trace.as_ref().map(|_| Vec::new());
        let mems: HashMap<&str, usize> = old
            .mems
            .iter()
            .enumerate()
            .map(|(i, p)| (&**p, i))
            .collect();
        for (i, p) in new.mems.iter().enumerate() {
            if let Some(&j) = mems.get(&**p) {
                st.mem_progress[i] = self.mem_progress[j];
                st.mem_touched[i] = self.mem_touched[j];
            }
        }
        let gates: HashMap<&str, usize> = old
            .gates
            .iter()
            .enumerate()
            .map(|(i, g)| (&*g.path, i))
            .collect();
        for (i, g) in new.gates.iter().enumerate() {
            if let Some(&j) = gates.get(&*g.path) {
                st.gate_last_start[i] = self.gate_last_start[j];
                st.gate_starts[i] = self.gate_starts[j];
            }
        }
        st.prev_emitter = self
            .prev_emitter
            .and_then(|id| new.leaf_by_path(&old.leaves[id as usize].path));
        st
    }
}

/// The action a decision found, and the leaf that emitted it.
pub struct Emitted {
    pub action: Action,
    pub leaf: u32,
    pub reason: String,
}

/// Evaluates Lua leaf `i` (by `Program::lua_leaves` index) with the Lua blackboard and the
/// plans' progress.
pub type LuaLeaves<'a> = dyn FnMut(usize, &mut LuaBoard, &PlanProgress) -> LeafOutcome + 'a;

/// Ticks `bt` for one decision.
pub fn tick_decision(
    prog: &Program,
    bt: &mut BT<u32, ()>,
    st: &mut RunState,
    world: &World,
    lua: &mut LuaLeaves<'_>,
) -> Option<Emitted> {
    st.epoch += 1;
    if let Some(trace) = st.trace.as_mut() {
        trace.clear();
    }
    let prev = st.prev_emitter.take();
    let mut resume = prev;
    let mut emitted: Option<Emitted> = None;
    let event = Event::zero_dt_args();
    let mut acting_prev = prev;
    for pass in 0..2 {
        // After a reset, everything starts afresh: no gate is "still acting".
        acting_prev = if pass == 0 { prev } else { None };
        let mut ctx = TickContext {
            prog,
            world,
            acting_prev,
            resume: &mut resume,
            emitted: &mut emitted,
            lua,
            event: &event,
        };
        let result = tick_tree(bt, &mut ctx, st);
        if emitted.is_some() {
            break;
        }
        match result {
            Some((Status::Running, _)) => break,
            _ => bt.reset_bt(),
        }
    }
    if let Some(preempted) =
        prev.filter(|&p| resume == Some(p) && emitted.as_ref().is_none_or(|e| e.leaf != p))
    {
        halt(prog, st, preempted);
    }
    let found = emitted?;
    start_gates(prog, st, world, found.leaf, acting_prev);
    reset_preempted_memory(st);
    st.prev_emitter = Some(found.leaf);
    Some(found)
}

/// What ticking the leaves of one pass needs, besides the run state.
struct TickContext<'a, 'l> {
    prog: &'a Program,
    world: &'a World,
    acting_prev: Option<u32>,
    resume: &'a mut Option<u32>,
    emitted: &'a mut Option<Emitted>,
    lua: &'a mut LuaLeaves<'l>,
    event: &'a Event,
}

/// Ticks `bt` once: its leaves run (a nested composite is ticked in turn), and once a
/// leaf has emitted, every leaf reached after it answers Running.
fn tick_tree(
    bt: &mut BT<u32, ()>,
    ctx: &mut TickContext<'_, '_>,
    st: &mut RunState,
) -> Option<(Status, f64)> {
    let event = ctx.event;
    let mut leaf_cb = |args: bonsai_bt::ActionArgs<Event, u32>, _: &mut ()| -> (Status, f64) {
        (tick_leaf(*args.action, ctx, st), 0.0)
    };
    bt.tick(event, &mut leaf_cb)
}

/// Ticks leaf `id` of the program: a nested composite, or a leaf run (Running, without
/// running it, once an action was emitted in this tick).
fn tick_leaf(id: u32, ctx: &mut TickContext<'_, '_>, st: &mut RunState) -> Status {
    if ctx.emitted.is_some() {
        return Status::Running;
    }
    if let LeafKind::Nested(k) = ctx.prog.leaves[id as usize].kind {
        let prog = ctx.prog;
        return tick_fresh(&prog.nested[k], &mut Ticking { ctx, st });
    }
    run_leaf(
        ctx.prog,
        st,
        ctx.world,
        id,
        ctx.acting_prev,
        ctx.resume,
        ctx.emitted,
        ctx.lua,
    )
}

/// What [`tick_fresh`] asks of the tree being ticked: its leaves, and bonsai's tick of a fresh
/// state of a behavior it leaves to bonsai.
trait FreshTicks {
    fn leaf(&mut self, id: u32) -> Status;
    fn bonsai(&mut self, b: &Behavior<u32>) -> Status;
}

/// The decision's tree as [`tick_fresh`] ticks it.
struct Ticking<'c, 'a, 'l> {
    ctx: &'c mut TickContext<'a, 'l>,
    st: &'c mut RunState,
}

impl FreshTicks for Ticking<'_, '_, '_> {
    fn leaf(&mut self, id: u32) -> Status {
        tick_leaf(id, self.ctx, self.st)
    }

    fn bonsai(&mut self, b: &Behavior<u32>) -> Status {
        let mut tree = BT::new(b.clone(), ());
        tick_tree(&mut tree, self.ctx, self.st).map_or(Status::Failure, |(status, _)| status)
    }
}

/// Ticks `b` as bonsai ticks a state freshly made from it (`State::new(b.clone())`), as it does
/// each child of a memoryless composite at each visit: every composite here is memoryless, so
/// a visit never resumes an older state. Without making that state: the clones of behaviors,
/// the states made from them and their drops were a few percent of a decision. A loop
/// (`repeat_until`, kept across its rounds) is left to bonsai.
fn tick_fresh(b: &Behavior<u32>, t: &mut impl FreshTicks) -> Status {
    match b {
        Behavior::Action(id) => t.leaf(*id),
        Behavior::Invert(child) => match tick_fresh(child, t) {
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
            Status::Running => Status::Running,
        },
        Behavior::AlwaysSucceed(child) => match tick_fresh(child, t) {
            Status::Running => Status::Running,
            Status::Success | Status::Failure => Status::Success,
        },
        // bonsai's `memoryless_sequence`: the first child that does not fail (select) or
        // succeed (sequence) decides; an empty select fails, an empty sequence succeeds.
        Behavior::MemorylessSelector(children) => {
            for child in children {
                match tick_fresh(child, t) {
                    Status::Failure => {}
                    decided => return decided,
                }
            }
            Status::Failure
        }
        Behavior::MemorylessSequence(children) => {
            for child in children {
                match tick_fresh(child, t) {
                    Status::Success => {}
                    decided => return decided,
                }
            }
            Status::Success
        }
        other => t.bonsai(other),
    }
}

/// Counts a new start for every gate around the acting leaf that was not already acting.
fn start_gates(prog: &Program, st: &mut RunState, world: &World, leaf: u32, prev: Option<u32>) {
    for &g in &prog.leaves[leaf as usize].gates {
        if !continuing(prog, prev, g) {
            st.gate_last_start[g] = Some(world.turn);
            st.gate_starts[g] += 1;
        }
    }
}

/// Whether the previous decision's action came from inside gate `g`.
fn continuing(prog: &Program, prev: Option<u32>, g: usize) -> bool {
    prev.is_some_and(|leaf| prog.leaves[leaf as usize].gates.contains(&g))
}

/// Tells a Rust leaf that acted at the previous decision and was not reached at this one that
/// it was pre-empted.
fn halt(prog: &Program, st: &mut RunState, leaf: u32) {
    if let (LeafKind::Builtin(rust), Some(state)) = (
        &prog.leaves[leaf as usize].kind,
        st.leaf_states[leaf as usize].as_mut(),
    ) {
        rust.leaf.halted(state);
    }
}

fn reset_preempted_memory(st: &mut RunState) {
    for (progress, touched) in st.mem_progress.iter_mut().zip(&st.mem_touched) {
        if *touched != st.epoch {
            *progress = 0;
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn run_leaf(
    prog: &Program,
    st: &mut RunState,
    world: &World,
    id: u32,
    prev: Option<u32>,
    resume: &mut Option<u32>,
    emitted: &mut Option<Emitted>,
    lua: &mut LuaLeaves<'_>,
) -> Status {
    let entry = &prog.leaves[id as usize];
    if !is_user_leaf(&entry.kind) {
        return run_internal(prog, st, world, entry, prev);
    }
    if *resume == Some(id) {
        // This leaf acted at the previous decision: its action is done.
        *resume = None;
        trace(st, id, Status::Success);
        return Status::Success;
    }
    let (at, answer) = st.answered[id as usize];
    if at == st.epoch {
        // Already answered in this decision (a second pass or a second loop round).
        return answer;
    }
    let started = Instant::now();
    let outcome = match &entry.kind {
        LeafKind::Builtin(rust) => {
            let RunState {
                leaf_states,
                blackboard,
                ..
            } = st;
            let state = leaf_states[id as usize].get_or_insert_with(|| rust.leaf.new_state());
            rust.leaf.tick(
                state,
                &mut Tick {
                    world,
                    path: &entry.path,
                    blackboard,
                },
            )
        }
        LeafKind::Lua(i) => lua(*i, st.blackboard.entry::<LuaBoard>(), &st.plan),
        _ => unreachable!("internal leaves are run above"),
    };
    let clock = &mut st.clocks[id as usize];
    clock.calls += 1;
    clock.spent += started.elapsed();
    let status = match outcome {
        LeafOutcome::Success => Status::Success,
        LeafOutcome::Failure => Status::Failure,
        LeafOutcome::Act(action, reason) => {
            *emitted = Some(Emitted {
                action,
                leaf: id,
                reason,
            });
            Status::Running
        }
    };
    st.answered[id as usize] = (st.epoch, status);
    trace(st, id, status);
    status
}

/// Notes a user leaf's answer in the trace, when tracing.
fn trace(st: &mut RunState, id: u32, status: Status) {
    if let Some(trace) = st.trace.as_mut() {
        trace.push((id, status));
    }
}

/// The engine's own bookkeeping leaves (memory composites, gates, loops): they run at every
/// pass, as their answers depend on what the pass changed.
fn run_internal(
    prog: &Program,
    st: &mut RunState,
    world: &World,
    entry: &LeafEntry,
    prev: Option<u32>,
) -> Status {
    match &entry.kind {
        LeafKind::MemCheck { mem, index, select } => {
            st.mem_touched[*mem] = st.epoch;
            let progress = st.mem_progress[*mem];
            status_of(if *select {
                progress <= *index
            } else {
                progress > *index
            })
        }
        LeafKind::MemAdvance { mem, index } => {
            st.mem_progress[*mem] = index + 1;
            Status::Success
        }
        LeafKind::MemReset { mem } => {
            st.mem_progress[*mem] = 0;
            Status::Success
        }
        LeafKind::Gate(g) => status_of(gate_open(prog, st, world, *g, prev)),
        LeafKind::Running => Status::Running,
        LeafKind::LoopGuard(l) => {
            if st.loop_epoch[*l] != st.epoch {
                st.loop_epoch[*l] = st.epoch;
                st.loop_count[*l] = 0;
            }
            st.loop_count[*l] += 1;
            // Two rounds are normal (the previous action completing, then the next one).
            status_of(st.loop_count[*l] <= 2)
        }
        LeafKind::Phase(step) => status_of(st.plan.step(prog, *step, world.turn, &entry.path)),
        LeafKind::Builtin(_) | LeafKind::Lua(_) => unreachable!("user leaves are run by run_leaf"),
        LeafKind::Nested(_) => unreachable!("nested composites are ticked by tick_leaf"),
    }
}

fn is_user_leaf(kind: &LeafKind) -> bool {
    matches!(kind, LeafKind::Builtin(_) | LeafKind::Lua(_))
}

fn status_of(ok: bool) -> Status {
    if ok {
        Status::Success
    } else {
        Status::Failure
    }
}

/// A gate is open when its child is still acting (the previous decision's action came from
/// inside it) or when cooldown and limit allow a new start.
fn gate_open(prog: &Program, st: &RunState, world: &World, g: usize, prev: Option<u32>) -> bool {
    if continuing(prog, prev, g) {
        return true;
    }
    let spec = &prog.gates[g];
    let cooled = match (spec.cooldown_turns, st.gate_last_start[g]) {
        (Some(turns), Some(last)) => world.turn - last >= turns,
        _ => true,
    };
    let allowed = spec.max_starts.is_none_or(|max| st.gate_starts[g] < max);
    cooled && allowed
}

#[cfg(test)]
mod fresh_tests {
    use super::*;

    /// Leaves answering a fixed status each, noting the order they are ticked in.
    struct Scripted {
        answers: Vec<Status>,
        ticked: Vec<u32>,
    }

    impl Scripted {
        fn answer(&mut self, id: u32) -> Status {
            self.ticked.push(id);
            self.answers[id as usize]
        }
    }

    impl FreshTicks for Scripted {
        fn leaf(&mut self, id: u32) -> Status {
            self.answer(id)
        }

        fn bonsai(&mut self, b: &Behavior<u32>) -> Status {
            let mut tree = BT::new(b.clone(), ());
            let mut leaf = |args: bonsai_bt::ActionArgs<Event, u32>, _: &mut ()| {
                (self.answer(*args.action), 0.0)
            };
            tree.tick(&Event::zero_dt_args(), &mut leaf)
                .map_or(Status::Failure, |(status, _)| status)
        }
    }

    /// A random tree of the behaviors the compiler makes, over `leaves` leaves.
    fn random_tree(
        random: &mut dyn FnMut(usize) -> usize,
        depth: u32,
        leaves: u32,
    ) -> Behavior<u32> {
        let pick = if depth == 0 { 0 } else { random(6) };
        let children = |random: &mut dyn FnMut(usize) -> usize| -> Vec<Behavior<u32>> {
            (0..1 + random(4))
                .map(|_| random_tree(random, depth - 1, leaves))
                .collect()
        };
        match pick {
            1 => Behavior::Invert(Box::new(random_tree(random, depth - 1, leaves))),
            2 => Behavior::AlwaysSucceed(Box::new(random_tree(random, depth - 1, leaves))),
            3 => Behavior::MemorylessSelector(children(random)),
            4 => Behavior::MemorylessSequence(children(random)),
            // Its body ends in leaf `leaves`, which never succeeds: a body that succeeds
            // runs again at once, without end.
            5 => Behavior::While(Box::new(random_tree(random, depth - 1, leaves)), {
                let mut body = children(random);
                body.push(Behavior::Action(leaves));
                body
            }),
            _ => Behavior::Action(random(leaves as usize) as u32),
        }
    }

    /// A fresh tick answers as bonsai's tick of a tree made from the behavior, ticking the same
    /// leaves in the same order.
    #[test]
    fn a_fresh_tick_answers_as_bonsai_and_ticks_the_same_leaves() {
        let mut x: u64 = 7;
        let mut random = move |n: usize| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as usize % n
        };
        let statuses = [Status::Success, Status::Failure, Status::Running];
        let mut by_status = [0; 3];
        for _ in 0..3000 {
            let leaves = 6;
            let b = random_tree(&mut random, 4, leaves);
            let mut answers: Vec<Status> = (0..leaves).map(|_| statuses[random(3)]).collect();
            answers.push(statuses[1 + random(2)]);
            let mut fresh = Scripted {
                answers: answers.clone(),
                ticked: Vec::new(),
            };
            let got = tick_fresh(&b, &mut fresh);
            let mut reference = Scripted {
                answers,
                ticked: Vec::new(),
            };
            let want = reference.bonsai(&b);
            assert_eq!(got, want, "{b:?}");
            assert_eq!(fresh.ticked, reference.ticked, "{b:?}");
            by_status[statuses.iter().position(|&s| s == got).unwrap_or(0)] += 1;
        }
        assert!(by_status.iter().all(|&n| n > 100), "{by_status:?}");
    }
}
