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

use super::slot::SlotState;
use mlua::{ffi, IntoLua, Lua, Result as LuaResult, Value};
use nhbot_world::names::{condition_name, hunger_name};
use nhbot_world::{Pos, World};
use std::ffi::c_int;
use std::sync::atomic::Ordering;

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

/// The fields whose value the Rust side builds once a decision (`view::cached`,
/// `view::cached_inventory`): within a decision, every read gives the same value, so the C
/// `__index` keeps it too (a read through mlua, even of a kept value, cost a callback).
const DECISION_TABLES: &[&str] = &[
    "inventory",
    "monsters",
    "objects_here",
    "last_decision",
    "messages",
    "conditions",
    "pet",
    "remembered_monsters",
    "intrinsics",
    "refused_prayers",
    "stairs_down",
    "stairs_up",
    "specials",
];

/// Methods with a C version ([`fast_method`]) for the arguments they mostly get.
#[derive(Clone, Copy)]
enum Method {
    InShop,
    Distance,
    HasCondition,
}

fn method_of(key: &[u8]) -> Option<Method> {
    match key {
        b"in_shop" => Some(Method::InShop),
        b"distance" => Some(Method::Distance),
        b"has_condition" => Some(Method::HasCondition),
        _ => None,
    }
}

// The upvalues of `world_index`.
const UP_SLOT: c_int = 1;
const UP_MLUA_INDEX: c_int = 2;
const UP_METHODS: c_int = 3;
const UP_DECISION: c_int = 4;
const UP_USERDATA: c_int = 5;
const UP_STAMPS: c_int = 6;

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
            ffi::lua_createtable(state, 0, 16);
            ffi::lua_pushvalue(state, 1);
            ffi::lua_createtable(state, 0, 16);
            // ud, metatable, slot, mlua's __index, methods, the decision's values, ud, the
            // decision each value was read in
            ffi::lua_pushcclosure(state, world_index, 6);
            ffi::lua_setfield(state, -2, c"__index".as_ptr());
            ffi::lua_settop(state, 0);
        })
    }
}

/// The slot's world and decision (null and 0 outside a leaf call).
unsafe fn lent(state: *mut ffi::lua_State, up: c_int) -> (*const World, u64) {
    let slot = ffi::lua_touserdata(state, ffi::lua_upvalueindex(up)) as *const SlotState;
    match slot.as_ref() {
        Some(s) => (
            s.world.load(Ordering::Acquire),
            s.decision.load(Ordering::Acquire),
        ),
        None => (std::ptr::null(), 0),
    }
}

