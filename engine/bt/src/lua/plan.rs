//! The `plan` table of every script: what the tree's plans follow and remember (see
//! `crate::plan`), as a copy set before each leaf call.

use crate::plan::PlanProgress;
use mlua::{Lua, Table, Value};
use std::sync::{Arc, Mutex};

/// The plans' progress as the script's leaf call sees it.
pub(crate) type PlanSlot = Arc<Mutex<PlanProgress>>;

/// Sets what the next leaf call of a script sees (copied only when it changed: it seldom
/// does, and every Lua leaf call lends it).
pub(crate) fn lend(slot: &PlanSlot, progress: &PlanProgress) {
    if let Ok(mut s) = slot.lock() {
        if *s != *progress {
            s.clone_from(progress);
        }
    }
}

/// The `plan` table: `phase()`, `reached(name)`, `completed(name)`.
pub(crate) fn plan_table(lua: &Lua, slot: &PlanSlot) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    let s = slot.clone();
    t.set(
        "phase",
        lua.create_function(move |lua, ()| {
            let Ok(p) = s.lock() else {
                return Ok(Value::Nil);
            };
            let Some(now) = p.current() else {
                return Ok(Value::Nil);
            };
            let out = lua.create_table()?;
            out.set("name", now.name.as_str())?;
            out.set("goal", now.goal.as_str())?;
            out.set("plan", now.plan.as_str())?;
            out.set("since", now.since)?;
            Ok(Value::Table(out))
        })?,
    )?;
    let s = slot.clone();
    t.set(
        "reached",
        lua.create_function(move |_, name: String| {
            Ok(s.lock().ok().and_then(|p| p.reached(&name)))
        })?,
    )?;
    let s = slot.clone();
    t.set(
        "completed",
        lua.create_function(move |_, name: String| {
            Ok(s.lock().ok().and_then(|p| p.completed(&name)))
        })?,
    )?;
    Ok(t)
}
