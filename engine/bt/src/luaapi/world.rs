//! The `world` userdata: what a Lua leaf may read.

use super::raw::{self, Raw};
use super::view::{cached, cached_inventory, Field};
use super::Noting;
use mlua::{Lua, Result as LuaResult, Table, Value};
use nhbot_world::names::condition_name;
use nhbot_world::tiles::color_of;
use nhbot_world::{Buc, Dir, Feature, FloorObject, Intrinsic, PathInfo, Pos, World};

/// Registers the `World` userdata type (fields and methods Lua may read); returns their names
/// (the tests compare them with `luadef::LUA_API`).
pub fn register_world(lua: &Lua) -> LuaResult<Vec<&'static str>> {
    let mut names = Vec::new();
    lua.register_userdata_type::<super::WorldSlot>(|reg| {
        let reg = &mut Noting::new(reg, &mut names);
        // The plain fields: also read without mlua by the C `__index` (fast.rs).
        for &(name, read) in super::fast::SCALARS {
            reg.add_field_method_get(name, move |_, w| Ok(read(w)));
        }
        reg.add_field_method_get("level_name", |_, w| Ok(w.status.level_name.clone()));
        reg.add_field_method_get("feature_here", |_, w| {
            Ok(w.level()
                .map(|l| l.feature(w.player))
                .unwrap_or_default()
                .name())
        });
        reg.add_field_method_get("refused_prayers", |lua, w| {
            cached(lua, Field::RefusedPrayers, || {
                lua.create_sequence_from(w.refused_prayers.iter().copied())
            })
        });
        reg.add_field_method_get("conditions", |lua, w| {
            cached(lua, Field::Conditions, || {
                lua.create_sequence_from(w.status.conditions.iter().map(|c| condition_name(*c)))
            })
        });
        reg.add_field_method_get("monsters", |lua, w| {
            cached(lua, Field::Monsters, || {
                super::monster::monster_list(lua, w, &w.monsters, false)
            })
        });
        reg.add_field_method_get("messages", |lua, w| {
            cached(lua, Field::Messages, || {
                raw::table(lua, w.messages.len(), 0, |t| {
                    for (i, m) in w.messages.iter().enumerate() {
                        t.push_item_str(i + 1, m);
                    }
                })
            })
        });
        reg.add_field_method_get("inventory", |lua, w| {
            cached_inventory(lua, || {
                raw::table(lua, w.inventory.len(), 0, |t| {
                    for (i, item) in w.inventory.iter().enumerate() {
                        let mut letter = [0u8; 4];
                        let letter: &str = item.letter.encode_utf8(&mut letter);
                        t.push_item_table(i + 1, 10, |t| {
                            t.str(c"letter", letter);
                            t.str(c"text", &item.text);
                            t.str(c"class", &item.class);
                            t.str(c"name", &item.name);
                            t.int(c"count", i64::from(item.count.max(1)));
                            t.opt_str(c"buc", item.buc.map(buc_name));
                            t.opt_int(c"enchantment", item.enchantment.map(i64::from));
                            t.opt_int(c"charges", item.charges.map(|c| i64::from(c.charges)));
                            t.bool(c"worn", item.worn);
                            t.bool(c"wielded", item.wielded);
                        });
                    }
                })
                .map(Value::Table)
            })
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
        // hero, history, monsters
        register_hero(reg);
        register_map(reg);
        super::dungeon::register_dungeon(reg);
        super::temple::register_temple(reg);
        super::blocker::register_blocker(reg);
    })?;
    Ok(names)
}

/// The `Buc` name of a curse status.
fn buc_name(buc: Buc) -> &'static str {
    match buc {
        Buc::Blessed => "blessed",
        Buc::Uncursed => "uncursed",
        Buc::Cursed => "cursed",
    }
}

// hero, history, monsters

