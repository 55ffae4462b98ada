//! The survival decisions the tree nodes call: each returns an action with its reason, or None
//! when it does not apply.

use crate::elbereth;
use crate::look;
use crate::lookahead::{self, Choice, Duel, DuelMemo};
pub use crate::lookahead::{would_flee_from, would_flee_from_at};
use crate::monsters;
use crate::prayer::{self, PrayerRules};
use crate::recall::Recall;
use crate::retreat;
pub use crate::signs::attacked;
use crate::spare::{self, Spares};
use crate::threat::{self, Threat};
use nhbot_world::{Action, Dir, Feature, World};

/// HP fraction from which Elbereth is never chosen (we would only sit on it).
pub const HEALTHY: f64 = 0.9;

pub use crate::lookahead::OUR_DAMAGE;

/// The hostiles next to us.
pub(crate) fn adjacent(threats: &[Threat]) -> Vec<&Threat> {
    threats
        .iter()
        .filter(|t| t.hostile && t.distance <= 1)
        .collect()
}

/// Turns a blow at us from a monster diagonal through a door lets us strike it there.
const DOOR_STRUCK_TURNS: i64 = 2;

/// Whether `dir` is an attack we make from here. With `door_blows`, every direction: 3.6
/// `domove` attacks the monster there before `test_move` refuses a diagonal step into or out
/// of a door, and `attack_checks` has no door rule. Without it (the old rule), never
/// diagonally through an open door.
pub(crate) fn can_strike(w: &World, dir: Dir, door_blows: bool) -> bool {
    if door_blows {
        return true;
    }
    let Some(level) = w.level() else {
        return true;
    };
    let door = |f: Feature| f == Feature::OpenDoor;
    !(dir.is_diagonal()
        && (door(level.feature(w.player)) || door(level.feature(dir.step(w.player)))))
}

/// Attack the most dangerous adjacent hostile we may melee; never from an Elbereth read this
/// turn. Attacks are moves into the monster: a pet the world failed to recognise is swapped
/// with, not hit, and a peaceful gets the engine's "Really attack?" n (then remembered, see
/// `peaceful`).
pub fn fight_step(r: &mut Recall, w: &World) -> Option<(Action, String)> {
    fight_step_with(r, w, false, false)
}

/// [`fight_step`]; with `keep_read_back`, not from an Elbereth read lately either, with nothing
/// since that moved us or touched it ([`elbereth::on_verified_elbereth`]). A blow from it
/// erases it (3.6 `setmangry`: "The engraving beneath you fades"); seeds 48 and 183 of the
/// 200-game bench rested on one to 90% HP, then struck the mumak it held off, without a look
/// that turn, and died the turn after. With `door_blows`, also diagonally into or out of a
/// door ([`can_strike`]).
pub fn fight_step_with(
    r: &mut Recall,
    w: &World,
    keep_read_back: bool,
    door_blows: bool,
) -> Option<(Action, String)> {
    fight_step_by(r, w, keep_read_back, 0, door_blows, Spares::default())
}

/// [`fight_step_with`]; with `struck_hostile` > 0, a monster that attacked us within that many
/// turns is struck at though farlook called it peaceful ([`threat::threats_by`]).
pub fn fight_step_by(
    r: &mut Recall,
    w: &World,
    keep_read_back: bool,
    struck_hostile: i64,
    door_blows: bool,
    spares: Spares,
) -> Option<(Action, String)> {
    crate::peaceful::observe(&mut r.peaceful, w);
    // Blind, our own engraving is trusted for resting only: it may be misspelled, and what
    // strikes us through it is fought.
    let read_back =
        keep_read_back && elbereth::on_verified_elbereth(r, w) && !elbereth::trusted_blind(r, w);
    if look::on_elbereth(&w.messages) || read_back {
        return None;
    }
    let threats = threat::threats_by(r, w, struck_hostile);
    // A foe that strikes us diagonally through a door is struck back there whatever
    // `door_blows` says: the game allows the blow, and standing still under its blows does
    // nothing (seed 277 of b36 stood 47,000 turns held by a lichen in a doorway, to starvation).
    // b36, seeds 1..400 (b36-door against b36-eye): 298 games differ, score 157 better / 141
    // worse (p 0.39), mean +637 (CI -386..1,678), median 5,079 -> 4,851: neutral; kept as the
    // game's own rule.
    // An `I` is a threat only just after an unseen blow ([`crate::unseen::unknown_kind`]), and
    // blows are never put on it: it is what strikes us (seed 104 of b46-post3, blind in an
    // open door, searched while three diagonal `I`s bit it from 60 HP to death).
    let strikes_us = |t: &threat::Threat| {
        t.glyph == 'I'
            || w.monsters
                .iter()
                .any(|m| m.pos == t.pos && threat::struck_by(w, m, DOOR_STRUCK_TURNS))
    };
    let target = adjacent(&threats).into_iter().find(|t| {
        t.no_melee.is_none()
            && spare::spared(w, t, spares).is_none()
            && Dir::from_delta(t.pos.x - w.player.x, t.pos.y - w.player.y)
                .is_some_and(|d| can_strike(w, d, door_blows) || strikes_us(t))
    })?;
    let dir = Dir::from_delta(target.pos.x - w.player.x, target.pos.y - w.player.y)?;
    let color = w
        .monsters
        .iter()
        .find(|m| m.pos == target.pos)
        .map_or(0, |m| m.color);
    crate::peaceful::note_attack(&mut r.peaceful, w, target.pos, target.glyph, color);
    // An `I` (something unseen struck from there) is fought with `F`: a plain move onto a
    // mark the monster has left would only attack thin air the same way, but says less.
    let action = if target.glyph == 'I' {
        Action::Fight { dir }
    } else {
        Action::Move { dir }
    };
    Some((
        action,
        format!(
            "attacking `{}` ({}, {:.1} dmg/turn) to the {dir:?}",
            target.glyph,
            target.kind(),
            target.expected_damage
        ),
    ))
}

