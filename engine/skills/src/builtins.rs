//! Built-in leaves. Each is a plain function of its validated parameters and the World; the
//! manifest (`manifest.rs`) registers it by name.

use crate::explore::ExploreGoal;
use nhbot_bt::{LeafOutcome, Params, Tick};
use nhbot_world::names::{condition_name, hunger_name};
use nhbot_world::{Action, Branch, Dir, Feature, Hunger, Pos, World};

pub(crate) fn check(ok: bool) -> LeafOutcome {
    if ok {
        LeafOutcome::Success
    } else {
        LeafOutcome::Failure
    }
}

pub fn hp_below(p: &Params, w: &World) -> LeafOutcome {
    check(w.hp_fraction() < p.number("fraction"))
}

fn hunger_rank(h: Hunger) -> u8 {
    match h {
        Hunger::Satiated => 0,
        Hunger::NotHungry => 1,
        Hunger::Hungry => 2,
        Hunger::Weak => 3,
        Hunger::Fainting => 4,
        Hunger::Fainted => 5,
    }
}

pub fn hunger_at_least(p: &Params, w: &World) -> LeafOutcome {
    let wanted = match p.text("level") {
        Some("weak") => Hunger::Weak,
        Some("fainting") => Hunger::Fainting,
        _ => Hunger::Hungry,
    };
    check(hunger_rank(w.status.hunger) >= hunger_rank(wanted))
}

pub fn has_condition(p: &Params, w: &World) -> LeafOutcome {
    let wanted = p.text("name").unwrap_or_default();
    check(
        w.status
            .conditions
            .iter()
            .any(|c| condition_name(*c).eq_ignore_ascii_case(wanted)),
    )
}

pub fn message_contains(p: &Params, w: &World) -> LeafOutcome {
    let text = p.text("text").unwrap_or_default();
    check(w.messages.iter().any(|m| m.contains(text)))
}

pub fn turn_below(p: &Params, w: &World) -> LeafOutcome {
    check(w.turn < p.integer("turn"))
}

pub fn dlvl_at_least(p: &Params, w: &World) -> LeafOutcome {
    check(i64::from(w.status.dlvl) >= p.integer("n"))
}

fn count(p: &Params) -> u16 {
    p.integer("count").clamp(1, u16::MAX as i64) as u16
}

/// Searches in place, unless a monster may fire at us there (`ranged::in_line_of_fire`):
/// waiting there only gets us shot. (Attackers we cannot see are `step_out_of_line`'s and
/// `fight_or_flee`'s: a search is how one feels for them.) With `forage`, not while foraging
/// (`food::foraging`): those turns are food we do not have. With `watch`, one turn at a time
/// while a hostile that moves is that near.
pub fn search(p: &Params, t: &mut Tick<'_>) -> LeafOutcome {
    let (w, r) = (t.world, t.blackboard.entry::<crate::Recall>());
    if crate::ranged::in_line_of_fire(r, w, w.player).is_some() {
        return LeafOutcome::Failure;
    }
    if p.flag("forage") && crate::food::foraging(w) {
        return LeafOutcome::Failure;
    }
    let n = count(p);
    let watch = p.integer("watch").clamp(0, 80) as i16;
    if n > 1 && watch > 0 {
        // b46-post3 seed 19: a yellow light seen 4 squares off while camping, then "search 10",
        // and the next decision came after its explosion (blind for 100 turns, dead blind).
        let threats = crate::threat::threats(r, w);
        let near = threats
            .iter()
            .filter(|t| t.hostile && t.speed > 0 && t.distance <= watch)
            .min_by_key(|t| t.distance);
        if let Some(t) = near {
            let why = format!(
                "searching 1 turn (not {n}): `{}` ({}) {} square(s) away may close in",
                t.glyph, t.name, t.distance
            );
            return LeafOutcome::Act(Action::Search { count: 1 }, why);
        }
    }
    LeafOutcome::Act(Action::Search { count: n }, format!("searching {n} turns"))
}

pub fn rest(p: &Params, _: &World) -> LeafOutcome {
    let n = count(p);
    LeafOutcome::Act(Action::Rest { count: n }, format!("resting {n} turns"))
}

