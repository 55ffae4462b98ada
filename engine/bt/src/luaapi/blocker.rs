//! `world:blocker()`: the monster on the only way on (defined in `luadef/blocker.rs`).

use super::Noting;
use nhbot_world::World;

pub(super) fn register_blocker(reg: &mut Noting<'_, World>) {
    reg.add_method("blocker", |lua, w, ()| {
        let Some(b) = w.way_on_blocker() else {
            return Ok(None);
        };
        let t = lua.create_table()?;
        t.set(
            "monster",
            super::monster::monster_seen(lua, w, &b.monster, false)?,
        )?;
        t.set("goal_x", b.goal.x)?;
        t.set("goal_y", b.goal.y)?;
        t.set("goal_kind", b.goal_kind)?;
        t.set("steps", b.steps)?;
        Ok(Some(t))
    });
}