/// The duel against what is next to us: the worst adjacent foe, with every adjacent foe's
/// attacks in the damage per round.
pub fn duel_here(r: &Recall, w: &World, threats: &[Threat]) -> Option<Duel> {
    duel_here_by(r, w, threats, false)
}

/// [`duel_here`]; with `poison`, stings that poison count their poison, the instant death
/// included ([`crate::poison_blow`]), unless the world knows we resist it.
pub fn duel_here_by(r: &Recall, w: &World, threats: &[Threat], poison: bool) -> Option<Duel> {
    duel_here_with(r, w, threats, poison, 0)
}

/// [`duel_here_by`]; with `arriving` above 1, the hostiles faster than us within that many
/// squares that moved this turn or the last strike in the duel too, as if next to us: they are
/// beside us before our next blow lands. Soldier ants and killer bees come in groups at speed
/// 18, and a duel weighed against the one next to us was fought on at full HP (seeds 16, 56,
/// 68 of b48-clear: 85 HP to dead against ants that came three at a time).
pub fn duel_here_with(
    r: &Recall,
    w: &World,
    threats: &[Threat],
    poison: bool,
    arriving: i16,
) -> Option<Duel> {
    let mut near = adjacent(threats);
    if near.is_empty() {
        return None;
    }
    near.extend(threats.iter().filter(|t| {
        t.hostile
            && (2..=arriving).contains(&t.distance)
            && t.speed > threat::OUR_SPEED
            && w.monsters
                .iter()
                .any(|m| m.pos == t.pos && m.still_for(w.turn) <= 1)
    }));
    let worst = near.first()?;
    let info = monsters::by_name(&worst.name)?;
    let mut duel = Duel::against(
        info,
        w.status.hp,
        w.status.hp_max,
        w.status.ac,
        w.status.xl.max(1),
        OUR_DAMAGE,
    );
    // A damage no HP of ours survives: the poison's instant death, and the cap of the sums.
    let death = (poison && !w.has_intrinsic(nhbot_world::Intrinsic::PoisonResistance))
        .then(|| w.status.hp.max(w.status.hp_max).max(1) as usize + 1);
    if death.is_some() {
        duel.round = lookahead::round_distribution_by(info, w.status.ac, death);
    }
    for other in near.iter().skip(1) {
        if let Some(m) = monsters::by_name(&other.name) {
            let theirs = lookahead::round_distribution_by(m, w.status.ac, death);
            let mut sum = vec![0.0; duel.round.len() + theirs.len() - 1];
            for (i, a) in duel.round.iter().enumerate() {
                for (j, b) in theirs.iter().enumerate() {
                    sum[i + j] += a * b;
                }
            }
            duel.round = match death {
                Some(at) => lookahead::fold_at(sum, at),
                None => sum,
            };
        }
    }
    duel.respects_elbereth = near.iter().all(|t| t.respects_elbereth) && elbereth::would_help(r, w);
    duel.elbereth_ok = elbereth::spell_odds(w);
    Some(duel)
}

/// Fight, flee or Elbereth by the look-ahead; falls back to fighting when the chosen escape is
/// not possible here.
pub fn fight_or_flee_step(r: &mut Recall, w: &World, depth: u32) -> Option<(Action, String)> {
    fight_or_flee_with(r, w, depth, false, false)
}

