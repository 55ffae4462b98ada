//! What is safe to eat: corpse rules (eat.c) over the monster table and our kill records.

use crate::look::{self, LookHere};
use crate::monsters::{self, MonsterInfo};
use crate::recall::Recall;
use nhbot_world::{Action, Hunger, Kill, Pos, World};

/// Corpses older than this (turns since the kill) may be rotten. eat.c: rotted = age /
/// (10 + rn2(20)), +2 when cursed; above 5 the corpse is tainted (deadly food poisoning), above
/// 3 it may make us mildly ill. At 39 turns, rotted is at most 3 (5 cursed): never tainted,
/// never ill unless cursed. (BotHack used 30, AutoAscend 50.)
pub const MAX_CORPSE_AGE: i64 = 39;

/// Weak from hunger, a corpse up to this age is eaten: rotted is at most 5 when uncursed, so
/// never tainted; it may make us mildly ill (1d8 HP), which beats fainting. Corpses of kills
/// are uncursed. Half the starvation deaths of the bench came after a prayer had failed.
pub const WEAK_CORPSE_AGE: i64 = 59;

/// The oldest corpse we eat now: [`WEAK_CORPSE_AGE`] when Weak or worse with HP to spare for
/// the mild illness (more than 8), else [`MAX_CORPSE_AGE`].
pub fn corpse_age_limit(w: &World) -> i64 {
    corpse_age_limit_with(w, None)
}

/// [`corpse_age_limit`] with `max_age` (None: [`MAX_CORPSE_AGE`]) the limit when not Weak,
/// with HP to spare for the mild illness (1d8) a corpse above 39 turns may bring; at most
/// [`WEAK_CORPSE_AGE`] (older may be tainted).
pub fn corpse_age_limit_with(w: &World, max_age: Option<i64>) -> i64 {
    let weak = matches!(
        w.status.hunger,
        Hunger::Weak | Hunger::Fainting | Hunger::Fainted
    );
    let spare_hp = w.status.hp > 8;
    let normal = match max_age {
        Some(a) if spare_hp => a.min(WEAK_CORPSE_AGE),
        Some(a) => a.min(MAX_CORPSE_AGE),
        None => MAX_CORPSE_AGE,
    };
    if weak && spare_hp {
        WEAK_CORPSE_AGE.max(normal)
    } else {
        normal
    }
}

/// Why a corpse of this monster must not be eaten (age aside), if so.
pub fn corpse_hazard(m: &MonsterInfo, race: &str) -> Option<&'static str> {
    // Cannibalism: our own race (orcs may; Cavemen too, not modelled). Were-creatures count
    // as human and are refused below anyway.
    if race != "orc" && m.corpse_is(race) {
        return Some("cannibalism");
    }
    const RULES: &[(&str, &str)] = &[
        ("nocorpse", "leaves no corpse"),
        ("petrify", "petrifies"),
        ("slime", "turns us into green slime"),
        ("rider", "a Rider's corpse kills"),
        ("acidic", "acidic without acid resistance"),
        ("poisonous", "poisonous without poison resistance"),
        ("pet", "eating a dog or cat aggravates monsters"),
        ("were", "lycanthropy"),
        ("poly", "polymorphs us"),
        ("hallu", "hallucination"),
        ("stun", "stuns"),
        ("preaged", "starts old: always tainted"),
    ];
    RULES
        .iter()
        .find(|(flag, _)| m.corpse_is(flag))
        .map(|(_, why)| *why)
}

/// The hazards a starving hero accepts (eat.c): a poisonous corpse costs 1d4 Str and 1d15 HP
/// four times in five, an acidic one 1d15 HP; fainting costs the game.
pub const STARVING_HAZARDS: &[&str] = &[
    "acidic without acid resistance",
    "poisonous without poison resistance",
];

/// HP above which a starving hero eats a poisonous or acidic corpse (1d15 damage at most).
pub const STARVING_MIN_HP: i32 = 20;

/// Whether the hazards of starving apply: `allowed` (the node's option), Weak or worse, no
/// food in the pack and HP above [`STARVING_MIN_HP`].
pub fn starving(w: &World, allowed: bool) -> bool {
    allowed
        && matches!(
            w.status.hunger,
            Hunger::Weak | Hunger::Fainting | Hunger::Fainted
        )
        && pack_food(w).is_none()
        && w.status.hp > STARVING_MIN_HP
}

