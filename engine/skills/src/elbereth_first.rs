//! Elbereth as the first answer to a dangerous monster that respects it, at any HP, before
//! it strikes (the 200-game bench's Elbereth came at 40% HP, often too late: an engraving
//! costs a turn of blows and a dust one comes out misspelled ~28% of the time). Uses the
//! Elbereth cycle's pieces (`elbereth`): look, engrave, read back, stand on it.

use crate::elbereth::{engrave_step, near_threats, trusted_blind_by, worst_and_more, would_help};
use crate::elbereth_weigh::lookahead_prefers_other;
use crate::look;
use crate::recall::Recall;
use crate::threat::{self, Threat};
use nhbot_world::{Action, Condition, World};

/// Why the awake hostiles within `radius` are a danger Elbereth should meet before they
/// strike: all respect it, and together they would take our HP in `turns` turns at their
/// expected damage, or could take half of it (and at least [`BIG_ROUND`]) in one turn; with
/// `thieves`, also when one of them steals (see [`crate::thief::thief`]). The reason names the
/// worst of them and the numbers. `awake` tells a monster that moved or struck from one that
/// sleeps (a throne room's court kept seed 40 on Elbereth for 700 turns).
pub fn danger_that_respects(
    r: &Recall,
    w: &World,
    radius: i16,
    turns: f64,
    (thieves, poison): (bool, bool),
    awake: impl Fn(&Threat) -> bool,
) -> Option<String> {
    let near: Vec<Threat> = threat::threats(r, w)
        .into_iter()
        .filter(|t| t.hostile && t.distance <= radius && awake(t))
        .collect();
    let worst = near.first()?;
    if !near.iter().all(|t| t.respects_elbereth) {
        return None;
    }
    if thieves {
        if let Some((t, what)) = near
            .iter()
            .find_map(|t| Some((t, crate::thief::thief(t, w)?)))
        {
            return Some(format!(
                "{} {} square(s) away {what} (a blow of ours leaves it its turn to steal)",
                t.name, t.distance
            ));
        }
    }
    // With `poison`, a sting's poison too ([`crate::poison_blow`]).
    let poisoned = poison && !w.has_intrinsic(nhbot_world::Intrinsic::PoisonResistance);
    let extra = |t: &Threat| {
        crate::monsters::by_name(&t.name)
            .filter(|_| poisoned)
            .map_or(0.0, |m| crate::poison_blow::expected_extra(m, w.status.ac))
    };
    let expected: f64 = near.iter().map(|t| t.expected_damage + extra(t)).sum();
    let most: u32 = near.iter().map(|t| t.max_damage).sum();
    let hp = w.status.hp.max(1);
    let big_round = most >= BIG_ROUND && i64::from(most) * 2 >= i64::from(hp);
    let dangerous = expected * turns >= f64::from(hp) || big_round;
    dangerous.then(|| {
        format!(
            "{} ({expected:.1} dmg/turn, up to {most}) vs HP {}/{}",
            worst_and_more(worst, near.len()),
            w.status.hp,
            w.status.hp_max
        )
    })
}

/// The least damage in one turn that counts as a big round (a fox's 6 at HP 12 is not one: a
/// mumak's 60 at HP 63 is).
pub const BIG_ROUND: u32 = 15;

/// Turns with no danger in reach after which the next one starts a new stand (its own
/// `patience`), on the same square or not.
const QUIET_TURNS: i64 = 20;

/// Squares beyond `radius` within which an awake danger keeps us on our Elbereth.
const STAY_RADIUS: i16 = 3;