/// HP fractions that let [`elbereth::elbereth_step`] engrave and stand at any HP.
const ANY_HP: f64 = f64::INFINITY;

/// [`fight_or_flee_step`]; with `healthy_elbereth`, the look-ahead's Elbereth is taken at any
/// HP (engrave, or stand on a verified one), not turned into a fight when healthy. In the
/// 200-game bench the look-ahead chose Elbereth against a soldier ant at 62/64 HP and a mumak
/// at 54/59 and 86/95 (seeds 54, 48, 183: the "Fight, 0.83" in their reasons is Elbereth's
/// value); the fight that replaced it took 23-32 HP a turn and killed all three, twice by
/// striking the mumak from the verified Elbereth we were resting on (3.6 `setmangry` erases
/// it: "The engraving beneath you fades"). `keep_elbereth`: its blows are
/// [`fight_step_with`]'s, never from an Elbereth read lately.
pub fn fight_or_flee_with(
    r: &mut Recall,
    w: &World,
    depth: u32,
    healthy_elbereth: bool,
    keep_elbereth: bool,
) -> Option<(Action, String)> {
    let rules = FightRules {
        healthy_elbereth,
        keep_elbereth,
        ..FightRules::default()
    };
    fight_or_flee_by(r, w, depth, rules)
}

/// How `fight_or_flee` turns the look-ahead's choice into an action.
#[derive(Clone, Copy, Debug)]
pub struct FightRules {
    /// Take the look-ahead's Elbereth at healthy HP too (see [`fight_or_flee_with`]).
    pub healthy_elbereth: bool,
    /// Never strike from an Elbereth read lately (see [`fight_step_with`]).
    pub keep_elbereth: bool,
    /// The look-ahead chose Elbereth and it cannot be used here (a line of fire, blows from
    /// something unseen, HP falling on it): take the look-ahead's best without Elbereth, a
    /// retreat when that is Flee (a foe slower than us, a hopeless fight), instead of always a
    /// blow. In the 200-game bench, 56 blows struck so at a value below 0.6 were followed by
    /// death within 30 turns 35 times.
    pub second_choice: bool,
    /// The look-ahead's value of a foe held off by Elbereth ([`Duel::scared`]; a kill is 1,
    /// our death 0): the death risk a fight may carry before Elbereth is preferred. At the
    /// default 0.85, a fight with one chance in seven to die beats a sure Elbereth: in the
    /// 200-game bench the look-ahead fought a soldier ant at 59/63 HP, AC -1 ("Fight, 0.87";
    /// 59 -> 29 -> 17 -> dead, seed 40), and its duels simulate 4.6% deaths there (2.2% at 0.9).
    pub held_off: f64,
    /// Blind without telepathy, never step away: a blind hero cannot outrun what strikes it,
    /// it follows and strikes again (seeds 12, 46, 73, 110, 132, 173, 174 of the 200-game
    /// bench died so). The look-ahead's Flee becomes a blow at the `I`; the `blind_and_hit`
    /// leaf (scripts/blind_and_hit.lua) engraves Elbereth when losing.
    pub blind_stays: bool,
    /// A monster that attacked us within this many turns is a hostile though farlook called it
    /// peaceful ([`threat::threats_by`]); 0: farlook's word stands.
    pub struck_hostile: i64,
    /// Strike diagonally into or out of a door too, as the game allows ([`can_strike`]): a
    /// smoke run's seed 146 stood in a shop's door at 8/25 HP, a gecko biting diagonally, and
    /// died searching.
    pub door_blows: bool,
    /// The look-ahead's Elbereth is taken under a line of fire too (see
    /// [`elbereth::elbereth_step_under_fire`]), not turned into a blow.
    pub under_fire: bool,
    /// "It misses." is a missile's miss, not a blow from something unseen, when the Elbereth
    /// is weighed ([`crate::ranged::unseen_attack_by`]).
    pub missile_miss: bool,
    /// Held by a monster ([`World::held`]): the look-ahead's Flee cannot happen (a step away
    /// fails 37 times in 40 and costs the turn); Elbereth where it helps (a scared holder lets
    /// go, monmove.c `monflee`), else a blow.
    pub held_stays: bool,
    /// No blow at thieves (see [`crate::thief::thief`]) next to us that have not struck us
    /// lately: a blow wakes a sleeping nymph and rarely kills her, and she steals at once.
    pub spare_thieves: bool,
    /// No blow at thieves next to us that have not struck us lately and have stood on their
    /// square at least this many turns in view: asleep (a nymph is made asleep 4 times in 5,
    /// makemon.c, and with a Valkyrie's stealth only a blow wakes her, monmove.c `disturb`);
    /// one that walks up to us is struck first. 0: off.
    pub spare_still_thieves: i64,
    /// No blow at a thief next to us while we stand on a verified Elbereth: a scared nymph
    /// does not touch us (monmove.c `dochug`), and our blow would wipe the engraving.
    pub spare_thieves_on_elbereth: bool,
    /// Adjacent monsters never struck: a possible gas spore at any HP, an unseen `I` among
    /// peacefuls with no blow this turn ([`Spares`]).
    pub spares: Spares,
    /// Where the look-ahead's Elbereth is refused for a line of fire or a stale attack from
    /// something unseen, engrave it anyway when what it stops (the adjacent foes' expected HP a
    /// turn) is at least this many times what goes on ([`crate::elbereth_refusal::weigh`]);
    /// 0: off, the refusal stands.
    pub weigh_refused: f64,
    /// Count the poison of stings ([`crate::poison_blow`]) in the look-ahead's duel.
    pub poison: bool,
    /// Fast hostiles within this many squares that are on the move count in the look-ahead's
    /// duel as if next to us ([`duel_here_with`]); 0 or 1: only those next to us.
    pub arriving: i16,
    /// The look-ahead chose Flee and no step away exists: weigh again with no escape, and take
    /// Elbereth when that prefers it rather than strike. 55 of b34's 400 deaths struck on with
    /// the look-ahead's "Flee" in their last four decisions, though most where Elbereth could
    /// not help either (on stairs, a foe that ignores it): the rule acted 10 times in 400 games.
    pub cornered_elbereth: bool,
}

