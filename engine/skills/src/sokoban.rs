//! Sokoban leaves: `in_sokoban` recognises one of the 8 NetHack 3.6.6 Sokoban maps on screen;
//! `sokoban` solves the level as observed (nhbot-sokoban) and plays the plan one move per
//! decision, then climbs the up stairs.
//!
//! `sokoban_prize` walks to the top level's prize closets.
//!
//! Each leaf's memory is its node state (nhbot-bt's [`Leaf`]): the `sokoban` node's
//! `Memory` holds its plans, give-ups and hunts, and keeps them when a fight pre-empts it.
//! The mimics posing as boulders that it finds are shared with `sokoban_prize` through the
//! blackboard (`Decoys`). Plans are keyed by the observed state (player, boulders, open holes): a state on a cached plan gets that
//! plan's next step, and a state on no plan (a boulder that moved unexpectedly, a mimic that
//! was no boulder) is solved afresh. Monsters are left out of the puzzle and handled when they
//! are in the way: the pet is swapped with, hostiles fought, others waited for; a step that
//! keeps failing ("You try to move the boulder, but in vain.") is planned around.
//!
//! A monster where a pushed boulder must go (`behind.rs`): a hostile one is gone round to and
//! fought, at once when in sight, or hit with daggers thrown over the boulder once a push has
//! found it there twice; any other is waited for a few turns, then the push is tried again
//! and, failing, planned around. One shut in ahead of the boulder in the hole corridor never
//! leaves (the level's monsters know its holes): no plan goes round it; it is shot at over the
//! boulder while missiles or a named ray wand last (`siege.rs`), and the level is given up
//! after a bounded number of tries.

mod behind;
mod earth;
mod fetch;
mod hunt;
mod leave;
mod prize;
mod screen;
mod seal;
mod siege;
mod solving;
#[cfg(test)]
mod tests;

use crate::elbereth::elbereth_step;
use crate::recall::Recall;
use behind::{
    confinement, go_for_the_monster_behind, hunt_decoy, keep_hunting, keep_retreating, lurk,
    monster_behind, Hunt, Retreat,
};
use leave::leave_by_the_down_stairs;
use nhbot_bt::{Leaf, LeafOutcome, Tick};
use nhbot_sokoban::{Cell, Puzzle, Step};
use nhbot_world::{Action, Condition, Dir, Pos, World};
use screen::{locate, observe, Located, Observed};
use solving::{Planned, SolveWait, Solving};
use std::collections::{HashMap, HashSet};

/// Decisions in a row on the same plan step before the step is planned around.
const STALL_LIMIT: u32 = 6;
/// Turns waited for a monster behind a boulder before pushing anyway.
const PUSH_WAIT: u32 = 3;
/// States a background solve may store per decision before the bot passes a turn (about
/// 0.2 s of solving in release).
const SLICE: usize = 20_000;
/// An HP fraction no hero reaches: Elbereth's cycle then engraves and rests whatever the HP
/// (it scares a monster out of the way, not one that hurts us).
const WHATEVER_HP: f64 = 2.0;
/// Failed steps with no way around, from one unchanged position, before the level is given
/// up (each costs a few turns of waiting for the obstacle to leave).
const GIVE_UP_AFTER: u32 = 20;
/// Turns searched per decision while hallucinating or blind (a search stops when something
/// appears).
const IMPAIRED_WAIT: u16 = 5;
/// Background solves kept.
const MAX_SOLVING: usize = 4;
/// Plans kept.
const MAX_PLANS: usize = 8;
/// States known to have no plan, kept so one is not solved at every decision.
const MAX_FAILED: usize = 256;

/// The part of a position a plan depends on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct StateKey {
    map: &'static str,
    player: usize,
    boulders: Vec<usize>,
    holes: Vec<usize>,
}

impl StateKey {
    /// Same boulders and holes on the same map, wherever the player is (no copy made: this
    /// runs at every decision).
    fn same_level(&self, other: &StateKey) -> bool {
        self.map == other.map && self.boulders == other.boulders && self.holes == other.holes
    }

    /// The level's part of the state: the same boulders and holes wherever the player is.
    fn without_player(&self) -> StateKey {
        StateKey {
            player: usize::MAX,
            ..self.clone()
        }
    }