pub fn eat(_: &Params, w: &World) -> LeafOutcome {
    let why = format!("eating ({})", hunger_name(w.status.hunger));
    LeafOutcome::Act(Action::Eat { item: None }, why)
}

pub fn pray(_: &Params, w: &World) -> LeafOutcome {
    let why = format!("praying at HP {}/{}", w.status.hp, w.status.hp_max);
    LeafOutcome::Act(Action::Pray, why)
}

pub fn engrave(p: &Params, _: &World) -> LeafOutcome {
    let text = p.text("text").unwrap_or("Elbereth").to_string();
    let why = format!("engraving {text}");
    LeafOutcome::Act(Action::Engrave { text, with: None }, why)
}

pub fn keys(p: &Params, _: &World) -> LeafOutcome {
    let keys = p.text("keys").unwrap_or_default().to_string();
    let why = format!("sending keys {keys:?}");
    LeafOutcome::Act(Action::Keys { keys }, why)
}

/// NetHack's default brown, used for open doors (`|`/`-` in brown are doors, in grey walls).
const CLR_BROWN: u8 = 3;

/// Whether the map cell looks safe to step on. Walls (`|` `-`), rock (` `), boulders, fountains'
/// neighbours' monsters (letters, `@`) and closed doors (`+`) are not.
fn walkable(w: &World, p: Pos, diagonal: bool) -> bool {
    let Some(cell) = w.view.get(p) else {
        return false;
    };
    match cell.ch {
        '.' | '#' | '<' | '>' | '{' | '_' | ')' | '[' | '%' | '?' | '/' | '=' | '!' | '(' | '*'
        | '$' | '"' => true,
        // An open door: walkable, but never diagonally.
        '|' | '-' => cell.fg == CLR_BROWN && !diagonal,
        _ => false,
    }
}

/// splitmix64: a fixed, fast mix so `wander` is deterministic for a given World.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A diagonal step between two solid squares once the game has refused us a squeeze: with a
/// pack over 600 it refuses every such step ("You are carrying too much to get through.") and
/// no time passes; seed 86 of b50-pn wandered into one 21 times in a turn and ended stuck.
fn refused_squeeze(w: &World, d: Dir) -> bool {
    if !d.is_diagonal() || w.squeeze_refused.is_none() {
        return false;
    }
    let (me, to) = (w.player, d.step(w.player));
    let solid = |p: nhbot_world::Pos| {
        w.level()
            .and_then(|l| l.at(p))
            .is_some_and(|sq| sq.feature.is_solid())
    };
    solid(nhbot_world::Pos::new(to.x, me.y)) && solid(nhbot_world::Pos::new(me.x, to.y))
}

pub fn wander(_: &Params, w: &World) -> LeafOutcome {
    // Out of a door, never diagonally: the game refuses and no time passes (seed 50 sent such
    // steps a thousand times in a turn, and the stuck watch ended the game).
    let in_door = w.terrain(w.player) == Some(nhbot_world::Feature::OpenDoor);
    let mut options = [Dir::N; 8];
    let mut n = 0;
    for d in Dir::COMPASS {
        if walkable(w, d.step(w.player), d.is_diagonal())
            && !(in_door && d.is_diagonal())
            && !refused_squeeze(w, d)
        {
            options[n] = d;
            n += 1;
        }
    }
    if n == 0 {
        return LeafOutcome::Failure;
    }
    let seed = (w.turn as u64)
        ^ w.decisions.rotate_left(21)
        ^ ((w.player.x as u64) << 40)
        ^ ((w.player.y as u64) << 48);
    let dir = options[(mix(seed) % n as u64) as usize];
    LeafOutcome::Act(
        Action::Move { dir },
        format!("wandering {dir:?} ({n} open neighbours)"),
    )
}

