//! The monster behind the boulder the plan pushes: hunts (go round and attack it, or throw
//! over the boulder), lurks (wait beside the boulder for one that slipped away) and retreats
//! (wait out of its sight for it to wander off the boulder's way).

use super::screen::{Located, Observed};
use super::{act, hunt, melee_hazard, wait, Memory, StateKey};
use crate::recall::Recall;
use nhbot_bt::LeafOutcome;
use nhbot_sokoban::{Cell, Puzzle};
use nhbot_world::{Action, Dir, World};
use std::collections::VecDeque;

/// Decisions spent going after a monster behind a boulder before waiting instead.
const HUNT_LIMIT: u32 = 40;
/// Turns the fight look-ahead weighs before a hunt goes after a monster (as trees/survive.yaml).
const HUNT_LOOKAHEAD: u32 = 4;
/// Hunts from one level state before only waiting (and in the end giving up) is left.
const HUNTS_PER_STATE: u32 = 3;
/// Decisions spent waiting beside the boulder for a monster that slipped away from behind it
/// (our attack hit thin air) to come back, rather than pushing on after it.
const LURK_DECISIONS: u32 = 12;
/// Walking steps a retreat from a monster shut in behind the boulder goes (at most), and the
/// turns waited there out of its sight before coming back.
pub(super) const RETREAT_STEPS: u32 = 7;
const RETREAT_WAIT: u16 = 10;
/// Retreats from one level state before only waiting (and in the end giving up) is left.
const RETREATS_PER_STATE: u32 = 4;

/// Going after a monster behind a boulder, on a level state (boulders and holes).
pub(super) struct Hunt {
    level: StateKey,
    target: usize,
    decisions: u32,
    attacks: u32,
    /// Daggers are thrown only at a monster found behind the boulder a second time on this
    /// state (the unseen one may be our pet, or about to leave), or at one in sight, not
    /// peaceful and shut in (see [`Confinement`]).
    may_throw: bool,
}

/// Walking away from a monster shut in behind the boulder we must push, to wait out of its
/// sight: one that knows where we are keeps to the square nearest us, which is where the
/// boulder must go; one that lost us wanders its pocket (seed 14's bottom level was given
/// up to a monster that never left that square while the bot waited beside the boulder).
/// Also from one we will not fight standing where we must step: we may be all that keeps it
/// there (survey seed 13: a peaceful garter snake on the up stairs, whose one way off was the
/// square we waited on).
pub(super) struct Retreat {
    level: StateKey,
    spot: usize,
    /// "behind the boulder" or "in the way", for the reasons shown.
    from: &'static str,
}

impl Memory {
    /// Hunts started on this level state (boulders and holes).
    fn hunts_on(&self, key: &StateKey) -> u32 {
        match &self.hunted {
            Some((l, n)) if l.same_level(key) => *n,
            _ => 0,
        }
    }

    /// The times a push found a monster behind the boulder on this level state; with
    /// `again`, counting one more first.
    pub(super) fn found_behind(&mut self, key: &StateKey, again: bool) -> u32 {
        let found = match &self.found_behind {
            Some((l, n)) if l.same_level(key) => *n,
            _ => 0,
        };
        if again {
            self.found_behind = Some((key.without_player(), found + 1));
        }
        found + u32::from(again)
    }

    /// Starts a retreat from the player's square to the farthest square within
    /// [`RETREAT_STEPS`], unless retreats from this level state are used up or nowhere is
    /// far enough.
    pub(super) fn start_retreat(
        &mut self,
        key: &StateKey,
        obs: &Observed,
        from: &'static str,
    ) -> bool {
        let retreats = match &self.retreated {
            Some((l, n)) if l.same_level(key) => *n,
            _ => 0,
        };
        if retreats >= RETREATS_PER_STATE {
            return false;
        }
        let p = &obs.puzzle;
        let walkable = |n: usize| {
            matches!(p.cells[n], Cell::Floor | Cell::Door)
                && !p.boulders.contains(&n)
                && !obs.monsters.contains(&n)
        };
        let Some((spot, steps)) = farthest_within(p.width, p.cells.len(), p.player, walkable)
        else {
            return false;
        };
        if steps < RETREAT_STEPS / 2 {
            return false;
        }
        self.retreated = Some((key.without_player(), retreats + 1));
        self.retreat = Some(Retreat {
            level: key.without_player(),
            spot,
            from,
        });
        true
    }
}

