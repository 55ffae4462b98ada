//! Temples and altars for Lua: the temple of the level with its altar and priest, every altar
//! known, and whether the watch keeps the level (defined in `luadef/temple.rs`).

use super::Noting;
use mlua::{Lua, Result as LuaResult, Table};
use nhbot_world::{Altar, AltarAlignment, World};

pub(super) fn register_temple(reg: &mut Noting<'_, World>) {
    reg.add_field_method_get("watched", |_, w| Ok(w.watched()));
    reg.add_method("temple", |lua, w, ()| {
        let Some(t) = w.temple() else {
            return Ok(None);
        };
        let table = lua.create_table()?;
        table.set("room", t.room)?;
        table.set(
            "altar",
            t.altar.as_ref().map(|a| altar(lua, w, a)).transpose()?,
        )?;
        let priest = t
            .priest
            .as_ref()
            .map(|m| super::monster::monster_seen(lua, w, m, t.priest_remembered))
            .transpose()?;
        table.set("priest", priest)?;
        table.set("sacred", t.sacred)?;
        table.set("coaligned", t.coaligned)?;
        table.set("inside", t.hero_inside)?;
        Ok(Some(table))
    });
    reg.add_method("altars", |lua, w, ()| {
        let list = lua.create_table()?;
        let Some(level) = w.level() else {
            return Ok(list);
        };
        // The temple's altar knows its priest's god too.
        let temple_altar = w.temple().and_then(|t| t.altar);
        for (i, a) in level.known_altars().iter().enumerate() {
            let known = temple_altar
                .as_ref()
                .filter(|t| t.pos == a.pos)
                .unwrap_or(a);
            list.raw_set(i + 1, altar(lua, w, known)?)?;
        }
        Ok(list)
    });
}

/// An `Altar` table.
fn altar(lua: &Lua, w: &World, a: &Altar) -> LuaResult<Table> {
    let alignment = a.alignment.or_else(|| {
        a.god
            .as_deref()
            .and_then(nhbot_world::temple::god_alignment)
    });
    let t = lua.create_table()?;
    t.set("x", a.pos.x)?;
    t.set("y", a.pos.y)?;
    t.set("alignment", alignment.map(AltarAlignment::name))?;
    t.set("god", a.god.clone())?;
    t.set(
        "coaligned",
        alignment.map(|al| al == AltarAlignment::of(w.status.alignment)),
    )?;
    Ok(t)
}