/// Whether the Mines are to be avoided at our experience level (`avoid_mines_until_xl`), unless
/// the level they branch from gave no other way on (`mines_when_stuck_after`); sent in by that,
/// deeper in them only with `stuck_mines_xl_above_depth` experience levels above the next
/// depth (seeds 168 and 137 went down to Dlvl 8 and 9 at XL 7 and died there).
fn avoiding_mines(p: &Params, w: &World) -> bool {
    let xl = w.status.xl as i64;
    if xl >= p.integer("avoid_mines_until_xl") {
        return false;
    }
    if !forced_into_mines(p, w) {
        return true;
    }
    let in_mines = w.level().is_some_and(|l| l.branch == Branch::Mines);
    in_mines && xl < w.status.dlvl as i64 + 1 + p.integer("stuck_mines_xl_above_depth")
}

/// Whether being stuck on the Mines' fork sends us into them (`mines_when_stuck_after`), at our
/// experience level (`stuck_mines_from_xl`; the hit dice when polymorphed: a were-jackal's 2).
fn forced_into_mines(p: &Params, w: &World) -> bool {
    (w.status.xl as i64) >= p.integer("stuck_mines_from_xl")
        && crate::mines::mines_forced_by_stuck(w, p.integer("mines_when_stuck_after"))
}

/// `explore` as a leaf with its own memory: the goal it walked to last ([`ExploreGoal`]).
pub struct Explore {
    pub params: Params,
}

/// The goal of the last step on that level (`keep_goal`), and what the search-spot scans keep.
#[derive(Debug, Default)]
pub struct ExploreMemory {
    goal: Option<(Option<usize>, Pos)>,
    spots: nhbot_world::hidden::PriorsMemo,
}

impl nhbot_bt::Leaf for Explore {
    type State = ExploreMemory;

    fn tick(&self, state: &mut ExploreMemory, t: &mut Tick<'_>) -> LeafOutcome {
        explore_keeping(&self.params, state, t)
    }

    /// A search or a fight in between leaves the goal a goal.
    fn halted(&self, _: &mut ExploreMemory) {}
}

fn explore_keeping(p: &Params, state: &mut ExploreMemory, t: &mut Tick<'_>) -> LeafOutcome {
    let w = t.world;
    let level = w.dungeon.current;
    let slack = p.integer("keep_goal");
    let keep = (slack > 0).then(|| ExploreGoal {
        pos: state.goal.filter(|&(l, _)| l == level).map(|(_, pos)| pos),
        slack: slack as u32,
    });
    let descend = p.text("then") != Some("stay");
    // Before the search spots and the camp: the way on opens once the eye follows us off it,
    // or, hemmed in with nowhere to lure it from, once Elbereth scares it off.
    let distance = p.integer("lure_floating_eye") as i16;
    let avoid_mines = avoiding_mines(p, w);
    // The level's blocker is searched for once, for both (`lure_step`, `scare_step`), and only
    // with a floating eye in view: both act on an eye alone (two whole-level searches saved at
    // most decisions).
    let eye_in_view = w.monsters.iter().any(crate::lure::is_floating_eye);
    let blocker = (distance > 0 && eye_in_view)
        .then(|| crate::lure::way_on_blocker(w, avoid_mines))
        .flatten();
    let lure = crate::lure::lure_step_past(w, distance, blocker.as_ref()).or_else(|| {
        let r = t.blackboard.entry::<crate::Recall>();
        let eye = (distance > 0 && p.flag("scare_floating_eye"))
            .then(|| crate::lure::hemming_eye(w, blocker.as_ref()))
            .flatten()?;
        crate::lure_scare::scare_off(r, w, &eye, distance)
    });
    if let Some((action, why)) = lure {
        return LeafOutcome::Act(action, why);
    }
    if p.flag("stairs_first") {
        if let Some((action, why)) = crate::explore::stairs_first_step(w, avoid_mines) {
            state.goal = None;
            return LeafOutcome::Act(action, why);
        }
    }
    let way = crate::explore::ExploreWay {
        descend,
        avoid_mines,
        keep,
        keep_clear: p.number("keep_clear"),
    };
    match crate::explore::explore_step_keeping(w, way, &mut state.spots) {
        Some((action, why, goal)) => {
            state.goal = goal.map(|g| (level, g));
            LeafOutcome::Act(action, why)
        }
        None => {
            state.goal = None;
            LeafOutcome::Failure
        }
    }
}

