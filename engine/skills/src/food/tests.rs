#![allow(unused_mut, unused_variables)]
use super::*;
use nhbot_world::{Hunger, Kill, Pos, World};

fn world_at(turn: i64) -> World {
    let mut w = World {
        turn,
        player: Pos::new(10, 10),
        ..World::default()
    };
    w.dungeon.levels.push(nhbot_world::Level::default());
    w.dungeon.current = Some(0);
    w.status.hunger = Hunger::Hungry;
    w
}

fn kill(name: &str, turn: i64, x: i16) -> Kill {
    Kill {
        turn,
        name: name.into(),
        pos: Some(Pos::new(x, 10)),
        level: Some(0),
        in_pile: false,
        by_us: true,
        no_corpse: false,
        vanished: Vec::new(),
    }
}

#[test]
fn corpse_rules() {
    let mut r = crate::Recall::default();
    let m = |n| monsters::by_name(n).unwrap();
    assert!(corpse_ok(m("newt"), Some(5), "human", MAX_CORPSE_AGE).is_ok());
    assert!(corpse_ok(m("newt"), Some(40), "human", MAX_CORPSE_AGE).is_err());
    assert!(corpse_ok(m("newt"), Some(39), "human", MAX_CORPSE_AGE).is_ok());
    assert!(corpse_ok(m("newt"), None, "human", MAX_CORPSE_AGE).is_err());
    assert!(
        corpse_ok(m("lichen"), None, "human", MAX_CORPSE_AGE).is_ok(),
        "lichen never rots"
    );
    assert!(corpse_ok(m("lizard"), Some(5000), "human", MAX_CORPSE_AGE).is_ok());
    for bad in [
        "cockatrice",
        "chickatrice",
        "acid blob",
        "kobold",
        "human zombie",
        "little dog",
        "werejackal",
        "green slime",
        "human mummy",
    ] {
        let who = monsters::all().iter().find(|x| x.name == bad).unwrap();
        assert!(
            corpse_ok(who, Some(1), "human", MAX_CORPSE_AGE).is_err(),
            "{bad} must be refused"
        );
    }
}

#[test]
fn cannibalism_depends_on_our_race() {
    let mut r = crate::Recall::default();
    let dwarf = monsters::by_name("dwarf").unwrap();
    assert!(corpse_ok(dwarf, Some(1), "human", MAX_CORPSE_AGE).is_ok());
    assert!(corpse_ok(dwarf, Some(1), "dwarf", MAX_CORPSE_AGE).is_err());
    let human = monsters::all().iter().find(|m| m.name == "human").unwrap();
    assert!(corpse_ok(human, Some(1), "human", MAX_CORPSE_AGE).is_err());
    assert!(corpse_ok(human, Some(1), "elf", MAX_CORPSE_AGE).is_ok());
}

#[test]
fn corpse_names_in_descriptions() {
    let mut r = crate::Recall::default();
    assert_eq!(
        corpse_monster("a partly eaten newt corpse").unwrap().name,
        "newt"
    );
    assert_eq!(corpse_monster("2 lichen corpses").unwrap().name, "lichen");
    assert_eq!(
        corpse_monster("a cockatrice corpse").unwrap().name,
        "cockatrice"
    );
    assert!(corpse_monster("a food ration").is_none());
}

#[test]
fn freshest_safe_kill_first() {
    let mut r = crate::Recall::default();
    let mut w = world_at(100);
    w.kills = vec![
        kill("newt", 50, 12),
        kill("newt", 95, 13),
        kill("cockatrice", 99, 14),
    ];
    let found: Vec<i64> = edible_kills(&w, "human")
        .iter()
        .map(|(k, _)| k.turn)
        .collect();
    assert_eq!(found, [95], "the old newt and the cockatrice are out");
}