impl Default for FightRules {
    fn default() -> FightRules {
        FightRules {
            healthy_elbereth: false,
            keep_elbereth: false,
            second_choice: false,
            held_off: lookahead::SCARED,
            blind_stays: false,
            struck_hostile: 0,
            door_blows: false,
            under_fire: false,
            missile_miss: false,
            held_stays: false,
            spare_thieves: false,
            spare_still_thieves: 0,
            spare_thieves_on_elbereth: false,
            spares: Spares::default(),
            weigh_refused: 0.0,
            poison: false,
            arriving: 0,
            cornered_elbereth: false,
        }
    }
}

/// Turns a thief's attempt on us marks it awake for `spare_thieves`.
const THIEF_STRUCK_MEMORY: i64 = 5;

/// Every hostile next to us is a thief that has not struck us within
/// [`THIEF_STRUCK_MEMORY`] turns (and there is one).
fn only_quiet_thieves_adjacent(w: &World, threats: &[Threat]) -> bool {
    only_spared_thieves_adjacent(w, threats, |_| true)
}

/// Every hostile next to us (and there is one) is a thief that has not struck us within
/// [`THIEF_STRUCK_MEMORY`] turns and that `spared` lets be.
fn only_spared_thieves_adjacent(
    w: &World,
    threats: &[Threat],
    spared: impl Fn(&nhbot_world::Monster) -> bool,
) -> bool {
    let near = adjacent(threats);
    !near.is_empty()
        && near.iter().all(|t| {
            crate::thief::thief(t, w).is_some()
                && w.monsters.iter().any(|m| {
                    m.pos == t.pos && !m.struck_within(w.turn, THIEF_STRUCK_MEMORY) && spared(m)
                })
        })
}

/// Whether the thieves next to us are let be (`spare_still_thieves`,
/// `spare_thieves_on_elbereth`): asleep by the turns they stood still, or held off by the
/// Elbereth we stand on.
fn thieves_spared(r: &Recall, w: &World, threats: &[Threat], rules: &FightRules) -> bool {
    let asleep = rules.spare_still_thieves > 0
        && only_spared_thieves_adjacent(w, threats, |m| {
            m.still_for(w.turn) >= rules.spare_still_thieves
        });
    let held_off = rules.spare_thieves_on_elbereth
        && elbereth::on_verified_elbereth(r, w)
        && only_spared_thieves_adjacent(w, threats, |_| true);
    asleep || held_off
}

/// Blind, with no telepathy to show what is near.
fn blind_without_telepathy(w: &World) -> bool {
    w.status.conditions.contains(&nhbot_world::Condition::Blind)
        && !w.has_intrinsic(nhbot_world::Intrinsic::Telepathy)
}

/// [`fight_or_flee_with`] by all of its [`FightRules`].
pub fn fight_or_flee_by(
    r: &mut Recall,
    w: &World,
    depth: u32,
    rules: FightRules,
) -> Option<(Action, String)> {
    fight_or_flee_kept(r, w, depth, rules, &mut DuelMemo::default())
}