/// An adjacent monster that is neither our pet nor known to be peaceful, and where it is.
fn adjacent_hostile(w: &World) -> Option<(Dir, &nhbot_world::Monster)> {
    w.monsters
        .iter()
        .filter(|m| m.maybe_hostile())
        .find_map(|m| {
            let (dx, dy) = (m.pos.x - w.player.x, m.pos.y - w.player.y);
            let near = dx.abs() <= 1 && dy.abs() <= 1;
            Dir::from_delta(dx, dy).filter(|_| near).map(|d| (d, m))
        })
}

pub fn hostile_adjacent(_: &Params, w: &World) -> LeafOutcome {
    check(adjacent_hostile(w).is_some())
}

pub fn fight_adjacent(_: &Params, w: &World) -> LeafOutcome {
    match adjacent_hostile(w) {
        Some((dir, m)) => {
            let who = m.name.clone().unwrap_or_else(|| format!("`{}`", m.ch));
            LeafOutcome::Act(
                Action::Fight { dir },
                format!("attacking {who} to the {dir:?}"),
            )
        }
        None => LeafOutcome::Failure,
    }
}

/// A theft of our gear (or, with `any_item`, of anything by a nymph) on this level not yet
/// undone ([`World::theft_pending`]).
pub fn theft_pending(p: &Params, w: &World) -> LeafOutcome {
    check(
        w.theft_pending(p.integer("patience"), p.flag("any_item"))
            .is_some(),
    )
}

pub fn can_pray(p: &Params, w: &World) -> LeafOutcome {
    check(
        w.last_prayer_turn
            .is_none_or(|t| w.turn - t >= p.integer("turns")),
    )
}

/// Whether going deeper is wise now: HP at least `hp` of max, experience level at least
/// the next level's depth plus `xl_above_depth`, and off Dlvl 1 only from `leave_first_at_xl`
/// (AutoAscend stays on Dlvl 1 until XL 8: monsters there come one at a time).
///
/// Waiting for experience has a price: food. Hungry, or after `patience` turns on this level,
/// only the HP condition holds us back, except `hold_depth`: below it only from experience level
/// `hold_until_xl`, whatever the wait (AutoAscend farms the first levels to XL 8).
pub fn ready_to_descend(p: &Params, w: &World) -> LeafOutcome {
    let next_depth = w.status.dlvl as i64 + 1;
    let xl = w.status.xl as i64;
    let first = w.status.dlvl <= 1 && xl < p.integer("leave_first_at_xl");
    let experienced = xl >= next_depth + p.integer("xl_above_depth") && !first;
    let waited = w
        .level()
        .is_some_and(|l| l.stats.turns_spent >= p.integer("patience"));
    let hungry = w.status.hunger >= nhbot_world::Hunger::Hungry;
    // Held shallow: no patience or hunger takes us below `hold_depth` before `hold_until_xl`.
    // `hold_weak_lifts`: Weak lifts it (food is deeper, and the prayer was not granted or is spent).
    // `hold_unfed_lifts`: so does Hungry with no food in the pack.
    // `hold_unsafe_prayer_lifts`: Hungry with no food in the pack while a hunger prayer is not
    // free (refused once, or refused as too soon with chance above 2%): camping lives on ~900-turn
    // prayers, each refused with chance 5-8% (b29: 27 of the 30 starved held games had one).
    let unfed = hungry && crate::food::pack_food_count(w) == 0;
    let hunger_lifts = (p.flag("hold_weak_lifts") && w.status.hunger >= nhbot_world::Hunger::Weak)
        || (p.flag("hold_unfed_lifts") && unfed)
        || (p.flag("hold_unsafe_prayer_lifts") && unfed && !w.prayer_is_free());
    // A refused prayer angers the god for good (pray.c `gods_upset`): no more hunger prayers,
    // so the food is on levels not yet eaten bare.
    let refusal_lifts = p.flag("hold_refusal_lifts") && !w.refused_prayers.is_empty();
    let held = next_depth > p.integer("hold_depth")
        && xl < p.integer("hold_until_xl")
        && !hunger_lifts
        && !refusal_lifts;
    // Back down the stairs just climbed would meet what was fled (seed 66 of b44: a gargoyle by
    // the down stairs, fled 515 times).
    let just_came_up = w
        .dungeon
        .came_up_on_turn
        .is_some_and(|t| w.turn < t + p.integer("after_coming_up"));
    check(
        w.hp_fraction() >= p.number("hp")
            && (experienced || waited || hungry)
            && !held
            && !just_came_up,
    )
}

