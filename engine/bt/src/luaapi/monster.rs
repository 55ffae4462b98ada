//! A monster seen, as Lua's `MonsterSeen` table: shared by the world and temple bindings.

use mlua::{Lua, Result as LuaResult, Table};
use nhbot_world::{Monster, World};

/// A `MonsterSeen` table.
pub(super) fn monster_seen(
    lua: &Lua,
    w: &World,
    m: &Monster,
    remembered: bool,
) -> LuaResult<Table> {
    let t = lua.create_table()?;
    t.set("x", m.pos.x)?;
    t.set("y", m.pos.y)?;
    t.set("glyph", m.ch.to_string())?;
    t.set("color", m.color)?;
    t.set("name", m.name.clone())?;
    t.set("peaceful", m.peaceful)?;
    t.set("tame", m.tame)?;
    t.set("hostile", m.maybe_hostile())?;
    t.set("first_seen", m.first_seen)?;
    t.set("last_seen", m.last_seen)?;
    t.set("statue", w.statue_suspected(m))?;
    t.set("mimic", m.mimic)?;
    t.set("remembered", remembered)?;
    Ok(t)
}
