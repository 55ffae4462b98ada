//! Monsters known to zap attack wands at us: queries on the zaps the world read from the
//! messages (`World.zaps`), for the `dodge_zapper` node (`zapper`) and the lines of fire
//! (`ranged`). A zapper in view is a monster of the kind a zap message named (or a
//! proper-named `@`: a priest, a shopkeeper).

use crate::monsters;
use crate::recall::Recall;
use crate::threat::{self, Threat, FIRE_RANGE};
use nhbot_world::{Monster, Pos, World, Zap};

/// Turns a kind seen zapping an attack wand stays a zapper on its level.
pub const ZAPPER_MEMORY: i64 = 1000;

/// The latest attack zap on this level of the monster `m`'s kind (or its name, for a
/// proper-named zapper), within [`ZAPPER_MEMORY`]. Never for the pet or a peaceful.
pub fn zap_by<'a>(w: &'a World, m: &Monster) -> Option<&'a Zap> {
    if !m.maybe_hostile() {
        return None;
    }
    let options = threat::plausible(w, m);
    w.zaps
        .iter()
        .rev()
        .filter(|z| z.attack && w.turn - z.turn <= ZAPPER_MEMORY)
        .find(|z| {
            let Some(name) = z.zapper.as_deref() else {
                return false;
            };
            // One of its kind killed since (or one we could not see): taken for the zapper, so
            // the Mines' other gnomes are not all dodged for the rest of the level.
            let killed = w
                .kills
                .iter()
                .any(|k| k.turn >= z.turn && (k.name == "it" || k.name.eq_ignore_ascii_case(name)));
            if killed {
                return false;
            }
            match monsters::find_in_text(name) {
                Some(kind) => options.iter().any(|o| o.name == kind.name),
                // "Aksaray zaps...": a priest, a shopkeeper, a guard: an `@`.
                None => {
                    m.name.as_deref().is_some_and(|n| n.contains(name))
                        || (m.ch == '@' && name.starts_with(char::is_uppercase))
                }
            }
        })
}

/// What a reason says of a zap: "it zapped a wand of fire at turn 3102".
pub fn zapped_what(z: &Zap) -> String {
    let wand = z.wand.as_deref().unwrap_or("wand");
    let hit = if z.hit_us { ", which hit us" } else { "" };
    format!("it zapped a {wand} at turn {}{hit}", z.turn)
}

/// A hostile in view known to zap (see [`zap_by`]) in line with `pos` (next to it, or on one
/// of its lines within [`FIRE_RANGE`] with nothing between), nearest first.
pub fn zappers_in_line<'a>(r: &Recall, w: &'a World, pos: Pos) -> Vec<(Threat, &'a Zap)> {
    let mut out: Vec<(Threat, &Zap)> = threat::threats(r, w)
        .into_iter()
        .filter(|t| t.hostile)
        .filter(|t| {
            let d = threat::distance(t.pos, pos);
            d == 1 || (d <= FIRE_RANGE && w.line_clear(t.pos, pos))
        })
        .filter_map(|t| {
            let m = w.monsters.iter().find(|m| m.pos == t.pos)?;
            let z = zap_by(w, m)?;
            Some((t, z))
        })
        .collect();
    out.sort_by_key(|(t, _)| threat::distance(t.pos, pos));
    out
}

/// A known zapper next to us, for the nodes that would wait or engrave: Elbereth stops no
/// wand, and next to us it zaps rather than strikes.
pub fn zapper_adjacent(r: &Recall, w: &World) -> Option<String> {
    zappers_in_line(r, w, w.player)
        .into_iter()
        .find(|(t, _)| t.distance == 1)
        .map(|(t, z)| {
            format!(
                "the zapper `{}` ({}) next to us: {}",
                t.glyph,
                t.name,
                zapped_what(z)
            )
        })
}
