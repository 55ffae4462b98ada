//! A monster shut in ahead of the boulder the plan must push: in the hole corridor, a hole
//! ahead of it (Sokoban's monsters never step on one) and the boulder behind, it never leaves
//! and nothing reaches it but what flies over the boulder. The node shoots at it from behind
//! the boulder, a push between shots telling whether it is still there (a failed push takes
//! no game time): missiles as long as the pack holds any, then a ray wand the game has named
//! (fire, cold, lightning, magic missile) while the hero's HP can take the ray that comes back
//! off the far wall. Session 21's 200-game bench gave 21 Sokoban levels up to such a monster,
//! 9 of them the bottom level; the hunts (`behind.rs`) threw at most three times per level
//! state and only when the look-ahead thought the unseen monster beatable.

use super::behind::{confinement, monster_behind};
use super::screen::{Located, Observed};
use super::{act, Memory, StateKey};
use nhbot_bt::LeafOutcome;
use nhbot_world::{Action, Dir, Item, World};

/// Shots at one shut-in monster on one level state before the node stops shooting (and in
/// the end gives the level up): missiles that miss fly on past it, so each is one shot. The
/// `sokoban` node's `siege_shots` default.
pub(crate) const SIEGE_SHOTS: u32 = 30;
/// The least HP fraction for a ray zap: the ray bounces off the wall past the holes and may
/// come back through the hero (fire, cold and lightning do 6d6).
const RAY_HP: f64 = 0.75;
/// Ray wands worth a charge on a monster that cannot reach us: never death (its ray coming
/// back kills the hero), never sleep (a sleeping monster still blocks), never striking (its
/// force bolt breaks the boulder in front, and Sokoban takes Luck for that).
const RAY_WANDS: [&str; 4] = ["fire", "cold", "lightning", "magic missile"];
/// Zaps of one wand at one shut-in monster: two or three bolts kill what lives this deep, so
/// one still there after this many resists the ray (bench seed 47: seven bolts of fire hit a
/// fire ant, and the wand, its charges unknown, was zapped empty 20 times over).
const ZAPS_PER_WAND: u32 = 3;

/// Stones the siege never throws: a gray stone may be a luckstone (Luck) or a touchstone, and a
/// loadstone cannot be thrown at all.
const KEPT_STONES: [&str; 4] = ["gray stone", "luckstone", "loadstone", "touchstone"];

/// A spare to throw over the boulder once missiles and ray wands are spent (`siege_spares`):
/// a weapon neither wielded, worn nor set as the alternate weapon (a thrown melee weapon hits
/// for its full damage), or a gem, glass or rock (d3, as a sling stone), never a gray stone, a
/// named object or shop goods. Lost either way (it lands on the shut-in monster's square or
/// past it, over the holes), but a monster that never leaves is the level lost otherwise
/// (bench b23-i24b: 9 of the 13 bottom levels given up to a monster behind the boulder had it
/// shut in ahead of the boulder, and the sieges ran out of missiles after 0 to 12 shots).
pub(super) fn spare_to_throw(w: &World) -> Option<&Item> {
    w.inventory.iter().find(|i| {
        let spare_weapon = i.class == "Weapons"
            && !i.notes.iter().any(|n| n.contains("alternate weapon"))
            && !i.quivered;
        let stone = i.class == "Gems/Stones" && !KEPT_STONES.iter().any(|k| i.name.contains(k));
        (spare_weapon || stone)
            && !i.wielded
            && !i.worn
            && i.named.is_none()
            && i.unpaid_price.is_none()
    })
}

/// Whether the siege has nothing left to shoot: no missile, no ray wand not known empty or
/// spent on this siege, and no spare (when `spares` are thrown).
pub(super) fn unarmed(w: &World, mem: &Memory, spares: bool) -> bool {
    let zapped = mem.siege.as_ref().map_or(&[][..], |s| &s.zapped[..]);
    crate::missiles::throwable(w).is_none()
        && ray_wand(w, &mem.empty_wands, zapped).is_none()
        && !(spares && spare_to_throw(w).is_some())
}

/// Shooting at the monster shut in behind the boulder on `target`, on a level state
/// (boulders and holes).
pub(super) struct Siege {
    level: StateKey,
    target: usize,
    shots: u32,
    /// A shot went since the last push: push again, to tell whether it is still there.
    pending: bool,
    /// The wands zapped at it, with how often.
    zapped: Vec<(char, u32)>,
}

/// The wands the game answered "Nothing happens" to when zapped (empty), by letter: kept for
/// the game, as the inventory does not show their charges.
#[derive(Default)]
pub(super) struct EmptyWands(Vec<char>);

