//! Threat assessment: what each visible monster could do to us in one of our turns, taking the
//! worst monster its glyph and colour (or its farlook name) allow.
//!
//! Some monsters cannot be told at all ([`unknown_kind`]): while we hallucinate every monster
//! is drawn as a random one (10 of the 200-game bench's deaths, all after a black light's
//! explosion), and the `I` the game marks where something unseen struck us (blind, or an
//! invisible monster: 17 deaths) has no glyph of its own. Such a monster is assumed to be the
//! typical monster of the depth ([`typical_here`]: the median by expected damage of what the
//! depth makes), or a worse one when what strikes us lately hurts more ([`assumed_here`]: two
//! invisible stalkers take 20 HP a turn); never to respect Elbereth (hallucinating, it comes
//! out garbled; the invisible killers of the bench were elves and a werewolf in `@` form, who
//! ignore it); and, hallucinating, not to be struck unless something strikes us (it may be a
//! floating eye).

use crate::monsters::{self, MonsterInfo};
use crate::recall::Recall;
use nhbot_world::{Monster, Pos, World};

/// Squares from which a monster may fire at us: `lined_up()` needs fewer than `BOLT_LIM` (8),
/// and a monster may step one square closer and fire in the same turn.
pub const FIRE_RANGE: i16 = 8;

pub use crate::unseen::{struck_by_unseen, unknown_kind, UNSEEN_MEMORY};

/// Our speed in the fight's terms (the hero's base speed; intrinsic speed is not known).
pub const OUR_SPEED: i32 = 12;

/// Damage types that are worse than their dice: stoning, sliming, death touch, level drain,
/// digestion, paralysis and sleep (a helpless turn next to anything is dangerous).
const DEADLY_DAMAGE: &[&str] = &["ston", "slim", "deth", "drli", "dgst", "plys", "slee"];

/// One visible monster as a danger to us.
#[derive(Clone, Debug, PartialEq)]
pub struct Threat {
    pub pos: Pos,
    pub glyph: char,
    /// The worst plausible monster it may be.
    pub name: String,
    /// Chebyshev distance from us.
    pub distance: i16,
    /// Expected HP loss per turn of ours while it stands next to us (speed and our AC included).
    pub expected_damage: f64,
    /// The most HP it can take in one of our turns.
    pub max_damage: u32,
    /// Has an attack worse than its dice (stoning, drain, paralysis...).
    pub deadly_touch: bool,
    /// Every plausible monster respects Elbereth (and it is not known peaceful).
    pub respects_elbereth: bool,
    /// Why we must not melee it, if we must not.
    pub no_melee: Option<&'static str>,
    pub hostile: bool,
    /// Some plausible monster's gaze hurts from afar (see [`monsters::Attack::is_harmful_gaze`]).
    pub gazes: bool,
    pub speed: i32,
    pub level: i32,
    pub ac: i32,
    /// Why its kind cannot be told (see [`unknown_kind`]): `name` is then the typical monster
    /// of the depth, assumed.
    pub unknown: Option<&'static str>,
}

impl Threat {
    /// What reasons say it may be: "jackal at worst", "hallucinating: unknown, taken for a
    /// hill orc".
    pub fn kind(&self) -> String {
        match self.unknown {
            Some(why) => format!("{why}: unknown, taken for a {}", self.name),
            None => format!("{} at worst", self.name),
        }
    }
}

/// Chance a monster of `level` hits AC `ac` with one attack (mhitu.c: 10 + AC + level > d20).
pub fn monster_hit_chance(level: i32, ac: i32) -> f64 {
    // Negative AC counts as a random -1..AC each attack: use its mean.
    let ac_value = if ac >= 0 {
        f64::from(ac)
    } else {
        -(f64::from(-ac) + 1.0) / 2.0
    };
    ((10.0 + ac_value + f64::from(level) - 1.0) / 20.0).clamp(0.0, 1.0)
}

/// Active melee attacks (passive ones only hurt whoever hits it; ranged ones count when apart).
fn melee_attacks(m: &MonsterInfo) -> impl Iterator<Item = &monsters::Attack> {
    m.attacks
        .iter()
        .filter(|a| !a.is_passive() && !a.is_ranged())
}

/// What a wielded weapon adds to a weapon attack (`weap`): mhitu.c adds the weapon's own
/// damage to the attack's dice. Most monsters with weapon attacks carry one (a dwarf's
/// mattock d12, a hill orc's scimitar d8, an orcish dagger d3): the mean is a middle guess, the
/// most a long sword's d8 (a mattock's 12 is rarer). The look-ahead draws it as a d8 carried
/// with chance `WEAPON_MEAN / 4.5` ([`weapon_distribution`]).
pub const WEAPON_MEAN: f64 = 2.5;
pub const WEAPON_MAX: u32 = 8;