    fn of(p: &Puzzle, map: &'static str) -> StateKey {
        let mut boulders = p.boulders.clone();
        boulders.sort_unstable();
        StateKey {
            map,
            player: p.player,
            boulders,
            holes: (0..p.cells.len())
                .filter(|&i| p.cells[i] == Cell::Hole)
                .collect(),
        }
    }
}

struct Plan {
    steps: Vec<Step>,
    /// The state before each step (and after the last one) → its step index.
    states: HashMap<StateKey, usize>,
    /// The step index played at the previous decision on this plan, and how often in a row.
    last: Option<usize>,
    stalls: u32,
}

impl Plan {
    /// Replays `steps` from `start` to know the state expected before each of them.
    fn new(start: &Puzzle, map: &'static str, steps: Vec<Step>) -> Plan {
        let mut p = start.clone();
        let mut states = HashMap::new();
        states.insert(StateKey::of(&p, map), 0);
        for (n, s) in steps.iter().enumerate() {
            apply(&mut p, *s);
            states.entry(StateKey::of(&p, map)).or_insert(n + 1);
        }
        Plan {
            steps,
            states,
            last: None,
            stalls: 0,
        }
    }
}

/// Plays one step on the puzzle model (the solver's rules: a pushed boulder fills a hole).
fn apply(p: &mut Puzzle, s: Step) {
    let next = |i: usize| offset(p.width, i, s);
    let to = next(p.player);
    if s.push {
        if let Some(b) = p.boulders.iter().position(|&b| b == to) {
            let beyond = next(to);
            if p.cells[beyond] == Cell::Hole {
                p.cells[beyond] = Cell::Floor;
                p.boulders.swap_remove(b);
            } else {
                p.boulders[b] = beyond;
            }
        }
    }
    p.player = to;
}

/// The square one step from `i` (maps are walled in, so a step never leaves the grid).
fn offset(width: usize, i: usize, s: Step) -> usize {
    let (dx, dy) = s.dir.delta();
    (i as isize + dy * width as isize + dx) as usize
}

fn world_dir(d: nhbot_sokoban::Dir) -> Dir {
    use nhbot_sokoban::Dir as S;
    match d {
        S::Left => Dir::W,
        S::Up => Dir::N,
        S::Right => Dir::E,
        S::Down => Dir::S,
        S::UpLeft => Dir::NW,
        S::UpRight => Dir::NE,
        S::DownLeft => Dir::SW,
        S::DownRight => Dir::SE,
    }
}

