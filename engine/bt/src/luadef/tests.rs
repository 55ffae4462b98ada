use super::*;
use crate::lua::LuaEngine;
use crate::luaapi::{self, KbQuery, SharedKb};
use mlua::{Function as LuaFn, Lua, MultiValue, ObjectLike, Table, Value};
use nhbot_world::{
    Action, Alignment, Branch, Condition, Decision, Dir, Encumbrance, Event, Feature, Hunger,
    Intrinsic, Item, Level, Monster, Pos, Said, World,
};
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

const PRIMITIVES: &[&str] = &[
    "nil", "boolean", "integer", "number", "string", "table", "function", "any",
];

fn class(name: &str) -> Option<&'static Class> {
    LUA_API.classes.iter().find(|c| c.name == name)
}

fn enumeration(name: &str) -> Option<&'static Enum> {
    LUA_API.enums.iter().find(|e| e.name == name)
}

fn module(name: &str) -> &'static Module {
    LUA_API.tables.iter().find(|m| m.name == name).expect(name)
}

/// The alternatives of a union; `T?` is `T|nil`.
fn alternatives(ty: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for alt in ty.split('|') {
        match alt.strip_suffix('?') {
            Some(inner) => out.extend([inner, "nil"]),
            None => out.push(alt),
        }
    }
    out
}

fn show(v: &Value) -> String {
    match v {
        Value::String(s) => format!("{:?}", s.to_string_lossy()),
        other => format!("{other:?}"),
    }
}

/// Why `v` is not a `ty`. Classes are checked field by field; when `full`, every field must
/// be set (the sample sets every optional value, so that each field's type is seen).
fn check(v: &Value, ty: &str, full: bool) -> Result<(), String> {
    let mut why = Vec::new();
    for alt in alternatives(ty) {
        match check_one(v, alt, full) {
            Ok(()) => return Ok(()),
            Err(e) => why.push(e),
        }
    }
    Err(why.join("; "))
}

fn check_one(v: &Value, ty: &str, full: bool) -> Result<(), String> {
    let fail = || Err(format!("{} is not {ty}", show(v)));
    if let Some(elem) = ty.strip_suffix("[]") {
        let Value::Table(t) = v else { return fail() };
        let n = t.raw_len();
        for pair in t.pairs::<Value, Value>() {
            let (k, item) = pair.map_err(|e| e.to_string())?;
            match k {
                Value::Integer(i) if i >= 1 && i as usize <= n => {}
                other => return Err(format!("{ty} has key {}", show(&other))),
            }
            check(&item, elem, full).map_err(|e| format!("{ty} element: {e}"))?;
        }
        return Ok(());
    }
    if let Some(lit) = ty.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        return match v {
            Value::String(s) if s.to_string_lossy() == lit => Ok(()),
            _ => fail(),
        };
    }
    let ok = match ty {
        "nil" => v.is_nil(),
        "boolean" => v.is_boolean(),
        "integer" => v.is_integer(),
        "number" => v.is_integer() || v.is_number(),
        "string" => v.is_string(),
        "table" => v.is_table(),
        "function" => v.is_function(),
        "any" => true,
        _ => {
            if let Some(e) = enumeration(ty) {
                return match v {
                    Value::String(s) if e.values.contains(&&*s.to_string_lossy()) => Ok(()),
                    _ => fail(),
                };
            }
            let Some(c) = class(ty) else {
                return Err(format!("unknown type {ty}"));
            };
            return check_class(v, c, full);
        }
    };
    if ok {
        Ok(())
    } else {
        fail()
    }
}