/// [`fight_or_flee_by`], its look-aheads reading the states `memo` kept from earlier decisions
/// (the same choices: see [`Duel::best_kept`]).
pub fn fight_or_flee_kept(
    r: &mut Recall,
    w: &World,
    depth: u32,
    rules: FightRules,
    memo: &mut DuelMemo,
) -> Option<(Action, String)> {
    let spare_ways = rules;
    let FightRules {
        healthy_elbereth,
        keep_elbereth,
        second_choice,
        held_off,
        blind_stays,
        struck_hostile,
        door_blows,
        under_fire,
        missile_miss,
        held_stays,
        spare_thieves,
        spare_still_thieves: _,
        spare_thieves_on_elbereth: _,
        spares,
        weigh_refused,
        poison,
        arriving,
        cornered_elbereth,
    } = rules;
    let held = held_stays && w.held();
    let stays = (blind_stays && blind_without_telepathy(w)) || held;
    crate::peaceful::observe(&mut r.peaceful, w);
    let threats = threat::threats_by(r, w, struck_hostile);
    if spare_thieves && only_quiet_thieves_adjacent(w, &threats) {
        return None;
    }
    if thieves_spared(r, w, &threats, &spare_ways) {
        return None;
    }
    let Some(mut duel) = duel_here_with(r, w, &threats, poison, arriving) else {
        return close_in_step(w, &threats).or_else(|| {
            (!spare::unseen_spared(w, spares))
                .then(|| strike_unseen_step(r, w))
                .flatten()
        });
    };
    duel.scared = held_off;
    let (mut choice, value) = duel.best_kept(depth, memo);
    // Elbereth is for resting back to health: healthy, sitting on it only wastes turns, unless
    // the look-ahead expects the fight to cost more than the engraving (`healthy_elbereth`).
    let healthy = w.hp_fraction() >= HEALTHY;
    if choice == Choice::Elbereth && healthy && !healthy_elbereth {
        choice = Choice::Fight;
    }
    // The duel's foe (the worst one next to us), not the worst in sight (seed 55 of the
    // 200-game bench struck a sewer rat "vs soldier ant: Fight, 1.01", the ant 4 squares off).
    let foe = adjacent(&threats).first().map_or("?", |t| t.name.as_str());
    let tag = |(a, why): (Action, String)| {
        (
            a,
            format!("{why} [look-ahead vs {foe}: {choice:?}, {value:.2}]"),
        )
    };
    let step = match choice {
        Choice::Fight => None,
        Choice::Elbereth => {
            let band = if healthy { ANY_HP } else { HEALTHY };
            if under_fire {
                elbereth::elbereth_step_under_fire(r, w, "", band, band)
            } else {
                elbereth::elbereth_step_by(r, w, "", (band, band), missile_miss)
            }
        }
        Choice::Flee if held => {
            elbereth::elbereth_step_by(r, w, "", (ANY_HP, ANY_HP), missile_miss)
                .map(|(a, why)| (a, format!("held, no flight: {why}")))
        }
        Choice::Flee if stays => None,
        Choice::Flee => retreat::retreat_step(w, &threats).or_else(|| {
            if !cornered_elbereth {
                return None;
            }
            let mut cornered = duel.clone();
            cornered.escape = 0.0;
            let (next, next_value) = cornered.best_kept(depth, memo);
            (next == Choice::Elbereth)
                .then(|| elbereth::elbereth_step_by(r, w, "", (ANY_HP, ANY_HP), missile_miss))
                .flatten()
                .map(|(a, why)| {
                    let because = format!("no step away: Elbereth next best ({next_value:.2})");
                    (a, format!("{why}; {because}"))
                })
        }),
    };
    // Refused by the plain rule: weigh what Elbereth stops against what goes on (`weigh_refused`).
    let mut weighed = None;
    let step = match step {
        None if choice == Choice::Elbereth && weigh_refused > 0.0 => {
            match crate::elbereth_refusal::weigh(r, w, duel.mean_round(), weigh_refused) {
                Ok(why) => {
                    let band = if healthy { ANY_HP } else { HEALTHY };
                    let step = elbereth::elbereth_step_weighed(r, w, "", (band, band));
                    let taken = step.map(|(a, reason)| (a, format!("{reason}; weighed: {why}")));
                    weighed = Some(why);
                    taken
                }
                Err(why) => {
                    weighed = Some(why);
                    None
                }
            }
        }
        step => step,
    };
    // The escape chosen is not possible: the look-ahead's next best, fight or flee.
    let retreat = || {
        let mut without = duel.clone();
        without.respects_elbereth = false;
        let (next, next_value) = without.best_kept(depth, memo);
        let flee = second_choice && !stays && choice == Choice::Elbereth && next == Choice::Flee;
        flee.then(|| retreat::retreat_step(w, &threats))
            .flatten()
            .map(|(a, why)| {
                let because = "Elbereth cannot be used here, fleeing next best";
                (a, format!("{why}; {because} ({next_value:.2})"))
            })
    };
    if step.is_none() && choice == Choice::Elbereth {
        let mut why = elbereth_refused(r, w, missile_miss);
        if let Some(weighed) = weighed {
            why = format!("{why}; weighed: {weighed}");
        }
        log::debug!("look-ahead's Elbereth refused: {why}");
        let tag_refused =
            |(a, reason): (Action, String)| (a, format!("{reason}; Elbereth refused: {why}"));
        return step
            .or_else(retreat)
            .or_else(|| fight_step_by(r, w, keep_elbereth, struck_hostile, door_blows, spares))
            .map(tag_refused)
            .map(tag);
    }
    step.or_else(retreat)
        .or_else(|| fight_step_by(r, w, keep_elbereth, struck_hostile, door_blows, spares))
        .map(tag)
}

