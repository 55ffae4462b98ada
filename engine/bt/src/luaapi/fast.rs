//! The `world` userdata's `__index` as one C function. Through mlua, every `world.x` was a
//! metamethod running mlua's Lua `__index` function, which called a Rust callback (catching
//! panics, checking the userdata's type, borrowing it): about 1,800 machine instructions a read,
//! and the leaves read the world about 90 times a decision, half of them plain numbers (`x`,
//! `y`, `turn`, `dlvl`, `hp`...). Here the plain fields ([`SCALARS`]) are read straight from
//! the world lent to the call, and a method, once looked up, is kept per name (a userdata's
//! methods never change); anything else goes on to mlua's `__index`, as before.
//!
//! Soundness: the function raises Lua errors (a failed allocation of a pushed string, an error
//! of mlua's `__index`) by `longjmp`, so it keeps nothing with a destructor alive: only
//! pointers, a borrowed key and plain values.

use mlua::{ffi, IntoLua, Lua, Result as LuaResult, Value};
use nhbot_world::names::hunger_name;
use nhbot_world::World;
use std::ffi::c_int;
use std::sync::atomic::{AtomicPtr, Ordering};

/// A plain world field's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Scalar {
    Int(i64),
    Bool(bool),
    Str(&'static str),
    Nil,
}

impl IntoLua for Scalar {
    fn into_lua(self, lua: &Lua) -> LuaResult<Value> {
        match self {
            Scalar::Int(i) => Ok(Value::Integer(i)),
            Scalar::Bool(b) => Ok(Value::Boolean(b)),
            Scalar::Str(s) => s.into_lua(lua),
            Scalar::Nil => Ok(Value::Nil),
        }
    }
}

/// A plain field's name and how to read it (the most read first: the C `__index` looks them up
/// in this order). The same readers serve mlua's registration (`register_world`).
pub(crate) type Reader = fn(&World) -> Scalar;

pub(crate) const SCALARS: &[(&str, Reader)] = &[
    ("x", |w| Scalar::Int(w.player.x.into())),
    ("y", |w| Scalar::Int(w.player.y.into())),
    ("turn", |w| Scalar::Int(w.turn)),
    ("dlvl", |w| Scalar::Int(w.status.dlvl.into())),
    ("hp", |w| Scalar::Int(w.status.hp.into())),
    ("encumbrance", |w| Scalar::Str(encumbrance(w))),
    ("xl", |w| Scalar::Int(w.status.xl.into())),
    ("hp_max", |w| Scalar::Int(w.status.hp_max.into())),
    ("handless", |w| Scalar::Bool(w.handless)),
    ("strength", |w| Scalar::Int(w.status.strength_value.into())),
    ("gold", |w| Scalar::Int(w.status.gold)),
    ("pw", |w| Scalar::Int(w.status.pw.into())),
    ("pw_max", |w| Scalar::Int(w.status.pw_max.into())),
    ("ac", |w| Scalar::Int(w.status.ac.into())),
    ("decisions", |w| {
        Scalar::Int(i64::try_from(w.decisions).unwrap_or(i64::MAX))
    }),
    ("hunger", |w| Scalar::Str(hunger_name(w.status.hunger))),
    ("alignment", |w| Scalar::Str(alignment(w))),
    ("last_prayer_turn", |w| {
        w.last_prayer_turn.map_or(Scalar::Nil, Scalar::Int)
    }),
];

/// `burdened`...: the status's `Encumbrance` in lower case.
fn encumbrance(w: &World) -> &'static str {
    use nhbot_world::Encumbrance as E;
    match w.status.encumbrance {
        E::Unencumbered => "unencumbered",
        E::Burdened => "burdened",
        E::Stressed => "stressed",
        E::Strained => "strained",
        E::Overtaxed => "overtaxed",
        E::Overloaded => "overloaded",
    }
}

/// `lawful`, `neutral` or `chaotic`.
fn alignment(w: &World) -> &'static str {
    use nhbot_world::Alignment as A;
    match w.status.alignment {
        A::Lawful => "lawful",
        A::Neutral => "neutral",
        A::Chaotic => "chaotic",
    }
}

fn reader(key: &[u8]) -> Option<Reader> {
    SCALARS
        .iter()
        .find(|(name, _)| name.as_bytes() == key)
        .map(|&(_, read)| read)
}