/// The damage a weapon attack's wielded weapon adds, as a distribution: nothing, or a d8 with
/// the chance that gives [`WEAPON_MEAN`] (the look-ahead's dice, as `damage_per_turn`'s mean).
pub fn weapon_distribution() -> Vec<f64> {
    let sides = WEAPON_MAX as usize;
    let armed = (WEAPON_MEAN / ((sides as f64 + 1.0) / 2.0)).clamp(0.0, 1.0);
    let mut dist = vec![armed / sides as f64; sides + 1];
    dist[0] = 1.0 - armed;
    dist
}

/// Expected and maximum damage per turn of ours (speed 12) against AC `ac`.
pub fn damage_per_turn(m: &MonsterInfo, ac: i32) -> (f64, u32) {
    let hit = monster_hit_chance(m.level, ac);
    let moves = f64::from(m.speed.max(1)) / 12.0;
    let (mut mean, mut max) = (0.0, 0u32);
    for a in melee_attacks(m) {
        let armed = a.kind == "weap";
        mean += hit * (a.dice.mean() + if armed { WEAPON_MEAN } else { 0.0 });
        max += a.dice.max() + if armed { WEAPON_MAX } else { 0 };
    }
    (mean * moves, max * (moves.ceil() as u32).max(1))
}

fn deadly(m: &MonsterInfo) -> bool {
    m.attacks
        .iter()
        .any(|a| !a.is_passive() && DEADLY_DAMAGE.contains(&a.damage.as_str()))
}

/// Why meleeing this monster is a bad idea (`wielding`: we hold a weapon, so no bare hands).
pub fn melee_hazard(m: &MonsterInfo, wielding: bool, hp: i32) -> Option<&'static str> {
    let passive = |d: &str| m.attacks.iter().any(|a| a.is_passive() && a.damage == d);
    if passive("plys") && m.name == "floating eye" {
        return Some("a floating eye paralyses whoever hits it");
    }
    if passive("ston") && !wielding {
        return Some("touching a cockatrice bare-handed petrifies");
    }
    if m.attacks.iter().any(|a| a.kind == "boom") && hp <= 24 {
        return Some("a gas spore explodes for up to 24 when killed next to us");
    }
    if passive_max(m) >= hp {
        return Some("its passive acid, fire, cold or shock could kill whoever hits it");
    }
    None
}

/// The most a monster's passive acid, fire, cold or shock does to whoever hits it (uhitm.c
/// `passive`: dice of `0dN` are (level+1)dN). Survey seed 22 hit a spotted jelly at low HP:
/// "You are splashed!", and died. Resistances are not known here, so they are not counted.
fn passive_max(m: &MonsterInfo) -> i32 {
    m.attacks
        .iter()
        .filter(|a| {
            a.is_passive() && matches!(a.damage.as_str(), "acid" | "fire" | "cold" | "elec")
        })
        .map(|a| {
            let n = if a.dice.n == 0 {
                m.level + 1
            } else {
                i32::from(a.dice.n)
            };
            n * i32::from(a.dice.sides)
        })
        .max()
        .unwrap_or(0)
}

/// Difficulty slack over the random-generation bound: special rooms, groups, level feelings.
const DIFFICULTY_SLACK: i32 = 3;

/// Whether any monster struck at us (hit or missed) this turn or the one before.
fn struck_lately(w: &World) -> bool {
    crate::signs::attacked(&w.messages)
        || w.history
            .newest_first()
            .take_while(|s| (0..=1).contains(&(w.turn - s.turn)))
            .any(|s| crate::signs::attacked(std::slice::from_ref(&s.text)))
}

/// The monster assumed for one whose kind cannot be told: the median, by expected damage per
/// turn against our AC, of the monsters this depth and experience level make that can hurt us
/// next to them.
pub fn typical_here(w: &World) -> Option<&'static MonsterInfo> {
    let mut options: Vec<(f64, &'static MonsterInfo)> =
        monsters::attackers_here(w.status.dlvl, w.status.xl, DIFFICULTY_SLACK)
            .into_iter()
            .map(|m| (damage_per_turn(m, w.status.ac).0, m))
            .collect();
    options.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal));
    options.get(options.len() / 2).map(|(_, m)| *m)
}

/// Game turns over which the HP we lost sizes the monsters we cannot tell.
const DAMAGE_WINDOW: [i64; 2] = [2, 3];

