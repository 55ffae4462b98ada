//! scripts/clear_blocker.lua (with `scripts/combat/blocker.lua`): a floating eye in the only
//! corridor between a closed room and the room with the down stairs, on worlds seen through
//! `World::observe` (the map with its colours, farlook answers) with packs parsed from inventory
//! lines (and a wand of striking). The tree is `priority: [clear_blocker, search 9]`, so a leaf that does nothing shows
//! as the search.
mod common;
use common::scene::{decide, farlook, status};
use common::*;
use nhbot_bt::TreeBot;
use nhbot_world::testing::grid;
use nhbot_world::{parse_inventory_line, Action, Dir, Item, Observation, Pos, World};

/// A closed room (x 1..=4), a corridor (x 5..=10), a room with `>` at (13, 1).
const ROWS: [&str; 3] = [
    " -----      -----",
    " |....######.>..|",
    " -----      -----",
];
const EYE_AT: Pos = Pos::new(8, 1);
const EYE: &str = "e  an eye or sphere (floating eye)";
const PEACEFUL_EYE: &str = "e  an eye or sphere (peaceful floating eye)";
const BLUE: char = '4';

fn bot(repo: &Repo) -> TreeBot {
    repo.copy_scripts(&[
        "clear_blocker.lua",
        "combat/blocker.lua",
        "combat/missiles.lua",
        "combat/targets.lua",
        "gear/danger.lua",
        "gear/common.lua",
    ]);
    repo.tree(
        "main.yaml",
        "priority:\n  name: root\n  children:\n    \
         - lua: {file: scripts/clear_blocker.lua, name: clear_blocker}\n    \
         - search: 9\n",
    );
    repo.load("main.yaml")
}

/// The world sees the scene at `turn` with the hero at `at` (HP `hp` of 20) and the eye; every
/// never-seen square is rock (the level is known), and the eye is farlooked with `look`.
fn see(w: &mut World, at: Pos, turn: i64, hp: i32, look: &str) {
    let status = nhbot_world::Status {
        hp,
        hp_max: 20,
        xl: 3,
        strength_value: 18,
        ..status(1, turn)
    };
    see_in_corridor(w, at, ('e', Some(BLUE)), &status, look);
}

/// The world sees the level with `monster` (its glyph and colour) where the eye stands, the
/// hero at `at` with `status`; every never-seen square is rock, the monster farlooked as `look`.
fn see_in_corridor(
    w: &mut World,
    at: Pos,
    monster: (char, Option<char>),
    status: &nhbot_world::Status,
    look: &str,
) {
    let mut rows: Vec<String> = ROWS.iter().map(|r| r.to_string()).collect();
    let mut colors = vec![String::new(); 3];
    let put = |rows: &mut Vec<String>, p: Pos, c: char| {
        rows[p.y as usize].replace_range(p.x as usize..p.x as usize + 1, &c.to_string());
    };
    put(&mut rows, EYE_AT, monster.0);
    if let Some(color) = monster.1 {
        colors[1] = format!("{}{color}", " ".repeat(EYE_AT.x as usize));
    }
    put(&mut rows, at, '@');
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let colors: Vec<&str> = colors.iter().map(String::as_str).collect();
    let map = grid(&rows, &colors);
    w.observe(Observation {
        map: &map,
        player: Some(at),
        status: Some(status),
        messages: &[],
        cursor_on_map: true,
    });
    if let Some(level) = w.dungeon.current_mut() {
        for sq in level.squares.iter_mut() {
            if sq.feature == nhbot_world::Feature::Unknown {
                sq.feature = nhbot_world::Feature::Rock;
            }
        }
    }
    farlook(w, EYE_AT, look);
}

/// As [`see`] with `messages` on the top line (HP full).
fn see_saying(w: &mut World, at: Pos, turn: i64, messages: &[&str]) {
    see(w, at, turn, 20, EYE);
    let mut rows: Vec<String> = ROWS.iter().map(|r| r.to_string()).collect();
    rows[1].replace_range(EYE_AT.x as usize..EYE_AT.x as usize + 1, "e");
    rows[1].replace_range(at.x as usize..at.x as usize + 1, "@");
    let colors = [
        String::new(),
        format!("{}{BLUE}", " ".repeat(EYE_AT.x as usize)),
    ];
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let colors: Vec<&str> = colors.iter().map(String::as_str).collect();
    let map = grid(&rows, &colors);
    let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
    let st = nhbot_world::Status {
        hp: 20,
        hp_max: 20,
        ..status(1, turn)
    };
    w.observe(Observation {
        map: &map,
        player: Some(at),
        status: Some(&st),
        messages: &messages,
        cursor_on_map: true,
    });
}