/// In the Gnomish Mines below experience level `until_xl`: back up towards the main dungeon
/// (gnome lords with crossbows, dwarves with mattocks and hill orcs killed most of the games that
/// went in early). On a level whose branch the game has not confirmed, the overview first (no
/// game time): the look alone took 150 turns on seed 38's Mines top, and never told seed 133's.
pub fn leave_mines(p: &Params, w: &World) -> LeafOutcome {
    if (w.status.xl as i64) >= p.integer("until_xl") {
        return LeafOutcome::Failure;
    }
    if w.dungeon.branch_unconfirmed() && !w.overview_is_fresh() {
        let why = match w.level().map(|l| l.branch) {
            Some(Branch::Unknown) => "its branch not told by the look yet",
            _ => "not yet in the game's overview",
        };
        return LeafOutcome::Act(
            Action::Overview,
            format!("reading the overview: Dlvl {} {why}", w.status.dlvl),
        );
    }
    // Sent down here by `mines_when_stuck_after` (the fork level gave no other way on): climbing
    // back would only bring us down again, unless hurt: then up to heal on the fork, never in
    // the Mines (seeds 84 and 146 rested there below XL 8 and died).
    let hurt_below = p.number("forced_hurt_below");
    let hurt = w.hp_fraction() < hurt_below;
    if forced_into_mines(p, w) && !hurt {
        return LeafOutcome::Failure;
    }
    match crate::mines::leave_mines_step(w) {
        Some((action, why)) if hurt => LeafOutcome::Act(
            action,
            format!(
                "{why} (HP {}/{} below {hurt_below} of max: healing out of the Mines)",
                w.status.hp, w.status.hp_max
            ),
        ),
        Some((action, why)) => LeafOutcome::Act(action, why),
        None => LeafOutcome::Failure,
    }
}

/// Arrived up the stairs less than `turns` turns ago, leaving a hostile within 2 squares of
/// them below.
pub fn fled_up_within(p: &Params, w: &World) -> LeafOutcome {
    check(
        w.dungeon.came_up_fleeing
            && w.dungeon
                .came_up_on_turn
                .is_some_and(|t| w.turn < t + p.integer("turns")),
    )
}