#[test]
fn weak_from_hunger_older_kills_are_eaten_but_never_tainted_ones() {
    let mut w = world_at(100);
    w.kills = vec![kill("newt", 50, 12), kill("newt", 30, 13)];
    w.status.hp = 20;
    assert!(edible_kills(&w, "human").is_empty(), "50 and 70 turns old");
    w.status.hunger = Hunger::Weak;
    let found: Vec<i64> = edible_kills(&w, "human")
        .iter()
        .map(|(k, _)| k.turn)
        .collect();
    assert_eq!(
        found,
        [50],
        "Weak: 50 turns old is eaten, 70 (maybe tainted) is not"
    );
    w.status.hp = 8;
    assert!(
        edible_kills(&w, "human").is_empty(),
        "no HP to spare for the mild illness"
    );
}

#[test]
fn eats_what_the_look_shows_only_when_safe() {
    let mut r = crate::Recall::default();
    let mut w = world_at(100);
    w.kills = vec![kill("newt", 95, 10)];
    w.messages = vec!["You see here a newt corpse.".into()];
    assert!(matches!(
        eat_corpse_step(&mut r, &w, "human"),
        Some((Action::Eat { item: None }, _))
    ));
    w.messages = vec!["You see here a cockatrice corpse.".into()];
    assert_eq!(eat_corpse_step(&mut r, &w, "human"), None);
    // An old newt here: refused.
    w.kills = vec![kill("newt", 40, 10)];
    w.messages = vec!["You see here a newt corpse.".into()];
    assert_eq!(eat_corpse_step(&mut r, &w, "human"), None);
    // On a fresh kill square without a look yet: look first.
    w.kills = vec![kill("newt", 95, 10)];
    w.messages.clear();
    assert_eq!(
        eat_corpse_step(&mut r, &w, "human").map(|a| a.0),
        Some(look::look_action())
    );
    // Not while something hits us, seen or not.
    w.messages = vec!["You see here a newt corpse.".into(), "It hits!".into()];
    assert_eq!(eat_corpse_step(&mut r, &w, "human"), None);
}

#[test]
fn pack_food_needs_a_clear_floor() {
    let mut r = crate::Recall::default();
    let mut w = world_at(100);
    assert_eq!(
        eat_from_pack_step(&mut r, &w).map(|a| a.0),
        Some(look::look_action())
    );
    w.messages = vec!["You see here a cockatrice corpse.".into()];
    assert_eq!(eat_from_pack_step(&mut r, &w), None);
    w.messages = vec!["You see no objects here.".into()];
    assert_eq!(
        eat_from_pack_step(&mut r, &w).map(|a| a.0),
        Some(Action::Eat { item: None })
    );
}

#[test]
fn a_pile_on_the_kill_square_is_not_looked_at_again() {
    let mut r = crate::Recall::default();
    let mut w = world_at(100);
    w.kills = vec![kill("newt", 95, 10)];
    w.messages = vec!["Things that are here:".into(), "a food ration".into()];
    assert_eq!(eat_corpse_step(&mut r, &w, "human"), None);
}

#[test]
fn a_kill_seen_in_a_pile_is_not_walked_to() {
    let mut r = crate::Recall::default();
    // Seed 14's bottom level: the bot stepped off the pile for a Sokoban move and back
    // onto it for the corpse, turn after turn, until Sokoban gave the level up.
    let mut w = world_at(100);
    w.kills = vec![kill("newt", 95, 10)];
    assert_eq!(edible_kills(&w, "human").len(), 1);
    w.kills[0].in_pile = true;
    assert!(edible_kills(&w, "human").is_empty());
}

#[test]
fn picks_up_spare_food_but_not_shop_goods_or_corpses() {
    let mut r = crate::Recall::default();
    let mut w = world_at(100);
    w.messages = vec!["You see here a food ration.".into()];
    assert!(matches!(
        pick_up_food_step(&w),
        Some((Action::Pickup { .. }, _))
    ));
    w.messages = vec!["You see here a food ration (for sale, 45 zorkmids).".into()];
    assert_eq!(pick_up_food_step(&w), None);
    w.messages = vec!["You see here a newt corpse.".into()];
    assert_eq!(pick_up_food_step(&w), None);
}

