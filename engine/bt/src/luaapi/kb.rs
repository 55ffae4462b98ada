//! The `kb` table: the knowledge base's answers, once the engine installs one.

use mlua::{Lua, Result as LuaResult, Table};
use std::sync::{Arc, Mutex};

/// The knowledge base as Lua leaves may query it (the engine installs one with `TreeBot::set_kb`).
pub trait KbQuery {
    /// Identities an unidentified appearance may still have.
    fn candidates(&self, appearance: &str) -> Vec<String>;
    /// The identity of an appearance, once known.
    fn identity(&self, appearance: &str) -> Option<String>;
    fn could_be(&self, appearance: &str, identity: &str) -> bool;
}

pub type SharedKb = Arc<Mutex<Option<Box<dyn KbQuery + Send>>>>;

/// The `kb` table; answers are empty until the engine installs a knowledge base.
pub fn kb_table(lua: &Lua, kb: &SharedKb) -> LuaResult<Table> {
    let t = lua.create_table()?;
    let k = kb.clone();
    t.set(
        "candidates",
        lua.create_function(move |_, appearance: String| {
            let guard = k
                .lock()
                .map_err(|_| mlua::Error::RuntimeError("kb lock poisoned".into()))?;
            Ok(guard
                .as_ref()
                .map(|kb| kb.candidates(&appearance))
                .unwrap_or_default())
        })?,
    )?;
    let k = kb.clone();
    t.set(
        "identity",
        lua.create_function(move |_, appearance: String| {
            let guard = k
                .lock()
                .map_err(|_| mlua::Error::RuntimeError("kb lock poisoned".into()))?;
            Ok(guard.as_ref().and_then(|kb| kb.identity(&appearance)))
        })?,
    )?;
    let k = kb.clone();
    t.set(
        "could_be",
        lua.create_function(move |_, (appearance, identity): (String, String)| {
            let guard = k
                .lock()
                .map_err(|_| mlua::Error::RuntimeError("kb lock poisoned".into()))?;
            Ok(guard
                .as_ref()
                .is_some_and(|kb| kb.could_be(&appearance, &identity)))
        })?,
    )?;
    Ok(t)
}