pub fn descend_if_on_stairs(p: &Params, w: &World) -> LeafOutcome {
    if avoiding_mines(p, w) {
        if let Some(id) = w.dungeon.current {
            if crate::mines::stairs_lead_into_mines(w, id, w.player) {
                return LeafOutcome::Failure;
            }
            // A fork's staircase of unknown end: explore first, so the other one is seen and
            // the go-down step chooses (a `>` crossed while exploring was taken at once).
            if crate::mines::stairs_may_lead_into_mines(w, id, w.player)
                && crate::mines::level_unexplored(w)
            {
                return LeafOutcome::Failure;
            }
        }
    }
    let on_map = w.view.get(w.player).is_some_and(|c| c.ch == '>')
        || matches!(w.feature_here(), Feature::StairsDown | Feature::LadderDown);
    let told = w
        .messages
        .iter()
        .any(|m| m.contains("staircase down here") || m.contains("ladder down here"));
    if on_map || told {
        LeafOutcome::Act(Action::Descend, "on the down stairs, descending".into())
    } else {
        LeafOutcome::Failure
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_bt::ParamValue;
    use nhbot_world::Cell;

    fn world_with(chars: &[(i16, i16, char)]) -> World {
        let mut w = World {
            player: Pos::new(10, 5),
            ..World::default()
        };
        for &(x, y, ch) in chars {
            let i = y as usize * 80 + x as usize;
            w.view.cells[i] = Cell {
                ch,
                ..Cell::default()
            };
        }
        w
    }

    #[test]
    fn wander_only_steps_on_walkable_cells() {
        let w = world_with(&[(11, 5, '.'), (9, 5, '|'), (10, 4, '-'), (10, 6, ' ')]);
        assert_eq!(
            wander(&Params::default(), &w),
            LeafOutcome::Act(
                Action::Move { dir: Dir::E },
                "wandering E (1 open neighbours)".into()
            )
        );
        let walled = world_with(&[(9, 5, '|'), (11, 5, '|')]);
        assert_eq!(wander(&Params::default(), &walled), LeafOutcome::Failure);
    }

    #[test]
    fn wander_never_steps_diagonally_out_of_a_door() {
        let mut w = world_with(&[(11, 5, '#'), (9, 4, '.'), (9, 6, '.')]);
        let mut level = nhbot_world::Level::default();
        level.at_mut(w.player).expect("on the map").feature = nhbot_world::Feature::OpenDoor;
        w.dungeon.levels.push(level);
        w.dungeon.current = Some(0);
        for t in 0..20 {
            w.turn = t;
            assert_eq!(
                wander(&Params::default(), &w),
                LeafOutcome::Act(
                    Action::Move { dir: Dir::E },
                    "wandering E (1 open neighbours)".into()
                )
            );
        }
    }

    #[test]
    fn wander_never_tries_a_squeeze_the_game_refused() {
        let mut w = world_with(&[(9, 4, '#')]);
        let mut level = nhbot_world::Level::default();
        for corner in [(9, 5), (10, 4)] {
            let at = nhbot_world::Pos::new(corner.0, corner.1);
            level.at_mut(at).expect("on the map").feature = nhbot_world::Feature::Rock;
        }
        w.dungeon.levels.push(level);
        w.dungeon.current = Some(0);
        assert!(matches!(
            wander(&Params::default(), &w),
            LeafOutcome::Act(Action::Move { dir: Dir::NW }, _)
        ));
        w.squeeze_refused = Some(nhbot_world::squeeze::SqueezeRefused {
            turn: 1,
            pack: Vec::new(),
        });
        assert_eq!(wander(&Params::default(), &w), LeafOutcome::Failure);
    }

    #[test]
    fn wander_is_deterministic_and_varies_with_turn() {
        let mut w = world_with(&[(11, 5, '.'), (9, 5, '.'), (10, 4, '#'), (10, 6, '.')]);
        let first = wander(&Params::default(), &w);
        assert_eq!(first, wander(&Params::default(), &w));
        let mut seen = std::collections::HashSet::new();
        for t in 0..40 {
            w.turn = t;
            if let LeafOutcome::Act(Action::Move { dir }, _) = wander(&Params::default(), &w) {
                seen.insert(dir);
            }
        }
        assert!(
            seen.len() >= 3,
            "wander should spread over directions: {seen:?}"
        );
    }

    #[test]
    fn hunger_levels_are_ordered() {
        let p = Params(vec![("level", ParamValue::Text("weak".into()))]);
        let mut w = World::default();
        w.status.hunger = Hunger::Hungry;
        assert_eq!(hunger_at_least(&p, &w), LeafOutcome::Failure);
        w.status.hunger = Hunger::Fainting;
        assert_eq!(hunger_at_least(&p, &w), LeafOutcome::Success);
    }

    #[test]
    fn descend_needs_stairs() {
        let mut w = world_with(&[]);
        assert_eq!(
            descend_if_on_stairs(&Params::default(), &w),
            LeafOutcome::Failure
        );
        w.messages.push("There is a staircase down here.".into());
        assert!(matches!(
            descend_if_on_stairs(&Params::default(), &w),
            LeafOutcome::Act(Action::Descend, _)
        ));
    }

    /// `ready_to_descend`'s params as the tree gives them: XL >= next depth, 1,000 turns'
    /// patience, the hold below `hold_depth` until `hold_until_xl` and what lifts it.
    fn descend_params(
        hold_depth: i64,
        hold_until_xl: i64,
        weak_lifts: bool,
        unfed_lifts: bool,
    ) -> Params {
        Params(vec![
            ("hp", ParamValue::Number(0.8)),
            ("xl_above_depth", ParamValue::Integer(0)),
            ("leave_first_at_xl", ParamValue::Integer(1)),
            ("patience", ParamValue::Integer(1000)),
            ("hold_depth", ParamValue::Integer(hold_depth)),
            ("hold_until_xl", ParamValue::Integer(hold_until_xl)),
            ("hold_weak_lifts", ParamValue::Flag(weak_lifts)),
            ("hold_unfed_lifts", ParamValue::Flag(unfed_lifts)),
        ])
    }

    #[test]
    fn going_deeper_waits_for_experience_health_or_hunger() {
        let p = descend_params(50, 1, false, false);
        let mut w = World::default();
        w.dungeon.start(3, "Dlvl:3");
        (w.status.dlvl, w.status.xl, w.status.hp, w.status.hp_max) = (3, 3, 20, 20);
        assert_eq!(
            ready_to_descend(&p, &w),
            LeafOutcome::Failure,
            "Dlvl 4 wants XL 4"
        );
        w.status.xl = 4;
        assert_eq!(ready_to_descend(&p, &w), LeafOutcome::Success);
        w.status.hp = 15;
        assert_eq!(
            ready_to_descend(&p, &w),
            LeafOutcome::Failure,
            "not below 80% HP"
        );
        (w.status.hp, w.status.xl, w.status.hunger) = (20, 1, Hunger::Hungry);
        assert_eq!(
            ready_to_descend(&p, &w),
            LeafOutcome::Success,
            "hungry: food is deeper"
        );
        w.status.hunger = Hunger::NotHungry;
        w.dungeon.current_mut().unwrap().stats.turns_spent = 1000;
        assert_eq!(
            ready_to_descend(&p, &w),
            LeafOutcome::Success,
            "waited long enough here"
        );
    }

    #[test]
    fn held_shallow_until_the_experience_level_whatever_the_wait() {
        let p = descend_params(4, 8, true, false);
        let mut w = on_dlvl_4(7);
        w.status.hunger = Hunger::Hungry;
        w.dungeon.current_mut().unwrap().stats.turns_spent = 5000;
        assert_eq!(
            ready_to_descend(&p, &w),
            LeafOutcome::Failure,
            "Dlvl 5 is below the hold at XL 7, hungry and patient or not"
        );
        w.status.hunger = Hunger::Weak;
        assert_eq!(
            ready_to_descend(&p, &w),
            LeafOutcome::Success,
            "Weak lifts the hold: food is deeper"
        );
        w.status.hunger = Hunger::Hungry;
        let unfed = descend_params(4, 8, true, true);
        assert_eq!(
            ready_to_descend(&unfed, &w),
            LeafOutcome::Success,
            "Hungry with an empty pack lifts the hold"
        );
        (w.status.xl, w.status.hunger) = (8, Hunger::Hungry);
        assert_eq!(ready_to_descend(&p, &w), LeafOutcome::Success);
        (w.status.dlvl, w.status.xl) = (3, 2);
        w.dungeon.start(3, "Dlvl:3");
        w.dungeon.current_mut().unwrap().stats.turns_spent = 1000;
        assert_eq!(
            ready_to_descend(&p, &w),
            LeafOutcome::Success,
            "down to the hold depth as before"
        );
    }

    #[test]
    fn not_back_down_within_after_coming_up_turns_of_climbing() {
        let mut p = descend_params(50, 1, false, false);
        p.0.push(("after_coming_up", ParamValue::Integer(200)));
        let mut w = on_dlvl_4(9);
        w.turn = 1_000;
        assert_eq!(ready_to_descend(&p, &w), LeafOutcome::Success);
        w.dungeon.came_up_on_turn = Some(900);
        assert_eq!(
            ready_to_descend(&p, &w),
            LeafOutcome::Failure,
            "came up 100 turns ago: what was fled is still below"
        );
        w.turn = 1_100;
        assert_eq!(ready_to_descend(&p, &w), LeafOutcome::Success);
        w.turn = 1_000;
        let at_once = descend_params(50, 1, false, false);
        assert_eq!(
            ready_to_descend(&at_once, &w),
            LeafOutcome::Success,
            "0 (the default): straight back down"
        );
    }

    #[test]
    fn fled_up_within_holds_for_a_flight_only_and_for_its_turns() {
        let p = Params(vec![("turns", ParamValue::Integer(200))]);
        let mut w = on_dlvl_4(9);
        w.turn = 1_050;
        w.dungeon.came_up_on_turn = Some(1_000);
        assert_eq!(
            fled_up_within(&p, &w),
            LeafOutcome::Failure,
            "a climb with no hostile below is no flight"
        );
        w.dungeon.came_up_fleeing = true;
        assert_eq!(fled_up_within(&p, &w), LeafOutcome::Success);
        w.turn = 1_200;
        assert_eq!(fled_up_within(&p, &w), LeafOutcome::Failure, "200 turns on");
    }

    /// A hero at full HP (20) and experience level `xl` on Dlvl 4, the hold's depth.
    fn on_dlvl_4(xl: i32) -> World {
        let mut w = World::default();
        w.dungeon.start(4, "Dlvl:4");
        (w.status.dlvl, w.status.xl, w.status.hp, w.status.hp_max) = (4, xl, 20, 20);
        w
    }

    /// `descend_params` with one more hold flag on.
    fn with_flag(mut p: Params, flag: &'static str) -> Params {
        p.0.push((flag, ParamValue::Flag(true)));
        p
    }

    #[test]
    fn an_unsafe_hunger_prayer_lifts_the_hold_only_when_unfed() {
        let p = with_flag(
            descend_params(4, 7, false, false),
            "hold_unsafe_prayer_lifts",
        );
        let mut w = on_dlvl_4(5);
        (w.turn, w.status.hunger) = (5000, Hunger::Hungry);
        w.last_prayer_turn = Some(4200);
        assert!(
            !w.prayer_is_free(),
            "800 turns after a prayer: ~8% too soon"
        );
        assert_eq!(
            ready_to_descend(&p, &w),
            LeafOutcome::Success,
            "Hungry, nothing to eat, the prayer risky: food is deeper"
        );
        w.last_prayer_turn = Some(2000);
        assert!(w.prayer_is_free(), "3,000 turns after: free");
        assert_eq!(
            ready_to_descend(&p, &w),
            LeafOutcome::Failure,
            "a free prayer will feed us: held"
        );
        w.refused_prayers.push(2000);
        assert_eq!(
            ready_to_descend(&p, &w),
            LeafOutcome::Success,
            "the god refused once: no prayer to wait for"
        );
        w.status.hunger = Hunger::NotHungry;
        assert_eq!(
            ready_to_descend(&p, &w),
            LeafOutcome::Failure,
            "fed: held whatever the god"
        );
        let off = descend_params(4, 7, false, false);
        w.status.hunger = Hunger::Hungry;
        assert_eq!(
            ready_to_descend(&off, &w),
            LeafOutcome::Failure,
            "off: held"
        );
    }

    #[test]
    fn a_refused_prayer_lifts_the_hold_for_good() {
        let p = with_flag(descend_params(4, 7, false, false), "hold_refusal_lifts");
        let mut w = on_dlvl_4(4);
        w.dungeon.current_mut().unwrap().stats.turns_spent = 1000;
        assert_eq!(
            ready_to_descend(&p, &w),
            LeafOutcome::Failure,
            "no refusal: held at XL 4"
        );
        w.refused_prayers.push(3000);
        assert_eq!(
            ready_to_descend(&p, &w),
            LeafOutcome::Success,
            "refused once: the usual patience rule again"
        );
        w.dungeon.current_mut().unwrap().stats.turns_spent = 10;
        assert_eq!(
            ready_to_descend(&p, &w),
            LeafOutcome::Failure,
            "then the usual rules: XL 4 is short of Dlvl 5 and little time spent here"
        );
    }
}