/// Why a corpse of this monster must not be eaten now (age aside), if so: [`corpse_hazard`],
/// except poisonous and acidic ones when `starving`, unless it has other hazards too.
pub fn corpse_refusal(m: &MonsterInfo, race: &str, starving: bool) -> Option<&'static str> {
    corpse_refusal_with(m, race, starving, PoisonRule::Refuse)
}

/// [`corpse_refusal`], with a poisonous corpse accepted when `poison` allows it
/// ([`poison::poisonous_ok`]), unless it has other hazards too.
pub fn corpse_refusal_with(
    m: &MonsterInfo,
    race: &str,
    starving: bool,
    poison: PoisonRule,
) -> Option<&'static str> {
    let hazard = corpse_hazard(m, race)?;
    let poison_ok = hazard == "poisonous without poison resistance" && poisonous_ok(m, poison);
    if !poison_ok && (!starving || !STARVING_HAZARDS.contains(&hazard)) {
        return Some(hazard);
    }
    // Another hazard behind the first one found (none among today's monsters, but the
    // table decides).
    let other = [
        "petrify", "slime", "were", "poly", "hallu", "stun", "preaged", "nocorpse",
    ]
    .iter()
    .any(|flag| m.corpse_is(flag));
    (other || (race != "orc" && m.corpse_is(race))).then_some(hazard)
}

/// Lichen and lizard corpses never rot.
pub fn never_rots(m: &MonsterInfo) -> bool {
    m.corpse_is("norot")
}

/// Whether a corpse of `m`, `age` turns old (None: unknown), is safe to eat when `limit` is
/// the oldest age eaten ([`corpse_age_limit`]).
pub fn corpse_ok(m: &MonsterInfo, age: Option<i64>, race: &str, limit: i64) -> Result<(), String> {
    corpse_ok_when(m, age, race, limit, false)
}

/// [`corpse_ok`], with poisonous and acidic corpses allowed when `starving` ([`starving`]).
pub fn corpse_ok_when(
    m: &MonsterInfo,
    age: Option<i64>,
    race: &str,
    limit: i64,
    starving: bool,
) -> Result<(), String> {
    corpse_ok_with(m, age, race, limit, starving, PoisonRule::Refuse)
}

/// [`corpse_ok_when`], with poisonous corpses judged by `poison` ([`corpse_refusal_with`]).
pub fn corpse_ok_with(
    m: &MonsterInfo,
    age: Option<i64>,
    race: &str,
    limit: i64,
    starving: bool,
    poison: PoisonRule,
) -> Result<(), String> {
    if let Some(why) = corpse_refusal_with(m, race, starving, poison) {
        return Err(format!("{} corpse: {why}", m.name));
    }
    match age {
        _ if corpse_fresh(m, age, limit) => Ok(()),
        Some(a) => Err(format!("{} corpse is {a} turns old", m.name)),
        None => Err(format!("{} corpse of unknown age", m.name)),
    }
}

/// Whether a corpse of `m` aged `age` is fresh enough to eat (`limit` turns at most, or one
/// that never rots): [`corpse_ok_with`]'s age test, also asked alone by the scans over every
/// kill, which skip the refusal's words (most kills are long rotten).
pub fn corpse_fresh(m: &MonsterInfo, age: Option<i64>, limit: i64) -> bool {
    never_rots(m) || age.is_some_and(|a| a <= limit)
}

/// The monster named in a corpse description: "a partly eaten newt corpse", "2 lichen corpses".
pub fn corpse_monster(text: &str) -> Option<&'static MonsterInfo> {
    let text = text.trim().trim_end_matches('.');
    let body = text
        .strip_suffix(" corpses")
        .or_else(|| text.strip_suffix(" corpse"))?;
    monsters::find_in_text(body)
}

/// Our kill records on the current level whose corpse is safe (for a player of `race`: human,
/// elf, dwarf, gnome or orc) and still fresh enough, youngest first: what we may walk to and eat.
pub fn edible_kills<'a>(w: &'a World, race: &str) -> Vec<(&'a Kill, Pos)> {
    edible_kills_when(w, race, false, &[])
}