/// The `elbereth_first` node's parameters.
#[derive(Clone, Copy, Debug)]
pub struct ElberethFirstRules {
    /// Chebyshev distance of the monsters met.
    pub radius: i16,
    /// Turns of expected damage that make them dangerous.
    pub turns: f64,
    /// The same while one of them is faster than us (0: `turns`): a soldier ant cannot be
    /// fled, and it strikes while we engrave.
    pub faster_turns: f64,
    /// Most turns spent on one Elbereth square.
    pub patience: i64,
    /// Turns we stay on our own engraving after the danger was last in reach and awake: a
    /// scared monster flees for rnd(10) turns (monmove.c `distfleeck`), out of sight or
    /// standing still, then comes back; walking off meets it in the open.
    pub linger: i64,
    /// Turns between reads of the Elbereth we wrote while we stay on it with no danger (0: off;
    /// see [`crate::elbereth_fresh`]).
    pub refresh: i64,
    /// Next to a hostile, engrave only when the look-ahead ranks Elbereth first, a foe held off
    /// valued at this (0: always; see [`crate::elbereth_weigh::lookahead_prefers_other`]).
    pub weigh: f64,
    /// The fight weighed strikes diagonally into or out of a door too (see
    /// [`crate::steps::FightRules::door_blows`]).
    pub door_blows: bool,
    /// Blind, trust the Elbereth we wrote only until a blow says it is broken
    /// ([`crate::elbereth::trusted_blind_by`]).
    pub blind_blow: bool,
    /// A thief (a nymph; a leprechaun while we carry gold) is a danger whatever its damage.
    pub thieves: bool,
    /// Count the poison of stings in the danger's expected damage ([`crate::poison_blow`]).
    pub poison: bool,
}

/// The `elbereth_first` leaf's memory: the square of its Elbereth and the turn it first stood
/// there (it stops after its patience), and where the hostiles stood at the latest two game
/// turns it saw (a monster still where it was a turn ago, not striking us, sleeps).
#[derive(Clone, Debug, Default)]
pub struct FirstState {
    pub square: Option<nhbot_world::Pos>,
    pub since: i64,
    pub seen_turn: i64,
    pub seen_now: Vec<nhbot_world::Pos>,
    pub seen_before: Vec<nhbot_world::Pos>,
    /// The turn of the latest blow (or miss) at us: a monster next to us that struck lately
    /// is awake even when it stands still.
    pub last_struck: Option<i64>,
    /// The latest turn an awake danger was in reach, and why it was one (for `linger`).
    pub last_danger: Option<(i64, String)>,
    /// The refresh's memory (see [`crate::elbereth_fresh`]).
    pub fresh: crate::elbereth_fresh::FreshState,
}

/// Turns a blow at us keeps a monster next to us counted awake.
const STRUCK_MEMORY: i64 = 5;

impl FirstState {
    /// Notes where the monsters are this turn (a look takes no time: same turn, same list).
    fn watch(&mut self, w: &World) {
        let now: Vec<nhbot_world::Pos> = w.monsters.iter().map(|m| m.pos).collect();
        if w.turn != self.seen_turn {
            self.seen_before = std::mem::replace(&mut self.seen_now, now);
            self.seen_turn = w.turn;
        } else {
            self.seen_now = now;
        }
    }
}

/// Elbereth as the first answer to a dangerous monster that respects it, at any HP: engrave it
/// as an awake one closes in (within `radius`), read it back, re-engrave when misspelled, and
/// stand on it while the danger stays near, at most `patience` turns on one square (scared
/// monsters flee and come back; we cannot wait for ever), and `linger` turns more on our own
/// engraving once it is out of sight or stands still (a fled monster comes back: see
/// [`ElberethFirstRules::linger`]). Stops when HP falls while we stand on it (what hurts us
/// ignores it); never while hallucinating (every monster is a guess). With no danger, keeps the
/// Elbereth we stay on intact every `refresh` turns ([`crate::elbereth_fresh::refresh_step`]).
pub fn elbereth_first_step(
    r: &mut Recall,
    state: &mut FirstState,
    w: &World,
    path: &str,
    rules: ElberethFirstRules,
) -> Option<(Action, String)> {
    match meet_danger(r, state, w, path, rules) {
        Some(step) => {
            state.fresh.watch(r, w);
            Some(step)
        }
        None => crate::elbereth_fresh::refresh_step(r, &mut state.fresh, w, rules.refresh),
    }
}

