//! Sidestep a slow danger: a monster slower than us (speed below 12) spends its move following
//! a step of ours, and a monster that moved does not strike in the same move (monmove.c
//! `dochug`: "case 1: monster moved ... return 0"). So with a dangerous slow monster next to
//! us, a step to a square next to no hostile costs no blow, where an engraving or a blow
//! gives it a round (a mumak's 4d12 butt: seeds 10, 118 and 185 of b31-main engraved beside
//! one, misspelled, and died at 70-90 HP). When it lags a step behind (a speed-9 mumak does a
//! turn in four), `elbereth_first` engraves with it two squares away: a free turn.

use crate::look;
use crate::recall::Recall;
use crate::threat::{self, distance, Threat};
use nhbot_bt::ParamType::*;
use nhbot_bt::Requirement::*;
use nhbot_bt::{p, Leaf, LeafOutcome, LeafSpec, NodeRegistry, Tick};
use nhbot_world::{Action, Branch, Condition, Dir, Encumbrance, Feature, Pos, World};

/// The `sidestep_slow` action's parameters.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SidestepSlow {
    /// Turns the fight look-ahead looks ahead.
    pub depth: u32,
    /// Hostiles slower than this (the hero's 12) must spend their move to follow us.
    pub below_speed: i32,
    /// Most steps in a row; then the leaf rests `rest` turns (a monster that ignores Elbereth
    /// follows for ever).
    pub steps: u32,
    /// Turns without sidestepping after `steps` in a row.
    pub rest: i64,
    /// With intrinsic speed (a Valkyrie's from XL 7: a third of our turns have a second move),
    /// a hostile at `below_speed` counts as slower too.
    pub when_fast: bool,
}

/// Steps taken in a row (the turn of the latest one) and the turn until which the leaf rests.
#[derive(Default)]
pub(crate) struct SidestepState {
    in_a_row: u32,
    last_turn: i64,
    resting_until: i64,
}

/// Conditions under which a step goes astray or the monsters cannot be told.
const IMPAIRED: [Condition; 4] = [
    Condition::Blind,
    Condition::Conf,
    Condition::Stun,
    Condition::Hallu,
];

/// Why the hostiles next to us are a slow danger, if they are: all known, slower than
/// `below_speed` and able to strike (not a gas spore or a floating eye, whose harm is passive),
/// no faster hostile within 3 (it would get free blows on the way), and one of them a foe the
/// fight look-ahead would not fight at our HP (b32-side sidestepped every gnome lord that could
/// take a low HP in 4 turns, and every gas spore: score 152 better / 177 worse).
pub fn slow_danger(w: &World, threats: &[Threat], depth: u32, below_speed: i32) -> Option<String> {
    slow_danger_within(w, threats, depth, below_speed, 1)
}

/// [`slow_danger`] among the hostiles within `reach` squares.
fn slow_danger_within(
    w: &World,
    threats: &[Threat],
    depth: u32,
    below_speed: i32,
    reach: i16,
) -> Option<String> {
    let hostile: Vec<&Threat> = threats.iter().filter(|t| t.hostile).collect();
    let adjacent: Vec<&Threat> = hostile
        .iter()
        .copied()
        .filter(|t| t.distance <= reach)
        .collect();
    let slow = |t: &&Threat| t.unknown.is_none() && t.speed < below_speed;
    if adjacent.is_empty()
        || !adjacent.iter().all(|t| slow(t) && t.no_melee.is_none())
        || hostile.iter().any(|t| t.distance <= 3 && !slow(t))
    {
        return None;
    }
    let worst = adjacent.iter().find(|t| {
        crate::monsters::by_name(&t.name)
            .is_some_and(|foe| !crate::lookahead::would_fight(w, foe, depth))
    })?;
    Some(format!(
        "{} (speed {}, {:.1} dmg/turn, the look-ahead would not fight it) {} square(s) away at \
         HP {}/{}",
        worst.name,
        worst.speed,
        worst.expected_damage,
        worst.distance,
        w.status.hp,
        w.status.hp_max
    ))
}

