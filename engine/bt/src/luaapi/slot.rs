//! The `world` userdata: one per script state for the state's life, pointing at the world of
//! the running leaf call. A scoped userdata made and destroyed at every call cost as much as a
//! small leaf's own work (Lua leaves run about ten times a decision).
//!
//! Soundness: the slot holds a pointer only while a [`Lent`] guard lives, and the guard
//! borrows the world for its whole life; every read of the world goes through
//! [`WorldSlot::world`], inside a callback that runs during the leaf call that lent it. Outside
//! a call (a chunk run, a script that kept `world` and reads it from a finalizer) the slot is
//! empty and the read is an error.

use mlua::Result as LuaResult;
use nhbot_world::World;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicPtr, AtomicU64, Ordering};
use std::sync::Arc;

/// The world of the running leaf call, if one is running.
#[derive(Clone, Default)]
pub(crate) struct WorldSlot(Arc<SlotState>);

/// What a [`WorldSlot`] holds.
#[derive(Default)]
pub(crate) struct SlotState {
    pub(crate) world: AtomicPtr<World>,
    /// The decision of the running leaf call (`DecisionStamp::decision`), 0 when not known: the
    /// C `__index` keeps the decision's tables while it stays the same (fast.rs).
    pub(crate) decision: AtomicU64,
}

impl WorldSlot {
    /// The world lent to the slot.
    pub(crate) fn world(&self) -> LuaResult<&World> {
        let p = self.0.world.load(Ordering::Acquire);
        // SAFETY: non-null only while a `Lent` lives, which borrows the world it points at
        // (see the module doc); the reference does not outlive `self`'s borrow, which the
        // callback reading it holds for less than the leaf call.
        unsafe { p.as_ref() }
            .ok_or_else(|| mlua::Error::runtime("the world is there only during a leaf call"))
    }

    /// Where the slot keeps the world's pointer (for the C `__index`, fast.rs).
    pub(crate) fn as_ptr(&self) -> *const SlotState {
        Arc::as_ptr(&self.0)
    }

    /// Points the slot at `world` until the guard is dropped (also on a panic).
    #[cfg(test)]
    pub(crate) fn lend<'w>(&'w self, world: &'w World) -> Lent<'w> {
        self.lend_at(world, 0)
    }

    /// As [`WorldSlot::lend`], for a leaf call of decision `decision` (see [`SlotState::decision`]).
    pub(crate) fn lend_at<'w>(&'w self, world: &'w World, decision: u64) -> Lent<'w> {
        self.0.decision.store(decision, Ordering::Release);
        self.0
            .world
            .store(world as *const World as *mut World, Ordering::Release);
        Lent {
            slot: self,
            _world: PhantomData,
        }
    }
}

/// Empties the slot when dropped.
pub(crate) struct Lent<'w> {
    slot: &'w WorldSlot,
    _world: PhantomData<&'w World>,
}

impl Drop for Lent<'_> {
    fn drop(&mut self) {
        self.slot
            .0
            .world
            .store(std::ptr::null_mut(), Ordering::Release);
        self.slot.0.decision.store(0, Ordering::Release);
    }
}

/// A `world` userdata of `lua` (whose `World` type is registered) over `world`, for `f` only.
#[cfg(test)]
pub(crate) fn with_world<R>(
    lua: &mlua::Lua,
    world: &World,
    f: impl FnOnce(&mlua::AnyUserData) -> LuaResult<R>,
) -> LuaResult<R> {
    let slot = WorldSlot::default();
    let ud = lua.create_any_userdata(slot.clone())?;
    let _lent = slot.lend(world);
    f(&ud)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlua::{Lua, ObjectLike};

    #[test]
    fn the_slot_holds_the_world_only_while_lent() {
        let lua = Lua::new();
        super::super::register_world(&lua).expect("register");
        let slot = WorldSlot::default();
        let ud = lua.create_any_userdata(slot.clone()).expect("userdata");
        let mut w = World::default();
        w.status.hp = 7;
        {
            let _lent = slot.lend(&w);
            assert_eq!(ud.get::<i64>("hp").expect("lent"), 7);
        }
        let err = ud.get::<i64>("hp").expect_err("not lent");
        assert!(err.to_string().contains("only during a leaf call"), "{err}");
        w.status.hp = 9;
        let _lent = slot.lend(&w);
        assert_eq!(ud.get::<i64>("hp").expect("lent again"), 9);
    }
}