/// Why `v` is not a `c`, every field that is wrong on its own line.
fn check_class(v: &Value, c: &Class, full: bool) -> Result<(), String> {
    let get = |name: &str| -> Result<Value, String> {
        match v {
            Value::Table(t) => t.get(name),
            Value::UserData(u) => u.get(name),
            _ => return Err(format!("{} is not a {}", show(v), c.name)),
        }
        .map_err(|e| format!("{}.{name}: {e}", c.name))
    };
    let mut wrong = Vec::new();
    if let Value::Table(t) = v {
        for pair in t.pairs::<Value, Value>() {
            let (k, _) = pair.map_err(|e| e.to_string())?;
            let known = matches!(&k, Value::String(s)
                if c.fields.iter().any(|f| f.name == s.to_string_lossy()));
            if !known {
                wrong.push(format!(
                    "{} has {}, not in the definition",
                    c.name,
                    show(&k)
                ));
            }
        }
    }
    for f in c.fields {
        let value = get(f.name)?;
        if full && value.is_nil() {
            wrong.push(format!(
                "{}.{} is nil in the sample (set it so its type is checked)",
                c.name, f.name
            ));
        } else if let Err(e) = check(&value, f.ty, full) {
            wrong.push(format!("{}.{}: {e}", c.name, f.name));
        }
    }
    for m in c.methods {
        if !get(m.name)?.is_function() {
            wrong.push(format!("{}:{} is not a method", c.name, m.name));
        }
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(wrong.join("\n"))
    }
}

/// A value of `ty` to call a function with.
fn sample(lua: &Lua, ty: &str) -> Value {
    let alt = alternatives(ty)
        .into_iter()
        .find(|a| *a != "nil")
        .unwrap_or("nil");
    let text = |s: &str| Value::String(lua.create_string(s).expect("string"));
    if let Some(elem) = alt.strip_suffix("[]") {
        let list = lua.create_sequence_from([sample(lua, elem)]).expect("list");
        return Value::Table(list);
    }
    if let Some(c) = class(alt) {
        // A table with every field set.
        let t = lua.create_table().expect("table");
        for f in c.fields {
            t.set(f.name, sample(lua, f.ty)).expect("field");
        }
        return Value::Table(t);
    }
    match alt {
        "integer" => Value::Integer(1),
        "number" => Value::Number(1.5),
        "boolean" => Value::Boolean(true),
        "string" | "any" => text("a"),
        "nil" => Value::Nil,
        other => match enumeration(other) {
            Some(e) => text(e.values[0]),
            None => panic!("no sample value for {other}"),
        },
    }
}