/// The pack from inventory lines, each with its class.
fn pack(lines: &[(&str, &str)]) -> Vec<Item> {
    lines
        .iter()
        .map(|(class, line)| {
            let mut item = parse_inventory_line(line).expect("an inventory line");
            item.class = class.to_string();
            item
        })
        .collect()
}

const SWORD: (&str, &str) = ("Weapons", "a - a +1 long sword (weapon in hand)");
const SHIELD: (&str, &str) = ("Armor", "c - an uncursed +0 small shield (being worn)");
const FOOD: (&str, &str) = ("Comestibles", "d - an uncursed food ration");

#[test]
fn walks_next_to_the_eye_then_throws_missiles_then_spare_items_then_zaps_a_clearing_wand() {
    let repo = Repo::new("blocker-throw");
    let mut bot = bot(&repo);
    let mut w = World {
        inventory: pack(&[SWORD, SHIELD, FOOD, ("Gems/Stones", "g - 3 rocks")]),
        ..World::default()
    };
    see(&mut w, Pos::new(3, 1), 10, 20, EYE);
    let blocker = w.way_on_blocker().expect("the eye bars the way");
    assert_eq!(blocker.monster.pos, EYE_AT);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Move { dir: Dir::E }, "{}", d.reason);
    assert!(
        d.reason.contains("walking next to it") && d.reason.contains("floating eye at (8, 1)"),
        "{}",
        d.reason
    );
    // Beside it with a dagger: the dagger first.
    w.inventory = pack(&[
        SWORD,
        SHIELD,
        FOOD,
        ("Weapons", "b - a +0 dagger (alternate weapon; not wielded)"),
        ("Gems/Stones", "g - 3 rocks"),
    ]);
    see(&mut w, Pos::new(7, 1), 11, 20, EYE);
    let d = decide(&mut bot, &mut w);
    assert_eq!(
        d.action,
        Action::Throw {
            item: 'b',
            dir: Dir::E
        },
        "{}",
        d.reason
    );
    assert!(d.reason.contains("down stairs"), "{}", d.reason);
    // No missile left: the rocks, never the sword, the shield or the last food.
    w.inventory = pack(&[SWORD, SHIELD, FOOD, ("Gems/Stones", "g - 3 rocks")]);
    see(&mut w, Pos::new(7, 1), 12, 20, EYE);
    let d = decide(&mut bot, &mut w);
    assert_eq!(
        d.action,
        Action::Throw {
            item: 'g',
            dir: Dir::E
        },
        "{}",
        d.reason
    );
    assert!(d.reason.contains("spare 3 rocks"), "{}", d.reason);
    // Nothing spare: a wand of striking (a force bolt: no ray to bounce back), never one of
    // digging.
    w.inventory = pack(&[
        SWORD,
        SHIELD,
        FOOD,
        ("Wands", "h - a wand of digging (0:5)"),
        ("Wands", "i - a wand of striking (0:5)"),
    ]);
    see(&mut w, Pos::new(7, 1), 13, 20, EYE);
    let d = decide(&mut bot, &mut w);
    assert_eq!(
        d.action,
        Action::Zap {
            item: 'i',
            dir: Dir::E
        },
        "{}",
        d.reason
    );
    assert!(d.reason.contains("force bolt"), "{}", d.reason);
    // "Nothing happens": that wand is empty, and nothing is left to try before the blow.
    see_saying(&mut w, Pos::new(7, 1), 14, &["Nothing happens."]);
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d.action), "{:?}: {}", d.action, d.reason);
    // Nothing spare at all: no throw (the fight waits for its patience).
    w.inventory = pack(&[SWORD, SHIELD, FOOD]);
    see(&mut w, Pos::new(7, 1), 15, 20, EYE);
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d.action), "{:?}: {}", d.action, d.reason);
}