/// The hero's intrinsics and prayer, the message history, the last decision, the pet and the
/// remembered monsters.
fn register_hero(reg: &mut Noting<'_, World>) {
    reg.add_field_method_get("intrinsics", |lua, w| {
        cached(lua, Field::Intrinsics, || {
            lua.create_sequence_from(w.intrinsics.iter().map(|i| i.name()))
        })
    });
    reg.add_field_method_get("turns_since_prayer", |_, w| Ok(w.turns_since_prayer()));
    reg.add_field_method_get("prayer_timeout_estimate", |_, w| {
        Ok(w.prayer_timeout_estimate())
    });
    reg.add_field_method_get("last_decision", |lua, w| {
        cached(lua, Field::LastDecision, || {
            let Some(d) = &w.last_decision else {
                return Ok(None);
            };
            let action = d.action.to_string();
            raw::table(lua, 0, 6, |t| {
                t.str(c"path", &d.path);
                t.str(c"reason", &d.reason);
                t.str(c"action", &action);
                t.int(c"decision", d.index as i64);
                t.int(c"hp", i64::from(d.hp));
                t.int(c"turn", d.turn);
            })
            .map(Some)
        })
    });
    reg.add_field_method_get("pet", |lua, w| {
        cached(lua, Field::Pet, || {
            let Some(pet) = w.pet() else { return Ok(None) };
            let remembered = !w.monsters.iter().any(|m| std::ptr::eq(m, pet));
            super::monster::monster_seen(lua, w, pet, remembered).map(Some)
        })
    });
    reg.add_field_method_get("remembered_monsters", |lua, w| {
        cached(lua, Field::RememberedMonsters, || {
            super::monster::monster_list(lua, w, &w.remembered, true)
        })
    });
    reg.add_method("history", |lua, w, n: i64| {
        let said: Vec<_> = w.history.last(n.max(0) as usize).collect();
        raw::table(lua, said.len(), 0, |t| {
            for (i, said) in said.iter().enumerate() {
                t.push_item_table(i + 1, 3, |t| {
                    t.int(c"turn", said.turn);
                    t.int(c"decision", said.decision as i64);
                    t.str(c"text", &said.text);
                });
            }
        })
    });
    reg.add_field_method_get("thefts", |lua, w| {
        let here = w.dungeon.current;
        raw::table(lua, w.thefts.len(), 0, |t| {
            for (i, theft) in w.thefts.iter().enumerate() {
                t.push_item_table(i + 1, 5, |t| {
                    t.int(c"turn", theft.turn);
                    t.str(c"thief", &theft.thief);
                    t.str(c"item", &theft.item);
                    t.bool(c"gear", theft.gear);
                    t.bool(c"here", theft.level.is_some() && theft.level == here);
                });
            }
        })
    });
    reg.add_method(
        "theft_pending",
        |_, w, (patience, any_item): (i64, Option<bool>)| {
            Ok(w.theft_pending(patience, any_item.unwrap_or(false))
                .is_some())
        },
    );
    reg.add_method("said_since", |_, w, (turn, text): (i64, String)| {
        Ok(w.said_since(turn, &text))
    });
    reg.add_method("message_turn", |_, w, text: String| {
        Ok(w.message_turn(&text))
    });
    reg.add_method("has_intrinsic", |_, w, name: String| {
        Ok(Intrinsic::parse(&name).is_some_and(|i| w.has_intrinsic(i)))
    });
    reg.add_method("prayer_trouble", |_, w, ()| Ok(w.prayer_trouble()));
    reg.add_method("can_pray_safely", |_, w, ()| Ok(w.can_pray_safely()));
    reg.add_method("on_elbereth", |_, w, ()| Ok(w.elbereth_read_here()));
}

// map: terrain, objects, rooms and shops, lines of fire and sight, paths (luadef/world.rs).
fn register_map(reg: &mut Noting<'_, World>) {
    reg.add_field_method_get("objects_here", |lua, w| {
        cached(lua, Field::ObjectsHere, || {
            floor_objects(lua, &w.objects_here())
        })
    });
    reg.add_field_method_get("stairs_down", |lua, w| {
        cached(lua, Field::StairsDown, || {
            w.stairs_down().map(|p| position(lua, p)).transpose()
        })
    });
    reg.add_field_method_get("stairs_up", |lua, w| {
        cached(lua, Field::StairsUp, || {
            w.stairs_up().map(|p| position(lua, p)).transpose()
        })
    });
    reg.add_method("terrain", |_, w, (x, y): (i16, i16)| {
        Ok(w.terrain(Pos::new(x, y)).map(Feature::name))
    });
    reg.add_method("square", |lua, w, (x, y): (i16, i16)| {
        square(lua, w, Pos::new(x, y))
    });
    reg.add_method("objects", |lua, w, (x, y): (i16, i16)| {
        floor_objects(lua, &w.objects_at(Pos::new(x, y)))
    });
    reg.add_method("objects_near", |lua, w, (x, y, reach): (i16, i16, i16)| {
        let near = w.objects_near(Pos::new(x, y), reach);
        raw::table(lua, near.len(), 0, |t| {
            for (i, (p, objects)) in near.iter().enumerate() {
                t.push_item_table(i + 1, 3, |t| {
                    t.int(c"x", i64::from(p.x));
                    t.int(c"y", i64::from(p.y));
                    t.table(c"objects", objects.len(), 0, |t| {
                        fill_floor_objects(t, objects)
                    });
                });
            }
        })
    });
    reg.add_method("room_of", |_, w, (x, y): (i16, i16)| {
        Ok(w.room_of(Pos::new(x, y)))
    });
    reg.add_method("in_shop", |_, w, (x, y): (i16, i16)| {
        Ok(w.in_shop(Pos::new(x, y)))
    });
    reg.add_method("shop", |lua, w, (x, y): (i16, i16)| {
        let Some(shop) = w.shop_at(Pos::new(x, y)) else {
            return Ok(None);
        };
        let t = lua.create_table()?;
        t.set("owner", shop.owner.clone())?;
        t.set("kind", shop.kind.clone())?;
        t.set("door_x", shop.door.map(|d| d.x))?;
        t.set("door_y", shop.door.map(|d| d.y))?;
        Ok(Some(t))
    });
    reg.add_method(
        "line_clear",
        |_, w, (x1, y1, x2, y2): (i16, i16, i16, i16)| {
            Ok(w.line_clear(Pos::new(x1, y1), Pos::new(x2, y2)))
        },
    );
    reg.add_method(
        "fire_dir",
        |_, w, (x, y, range): (i16, i16, Option<i16>)| {
            Ok(w.fire_dir(Pos::new(x, y), range).map(dir_name))
        },
    );
    reg.add_method("can_see", |_, w, (x1, y1, x2, y2): (i16, i16, i16, i16)| {
        Ok(w.can_see(Pos::new(x1, y1), Pos::new(x2, y2)))
    });
    reg.add_method("path", |lua, w, (x, y): (i16, i16)| {
        w.path_info(&[Pos::new(x, y)])
            .map(|p| path(lua, &p))
            .transpose()
    });
    reg.add_method("path_length", |_, w, (x, y): (i16, i16)| {
        Ok(w.path_info(&[Pos::new(x, y)]).map(|p| p.length))
    });
    reg.add_method("distance", |_, w, (x, y): (i16, i16)| {
        Ok(w.distance(Pos::new(x, y)))
    });
    reg.add_method("find", |lua, w, name: String| {
        positions(lua, &w.find(feature(&name)?))
    });
    reg.add_method("nearest", |lua, w, name: String| {
        w.path_info(&w.find(feature(&name)?))
            .map(|p| path(lua, &p))
            .transpose()
    });
    reg.add_method("frontier", |lua, w, ()| positions(lua, &w.frontier()));
    reg.add_method("dead_end", |_, w, (x, y): (i16, i16)| {
        Ok(w.dead_end(Pos::new(x, y)))
    });
}