/// The damage per turn each monster we cannot tell next to us seems to deal: the HP we lost
/// lately per turn (the worst of the last 2 and 3 turns), less what the known hostiles next to
/// us would deal, shared among the unknown ones next to us. None when none is next to us.
pub fn unknown_damage_each(w: &World) -> Option<f64> {
    let near: Vec<&Monster> = w
        .monsters
        .iter()
        .filter(|m| m.maybe_hostile() && distance(m.pos, w.player) <= 1)
        .collect();
    let unknown = near.iter().filter(|m| unknown_kind(w, m).is_some()).count();
    if unknown == 0 {
        return None;
    }
    let known: f64 = near
        .iter()
        .filter(|m| unknown_kind(w, m).is_none())
        .filter_map(|m| assess(w, m))
        .map(|t| t.expected_damage)
        .sum();
    let lost = DAMAGE_WINDOW
        .iter()
        .map(|&turns| f64::from(w.hp_lost_within(turns)) / turns as f64)
        .fold(0.0, f64::max);
    Some((lost - known).max(0.0) / unknown as f64)
}

/// The monster assumed for one we cannot tell: the typical monster of the depth
/// ([`typical_here`]), or, when the unknown ones next to us hurt more each
/// ([`unknown_damage_each`]), the monster of the depth whose expected damage comes next above
/// that (at worst the depth's worst).
pub fn assumed_here(w: &World) -> Option<&'static MonsterInfo> {
    let typical = typical_here(w)?;
    let ac = w.status.ac;
    let Some(each) = unknown_damage_each(w) else {
        return Some(typical);
    };
    if each <= damage_per_turn(typical, ac).0 {
        return Some(typical);
    }
    let mut options: Vec<(f64, &'static MonsterInfo)> =
        monsters::attackers_here(w.status.dlvl, w.status.xl, DIFFICULTY_SLACK)
            .into_iter()
            .map(|m| (damage_per_turn(m, ac).0, m))
            .collect();
    options.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal));
    options
        .iter()
        .find(|(d, _)| *d >= each)
        .or(options.last())
        .map(|(_, m)| *m)
}

/// The monsters a seen monster may be: its farlook name if known, else what its glyph and
/// colour allow at this depth and experience level; for a monster we cannot tell
/// ([`unknown_kind`]), the one assumed ([`assumed_here`]).
pub fn plausible(w: &World, m: &Monster) -> Vec<&'static MonsterInfo> {
    if unknown_kind(w, m).is_some() {
        return assumed_here(w).into_iter().collect();
    }
    if let Some(info) = m.name.as_deref().and_then(monsters::find_in_text) {
        // One name, two forms (a wererat is an `r` and an `@`): the one drawn.
        let drawn = monsters::named_as_drawn(&info.name, m.ch);
        return vec![drawn.unwrap_or(info)];
    }
    monsters::plausible_here(m.ch, m.color, w.status.dlvl, w.status.xl, DIFFICULTY_SLACK)
}

/// Whether we hold a weapon. The pack is often unknown (the inventory is not read every turn):
/// then assume the starting weapon is still wielded, as for every role but Monk and Healer's scalpel.
pub fn wielding(w: &World) -> bool {
    w.inventory.is_empty() || w.inventory.iter().any(|i| i.wielded)
}

pub fn distance(a: Pos, b: Pos) -> i16 {
    (a.x - b.x).abs().max((a.y - b.y).abs())
}

/// Assesses one we cannot tell (see [`unknown_kind`]) as the monster assumed there.
fn assess_unknown(w: &World, m: &Monster, why: &'static str) -> Option<Threat> {
    let typical = assumed_here(w)?;
    let (expected_damage, max_damage) = damage_per_turn(typical, w.status.ac);
    // A floating eye drawn as something else is struck only when the one next to us may be
    // what strikes us: a blow in paralyses us for dozens of turns.
    let no_melee = (m.hallucinated && !struck_lately(w))
        .then_some("hallucinating and nothing strikes us: it may be a floating eye");
    Some(Threat {
        pos: m.pos,
        glyph: m.ch,
        name: typical.name.clone(),
        distance: distance(m.pos, w.player),
        expected_damage,
        max_damage,
        deadly_touch: false,
        respects_elbereth: false,
        no_melee,
        hostile: m.maybe_hostile(),
        gazes: false,
        speed: typical.speed,
        level: typical.level,
        ac: typical.ac,
        unknown: Some(why),
    })
}

