//! What Lua leaves see: the read-only `world`, the `act` action constructors and the `kb` hook.

use mlua::{
    FromLuaMulti, IntoLua, IntoLuaMulti, Lua, MaybeSend, MetaMethod, Result as LuaResult, Table,
    UserData, UserDataFields, UserDataMethods, UserDataRegistry, Value,
};
use nhbot_world::names::{condition_name, hunger_name};
use nhbot_world::{Action, Dir, Pos, World};
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

/// An action built by `act.*`, with the script's reason.
#[derive(Clone, Debug)]
pub struct LuaAction {
    pub action: Action,
    pub reason: String,
}

impl UserData for LuaAction {
    fn add_fields<F: UserDataFields<Self>>(fields: &mut F) {
        fields.add_field_method_get("reason", |_, a| Ok(a.reason.clone()));
        fields.add_field_method_get("kind", |_, a| Ok(format!("{:?}", a.action)));
    }
    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        methods.add_meta_method(MetaMethod::ToString, |_, a, ()| {
            Ok(format!("{:?} ({})", a.action, a.reason))
        });
    }
}

fn dir(s: &str) -> LuaResult<Dir> {
    Dir::parse(s).ok_or_else(|| {
        mlua::Error::RuntimeError(format!(
            "unknown direction `{s}` (use n s e w ne nw se sw up down here)"
        ))
    })
}

/// A reason is cut at this many bytes: it goes into the decision log at every decision.
const MAX_REASON: usize = 300;
/// Keys (and engraved text) one action may type.
const MAX_KEYS: usize = 200;

fn made(action: Action, reason: Option<String>) -> LuaAction {
    let mut reason = reason.unwrap_or_default();
    if reason.len() > MAX_REASON {
        let mut cut = MAX_REASON;
        while !reason.is_char_boundary(cut) {
            cut -= 1;
        }
        reason.truncate(cut);
        reason.push('…');
    }
    LuaAction { action, reason }
}

/// Refuses key strings longer than [`MAX_KEYS`].
fn typed(what: &str, text: String) -> LuaResult<String> {
    if text.len() > MAX_KEYS {
        return Err(mlua::Error::RuntimeError(format!(
            "{what}: {} bytes, at most {MAX_KEYS}",
            text.len()
        )));
    }
    Ok(text)
}

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