/// `world[key]`; see the upvalues above.
unsafe extern "C-unwind" fn world_index(state: *mut ffi::lua_State) -> c_int {
    let mut keep_for_decision = false;
    let string_key = ffi::lua_type(state, 2) == ffi::LUA_TSTRING;
    if string_key {
        let mut len = 0;
        let p = ffi::lua_tolstring(state, 2, &mut len);
        let key = std::slice::from_raw_parts(p as *const u8, len);
        // Null outside a leaf call: mlua's __index then reports it.
        let (world, decision) = lent(state, UP_SLOT);
        if let Some(world) = world.as_ref() {
            if let Some(read) = reader(key) {
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
            if decision != 0 && DECISION_TABLES.iter().any(|n| n.as_bytes() == key) {
                // Kept in place, with the decision it was read in (a table a decision per
                // state cost more in collections than it saved).
                ffi::lua_pushvalue(state, 2);
                let stamp = ffi::lua_rawget(state, ffi::lua_upvalueindex(UP_STAMPS));
                let same =
                    stamp == ffi::LUA_TNUMBER && ffi::lua_tointeger(state, -1) as u64 == decision;
                ffi::lua_pop(state, 1);
                if same {
                    ffi::lua_pushvalue(state, 2);
                    if ffi::lua_rawget(state, ffi::lua_upvalueindex(UP_DECISION)) != ffi::LUA_TNIL {
                        return 1;
                    }
                    ffi::lua_pop(state, 1);
                }
                keep_for_decision = true;
            }
        }
        if !keep_for_decision {
            ffi::lua_pushvalue(state, 2);
            if ffi::lua_rawget(state, ffi::lua_upvalueindex(UP_METHODS)) == ffi::LUA_TFUNCTION {
                return 1;
            }
            ffi::lua_pop(state, 1);
        }
    }
    ffi::lua_pushvalue(state, ffi::lua_upvalueindex(UP_MLUA_INDEX));
    ffi::lua_pushvalue(state, 1);
    ffi::lua_pushvalue(state, 2);
    ffi::lua_call(state, 2, 1);
    if keep_for_decision {
        // Kept with the decision it was read in.
        let (_, decision) = lent(state, UP_SLOT);
        ffi::lua_pushvalue(state, 2);
        ffi::lua_pushvalue(state, -2);
        ffi::lua_rawset(state, ffi::lua_upvalueindex(UP_DECISION));
        ffi::lua_pushvalue(state, 2);
        ffi::lua_pushinteger(state, decision as i64);
        ffi::lua_rawset(state, ffi::lua_upvalueindex(UP_STAMPS));
        return 1;
    }
    // A method (no field's value is a function): the same function at every lookup.
    if string_key && ffi::lua_type(state, -1) == ffi::LUA_TFUNCTION {
        let mut len = 0;
        let p = ffi::lua_tolstring(state, 2, &mut len);
        let key = std::slice::from_raw_parts(p as *const u8, len);
        if let Some(m) = method_of(key) {
            // slot, mlua's method, the userdata, which method
            ffi::lua_pushvalue(state, ffi::lua_upvalueindex(UP_SLOT));
            ffi::lua_rotate(state, -2, 1);
            ffi::lua_pushvalue(state, ffi::lua_upvalueindex(UP_USERDATA));
            ffi::lua_pushinteger(state, m as i64);
            ffi::lua_pushcclosure(state, fast_method, 4);
        }
        ffi::lua_pushvalue(state, 2);
        ffi::lua_pushvalue(state, -2);
        ffi::lua_rawset(state, ffi::lua_upvalueindex(UP_METHODS));
    }
    1
}

/// An `i16` argument as mlua reads it, when it is a Lua integer in range (else mlua decides).
unsafe fn int16_arg(state: *mut ffi::lua_State, i: c_int) -> Option<i16> {
    if ffi::lua_type(state, i) != ffi::LUA_TNUMBER || ffi::lua_isinteger(state, i) == 0 {
        return None;
    }
    i16::try_from(ffi::lua_tointeger(state, i)).ok()
}

/// A [`Method`] called on the `world` userdata with the arguments it mostly gets; any other call
/// (another `self`, other argument types, outside a leaf call) goes to mlua's method, which
/// answers or reports it as before. Upvalues: the slot, mlua's method, the userdata, the method.
unsafe extern "C-unwind" fn fast_method(state: *mut ffi::lua_State) -> c_int {
    let (world, _) = lent(state, 1);
    let on_world = ffi::lua_rawequal(state, 1, ffi::lua_upvalueindex(3)) != 0;
    if let (Some(w), true) = (world.as_ref(), on_world) {
        let method = match ffi::lua_tointeger(state, ffi::lua_upvalueindex(4)) {
            0 => Method::InShop,
            1 => Method::Distance,
            _ => Method::HasCondition,
        };
        match method {
            Method::InShop | Method::Distance => {
                if let (Some(x), Some(y)) = (int16_arg(state, 2), int16_arg(state, 3)) {
                    let p = Pos::new(x, y);
                    match method {
                        Method::InShop => ffi::lua_pushboolean(state, w.in_shop(p) as c_int),
                        _ => ffi::lua_pushinteger(state, w.distance(p).into()),
                    }
                    return 1;
                }
            }
            Method::HasCondition => {
                if ffi::lua_type(state, 2) == ffi::LUA_TSTRING {
                    let mut len = 0;
                    let p = ffi::lua_tolstring(state, 2, &mut len);
                    let bytes = std::slice::from_raw_parts(p as *const u8, len);
                    if let Ok(name) = std::str::from_utf8(bytes) {
                        let has = w
                            .status
                            .conditions
                            .iter()
                            .any(|c| condition_name(*c).eq_ignore_ascii_case(name));
                        ffi::lua_pushboolean(state, has as c_int);
                        return 1;
                    }
                }
            }
        }
    }
    let n = ffi::lua_gettop(state);
    ffi::lua_pushvalue(state, ffi::lua_upvalueindex(2));
    ffi::lua_rotate(state, 1, 1);
    ffi::lua_call(state, n, ffi::LUA_MULTRET);
    ffi::lua_gettop(state)
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

    /// What a script reads through the C `__index` (and the C methods) is what it read through
    /// mlua's: values, kept tables, and the errors of calls the C versions pass on.
    #[test]
    fn the_c_index_reads_what_mlua_reads() {
        use crate::luaapi::{register_world, DecisionStamp, WorldSlot, WorldView};
        let mut w = World::default();
        w.status.hp = 7;
        w.player = Pos::new(3, 4);
        w.turn = 99;
        w.last_prayer_turn = Some(5);
        w.status.conditions = vec![nhbot_world::Condition::Blind];
        let code = r##"
            local w = ...
            local out = {}
            local function add(...)
              for i = 1, select("#", ...) do out[#out + 1] = tostring((select(i, ...))) end
            end
            add(w.x, w.y, w.turn, w.hp, w.hp_max, w.encumbrance, w.alignment, w.hunger)
            add(w.last_prayer_turn, w.decisions, w.handless, w.level_name, w.feature_here)
            add(w:in_shop(1, 2), w:distance(5, 6), w:has_condition("blind"))
            add(w:has_condition("BLIND"), w:has_condition("hallu"), #w.inventory)
            add(w.inventory == w.inventory, w.monsters == w.monsters, w.pet)
            add(pcall(w.in_shop, 1, 2))
            add(pcall(function() return w:in_shop(1.5, 2) end))
            add(pcall(function() return w:distance(70000, 2) end))
            add(pcall(function() return w:has_condition(3) end))
            add(pcall(function() return w.nonexistent end))
            add(w.in_shop == w.in_shop, type(w.distance))
            return table.concat(out, "|")
        "##;
        let run = |fast: bool| {
            let lua = Lua::new();
            register_world(&lua).expect("register");
            WorldView::install(&lua);
            let slot = WorldSlot::default();
            let ud = lua.create_any_userdata(slot.clone()).expect("userdata");
            if fast {
                install(&lua, &ud, &slot).expect("install");
            }
            let stamp = DecisionStamp {
                decision: 1,
                inventory: 1,
            };
            WorldView::begin(&lua, stamp);
            let _lent = slot.lend_at(&w, 1);
            let f = lua.load(code).into_function().expect("chunk");
            // Twice: the second time reads what the first kept.
            let once = f.call::<String>(ud.clone()).expect("run");
            let twice = f.call::<String>(ud).expect("run again");
            (once, twice)
        };
        // The C functions are one more `[C]: in ?` line in a traceback (which error reports skip).
        let plain = |s: String| s.replace("\t[C]: in ?\n", "");
        let (mlua_once, mlua_twice) = run(false);
        let (c_once, c_twice) = run(true);
        let (c_once, c_twice) = (plain(c_once), plain(c_twice));
        let (mlua_once, mlua_twice) = (plain(mlua_once), plain(mlua_twice));
        assert_eq!(c_once, mlua_once);
        assert_eq!(c_twice, mlua_twice);
        assert!(c_once.starts_with("3|4|99|7|"), "{c_once}");
    }
}
