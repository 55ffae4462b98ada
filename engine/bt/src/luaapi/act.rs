//! The `act` table: action constructors, each with an optional trailing reason.

use mlua::{
    Lua, MetaMethod, Result as LuaResult, Table, UserData, UserDataFields, UserDataMethods, Value,
};
use nhbot_world::{Action, Dir, Pick, Pos};

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

/// `act.pickup`'s choice: nil (everything), a name, or `{name=}`, `{class=}`, `{index=}`.
fn pick(v: Value) -> LuaResult<Pick> {
    let bad = |why: &str| mlua::Error::RuntimeError(format!("act.pickup: {why}"));
    match v {
        Value::Nil => Ok(Pick::All),
        Value::String(s) => Ok(Pick::Named(typed("act.pickup", s.to_str()?.to_string())?)),
        Value::Table(t) => {
            if let Some(name) = t.get::<Option<String>>("name")? {
                Ok(Pick::Named(typed("act.pickup", name)?))
            } else if let Some(class) = t.get::<Option<String>>("class")? {
                Ok(Pick::Classes(typed("act.pickup", class)?))
            } else if let Some(index) = t.get::<Option<u16>>("index")? {
                if index == 0 {
                    return Err(bad("index counts from 1"));
                }
                Ok(Pick::Index(index))
            } else {
                Err(bad("expected {name=...}, {class=...} or {index=...}"))
            }
        }
        other => Err(bad(&format!(
            "expected nil, a name or a table, got a {}",
            other.type_name()
        ))),
    }
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

/// An inventory letter: one ASCII letter, or one of `also` where the command takes it (`$`
/// gold to drop or throw, `-` bare hands to wield or fingers to engrave with).
fn letter(what: &str, text: &str, also: &str) -> LuaResult<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() || also.contains(c) => Ok(c),
        _ => {
            let extra: Vec<String> = also.chars().map(|c| format!("`{c}`")).collect();
            let extra = if extra.is_empty() {
                String::new()
            } else {
                format!(" or {}", extra.join(", "))
            };
            Err(mlua::Error::RuntimeError(format!(
                "{what}: {text:?} is not an inventory letter (one of a-z, A-Z{extra})"
            )))
        }
    }
}

