//! What Lua leaves see: the read-only `world` (`world.rs`), the `act` action constructors
//! (`act.rs`) and the `kb` hook (`kb.rs`).

use mlua::{
    FromLuaMulti, IntoLua, IntoLuaMulti, Lua, MaybeSend, Result as LuaResult, UserDataFields,
    UserDataMethods, UserDataRegistry, Value,
};
use nhbot_world::World;

mod act;
mod blocker;
mod dungeon;
mod fast;
mod kb;
mod monster;
mod raw;
mod slot;
mod temple;
mod view;
mod world;

pub use act::{act_table, LuaAction};
pub(crate) use fast::install as install_world_index;
pub use kb::{kb_table, KbObservation, KbQuery, SharedKb};
#[cfg(test)]
pub(crate) use slot::with_world;
pub(crate) use slot::WorldSlot;
pub(crate) use view::{DecisionStamp, WorldView};
pub use world::register_world;

/// Converts what a Lua leaf returned into a leaf outcome.
pub fn outcome_of(v: Value) -> Result<crate::manifest::LeafOutcome, String> {
    use crate::manifest::LeafOutcome;
    match v {
        Value::Boolean(true) => Ok(LeafOutcome::Success),
        Value::Boolean(false) | Value::Nil => Ok(LeafOutcome::Failure),
        Value::UserData(ud) => match ud.borrow::<LuaAction>() {
            Ok(a) => Ok(LeafOutcome::Act(a.action.clone(), a.reason.clone())),
            Err(_) => Err("returned a userdata that is not an act.* action".into()),
        },
        other => Err(format!(
            "returned a {} (expected an act.* action, true, false or nil)",
            other.type_name()
        )),
    }
}

/// The `world` userdata's registry, noting the names it registers, so the tests can compare
/// them with the API's definition (`luadef::LUA_API`). Same method names and bounds as mlua's,
/// over `&World`: each registers on the [`WorldSlot`] and reads the world lent to it.
pub(crate) struct Noting<'a, T: 'static> {
    reg: &'a mut UserDataRegistry<WorldSlot>,
    names: &'a mut Vec<&'static str>,
    _of: std::marker::PhantomData<T>,
}

impl<'a> Noting<'a, World> {
    pub(crate) fn new(
        reg: &'a mut UserDataRegistry<WorldSlot>,
        names: &'a mut Vec<&'static str>,
    ) -> Self {
        Noting {
            reg,
            names,
            _of: std::marker::PhantomData,
        }
    }

    pub(crate) fn add_field_method_get<M, R>(&mut self, name: &'static str, method: M)
    where
        M: Fn(&Lua, &World) -> LuaResult<R> + MaybeSend + 'static,
        R: IntoLua,
    {
        self.names.push(name);
        self.reg
            .add_field_method_get(name, move |lua, slot| method(lua, slot.world()?));
    }

    pub(crate) fn add_method<M, A, R>(&mut self, name: &'static str, method: M)
    where
        M: Fn(&Lua, &World, A) -> LuaResult<R> + MaybeSend + 'static,
        A: FromLuaMulti,
        R: IntoLuaMulti,
    {
        self.names.push(name);
        self.reg.add_method(name, move |lua, slot, args| {
            method(lua, slot.world()?, args)
        });
    }
}