/// [`elbereth_first_step`] against a danger in reach.
fn meet_danger(
    r: &mut Recall,
    state: &mut FirstState,
    w: &World,
    path: &str,
    rules: ElberethFirstRules,
) -> Option<(Action, String)> {
    let ElberethFirstRules {
        radius,
        turns,
        patience,
        linger,
        ..
    } = rules;
    state.watch(w);
    if w.status.conditions.contains(&Condition::Hallu) {
        return None;
    }
    let msgs = &w.messages;
    let blind_trust =
        trusted_blind_by(r, w, rules.blind_blow) && w.hp_fell_since_own(path).is_none();
    let standing = look::on_elbereth(msgs) || blind_trust;
    // Our own engraving here, not read back yet: read it before walking off.
    let ours_here = r.last_engrave_at == Some(w.player);
    let holds = if standing || ours_here {
        near_threats(r, w).1 && !threat::threats(r, w).iter().any(|t| t.gazes)
    } else {
        would_help(r, w)
    };
    if !holds || crate::ranged::unsafe_to_wait(r, w).is_some() {
        return None;
    }
    // Once on it, stay while the danger is in view near us: a scared monster steps back and
    // returns, and walking off meets it in the open.
    let reach = if standing || ours_here {
        radius + STAY_RADIUS
    } else {
        radius
    };
    if crate::signs::attacked(msgs) {
        state.last_struck = Some(w.turn);
    }
    let struck_lately = state
        .last_struck
        .is_some_and(|t| (0..=STRUCK_MEMORY).contains(&(w.turn - t)));
    let before = &state.seen_before;
    let awake = |t: &Threat| {
        before.is_empty()
            || !before.contains(&t.pos)
            || (t.distance <= 1 && struck_lately)
            // On our Elbereth a monster next to us holds us there, awake or not: a scared
            // one with nowhere to flee stands still, and stepping off meets it. Not a thief
            // that stays put: she sleeps (a nymph is made asleep 4 times in 5, makemon.c), and
            // only a blow of ours wakes her (seed 10 of b28 stood 60 turns beside one).
            || (t.distance <= 1
                && (standing || ours_here)
                && !(rules.thieves && crate::thief::thief(t, w).is_some()))
    };
    let danger_before = state.last_danger.as_ref().map(|(seen, _)| *seen);
    let faster_near = || {
        threat::threats(r, w)
            .iter()
            .any(|t| t.hostile && t.distance <= reach && t.speed > threat::OUR_SPEED && awake(t))
    };
    let turns = if rules.faster_turns > turns && faster_near() {
        rules.faster_turns
    } else {
        turns
    };
    let why = match danger_that_respects(r, w, reach, turns, (rules.thieves, rules.poison), awake) {
        Some(why) => {
            state.last_danger = Some((w.turn, why.clone()));
            why
        }
        // Gone from reach or standing still, on the engraving we wrote: the danger fled and
        // comes back (the bench's seed 90 walked off its unread Elbereth as the soldier ant
        // fled; the ant came back with another: 52 HP to 5 in one turn).
        None if standing || ours_here => match &state.last_danger {
            Some((seen, why)) if (0..=linger).contains(&(w.turn - seen)) => {
                format!("lingering, {} turn(s) after {why}", w.turn - seen)
            }
            _ => return None,
        },
        None => return None,
    };
    // A new stand: another square, or the first danger after a quiet spell (the patience spent
    // on a square once must not forbid it for good: seed 63 of b35 camped on one square for
    // thousands of turns, and every later danger there met no Elbereth).
    let quiet = danger_before.is_none_or(|seen| w.turn - seen > linger.max(QUIET_TURNS));
    if state.square != Some(w.player) || quiet {
        state.square = Some(w.player);
        state.since = w.turn;
    }
    if w.turn - state.since > patience {
        return None;
    }
    if standing {
        // Weak from hunger, waiting on it only brings the faint closer (seeds 6 and 197 of the
        // smoke runs stood on it Fainting): the food leaves and the fight come first.
        if w.hp_fell_since_own(path).is_some() || w.status.hunger >= nhbot_world::Hunger::Weak {
            return None;
        }
        let how = if blind_trust {
            "standing blind on the Elbereth we wrote"
        } else {
            "standing on a verified Elbereth"
        };
        return Some((Action::Search { count: 1 }, format!("{how}: {why}")));
    }
    if look::looked_at(r, w)
        && lookahead_prefers_other(r, w, rules.weigh, rules.door_blows).is_some()
    {
        return None;
    }
    engrave_step(
        r,
        w,
        format!("reading what is engraved here: {why}"),
        "engraving Elbereth before it strikes",
        |what| format!("{what}: {why}"),
    )
}