/// Goes after the monster on `target`: a hunt whose first step is a walk round the boulders,
/// an attack or (with `may_throw` and a missile) a throw, unless [`HUNTS_PER_STATE`] hunts
/// were started on this level state. A hunt with nothing to do is not counted, so a dagger
/// picked up later still gets its hunt.
pub(super) fn try_hunt(
    r: &mut Recall,
    w: &World,
    mem: &mut Memory,
    (at, obs, key): (Located, &Observed, &StateKey),
    target: usize,
    may_throw: bool,
) -> Option<LeafOutcome> {
    let hunts = mem.hunts_on(key);
    if hunts >= HUNTS_PER_STATE {
        return None;
    }
    mem.hunt = Some(Hunt {
        level: key.without_player(),
        target,
        decisions: 0,
        attacks: 0,
        may_throw,
    });
    let outcome = keep_hunting(r, w, mem, at, obs, key)?;
    mem.hunted = Some((key.without_player(), hunts + 1));
    Some(outcome)
}

/// A monster we may attack where the boulder must go (see [`monster_behind`]): hunted when a
/// push has just found it there, or at once when it is in sight (no turns spent waiting and
/// pushing into it). Throws go the second time a push finds it on this level state, or at
/// once at one in sight, known hostile and shut in: that one neither leaves nor comes round.
/// `found`: the times a push has found it there on this level state (see
/// [`Memory::found_behind`]).
pub(super) fn go_for_the_monster_behind(
    r: &mut Recall,
    w: &World,
    mem: &mut Memory,
    (at, obs, key): (Located, &Observed, &StateKey),
    beyond: usize,
    (pushed_in_vain, found): (bool, u32),
) -> Option<LeafOutcome> {
    if !monster_behind(w, at, obs, beyond) {
        return None;
    }
    // `I` marks where an unseen monster was: a memory, not a sighting.
    let in_sight = w
        .monsters
        .iter()
        .find(|m| m.pos == at.pos(beyond) && m.ch != 'I');
    let hostile_shut_in = in_sight.is_some_and(|m| m.peaceful == Some(false))
        && confinement(&obs.puzzle, beyond).shut_in;
    let may_throw = if pushed_in_vain {
        found >= 2 || hostile_shut_in
    } else if in_sight.is_some() {
        hostile_shut_in
    } else {
        return None;
    };
    try_hunt(r, w, mem, (at, obs, key), beyond, may_throw)
}

/// Where a monster on a square can go, as far as the level holds it: the squares it walks to
/// 8 ways over floor and doors (never diagonally through a doorway), never onto a boulder or
/// an open hole. Sokoban's monsters know its holes (makemon puts them in their trap memory)
/// and never step on one, so one ahead of a boulder in the hole corridor never leaves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Confinement {
    /// It can never walk to us (nor be met anywhere but where it is held).
    pub shut_in: bool,
    /// It has a square besides its own to step aside to.
    pub room: bool,
}