/// An optional letter (nil stays None).
fn letter_or_nil(what: &str, text: Option<String>, also: &str) -> LuaResult<Option<char>> {
    text.map(|t| letter(what, &t, also)).transpose()
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
    dir_action!("fight_peaceful", FightPeaceful);
    dir_action!("open", Open);
    dir_action!("kick", Kick);
    act.set(
        "throw",
        lua.create_function(|_, (item, d, why): (String, String, Option<String>)| {
            Ok(made(
                Action::Throw {
                    item: letter("act.throw", &item, "$")?,
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
        lua.create_function(|_, (item, why): (Option<String>, Option<String>)| {
            Ok(made(
                Action::Eat {
                    item: letter_or_nil("act.eat", item, "")?,
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
        "overview",
        lua.create_function(|_, why: Option<String>| Ok(made(Action::Overview, why)))?,
    )?;
    act.set(
        "engrave",
        lua.create_function(|_, (text, why): (String, Option<String>)| {
            Ok(made(
                Action::Engrave {
                    text: typed("act.engrave", text)?,
                    with: None,
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
        lua.create_function(|_, (what, why): (Value, Option<String>)| {
            Ok(made(Action::Pickup { what: pick(what)? }, why))
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
    items(lua, &act)?;
    Ok(act)
}

/// The item constructors: use, wear, wield, drop... an inventory letter.
fn items(lua: &Lua, act: &Table) -> LuaResult<()> {
    // (name, variant): constructors of one letter and the reason.
    macro_rules! item_action {
        ($name:literal, $variant:ident) => {
            act.set(
                $name,
                lua.create_function(|_, (item, why): (String, Option<String>)| {
                    let item = letter(concat!("act.", $name), &item, "")?;
                    Ok(made(Action::$variant { item }, why))
                })?,
            )?;
        };
    }
    item_action!("read", Read);
    item_action!("wear", Wear);
    item_action!("take_off", TakeOff);
    item_action!("put_on", PutOn);
    item_action!("remove", Remove);
    item_action!("quiver", Quiver);
    act.set(
        "zap",
        lua.create_function(|_, (item, d, why): (String, String, Option<String>)| {
            Ok(made(
                Action::Zap {
                    item: letter("act.zap", &item, "")?,
                    dir: dir(&d)?,
                },
                why,
            ))
        })?,
    )?;
    act.set(
        "quaff",
        lua.create_function(|_, (item, why): (Option<String>, Option<String>)| {
            Ok(made(
                Action::Quaff {
                    item: letter_or_nil("act.quaff", item, "")?,
                },
                why,
            ))
        })?,
    )?;
    act.set(
        "wield",
        lua.create_function(|_, (item, why): (Option<String>, Option<String>)| {
            // `-` and nil both mean bare hands.
            let item = letter_or_nil("act.wield", item, "-")?.filter(|c| *c != '-');
            Ok(made(Action::Wield { item }, why))
        })?,
    )?;
    act.set(
        "apply",
        lua.create_function(
            |_, (item, d, why): (String, Option<String>, Option<String>)| {
                Ok(made(
                    Action::Apply {
                        item: letter("act.apply", &item, "")?,
                        dir: d.as_deref().map(dir).transpose()?,
                    },
                    why,
                ))
            },
        )?,
    )?;
    act.set(
        "fire",
        lua.create_function(
            |_, (d, item, why): (String, Option<String>, Option<String>)| {
                Ok(made(
                    Action::Fire {
                        dir: dir(&d)?,
                        item: letter_or_nil("act.fire", item, "")?,
                    },
                    why,
                ))
            },
        )?,
    )?;
    act.set(
        "drop",
        lua.create_function(
            |_, (item, count, why): (String, Option<u32>, Option<String>)| {
                if count == Some(0) {
                    return Err(mlua::Error::runtime("act.drop: a count is at least 1"));
                }
                Ok(made(
                    Action::Drop {
                        item: letter("act.drop", &item, "$")?,
                        count,
                    },
                    why,
                ))
            },
        )?,
    )?;
    act.set(
        "offer",
        lua.create_function(|_, (item, why): (Option<String>, Option<String>)| {
            Ok(made(
                Action::Offer {
                    item: letter_or_nil("act.offer", item, "")?,
                },
                why,
            ))
        })?,
    )?;
    act.set(
        "engrave_with",
        lua.create_function(|_, (item, text, why): (String, String, Option<String>)| {
            Ok(made(
                Action::Engrave {
                    text: typed("act.engrave_with", text)?,
                    // `-`: fingers, as `act.engrave` writes.
                    with: Some(letter("act.engrave_with", &item, "-")?).filter(|c| *c != '-'),
                },
                why,
            ))
        })?,
    )?;
    act.set(
        "enhance",
        lua.create_function(|_, why: Option<String>| Ok(made(Action::Enhance, why)))?,
    )?;
    act.set(
        "look",
        lua.create_function(|_, why: Option<String>| Ok(made(Action::Look, why)))?,
    )?;
    act.set(
        "chat",
        lua.create_function(|_, (d, why): (String, Option<String>)| {
            Ok(made(
                Action::Chat {
                    dir: dir(&d)?,
                    offer: None,
                },
                why,
            ))
        })?,
    )?;
    act.set(
        "donate",
        lua.create_function(|_, (d, amount, why): (String, u32, Option<String>)| {
            if amount == 0 {
                return Err(mlua::Error::runtime("act.donate: an amount is at least 1"));
            }
            Ok(made(
                Action::Chat {
                    dir: dir(&d)?,
                    offer: Some(amount),
                },
                why,
            ))
        })?,
    )?;
    Ok(())
}

#[cfg(test)]
#[path = "act_tests.rs"]
mod tests;