#[test]
fn with_nothing_to_throw_or_zap_the_eye_is_not_walked_to() {
    let repo = Repo::new("blocker-nothing-to-do");
    let mut bot = bot(&repo);
    let mut w = World {
        inventory: pack(&[SWORD, SHIELD, FOOD]),
        ..World::default()
    };
    // In the closed room, 5 squares from the eye that bars the way: walking next to it would
    // only hold it there (the explore leaf lures it off the way instead).
    see(&mut w, Pos::new(3, 1), 100, 20, EYE);
    assert!(w.way_on_blocker().is_some());
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d.action), "{:?}: {}", d.action, d.reason);
    // A dagger in the pack: worth the walk again.
    w.inventory = pack(&[
        SWORD,
        SHIELD,
        FOOD,
        ("Weapons", "b - a +0 dagger (alternate weapon; not wielded)"),
    ]);
    see(&mut w, Pos::new(3, 1), 101, 20, EYE);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Move { dir: Dir::E }, "{}", d.reason);
}

#[test]
fn the_default_script_never_hits_the_eye_however_long_it_bars_the_way() {
    let repo = Repo::new("blocker-no-blow");
    let mut bot = bot(&repo);
    let mut w = World {
        inventory: pack(&[SWORD, SHIELD, FOOD]),
        ..World::default()
    };
    // Nothing to throw or zap, full HP, nothing else in view: blocked 0, 301 and 5,000 turns.
    for turn in [100, 401, 5100] {
        see(&mut w, Pos::new(7, 1), turn, 20, EYE);
        let d = decide(&mut bot, &mut w);
        assert!(
            is_search(&d.action),
            "turn {turn}: {:?}: {}",
            d.action,
            d.reason
        );
    }
}

/// `combat/blocker.lua` with `fight = true` (no script of the tree sets it): the blow waits for
/// its patience and full HP.
#[test]
fn with_fight_set_hits_the_eye_only_after_its_patience_with_full_hp_and_never_a_peaceful_one() {
    let repo = Repo::new("blocker-fight");
    // The scripts and the tree, then clear_blocker.lua replaced by one that fights.
    let _ = bot(&repo);
    repo.script(
        "clear_blocker.lua",
        "return require(\"combat.blocker\").leaf({ patience = 300, fight = true, keep_food = 2 })\n",
    );
    let mut bot = repo.load("main.yaml");
    let mut w = World {
        inventory: pack(&[SWORD, SHIELD, FOOD]),
        ..World::default()
    };
    see(&mut w, Pos::new(7, 1), 100, 20, EYE);
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d.action), "blocked 0 turns: {}", d.reason);
    // 300 turns later (the patience) but hurt: still no blow.
    see(&mut w, Pos::new(7, 1), 400, 15, EYE);
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d.action), "HP 15 of 20: {}", d.reason);
    // Full HP: the blow, naming the eye and why.
    see(&mut w, Pos::new(7, 1), 401, 20, EYE);
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Fight { dir: Dir::E }, "{}", d.reason);
    assert!(
        d.reason.contains("floating eye at (8, 1)") && d.reason.contains("full HP"),
        "{}",
        d.reason
    );

    // A peaceful eye is left alone, however long it bars the way.
    let repo = Repo::new("blocker-peaceful");
    let mut bot = self::bot(&repo);
    let mut w = World {
        inventory: pack(&[SWORD, SHIELD, FOOD, ("Gems/Stones", "g - 3 rocks")]),
        ..World::default()
    };
    see(&mut w, Pos::new(7, 1), 100, 20, PEACEFUL_EYE);
    assert!(w.way_on_blocker().is_some(), "a peaceful bars the way too");
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d.action), "{:?}: {}", d.action, d.reason);
    see(&mut w, Pos::new(7, 1), 1000, 20, PEACEFUL_EYE);
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d.action), "{:?}: {}", d.action, d.reason);
}