/// A square where an eat from the floor took no game time (the corpse was gone, eaten rotten
/// in one turn, or a prompt cut the meal short): the kills that fell there by `turn` are
/// neither eaten nor walked to again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoFoodHere {
    pub level: Option<usize>,
    pub pos: Pos,
    pub turn: i64,
}

impl NoFoodHere {
    /// The hero's square now.
    pub fn here(w: &World) -> NoFoodHere {
        NoFoodHere {
            level: w.dungeon.current,
            pos: w.player,
            turn: w.turn,
        }
    }

    fn covers(&self, k: &Kill, sighted: bool) -> bool {
        self.level == k.level && Some(self.pos) == kill_pos(k, sighted) && k.turn <= self.turn
    }
}

/// Whether `pos` of this level is given up: listed in `no_food` with no kill there since.
fn square_given_up(w: &World, pos: Pos, no_food: &[NoFoodHere], sighted: bool) -> bool {
    no_food.iter().any(|g| {
        g.level == w.dungeon.current
            && g.pos == pos
            && !w
                .kills
                .iter()
                .any(|k| k.level == g.level && kill_pos(k, sighted) == Some(pos) && k.turn > g.turn)
    })
}

/// [`edible_kills`], poisonous and acidic ones included when `starving` ([`starving`]), none
/// of the squares given up in `no_food`.
pub fn edible_kills_when<'a>(
    w: &'a World,
    race: &str,
    starving: bool,
    no_food: &[NoFoodHere],
) -> Vec<(&'a Kill, Pos)> {
    let opts = CorpseOpts {
        starving,
        ..CorpseOpts::default()
    };
    edible_kills_opts(w, race, opts, no_food)
}

/// [`edible_kills_when`] under the node's options ([`CorpseOpts`]).
pub fn edible_kills_opts<'a>(
    w: &'a World,
    race: &str,
    opts: CorpseOpts,
    no_food: &[NoFoodHere],
) -> Vec<(&'a Kill, Pos)> {
    let limit = desperate::age_limit(w, opts);
    let mut out: Vec<(&Kill, Pos)> = w
        .kills
        .iter()
        .filter(|k| k.level.is_some() && k.level == w.dungeon.current && !k.no_corpse)
        .filter(|k| !no_food.iter().any(|g| g.covers(k, opts.sighted)))
        .filter_map(|k| {
            let pos = kill_pos(k, opts.sighted)?;
            let m = monsters::find_in_text(&k.name)?;
            // The corpse itself first: a pile's listing is dear to read, most kills are old.
            let age = Some(w.turn - k.turn);
            if !corpse_fresh(m, age, limit)
                || corpse_refusal_with(m, race, opts.starving, opts.poison).is_some()
            {
                return None;
            }
            if k.in_pile && !pile_offers_only(w, pos, k, m) {
                return None;
            }
            Some((k, pos))
        })
        .collect();
    out.sort_by_key(|(k, _)| -k.turn);
    out
}

/// Whether a floor object's text may be food the game offers to eat ("There is a dagger here"
/// is never asked; an unknown word counts as food, so a doubt refuses the pile).
fn may_be_food(text: &str) -> bool {
    let kinds = [
        "corpse",
        "egg",
        "tin",
        "food",
        "ration",
        "cookie",
        "wafer",
        "jelly",
        "glob",
        "meat",
        "meatball",
        "pie",
        "candy",
        "fruit",
        "frond",
        "garlic",
        "wolfsbane",
        "sprig",
        "lump",
    ];
    is_spare_food(text) || kinds.iter().any(|k| text.contains(k))
}

