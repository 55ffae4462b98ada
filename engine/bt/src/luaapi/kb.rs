//! The `kb` table: the knowledge base's answers, and what scripts tell it, once the engine
//! installs one. The engine stays game-free here: appearances, identities and reasons are
//! strings passed through; the knowledge base checks them.

use mlua::{Lua, Result as LuaResult, Table, Value};
use std::sync::{Arc, Mutex};

/// What a script observed about one appearance (`kb.observe{...}`): its identity, one it is not,
/// or the few it may be.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KbObservation {
    pub appearance: String,
    pub identity: Option<String>,
    pub not_identity: Option<String>,
    pub one_of: Option<Vec<String>>,
    pub reason: Option<String>,
    /// `lua:scripts/x.lua:12`: the script line that observed it.
    pub source: String,
}

/// The knowledge base as Lua leaves may query it (the engine installs one with `TreeBot::set_kb`).
pub trait KbQuery {
    /// Identities an unidentified appearance may still have.
    fn candidates(&self, appearance: &str) -> Vec<String>;
    /// The identity of an appearance, once known.
    fn identity(&self, appearance: &str) -> Option<String>;
    fn could_be(&self, appearance: &str, identity: &str) -> bool;
    /// The facts known about an appearance, each with where it came from and why.
    fn why(&self, _appearance: &str) -> Vec<String> {
        Vec::new()
    }
    /// Learns what a script observed: Ok(true) when it is news, Ok(false) for a repeat, Err
    /// with the reason when it is refused (an unknown appearance, an identity of another class).
    fn observe(&self, _observation: &KbObservation) -> Result<bool, String> {
        Err("this knowledge base takes no observations".into())
    }
}

pub type SharedKb = Arc<Mutex<Option<Box<dyn KbQuery + Send>>>>;

/// Longest text in an observation, and most `one_of` entries: the knowledge base refuses what
/// does not fit anyway; these keep a runaway script from building large facts.
const MAX_TEXT: usize = 300;
const MAX_ONE_OF: usize = 64;

/// The fields `kb.observe` reads; any other key is a mistake worth an error.
const OBSERVATION_KEYS: [&str; 5] = ["appearance", "identity", "not_identity", "one_of", "reason"];

fn bad(lua: &Lua, why: impl std::fmt::Display) -> mlua::Error {
    crate::lua::lua_error(lua, format!("kb.observe: {why}"))
}

/// `value` as a string of at most [`MAX_TEXT`] bytes (None for nil); `what` names it in errors.
fn text(lua: &Lua, value: Value, what: &str) -> LuaResult<Option<String>> {
    let value = match value {
        Value::Nil => return Ok(None),
        Value::String(s) => s.to_str()?.to_string(),
        other => {
            let ty = other.type_name();
            return Err(bad(lua, format!("{what} must be a string, not a {ty}")));
        }
    };
    if value.len() > MAX_TEXT {
        let n = value.len();
        return Err(bad(
            lua,
            format!("{what} has {n} bytes, at most {MAX_TEXT}"),
        ));
    }
    Ok(Some(value))
}

/// Reads `{appearance=, identity=, not_identity=, one_of={...}, reason=}`.
fn observation(lua: &Lua, t: &Table) -> LuaResult<KbObservation> {
    for pair in t.pairs::<Value, Value>() {
        let (key, _) = pair?;
        let known =
            matches!(&key, Value::String(s) if OBSERVATION_KEYS.contains(&&*s.to_string_lossy()));
        if !known {
            let shown = key.to_string().unwrap_or_else(|_| key.type_name().into());
            return Err(bad(
                lua,
                format!(
                    "unknown field {shown} (expected {})",
                    OBSERVATION_KEYS.join(", ")
                ),
            ));
        }
    }
    let one_of = match t.raw_get::<Value>("one_of")? {
        Value::Nil => None,
        Value::Table(list) => {
            let n = list.raw_len();
            if n > MAX_ONE_OF {
                return Err(bad(
                    lua,
                    format!("one_of has {n} entries, at most {MAX_ONE_OF}"),
                ));
            }
            let mut names = Vec::with_capacity(n);
            for i in 1..=n {
                let what = format!("one_of[{i}]");
                let name = text(lua, list.raw_get(i)?, &what)?;
                names.push(name.ok_or_else(|| bad(lua, format!("{what} is nil")))?);
            }
            Some(names)
        }
        other => {
            return Err(bad(
                lua,
                format!(
                    "one_of must be a list of strings, not a {}",
                    other.type_name()
                ),
            ))
        }
    };
    let field = |key: &str| -> LuaResult<Option<String>> { text(lua, t.raw_get(key)?, key) };
    let Some(appearance) = field("appearance")? else {
        return Err(bad(lua, "appearance is missing"));
    };
    // A fact's source is the script line (`scripts/x.lua:12`), without the function.
    let place = crate::lua::script_place(lua, 1)
        .map(|p| p.split(" in ").next().unwrap_or_default().to_string())
        .unwrap_or_else(|| "?".into());
    Ok(KbObservation {
        appearance,
        identity: field("identity")?,
        not_identity: field("not_identity")?,
        one_of,
        reason: field("reason")?,
        source: format!("lua:{place}"),
    })
}

/// Runs `f` on the installed knowledge base (None before the engine installs one).
fn with_kb<R>(
    kb: &SharedKb,
    f: impl FnOnce(Option<&(dyn KbQuery + Send)>) -> LuaResult<R>,
) -> LuaResult<R> {
    let guard = kb
        .lock()
        .map_err(|_| mlua::Error::RuntimeError("kb lock poisoned".into()))?;
    f(guard.as_deref())
}