#[test]
fn a_way_round_the_eye_leaves_it_to_the_explore_leaves() {
    let repo = Repo::new("blocker-round");
    let mut bot = bot(&repo);
    let mut w = World {
        inventory: pack(&[SWORD, SHIELD, FOOD, ("Gems/Stones", "g - 3 rocks")]),
        ..World::default()
    };
    see(&mut w, Pos::new(7, 1), 10, 20, EYE);
    // The same level with a second corridor below the first.
    let rows = [
        " -----      -----",
        " |....######.>..|",
        " |....######....|",
        " -----      -----",
    ];
    let mut colors = vec![String::new(); 4];
    colors[1] = format!("{}{BLUE}", " ".repeat(EYE_AT.x as usize));
    let mut drawn: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    drawn[1].replace_range(8..9, "e");
    drawn[1].replace_range(7..8, "@");
    let drawn: Vec<&str> = drawn.iter().map(String::as_str).collect();
    let colors: Vec<&str> = colors.iter().map(String::as_str).collect();
    let map = grid(&drawn, &colors);
    let st = nhbot_world::Status {
        hp: 20,
        hp_max: 20,
        ..status(1, 11)
    };
    w.observe(Observation {
        map: &map,
        player: Some(Pos::new(7, 1)),
        status: Some(&st),
        messages: &[],
        cursor_on_map: true,
    });
    farlook(&mut w, EYE_AT, EYE);
    assert_eq!(w.way_on_blocker(), None);
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d.action), "{:?}: {}", d.action, d.reason);
}

/// A peaceful dog in the corridor instead of the eye, the hero at `at` with `hunger`.
fn see_dog(w: &mut World, at: Pos, turn: i64, hunger: nhbot_world::Hunger) {
    let status = nhbot_world::Status {
        hp: 20,
        hp_max: 20,
        xl: 5,
        hunger,
        ..status(1, turn)
    };
    let look = "d  a dog or other canine (peaceful dog)";
    see_in_corridor(w, at, ('d', None), &status, look);
}

/// The decision with the dog in the way at `turn`, the hero (7, 1) with `hunger`.
fn decide_by_dog(
    bot: &mut TreeBot,
    w: &mut World,
    turn: i64,
    hunger: nhbot_world::Hunger,
) -> nhbot_world::Decision {
    see_dog(w, Pos::new(7, 1), turn, hunger);
    decide(bot, w)
}

/// The decision struck the dog east of us, for a reason saying `why`.
fn assert_strikes(d: &nhbot_world::Decision, why: &str) {
    let strike = Action::FightPeaceful { dir: Dir::E };
    assert_eq!(d.action, strike, "{}", d.reason);
    assert!(d.reason.contains(why), "{}", d.reason);
}

#[test]
fn a_peaceful_on_the_way_is_struck_only_starving_with_the_god_angry() {
    use nhbot_world::Hunger;
    let repo = Repo::new("blocker-peaceful-dog");
    let mut bot = self::bot(&repo);
    let mut w = World {
        inventory: pack(&[SWORD, SHIELD]),
        ..World::default()
    };
    let d = decide_by_dog(&mut bot, &mut w, 100, Hunger::NotHungry);
    assert!(w.way_on_blocker().is_some(), "the dog bars the way");
    assert!(is_search(&d.action), "fed: {:?}: {}", d.action, d.reason);

    // Weak, nothing to eat, the last prayer granted: the prayer will feed us, the dog lives.
    w.last_prayer_turn = Some(50);
    let d = decide_by_dog(&mut bot, &mut w, 900, Hunger::Weak);
    assert!(is_search(&d.action), "prayer: {:?}: {}", d.action, d.reason);

    // The god refused that prayer: struck, with "Really attack?" answered yes.
    w.refused_prayers = vec![50];
    let d = decide_by_dog(&mut bot, &mut w, 901, Hunger::Weak);
    assert_strikes(&d, "last prayer refused");

    // Food in the pack: eat that instead.
    w.inventory = pack(&[SWORD, SHIELD, FOOD]);
    let d = decide_by_dog(&mut bot, &mut w, 902, Hunger::Weak);
    assert!(is_search(&d.action), "food: {:?}: {}", d.action, d.reason);

    // Fed but blocked 2,000 turns (counted from the first sight at turn 100): struck too.
    w.refused_prayers.clear();
    let d = decide_by_dog(&mut bot, &mut w, 2100, Hunger::NotHungry);
    assert_strikes(&d, "blocked for 2000 turns");
}