/// Calls `f` as defined: with every argument, with the required ones only, and with each
/// value of every enumerated parameter; checks the results' types and the reason.
fn check_calls(
    lua: &Lua,
    name: &str,
    f: &LuaFn,
    def: &Function,
    this: Option<&Value>,
) -> Vec<String> {
    let call = |args: Vec<Value>, what: &str| -> Result<MultiValue, String> {
        let all: MultiValue = this.cloned().into_iter().chain(args).collect();
        f.call::<MultiValue>(all).map_err(|e| {
            format!(
                "{name} {what}: {}",
                e.to_string().lines().next().unwrap_or("")
            )
        })
    };
    let reason = Value::String(lua.create_string("why").expect("string"));
    let full: Vec<Value> = def
        .params
        .iter()
        .map(|p| {
            if p.name == "reason" {
                reason.clone()
            } else {
                sample(lua, p.ty)
            }
        })
        .collect();
    let required: Vec<Value> = def
        .params
        .iter()
        .zip(&full)
        .map(|(p, v)| if p.optional { Value::Nil } else { v.clone() })
        .collect();
    let mut problems = Vec::new();
    let mut results = vec![(
        "with every argument",
        call(full.clone(), "with every argument"),
    )];
    results.push((
        "without the optional ones",
        call(required, "without the optional ones"),
    ));
    for (i, p) in def.params.iter().enumerate() {
        for value in enumeration(p.ty).map(|e| e.values).unwrap_or_default() {
            let mut args = full.clone();
            args[i] = Value::String(lua.create_string(value).expect("string"));
            if let Err(e) = call(args, &format!("with {} = {value:?}", p.name)) {
                problems.push(e);
            }
        }
    }
    for (what, result) in results {
        let values = match result {
            Ok(v) => v,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        let values: Vec<Value> = values.into_iter().collect();
        if values.len() > def.returns.len().max(1) {
            problems.push(format!("{name} {what} returned {} values", values.len()));
        }
        for (r, v) in def
            .returns
            .iter()
            .zip(values.iter().chain(std::iter::repeat(&Value::Nil)))
        {
            if let Err(e) = check(v, r.ty, true) {
                problems.push(format!("{name} {what}: {e}"));
            }
        }
        if what == "with every argument" && def.params.last().is_some_and(|p| p.name == "reason") {
            let given = match values.first() {
                Some(Value::UserData(u)) => u.get::<String>("reason").unwrap_or_default(),
                _ => String::new(),
            };
            if given != "why" {
                problems.push(format!("{name}: the last argument is not the reason"));
            }
        }
    }
    problems
}

fn same_names(what: &str, lua_side: &[String], defined: &[&str], problems: &mut Vec<String>) {
    let seen: BTreeSet<&str> = lua_side.iter().map(String::as_str).collect();
    let defined_set: BTreeSet<&str> = defined.iter().copied().collect();
    if seen.len() != lua_side.len() {
        problems.push(format!("{what}: a name is registered twice: {lua_side:?}"));
    }
    if defined_set.len() != defined.len() {
        problems.push(format!("{what}: a name is defined twice: {defined:?}"));
    }
    for n in seen.difference(&defined_set) {
        problems.push(format!("{what}.{n} exists in Lua but not in LUA_API"));
    }
    for n in defined_set.difference(&seen) {
        problems.push(format!("{what}.{n} is in LUA_API but not in Lua"));
    }
}

/// Plans' progress in which every answer is set: phase "a" (the sample text) reached, completed
/// and followed.
fn sample_plan() -> crate::PlanProgress {
    crate::PlanProgress {
        records: vec![crate::PhaseRecord {
            name: "a".into(),
            reached: Some(5),
            completed: Some(9),
        }],
        active: vec![crate::PhaseNow {
            name: "a".into(),
            goal: "try the sample".into(),
            plan: "root".into(),
            since: 5,
        }],
    }
}

/// A world in which every optional value is set.
fn sample_world() -> World {
    let mut w = crate::testing::sample_world();
    w.last_prayer_turn = Some(300);
    w.status.strength_value = 68;
    w.status.conditions = vec![Condition::Blind];
    w.monsters = vec![Monster {
        pos: Pos::new(41, 10),
        ch: 'd',
        color: 3,
        first_seen: 1,
        last_seen: 2,
        name: Some("jackal".into()),
        peaceful: Some(false),
        tame: false,
        mimic: false,
        hallucinated: false,
        struck_us: None,
        still_since: 0,
    }];
    // hero, history, monsters
    w.intrinsics = [Intrinsic::ColdResistance, Intrinsic::Stealth].into();
    w.thefts.push(nhbot_world::thefts::Theft {
        level: Some(0),
        turn: 3,
        thief: "water nymph".into(),
        item: "a +1 long sword".into(),
        gear: true,
    });
    w.turn = 500;
    w.observe(Event::Decision(&Decision {
        action: Action::Search { count: 3 },
        path: "root/patient".into(),
        reason: "waiting".into(),
    }));
    w.history.push(Said {
        turn: 499,
        decision: 0,
        text: "You feel quick!".into(),
    });
    w.remembered = vec![Monster {
        pos: Pos::new(45, 12),
        ch: 'f',
        color: 15,
        first_seen: 1,
        last_seen: 400,
        name: Some("kitten".into()),
        peaceful: Some(true),
        tame: true,
        mimic: false,
        hallucinated: false,
        struck_us: None,
        still_since: 0,
    }];
    w.inventory = vec![Item {
        letter: 'f',
        text: "a blessed +2 small shield (being worn)".into(),
        class: "Armor".into(),
        name: "small shield".into(),
        count: 1,
        buc: Some(nhbot_world::Buc::Blessed),
        enchantment: Some(2),
        charges: Some(nhbot_world::Charges {
            recharged: 0,
            charges: 4,
        }),
        worn: true,
        wielded: true,
        ..Item::default()
    }];
    map_sample(&mut w);
    w
}

/// map: a walled room around the player (40, 10) whose square (1, 1), where the method calls
/// look, holds everything a square can: a known trap, one object listed, a shop with its door
/// at (0, 1); one object under the player; stairs both ways.
fn map_sample(w: &mut World) {
    use nhbot_world::{Cell, Pile, Shop};
    let mut level = Level::new(Branch::Doom, 1);
    for y in 0..=16 {
        for x in 0..=51 {
            let border = x == 0 || y == 0 || x == 51 || y == 16;
            if let Some(sq) = level.at_mut(Pos::new(x, y)) {
                sq.feature = if border {
                    Feature::Wall
                } else {
                    Feature::Floor
                };
                sq.seen = 1;
                sq.last_seen = 5;
            }
        }
    }
    let set = |level: &mut Level, x, y, f| {
        if let Some(sq) = level.at_mut(Pos::new(x, y)) {
            sq.feature = f;
        }
    };
    set(&mut level, 0, 1, Feature::OpenDoor);
    set(&mut level, 1, 1, Feature::Trap);
    set(&mut level, 45, 12, Feature::StairsDown);
    set(&mut level, 35, 8, Feature::StairsUp);
    set(&mut level, 3, 3, Feature::Altar);
    if let Some(sq) = level.at_mut(Pos::new(1, 1)) {
        sq.trap_kind = Some(4); // bear trap
        sq.searched = 3;
    }
    let dagger = Cell {
        ch: ')',
        fg: 6,
        bold: false,
        inverse: false,
    };
    for at in [Pos::new(1, 1), w.player] {
        level.piles.push(Pile {
            pos: at,
            items: vec!["a dagger".into()],
            turn: 4,
            top: Some(dagger),
        });
    }
    level.refresh_rooms();
    level.shops.push(Shop {
        owner: Some("Asidonhopo".into()),
        kind: Some("general store".into()),
        door: Some(Pos::new(0, 1)),
        inside: Some(Pos::new(1, 1)),
    });
    // temples: Odin's altar at (3, 3), the temple entered (sacred), its priestess beside it.
    level.altars.push(nhbot_world::Altar {
        pos: Pos::new(3, 3),
        alignment: Some(nhbot_world::AltarAlignment::Neutral),
        god: Some("Odin".into()),
    });
    level.temples.push(nhbot_world::temple::TempleVisit {
        inside: Pos::new(3, 3),
        sacred: Some(true),
        peace: Some(true),
        strange: false,
        turn: 4,
    });
    w.monsters.push(Monster {
        pos: Pos::new(4, 3),
        ch: '@',
        color: 15,
        first_seen: 1,
        last_seen: 2,
        name: Some("priestess of Odin".into()),
        peaceful: Some(true),
        tame: false,
        mimic: false,
        hallucinated: false,
        struck_us: None,
        still_since: 0,
    });
    // dungeon: the level is the Oracle's, with a shop and the Mines' stairs.
    level.facts.mark(nhbot_world::Special::Oracle);
    level.facts.shops = 1;
    level.facts.shop_kind = Some("general store".into());
    level.facts.branch_stairs = Some(nhbot_world::BranchStairs {
        to: Branch::Mines,
        up: false,
        portal: false,
        to_depth: None,
    });
    w.dungeon.levels = vec![level];
    w.dungeon.current = Some(0);
}

struct Kb;
impl KbQuery for Kb {
    fn candidates(&self, _: &str) -> Vec<String> {
        vec!["booze".into()]
    }
    fn identity(&self, _: &str) -> Option<String> {
        Some("booze".into())
    }
    fn could_be(&self, _: &str, _: &str) -> bool {
        true
    }
    fn why(&self, _: &str) -> Vec<String> {
        vec!["brown potion is booze".into()]
    }
    fn observe(&self, _: &luaapi::KbObservation) -> Result<bool, String> {
        Ok(true)
    }
}

#[test]
fn the_definition_is_what_lua_sees() {
    let lua = Lua::new();
    let mut problems = Vec::new();
    let world_def = class("World").expect("World");
    let registered = luaapi::register_world(&lua).expect("register");
    let registered: Vec<String> = registered.iter().map(|s| s.to_string()).collect();
    let defined: Vec<&str> = world_def
        .fields
        .iter()
        .map(|f| f.name)
        .chain(world_def.methods.iter().map(|m| m.name))
        .collect();
    same_names("World", &registered, &defined, &mut problems);

    let sparse = World {
        monsters: vec![Monster::default()],
        inventory: vec![Item::default()],
        ..World::default()
    };
    luaapi::with_world(&lua, &sparse, |ud| {
        let ud = Value::UserData(ud.clone());
        problems.extend(
            check(&ud, "World", false)
                .err()
                .map(|e| format!("unset: {e}")),
        );
        Ok(())
    })
    .expect("lent");
    let world = sample_world();
    luaapi::with_world(&lua, &world, |ud| {
        let ud = Value::UserData(ud.clone());
        problems.extend(check(&ud, "World", true).err());
        for m in world_def.methods {
            let Value::UserData(u) = &ud else {
                unreachable!()
            };
            let f: LuaFn = u.get(m.name)?;
            problems.extend(check_calls(
                &lua,
                &format!("World:{}", m.name),
                &f,
                m,
                Some(&ud),
            ));
        }
        Ok(())
    })
    .expect("scope");

    let kb: SharedKb = Arc::new(Mutex::new(Some(Box::new(Kb))));
    let empty_kb: SharedKb = Arc::new(Mutex::new(None));
    let tables = [
        ("act", luaapi::act_table(&lua).expect("act")),
        ("kb", luaapi::kb_table(&lua, &kb).expect("kb")),
        ("kb", luaapi::kb_table(&lua, &empty_kb).expect("kb")),
        (
            "blackboard",
            crate::lua::sample_blackboard_table(&lua).expect("blackboard"),
        ),
        (
            "plan",
            crate::lua::sample_plan_table(&lua, &sample_plan()).expect("plan"),
        ),
        (
            "plan",
            crate::lua::sample_plan_table(&lua, &Default::default()).expect("plan"),
        ),
    ];
    for (name, table) in &tables {
        let def = module(name);
        let keys: Vec<String> = table
            .pairs::<String, Value>()
            .map(|p| p.expect("pair").0)
            .collect();
        let defined: Vec<&str> = def.functions.iter().map(|f| f.name).collect();
        same_names(name, &keys, &defined, &mut problems);
        for f in def.functions {
            let Ok(func) = table.get::<LuaFn>(f.name) else {
                continue;
            };
            problems.extend(check_calls(
                &lua,
                &format!("{name}.{}", f.name),
                &func,
                f,
                None,
            ));
        }
    }

    let dir = crate::testing::scratch_dir("luadef").expect("scratch dir");
    let engine = LuaEngine::new(&dir, &empty_kb).expect("engine");
    let base: &Table = engine.base();
    let keys: Vec<String> = base
        .pairs::<String, Value>()
        .map(|p| p.expect("pair").0)
        .collect();
    let mut defined: Vec<&str> = SAFE_GLOBALS.to_vec();
    defined.extend(LUA_API.tables.iter().map(|t| t.name));
    defined.extend(LUA_API.functions.iter().map(|f| f.name));
    same_names("the globals", &keys, &defined, &mut problems);
    for t in LUA_API.tables {
        problems.extend(check(&base.get(t.name).unwrap_or(Value::Nil), "table", true).err());
    }
    for f in LUA_API.functions {
        problems.extend(check(&base.get(f.name).unwrap_or(Value::Nil), "function", true).err());
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        problems.is_empty(),
        "LUA_API and the Lua API differ:\n{}",
        problems.join("\n")
    );
}

/// Every variant of a unit enum (from the list serde gives when a name is unknown).
fn variants<T: serde::de::DeserializeOwned>() -> Vec<T> {
    let err = serde_json::from_str::<T>("\"?\"")
        .err()
        .expect("a unit enum")
        .to_string();
    let listed = err
        .split_once("expected")
        .map(|(_, l)| l)
        .unwrap_or_default();
    let out: Vec<T> = listed
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|name| serde_json::from_str(&format!("\"{name}\"")).expect(name))
        .collect();
    assert!(!out.is_empty(), "no variants in {err}");
    out
}