/// Why [`elbereth::elbereth_step`] gave no action where the look-ahead chose Elbereth.
fn elbereth_refused(r: &Recall, w: &World, missile_miss: bool) -> String {
    if let Some(why) = crate::ranged::unsafe_to_wait_by(r, w, missile_miss) {
        return why;
    }
    if elbereth::cannot_engrave_here(r, w) {
        return "the square or form refuses an engraving (or one failed this turn)".into();
    }
    if !elbereth::would_help(r, w) {
        return "it would not help".into();
    }
    "on an Elbereth that HP fell on".into()
}

/// A monster whose gaze hurts does so from wherever it sees us, and Elbereth does not stop
/// it: walk up to the nearest such monster and fight it rather than stand in its sight.
pub fn close_in_step(w: &World, threats: &[threat::Threat]) -> Option<(Action, String)> {
    let gazer = threats
        .iter()
        .filter(|t| t.gazes && t.hostile && t.distance > 1)
        .min_by_key(|t| t.distance)?;
    let path = w.path_to(&[gazer.pos])?;
    Some((
        w.step_along(&path),
        format!(
            "closing in on `{}` ({}: its gaze hurts from afar)",
            gazer.glyph, gazer.name
        ),
    ))
}

/// Turns after a blow during which an unseen monster's `I` next to us is struck at.
const UNSEEN_MEMORY: i64 = 5;

/// Something we cannot see attacks us (we are blind, or it is invisible): the game marks the
/// square it struck from with `I`, and we strike there, also between its blows (seed 27's top
/// level: blind, the bot rested between bites and died). Only within a few turns of a blow:
/// an `I` we merely bumped into may be a peaceful (a shopkeeper). `F`, so that an `I` left
/// behind by a monster that moved on costs one swing ("You attack thin air" clears it).
pub fn strike_unseen_step(r: &mut Recall, w: &World) -> Option<(Action, String)> {
    if attacked(&w.messages) {
        r.last_blow = Some(w.turn);
    }
    let last = r.last_blow;
    // A turn counter that went back is another game.
    if !last.is_some_and(|t| (0..=UNSEEN_MEMORY).contains(&(w.turn - t))) {
        return None;
    }
    let dir = w.monsters.iter().filter(|m| m.ch == 'I').find_map(|m| {
        let (dx, dy) = (m.pos.x - w.player.x, m.pos.y - w.player.y);
        (dx.abs() <= 1 && dy.abs() <= 1)
            .then(|| Dir::from_delta(dx, dy))
            .flatten()
    })?;
    Some((
        Action::Fight { dir },
        format!("striking at the unseen monster (`I`) to the {dir:?}"),
    ))
}

/// Step away when the adjacent hostiles' expected damage would take our HP in `turns` turns
/// and Elbereth cannot help.
pub fn retreat_if_losing_step(
    r: &Recall,
    w: &World,
    turns: f64,
    from_faster: bool,
) -> Option<(Action, String)> {
    retreat_if_losing_by(r, w, turns, from_faster, false)
}