#[cfg(test)]
#[allow(unused_mut, unused_variables)]
mod tests {
    use super::*;
    use nhbot_world::Pos;

    /// The node's defaults with no linger: radius 2, 4 turns, patience 60, every option off.
    fn test_rules() -> ElberethFirstRules {
        ElberethFirstRules {
            radius: 2,
            turns: 4.0,
            faster_turns: 0.0,
            patience: 60,
            linger: 0,
            refresh: 0,
            weigh: 0.0,
            door_blows: false,
            blind_blow: false,
            thieves: false,
            poison: false,
        }
    }

    fn world(hp: i32, monster: char, color: u8, messages: &[&str]) -> World {
        crate::elbereth::tests::world(hp, monster, color, messages)
    }

    fn first(r: &mut crate::Recall, state: &mut FirstState, w: &World) -> Option<(Action, String)> {
        first_lingering(r, state, w, 0)
    }

    fn first_lingering(
        r: &mut crate::Recall,
        state: &mut FirstState,
        w: &World,
        linger: i64,
    ) -> Option<(Action, String)> {
        let rules = ElberethFirstRules {
            linger,
            ..test_rules()
        };
        elbereth_first_step(r, state, w, "root/elbereth_first", rules)
    }

    /// A soldier ant two squares away at full HP: the bot engraves before it bites, reads it
    /// back, re-engraves a misspelling, stands on the verified one; a newt is fought instead.
    #[test]
    fn engraves_before_a_dangerous_monster_strikes() {
        let mut r = crate::Recall::default();
        let mut state = FirstState::default();
        // Each call is a new turn: the ant moves (an awake one), 2 squares away.
        let step = std::cell::Cell::new(0);
        let ant = |msgs: &[&str]| {
            let mut w = world(52, 'a', 4, msgs);
            (w.status.hp_max, w.status.xl, w.status.ac, w.status.dlvl) = (52, 6, 3, 6);
            step.set(step.get() + 1);
            w.monsters[0].pos = Pos::new(12, 9 + (step.get() % 2) as i16);
            w.monsters[0].name = Some("soldier ant".into());
            w
        };
        let (action, why) = first(&mut r, &mut state, &ant(&[])).expect("looks first");
        assert_eq!(action, look::look_action(), "{why}");
        assert!(why.contains("soldier ant 2 square(s) away"), "{why}");
        let (action, why) =
            first(&mut r, &mut state, &ant(&["You see no objects here."])).expect("engraves");
        assert!(matches!(action, Action::Engrave { .. }), "{why}");
        assert!(
            why.contains("before it strikes") && why.contains("HP 52/52"),
            "{why}"
        );
        let (action, _) =
            first(&mut r, &mut state, &ant(&["You read: \"Elbcreth\"."])).expect("again");
        assert!(matches!(action, Action::Engrave { .. }));
        let (action, why) =
            first(&mut r, &mut state, &ant(&["You read: \"Elbereth\"."])).expect("stands");
        assert_eq!(action, Action::Search { count: 1 }, "{why}");
        // A newt is no danger: the fight is the other leaves' business.
        let mut newt = world(52, ':', 3, &[]);
        newt.status.hp_max = 52;
        newt.monsters[0].name = Some("newt".into());
        assert_eq!(first(&mut r, &mut FirstState::default(), &newt), None);
        // A soldier (an `@`) ignores Elbereth.
        let mut soldier = world(20, '@', 8, &[]);
        soldier.monsters[0].name = Some("soldier".into());
        assert_eq!(first(&mut r, &mut FirstState::default(), &soldier), None);
    }