/// The [`Confinement`] of a monster on `square` (other monsters move on: their squares are
/// free).
pub(super) fn confinement(p: &Puzzle, square: usize) -> Confinement {
    let free = |i: usize| {
        matches!(p.cells[i], Cell::Floor | Cell::Door) && !p.boulders.contains(&i) || i == square
    };
    let (w, h) = (p.width as isize, p.height as isize);
    let mut seen = vec![false; p.cells.len()];
    seen[square] = true;
    let mut queue = VecDeque::from([square]);
    let mut squares = 0;
    while let Some(i) = queue.pop_front() {
        squares += 1;
        let (x, y) = ((i % p.width) as isize, (i / p.width) as isize);
        for (dx, dy) in [
            (-1, -1),
            (0, -1),
            (1, -1),
            (-1, 0),
            (1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ] {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= w || ny >= h {
                continue;
            }
            let n = (ny * w + nx) as usize;
            let diagonal = dx != 0 && dy != 0;
            let door = p.cells[i] == Cell::Door || p.cells[n] == Cell::Door;
            if seen[n] || !free(n) || (diagonal && door) {
                continue;
            }
            seen[n] = true;
            queue.push_back(n);
        }
    }
    Confinement {
        shut_in: !seen[p.player],
        room: squares > 1,
    }
}

/// No plan with the known mimics in place (one sits where a boulder must pass, as seed 5's
/// top level showed): go and kill the nearest, up to [`HUNTS_PER_STATE`] times per state.
pub(super) fn hunt_decoy(
    r: &mut Recall,
    w: &World,
    mem: &mut Memory,
    at: Located,
    obs: &Observed,
    key: &StateKey,
) -> Option<LeafOutcome> {
    // sokoban.des disguises giant mimics as boulders.
    if crate::monsters::by_name("giant mimic")
        .is_some_and(|m| crate::steps::would_flee_from(w, m, HUNT_LOOKAHEAD))
    {
        return None;
    }
    let width = obs.puzzle.width;
    let (px, py) = (obs.puzzle.player % width, obs.puzzle.player / width);
    let target = obs.puzzle.blocked.iter().copied().min_by_key(|&d| {
        let (x, y) = (d % width, d / width);
        x.abs_diff(px).max(y.abs_diff(py))
    })?;
    try_hunt(r, w, mem, (at, obs, key), target, false)
}

/// Waits where we attacked a monster that slipped away from behind the boulder, for
/// [`LURK_DECISIONS`] decisions: hunts it again if it shows on the square it left (one next
/// to us is fought by the tactics first). `None` once the wait is over or the level changed.
pub(super) fn lurk(
    r: &mut Recall,
    w: &World,
    mem: &mut Memory,
    at: Located,
    obs: &Observed,
    key: &StateKey,
) -> Option<LeafOutcome> {
    let (level, target, left) = mem.lurk.as_mut()?;
    if !level.same_level(key) || *left == 0 {
        mem.lurk = None;
        return None;
    }
    *left -= 1;
    let target = *target;
    if obs.monsters.contains(&target) {
        // It was hunted here before: a throw is no first resort any more.
        let may_throw = mem.hunts_on(key) > 0;
        if let Some(outcome) = try_hunt(r, w, mem, (at, obs, key), target, may_throw) {
            mem.lurk = None;
            return Some(outcome);
        }
    }
    Some(wait(
        "the monster behind the boulder slipped away; waiting for it to come back",
    ))
}

/// The next step of a retreat (see [`Retreat`]): a walk to its spot, then one long wait
/// there, after which the plan brings the bot back.
pub(super) fn keep_retreating(
    w: &World,
    mem: &mut Memory,
    at: Located,
    obs: &Observed,
    key: &StateKey,
) -> Option<LeafOutcome> {
    let retreat = mem.retreat.as_ref()?;
    let (name, from) = (at.template().name, retreat.from);
    if !retreat.level.same_level(key) {
        mem.retreat = None;
        return None;
    }
    if obs.puzzle.player == retreat.spot {
        mem.retreat = None;
        return Some(act(
            Action::Search {
                count: RETREAT_WAIT,
            },
            format!("{name}: away from the monster {from}, waiting for it to wander"),
        ));
    }
    let Some(path) = w.path_to(&[at.pos(retreat.spot)]) else {
        mem.retreat = None;
        return None;
    };
    Some(act(
        Action::Move { dir: path.first },
        format!("{name}: walking away from the monster {from}"),
    ))
}

/// The farthest square from `start` within [`RETREAT_STEPS`] orthogonal steps over
/// `walkable` squares, with its distance.
pub(super) fn farthest_within(
    width: usize,
    cells: usize,
    start: usize,
    walkable: impl Fn(usize) -> bool,
) -> Option<(usize, u32)> {
    let mut dist = vec![u32::MAX; cells];
    let mut queue = std::collections::VecDeque::from([start]);
    dist[start] = 0;
    let mut best = None;
    while let Some(c) = queue.pop_front() {
        if dist[c] > 0 {
            best = Some((c, dist[c]));
        }
        if dist[c] == RETREAT_STEPS {
            continue;
        }
        let neighbours = [c.wrapping_sub(1), c + 1, c.wrapping_sub(width), c + width];
        for n in neighbours {
            if n < cells && dist[n] == u32::MAX && walkable(n) {
                dist[n] = dist[c] + 1;
                queue.push_back(n);
            }
        }
    }
    best
}

/// A monster we may attack is behind the boulder: the game said so, or one is drawn there
/// (never our pet or one known to be peaceful).
pub(super) fn monster_behind(w: &World, at: Located, obs: &Observed, beyond: usize) -> bool {
    let heard = w.messages.iter().any(|m| m.contains("a monster behind"));
    let seen = obs.monsters.contains(&beyond);
    let spared = w
        .monsters
        .iter()
        .any(|m| m.pos == at.pos(beyond) && (m.tame || m.peaceful == Some(true)));
    (heard || seen) && !spared
}

/// The next hunting action, or `None` when there is no hunt (any more): the level changed,
/// the monster is gone after we attacked, no square next to or (with a dagger to throw) in
/// line with it can be reached, or the hunt has lasted [`HUNT_LIMIT`] decisions.
pub(super) fn keep_hunting(
    r: &mut Recall,
    w: &World,
    mem: &mut Memory,
    at: Located,
    obs: &Observed,
    key: &StateKey,
) -> Option<LeafOutcome> {
    let hunt = mem.hunt.as_mut()?;
    // Killed by us or by the tactics between two of our decisions (the one-boulder-short
    // game: they killed it, then the hunt struck its corpse and waited 140 turns for it).
    let gone = killed(w) || hunt.attacks > 0 && !obs.monsters.contains(&hunt.target);
    if !hunt.level.same_level(key) || gone || hunt.decisions >= HUNT_LIMIT {
        // Pushing on would drive it up the boulder's lane, where a monster that will not
        // step on a hole is shut in for good (seed 3's bottom level): it comes back to us.
        if gone && hunt.level.same_level(key) && w.messages.iter().any(|m| m.contains("thin air")) {
            mem.lurk = Some((key.without_player(), hunt.target, LURK_DECISIONS));
        }
        mem.hunt = None;
        return None;
    }
    // A monster the look-ahead would flee from is not gone after (seed 7's top level: an
    // XL1 hero walked back to a giant mimic it had just fled and died), nor one whose hit
    // is a hazard (a floating eye).
    let target = at.pos(hunt.target);
    let why_not = if !obs.monsters.contains(&hunt.target) {
        None
    } else if crate::steps::would_flee_from_at(r, w, target, HUNT_LOOKAHEAD) {
        Some("it would win")
    } else {
        w.monsters
            .iter()
            .find(|m| m.pos == target)
            .and_then(|m| melee_hazard(w, m))
    };
    if let Some(why) = why_not {
        log::info!(
            "sokoban {}: not hunting the monster behind the boulder: {why}",
            at.template().name
        );
        mem.hunt = None;
        return None;
    }
    hunt.decisions += 1;
    let others: Vec<usize> = obs
        .monsters
        .iter()
        .copied()
        .filter(|&m| m != hunt.target)
        .collect();
    let name = at.template().name;
    let seen = format!(
        "`{}` at ({},{})",
        w.view.get(target).map_or('?', |c| c.ch),
        target.x,
        target.y
    );
    let missile = crate::missiles::throwable(w).filter(|_| hunt.may_throw);
    let Some(step) = hunt::hunt_step(&obs.puzzle, &others, hunt.target, missile.is_some()) else {
        mem.hunt = None;
        return None;
    };
    let toward = |dx: isize, dy: isize| Dir::from_delta(dx as i16, dy as i16);
    let (action, doing) = match step {
        hunt::HuntStep::Attack(dx, dy) => {
            hunt.attacks += 1;
            let dir = toward(dx, dy)?;
            let doing = "attacking the monster behind the boulder".to_string();
            (Action::Fight { dir }, doing)
        }
        hunt::HuntStep::Throw(dx, dy) => {
            hunt.attacks += 1;
            let (dir, missile) = (toward(dx, dy)?, missile?);
            let doing = format!(
                "throwing {} over the boulder at the monster behind it",
                missile.name
            );
            let item = missile.letter;
            (Action::Throw { item, dir }, doing)
        }
        hunt::HuntStep::Walk(dx, dy) => {
            let dir = toward(dx, dy)?;
            let doing = "going round to the monster behind the boulder".to_string();
            (Action::Move { dir }, doing)
        }
    };
    Some(act(action, format!("{name}: {doing}, {seen}")))
}

/// The game says our last action killed something (in a hunt, most likely its target).
fn killed(w: &World) -> bool {
    w.messages
        .iter()
        .any(|m| m.contains("You kill") || m.contains("You destroy"))
}
