//! The `blackboard` table of every script: copies values in and out of the tree's [`LuaBoard`],
//! which the engine lends to a script's state for the length of one leaf call.

use super::limits::{lua_error, Limits};
use crate::board::{BoardValue, LuaBoard, LUA_BOARD_DEPTH, LUA_BOARD_LIMIT};
use mlua::{ffi, Lua, Table, Value};
use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex};

/// Where a script's state finds the board during a leaf call (empty otherwise).
pub(crate) type BoardSlot = Arc<Mutex<Option<LuaBoard>>>;

/// Lends `board` to `slot` while alive and gives it back when dropped (also on a panic).
pub(crate) struct Lent<'a> {
    slot: &'a BoardSlot,
    board: &'a mut LuaBoard,
}

impl<'a> Lent<'a> {
    pub(crate) fn new(slot: &'a BoardSlot, board: &'a mut LuaBoard) -> Lent<'a> {
        if let Ok(mut s) = slot.lock() {
            *s = Some(std::mem::take(board));
        }
        Lent { slot, board }
    }
}

impl Drop for Lent<'_> {
    fn drop(&mut self) {
        let back = match self.slot.lock() {
            Ok(mut s) => s.take(),
            Err(poisoned) => poisoned.into_inner().take(),
        };
        if let Some(b) = back {
            *self.board = b;
        }
    }
}

const OUTSIDE: &str = "the blackboard is there only while a leaf runs (not while its script loads)";

/// The `blackboard` table: `get(key)`, `set(key, value)`, `keys()`.
pub(crate) fn board_table(
    lua: &Lua,
    slot: &BoardSlot,
    limits: &Arc<Limits>,
) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    let (s, l) = (slot.clone(), limits.clone());
    t.set(
        "get",
        lua.create_function(move |lua, key: String| {
            let guard = s
                .lock()
                .map_err(|_| lua_error(lua, "blackboard: poisoned"))?;
            let board = guard
                .as_ref()
                .ok_or_else(|| lua_error(lua, format!("blackboard.get: {OUTSIDE}")))?;
            let Some(value) = board.get(&key) else {
                return Ok(Value::Nil);
            };
            // Paid like the instructions that would build the same tables.
            l.charge(value.size() as i64 / 8)
                .map_err(|why| lua_error(lua, why))?;
            to_lua(lua, value)
        })?,
    )?;
    let (s, l) = (slot.clone(), limits.clone());
    t.set(
        "set",
        lua.create_function(move |lua, (key, value): (String, Value)| {
            let mut guard = s
                .lock()
                .map_err(|_| lua_error(lua, "blackboard: poisoned"))?;
            let board = guard
                .as_mut()
                .ok_or_else(|| lua_error(lua, format!("blackboard.set: {OUTSIDE}")))?;
            let stored = if value.is_nil() {
                None
            } else {
                let old = board.get(&key).map_or(0, |v| key.len() + v.size());
                let room = (board.room() + old).saturating_sub(key.len());
                let mut conv = Converter {
                    room,
                    values: 0,
                    open: HashSet::new(),
                };
                let converted = conv.value(value, 0);
                l.charge(conv.values).map_err(|why| lua_error(lua, why))?;
                let value = converted.map_err(|why| {
                    lua_error(lua, format!("blackboard.set(\"{}\"): {why}", short(&key)))
                })?;
                Some(value)
            };
            board
                .set(&key, stored)
                .map_err(|full| lua_error(lua, format!("blackboard.set: {full}")))
        })?,
    )?;
    let s = slot.clone();
    t.set(
        "keys",
        lua.create_function(move |lua, ()| {
            let guard = s
                .lock()
                .map_err(|_| lua_error(lua, "blackboard: poisoned"))?;
            let board = guard
                .as_ref()
                .ok_or_else(|| lua_error(lua, format!("blackboard.keys: {OUTSIDE}")))?;
            lua.create_sequence_from(board.keys())
        })?,
    )?;
    Ok(t)
}

/// A key in an error message, cut.
fn short(key: &str) -> &str {
    let mut cut = key.len().min(40);
    while !key.is_char_boundary(cut) {
        cut -= 1;
    }
    &key[..cut]
}

/// Lua value → [`BoardValue`], stopping as soon as the value would not fit in `room` bytes (so a
/// huge table costs no more than the room it may take).
struct Converter {
    room: usize,
    /// Values converted (paid as instructions).
    values: i64,
    /// Tables on the path being converted (a table inside itself is refused).
    open: HashSet<usize>,
}

impl Converter {
    fn take(&mut self, bytes: usize) -> Result<(), String> {
        self.values += 1;
        self.room = self.room.checked_sub(bytes).ok_or_else(|| {
            format!(
                "too big: the blackboard holds at most {} KiB",
                LUA_BOARD_LIMIT >> 10
            )
        })?;
        Ok(())
    }

    fn value(&mut self, v: Value, depth: usize) -> Result<BoardValue, String> {
        let scalar = |c: &mut Converter, b| c.take(8).map(|()| b);
        match v {
            Value::Boolean(b) => scalar(self, BoardValue::Bool(b)),
            Value::Integer(i) => scalar(self, BoardValue::Integer(i)),
            Value::Number(n) => scalar(self, BoardValue::Number(n)),
            Value::String(s) => {
                let text = s
                    .to_str()
                    .map_err(|_| "strings must be UTF-8 text".to_string())?
                    .to_string();
                self.take(8 + text.len())?;
                Ok(BoardValue::String(text))
            }
            Value::Table(t) => self.table(&t, depth),
            other => Err(format!(
                "cannot store a {} (plain data only: strings, numbers, booleans and tables of them)",
                other.type_name()
            )),
        }
    }

