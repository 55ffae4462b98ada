//! The world's tables as one script state reads them in one decision: `world.inventory`,
//! `world.monsters`... are built at their first read in a decision and the same table is
//! returned at every later read of that decision, by any leaf of the script. The leaves read the
//! same fields many times a decision (the gear leaves read the inventory four times a call), and
//! building them was most of a leaf's cost.
//!
//! The world cannot change within a decision (`LuaEngine::with_world` holds it borrowed), so a
//! table built from it stays true until the next one; each decision starts with an empty view.
//! Scripts share nothing through it: every script has a state (and a view) of its own. The
//! tables are the scripts' to read, never to change (a change would show at the next read).
//!
//! The inventory's table, the costliest to build and the one most leaves read, is kept across
//! decisions too: while the pack is the same, item for item and field for field, the table is
//! the same; any change builds it again. The engine compares the pack once a decision and
//! counts its changes ([`DecisionStamp`]); the view keeps the count its table was built at.

use mlua::{IntoLua, Lua, Result as LuaResult, Value};

/// A world field whose Lua value is built from the world at each read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Field {
    Monsters,
    RememberedMonsters,
    Messages,
    ObjectsHere,
    Pet,
    LastDecision,
    Conditions,
    Intrinsics,
    RefusedPrayers,
    StairsDown,
    StairsUp,
    Specials,
}

/// How many [`Field`]s there are.
const FIELDS: usize = Field::Specials as usize + 1;

/// Which decision a leaf call is part of, and which pack it sees.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct DecisionStamp {
    /// `LuaEngine`'s count of `with_world` calls.
    pub decision: u64,
    /// How many times the pack had changed by this decision (item for item, field for field).
    pub inventory: u64,
}

/// A script state's view of the world of the current decision (kept in the state's app data).
#[derive(Default)]
pub(crate) struct WorldView {
    /// The decision the values were built in.
    decision: u64,
    /// The pack the running leaf call sees (see [`DecisionStamp::inventory`]).
    pack: u64,
    /// Whether a leaf of this state is running (outside a leaf call nothing is kept).
    active: bool,
    values: [Option<Value>; FIELDS],
    /// The inventory table and the pack it was built from, whatever the decision.
    inventory: Option<(u64, Value)>,
}

impl WorldView {
    /// Gives `lua` an empty view (a script state does, when made).
    pub(crate) fn install(lua: &Lua) {
        lua.set_app_data(WorldView::default());
    }

    /// A leaf call of decision `stamp` starts: the view keeps what it built in that decision
    /// and forgets any older decision's values.
    pub(crate) fn begin(lua: &Lua, stamp: DecisionStamp) {
        if let Some(mut view) = lua.app_data_mut::<WorldView>() {
            if view.decision != stamp.decision {
                view.decision = stamp.decision;
                view.values = Default::default();
            }
            view.pack = stamp.inventory;
            view.active = true;
        }
    }

    /// The leaf call ended: reads outside a call build afresh.
    pub(crate) fn end(lua: &Lua) {
        if let Some(mut view) = lua.app_data_mut::<WorldView>() {
            view.active = false;
        }
    }
}

/// The value of `field` for the world of the current decision: the one built earlier in the
/// decision, else `build`'s (kept for the decision's later reads). Without a view, or outside a
/// leaf call, always `build`'s.
pub(crate) fn cached<R: IntoLua>(
    lua: &Lua,
    field: Field,
    build: impl FnOnce() -> LuaResult<R>,
) -> LuaResult<Value> {
    let slot = field as usize;
    // The borrow is dropped before `build` runs (it creates Lua values).
    let known = match lua.app_data_ref::<WorldView>() {
        Some(view) if view.active => match &view.values[slot] {
            Some(v) => return Ok(v.clone()),
            None => true,
        },
        _ => false,
    };
    let value = build()?.into_lua(lua)?;
    if known {
        if let Some(mut view) = lua.app_data_mut::<WorldView>() {
            view.values[slot] = Some(value.clone());
        }
    }
    Ok(value)
}

/// The `inventory` table of the world of the running leaf call: the one built last when the
/// pack is the same (in this decision or an earlier one), else `build`'s (kept). Without a
/// view, or outside a leaf call, always `build`'s.
pub(crate) fn cached_inventory(
    lua: &Lua,
    build: impl FnOnce() -> LuaResult<Value>,
) -> LuaResult<Value> {
    let pack = match lua.app_data_ref::<WorldView>() {
        Some(view) if view.active => match &view.inventory {
            Some((built_at, table)) if *built_at == view.pack => return Ok(table.clone()),
            _ => Some(view.pack),
        },
        _ => None,
    };
    let value = build()?;
    if let Some(pack) = pack {
        if let Some(mut view) = lua.app_data_mut::<WorldView>() {
            view.inventory = Some((pack, value.clone()));
        }
    }
    Ok(value)
}
