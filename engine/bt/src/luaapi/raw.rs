//! Tables of plain data (the world's inventory, monsters, messages...) built with raw Lua API
//! calls inside one protected call. On a state with a memory limit, which every script state
//! has, mlua protects each table write and each new string by a `pcall` of its own: an
//! inventory of 6 items took 25 µs to read, ten times what the writes cost.
//!
//! Soundness: a Lua error raised inside (only an allocation past the memory limit can raise
//! one) leaves by `longjmp`, skipping the Rust frames between the write and the protected call.
//! So the closures given to [`table`] only borrow (the world, `&str`s, slices): nothing they
//! hold needs dropping, and every string they write is made before the call.

use mlua::{ffi, Lua, Result, Table};
use std::ffi::CStr;

/// The table on top of the Lua stack being filled, and the values written into it.
pub(crate) struct Raw {
    state: *mut ffi::lua_State,
}

/// A new table of `narr` list and `nrec` named slots, filled by `fill` (which sees it as the
/// top of the stack and leaves it there).
pub(crate) fn table(
    lua: &Lua,
    narr: usize,
    nrec: usize,
    fill: impl FnOnce(&mut Raw),
) -> Result<Table> {
    // SAFETY: `fill` only writes through `Raw`, which keeps the stack balanced above the new
    // table (each value pushed is popped into it); see the module's note on errors.
    unsafe {
        lua.exec_raw::<Table>((), |state| {
            ffi::lua_createtable(state, slots(narr), slots(nrec));
            fill(&mut Raw { state });
        })
    }
}

fn slots(n: usize) -> i32 {
    n.min(1 << 16) as i32
}

impl Raw {
    fn push_str(&mut self, v: &str) {
        // SAFETY: a valid state with room for one value (C functions get LUA_MINSTACK slots;
        // each nesting level holds at most two).
        unsafe {
            ffi::lua_pushlstring(self.state, v.as_ptr().cast(), v.len());
        }
    }

    fn set(&mut self, key: &CStr) {
        // SAFETY: the value is on top and the table just below it.
        unsafe { ffi::lua_setfield(self.state, -2, key.as_ptr()) }
    }

    /// `t[key] = v`.
    pub fn str(&mut self, key: &CStr, v: &str) {
        self.push_str(v);
        self.set(key);
    }

    /// `t[key] = v`, nothing for `None` (a nil field is an absent one).
    pub fn opt_str(&mut self, key: &CStr, v: Option<&str>) {
        if let Some(v) = v {
            self.str(key, v);
        }
    }

    pub fn int(&mut self, key: &CStr, v: i64) {
        // SAFETY: as in `push_str`.
        unsafe { ffi::lua_pushinteger(self.state, v) };
        self.set(key);
    }

    pub fn opt_int(&mut self, key: &CStr, v: Option<i64>) {
        if let Some(v) = v {
            self.int(key, v);
        }
    }

    pub fn bool(&mut self, key: &CStr, v: bool) {
        // SAFETY: as in `push_str`.
        unsafe { ffi::lua_pushboolean(self.state, v as i32) };
        self.set(key);
    }

    pub fn opt_bool(&mut self, key: &CStr, v: Option<bool>) {
        if let Some(v) = v {
            self.bool(key, v);
        }
    }

    /// `t[i] = v` (1-based).
    pub fn push_item_str(&mut self, i: usize, v: &str) {
        self.push_str(v);
        // SAFETY: as in `set`.
        unsafe { ffi::lua_rawseti(self.state, -2, i as i64) }
    }

    /// `t[key] = {}` filled by `fill`.
    pub fn table(&mut self, key: &CStr, narr: usize, nrec: usize, fill: impl FnOnce(&mut Raw)) {
        self.nested(narr, nrec, fill);
        self.set(key);
    }

    /// `t[i] = {}` filled by `fill` (1-based).
    pub fn push_item_table(&mut self, i: usize, nrec: usize, fill: impl FnOnce(&mut Raw)) {
        self.nested(0, nrec, fill);
        // SAFETY: as in `set`.
        unsafe { ffi::lua_rawseti(self.state, -2, i as i64) }
    }

    fn nested(&mut self, narr: usize, nrec: usize, fill: impl FnOnce(&mut Raw)) {
        // SAFETY: as in `push_str`; `fill` leaves the new table on top.
        unsafe { ffi::lua_createtable(self.state, slots(narr), slots(nrec)) };
        fill(self);
    }
}