/// What Lua reads in `world.<field>` for each world.
fn read(field: &str, worlds: impl IntoIterator<Item = World>) -> BTreeSet<String> {
    let lua = Lua::new();
    luaapi::register_world(&lua).expect("register");
    let mut out = BTreeSet::new();
    for w in worlds {
        luaapi::with_world(&lua, &w, |ud| {
            match ud.get::<Value>(field)? {
                Value::Table(t) => {
                    out.extend(t.sequence_values::<String>().map(|s| s.expect("string")))
                }
                v => {
                    out.insert(v.to_string()?);
                }
            }
            Ok(())
        })
        .expect("scope");
    }
    out
}

fn values(name: &str) -> BTreeSet<String> {
    let e = enumeration(name).expect(name);
    assert_eq!(
        e.values.len(),
        e.values.iter().collect::<BTreeSet<_>>().len(),
        "{name} repeats a value"
    );
    e.values.iter().map(|v| v.to_string()).collect()
}

#[test]
fn enumerations_hold_every_value_lua_can_see() {
    let base = sample_world();
    let with = |f: &dyn Fn(&mut World)| {
        let mut w = base.clone();
        f(&mut w);
        w
    };
    let hunger = variants::<Hunger>()
        .into_iter()
        .map(|v| with(&|w| w.status.hunger = v));
    assert_eq!(read("hunger", hunger), values("Hunger"));
    let enc = variants::<Encumbrance>()
        .into_iter()
        .map(|v| with(&|w| w.status.encumbrance = v));
    assert_eq!(read("encumbrance", enc), values("Encumbrance"));
    let al = variants::<Alignment>()
        .into_iter()
        .map(|v| with(&|w| w.status.alignment = v));
    assert_eq!(read("alignment", al), values("Alignment"));
    let all = with(&|w| w.status.conditions = variants::<Condition>());
    assert_eq!(read("conditions", [all]), values("Condition"));
    let all = with(&|w| w.intrinsics = variants::<Intrinsic>().into_iter().collect());
    assert_eq!(read("intrinsics", [all]), values("Intrinsic"));
    let features = variants::<Feature>().into_iter().map(|f| {
        with(&|w| {
            let mut level = Level::new(Branch::default(), 1);
            level.at_mut(w.player).expect("player on the map").feature = f;
            w.dungeon.levels = vec![level];
            w.dungeon.current = Some(0);
        })
    });
    assert_eq!(read("feature_here", features), values("Feature"));
    let branches = variants::<Branch>().into_iter().map(|b| {
        with(&|w| {
            w.dungeon.levels[0].branch = b;
        })
    });
    assert_eq!(read("branch", branches), values("Branch"));
    let all = with(&|w| {
        for s in nhbot_world::Special::ALL {
            w.dungeon.levels[0].facts.mark(s);
        }
    });
    assert_eq!(read("specials", [all]), values("SpecialLevel"));
    let altars: BTreeSet<String> = variants::<nhbot_world::AltarAlignment>()
        .into_iter()
        .map(|a| a.name().to_string())
        .collect();
    assert_eq!(altars, values("AltarAlignment"));

    // Each direction value is a different direction, and together they are all of them.
    let dirs: BTreeSet<String> = values("Direction")
        .iter()
        .map(|v| format!("{:?}", Dir::parse(v).expect(v)))
        .collect();
    let all: BTreeSet<String> = variants::<Dir>().iter().map(|d| format!("{d:?}")).collect();
    assert_eq!((dirs.len(), &dirs), (values("Direction").len(), &all));
}