/// The `sokoban` node's state.
#[derive(Default)]
pub(crate) struct Memory {
    /// Where the map was found at the last decision.
    hint: Option<Located>,
    plans: Vec<Plan>,
    failed: HashSet<(StateKey, Vec<usize>)>,
    /// Solves running on their own threads (one per game at most, in practice).
    solving: Vec<Solving>,
    /// The state of the last decision, and how many times in a row a step from it failed
    /// with no way around (a monster trapped behind a boulder never leaves).
    last_key: Option<StateKey>,
    hopeless: u32,
    /// Levels given up, as boulders and holes (wherever the player stands): the node fails
    /// there, so the rest of the tree takes the bot on.
    /// With why, for the reasons of the way out.
    abandoned: Vec<(StateKey, String)>,
    /// Decisions waited on background solves for the current level state.
    solve_wait: SolveWait,
    hunt: Option<Hunt>,
    /// A monster slipped away from behind the boulder when we attacked it: the level state
    /// (boulders and holes), the square it left and the decisions left to wait for it there.
    lurk: Option<(StateKey, usize, u32)>,
    /// The boulders drawn at this node's last decision (decoys included), its turn and the
    /// player's square then.
    drawn: Option<(Located, i64, Vec<usize>, usize)>,
    /// Hunts started on one level state (boulders and holes), to stop after a few.
    hunted: Option<(StateKey, u32)>,
    /// Failed pushes that found a monster behind the boulder on one level state.
    found_behind: Option<(StateKey, u32)>,
    retreat: Option<Retreat>,
    /// Retreats started on one level state, to stop after a few.
    retreated: Option<(StateKey, u32)>,
    /// The bottom levels' scrolls of earth, fetched before a monster reads them.
    earth: earth::EarthScrolls,
    /// A weapon lying on the level, fetched for a siege with nothing to throw.
    fetch: fetch::WeaponFetch,
    /// Shots at a monster shut in behind the boulder (see `siege.rs`).
    siege: Option<siege::Siege>,
    empty_wands: siege::EmptyWands,
    /// The push this node sent at its last decision, and the state it was sent from: seeing
    /// that state again, the push failed (a push that goes moves a boulder), whatever other
    /// nodes did in between (a look at the corpse underfoot at every decision hid the game's
    /// "You hear a monster behind the boulder." from this node in bench seed 17).
    pushed: Option<(StateKey, nhbot_sokoban::Dir)>,
    /// Squares (by map) a push would have shut off, waited for once (see `seal.rs`).
    /// With the game turn of the wait.
    seal_waited: HashMap<(&'static str, usize), i64>,
}

/// Mimics posing as boulders: the top level's two found on arrival (see
/// `screen::decoys_on_arrival`), and any "boulder" that appears where no push put one. The
/// `sokoban` node finds them; `sokoban_prize` fights its way through them (a blackboard entry).
#[derive(Clone, Debug, Default)]
pub(crate) struct Decoys(Option<(Located, Vec<usize>)>);

/// The `in_sokoban` condition; its state is where the map was found last, and the last search
/// (asked at every decision, it searches again only when the walls on screen change).
pub(crate) struct InSokoban;

#[derive(Clone, Debug, Default)]
pub(crate) struct SokobanSighting {
    hint: Option<Located>,
    memo: screen::LocateMemo,
}

impl Leaf for InSokoban {
    type State = SokobanSighting;
    fn tick(&self, seen: &mut SokobanSighting, t: &mut Tick<'_>) -> LeafOutcome {
        in_sokoban(seen, t.world)
    }
}

/// The `sokoban` action.
pub(crate) struct SokobanLeaf {
    /// Decisions the node may wait on background solves for one level state (boulders and
    /// holes) before it gives the level up.
    pub solve_wait: u32,
    /// Shots at one monster shut in behind the boulder on one level state (see `siege.rs`);
    /// 0: none.
    pub siege_shots: u32,
    /// No blow from an Elbereth read back lately (a blow erases it) and none struck back at a
    /// monster never meleed (a passive one: a spotted jelly's acid).
    pub keep_elbereth: bool,
    /// Once missiles and ray wands are spent, the siege throws spare weapons, gems and rocks
    /// over the boulder (see `siege::spare_to_throw`).
    pub siege_spares: bool,
    /// Turns waited once before a push that shuts squares off from us, for a monster there to
    /// come out (see `seal.rs`); 0: none.
    pub seal_wait: u16,
    /// A siege with nothing to throw fetches the weapons drawn on the level in reach (see
    /// `fetch.rs`).
    pub siege_fetch: bool,
    /// Blows diagonally into or out of a door too (see
    /// [`crate::steps::FightRules::door_blows`]).
    pub door_blows: bool,
}

/// The `sokoban` node's default `solve_wait`: two solves cut at the in-game limit of 3
/// million states ([`SLICE`] states per decision), or many short ones.
pub(crate) const SOLVE_WAIT: u32 = 300;

impl Default for SokobanLeaf {
    fn default() -> Self {
        SokobanLeaf {
            solve_wait: SOLVE_WAIT,
            siege_shots: siege::SIEGE_SHOTS,
            keep_elbereth: false,
            siege_spares: false,
            seal_wait: 0,
            siege_fetch: false,
            door_blows: false,
        }
    }
}

impl Leaf for SokobanLeaf {
    type State = Memory;
    fn tick(&self, mem: &mut Memory, t: &mut Tick<'_>) -> LeafOutcome {
        let mut decoys = std::mem::take(t.blackboard.entry::<Decoys>());
        let r = t.blackboard.entry::<Recall>();
        let outcome = sokoban(mem, &mut decoys, r, t.world, self);
        *t.blackboard.entry::<Decoys>() = decoys;
        outcome
    }

    /// Plans, give-ups and hunts belong to the level, not to one run of the node: a fight
    /// that pre-empts it must not cost the plan (or the background solve).
    fn halted(&self, _: &mut Memory) {}
}

/// The `sokoban_prize` action; `wear_amulet`: put the amulet taken on at once.
#[derive(Default)]
pub(crate) struct SokobanPrize {
    pub(crate) wear_amulet: bool,
}

impl Leaf for SokobanPrize {
    type State = prize::PrizeState;
    fn tick(&self, state: &mut prize::PrizeState, t: &mut Tick<'_>) -> LeafOutcome {
        let decoys = t.blackboard.get::<Decoys>().cloned().unwrap_or_default();
        prize::sokoban_prize(
            state,
            self.wear_amulet,
            &decoys,
            t.blackboard.entry::<Recall>(),
            t.world,
        )
    }