/// Whether the pile at `pos`, listed since `kill` fell, holds exactly one food, the corpse of
/// `m`: eating from the floor answers "y" to the first food the game offers, so only then is it
/// the kill's corpse (62 kills in the 36 starved games of the bench fell on a pile, mostly
/// dwarves, gnomes, hobbits and orcs whose gear fell with them: 100-300 nutrition each).
pub fn pile_offers_only(w: &World, pos: Pos, kill: &Kill, m: &MonsterInfo) -> bool {
    let listed = w.objects_at(pos);
    if listed.is_empty()
        || listed
            .iter()
            .any(|o| o.text.is_none() || o.turn < kill.turn)
    {
        return false;
    }
    let food: Vec<&str> = listed
        .iter()
        .filter_map(|o| o.text.as_deref())
        .filter(|t| may_be_food(t))
        .collect();
    matches!(food.as_slice(), [only] if corpse_monster(only).is_some_and(|c| c.name == m.name)
        && !only.contains("corpses"))
}

/// The freshest kill at `pos` that left a corpse of `m` (a zombie's corpse is its base race,
/// pre-aged: "You destroy the orc zombie" never dates an orc corpse).
fn kill_at<'a>(w: &'a World, pos: Pos, m: &MonsterInfo, sighted: bool) -> Option<&'a Kill> {
    w.kills
        .iter()
        .filter(|k| kill_pos(k, sighted) == Some(pos) && k.level == w.dungeon.current)
        .filter(|k| monsters::find_in_text(&k.name).is_some_and(|killed| killed.name == m.name))
        .max_by_key(|k| k.turn)
}

/// Merely Hungry with a prayer for hunger free (`World::prayer_is_free`): pack
/// food waits for Weak, when the prayer fixes the hunger.
pub fn saved_for_prayer(w: &World) -> bool {
    w.status.hunger == Hunger::Hungry && w.prayer_is_free()
}

/// [`saved_for_prayer`], only while the pack holds at most `max_food` items we would eat
/// ([`pack_food_count`]; None: any number). A hunger prayer resets the timeout the next
/// low-HP prayer needs: 13 of the 22 deaths while praying in the 200-game bench (b25) came
/// within ~900 turns of one, several with rations in the pack (seed 28: 4 spare food items).
pub fn saved_for_prayer_with(w: &World, max_food: Option<u32>) -> bool {
    saved_for_prayer(w) && max_food.is_none_or(|max| pack_food_count(w) <= max)
}

/// Pack food items safe to eat now ([`is_pack_food`]), stacks counted by quantity.
pub fn pack_food_count(w: &World) -> u32 {
    w.inventory
        .iter()
        .filter(|i| is_pack_food(i))
        .map(|i| i.count.max(1))
        .sum()
}

pub fn hungry(w: &World) -> bool {
    matches!(
        w.status.hunger,
        Hunger::Hungry | Hunger::Weak | Hunger::Fainting | Hunger::Fainted
    )
}

/// One step toward eating a fresh safe corpse of our own kills: look at what lies here, eat it
/// when the look shows exactly that corpse, or walk toward the freshest one.
pub fn eat_corpse_step(r: &mut Recall, w: &World, race: &str) -> Option<(Action, String)> {
    eat_corpse_step_when(r, w, race, false, &[])
}

/// [`eat_corpse_step`], poisonous and acidic corpses included when `starving` ([`starving`]);
/// the reason then says so. The squares in `no_food` are given up.
pub fn eat_corpse_step_when(
    r: &mut Recall,
    w: &World,
    race: &str,
    starving: bool,
    no_food: &[NoFoodHere],
) -> Option<(Action, String)> {
    let opts = CorpseOpts {
        starving,
        ..CorpseOpts::default()
    };
    eat_corpse_step_opts(r, w, race, opts, no_food)
}

/// [`eat_corpse_step_when`] under the node's options ([`CorpseOpts`]).
pub fn eat_corpse_step_opts(
    r: &mut Recall,
    w: &World,
    race: &str,
    opts: CorpseOpts,
    no_food: &[NoFoodHere],
) -> Option<(Action, String)> {
    eat_kill_step(r, w, race, opts, no_food).or_else(|| desperate::step(r, w, race, opts, no_food))
}

