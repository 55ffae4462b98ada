//! Shedding weight for a diagonal squeeze: the game refuses a diagonal step between two rock,
//! wall or boulder squares while the pack weighs more than 600 (hack.c `cant_squeeze_thru`).
//! When the way on (the unexplored, or the down stairs) lies only through such a squeeze, the
//! least useful things are dropped, one stack (or part of one) per decision, until the pack's
//! weight as the object table tells it is down to 600: rocks and gems first, then spellbooks
//! (no leaf reads one), armour not worn, weapons not wielded, missiles beyond a few, food beyond
//! two. Never the wielded weapon, worn armour, wands, tools, potions, scrolls, rings or
//! amulets. If that cannot make 600, nothing is dropped: stripping worn armour for a squeeze is
//! worse than searching for another way. Seed 350 of b37-final2 carried 602 (a splint mail of 400) and searched walls for
//! 10,800 turns beside a squeeze that one slime mold less would have let it through.

use crate::missiles::is_missile;
use nhbot_kb::{class_weight, gold_weight, stack_object_weight, SQUEEZE_WEIGHT};
use nhbot_world::nav::PathOpts;
use nhbot_world::{Action, Branch, Item, Level, Pos, World};

/// Missiles kept however heavy the pack (a few throws at what we cannot reach).
pub const KEPT_MISSILES: u32 = 3;
/// Food kept however heavy the pack (the most nourishing first).
pub const KEPT_FOOD: u32 = 2;

/// What one object of `item`'s stack weighs: the object table's weight, else a guess by its
/// class (the inventory's header).
pub fn unit_weight(item: &Item) -> u32 {
    if let Some(w) = stack_object_weight(&item.name, item.count) {
        return w.weight;
    }
    if item.name.contains("corpse") {
        // Corpses weigh their monster's (lichen 20, lizard 10, a jackal's 300): the few a bot
        // carries are light ones.
        return if item.name.contains("lizard") { 10 } else { 20 };
    }
    // The classes whose objects all weigh the same, by the KB's table ("Potions" -> "potion").
    let word = item.class.to_lowercase();
    if let Some(w) = class_weight(word.strip_suffix('s').unwrap_or(&word)) {
        return w;
    }
    match item.class.as_str() {
        "Weapons" => 30,
        "Armor" => 50,
        "Comestibles" => 10,
        "Tools" => 20,
        "Gems/Stones" => 1,
        _ => 10,
    }
}

pub(crate) fn is_gold(item: &Item) -> bool {
    item.letter == '$' || item.class == "Coins"
}

/// The pack's weight: its objects by the object table, gold by its count (the status line's
/// when the pack lists none).
pub fn pack_weight(world: &World) -> u32 {
    let objects: u32 = world
        .inventory
        .iter()
        .filter(|i| !is_gold(i))
        .map(|i| unit_weight(i) * i.count)
        .sum();
    let coins = world
        .inventory
        .iter()
        .find(|i| is_gold(i))
        .map_or(world.status.gold.max(0) as u64, |i| i.count as u64);
    objects + gold_weight(coins)
}

/// A stack we may drop from: how many of it and what one weighs, and what kind of spare it is.
#[derive(Clone, Debug, PartialEq)]
struct Spare {
    letter: char,
    /// Objects of the stack we may drop.
    count: u32,
    /// The stack's size (a drop of all of it names no count).
    of: u32,
    unit: u32,
    what: &'static str,
}

/// Gray stones are never dropped: a cursed loadstone cannot be (the drop would repeat forever)
/// and a luckstone is worth its weight.
fn gray_stone(name: &str) -> bool {
    [
        "gray stone",
        "luckstone",
        "loadstone",
        "touchstone",
        "flint",
    ]
    .iter()
    .any(|s| name.contains(s))
}

