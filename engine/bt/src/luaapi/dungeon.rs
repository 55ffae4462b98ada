//! The dungeon for Lua: the current level's branch and specials, every known level, special
//! levels and routes (defined in `luadef/dungeon.rs`).

use super::view::{cached, Field};
use super::Noting;
use mlua::{Lua, Result as LuaResult, Table};
use nhbot_world::dungeon::facts::{branch_name, parse_branch};
use nhbot_world::{Level, Special, World};

pub(super) fn register_dungeon(reg: &mut Noting<'_, World>) {
    reg.add_field_method_get("branch", |_, w| {
        Ok(branch_name(w.level().map(|l| l.branch).unwrap_or_default()))
    });
    reg.add_field_method_get("specials", |lua, w| {
        cached(lua, Field::Specials, || {
            let specials = w
                .level()
                .map(|l| l.facts.specials.clone())
                .unwrap_or_default();
            lua.create_sequence_from(specials.into_iter().map(Special::name))
        })
    });
    reg.add_field_method_get("overview_fresh", |_, w| Ok(w.overview_is_fresh()));
    reg.add_method("levels", |lua, w, ()| {
        let list = lua.create_table()?;
        let live = w.dungeon.levels.iter().enumerate();
        for (n, (id, level)) in live.filter(|(_, l)| l.merged_into.is_none()).enumerate() {
            list.raw_set(n + 1, level_info(lua, w, id, level)?)?;
        }
        Ok(list)
    });
    reg.add_method("special_level", |lua, w, name: String| {
        let special = Special::parse(&name).ok_or_else(|| {
            mlua::Error::runtime(format!(
                "unknown special level `{name}` (e.g. \"oracle\", \"minetown\")"
            ))
        })?;
        w.dungeon
            .special_level(special)
            .map(|id| level_info(lua, w, id, &w.dungeon.levels[id]))
            .transpose()
    });
    reg.add_method(
        "route_to",
        |lua, w, (branch, depth): (String, Option<i32>)| {
            let branch = parse_branch(&branch).ok_or_else(|| {
                mlua::Error::runtime(format!(
                    "unknown branch `{branch}` (e.g. \"dungeons\", \"mines\", \"sokoban\")"
                ))
            })?;
            let Some(depth) = depth.or_else(|| w.dungeon.branch_entry(branch)) else {
                return Ok(None);
            };
            let Some(legs) = w.route_to(branch, depth) else {
                return Ok(None);
            };
            let list = lua.create_table()?;
            for (n, leg) in legs.iter().enumerate() {
                let level = &w.dungeon.levels[leg.level];
                let t = lua.create_table()?;
                t.set("branch", branch_name(level.branch))?;
                t.set("depth", level.depth)?;
                t.set("x", leg.stairs.x)?;
                t.set("y", leg.stairs.y)?;
                t.set("up", leg.up)?;
                t.set("to_branch", branch_name(leg.to.0))?;
                t.set("to_depth", leg.to.1)?;
                t.set("sure", leg.sure)?;
                list.raw_set(n + 1, t)?;
            }
            Ok(Some(list))
        },
    );
}

fn level_info(lua: &Lua, w: &World, id: usize, level: &Level) -> LuaResult<Table> {
    let f = &level.facts;
    let t = lua.create_table()?;
    t.set("branch", branch_name(level.branch))?;
    t.set("depth", level.depth)?;
    t.set("current", w.dungeon.current == Some(id))?;
    t.set(
        "specials",
        lua.create_sequence_from(f.specials.iter().map(|s| s.name()))?,
    )?;
    t.set("shops", f.shops)?;
    t.set("shop_kind", f.shop_kind.clone())?;
    t.set("temples", f.temples)?;
    t.set("altars", f.altars)?;
    t.set("fountains", f.fountains)?;
    t.set("sinks", f.sinks)?;
    t.set("thrones", f.thrones)?;
    t.set("graves", f.graves)?;
    t.set("branch_to", f.branch_stairs.map(|b| branch_name(b.to)))?;
    t.set("in_overview", f.in_overview)?;
    Ok(t)
}