    /// `faster_turns`: a soldier ant (speed 18, ~14 HP a turn against AC 3) two squares off at
    /// HP 82 is no danger in 4 turns but is in 6; an owlbear (speed 12, ~13.6) at HP 70 stays
    /// no danger, it is not faster than us.
    #[test]
    fn faster_turns_counts_only_what_outruns_us() {
        let decide = |name: &str, glyph: char, hp: i32, faster_turns: f64| {
            let mut r = crate::Recall::default();
            let mut state = FirstState::default();
            let mut w = world(hp, glyph, 4, &[]);
            (w.status.hp_max, w.status.xl, w.status.ac, w.status.dlvl) = (hp, 6, 3, 6);
            w.monsters[0].pos = Pos::new(12, 9);
            w.monsters[0].name = Some(name.into());
            let rules = ElberethFirstRules {
                faster_turns,
                ..test_rules()
            };
            elbereth_first_step(&mut r, &mut state, &w, "root/elbereth_first", rules)
        };
        assert_eq!(decide("soldier ant", 'a', 82, 0.0), None, "4 turns");
        let (action, why) = decide("soldier ant", 'a', 82, 6.0).expect("6 turns: a danger");
        assert_eq!(action, look::look_action(), "{why}");
        assert!(why.contains("soldier ant 2 square(s) away"), "{why}");
        assert_eq!(decide("owlbear", 'Y', 70, 6.0), None, "not faster");
        assert!(decide("owlbear", 'Y', 50, 6.0).is_some(), "4 turns of it");
    }

    /// Two killer bees at HP 20/49: their stings' dice alone (~3.9 HP a turn) take 20 HP in
    /// more than 4 turns; with their poison counted (~5.9) in fewer, so `poison` meets them
    /// with Elbereth. Poison resistant, the poison counts for nothing.
    #[test]
    fn poison_counts_a_bee_swarm_as_a_danger() {
        let mut w = world(20, 'a', 11, &[]);
        (w.status.hp_max, w.status.xl, w.status.ac, w.status.dlvl) = (49, 6, 3, 6);
        w.monsters[0].name = Some("killer bee".into());
        let mut second = w.monsters[0].clone();
        second.pos = Pos::new(12, 11);
        w.monsters.push(second);
        let r = crate::Recall::default();
        let danger = |w: &World, poison: bool| {
            danger_that_respects(&r, w, 2, 4.0, (false, poison), |_| true)
        };
        assert_eq!(danger(&w, false), None, "the dice alone");
        let why = danger(&w, true).expect("with the poison");
        assert!(
            why.contains("killer bee 1 square(s) away and 1 more"),
            "{why}"
        );
        w.intrinsics
            .insert(nhbot_world::intrinsics::Intrinsic::PoisonResistance);
        assert_eq!(danger(&w, true), None, "resistant");
    }

    /// A water nymph next to us at full HP does no damage, so only `thieves` engraves before her
    /// touch: without it the fight (a blow, then her theft) is the other leaves' business.
    #[test]
    fn thieves_meets_a_nymph_with_elbereth() {
        for thieves in [false, true] {
            let mut r = crate::Recall::default();
            let mut state = FirstState::default();
            let mut w = world(52, 'n', 4, &["You see no objects here."]);
            (w.status.hp_max, w.status.xl, w.status.ac, w.status.dlvl) = (52, 6, 3, 6);
            w.monsters[0].name = Some("water nymph".into());
            let rules = ElberethFirstRules {
                thieves,
                ..test_rules()
            };
            let step = elbereth_first_step(&mut r, &mut state, &w, "root/elbereth_first", rules);
            if thieves {
                let (action, why) = step.expect("engraves");
                assert!(matches!(action, Action::Engrave { .. }), "{why}");
                assert!(why.contains("water nymph 1 square(s) away steals"), "{why}");
            } else {
                assert_eq!(step, None, "no damage, no danger");
            }
        }
    }

    /// On a verified Elbereth, a nymph that stays put next to us sleeps: `thieves` holds us
    /// there only while she moves (seed 10 of b28 stood 60 turns beside a sleeping one).
    #[test]
    fn a_sleeping_nymph_next_to_us_holds_us_no_longer() {
        let mut r = crate::Recall::default();
        let mut state = FirstState::default();
        let rules = ElberethFirstRules {
            thieves: true,
            ..test_rules()
        };
        let nymph = || {
            let mut w = world(52, 'n', 4, &["You read: \"Elbereth\"."]);
            (w.status.hp_max, w.status.xl, w.status.ac, w.status.dlvl) = (52, 6, 3, 6);
            w.monsters[0].name = Some("water nymph".into());
            w
        };
        let (action, why) = elbereth_first_step(&mut r, &mut state, &nymph(), "root/e", rules)
            .expect("first seen: awake, stands");
        assert_eq!(action, Action::Search { count: 1 }, "{why}");
        assert_eq!(
            elbereth_first_step(&mut r, &mut state, &nymph(), "root/e", rules),
            None,
            "still in place a turn later: asleep"
        );
    }