/// Names every type used; they must all be defined.
fn named(ty: &str) -> Vec<&str> {
    alternatives(ty)
        .into_iter()
        .map(|a| a.trim_end_matches("[]"))
        .filter(|a| !a.starts_with('"') && !PRIMITIVES.contains(a))
        .collect()
}

#[test]
fn every_type_used_is_defined_once() {
    let mut names = BTreeSet::new();
    for n in LUA_API
        .enums
        .iter()
        .map(|e| e.name)
        .chain(LUA_API.aliases.iter().map(|a| a.name))
        .chain(LUA_API.classes.iter().map(|c| c.name))
    {
        assert!(names.insert(n), "{n} defined twice");
    }
    let functions = LUA_API
        .classes
        .iter()
        .flat_map(|c| c.methods)
        .chain(LUA_API.tables.iter().flat_map(|t| t.functions))
        .chain(LUA_API.functions);
    let mut types: Vec<&str> = LUA_API
        .classes
        .iter()
        .flat_map(|c| c.fields.iter().map(|f| f.ty))
        .collect();
    for f in functions {
        types.extend(f.params.iter().map(|p| p.ty));
        types.extend(f.returns.iter().map(|r| r.ty));
    }
    for ty in types {
        for n in named(ty) {
            assert!(names.contains(n), "type {n} (in {ty}) is not defined");
        }
    }
}