/// [`retreat_if_losing_step`]; with `blind_stays`, never a step while blind without telepathy
/// (see [`FightRules::blind_stays`]).
pub fn retreat_if_losing_by(
    r: &Recall,
    w: &World,
    turns: f64,
    from_faster: bool,
    blind_stays: bool,
) -> Option<(Action, String)> {
    if blind_stays && blind_without_telepathy(w) {
        return None;
    }
    let threats = threat::threats(r, w);
    let pressure = threat::pressure(&threats, 1);
    if pressure * turns < f64::from(w.status.hp) || elbereth::would_help(r, w) {
        return None;
    }
    // A step away from a faster foe is a free blow for it (seed 184 stepped away from a fox
    // seven times and died to it): the fight, Elbereth or prayer are left to the other nodes.
    // Up the stairs under us still ends the fight.
    let on_up_stairs = w.feature_here() == nhbot_world::Feature::StairsUp;
    if !from_faster && !on_up_stairs {
        if let Some(fast) = threats
            .iter()
            .find(|t| t.hostile && t.distance <= 1 && t.speed > crate::threat::OUR_SPEED)
        {
            log::debug!("no retreat from {} (speed {})", fast.name, fast.speed);
            return None;
        }
    }
    retreat::retreat_step(w, &threats)
}

/// Pray when in major trouble and the timeout is believed safe.
pub fn pray_step(w: &World, rules: PrayerRules) -> Option<(Action, String)> {
    let trouble = prayer::trouble(w)?;
    if !prayer::should_pray_now(w, rules) {
        return None;
    }
    let why = match prayer::starving_prayer(w, rules) {
        Some(starving) if !prayer::timeout_safe(w, rules) => {
            format!(
                "{starving}; last prayer {:?}, turn {}",
                w.last_prayer_turn, w.turn
            )
        }
        _ if !prayer::timeout_safe(w, rules) && prayer::lycanthropy_prayer(w, rules).is_some() => {
            format!(
                "{}; last prayer {:?}, turn {}",
                prayer::lycanthropy_prayer(w, rules).unwrap_or_default(),
                w.last_prayer_turn,
                w.turn
            )
        }
        _ => format!(
            "{trouble}; last prayer {:?}, turn {} (refused as too soon with chance {:.0}%)",
            w.last_prayer_turn,
            w.turn,
            100.0 * w.prayer_refusal_chance()
        ),
    };
    // Below 1 the god fixes the trouble one time in two at best: worth reading in the log.
    let record = crate::alignment::record_estimate(w);
    Some((
        Action::Pray,
        format!("{why}; alignment record about {record}"),
    ))
}

/// Search in place to recover HP while no hostile is within `radius`, no monster may fire at us
/// and nothing unseen attacks us (`ranged::unsafe_to_wait`), and nothing attacked us
/// this turn (one we cannot see or tell hostile is no less there: seed 4 rested to death
/// under a Mordor orc's blows on the solved Sokoban top level).
///
/// `path` is the resting leaf's own: when HP fell since its last rest, something we do not see
/// or cannot tell hostile hurts us (a missile from the dark, an invisible monster): no rest.
pub fn rest_step(
    r: &Recall,
    w: &World,
    path: &str,
    below: f64,
    radius: i16,
) -> Option<(Action, String)> {
    if w.hp_fraction() >= below || attacked(&w.messages) || w.hp_fell_since_own(path).is_some() {
        return None;
    }
    // Missiles and unseen blows ignore "no hostile within radius" (issue 27: HP 29 -> 1
    // while "resting, no hostile within 6").
    if crate::ranged::unsafe_to_wait(r, w).is_some() {
        return None;
    }
    let threats = threat::threats(r, w);
    if threats.iter().any(|t| t.distance <= radius) {
        return None;
    }
    // Hallucinating, every monster is drawn and named at random: any one near may be hostile
    // (6 of 200 bench deaths were to a "hallucinogen-distorted" monster, most while resting
    // "with no hostile within 6").
    if w.status.conditions.contains(&nhbot_world::Condition::Hallu)
        && w.monsters.iter().any(|m| w.distance(m.pos) <= radius)
    {
        return None;
    }
    Some((
        Action::Search { count: 10 },
        format!(
            "resting at HP {}/{}, no hostile within {radius}",
            w.status.hp, w.status.hp_max
        ),
    ))
}

#[cfg(test)]
#[allow(unused_mut, unused_variables)]
mod tests {
    use super::*;
    use crate::seen::world;

