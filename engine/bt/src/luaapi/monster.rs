//! A monster seen, as Lua's `MonsterSeen` table: shared by the world and temple bindings.
//! Built with raw API calls (see `raw`).

use super::raw::{self, Raw};
use mlua::{Lua, Result as LuaResult, Table};
use nhbot_world::{Monster, World};

/// Fields of a `MonsterSeen` table.
const MONSTER_FIELDS: usize = 14;

/// A `MonsterSeen` table.
pub(super) fn monster_seen(
    lua: &Lua,
    w: &World,
    m: &Monster,
    remembered: bool,
) -> LuaResult<Table> {
    raw::table(lua, 0, MONSTER_FIELDS, |t| fill(t, w, m, remembered))
}

/// A list of `MonsterSeen` tables.
pub(super) fn monster_list(
    lua: &Lua,
    w: &World,
    monsters: &[Monster],
    remembered: bool,
) -> LuaResult<Table> {
    raw::table(lua, monsters.len(), 0, |t| {
        for (i, m) in monsters.iter().enumerate() {
            t.push_item_table(i + 1, MONSTER_FIELDS, |t| fill(t, w, m, remembered));
        }
    })
}

/// Fills a `MonsterSeen` table.
fn fill(t: &mut Raw, w: &World, m: &Monster, remembered: bool) {
    let mut glyph = [0u8; 4];
    t.int(c"x", i64::from(m.pos.x));
    t.int(c"y", i64::from(m.pos.y));
    t.str(c"glyph", m.ch.encode_utf8(&mut glyph));
    t.int(c"color", i64::from(m.color));
    t.opt_str(c"name", m.name.as_deref());
    t.opt_bool(c"peaceful", m.peaceful);
    t.bool(c"tame", m.tame);
    t.bool(c"hostile", m.maybe_hostile());
    t.int(c"first_seen", m.first_seen);
    t.int(c"last_seen", m.last_seen);
    t.bool(c"statue", w.statue_suspected(m));
    t.bool(c"mimic", m.mimic);
    t.bool(c"remembered", remembered);
    t.bool(c"hallucinated", m.hallucinated);
}