/// The b31 bench picked up 46 orange gems and 44 spears as "spare food": a food's name was
/// matched anywhere in the text ("orange gem", "dwarvish spear" holds "pear").
#[test]
fn food_names_are_whole_words_not_colours_or_parts_of_words() {
    for food in [
        "an orange",
        "3 oranges",
        "an uncursed partly eaten orange",
        "a pear",
        "2 lumps of royal jelly",
        "a clove of garlic",
        "4 cloves of garlic",
        "2 food rations",
        "a blessed cram ration named x",
    ] {
        assert!(is_spare_food(food), "{food} is food");
    }
    for other in [
        "an orange gem",
        "2 orange gems",
        "an orange potion",
        "an orange spellbook",
        "a worthless piece of orange glass",
        "a dwarvish spear",
        "2 spears",
        "a set of orange dragon scales",
        "a food ration (for sale, 45 zorkmids)",
    ] {
        assert!(!is_spare_food(other), "{other} is not food");
    }
}

#[test]
fn a_zombie_kill_does_not_date_the_corpse_it_leaves() {
    let mut r = crate::Recall::default();
    let mut w = world_at(100);
    w.kills = vec![kill("orc zombie", 95, 10)];
    w.messages = vec!["You see here an orc corpse.".into()];
    assert_eq!(
        eat_corpse_step(&mut r, &w, "human"),
        None,
        "the orc corpse of a zombie is old"
    );
    w.kills = vec![kill("hill orc", 95, 10)];
    w.messages = vec!["You see here a hill orc corpse.".into()];
    assert!(eat_corpse_step(&mut r, &w, "human").is_some());
}

/// Hungry, with one kill of turn 1 lying at `pos` on this level.
fn hungry_with_kill(w: &mut World, name: &str, pos: Pos) {
    w.status.hunger = Hunger::Hungry;
    w.kills = vec![Kill {
        turn: 1,
        name: name.into(),
        pos: Some(pos),
        level: w.dungeon.current,
        in_pile: false,
        by_us: true,
        no_corpse: false,
        vanished: Vec::new(),
    }];
}

/// Seed 18's loop: the corpse lay under a peaceful acid blob; every step onto it asked
/// "Really attack?", was declined, and took no time.
#[test]
fn a_corpse_under_a_monster_waits() {
    let mut r = crate::Recall::default();
    let mut w = crate::seen::world(&["-----", "|.%.|", "|.@.|", "|...|", "-----"]);
    crate::seen::show(&mut w, &["-----", "|.%.|", "|.@.|", "|...|", "-----"], 2);
    hungry_with_kill(&mut w, "newt", Pos::new(2, 1));
    assert!(
        matches!(
            eat_corpse_step(&mut r, &w, "human"),
            Some((Action::Move { .. }, _))
        ),
        "walks to a free corpse"
    );
    crate::seen::show(&mut w, &["-----", "|.b.|", "|.@.|", "|...|", "-----"], 3);
    assert_eq!(eat_corpse_step(&mut r, &w, "human"), None);
}

fn pile_here(w: &mut World, items: &[&str], turn: i64) {
    let here = w.player;
    let level = w.dungeon.current_mut().unwrap();
    level.at_mut(here).unwrap().object = Some(nhbot_world::Cell {
        ch: '%',
        fg: 3,
        bold: false,
        inverse: false,
    });
    level.piles.retain(|p| p.pos != here);
    level.piles.push(nhbot_world::Pile {
        pos: here,
        items: items.iter().map(|t| t.to_string()).collect(),
        turn,
        top: None,
    });
}