/// [`eat_corpse_step_opts`] for our kills' corpses (and, when `opts.desperate`, the corpse
/// of unknown age this square's look shows).
fn eat_kill_step(
    r: &mut Recall,
    w: &World,
    race: &str,
    opts: CorpseOpts,
    no_food: &[NoFoodHere],
) -> Option<(Action, String)> {
    let (starving, sighted) = (opts.starving, opts.sighted);
    let limit = desperate::age_limit(w, opts);
    let risk = |m: &MonsterInfo| match corpse_hazard(m, race) {
        Some(h) if poisonous_ok(m, opts.poison) && h.starts_with("poisonous") => {
            poison_note(m, opts.poison, w)
        }
        Some(h) if starving => format!(
            "; {h}, but {:?} with no food in the pack and HP {}",
            w.status.hunger, w.status.hp
        ),
        _ => String::new(),
    };
    // Not while something hits us (one we cannot see: the fight nodes only strike back).
    if crate::signs::attacked(&w.messages) {
        return None;
    }
    if let LookHere::One(text) = look::look_here(&w.messages) {
        if square_given_up(w, w.player, no_food, sighted) {
            return None;
        }
        if let Some(m) = corpse_monster(&text) {
            let age = kill_at(w, w.player, m, sighted).map(|k| w.turn - k.turn);
            // Fainting with no food: a corpse of unknown age is a gamble worth taking.
            let judged_age = age.or(opts.desperate.then_some(0));
            return match corpse_ok_with(m, judged_age, race, limit, starving, opts.poison) {
                Ok(()) => Some((
                    Action::Eat { item: None },
                    format!(
                        "eating the {} corpse here ({}{})",
                        m.name,
                        match age {
                            Some(a) => format!("{a} turns old"),
                            None if never_rots(m) => "never rots".into(),
                            None => desperate::UNKNOWN_AGE.into(),
                        },
                        risk(m)
                    ),
                )),
                Err(_) => None,
            };
        }
        return None;
    }
    // A pile here whose listing offers only a fresh kill's corpse: the first "eat it?" is it.
    if let Some((kill, pos)) = edible_kills_opts(w, race, opts, no_food)
        .into_iter()
        .find(|(k, pos)| *pos == w.player && k.in_pile)
    {
        let m = monsters::find_in_text(&kill.name)?;
        return Some((
            Action::Eat { item: None },
            format!(
                "eating the {} corpse in the pile here ({} turns old, the only food listed at ({}, {}){})",
                m.name,
                w.turn - kill.turn,
                pos.x,
                pos.y,
                risk(m)
            ),
        ));
    }
    // A look that showed anything else here (a pile, nothing): no second look this decision.
    let looked_here = look::looked_at(r, w);
    // A fresh kill's corpse in a pile here not listed since it fell: list it (`:`).
    if !looked_here {
        let unlisted = w.kills.iter().find(|k| {
            k.in_pile
                && !k.no_corpse
                && !no_food.iter().any(|g| g.covers(k, sighted))
                && kill_pos(k, sighted) == Some(w.player)
                && k.level == w.dungeon.current
                && monsters::find_in_text(&k.name).is_some_and(|m| {
                    corpse_ok_with(m, Some(w.turn - k.turn), race, limit, starving, opts.poison)
                        .is_ok()
                        && !pile_offers_only(w, w.player, k, m)
                })
        });
        if let Some(k) = unlisted {
            let listed = w
                .objects_here()
                .iter()
                .all(|o| o.text.is_some() && o.turn >= k.turn);
            if !listed {
                return Some((
                    look::look_action_at(r, w),
                    format!("listing the pile here for the {} corpse", k.name),
                ));
            }
        }
    }
    // A corpse under a monster (a peaceful one answers "Really attack?" and no time passes)
    // waits until the square is free.
    let (kill, pos) = edible_kills_opts(w, race, opts, no_food)
        .into_iter()
        .find(|(_, pos)| {
            *pos == w.player
                || (w
                    .level()
                    .and_then(|l| l.at(*pos))
                    .is_some_and(|sq| sq.object.is_some_and(|c| c.ch == '%'))
                    && !w.monsters.iter().any(|m| m.pos == *pos))
        })?;
    if pos == w.player {
        return (!looked_here).then(|| {
            (
                look::look_action_at(r, w),
                format!("looking at the {} corpse here", kill.name),
            )
        });
    }
    // The world's own path rules: around peaceful monsters, and Sokoban's (no squeezing,
    // never into a pit or hole).
    let path = w.path_to(&[pos])?;
    if opts.max_steps.is_some_and(|most| path.steps.len() > most) {
        return None;
    }
    (path.steps.len() as i64 + w.turn - kill.turn <= limit).then(|| {
        (
            Action::Move { dir: path.first },
            format!(
                "walking to the {} corpse ({} turns old, {} steps)",
                kill.name,
                w.turn - kill.turn,
                path.steps.len()
            ),
        )
    })
}

