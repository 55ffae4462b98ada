//! The Lua blackboard: plain data the Lua leaves of one tree share, by string key.
//!
//! Each script runs in a Lua state of its own, so no Lua table can be shared between scripts:
//! the engine keeps the data instead, as [`BoardValue`]s, and `blackboard.set` / `blackboard.get`
//! copy values in and out. The board is an entry of the per-game [`crate::Blackboard`], so Rust
//! leaves read and write the same data (`tick.blackboard.entry::<LuaBoard>()`), and it is kept
//! across hot reloads with the rest of the blackboard.

use serde::Serialize;
use std::collections::BTreeMap;

/// Bytes the whole Lua blackboard may hold (as counted by [`BoardValue::size`], keys included).
pub const LUA_BOARD_LIMIT: usize = 1 << 20;
/// Tables nested deeper than this are refused.
pub const LUA_BOARD_DEPTH: usize = 32;

/// A value on the Lua blackboard: what JSON can say, with Lua's integers kept apart from its
/// floats. A Lua table is a `List` when its keys are 1..n, a `Map` when they are strings (an
/// empty table is an empty `Map`). Serialises as plain JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum BoardValue {
    Bool(bool),
    Integer(i64),
    Number(f64),
    String(String),
    List(Vec<BoardValue>),
    Map(BTreeMap<String, BoardValue>),
}

/// What a scalar (or a container's own overhead) counts for.
const SCALAR: usize = 8;

impl BoardValue {
    /// The bytes this value counts for against [`LUA_BOARD_LIMIT`]: 8 per number, boolean, list
    /// or map, plus the length of every string and map key.
    pub fn size(&self) -> usize {
        match self {
            BoardValue::Bool(_) | BoardValue::Integer(_) | BoardValue::Number(_) => SCALAR,
            BoardValue::String(s) => SCALAR + s.len(),
            BoardValue::List(items) => SCALAR + items.iter().map(BoardValue::size).sum::<usize>(),
            BoardValue::Map(map) => {
                SCALAR
                    + map
                        .iter()
                        .map(|(k, v)| SCALAR + k.len() + v.size())
                        .sum::<usize>()
            }
        }
    }
}

/// Why a value was not stored.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardFull {
    /// Bytes the board would have held.
    pub would_hold: usize,
}

impl std::fmt::Display for BoardFull {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the blackboard would hold {} bytes, more than its {} KiB",
            self.would_hold,
            LUA_BOARD_LIMIT >> 10
        )
    }
}

/// The Lua leaves' shared data, by key (see the module doc). At most [`LUA_BOARD_LIMIT`] bytes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LuaBoard {
    entries: BTreeMap<String, BoardValue>,
    /// The size of every entry, keys included.
    bytes: usize,
}

impl LuaBoard {
    pub fn get(&self, key: &str) -> Option<&BoardValue> {
        self.entries.get(key)
    }

    /// Stores `value` under `key` (`None` removes it), unless the board would then hold more
    /// than [`LUA_BOARD_LIMIT`] bytes; then nothing changes.
    pub fn set(&mut self, key: &str, value: Option<BoardValue>) -> Result<(), BoardFull> {
        let old = self.entries.get(key).map_or(0, |v| entry_size(key, v));
        let new = value.as_ref().map_or(0, |v| entry_size(key, v));
        let would_hold = self.bytes - old + new;
        if new > old && would_hold > LUA_BOARD_LIMIT {
            return Err(BoardFull { would_hold });
        }
        self.bytes = would_hold;
        match value {
            Some(v) => self.entries.insert(key.to_string(), v),
            None => self.entries.remove(key),
        };
        Ok(())
    }

    /// The keys, sorted.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    /// Bytes held, as counted against [`LUA_BOARD_LIMIT`].
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Room left, in bytes, for a new entry (keys count too).
    pub fn room(&self) -> usize {
        LUA_BOARD_LIMIT.saturating_sub(self.bytes)
    }
}

fn entry_size(key: &str, value: &BoardValue) -> usize {
    key.len() + value.size()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_add_up_and_the_limit_holds() {
        let mut board = LuaBoard::default();
        let v = BoardValue::Map(BTreeMap::from([(
            "hp".to_string(),
            BoardValue::List(vec![BoardValue::Integer(3), BoardValue::Bool(true)]),
        )]));
        // map 8 + (8 + "hp" + list 8 + 8 + 8)
        assert_eq!(v.size(), 8 + 8 + 2 + 8 + 8 + 8);
        board.set("k", Some(v.clone())).unwrap();
        assert_eq!(board.bytes(), 1 + v.size());
        let big = BoardValue::String("x".repeat(LUA_BOARD_LIMIT));
        let err = board.set("big", Some(big)).unwrap_err();
        assert!(err.would_hold > LUA_BOARD_LIMIT, "{err}");
        assert_eq!(board.keys().collect::<Vec<_>>(), ["k"], "nothing stored");
        board.set("k", None).unwrap();
        assert_eq!((board.bytes(), board.get("k")), (0, None));
    }

    #[test]
    fn values_serialise_as_plain_json() {
        let v = BoardValue::Map(BTreeMap::from([
            ("a".to_string(), BoardValue::Number(1.5)),
            (
                "b".to_string(),
                BoardValue::List(vec![BoardValue::String("x".into())]),
            ),
        ]));
        assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"a":1.5,"b":["x"]}"#);
    }
}