/// The stacks we may drop from, least useful first (the order of the kinds, then the pack's).
fn spares(world: &World) -> Vec<Spare> {
    let inv = &world.inventory;
    let free = |i: &&Item| !i.worn && !i.wielded && !is_gold(i);
    let spare = |i: &Item, count: u32, what: &'static str| Spare {
        letter: i.letter,
        count,
        of: i.count,
        unit: unit_weight(i),
        what,
    };
    let mut out = Vec::new();
    for i in inv.iter().filter(free) {
        if i.class == "Gems/Stones" && !gray_stone(&i.name) {
            out.push(spare(i, i.count, "rocks and gems"));
        }
    }
    // No leaf reads a spellbook: 50 each of dead weight.
    for i in inv.iter().filter(free) {
        if i.class == "Spellbooks" {
            out.push(spare(i, i.count, "spellbooks never read"));
        }
    }
    for i in inv.iter().filter(free) {
        if i.class == "Armor" {
            out.push(spare(i, i.count, "armour not worn"));
        }
    }
    for i in inv.iter().filter(free) {
        if i.class == "Weapons" && !is_missile(&i.name) {
            out.push(spare(i, i.count, "a weapon not wielded"));
        }
    }
    // Missiles beyond the first few, the quivered stack kept first.
    let mut missiles: Vec<&Item> = inv
        .iter()
        .filter(free)
        .filter(|i| i.class == "Weapons" && is_missile(&i.name))
        .collect();
    missiles.sort_by_key(|i| !i.quivered);
    for (i, beyond) in beyond_the_first(&missiles, KEPT_MISSILES) {
        out.push(spare(i, beyond, "missiles beyond a few"));
    }
    // Food beyond the most nourishing two (a lizard corpse, which never rots and cures
    // stoning, is never food to drop).
    let mut food: Vec<&Item> = inv
        .iter()
        .filter(free)
        .filter(|i| i.class == "Comestibles" && !i.name.contains("lizard"))
        .collect();
    let nutrition = |i: &Item| {
        stack_object_weight(&i.name, i.count)
            .and_then(|w| w.nutrition)
            .unwrap_or(0)
    };
    food.sort_by_key(|i| std::cmp::Reverse(nutrition(i)));
    for (i, beyond) in beyond_the_first(&food, KEPT_FOOD) {
        out.push(spare(i, beyond, "food beyond two"));
    }
    out
}

/// The stacks of `items` (in order) with how many of each lie beyond the first `kept` objects.
fn beyond_the_first<'a>(items: &[&'a Item], kept: u32) -> Vec<(&'a Item, u32)> {
    let mut left = kept;
    let mut out = Vec::new();
    for &i in items {
        let keep = left.min(i.count);
        left -= keep;
        if i.count > keep {
            out.push((i, i.count - keep));
        }
    }
    out
}

/// The drop among `spares` that sheds `excess`: within the least useful kind that has any, the
/// fewest objects of one stack that are enough (the lightest such drop), else all that may go
/// of its heaviest stack. None when all of them together are not enough.
fn choose(spares: &[Spare], excess: u32) -> Option<(Spare, u32)> {
    let total: u32 = spares.iter().map(|s| s.unit * s.count).sum();
    if total < excess {
        return None;
    }
    let kind = spares.iter().find(|s| s.unit > 0)?.what;
    let of_kind = || spares.iter().filter(|s| s.what == kind && s.unit > 0);
    let enough = of_kind()
        .filter(|s| s.unit * s.count >= excess)
        .map(|s| (s.clone(), excess.div_ceil(s.unit)))
        .min_by_key(|(s, n)| s.unit * n);
    enough.or_else(|| {
        of_kind()
            .max_by_key(|s| s.unit * s.count)
            .map(|s| (s.clone(), s.count))
    })
}