fn feature(name: &str) -> LuaResult<Feature> {
    Feature::from_name(name).ok_or_else(|| {
        mlua::Error::runtime(format!(
            "unknown feature `{name}` (e.g. \"stairs_down\", \"closed_door\", \"fountain\")"
        ))
    })
}

fn dir_name(d: Dir) -> String {
    format!("{d:?}").to_lowercase()
}

fn position(lua: &Lua, p: Pos) -> LuaResult<Table> {
    let t = lua.create_table()?;
    t.set("x", p.x)?;
    t.set("y", p.y)?;
    Ok(t)
}

fn positions(lua: &Lua, ps: &[Pos]) -> LuaResult<Table> {
    let list = lua.create_table()?;
    for (i, &p) in ps.iter().enumerate() {
        list.raw_set(i + 1, position(lua, p)?)?;
    }
    Ok(list)
}

fn path(lua: &Lua, p: &PathInfo) -> LuaResult<Table> {
    let t = position(lua, p.to)?;
    t.set("length", p.length)?;
    t.set("cost", p.cost)?;
    t.set("first_dir", dir_name(p.first))?;
    t.set("travel", p.travel)?;
    Ok(t)
}

fn floor_objects(lua: &Lua, objects: &[FloorObject]) -> LuaResult<Table> {
    raw::table(lua, objects.len(), 0, |t| fill_floor_objects(t, objects))
}

/// Fills a `FloorObject[]` list.
fn fill_floor_objects(t: &mut Raw, objects: &[FloorObject]) {
    for (i, o) in objects.iter().enumerate() {
        let mut glyph = [0u8; 4];
        let glyph = o.glyph.map(|g| &*g.encode_utf8(&mut glyph));
        t.push_item_table(i + 1, 4, |t| {
            t.opt_str(c"text", o.text.as_deref());
            t.opt_str(c"glyph", glyph);
            t.opt_int(c"color", o.color.map(i64::from));
            t.int(c"turn", o.turn);
        });
    }
}

/// What the level memory holds about one square; nil outside the map.
fn square(lua: &Lua, w: &World, p: Pos) -> LuaResult<Option<Table>> {
    if !p.in_map() {
        return Ok(None);
    }
    let level = w.level();
    let sq = level.and_then(|l| l.at(p)).copied().unwrap_or_default();
    let cell = w.view.get(p).copied().unwrap_or_default();
    let t = lua.create_table()?;
    t.set("feature", sq.feature.name())?;
    t.set("glyph", cell.ch.to_string())?;
    t.set("color", color_of(&cell))?;
    t.set("room", w.room_of(p))?;
    t.set("shop", w.in_shop(p))?;
    t.set("trap", level.and_then(|l| l.trap_kind(p)))?;
    let candidates = level.map(|l| l.trap_candidates(p)).unwrap_or_default();
    t.set("trap_candidates", lua.create_sequence_from(candidates)?)?;
    t.set("objects", floor_objects(lua, &w.objects_at(p))?)?;
    t.set("searched", sq.searched)?;
    t.set("locked", sq.locked)?;
    t.set("walked", sq.walked)?;
    t.set("last_seen", (sq.seen > 0).then_some(sq.last_seen))?;
    Ok(Some(t))
}