    #[test]
    fn an_unseen_monster_next_to_us_is_struck_at() {
        let mut r = crate::Recall::default();
        let mut w = world(&["-----", "|.@I|", "|...|", "-----"]);
        (w.status.hp, w.status.hp_max) = (30, 74);
        w.turn = 100;
        assert_eq!(
            fight_or_flee_step(&mut r, &w, 4),
            None,
            "no blow yet: it may be peaceful"
        );
        // Struck, and between its blows too: a rest there gets us bitten.
        for (turn, messages) in [(101, vec!["It hits!".to_string()]), (103, vec![])] {
            (w.turn, w.messages) = (turn, messages);
            let (action, why) = fight_or_flee_step(&mut r, &w, 4).expect("strikes back");
            assert_eq!(action, Action::Fight { dir: Dir::E }, "{why}");
        }
        w.turn = 110;
        assert_eq!(
            fight_or_flee_step(&mut r, &w, 4),
            None,
            "long after the last blow"
        );
        // An `I` two squares away is out of reach.
        let mut far = world(&["------", "|.@.I|", "------"]);
        far.messages = vec!["It hits!".into()];
        assert_eq!(fight_or_flee_step(&mut r, &far, 4), None);
    }

    /// A pyrolisk burns us from across the room, Elbereth or not: no Elbereth rest in its
    /// sight, we walk up to it instead (seed 8's top level died resting under its gaze).
    #[test]
    fn a_gazer_is_closed_in_on_not_rested_beside() {
        let mut r = crate::Recall::default();
        let mut w = world(&[
            "---------",
            "|.......|",
            "|.@...c.|",
            "|.......|",
            "---------",
        ]);
        (w.status.hp, w.status.hp_max) = (10, 74);
        for m in &mut w.monsters {
            m.color = 1; // red: a pyrolisk
        }
        w.messages = vec!["The pyrolisk attacks you with a fiery gaze!".into()];
        assert!(attacked(&w.messages));
        assert!(!crate::elbereth::would_help(&r, &w));
        let (action, why) = fight_or_flee_step(&mut r, &w, 4).expect("closes in");
        assert_eq!(action, Action::Move { dir: Dir::E }, "{why}");
        assert!(why.contains("pyrolisk"), "{why}");
        // A yellow `c` (a cockatrice) has no gaze: nothing to close in on.
        for m in &mut w.monsters {
            m.color = 11; // yellow
        }
        assert_eq!(fight_or_flee_step(&mut r, &w, 4), None);
    }

    #[test]
    fn no_rest_while_something_hits_us() {
        let mut r = crate::Recall::default();
        let mut w = world(&["-----", "|.@.|", "-----"]);
        (w.status.hp, w.status.hp_max) = (8, 74);
        assert!(
            rest_step(&r, &w, "root/rest", 0.5, 6).is_some(),
            "nothing in view: rest"
        );
        for blow in [
            "The Mordor orc hits!",
            "It bites!",
            "The jackal misses!",
            "It misses.",
        ] {
            w.messages = vec![blow.into()];
            assert_eq!(rest_step(&r, &w, "root/rest", 0.5, 6), None, "{blow}");
        }
        w.messages = vec!["You hit the jackal!".into(), "You kill it!".into()];
        assert!(rest_step(&r, &w, "root/rest", 0.5, 6).is_some());
    }

    #[test]
    fn hallucinating_no_rest_with_any_monster_near() {
        let r = crate::Recall::default();
        let mut w = world(&["--------", "|.@...Y|", "--------"]);
        (w.status.hp, w.status.hp_max) = (8, 74);
        for m in &mut w.monsters {
            m.peaceful = Some(true); // what a hallucinated farlook may say
        }
        assert!(rest_step(&r, &w, "root/rest", 0.5, 6).is_some(), "sober");
        w.status.conditions.push(nhbot_world::Condition::Hallu);
        assert_eq!(rest_step(&r, &w, "root/rest", 0.5, 6), None);
        assert!(
            rest_step(&r, &w, "root/rest", 0.5, 3).is_some(),
            "nothing within 3"
        );
    }

    #[test]
    fn no_rest_when_hp_fell_since_our_own_rest() {
        let r = crate::Recall::default();
        let mut w = world(&["-----", "|.@.|", "-----"]);
        (w.status.hp, w.status.hp_max) = (21, 74);
        let (action, reason) = rest_step(&r, &w, "root/rest", 0.5, 6).expect("rests");
        w.observe(nhbot_world::Event::Decision(&nhbot_world::Decision {
            action,
            path: "root/rest".into(),
            reason,
        }));
        w.status.hp = 20;
        assert_eq!(
            rest_step(&r, &w, "root/rest", 0.5, 6),
            None,
            "HP fell while we rested: something hurts us"
        );
        assert!(
            rest_step(&r, &w, "root/other_rest", 0.5, 6).is_some(),
            "another leaf's decision says nothing about this one's rest"
        );
    }
}

#[cfg(test)]
#[path = "steps/fight_tests.rs"]
mod fight_tests;
