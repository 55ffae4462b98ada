//! Leaves as objects with their own state, and the blackboard they share.
//!
//! A leaf type is configuration (built once per tree node from its validated parameters) plus a
//! `State` the runtime owns per node instance: created fresh when the tree is loaded, carried
//! across a hot reload to the node with the same path (and type), dropped for a node whose path
//! changed, and handed to [`Leaf::halted`] when the node is pre-empted. So nothing a leaf
//! remembers hides in a global, and a reload that keeps a node keeps its memory.

use crate::manifest::{LeafOutcome, Params};
use nhbot_world::World;
use std::any::{Any, TypeId};
use std::collections::HashMap;

/// What a leaf sees at one tick.
pub struct Tick<'a> {
    pub world: &'a World,
    /// The node's path in the tree (`root/survive/eat`), for reasons and logs.
    pub path: &'a str,
    /// Per-game memory the leaves share (see [`Blackboard`]).
    pub blackboard: &'a mut Blackboard,
}

/// A Rust leaf. Register it with [`crate::NodeRegistry::register`].
pub trait Leaf: Send + Sync + 'static {
    /// What one node instance remembers between ticks.
    type State: Default + Send + 'static;

    /// One tick: succeed, fail, or act (which ends the decision).
    fn tick(&self, state: &mut Self::State, tick: &mut Tick<'_>) -> LeafOutcome;

    /// The node acted at the previous decision and this decision's action came from another
    /// branch. By default its state starts over; a leaf whose memory outlives an interruption
    /// (a plan for the whole level, say) keeps it.
    fn halted(&self, state: &mut Self::State) {
        *state = Self::State::default();
    }
}

/// A leaf with no state of its own, from a plain function of its parameters and the world
/// (and, for [`FnLeaf::with_tick`], the blackboard).
pub struct FnLeaf {
    params: Params,
    run: LeafFn,
}

#[derive(Clone, Copy)]
enum LeafFn {
    World(fn(&Params, &World) -> LeafOutcome),
    Tick(fn(&Params, &mut Tick<'_>) -> LeafOutcome),
}

impl FnLeaf {
    pub fn new(params: &Params, run: fn(&Params, &World) -> LeafOutcome) -> FnLeaf {
        FnLeaf {
            params: params.clone(),
            run: LeafFn::World(run),
        }
    }

    pub fn with_tick(params: &Params, run: fn(&Params, &mut Tick<'_>) -> LeafOutcome) -> FnLeaf {
        FnLeaf {
            params: params.clone(),
            run: LeafFn::Tick(run),
        }
    }
}

impl Leaf for FnLeaf {
    type State = ();
    fn tick(&self, _: &mut (), tick: &mut Tick<'_>) -> LeafOutcome {
        match self.run {
            LeafFn::World(run) => run(&self.params, tick.world),
            LeafFn::Tick(run) => run(&self.params, tick),
        }
    }
}

/// A node's state, type-erased so the runtime can hold every leaf's in one list.
pub type LeafState = Box<dyn Any + Send>;

/// [`Leaf`] with its state type erased.
pub(crate) trait DynLeaf: Send + Sync {
    fn new_state(&self) -> LeafState;
    fn tick(&self, state: &mut LeafState, tick: &mut Tick<'_>) -> LeafOutcome;
    fn halted(&self, state: &mut LeafState);
}

impl<L: Leaf> DynLeaf for L {
    fn new_state(&self) -> LeafState {
        Box::new(L::State::default())
    }

    fn tick(&self, state: &mut LeafState, tick: &mut Tick<'_>) -> LeafOutcome {
        if !state.is::<L::State>() {
            // A state carried over from another leaf type at this path: start afresh.
            *state = self.new_state();
        }
        let state = state
            .downcast_mut::<L::State>()
            .expect("state of this leaf type");
        Leaf::tick(self, state, tick)
    }

    fn halted(&self, state: &mut LeafState) {
        if let Some(state) = state.downcast_mut::<L::State>() {
            Leaf::halted(self, state);
        }
    }
}

/// Per-game memory that leaves share, one value per type (BehaviorTree.CPP's blackboard, typed
/// by Rust types instead of string keys). It belongs to the running tree: kept across hot
/// reloads, empty for a new game. Use it for what several leaf types must agree on (which
/// monsters turned out peaceful, the last look asked for); a leaf's own memory is its `State`.
#[derive(Default)]
pub struct Blackboard {
    entries: HashMap<TypeId, Box<dyn Any + Send>>,
}

impl Blackboard {
    /// The entry of type `T`, created with its default on first use.
    pub fn entry<T: Default + Send + 'static>(&mut self) -> &mut T {
        self.entries
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Box::new(T::default()))
            .downcast_mut::<T>()
            .expect("blackboard entries are keyed by their type")
    }

    /// The entry of type `T`, if any leaf wrote one.
    pub fn get<T: 'static>(&self) -> Option<&T> {
        self.entries
            .get(&TypeId::of::<T>())
            .and_then(|b| b.downcast_ref::<T>())
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

impl std::fmt::Debug for Blackboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Blackboard({} entries)", self.entries.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default, PartialEq, Debug)]
    struct Count(u32);

    #[test]
    fn blackboard_entries_are_typed_and_created_on_first_use() {
        let mut bb = Blackboard::default();
        assert!(bb.get::<Count>().is_none());
        bb.entry::<Count>().0 += 2;
        bb.entry::<Count>().0 += 1;
        assert_eq!(bb.get::<Count>(), Some(&Count(3)));
        bb.clear();
        assert!(bb.get::<Count>().is_none());
    }
}