/// The `kb` table; answers are empty (and observations not kept) until the engine installs a
/// knowledge base.
pub fn kb_table(lua: &Lua, kb: &SharedKb) -> LuaResult<Table> {
    let t = lua.create_table()?;
    let k = kb.clone();
    t.set(
        "candidates",
        lua.create_function(move |_, appearance: String| {
            with_kb(&k, |kb| {
                Ok(kb.map(|kb| kb.candidates(&appearance)).unwrap_or_default())
            })
        })?,
    )?;
    let k = kb.clone();
    t.set(
        "identity",
        lua.create_function(move |_, appearance: String| {
            with_kb(&k, |kb| Ok(kb.and_then(|kb| kb.identity(&appearance))))
        })?,
    )?;
    let k = kb.clone();
    t.set(
        "could_be",
        lua.create_function(move |_, (appearance, identity): (String, String)| {
            with_kb(&k, |kb| {
                Ok(kb.is_some_and(|kb| kb.could_be(&appearance, &identity)))
            })
        })?,
    )?;
    let k = kb.clone();
    t.set(
        "why",
        lua.create_function(move |_, appearance: String| {
            with_kb(&k, |kb| {
                Ok(kb.map(|kb| kb.why(&appearance)).unwrap_or_default())
            })
        })?,
    )?;
    let k = kb.clone();
    t.set(
        "observe",
        lua.create_function(move |lua, table: Value| {
            let Value::Table(table) = table else {
                return Err(bad(
                    lua,
                    format!("expected a table, got a {}", table.type_name()),
                ));
            };
            let seen = observation(lua, &table)?;
            with_kb(&k, |kb| match kb {
                Some(kb) => kb.observe(&seen).map_err(|why| bad(lua, why)),
                None => Ok(false),
            })
        })?,
    )?;
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keeps what it is told; refuses the appearance "rock".
    struct Recording(Arc<Mutex<Vec<KbObservation>>>);
    impl KbQuery for Recording {
        fn candidates(&self, _: &str) -> Vec<String> {
            Vec::new()
        }
        fn identity(&self, _: &str) -> Option<String> {
            None
        }
        fn could_be(&self, _: &str, _: &str) -> bool {
            false
        }
        fn observe(&self, o: &KbObservation) -> Result<bool, String> {
            if o.appearance == "rock" {
                return Err("\"rock\" is not a randomized appearance".into());
            }
            self.0.lock().unwrap().push(o.clone());
            Ok(true)
        }
    }

    /// Runs `src` as scripts/t.lua with `kb` as its `kb` table.
    fn run(kb: &SharedKb, src: &str) -> Result<Value, String> {
        let lua = Lua::new();
        lua.globals()
            .set("kb", kb_table(&lua, kb).unwrap())
            .unwrap();
        lua.load(src)
            .set_name("@scripts/t.lua")
            .eval::<Value>()
            .map_err(|e| e.to_string())
    }

    #[test]
    fn observe_passes_the_table_and_the_script_line_through() {
        let kept = Arc::new(Mutex::new(Vec::new()));
        let kb: SharedKb = Arc::new(Mutex::new(Some(Box::new(Recording(kept.clone())))));
        let got = run(
            &kb,
            "local x = 1\nreturn kb.observe{appearance = 'tin wand', not_identity = 'fire',\n\
             one_of = {'digging', 'wand of sleep'}, reason = 'gravel'}",
        );
        assert_eq!(got, Ok(Value::Boolean(true)));
        assert_eq!(
            kept.lock().unwrap().as_slice(),
            [KbObservation {
                appearance: "tin wand".into(),
                identity: None,
                not_identity: Some("fire".into()),
                one_of: Some(vec!["digging".into(), "wand of sleep".into()]),
                reason: Some("gravel".into()),
                source: "lua:scripts/t.lua:2".into(),
            }]
        );
        // What the knowledge base refuses is an error at the script's line.
        let refused = run(
            &kb,
            "return kb.observe{appearance = 'rock', identity = 'x'}",
        );
        let refused = refused.unwrap_err();
        assert!(
            refused.contains(
                "scripts/t.lua:1 in main chunk: kb.observe: \"rock\" is not a randomized"
            ),
            "{refused}"
        );
    }

    #[test]
    fn malformed_observations_are_errors_and_no_kb_keeps_nothing() {
        let kb: SharedKb = Arc::new(Mutex::new(None));
        let cases = [
            ("kb.observe('tin wand')", "expected a table, got a string"),
            ("kb.observe{identity = 'digging'}", "appearance is missing"),
            (
                "kb.observe{appearance = 'tin wand', identiy = 'digging'}",
                "unknown field identiy",
            ),
            ("kb.observe{appearance = 'a', one_of = 'b'}", "one_of must be a list"),
            ("kb.observe{appearance = 'a', one_of = {'x', {}}}", "one_of[2] must be a string, not a table"),
            ("kb.observe{appearance = string.rep('a', 301)}", "at most 300"),
            (
                "local t = {} for i = 1, 65 do t[i] = 'x' end kb.observe{appearance = 'a', one_of = t}",
                "one_of has 65 entries, at most 64",
            ),
        ];
        for (src, want) in cases {
            let err = run(&kb, src).unwrap_err();
            assert!(err.contains(want), "{src}: {err}");
        }
        let kept = run(
            &kb,
            "return kb.observe{appearance = 'tin wand', identity = 'digging'}",
        );
        assert_eq!(kept, Ok(Value::Boolean(false)));
        assert_eq!(
            run(&kb, "return #kb.why('tin wand')"),
            Ok(Value::Integer(0))
        );
    }
}