/// The drop that lets us squeeze on, when the way on lies only through a diagonal squeeze and
/// the pack is too heavy for it: the game refused one for our load ([`World::squeeze_refused`],
/// whatever our estimate says), or the estimate is over 600. `beyond`: the squares that are
/// the way on (the unexplored, the down stairs) that `opts` reaches none of. None outside
/// these cases, in Sokoban (no squeezing there, whatever the load), in a shop (a drop there is
/// a sale) and when the spares are not enough.
pub fn shed_for_squeeze_step(
    world: &World,
    level: &Level,
    opts: &PathOpts,
    beyond: &[Pos],
) -> Option<(Action, String)> {
    if beyond.is_empty() || level.branch == Branch::Sokoban || level.in_shop(world.player) {
        return None;
    }
    let load = pack_weight(world);
    let refused = world.squeeze_refused_for_load();
    if !refused && load <= SQUEEZE_WEIGHT {
        return None;
    }
    // Refused though our estimate is within the limit: the estimate is short; shed something.
    // The spares first: cheaper than the two path searches, and while the fact holds with too
    // few of them this runs at every decision of the wall search.
    let excess = load.saturating_sub(SQUEEZE_WEIGHT).max(1);
    let (spare, n) = choose(&spares(world), excess)?;
    let mut no_squeeze = opts.clone();
    no_squeeze.no_squeeze = true;
    let mut squeezing = opts.clone();
    squeezing.no_squeeze = false;
    let me = world.player;
    let without = level.distances(me, &no_squeeze);
    if beyond.iter().any(|&p| without.cost(p).is_some()) {
        return None;
    }
    let with = level.distances(me, &squeezing);
    let target = beyond
        .iter()
        .copied()
        .filter(|&p| with.cost(p).is_some())
        .min_by_key(|&p| with.cost(p))?;
    let item = world.inventory.iter().find(|i| i.letter == spare.letter)?;
    let count = (n < spare.of).then_some(n);
    let reason = format!(
        "shedding weight for a diagonal squeeze: ({}, {}) lies beyond one, and the pack weighs \
         about {load} ({}; more than {SQUEEZE_WEIGHT} is refused): dropping {} of {} ({}, {} \
         less)",
        target.x,
        target.y,
        if refused {
            "the game refused it"
        } else {
            "by the object table"
        },
        n,
        item.text,
        spare.what,
        n * spare.unit
    );
    Some((
        Action::Drop {
            item: spare.letter,
            count,
        },
        reason,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::{parse_inventory_menu, Feature, MenuItem};

    /// An inventory menu as the game lists it: headers, then "x - ..." lines.
    fn pack(lines: &[&str]) -> Vec<Item> {
        let items: Vec<MenuItem> = lines
            .iter()
            .map(|l| {
                let header = !l.contains(" - ");
                MenuItem {
                    letter: (!header).then(|| l.chars().next().unwrap_or('?')),
                    text: l.to_string(),
                    selected: false,
                    header,
                }
            })
            .collect();
        parse_inventory_menu(&items)
    }

    /// Seed 350's pack at T10085 of b37-final2, refused the squeeze: 602 in all.
    const SEED_350: &[&str] = &[
        "Weapons",
        "a - a +1 long sword (weapon in hand)",
        "o - 2 daggers",
        "Armor",
        "c - an uncursed +3 small shield (being worn)",
        "e - a +0 faded pall (being worn)",
        "f - a +0 orcish helm (being worn)",
        "g - a +0 splint mail (being worn)",
        "i - a +0 pair of high boots (being worn)",
        "Comestibles",
        "l - 2 food rations",
        "n - 2 slime molds",
        "Coins",
        "$ - 203 gold pieces",
    ];

    /// Seed 350's squeeze drawn small: the hero at (3, 1), the east room only through the
    /// diagonal to (4, 2) between the walls at (4, 1) and (3, 2); its east end unexplored.
    fn squeezed(lines: &[&str]) -> World {
        let rows = ["-----", "|..@|---", "----.....", "    |....", "    -----"];
        let mut w = nhbot_world::testing::world_from_rows(&rows, &[], Pos::new(3, 1));
        w.inventory = pack(lines);
        w
    }

    fn refuse(w: &mut World) {
        let status = w.status.clone();
        let map = w.view.cells.clone();
        w.observe(&Action::Move {
            dir: nhbot_world::Dir::SE,
        });
        let said = [nhbot_world::squeeze::TOO_MUCH_TO_SQUEEZE.to_string()];
        w.observe(nhbot_world::Observation {
            map: &map,
            player: Some(w.player),
            status: Some(&status),
            messages: &said,
            cursor_on_map: true,
        });
    }

    fn explore(w: &World) -> (Action, String) {
        crate::explore::explore_step(w).expect("a step")
    }

    #[test]
    fn seed_350s_pack_weighs_602() {
        assert_eq!(pack_weight(&squeezed(SEED_350)), 602);
    }

    #[test]
    fn a_frontier_only_beyond_a_refused_squeeze_sheds_the_spare_food_first() {
        let mut w = squeezed(SEED_350);
        let (action, why) = explore(&w);
        assert!(
            !matches!(action, Action::Drop { .. }),
            "not yet refused: {why}"
        );
        let first = w.path_to(&[Pos::new(8, 3)]).map(|p| p.first);
        assert_eq!(first, Some(nhbot_world::Dir::SE), "the squeeze is walked");
        refuse(&mut w);
        assert!(w.squeeze_refused_for_load());
        let (action, why) = explore(&w);
        assert_eq!(
            action,
            Action::Drop {
                item: 'n',
                count: Some(1)
            },
            "{why}"
        );
        assert!(
            why.contains("about 602") && why.contains("food beyond two"),
            "{why}"
        );
    }

    #[test]
    fn over_600_by_the_table_sheds_before_any_refusal() {
        let w = squeezed(SEED_350);
        let level = w.level().expect("level");
        let beyond = [Pos::new(8, 3)];
        assert_eq!(level.feature(beyond[0]), Feature::Floor);
        let step = shed_for_squeeze_step(&w, level, &w.path_opts(), &beyond);
        let (action, why) = step.expect("a drop");
        assert!(matches!(action, Action::Drop { item: 'n', .. }), "{why}");
        assert!(why.contains("by the object table"), "{why}");
    }

    #[test]
    fn under_600_nothing_is_dropped() {
        let lighter: Vec<&str> = SEED_350
            .iter()
            .copied()
            .filter(|l| !l.starts_with("o - "))
            .collect();
        let w = squeezed(&lighter);
        assert_eq!(pack_weight(&w), 582);
        let level = w.level().expect("level");
        let beyond = [Pos::new(8, 3)];
        assert_eq!(
            shed_for_squeeze_step(&w, level, &w.path_opts(), &beyond),
            None
        );
        let (action, why) = explore(&w);
        assert!(!matches!(action, Action::Drop { .. }), "{why}");
    }

    /// Worn armour and the wielded weapon are never dropped: when the spares cannot make 600,
    /// nothing is, and the walls are searched for another way.
    #[test]
    fn worn_and_wielded_are_never_dropped_and_too_little_spare_drops_nothing() {
        let heavy = [
            "Weapons",
            "a - a +1 two-handed sword (weapon in hand)",
            "Armor",
            "g - a +0 plate mail (being worn)",
            "c - a +0 large shield (being worn)",
            "Comestibles",
            "l - 3 food rations",
        ];
        let mut w = squeezed(&heavy);
        assert_eq!(pack_weight(&w), 150 + 450 + 100 + 60);
        refuse(&mut w);
        assert!(w.squeeze_refused_for_load());
        let level = w.level().expect("level");
        let beyond = [Pos::new(8, 3)];
        assert_eq!(
            shed_for_squeeze_step(&w, level, &w.path_opts(), &beyond),
            None,
            "one spare food ration (20) is not the 160 too many"
        );
        let step = crate::explore::explore_step(&w);
        assert!(
            step.as_ref()
                .is_none_or(|(a, _)| !matches!(a, Action::Drop { .. })),
            "{step:?}"
        );
        // With spares enough, only they go: the unworn mail first.
        let spare = [
            "Weapons",
            "a - a +1 long sword (weapon in hand)",
            "b - a dagger",
            "Armor",
            "g - a +0 splint mail (being worn)",
            "d - a ring mail",
            "Comestibles",
            "l - 3 food rations",
        ];
        let mut w = squeezed(&spare);
        refuse(&mut w);
        let (action, why) = explore(&w);
        assert_eq!(
            action,
            Action::Drop {
                item: 'd',
                count: None
            },
            "{why}"
        );
    }

    #[test]
    fn spares_keep_a_few_missiles_and_the_best_food() {
        let w = squeezed(&[
            "Weapons",
            "a - a +1 long sword (weapon in hand)",
            "b - 5 daggers (in quiver)",
            "d - 2 daggers",
            "Comestibles",
            "l - a food ration",
            "m - 3 apples",
            "k - a lizard corpse",
            "Gems/Stones",
            "r - 2 rocks",
            "s - a gray stone",
            "Spellbooks",
            "h - a magenta spellbook",
            "Wands",
            "w - a wand of digging",
        ]);
        let got: Vec<(char, u32, &str)> = spares(&w)
            .iter()
            .map(|s| (s.letter, s.count, s.what))
            .collect();
        assert_eq!(
            got,
            vec![
                ('r', 2, "rocks and gems"),
                ('h', 1, "spellbooks never read"),
                ('b', 2, "missiles beyond a few"),
                ('d', 2, "missiles beyond a few"),
                ('m', 2, "food beyond two"),
            ]
        );
    }
}