    /// A hill orc next to us at 10/52 HP is a danger (4 turns of its blows take our HP), but
    /// one hit kills it: with `weigh` the look-ahead's fight is left to it, not a turn spent
    /// engraving under its blows; without, the leaf engraves.
    #[test]
    fn weighs_the_engraving_next_to_a_foe_against_the_lookahead() {
        for weigh in [0.0, 0.9] {
            let mut r = crate::Recall::default();
            let mut state = FirstState::default();
            let mut w = world(10, 'o', 3, &["You see no objects here."]);
            (w.status.hp_max, w.status.xl, w.status.ac) = (52, 6, 3);
            w.monsters[0].name = Some("hill orc".into());
            let rules = ElberethFirstRules {
                weigh,
                ..test_rules()
            };
            let step = elbereth_first_step(&mut r, &mut state, &w, "root/elbereth_first", rules);
            if weigh == 0.0 {
                let (action, why) = step.expect("engraves");
                assert!(matches!(action, Action::Engrave { .. }), "{why}");
                assert!(why.contains("hill orc 1 square(s) away"), "{why}");
            } else {
                assert_eq!(step, None, "the look-ahead fights it");
            }
        }
    }

    /// A soldier ant that stays where it was a turn ago and never strikes sleeps (a throne
    /// room's court): no Elbereth for it.
    #[test]
    fn a_sleeping_monster_is_no_reason_to_engrave() {
        let mut r = crate::Recall::default();
        let mut state = FirstState::default();
        let sleeper = |msgs: &[&str]| {
            let mut w = world(52, 'a', 4, msgs);
            (w.status.hp_max, w.status.xl, w.status.ac, w.status.dlvl) = (52, 6, 3, 6);
            w.monsters[0].pos = Pos::new(12, 10);
            w.monsters[0].name = Some("soldier ant".into());
            w
        };
        assert!(
            first(&mut r, &mut state, &sleeper(&[])).is_some(),
            "first sight: it may be coming"
        );
        assert_eq!(
            first(&mut r, &mut state, &sleeper(&["You see no objects here."])),
            None,
            "a turn later it has not moved"
        );
        let mut hallucinating = sleeper(&[]);
        hallucinating.monsters[0].pos = Pos::new(12, 11);
        hallucinating.status.conditions.push(Condition::Hallu);
        assert_eq!(first(&mut r, &mut state, &hallucinating), None);
    }

    /// On a verified Elbereth beside a soldier ant that moves about next to us (awake, so we
    /// stay) until the 60 turns of patience are spent; the world as it stands then.
    fn spend_patience(r: &mut crate::Recall, state: &mut FirstState) -> World {
        let mut w = world(30, 'a', 4, &["You read: \"Elbereth\"."]);
        w.status.hp_max = 52;
        w.monsters[0].name = Some("soldier ant".into());
        assert!(first(r, state, &w).is_some());
        // Looked at every 10 turns here: 20 turns without a danger would begin a new stand.
        let start = w.turn;
        for (turn, y) in (1..=6).map(|i| (start + 10 * i, [11, 9][i as usize % 2])) {
            w.turn = turn;
            w.monsters[0].pos = Pos::new(11, y);
            assert!(first(r, state, &w).is_some(), "turn {turn}");
        }
        w.turn += 1;
        w.monsters[0].pos = Pos::new(11, 10);
        w
    }

    #[test]
    fn stands_on_it_only_for_its_patience() {
        let mut r = crate::Recall::default();
        let mut state = FirstState::default();
        let w = spend_patience(&mut r, &mut state);
        assert_eq!(
            first(&mut r, &mut state, &w),
            None,
            "60 turns on one square"
        );
    }