/// The `act` table of action constructors. Every constructor takes an optional trailing reason.
pub fn act_table(lua: &Lua) -> LuaResult<Table> {
    let act = lua.create_table()?;
    macro_rules! dir_action {
        ($name:literal, $variant:ident) => {
            act.set(
                $name,
                lua.create_function(|_, (d, why): (String, Option<String>)| {
                    Ok(made(Action::$variant { dir: dir(&d)? }, why))
                })?,
            )?;
        };
    }
    dir_action!("move", Move);
    dir_action!("fight", Fight);
    dir_action!("open", Open);
    dir_action!("kick", Kick);
    act.set(
        "throw",
        lua.create_function(|_, (item, d, why): (String, String, Option<String>)| {
            let item = item
                .chars()
                .next()
                .ok_or_else(|| mlua::Error::runtime("throw: no item letter"))?;
            Ok(made(
                Action::Throw {
                    item,
                    dir: dir(&d)?,
                },
                why,
            ))
        })?,
    )?;
    act.set(
        "search",
        lua.create_function(|_, (n, why): (Option<u16>, Option<String>)| {
            Ok(made(
                Action::Search {
                    count: n.unwrap_or(1).max(1),
                },
                why,
            ))
        })?,
    )?;
    act.set(
        "rest",
        lua.create_function(|_, (n, why): (Option<u16>, Option<String>)| {
            Ok(made(
                Action::Rest {
                    count: n.unwrap_or(1).max(1),
                },
                why,
            ))
        })?,
    )?;
    act.set(
        "eat",
        lua.create_function(|_, (letter, why): (Option<String>, Option<String>)| {
            Ok(made(
                Action::Eat {
                    item: letter.and_then(|l| l.chars().next()),
                },
                why,
            ))
        })?,
    )?;
    act.set(
        "pray",
        lua.create_function(|_, why: Option<String>| Ok(made(Action::Pray, why)))?,
    )?;
    act.set(
        "descend",
        lua.create_function(|_, why: Option<String>| Ok(made(Action::Descend, why)))?,
    )?;
    act.set(
        "ascend",
        lua.create_function(|_, why: Option<String>| Ok(made(Action::Ascend, why)))?,
    )?;
    act.set(
        "inventory",
        lua.create_function(|_, why: Option<String>| Ok(made(Action::Inventory, why)))?,
    )?;
    act.set(
        "engrave",
        lua.create_function(|_, (text, why): (String, Option<String>)| {
            Ok(made(
                Action::Engrave {
                    text: typed("act.engrave", text)?,
                },
                why,
            ))
        })?,
    )?;
    act.set(
        "keys",
        lua.create_function(|_, (keys, why): (String, Option<String>)| {
            Ok(made(
                Action::Keys {
                    keys: typed("act.keys", keys)?,
                },
                why,
            ))
        })?,
    )?;
    act.set(
        "pickup",
        lua.create_function(|_, (letters, why): (Option<String>, Option<String>)| {
            Ok(made(Action::Pickup { letters }, why))
        })?,
    )?;
    act.set(
        "travel",
        lua.create_function(|_, (x, y, why): (i16, i16, Option<String>)| {
            Ok(made(Action::Travel { to: Pos::new(x, y) }, why))
        })?,
    )?;
    act.set(
        "farlook",
        lua.create_function(|_, (x, y, why): (i16, i16, Option<String>)| {
            Ok(made(Action::Farlook { at: Pos::new(x, y) }, why))
        })?,
    )?;
    Ok(act)
}

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

/// Converts what a Lua leaf returned into a leaf outcome.
pub fn outcome_of(v: Value) -> Result<crate::manifest::LeafOutcome, String> {
    use crate::manifest::LeafOutcome;
    match v {
        Value::Boolean(true) => Ok(LeafOutcome::Success),
        Value::Boolean(false) | Value::Nil => Ok(LeafOutcome::Failure),
        Value::UserData(ud) => match ud.borrow::<LuaAction>() {
            Ok(a) => Ok(LeafOutcome::Act(a.action.clone(), a.reason.clone())),
            Err(_) => Err("returned a userdata that is not an act.* action".into()),
        },
        other => Err(format!(
            "returned a {} (expected an act.* action, true, false or nil)",
            other.type_name()
        )),
    }
}

/// A userdata registry that notes the names it registers, so the tests can compare them with
/// the API's definition (`luadef::LUA_API`). Same method names and bounds as mlua's, so registration code reads as usual.
pub(crate) struct Noting<'a, T: 'static> {
    reg: &'a mut UserDataRegistry<T>,
    names: &'a mut Vec<&'static str>,
}

impl<'a, T: 'static> Noting<'a, T> {
    pub(crate) fn new(reg: &'a mut UserDataRegistry<T>, names: &'a mut Vec<&'static str>) -> Self {
        Noting { reg, names }
    }

    pub(crate) fn add_field_method_get<M, R>(&mut self, name: &'static str, method: M)
    where
        M: Fn(&Lua, &T) -> LuaResult<R> + MaybeSend + 'static,
        R: IntoLua,
    {
        self.names.push(name);
        self.reg.add_field_method_get(name, method);
    }

    pub(crate) fn add_method<M, A, R>(&mut self, name: &'static str, method: M)
    where
        M: Fn(&Lua, &T, A) -> LuaResult<R> + MaybeSend + 'static,
        A: FromLuaMulti,
        R: IntoLuaMulti,
    {
        self.names.push(name);
        self.reg.add_method(name, method);
    }
}