/// The step to a square next to no hostile, the nearest to the up stairs among the farthest
/// from the hostiles; `None` when every free square is next to one.
pub fn clear_step(w: &World, threats: &[Threat]) -> Option<(Dir, Pos)> {
    let level = w.level()?;
    let hostile: Vec<Pos> = threats
        .iter()
        .filter(|t| t.hostile)
        .map(|t| t.pos)
        .collect();
    let nearest = |p: Pos| hostile.iter().map(|&h| distance(p, h)).min().unwrap_or(99);
    let up_stairs = level.find(Feature::StairsUp);
    let to_stairs = |p: Pos| up_stairs.iter().map(|&s| distance(p, s)).min().unwrap_or(0);
    crate::retreat::open_steps(w)
        .into_iter()
        .filter(|&(_, p)| nearest(p) >= 2)
        .max_by_key(|&(_, p)| (nearest(p).min(3), -to_stairs(p)))
}

/// The next sidestep, if a slow danger stands next to us and a clear square is free.
fn sidestep_step(
    s: &mut SidestepState,
    r: &mut Recall,
    w: &World,
    rules: SidestepSlow,
) -> Option<(Action, String)> {
    if w.turn < s.resting_until
        || w.status.encumbrance != Encumbrance::Unencumbered
        || w.held()
        || w.level().is_none_or(|l| l.branch == Branch::Sokoban)
        || IMPAIRED.iter().any(|c| w.status.conditions.contains(c))
    {
        return None;
    }
    // A verified Elbereth under us holds what respects it; our own engraving not read back yet
    // is read first (`elbereth_first`).
    let ours_here = r.last_engrave_at == Some(w.player);
    if look::on_elbereth(&w.messages) || (ours_here && !look::looked_at(r, w)) {
        return None;
    }
    let threats = threat::threats(r, w);
    let fast = rules.when_fast && w.has_intrinsic(nhbot_world::Intrinsic::Speed);
    let below = rules.below_speed + i32::from(fast);
    let Some(why) = slow_danger(w, &threats, rules.depth, below) else {
        return engrave_while_it_lags(s, r, w, &threats, rules.depth, below);
    };
    let (dir, to) = clear_step(w, &threats)?;
    let in_a_row = if w.turn - s.last_turn <= 2 {
        s.in_a_row + 1
    } else {
        1
    };
    if in_a_row > rules.steps {
        s.in_a_row = 0;
        s.resting_until = w.turn + rules.rest;
        return None;
    }
    (s.in_a_row, s.last_turn) = (in_a_row, w.turn);
    Some((
        Action::Move { dir },
        format!(
            "sidestepping {dir:?} to ({}, {}), next to no hostile: {why} must move to follow, \
             and a monster that moved does not strike (step {in_a_row} in a row)",
            to.x, to.y
        ),
    ))
}

/// Turns after a sidestep during which a slow danger two squares off is the turn to engrave.
const LAG_MEMORY: i64 = 3;

/// Right after a sidestep, the slow danger lagged a step behind (two squares off): the free
/// turn to write Elbereth, when every hostile near respects it (it reaches us as the engraving
/// is made, and a monster that moved does not strike). `elbereth_first` takes a monster that
/// stood still for asleep, and the leaves after it walked back beside the mumak (seed 25 of
/// b32-side: to a lizard corpse, 62 HP to 8 in two turns).
fn engrave_while_it_lags(
    s: &SidestepState,
    r: &mut Recall,
    w: &World,
    threats: &[Threat],
    depth: u32,
    below_speed: i32,
) -> Option<(Action, String)> {
    if w.turn - s.last_turn > LAG_MEMORY || s.in_a_row == 0 {
        return None;
    }
    let why = slow_danger_within(w, threats, depth, below_speed, 2)?;
    let near = threats.iter().filter(|t| t.hostile && t.distance <= 2);
    if !near.clone().all(|t| t.respects_elbereth) || near.clone().any(|t| t.distance <= 1) {
        return None;
    }
    crate::elbereth::engrave_step(
        r,
        w,
        format!("reading what is engraved here: {why}, lagging after our sidestep"),
        "engraving Elbereth while it lags a step behind",
        |what| format!("{what}: {why}, lagging after our sidestep"),
    )
}

impl Leaf for SidestepSlow {
    type State = SidestepState;