    /// The patience spent on a square is that stand's: a danger that comes after a quiet spell
    /// starts a new stand there (seed 63 of b35 camped on one square for thousands of turns,
    /// and no later danger there met an Elbereth).
    #[test]
    fn a_new_danger_after_a_quiet_spell_gets_its_own_patience() {
        let mut r = crate::Recall::default();
        let mut state = FirstState::default();
        let mut w = spend_patience(&mut r, &mut state);
        assert_eq!(first(&mut r, &mut state, &w), None, "patience spent");
        // The ant is gone for a while: nothing to meet.
        let ant = w.monsters.pop().expect("the ant");
        w.turn += 100;
        assert_eq!(first(&mut r, &mut state, &w), None, "no danger");
        // Another comes to the same square: a new stand.
        w.monsters.push(ant);
        w.turn += 1;
        assert!(
            first(&mut r, &mut state, &w).is_some(),
            "a new danger on the square of a spent patience"
        );
    }

    /// On its verified Elbereth, the leaf stays while the soldier ant that stepped back is in
    /// view within 5 squares; it would not engrave for one 5 squares away.
    #[test]
    fn stays_on_it_while_the_danger_hovers_near() {
        let mut r = crate::Recall::default();
        let mut state = FirstState::default();
        let mut w = world(52, 'a', 4, &["You read: \"Elbereth\"."]);
        (w.status.hp_max, w.status.xl, w.status.ac) = (52, 6, 3);
        w.monsters[0].pos = Pos::new(15, 10);
        w.monsters[0].name = Some("soldier ant".into());
        assert_eq!(
            first(&mut r, &mut state, &w).map(|(a, _)| a),
            Some(Action::Search { count: 1 })
        );
        w.messages.clear();
        assert_eq!(
            first(&mut r, &mut state, &w),
            None,
            "not on one: too far to engrave"
        );
        // Weak from hunger: no waiting on it.
        w.messages = vec!["You read: \"Elbereth\".".into()];
        w.monsters[0].pos = Pos::new(14, 10);
        assert!(first(&mut r, &mut state, &w).is_some());
        w.status.hunger = nhbot_world::Hunger::Weak;
        w.monsters[0].pos = Pos::new(15, 10);
        assert_eq!(first(&mut r, &mut state, &w), None, "weak: no standing");
    }

    /// Seed 90: Elbereth engraved as a soldier ant came next to us; it fled out of sight and
    /// the bot walked off before reading it back. With `linger`, the bot reads it back and
    /// stands on it for `linger` turns after the ant was last seen; then it goes.
    #[test]
    fn lingers_on_its_engraving_after_the_danger_flees_out_of_sight() {
        let ant = |msgs: &[&str], turn: i64, seen: bool| {
            let mut w = world(52, 'a', 4, msgs);
            (w.status.hp_max, w.status.xl, w.status.ac, w.status.dlvl) = (52, 6, 6, 6);
            w.turn = turn;
            w.monsters[0].name = Some("soldier ant".into());
            if !seen {
                w.monsters.clear();
            }
            w
        };
        for linger in [0, 8] {
            let mut r = crate::Recall::default();
            let mut state = FirstState::default();
            let start = 1_000_000 + 1000 * linger;
            assert_eq!(
                first_lingering(&mut r, &mut state, &ant(&[], start, true), linger).map(|(a, _)| a),
                Some(look::look_action())
            );
            let (action, _) = first_lingering(
                &mut r,
                &mut state,
                &ant(&["You see no objects here."], start, true),
                linger,
            )
            .expect("engraves");
            assert!(matches!(action, Action::Engrave { .. }));
            // The ant fled out of sight: the engraving is ours, not read back yet.
            let gone = first_lingering(&mut r, &mut state, &ant(&[], start + 1, false), linger);
            if linger == 0 {
                assert_eq!(gone, None, "no lingering: walks off");
                continue;
            }
            let (action, why) = gone.expect("reads it back");
            assert_eq!(action, look::look_action(), "{why}");
            assert!(
                why.contains("lingering") && why.contains("soldier ant"),
                "{why}"
            );
            let read = ["You read: \"Elbereth\"."];
            let (action, _) =
                first_lingering(&mut r, &mut state, &ant(&read, start + 5, false), linger)
                    .expect("stands");
            assert_eq!(action, Action::Search { count: 1 });
            assert_eq!(
                first_lingering(&mut r, &mut state, &ant(&read, start + 9, false), linger),
                None,
                "9 turns after it was last seen"
            );
        }
    }
}
