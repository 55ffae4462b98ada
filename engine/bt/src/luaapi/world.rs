//! The `world` userdata: what a Lua leaf may read.

use super::Noting;
use mlua::{Lua, Result as LuaResult};
use nhbot_world::names::{condition_name, hunger_name};
use nhbot_world::{Pos, World};

/// Registers the `World` userdata type (fields and methods Lua may read); returns their names
/// (the tests compare them with `luadef::LUA_API`).
pub fn register_world(lua: &Lua) -> LuaResult<Vec<&'static str>> {
    let mut names = Vec::new();
    lua.register_userdata_type::<World>(|reg| {
        let reg = &mut Noting::new(reg, &mut names);
        reg.add_field_method_get("hp", |_, w| Ok(w.status.hp));
        reg.add_field_method_get("hp_max", |_, w| Ok(w.status.hp_max));
        reg.add_field_method_get("pw", |_, w| Ok(w.status.pw));
        reg.add_field_method_get("pw_max", |_, w| Ok(w.status.pw_max));
        reg.add_field_method_get("ac", |_, w| Ok(w.status.ac));
        reg.add_field_method_get("xl", |_, w| Ok(w.status.xl));
        reg.add_field_method_get("gold", |_, w| Ok(w.status.gold));
        reg.add_field_method_get("dlvl", |_, w| Ok(w.status.dlvl));
        reg.add_field_method_get("level_name", |_, w| Ok(w.status.level_name.clone()));
        reg.add_field_method_get("turn", |_, w| Ok(w.turn));
        reg.add_field_method_get("decisions", |_, w| Ok(w.decisions));
        reg.add_field_method_get("x", |_, w| Ok(w.player.x));
        reg.add_field_method_get("y", |_, w| Ok(w.player.y));
        reg.add_field_method_get("hunger", |_, w| Ok(hunger_name(w.status.hunger)));
        reg.add_field_method_get("encumbrance", |_, w| {
            Ok(format!("{:?}", w.status.encumbrance).to_lowercase())
        });
        reg.add_field_method_get("alignment", |_, w| {
            Ok(format!("{:?}", w.status.alignment).to_lowercase())
        });
        reg.add_field_method_get("feature_here", |_, w| {
            Ok(snake(&format!(
                "{:?}",
                w.level().map(|l| l.feature(w.player)).unwrap_or_default()
            )))
        });
        reg.add_field_method_get("last_prayer_turn", |_, w| Ok(w.last_prayer_turn));
        reg.add_field_method_get("conditions", |lua, w| {
            lua.create_sequence_from(w.status.conditions.iter().map(|c| condition_name(*c)))
        });
        reg.add_field_method_get("monsters", |lua, w| {
            let list = lua.create_table()?;
            for (i, m) in w.monsters.iter().enumerate() {
                let t = lua.create_table()?;
                t.set("x", m.pos.x)?;
                t.set("y", m.pos.y)?;
                t.set("glyph", m.ch.to_string())?;
                t.set("color", m.color)?;
                t.set("name", m.name.clone())?;
                t.set("peaceful", m.peaceful)?;
                t.set("tame", m.tame)?;
                t.set("hostile", m.maybe_hostile())?;
                list.raw_set(i + 1, t)?;
            }
            Ok(list)
        });
        reg.add_field_method_get("messages", |lua, w| {
            lua.create_sequence_from(w.messages.iter().cloned())
        });
        reg.add_field_method_get("inventory", |lua, w| {
            let items = lua.create_table()?;
            for (i, item) in w.inventory.iter().enumerate() {
                let t = lua.create_table()?;
                t.set("letter", item.letter.to_string())?;
                t.set("text", item.text.clone())?;
                t.set("class", item.class.clone())?;
                items.raw_set(i + 1, t)?;
            }
            Ok(items)
        });
        reg.add_method("cell", |_, w, (x, y): (i16, i16)| {
            Ok(w.view.get(Pos::new(x, y)).map(|c| c.ch.to_string()))
        });
        reg.add_method("has_condition", |_, w, name: String| {
            Ok(w.status
                .conditions
                .iter()
                .any(|c| condition_name(*c).eq_ignore_ascii_case(&name)))
        });
        reg.add_method("message_contains", |_, w, text: String| {
            Ok(w.messages.iter().any(|m| m.contains(&text)))
        });
    })?;
    Ok(names)
}

/// `StairsDown` → `stairs_down`.
fn snake(camel: &str) -> String {
    let mut out = String::with_capacity(camel.len() + 4);
    for (i, c) in camel.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}