/// Assesses one monster against our current HP and AC.
pub fn assess(w: &World, m: &Monster) -> Option<Threat> {
    if let Some(why) = unknown_kind(w, m) {
        return assess_unknown(w, m, why);
    }
    let options = plausible(w, m);
    let worst = options.iter().copied().max_by(|a, b| {
        let (da, db) = (
            damage_per_turn(a, w.status.ac),
            damage_per_turn(b, w.status.ac),
        );
        (deadly(a), da.0)
            .partial_cmp(&(deadly(b), db.0))
            .unwrap_or(std::cmp::Ordering::Equal)
    })?;
    let (expected_damage, max_damage) = damage_per_turn(worst, w.status.ac);
    let armed = wielding(w);
    let no_melee = options
        .iter()
        .find_map(|o| melee_hazard(o, armed, w.status.hp));
    Some(Threat {
        pos: m.pos,
        glyph: m.ch,
        name: worst.name.clone(),
        distance: distance(m.pos, w.player),
        expected_damage,
        max_damage,
        deadly_touch: options.iter().any(|o| deadly(o)),
        respects_elbereth: m.peaceful != Some(true) && options.iter().all(|o| o.respects_elbereth),
        no_melee,
        hostile: m.maybe_hostile(),
        gazes: options
            .iter()
            .any(|o| o.attacks.iter().any(monsters::Attack::is_harmful_gaze)),
        speed: worst.speed,
        level: worst.level,
        ac: worst.ac,
        unknown: None,
    })
}

/// Every visible hostile, most dangerous first (of two `I` marks alike, the newest first: it is
/// where the last blow came from; other equals stay in map order).
pub fn threats(r: &Recall, w: &World) -> Vec<Threat> {
    threats_by(r, w, 0)
}

/// Whether a hostile threat is within `radius` squares: the gate of the leaves that walk off
/// for an errand (food, our shed gear) only when nothing hostile is near.
pub fn hostile_within(r: &Recall, w: &World, radius: i16) -> bool {
    threats(r, w)
        .iter()
        .any(|th| th.hostile && th.distance <= radius)
}

/// Whether `m` attacked us within `struck` turns (0: not asked), see [`threats_by`].
pub fn struck_by(w: &World, m: &Monster, struck: i64) -> bool {
    struck > 0 && m.struck_within(w.turn, struck)
}

/// [`threats`]; with `struck` > 0, a monster the messages say attacked us within `struck` turns
/// ([`Monster::struck_us`]) is a hostile threat though farlook called it peaceful (a peaceful
/// does not attack: it was angered, or farlook's word went to another of its kind). Seed 10
/// of the b25 bench: a djinni angered by a stray dagger hit it from HP 68 to death while
/// `explore` searched beside it, taken for peaceful. A monster the game itself showed to be
/// peaceful (a refused attack, [`crate::peaceful`]) stays out.
pub fn threats_by(r: &Recall, w: &World, struck: i64) -> Vec<Threat> {
    let mut out: Vec<(Threat, i64)> = w
        .monsters
        .iter()
        .filter(|m| {
            (m.maybe_hostile() || (!m.tame && struck_by(w, m, struck)))
                && !crate::peaceful::suspected_monster(&r.peaceful, w, m)
        })
        .filter_map(|m| {
            let mut t = assess(w, m)?;
            if !t.hostile {
                // Farlook's "peaceful" is proven wrong by the blow.
                t.hostile = true;
                t.respects_elbereth =
                    t.unknown.is_none() && plausible(w, m).iter().all(|o| o.respects_elbereth);
            }
            Some((t, m.first_seen))
        })
        .collect();
    out.sort_by(|(a, a_seen), (b, b_seen)| {
        b.expected_damage
            .partial_cmp(&a.expected_damage)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(if a.glyph == 'I' && b.glyph == 'I' {
                b_seen.cmp(a_seen)
            } else {
                std::cmp::Ordering::Equal
            })
    });
    out.into_iter().map(|(t, _)| t).collect()
}

/// Expected damage per turn from every hostile within `radius`.
pub fn pressure(threats: &[Threat], radius: i16) -> f64 {
    threats
        .iter()
        .filter(|t| t.distance <= radius)
        .map(|t| t.expected_damage)
        .sum()
}