impl EmptyWands {
    /// Notes the wand zapped at the last decision as empty when the game says so.
    fn learn(&mut self, w: &World) {
        if let Some(Action::Zap { item, .. }) = w.last_action {
            let empty = w
                .messages
                .iter()
                .any(|m| m.contains("Nothing happens") || m.contains("You wrest"));
            if empty && !self.0.contains(&item) {
                self.0.push(item);
            }
        }
    }
}

/// A ray wand of [`RAY_WANDS`] the game or the player named, with charges left or unknown,
/// not known empty, zapped fewer than [`ZAPS_PER_WAND`] times in this siege.
fn ray_wand<'w>(
    w: &'w World,
    empty: &EmptyWands,
    zapped: &[(char, u32)],
) -> Option<(&'w Item, &'static str)> {
    w.inventory.iter().find_map(|i| {
        let wand = i.class == "Wands" || i.name.starts_with("wand");
        let empty = i.charges.is_some_and(|c| c.charges <= 0) || empty.0.contains(&i.letter);
        let spent = zapped
            .iter()
            .any(|&(letter, n)| letter == i.letter && n >= ZAPS_PER_WAND);
        if !wand || empty || spent {
            return None;
        }
        let kind = RAY_WANDS
            .iter()
            .copied()
            .find(|k| i.name == format!("wand of {k}") || i.called.as_deref() == Some(*k))?;
        Some((i, kind))
    })
}

/// The next siege action, or `None` to leave the monster behind the boulder to the other
/// ways (hunts, waits, giving up). `dir` is the push's direction, `most` the shots allowed at
/// one monster on one level state, `found` the times a push has found a monster behind this
/// boulder on this level state.
pub(super) fn besiege(
    w: &World,
    mem: &mut Memory,
    (at, obs, key): (Located, &Observed, &StateKey),
    (dir, beyond, most): (Dir, usize, u32),
    (pushed_in_vain, found): (bool, u32),
    spares: bool,
) -> Option<LeafOutcome> {
    let name = at.template().name;
    mem.empty_wands.learn(w);
    let ours = mem
        .siege
        .as_mut()
        .filter(|s| s.level.same_level(key) && s.target == beyond);
    if !pushed_in_vain {
        // A shot since the last push: push again, which tells whether it is still there.
        let ours = ours.filter(|s| s.pending)?;
        ours.pending = false;
        return Some(act(
            Action::Move { dir },
            format!("{name}: pushing {dir:?} again after the shot over the boulder"),
        ));
    }
    let (shots, mut zapped) = ours.map_or((0, Vec::new()), |s| (s.shots, s.zapped.clone()));
    if shots >= most
        || !monster_behind(w, at, obs, beyond)
        || !confinement(&obs.puzzle, beyond).shut_in
    {
        return None;
    }
    // An unseen one may be our pet when it is out of sight on this level: shot at once found
    // there twice on this level state. Else at once: one that steps back as the boulder comes
    // is found there once per state.
    let target = at.pos(beyond);
    let seen = w.monsters.iter().find(|m| m.pos == target && m.ch != 'I');
    let pet_unseen = !w.monsters.iter().any(|m| m.tame) && w.remembered.iter().any(|m| m.tame);
    if seen.is_none() && pet_unseen && found < 2 {
        return None;
    }
    let what = seen.map_or("the unseen monster (`I`)".to_string(), |m| {
        m.name.clone().unwrap_or_else(|| format!("`{}`", m.ch))
    });
    let (action, how) = if let Some(missile) = crate::missiles::throwable(w) {
        let how = format!("throwing {} over the boulder", missile.name);
        (
            Action::Throw {
                item: missile.letter,
                dir,
            },
            how,
        )
    } else if let Some((wand, kind)) =
        ray_wand(w, &mem.empty_wands, &zapped).filter(|_| w.hp_fraction() >= RAY_HP)
    {
        match zapped.iter_mut().find(|(letter, _)| *letter == wand.letter) {
            Some((_, n)) => *n += 1,
            None => zapped.push((wand.letter, 1)),
        }
        let how = format!(
            "zapping the {kind} wand over the boulder (HP {}/{})",
            w.status.hp, w.status.hp_max
        );
        (
            Action::Zap {
                item: wand.letter,
                dir,
            },
            how,
        )
    } else {
        let spare = spare_to_throw(w).filter(|_| spares)?;
        let how = format!(
            "no missile or ray wand left: throwing the spare {} over the boulder",
            spare.name
        );
        (
            Action::Throw {
                item: spare.letter,
                dir,
            },
            how,
        )
    };
    mem.siege = Some(Siege {
        level: key.without_player(),
        target: beyond,
        shots: shots + 1,
        pending: true,
        zapped,
    });
    Some(act(
        action,
        format!(
            "{name}: {how} at {what} shut in behind it at ({}, {}) (shot {} of {most})",
            target.x,
            target.y,
            shots + 1
        ),
    ))
}