/// A kill that fell on a pile is eaten when the pile, listed since, offers no other food (the
/// game asks about floor food top first and the eat answers the first question); another food
/// there, or a listing from before the kill, does not eat (the stale one is listed again).
#[test]
fn a_kill_in_a_pile_is_eaten_when_it_is_the_only_food_listed() {
    let mut r = crate::Recall::default();
    let mut w = world_at(105);
    let mut gnome = kill("gnome", 100, 10);
    gnome.in_pile = true;
    w.kills.push(gnome);
    pile_here(
        &mut w,
        &["a gnome corpse", "a crossbow", "5 crossbow bolts"],
        101,
    );
    let (action, why) = eat_corpse_step(&mut r, &w, "human").expect("eats");
    assert_eq!(action, Action::Eat { item: None });
    assert!(why.contains("gnome corpse in the pile"), "{why}");
    assert_eq!(edible_kills(&w, "human").len(), 1);

    pile_here(&mut w, &["a gnome corpse", "an apple", "a crossbow"], 101);
    let step = eat_corpse_step(&mut crate::Recall::default(), &w, "human");
    assert!(
        !matches!(step, Some((Action::Eat { .. }, _))),
        "the apple may be offered first: {step:?}"
    );
    assert!(edible_kills(&w, "human").is_empty());

    pile_here(&mut w, &["2 gnome corpses", "a crossbow"], 101);
    assert!(edible_kills(&w, "human").is_empty(), "which gnome is ours?");

    pile_here(&mut w, &["a crossbow"], 99);
    let (action, why) =
        eat_corpse_step(&mut crate::Recall::default(), &w, "human").expect("lists the pile");
    assert!(why.contains("listing the pile"), "{why}");
    assert!(!matches!(action, Action::Eat { .. }));

    // A poisonous kill in a pile is no food, listed or not.
    let mut w = world_at(105);
    let mut kobold = kill("kobold", 100, 10);
    kobold.in_pile = true;
    w.kills.push(kobold);
    pile_here(&mut w, &["a kobold corpse", "an orcish dagger"], 101);
    assert!(eat_corpse_step(&mut crate::Recall::default(), &w, "human").is_none());
}

/// Weak with nothing in the pack and HP to spare, a fresh kobold (poisonous) or acid blob
/// corpse is eaten rather than fainting; not with HP 20 or less, not with food in the pack, not
/// merely Hungry, not without the option, and never a cockatrice.
#[test]
fn starving_eats_poisonous_and_acidic_corpses_only() {
    let here_is = |w: &mut World, name: &str| {
        w.kills.clear();
        w.kills.push(kill(name, w.turn - 2, 10));
        w.messages = vec![format!("You see here a {name} corpse.")];
    };
    let eats = |w: &World, allowed: bool| {
        let starving = starving(w, allowed);
        matches!(
            eat_corpse_step_when(&mut crate::Recall::default(), w, "human", starving, &[]),
            Some((Action::Eat { .. }, _))
        )
    };
    let mut w = world_at(3000);
    w.status.hunger = Hunger::Weak;
    w.status.hp = 30;
    w.status.hp_max = 40;
    here_is(&mut w, "kobold");
    assert!(eats(&w, true));
    let (_, why) =
        eat_corpse_step_when(&mut crate::Recall::default(), &w, "human", true, &[]).unwrap();
    assert!(
        why.contains("poisonous") && why.contains("no food in the pack"),
        "{why}"
    );
    assert!(!eats(&w, false), "the option off");
    here_is(&mut w, "acid blob");
    assert!(eats(&w, true));
    here_is(&mut w, "cockatrice");
    assert!(!eats(&w, true), "petrifies whatever the hunger");
    here_is(&mut w, "kobold");
    w.status.hp = 20;
    assert!(!eats(&w, true), "HP 20: 1d15 may leave too little");
    w.status.hp = 30;
    w.status.hunger = Hunger::Hungry;
    assert!(!eats(&w, true), "merely Hungry");
    w.status.hunger = Hunger::Fainting;
    assert!(eats(&w, true));
    let mut item = nhbot_world::parse_inventory_line("d - an apple").unwrap();
    item.class = "Comestibles".into();
    w.inventory.push(item);
    assert!(!eats(&w, true), "the apple first");
}