/// A known hostile `name` at `pos` next to us, harmless and at our speed: the tests' base
/// threat, each setting what it is about.
#[cfg(test)]
pub(crate) fn sample(name: &str, pos: Pos) -> Threat {
    Threat {
        pos,
        glyph: '?',
        name: name.into(),
        distance: 1,
        expected_damage: 0.0,
        max_damage: 0,
        deadly_touch: false,
        respects_elbereth: true,
        no_melee: None,
        hostile: true,
        gazes: false,
        speed: 12,
        level: 1,
        ac: 10,
        unknown: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn world_with(monsters: Vec<Monster>, hp: i32, ac: i32) -> World {
        let mut w = World {
            player: Pos::new(10, 10),
            monsters,
            ..World::default()
        };
        w.status.hp = hp;
        w.status.hp_max = 16;
        w.status.ac = ac;
        w
    }

    fn seen(ch: char, color: u8, x: i16) -> Monster {
        Monster {
            pos: Pos::new(x, 10),
            ch,
            color,
            ..Monster::default()
        }
    }

    #[test]
    fn hit_chance_follows_ac() {
        assert!((monster_hit_chance(0, 6) - 0.75).abs() < 1e-9);
        assert!(monster_hit_chance(0, -10) < monster_hit_chance(0, 0));
        assert_eq!(monster_hit_chance(30, 10), 1.0);
    }

    #[test]
    fn worst_plausible_monster_is_assumed() {
        // Deep down a brown `d` may be a jackal (1d2) or a warg (2d6): the warg is assumed.
        let mut w = world_with(vec![seen('d', 3, 11)], 16, 6);
        w.status.dlvl = 12;
        w.status.xl = 8;
        let t = &threats(&Recall::default(), &w)[0];
        assert_eq!(t.name, "warg");
        assert!(t.expected_damage > 3.0);
        assert!(t.respects_elbereth);
        // On Dlvl 1 at XL 1 a warg cannot be generated: a 1d4 biter is the worst.
        w.status.dlvl = 1;
        w.status.xl = 1;
        let shallow = &threats(&Recall::default(), &w)[0];
        assert_ne!(shallow.name, "warg");
        assert!(shallow.expected_damage < 2.5, "{shallow:?}");
        // Named by farlook: only what it is.
        let mut jackal = seen('d', 3, 11);
        jackal.name = Some("jackal".into());
        let w = world_with(vec![jackal], 16, 6);
        let t = &threats(&Recall::default(), &w)[0];
        assert_eq!(t.name, "jackal");
        assert!(t.expected_damage < 1.5);
    }

    #[test]
    fn melee_hazards() {
        let w = world_with(vec![seen('e', 4, 11), seen('@', 15, 12)], 16, 6);
        let t = threats(&Recall::default(), &w);
        let eye = t.iter().find(|t| t.glyph == 'e').unwrap();
        assert!(eye.no_melee.is_some());
        let human = t.iter().find(|t| t.glyph == '@').unwrap();
        assert!(!human.respects_elbereth);
        let cockatrice = monsters::by_name("cockatrice").unwrap();
        assert!(melee_hazard(cockatrice, false, 20).is_some());
        assert!(melee_hazard(cockatrice, true, 20).is_none());
        // A spotted jelly's acid splashes for up to 6d6.
        let jelly = monsters::by_name("spotted jelly").unwrap();
        assert!(melee_hazard(jelly, true, 30).is_some());
        assert!(melee_hazard(jelly, true, 40).is_none());
    }

    #[test]
    fn pets_and_peacefuls_are_no_threat() {
        let mut pet = seen('f', 15, 11);
        pet.tame = true;
        let mut peaceful = seen('h', 2, 12);
        peaceful.peaceful = Some(true);
        assert!(threats(&Recall::default(), &world_with(vec![pet, peaceful], 16, 6)).is_empty());
    }

    /// Seed 5: a wererat in `@` form hit twice a turn with a weapon while the model took it for
    /// the rat (1d4 bite): the named form is the one drawn, and a weapon adds its damage.
    #[test]
    fn a_named_were_is_assessed_in_the_form_drawn_with_its_weapon() {
        let mut human = seen('@', 3, 11);
        human.name = Some("wererat".into());
        let mut rat = seen('r', 3, 11);
        rat.name = Some("wererat".into());
        let as_human = assess(&world_with(vec![], 30, 6), &human).unwrap();
        let as_rat = assess(&world_with(vec![], 30, 6), &rat).unwrap();
        // 2d4 + a weapon's middle guess at 85% against AC 6; the rat's bite 1d4.
        assert!(as_human.expected_damage > 4.0, "{as_human:?}");
        assert!(as_rat.expected_damage < 2.5, "{as_rat:?}");
        assert_eq!(as_human.max_damage, 8 + WEAPON_MAX);
        assert_eq!(as_rat.max_damage, 4);
    }
}

#[cfg(test)]
#[path = "threat/unknown_tests.rs"]
mod unknown_tests;

#[cfg(test)]
#[path = "threat/struck_tests.rs"]
mod struck_tests;