    fn table(&mut self, t: &Table, depth: usize) -> Result<BoardValue, String> {
        if depth >= LUA_BOARD_DEPTH {
            return Err(format!("tables nested deeper than {LUA_BOARD_DEPTH}"));
        }
        let id = t.to_pointer() as usize;
        if !self.open.insert(id) {
            return Err("a table that contains itself".into());
        }
        self.take(8)?;
        let mut strings = BTreeMap::new();
        let mut numbered = BTreeMap::new();
        // Raw iteration: no metamethod runs.
        for pair in t.pairs::<Value, Value>() {
            let (k, v) = pair.map_err(|e| e.to_string())?;
            match k {
                Value::String(s) => {
                    let key = s
                        .to_str()
                        .map_err(|_| "table keys must be UTF-8 text".to_string())?
                        .to_string();
                    self.take(8 + key.len())?;
                    strings.insert(key, self.value(v, depth + 1)?);
                }
                Value::Integer(i) => {
                    numbered.insert(i, self.value(v, depth + 1)?);
                }
                other => {
                    return Err(format!(
                        "a table key is a {} (keys are strings, or 1..n for a list)",
                        other.type_name()
                    ))
                }
            }
        }
        self.open.remove(&id);
        match (strings.is_empty(), numbered.is_empty()) {
            (_, true) => Ok(BoardValue::Map(strings)),
            (true, false) => {
                let n = numbered.len() as i64;
                if numbered.keys().copied().eq(1..=n) {
                    Ok(BoardValue::List(numbered.into_values().collect()))
                } else {
                    Err("a list's keys must be 1..n, without holes".into())
                }
            }
            (false, false) => Err("a table mixes string keys and list items".into()),
        }
    }
}

/// [`BoardValue`] → a fresh Lua value (tables are new copies), built with raw API calls in one
/// protected call: on a state with a memory limit, mlua protects each table write by a `pcall`
/// of its own, and a list of throws read at every decision cost that many (see `luaapi::raw`).
fn to_lua(lua: &Lua, v: &BoardValue) -> mlua::Result<Value> {
    // SAFETY: `push` leaves exactly the value on the stack; a Lua error inside (an allocation
    // past the memory limit, a stack that cannot grow) leaves by longjmp through frames that
    // only borrow `v`, into the protected call `exec_raw` makes.
    unsafe { lua.exec_raw::<Value>((), |state| push(state, v)) }
}

/// Pushes `v` onto the stack of `state`.
unsafe fn push(state: *mut ffi::lua_State, v: &BoardValue) {
    // This value, and for a table a key and a value above it (tables nest up to
    // LUA_BOARD_DEPTH levels).
    if ffi::lua_checkstack(state, 3) == 0 {
        ffi::luaL_error(state, c"blackboard.get: value nested too deep".as_ptr());
    }
    let slots = |n: usize| n.min(1 << 16) as std::ffi::c_int;
    match v {
        BoardValue::Bool(b) => ffi::lua_pushboolean(state, *b as std::ffi::c_int),
        BoardValue::Integer(i) => ffi::lua_pushinteger(state, *i),
        BoardValue::Number(n) => ffi::lua_pushnumber(state, *n),
        BoardValue::String(s) => {
            ffi::lua_pushlstring(state, s.as_ptr().cast(), s.len());
        }
        BoardValue::List(items) => {
            ffi::lua_createtable(state, slots(items.len()), 0);
            for (i, item) in items.iter().enumerate() {
                push(state, item);
                ffi::lua_rawseti(state, -2, i as ffi::lua_Integer + 1);
            }
        }
        BoardValue::Map(map) => {
            ffi::lua_createtable(state, 0, slots(map.len()));
            for (k, item) in map {
                ffi::lua_pushlstring(state, k.as_ptr().cast(), k.len());
                push(state, item);
                ffi::lua_rawset(state, -3);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a get gives back converts to the very value stored: every kind, strings with any
    /// bytes of text, nested as deep as the board allows.
    #[test]
    fn a_value_read_back_is_the_value_stored() {
        let lua = Lua::new();
        let leaf = BoardValue::Map(BTreeMap::from([
            ("s".to_string(), BoardValue::String("a\0b é".into())),
            ("i".to_string(), BoardValue::Integer(-3)),
            ("n".to_string(), BoardValue::Number(0.25)),
            ("b".to_string(), BoardValue::Bool(true)),
            (
                "l".to_string(),
                BoardValue::List(vec![BoardValue::Integer(1), BoardValue::String("x".into())]),
            ),
        ]));
        let mut v = leaf;
        for _ in 0..LUA_BOARD_DEPTH - 3 {
            v = BoardValue::List(vec![v, BoardValue::Bool(false)]);
        }
        let back = to_lua(&lua, &v).expect("to Lua");
        let mut conv = Converter {
            room: LUA_BOARD_LIMIT,
            values: 0,
            open: HashSet::new(),
        };
        assert_eq!(conv.value(back, 0).expect("back"), v);
    }
}