/// Merely Hungry, pack food waits while a prayer for hunger is free; Weak, or with the prayer
/// recent, it is eaten.
#[test]
fn hungry_keeps_pack_food_while_a_prayer_for_hunger_is_free() {
    let mut w = world_at(2000);
    assert!(saved_for_prayer(&w), "never prayed");
    w.last_prayer_turn = Some(1500);
    assert!(!saved_for_prayer(&w), "500 turns after a prayer");
    w.last_prayer_turn = None;
    w.status.hunger = Hunger::Weak;
    assert!(!saved_for_prayer(&w), "Weak: the prayer node's decision");
    let mut early = world_at(50);
    assert!(
        !saved_for_prayer(&early),
        "turn 50: the starting timeout is still too high"
    );
}

/// With a limit, pack food waits for the prayer only while the pack holds that many items or
/// fewer (a stack counts by quantity; eggs and tins do not count).
#[test]
fn hungry_keeps_pack_food_for_the_prayer_only_while_food_is_scarce() {
    let mut w = world_at(2000);
    let add = |w: &mut World, line: &str| {
        let mut item = nhbot_world::parse_inventory_line(line).unwrap();
        item.class = "Comestibles".into();
        w.inventory.push(item);
    };
    assert!(saved_for_prayer_with(&w, Some(1)), "nothing to eat");
    add(&mut w, "d - an uncursed food ration");
    add(&mut w, "e - 2 eggs");
    assert_eq!(pack_food_count(&w), 1);
    assert!(saved_for_prayer_with(&w, Some(1)), "one ration: keep it");
    add(&mut w, "f - 2 apples");
    assert_eq!(pack_food_count(&w), 3);
    assert!(!saved_for_prayer_with(&w, Some(1)), "three items: eat");
    assert!(saved_for_prayer_with(&w, Some(3)));
    assert!(saved_for_prayer_with(&w, None), "no limit: as before");
    w.last_prayer_turn = Some(1500);
    assert!(
        !saved_for_prayer_with(&w, Some(5)),
        "the prayer is not free"
    );
}

#[test]
fn max_age_raises_the_limit_only_with_hp_to_spare_and_never_past_tainting() {
    let mut w = world_at(100);
    w.status.hp = 20;
    assert_eq!(corpse_age_limit_with(&w, None), MAX_CORPSE_AGE);
    assert_eq!(corpse_age_limit_with(&w, Some(49)), 49);
    assert_eq!(corpse_age_limit_with(&w, Some(80)), WEAK_CORPSE_AGE);
    w.status.hp = 8;
    assert_eq!(corpse_age_limit_with(&w, Some(49)), MAX_CORPSE_AGE);
    w.kills = vec![kill("newt", 55, 12)];
    w.status.hp = 20;
    assert!(
        edible_kills(&w, "human").is_empty(),
        "45 turns old, limit 39"
    );
    let opts = CorpseOpts {
        max_age: Some(49),
        ..CorpseOpts::default()
    };
    assert_eq!(edible_kills_opts(&w, "human", opts, &[]).len(), 1);
}