/// Puts [`world_index`] in front of mlua's `__index` of `ud` (the `world` userdata of a state,
/// reading the world from `slot`). Keeps mlua's alone if it finds none.
pub(crate) fn install(lua: &Lua, ud: &mlua::AnyUserData, slot: &super::WorldSlot) -> LuaResult<()> {
    let slot = slot.as_ptr() as *mut std::ffi::c_void;
    // SAFETY: plain stack operations inside exec_raw's protected call; `slot` points into the
    // slot's Arc, which the userdata holds (a clone) for as long as the state can call this.
    unsafe {
        lua.exec_raw::<()>(ud, |state| {
            if ffi::lua_getmetatable(state, -1) == 0 {
                ffi::lua_settop(state, 0);
                return;
            }
            if ffi::lua_getfield(state, -1, c"__index".as_ptr()) != ffi::LUA_TFUNCTION {
                ffi::lua_settop(state, 0);
                return;
            }
            // ud, metatable, mlua's __index
            ffi::lua_pushlightuserdata(state, slot);
            ffi::lua_rotate(state, -2, 1);
            ffi::lua_createtable(state, 0, 64);
            // ud, metatable, slot, mlua's __index, methods
            ffi::lua_pushcclosure(state, world_index, 3);
            ffi::lua_setfield(state, -2, c"__index".as_ptr());
            ffi::lua_settop(state, 0);
        })
    }
}

/// `world[key]`: upvalues the world's slot, mlua's `__index` and the methods looked up so far.
unsafe extern "C-unwind" fn world_index(state: *mut ffi::lua_State) -> c_int {
    let string_key = ffi::lua_type(state, 2) == ffi::LUA_TSTRING;
    if string_key {
        let mut len = 0;
        let p = ffi::lua_tolstring(state, 2, &mut len);
        let key = std::slice::from_raw_parts(p as *const u8, len);
        let slot = ffi::lua_touserdata(state, ffi::lua_upvalueindex(1)) as *const AtomicPtr<World>;
        // Null outside a leaf call: mlua's __index then reports it.
        let world = slot
            .as_ref()
            .map_or(std::ptr::null_mut(), |s| s.load(Ordering::Acquire));
        if let (Some(world), Some(read)) = (world.as_ref(), reader(key)) {
            match read(world) {
                Scalar::Int(i) => ffi::lua_pushinteger(state, i),
                Scalar::Bool(b) => ffi::lua_pushboolean(state, b as c_int),
                Scalar::Str(s) => {
                    ffi::lua_pushlstring(state, s.as_ptr().cast(), s.len());
                }
                Scalar::Nil => ffi::lua_pushnil(state),
            }
            return 1;
        }
        ffi::lua_pushvalue(state, 2);
        if ffi::lua_rawget(state, ffi::lua_upvalueindex(3)) == ffi::LUA_TFUNCTION {
            return 1;
        }
        ffi::lua_pop(state, 1);
    }
    ffi::lua_pushvalue(state, ffi::lua_upvalueindex(2));
    ffi::lua_pushvalue(state, 1);
    ffi::lua_pushvalue(state, 2);
    ffi::lua_call(state, 2, 1);
    // A method (no field's value is a function): the same function at every lookup.
    if string_key && ffi::lua_type(state, -1) == ffi::LUA_TFUNCTION {
        ffi::lua_pushvalue(state, 2);
        ffi::lua_pushvalue(state, -2);
        ffi::lua_rawset(state, ffi::lua_upvalueindex(3));
    }
    1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_of_encumbrance_and_alignment_are_their_variants_in_lower_case() {
        use nhbot_world::{Alignment as A, Encumbrance as E};
        let mut w = World::default();
        for e in [
            E::Unencumbered,
            E::Burdened,
            E::Stressed,
            E::Strained,
            E::Overtaxed,
            E::Overloaded,
        ] {
            w.status.encumbrance = e;
            assert_eq!(encumbrance(&w), format!("{e:?}").to_lowercase());
        }
        for a in [A::Lawful, A::Neutral, A::Chaotic] {
            w.status.alignment = a;
            assert_eq!(alignment(&w), format!("{a:?}").to_lowercase());
        }
    }
}