#[test]
fn the_generated_file_is_lua() {
    let text = lua_definitions();
    assert!(text.starts_with("---@meta\n"));
    Lua::new()
        .load(&text)
        .exec()
        .expect("the generated definitions run as Lua");
    for line in text.lines() {
        assert!(line.len() <= WIDTH, "longer than {WIDTH} columns: {line}");
    }
}

/// `world:blocker()` on a corridor whose only way to the down stairs goes through a floating
/// eye: a `Blocker` with every field set, and nil once the eye is gone.
#[test]
fn the_blocker_is_a_full_blocker_table() {
    use nhbot_world::testing::{unknown_as_rock, world_from_rows};
    let rows = [
        " -----      -----",
        " |....######.>..|",
        " -----      -----",
    ];
    let mut w = world_from_rows(&rows, &[], Pos::new(3, 1));
    unknown_as_rock(&mut w);
    let eye = Monster {
        pos: Pos::new(8, 1),
        ch: 'e',
        color: 4,
        name: Some("floating eye".into()),
        peaceful: Some(false),
        ..Monster::default()
    };
    w.monsters.push(eye);
    let lua = Lua::new();
    luaapi::register_world(&lua).expect("register");
    let blocker = luaapi::with_world(&lua, &w, |ud| {
        let f: LuaFn = ud.get("blocker")?;
        f.call::<Value>(ud)
    })
    .expect("call");
    check(&blocker, "Blocker", true).expect("a full Blocker");
    w.monsters.clear();
    let none = luaapi::with_world(&lua, &w, |ud| {
        let f: LuaFn = ud.get("blocker")?;
        f.call::<Value>(ud)
    })
    .expect("call");
    assert!(none.is_nil(), "{}", show(&none));
}