/// The first pack item safe to eat now: comestibles but eggs, tins and corpses that rot or
/// harm (a lichen corpse keeps).
pub fn pack_food(w: &World) -> Option<&nhbot_world::inventory::Item> {
    w.inventory.iter().find(|i| is_pack_food(i))
}

/// Whether a pack item is food [`pack_food`] would eat: never one not paid for yet (eaten, it
/// is a debt the keeper bars his door for; `buy_food` pays first).
fn is_pack_food(i: &nhbot_world::inventory::Item) -> bool {
    i.class == "Comestibles"
        && i.unpaid_price.is_none()
        && !i.text.contains("egg")
        && !i.text.contains("tin")
        && corpse_monster(&i.name)
            .is_none_or(|m| corpse_hazard(m, "human").is_none() && never_rots(m))
}

/// Eat from the pack: by letter when the inventory is known, else look first so that the
/// floor's food never gets the game's "eat it?" question by accident.
pub fn eat_from_pack_step(r: &mut Recall, w: &World) -> Option<(Action, String)> {
    if !w.inventory.is_empty() {
        let food = pack_food(w)?;
        return Some((
            Action::Eat {
                item: Some(food.letter),
            },
            format!("eating {} ({}) from the pack", food.text, food.letter),
        ));
    }
    match look::look_here(&w.messages) {
        LookHere::Nothing => Some((
            Action::Eat { item: None },
            "eating the first food in the pack (nothing lies here)".into(),
        )),
        LookHere::Unknown if !look::looked_at(r, w) => {
            Some((look::look_action_at(r, w), "looking before eating".into()))
        }
        _ => None,
    }
}

/// Comestibles that keep and are always safe to carry and eat (no corpses, eggs or tins).
pub(crate) const SPARE_FOOD: &[&str] = &[
    "food ration",
    "cram ration",
    "lembas wafer",
    "K-ration",
    "C-ration",
    "fortune cookie",
    "apple",
    "orange",
    "pear",
    "melon",
    "banana",
    "carrot",
    "slime mold",
    "candy bar",
    "pancake",
    "cream pie",
    // "2 lumps of royal jelly", "cloves of garlic": the plural is on the first word.
    "royal jelly",
    "kelp frond",
    "garlic",
];

/// Words after a food's name that make it something else: "orange gem", "orange potion",
/// "orange spellbook", "worthless piece of orange glass", "orange dragon scales".
const NOT_FOOD_AFTER: &[&str] = &[
    "gem",
    "gems",
    "potion",
    "potions",
    "spellbook",
    "spellbooks",
    "glass",
    "dragon",
    "stone",
    "stones",
];

/// The spare food ([`SPARE_FOOD`]) an object's text names, as a whole word: "2 oranges" and
/// "a pear" are food, "an orange gem" and "a dwarvish spear" are not (the bench's piles gave
/// both to `pick_up_food` when a food's name was matched anywhere in the text).
pub(crate) fn spare_food_name(text: &str) -> Option<&'static str> {
    let present = spare_foods_in(text);
    SPARE_FOOD
        .iter()
        .enumerate()
        .filter(|&(k, _)| present >> k & 1 == 1)
        .map(|(_, f)| *f)
        .find(|f| names_food(text, f))
}

/// Which of [`SPARE_FOOD`] occur anywhere in `text` (bit k for the kth), in one pass over it:
/// [`spare_food_name`] runs on every object of the level at each decision, and a substring
/// search per food was ~2% of the bot's instructions.
fn spare_foods_in(text: &str) -> u32 {
    let bytes = text.as_bytes();
    let mut present = 0;
    for i in 0..bytes.len() {
        let mut starting_here = SPARE_FOOD_BY_FIRST_BYTE[bytes[i] as usize];
        while starting_here != 0 {
            let k = starting_here.trailing_zeros();
            starting_here &= starting_here - 1;
            if bytes[i..].starts_with(SPARE_FOOD[k as usize].as_bytes()) {
                present |= 1 << k;
            }
        }
    }
    present
}