    fn tick(&self, s: &mut SidestepState, t: &mut Tick<'_>) -> LeafOutcome {
        let r: &mut Recall = t.blackboard.entry::<Recall>();
        match sidestep_step(s, r, t.world, *self) {
            Some((action, why)) => LeafOutcome::Act(action, why),
            None => LeafOutcome::Failure,
        }
    }

    /// Another leaf's turn between steps does not reset the count.
    fn halted(&self, _: &mut SidestepState) {}
}

/// Registers `sidestep_slow`.
pub(crate) fn register(r: &mut NodeRegistry) {
    r.register(
        LeafSpec::action(
            "sidestep_slow",
            "With a dangerous hostile next to us that is slower than us, step to a free square \
             next to no hostile: it must spend its move to follow, and a monster that moved does \
             not strike in that move (monmove.c), so the step costs no blow where an engraving \
             or a blow would. Dangerous: one the fight look-ahead (`depth` turns) would not \
             fight at our HP. Only when every hostile next to us is known, able to strike and \
             slower than `below_speed` and no faster one is within 3; \
             never off a verified Elbereth, burdened, held, blind, confused, stunned, \
             hallucinating or in Sokoban. Prefers the way to the up stairs. Right after a \
             sidestep, with the foe lagging two squares behind and every hostile near \
             respecting Elbereth, writes Elbereth (the free turn). After `steps` steps in a \
             row it rests `rest` turns.",
        )
        .params(
            const {
                &[
                    p(
                        "depth",
                        Integer { min: 1, max: 8 },
                        Default("4"),
                        "Turns the fight look-ahead looks ahead.",
                    ),
                    p(
                        "below_speed",
                        Integer { min: 1, max: 30 },
                        Default("12"),
                        "Only hostiles slower than this (the hero's speed is 12).",
                    ),
                    p(
                        "steps",
                        Integer { min: 1, max: 1000 },
                        Default("20"),
                        "Most steps in a row.",
                    ),
                    p(
                        "rest",
                        Integer { min: 0, max: 10000 },
                        Default("30"),
                        "Turns without sidestepping after `steps` in a row.",
                    ),
                    p(
                        "when_fast",
                        Flag,
                        Default("false"),
                        "With intrinsic speed (a third of our turns have a second move), a \
                         hostile at `below_speed` counts as slower too.",
                    ),
                ]
            },
        ),
        |p| SidestepSlow {
            depth: p.integer("depth") as u32,
            below_speed: p.integer("below_speed") as i32,
            steps: p.integer("steps") as u32,
            rest: p.integer("rest"),
            when_fast: p.flag("when_fast"),
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seen::world;

    const ROOM: [&str; 5] = ["-------", "|.....|", "|.@...|", "|.....|", "-------"];

    fn threat(name: &str, pos: Pos, speed: i32, expected: f64, most: u32) -> Threat {
        Threat {
            speed,
            expected_damage: expected,
            max_damage: most,
            ..threat::sample(name, pos)
        }
    }

    /// The leaf's rules: `steps` in a row at most, `when_fast` as given.
    fn rules(steps: u32, when_fast: bool) -> SidestepSlow {
        SidestepSlow {
            depth: 4,
            below_speed: 12,
            steps,
            rest: 30,
            when_fast,
        }
    }

    /// `w` with a monster farlook named `name` drawn `ch` in `color` at `pos`.
    fn with_monster(w: &mut World, name: &str, ch: char, color: u8, pos: Pos) {
        w.monsters.push(nhbot_world::Monster {
            pos,
            ch,
            color,
            name: Some(name.into()),
            first_seen: 1,
            last_seen: w.turn,
            ..std::default::Default::default()
        });
    }

    fn at_hp(hp: i32) -> World {
        let mut w = world(&ROOM);
        (w.status.hp, w.status.hp_max) = (hp, 80);
        w
    }

    #[test]
    fn a_mumak_next_to_us_is_a_slow_danger_a_soldier_ant_is_not() {
        let w = at_hp(80);
        let mumak = threat("mumak", Pos::new(3, 2), 9, 17.3, 60);
        assert!(slow_danger(&w, std::slice::from_ref(&mumak), 4, 12).is_some());
        let ant = threat("soldier ant", Pos::new(3, 2), 18, 17.3, 60);
        assert_eq!(slow_danger(&w, &[ant], 4, 12), None, "it moves and bites");
        // A fast one a few squares off gets free blows on the way: no sidestep.
        let mut bee = threat("killer bee", Pos::new(5, 2), 18, 1.0, 3);
        bee.distance = 3;
        assert_eq!(slow_danger(&w, &[mumak, bee], 4, 12), None);
        let newt = threat("newt", Pos::new(3, 2), 6, 1.0, 3);
        assert_eq!(slow_danger(&w, &[newt], 4, 12), None, "no danger");
        // A gas spore only harms by exploding when it dies: nothing to step away from.
        let mut spore = threat("gas spore", Pos::new(3, 2), 3, 0.0, 24);
        spore.no_melee = Some("explodes");
        assert_eq!(slow_danger(&w, &[spore], 4, 12), None, "no blow");
    }

    #[test]
    fn the_step_ends_next_to_no_hostile() {
        let w = at_hp(80);
        let mumak = threat("mumak", Pos::new(3, 2), 9, 17.3, 60);
        let (dir, to) = clear_step(&w, std::slice::from_ref(&mumak)).expect("a free square");
        assert!(distance(to, mumak.pos) >= 2, "{dir:?} to {to:?}");
        assert_eq!(to.x, 1, "away from it, to the west: {to:?}");
    }

    #[test]
    fn the_leaf_steps_then_rests_after_its_budget() {
        let mut r = Recall::default();
        let mut s = SidestepState::default();
        let rules = rules(2, false);
        let mut w = at_hp(80);
        with_monster(
            &mut w,
            "mumak",
            'q',
            nhbot_world::tiles::clr::GRAY,
            Pos::new(3, 2),
        );
        let (action, why) = sidestep_step(&mut s, &mut r, &w, rules).expect("a sidestep");
        assert!(matches!(action, Action::Move { .. }), "{why}");
        w.turn += 1;
        assert!(sidestep_step(&mut s, &mut r, &w, rules).is_some(), "step 2");
        w.turn += 1;
        assert_eq!(sidestep_step(&mut s, &mut r, &w, rules), None, "the budget");
        w.turn += 10;
        assert_eq!(sidestep_step(&mut s, &mut r, &w, rules), None, "resting");
    }

    /// A tiger (speed 12) keeps up with us, but not once we are fast (`when_fast`).
    #[test]
    fn a_tiger_counts_as_slower_only_when_we_are_fast() {
        let mut r = Recall::default();
        let rules = rules(20, true);
        let mut w = at_hp(20);
        with_monster(
            &mut w,
            "tiger",
            'f',
            nhbot_world::tiles::clr::YELLOW,
            Pos::new(3, 2),
        );
        let mut s = SidestepState::default();
        assert_eq!(
            sidestep_step(&mut s, &mut r, &w, rules),
            None,
            "as fast as we are"
        );
        w.intrinsics.insert(nhbot_world::Intrinsic::Speed);
        assert!(sidestep_step(&mut s, &mut r, &w, rules).is_some(), "fast");
        let off = SidestepSlow {
            when_fast: false,
            ..rules
        };
        assert_eq!(sidestep_step(&mut s, &mut r, &w, off), None, "the rule off");
    }

    /// Right after a sidestep, the mumak two squares off (it lagged): the leaf reads the floor
    /// and writes Elbereth; with no sidestep lately, it leaves the mumak to the other leaves.
    #[test]
    fn a_lagging_mumak_gets_an_elbereth() {
        let mut r = Recall::default();
        let rules = rules(20, false);
        let mut w = at_hp(80);
        w.turn = 50;
        with_monster(
            &mut w,
            "mumak",
            'q',
            nhbot_world::tiles::clr::GRAY,
            Pos::new(4, 2),
        );
        let mut s = SidestepState::default();
        assert_eq!(
            sidestep_step(&mut s, &mut r, &w, rules),
            None,
            "no sidestep lately"
        );
        s.in_a_row = 1;
        s.last_turn = 49;
        let (action, why) =
            sidestep_step(&mut s, &mut r, &w, rules).expect("a look, then Elbereth");
        assert!(
            matches!(
                action,
                Action::Keys { .. } | Action::Look | Action::Engrave { .. }
            ),
            "{action:?}: {why}"
        );
        assert!(why.contains("lagging"), "{why}");
    }
}