    /// The closets searched stay searched when a fight comes between.
    fn halted(&self, _: &mut prize::PrizeState) {}
}

/// Finds the Sokoban map on screen, remembering where it was for the next decision.
fn locate_remembered(hint: &mut Option<Located>, w: &World) -> Option<Located> {
    // Sokoban keeps spare boulders to the end: a screen without one is no Sokoban level, and
    // this scan is cheaper than matching the maps (~0.1 ms in release) at every decision.
    if !w.view.cells.iter().any(|c| c.ch == '0') {
        return None;
    }
    locate_by_walls(hint, w)
}

fn in_sokoban(seen: &mut SokobanSighting, w: &World) -> LeafOutcome {
    let by_branch = w
        .level()
        .is_some_and(|l| l.branch == nhbot_world::Branch::Sokoban);
    // As `locate_remembered`, with the search remembered.
    let mut on_screen = || {
        if !w.view.cells.iter().any(|c| c.ch == '0') {
            return false;
        }
        let found = seen.memo.locate(&w.view, seen.hint);
        if found.is_some() {
            seen.hint = found;
        }
        found.is_some()
    };
    if by_branch || on_screen() {
        LeafOutcome::Success
    } else {
        LeafOutcome::Failure
    }
}

/// Messages saying a push failed because of what lies beyond the boulder.
fn push_failed(w: &World) -> bool {
    w.messages.iter().any(|m| {
        m.contains("but in vain")
            || m.contains("cannot move it")
            || m.contains("on the other side")
            || m.contains("a monster behind")
    })
}

/// Something hits us and tactics chose no fight: an adjacent hostile (or the `I` an unseen
/// attacker left) to strike back at, so waiting in Sokoban never means standing there dying.
/// With `keep_elbereth`, none from an Elbereth read back lately (the blow erases it: bench
/// seed 52 of session 23 left one at HP 25/67 for an Uruk-hai) and none at a monster never
/// meleed (seed 101 struck a spotted jelly at HP 2/51 and died of its acid).
fn attacker(r: &Recall, w: &World, keep_elbereth: bool) -> Option<(Dir, char)> {
    if !crate::steps::attacked(&w.messages) {
        return None;
    }
    if keep_elbereth && crate::elbereth::on_verified_elbereth(r, w) {
        return None;
    }
    let never_melee: Vec<Pos> = if keep_elbereth {
        crate::threat::threats(r, w)
            .iter()
            .filter(|t| t.no_melee.is_some())
            .map(|t| t.pos)
            .collect()
    } else {
        Vec::new()
    };
    w.monsters
        .iter()
        .filter(|m| m.maybe_hostile() && !never_melee.contains(&m.pos))
        .find_map(|m| {
            let (dx, dy) = (m.pos.x - w.player.x, m.pos.y - w.player.y);
            (dx.abs() <= 1 && dy.abs() <= 1)
                .then(|| Dir::from_delta(dx, dy))
                .flatten()
                .map(|d| (d, m.ch))
        })
}

fn act(action: Action, why: String) -> LeafOutcome {
    LeafOutcome::Act(action, why)
}

fn wait(why: &str) -> LeafOutcome {
    act(
        Action::Search { count: 1 },
        format!("sokoban: waiting, {why}"),
    )
}

/// The Sokoban level above was visited and we are below it again: we gave it up (no plan) or
/// fled it. Climbing back would only repeat that, so this level is left to the other nodes.
fn came_back_down(w: &World) -> bool {
    w.dungeon
        .find(nhbot_world::Branch::Sokoban, w.status.dlvl - 1)
        .is_some()
}

fn sokoban(
    mem: &mut Memory,
    decoys: &mut Decoys,
    r: &mut Recall,
    w: &World,
    leaf: &SokobanLeaf,
) -> LeafOutcome {
    if came_back_down(w) {
        return LeafOutcome::Failure;
    }
    let hallucinating = w.status.conditions.contains(&Condition::Hallu);
    let at = if hallucinating {
        locate_by_walls(&mut mem.hint, w)
    } else {
        locate_remembered(&mut mem.hint, w)
    };
    let Some(at) = at else {
        return LeafOutcome::Failure;
    };
    // Whatever attacks us in there is dealt with first (never a floating eye, see tactics).
    if let Some((action, why)) =
        crate::steps::fight_step_with(r, w, leaf.keep_elbereth, leaf.door_blows)
    {
        return act(action, format!("sokoban: {why}"));
    }
    if let Some((dir, ch)) = attacker(r, w, leaf.keep_elbereth) {
        return act(
            Action::Fight { dir },
            format!("{}: striking back at `{ch}`", at.template().name),
        );
    }
    if hallucinating {
        return wait_out_hallucination(at);
    }
    // Blind, the map is not redrawn: a push would go unseen and the level read from the
    // screen would differ from the real one (survey seed 7: a yellow light's blast, pushes
    // on, then a level read as unsolvable and given up).
    if w.status.conditions.contains(&Condition::Blind) {
        return act(
            Action::Search {
                count: IMPAIRED_WAIT,
            },
            format!("{}: blind, waiting to see again", at.template().name),
        );
    }
    let obs = match observe(w, at) {
        Ok(o) => o,
        Err(e) => {
            log::warn!("sokoban: cannot read the level: {e}");
            return LeafOutcome::Failure;
        }
    };
    let map = at.template();
    // The top level is done once its holes are all filled or we stand past them: the way on
    // is open, and walking back to the far end each time the tree goes elsewhere (the prize
    // closets, say) only loops (seed 12).
    if !map.has_up_stairs()
        && (!obs.puzzle.cells.contains(&Cell::Hole) || walks_to_a_target(&obs.puzzle))
    {
        return LeafOutcome::Failure;
    }
    if obs.puzzle.targets.contains(&obs.puzzle.player) {
        return if map.has_up_stairs() {
            act(
                Action::Ascend,
                format!("{}: on the up stairs, climbing", map.name),
            )
        } else {
            LeafOutcome::Failure
        };
    }
    if let Some(outcome) = mem.earth.step(r, w, at) {
        return outcome;
    }
    let mut obs = obs;
    track_decoys(mem, decoys, w, at, &mut obs);
    play(mem, r, w, at, &obs, leaf)
}

/// Hallucinating, the screen draws boulders as random objects and holes as random traps
/// (seed 8's top level: the solver saw too few boulders, proved the level dead and the bot
/// wandered off), so nothing is planned or pushed until it passes: the bot waits in place.
fn wait_out_hallucination(at: Located) -> LeafOutcome {
    act(
        Action::Search {
            count: IMPAIRED_WAIT,
        },
        format!(
            "{}: hallucinating, waiting for it to pass",
            at.template().name
        ),
    )
}

/// Finds the Sokoban map by its walls alone, for when the screen may show no boulder at all
/// (hallucinating).
fn locate_by_walls(hint: &mut Option<Located>, w: &World) -> Option<Located> {
    let at = locate(&w.view, *hint)?;
    *hint = Some(at);
    Some(at)
}

/// Whether the player can walk to a target as things stand, pushing nothing (orthogonal
/// steps only: enough to tell which side of the holes we are on).
fn walks_to_a_target(p: &Puzzle) -> bool {
    let walkable =
        |n: usize| matches!(p.cells[n], Cell::Floor | Cell::Door) && !p.boulders.contains(&n);
    let seen = screen::flood(p.width, p.height, p.player, walkable);
    p.targets.iter().any(|&t| seen[t])
}

/// Finds the mimics posing as boulders (see `Memory::decoys`) and turns those still drawn
/// into monsters in `obs`.
fn track_decoys(mem: &mut Memory, decoys: &mut Decoys, w: &World, at: Located, obs: &mut Observed) {
    let map = at.template();
    let drawn = obs.puzzle.boulders.clone();
    if decoys.0.as_ref().is_none_or(|(l, _)| *l != at) {
        decoys.0 = screen::decoys_on_arrival(at, obs).map(|d| (at, d));
    }
    // Mimics pose as boulders on every Sokoban level. On the top level (its giant mimics) only
    // a step apart can a boulder that moved be told from one that appeared (other nodes may
    // push boulders in between). Below the top, a mimic is generated later (seed 1's bottom
    // level: one in the corner its last pushes needed, the level then judged dead and given
    // up): one boulder more than at the node's last look, where no push explains it, however
    // long ago that look was (a push never adds one). Several at once are real: a scroll of
    // earth a monster read.
    if let Some((_, turn, before, covered)) = mem.drawn.as_ref().filter(|(l, ..)| *l == at) {
        let new = screen::appeared_from_nowhere(before, *covered, &drawn, obs.puzzle.width);
        let mimics = if map.has_up_stairs() {
            new.len() == 1 && drawn.len() == before.len() + 1
        } else {
            w.turn - turn <= 1
        };
        if mimics && !new.is_empty() {
            log::info!(
                "sokoban {}: a mimic poses as a boulder at {new:?}",
                map.name
            );
            let (_, found) = decoys.0.get_or_insert_with(|| (at, Vec::new()));
            found.extend(new);
        }
    }
    mem.drawn = Some((at, w.turn, drawn, obs.puzzle.player));
    if let Some((_, found)) = decoys.0.as_mut() {
        screen::unmask_decoys(obs, found);
    }
}

/// Gives the level up for `why`: the node takes the bot back down its `>` from now on.
fn give_up(
    mem: &mut Memory,
    r: &mut Recall,
    w: &World,
    at: Located,
    key: &StateKey,
    why: String,
) -> LeafOutcome {
    log::warn!("sokoban {}: giving the level up, {why}", key.map);
    let out = leave_by_the_down_stairs(r, w, at, &why);
    mem.abandoned.push((key.without_player(), why));
    out
}

/// One more decision of waiting on a background solve, or, past the `solve_wait` budget for
/// this level state, the level given up.
fn wait_on_the_solver(
    mem: &mut Memory,
    r: &mut Recall,
    w: &World,
    at: Located,
    key: &StateKey,
    (solve_wait, doing): (u32, &str),
) -> LeafOutcome {
    let waited = mem.solve_wait.spend(key);
    if waited > solve_wait {
        let why = format!("no plan after {solve_wait} decisions waiting on the solver");
        return give_up(mem, r, w, at, key, why);
    }
    wait(&format!(
        "{doing} (waited {waited} of {solve_wait} decisions)"
    ))
}

fn play(
    mem: &mut Memory,
    r: &mut Recall,
    w: &World,
    at: Located,
    obs: &Observed,
    leaf: &SokobanLeaf,
) -> LeafOutcome {
    let solve_wait = leaf.solve_wait;
    let puzzle = &obs.puzzle;
    let key = StateKey::of(puzzle, at.template().name);
    let pushed_before = mem.pushed.take();
    if let Some((_, why)) = mem.abandoned.iter().find(|(l, _)| l.same_level(&key)) {
        return leave_by_the_down_stairs(r, w, at, why);
    }
    if mem.last_key.as_ref() != Some(&key) {
        mem.last_key = Some(key.clone());
        mem.hopeless = 0;
    }
    if let Some(outcome) = keep_hunting(r, w, mem, at, obs, &key) {
        return outcome;
    }
    if let Some(outcome) = mem.fetch.keep_on(w, at) {
        return outcome;
    }
    if let Some(outcome) = lurk(r, w, mem, at, obs, &key) {
        return outcome;
    }
    if let Some(outcome) = keep_retreating(w, mem, at, obs, &key) {
        return outcome;
    }
    let found = match mem.find(&key) {
        Some(found) => Some(found),
        None => match mem.plan(puzzle, &key, Vec::new()) {
            Planned::Ready(n) => Some((n, 0)),
            Planned::Solving(states) => {
                let doing = format!("solving the level ({states} states so far)");
                return wait_on_the_solver(mem, r, w, at, &key, (solve_wait, &doing));
            }
            Planned::Failed(e) => {
                log::info!("sokoban {}: {e}", key.map);
                if let Some(outcome) = hunt_decoy(r, w, mem, at, obs, &key) {
                    return outcome;
                }
                None
            }
            // Boulders dropped by a scroll of earth a monster read (seed 22's hobbit), or
            // pushed into corners by a fight: wandering on only pushes more about.
            Planned::Dead(e) => return give_up(mem, r, w, at, &key, e),
        },
    };
    // No plan from here may pass (a monster moves, another node's step changes the level):
    // the rest of the tree acts meanwhile. Leaving at once instead lost 4 of 24 climbs in
    // the 20-seed survey.
    let Some((n, i)) = found else {
        return LeafOutcome::Failure;
    };
    let plan = &mut mem.plans[n];
    plan.stalls = if plan.last == Some(i) {
        plan.stalls + 1
    } else {
        0
    };
    plan.last = Some(i);
    let stalls = plan.stalls;
    let Some(&step) = plan.steps.get(i) else {
        // The plan is played out but we are not on a target: something moved; plan again.
        mem.forget(&key);
        return wait("the plan ended off target");
    };
    let to = offset(puzzle.width, puzzle.player, step);
    let beyond = offset(puzzle.width, to, step);
    let told = push_failed(w)
        && w.last_action
            == Some(Action::Move {
                dir: world_dir(step.dir),
            });
    let pushed_in_vain = step.push && (told || pushed_before == Some((key.clone(), step.dir)));
    let stuck = stalls >= STALL_LIMIT || pushed_in_vain;
    if step.push {
        let here = (at, obs, &key);
        // Counted once per push that found it there.
        let again = pushed_in_vain && monster_behind(w, at, obs, beyond);
        let found = mem.found_behind(&key, again);
        let shot = (world_dir(step.dir), beyond, leaf.siege_shots);
        if let Some(outcome) = siege::besiege(
            w,
            mem,
            here,
            shot,
            (pushed_in_vain, found),
            leaf.siege_spares,
        ) {
            return remember_push(mem, &key, step, outcome);
        }
        let unarmed_siege = leaf.siege_fetch
            && pushed_in_vain
            && monster_behind(w, at, obs, beyond)
            && confinement(puzzle, beyond).shut_in
            && siege::unarmed(w, mem, leaf.siege_spares);
        if unarmed_siege {
            if let Some(outcome) = mem.fetch.start(w, at) {
                return outcome;
            }
        }
        let pushed = (pushed_in_vain, found);
        if let Some(outcome) = go_for_the_monster_behind(r, w, mem, here, beyond, pushed) {
            return outcome;
        }
    }
    if stuck {
        // Plan around the squares in the way, monsters included, for as long as they are.
        let mut blocked = obs.monsters.clone();
        blocked.push(if step.push { beyond } else { to });
        mem.forget(&key);
        return match mem.plan(puzzle, &key, blocked) {
            Planned::Ready(_) => wait("planned around a step that would not go"),
            Planned::Solving(_) => {
                let doing = "planning around a step that would not go";
                wait_on_the_solver(mem, r, w, at, &key, (solve_wait, doing))
            }
            Planned::Failed(e) | Planned::Dead(e) => {
                // Out of sight, one behind the boulder may step aside; one with no square
                // to step to (ahead of the boulder in the hole corridor) never does.
                let from = if monster_behind(w, at, obs, beyond) {
                    confinement(puzzle, beyond)
                        .room
                        .then_some("behind the boulder")
                } else {
                    (!step.push && obs.monsters.contains(&to)).then_some("in the way")
                };
                if from.is_some_and(|from| mem.start_retreat(&key, obs, from)) {
                    if let Some(outcome) = keep_retreating(w, mem, at, obs, &key) {
                        return outcome;
                    }
                }
                mem.hopeless += 1;
                if mem.hopeless >= GIVE_UP_AFTER {
                    let why = format!("stuck at the same place {} times ({e})", mem.hopeless);
                    log::warn!("sokoban {}: giving the level up, {why}", key.map);
                    mem.abandoned.push((key.without_player(), why));
                    return LeafOutcome::Failure;
                }
                wait(&format!("stuck and no other way ({e})"))
            }
        };
    }
    if leaf.seal_wait > 0 && !stuck {
        let shut_off = seal::shut_off_by(puzzle, step);
        if !shut_off.is_empty() && mem.seal_wait_due(&key, &shut_off, w.turn) {
            let first = at.pos(shut_off[0]);
            return act(
                Action::Search {
                    count: leaf.seal_wait,
                },
                format!(
                    "{}: the next push shuts {} square(s) off from us (first ({}, {})): waiting \
                     {} turns for a monster there to come out before it is shut in",
                    at.template().name,
                    shut_off.len(),
                    first.x,
                    first.y,
                    leaf.seal_wait
                ),
            );
        }
    }
    let outcome = step_action(
        r,
        w,
        at,
        obs,
        step,
        (to, beyond),
        (stalls, leaf.keep_elbereth),
    );
    remember_push(mem, &key, step, outcome)
}

/// Notes `outcome` in `mem` when it is the push of plan step `step` from state `key` (see
/// `Memory::pushed`), and passes it on.
fn remember_push(
    mem: &mut Memory,
    key: &StateKey,
    step: Step,
    outcome: LeafOutcome,
) -> LeafOutcome {
    let push = Action::Move {
        dir: world_dir(step.dir),
    };
    if step.push && matches!(&outcome, LeafOutcome::Act(a, _) if *a == push) {
        mem.pushed = Some((key.clone(), step.dir));
    }
    outcome
}

/// Why a monster in the way is waited for instead of fought: a peaceful one, or one whose
/// hit is a hazard (survey seed 10: a floating eye in the way froze the hero twice, to its
/// death). `None`: fight it. The pet is swapped with, never asked about.
fn not_fought(w: &World, m: &nhbot_world::Monster) -> Option<String> {
    if !m.maybe_hostile() {
        return Some("a monster is in the way".into());
    }
    let hazard = melee_hazard(w, m)?;
    Some(format!("`{}` in the way, not fought: {hazard}", m.ch))
}

/// Why hitting this monster is a bad idea (a floating eye's paralysis...), if it is.
fn melee_hazard(w: &World, m: &nhbot_world::Monster) -> Option<&'static str> {
    crate::threat::assess(w, m).and_then(|t| t.no_melee)
}