/// With a poison rule: a killer bee corpse is eaten while seeking poison resistance (a kobold,
/// poisonous but giving nothing, is not); once resistant every poisonous corpse is; acidic and
/// petrifying ones never are.
#[test]
fn poisonous_corpses_for_poison_resistance() {
    let here_is = |w: &mut World, name: &str| {
        w.kills.clear();
        w.kills.push(kill(name, w.turn - 2, 10));
        w.messages = vec![format!("You see here a {name} corpse.")];
    };
    let step = |w: &World, poison: PoisonRule| {
        let opts = CorpseOpts {
            poison,
            ..CorpseOpts::default()
        };
        eat_corpse_step_opts(&mut crate::Recall::default(), w, "human", opts, &[])
    };
    let eats =
        |w: &World, poison: PoisonRule| matches!(step(w, poison), Some((Action::Eat { .. }, _)));
    let mut w = world_at(3000);
    w.status.hunger = Hunger::NotHungry;
    here_is(&mut w, "killer bee");
    assert!(!eats(&w, PoisonRule::Refuse), "the old rule");
    assert!(eats(&w, PoisonRule::Seeking { min_odds: 0 }));
    let (_, why) = step(&w, PoisonRule::Seeking { min_odds: 0 }).unwrap();
    assert!(why.contains("poison resistance (30% odds"), "{why}");
    here_is(&mut w, "kobold");
    assert!(
        !eats(&w, PoisonRule::Seeking { min_odds: 0 }),
        "a kobold gives no resistance"
    );
    assert!(eats(&w, PoisonRule::Resistant));
    here_is(&mut w, "acid blob");
    assert!(!eats(&w, PoisonRule::Resistant), "acidic is another hazard");
    here_is(&mut w, "cockatrice");
    assert!(!eats(&w, PoisonRule::Resistant));
    // A fresh bee kill a few steps away is walked to.
    w.kills.clear();
    w.messages.clear();
    w.kills.push(kill("soldier ant", w.turn - 2, 12));
    let opts = CorpseOpts {
        poison: PoisonRule::Seeking { min_odds: 0 },
        ..CorpseOpts::default()
    };
    assert_eq!(edible_kills_opts(&w, "human", opts, &[]).len(), 1);
    assert!(edible_kills_opts(&w, "human", CorpseOpts::default(), &[]).is_empty());
}

/// Hurt (`max_steps`, the leaf's `hurt_below`), a corpse farther than the reach is left: seed 30
/// of b32-all walked at HP 5/87 to a corpse 10 steps off and met a panther.
#[test]
fn hurt_only_corpses_within_reach_are_walked_to() {
    let rows = ["--------", "|%.....|", "|......|", "|.....@|", "--------"];
    let mut r = crate::Recall::default();
    let mut w = crate::seen::world(&rows);
    crate::seen::show(&mut w, &rows, 2);
    hungry_with_kill(&mut w, "jackal", Pos::new(1, 1));
    let step = |r: &mut crate::Recall, w: &World, max_steps| {
        let opts = CorpseOpts {
            max_steps,
            ..CorpseOpts::default()
        };
        eat_corpse_step_opts(r, w, "human", opts, &[])
    };
    let walk = step(&mut r, &w, None);
    assert!(
        matches!(walk, Some((Action::Move { .. }, ref why)) if why.contains("5 steps")),
        "{walk:?}"
    );
    assert_eq!(
        step(&mut r, &w, Some(4)),
        None,
        "5 steps is beyond the reach"
    );
    assert!(matches!(
        step(&mut r, &w, Some(5)),
        Some((Action::Move { .. }, _))
    ));
}

/// The one-pass prefilter finds what a search per food finds, in the same order.
#[test]
fn spare_food_name_is_the_first_food_named_as_by_a_search_per_food() {
    let texts = [
        "2 food rations",
        "an orange gem",
        "a pear and an apple",
        "a dwarvish spear",
        "3 cloves of garlic",
        "a K-ration (for sale, 10 zorkmids)",
        "an uncursed cream pie",
        "a melonmelon",
        "orange potion and a carrot",
        "",
        "a",
        "Cram ration",
        "a partly eaten lembas wafer",
        "kelp fronds",
        "2 lumps of royal jelly",
    ];
    for text in texts {
        let by_search = SPARE_FOOD.iter().copied().find(|f| names_food(text, f));
        assert_eq!(spare_food_name(text), by_search, "{text}");
    }
}