/// By byte: the [`SPARE_FOOD`] names starting with it (bit k for the kth).
const SPARE_FOOD_BY_FIRST_BYTE: [u32; 256] = {
    assert!(SPARE_FOOD.len() <= 32);
    let mut table = [0; 256];
    let mut k = 0;
    while k < SPARE_FOOD.len() {
        table[SPARE_FOOD[k].as_bytes()[0] as usize] |= 1 << k;
        k += 1;
    }
    table
};

/// Whether `text` names `food` as a whole word, plural or not, and not as the colour of a
/// gem, potion or book ([`NOT_FOOD_AFTER`]).
pub(crate) fn names_food(text: &str, food: &str) -> bool {
    // `contains` first: its short-needle search is far cheaper than `match_indices`'s setup,
    // and most texts (every object on the level, each decision) name no food.
    text.contains(food)
        && text.match_indices(food).any(|(i, _)| {
            let starts_word = text[..i]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric() && c != '-');
            let rest = &text[i + food.len()..];
            let rest = rest.strip_prefix('s').unwrap_or(rest);
            let ends_word = rest.chars().next().is_none_or(|c| !c.is_alphanumeric());
            let next = rest
                .trim_start()
                .split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or("");
            starts_word && ends_word && !NOT_FOOD_AFTER.contains(&next)
        })
}

/// Pick up spare food we stand on: the step onto a square with one object says "You see here X."
/// Never in a shop (the item would be unpaid) and never when it would burden us.
pub fn pick_up_food_step(w: &World) -> Option<(Action, String)> {
    pick_up_food_step_with(w, false)
}

/// [`pick_up_food_step`], tripe rations too when `tripe` ([`TRIPE`]: food for a starving hero).
pub fn pick_up_food_step_with(w: &World, tripe: bool) -> Option<(Action, String)> {
    let wanted =
        |t: &str| is_spare_food(t) || (tripe && names_food(t, TRIPE) && !t.contains("for sale"));
    let food_name =
        |t: &str| spare_food_name(t).or_else(|| (tripe && names_food(t, TRIPE)).then_some(TRIPE));
    if w.status.encumbrance != nhbot_world::Encumbrance::Unencumbered || w.in_shop(w.player) {
        return None;
    }
    let text = match look::look_here(&w.messages) {
        LookHere::One(text) => text,
        // A pile: the food the world's listing of it names, taken by name.
        LookHere::Several => {
            let food = w
                .objects_here()
                .into_iter()
                .filter_map(|o| o.text)
                .find(|t| wanted(t))?;
            food_name(&food)?;
            // By the listing's whole text: a food's name alone would also pick "a dwarvish
            // spear" for "pear".
            return Some((
                Action::Pickup {
                    what: nhbot_world::Pick::Named(food.clone()),
                },
                format!("picking up spare food from the pile here: {food}"),
            ));
        }
        _ => return None,
    };
    if text.contains("for sale") {
        return None;
    }
    let food = food_name(&text)?;
    Some((
        Action::Pickup {
            what: nhbot_world::Pick::All,
        },
        format!("picking up spare food: {text} ({food})"),
    ))
}

mod buy;
mod corpse_leaf;
mod desperate;
mod errand;
mod fetch;
mod forage;
mod poison;
mod shop_patience;
mod sighted;
pub(crate) use buy::BuyFood;
pub use buy::{best_buy, for_sale, leave_shop_step, ForSale};
pub use corpse_leaf::{CorpseMeals, EatFreshCorpse};
pub use desperate::{desperate, FAINTING_CORPSE_AGE};
pub(crate) use fetch::FetchFood;
pub use fetch::{food_squares, is_spare_food, spare_food_carried};
pub use forage::{foraging, TRIPE};
pub use poison::{poison_note, poison_res_odds, poisonous_ok, PoisonParams, PoisonRule};
pub use sighted::{kill_pos, CorpseOpts};

#[cfg(test)]
mod tests;