/// The action for one plan step: the move itself, or what the square in the way needs first.
fn step_action(
    r: &mut Recall,
    w: &World,
    at: Located,
    obs: &Observed,
    step: Step,
    (to, beyond): (usize, usize),
    (stalls, keep_elbereth): (u32, bool),
) -> LeafOutcome {
    let dir = world_dir(step.dir);
    let name = at.template().name;
    let monster_at = |i: usize| w.monsters.iter().find(|m| m.pos == at.pos(i));
    if obs.monsters.contains(&to) {
        match monster_at(to) {
            Some(m) if m.tame => {}
            Some(m) => {
                if let Some(why) = not_fought(w, m) {
                    // A floating eye never attacks but barely moves (survey seeds 10 and 13
                    // waited 140 turns for one): on Elbereth next to it, it flees.
                    let scare = m
                        .maybe_hostile()
                        .then(|| elbereth_step(r, w, "", WHATEVER_HP, WHATEVER_HP));
                    if let Some((action, how)) = scare.flatten() {
                        return act(action, format!("{name}: {why}; scaring it off: {how}"));
                    }
                    return wait(&why);
                }
                // A blow from a verified Elbereth erases it (bench seed 52 of session 23 struck
                // an Uruk-hai in the way from one at HP 25/67, and died): the monster, scared,
                // leaves the way.
                if keep_elbereth && crate::elbereth::on_verified_elbereth(r, w) {
                    return wait(&format!(
                        "`{}` in the way, and we stand on a verified Elbereth a blow would erase",
                        m.ch
                    ));
                }
                // `I` (remembered, unseen) included: fighting thin air clears the mark.
                return act(
                    Action::Fight { dir },
                    format!("{name}: attacking `{}` in the way", m.ch),
                );
            }
            None => return wait("a monster is in the way"),
        }
    }
    // A monster behind the boulder may leave; an `I` may be only a memory: after a few turns
    // the push is tried (a failed one is planned around).
    if step.push && obs.monsters.contains(&beyond) && stalls < PUSH_WAIT {
        return wait("a monster is behind the boulder");
    }
    if at.template().char_at(to) == '+' && w.view.get(at.pos(to)).is_some_and(|c| c.ch == '+') {
        let locked = w
            .level()
            .and_then(|l| l.at(at.pos(to)))
            .is_some_and(|s| s.locked)
            || w.messages.iter().any(|m| m.contains("This door is locked"));
        return if locked {
            act(
                Action::Kick { dir },
                format!("{name}: kicking the locked door"),
            )
        } else {
            act(Action::Open { dir }, format!("{name}: opening the door"))
        };
    }
    let what = if step.push { "pushing" } else { "walking" };
    act(Action::Move { dir }, format!("{name}: {what} {dir:?}"))
}
