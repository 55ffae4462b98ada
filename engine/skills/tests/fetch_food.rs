//! `fetch_food`: walking to food seen on the floor, on worlds observed from drawn maps.
mod common;

use common::Repo;
use nhbot_world::{Action, Cell, Hunger, Kill, Observation, Pos, Status, World};

/// A lit room (x 10..=30, y 5..=9) with the hero at (12, 7) and objects drawn at `objects`.
fn room_with(objects: &[(i16, i16, char)], turn: i64) -> World {
    room_seen(objects, turn, &[])
}

fn room_seen(objects: &[(i16, i16, char)], turn: i64, messages: &[String]) -> World {
    let mut map = vec![Cell::default(); 80 * 21];
    let mut put = |x: i16, y: i16, ch: char| {
        map[y as usize * 80 + x as usize] = Cell {
            ch,
            ..Cell::default()
        }
    };
    for x in 10..=30 {
        put(x, 4, '-');
        put(x, 10, '-');
    }
    for y in 5..=9 {
        put(10, y, '|');
        put(30, y, '|');
        for x in 11..30 {
            put(x, y, '.');
        }
    }
    for &(x, y, ch) in objects {
        put(x, y, ch);
    }
    put(12, 7, '@');
    let status = Status {
        dlvl: 1,
        level_name: "Dlvl:1".into(),
        hp: 16,
        hp_max: 16,
        turn: Some(turn),
        ..Status::default()
    };
    let mut w = World::default();
    w.observe(Observation {
        map: &map,
        player: Some(Pos::new(12, 7)),
        status: Some(&status),
        messages,
        cursor_on_map: true,
    });
    w
}

fn fetch_tree(repo: &Repo) -> nhbot_bt::TreeBot {
    repo.tree(
        "main.yaml",
        "priority:\n  - pick_up_food\n  - fetch_food\n  - search: 3\n",
    );
    repo.load("main.yaml")
}

#[test]
fn walks_to_a_percent_that_is_not_our_kill_and_leaves_our_corpse_alone() {
    let repo = Repo::new("fetch-food");
    let mut bot = fetch_tree(&repo);
    let w = room_with(&[(20, 7, '%')], 100);
    let squares = nhbot_skills::food::food_squares(&w, &Default::default());
    assert_eq!(squares, [Pos::new(20, 7)]);
    let d = bot.decide(&w);
    assert_eq!(d.path, "root/fetch_food#1", "{d:?}");
    assert!(
        matches!(d.action, Action::Move { .. } | Action::Travel { .. }),
        "{d:?}"
    );
    assert!(d.reason.contains("(20, 7)"), "{}", d.reason);

    // The same `%` where we killed a newt: a corpse `eat_fresh_corpse` knows about.
    let mut ours = room_with(&[(20, 7, '%')], 100);
    ours.kills.push(Kill {
        turn: 90,
        name: "newt".into(),
        pos: Some(Pos::new(20, 7)),
        level: ours.dungeon.current,
        in_pile: false,
        by_us: true,
        no_corpse: false,
        vanished: Vec::new(),
    });
    assert!(nhbot_skills::food::food_squares(&ours, &Default::default()).is_empty());
    let mut bot = fetch_tree(&repo);
    assert_eq!(bot.decide(&ours).action, Action::Search { count: 3 });
}

#[test]
fn no_fetching_when_hurt_burdened_or_well_stocked() {
    let repo = Repo::new("fetch-food-limits");
    let mut hurt = room_with(&[(20, 7, '%')], 100);
    hurt.status.hp = 5;
    assert_eq!(
        fetch_tree(&repo).decide(&hurt).action,
        Action::Search { count: 3 }
    );

    let mut stocked = room_with(&[(20, 7, '%')], 100);
    stocked.inventory = (0..4)
        .filter_map(|i| {
            nhbot_world::parse_inventory_line(&format!("{} - a food ration", (b'd' + i) as char))
        })
        .map(|mut item| {
            item.class = "Comestibles".into();
            item
        })
        .collect();
    assert_eq!(nhbot_skills::food::spare_food_carried(&stocked), 4);
    assert_eq!(
        fetch_tree(&repo).decide(&stocked).action,
        Action::Search { count: 3 },
        "four rations are enough while not Hungry"
    );
    stocked.status.hunger = Hunger::Hungry;
    assert!(matches!(
        fetch_tree(&repo).decide(&stocked).action,
        Action::Move { .. } | Action::Travel { .. }
    ));
}

#[test]
fn a_square_reached_is_struck_off() {
    let repo = Repo::new("fetch-food-struck");
    let mut bot = fetch_tree(&repo);
    // One square east of the hero: a single step there.
    let w = room_with(&[(13, 7, '%')], 100);
    let d = bot.decide(&w);
    assert_eq!(
        d.action,
        Action::Move {
            dir: nhbot_world::Dir::E
        },
        "{d:?}"
    );
    // Standing on it (a corpse that is not food we carry): the next decision gives it up.
    let mut there = room_with(&[(13, 7, '%')], 101);
    there.player = Pos::new(13, 7);
    there.messages = vec!["You see here a jackal corpse.".into()];
    let d = bot.decide(&there);
    assert_eq!(d.action, Action::Search { count: 3 }, "{d:?}");
    // Back where we started, the `%` is not walked to again.
    let d = bot.decide(&room_with(&[(13, 7, '%')], 102));
    assert_eq!(d.action, Action::Search { count: 3 }, "{d:?}");
}

#[test]
fn spare_food_in_a_listed_pile_is_picked_up_by_name() {
    let lines = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let w = room_seen(&[], 100, &lines(&["There are several objects here."]));
    // No listing of the pile known: nothing to pick by name.
    assert_eq!(nhbot_skills::food::pick_up_food_step(&w), None);
    let listed = room_seen(
        &[],
        100,
        &lines(&[
            "Things that are here:",
            "a dwarvish spear",
            "an orange gem",
            "a jackal corpse",
            "2 uncursed pears",
        ]),
    );
    // By the listing's whole text: "pear" alone would select the spear too in the game's
    // menu (b31: 44 spears and 46 orange gems picked up as food).
    let (action, why) = nhbot_skills::food::pick_up_food_step(&listed).expect("a pick-up");
    assert_eq!(
        action,
        Action::Pickup {
            what: nhbot_world::Pick::Named("2 uncursed pears".into())
        }
    );
    assert!(why.contains("2 uncursed pears"), "{why}");
    assert!(!nhbot_skills::food::is_spare_food("a jackal corpse"));
    assert!(!nhbot_skills::food::is_spare_food(
        "a food ration (for sale, 45 zorkmids)"
    ));
}

/// A walk called off by a hostile near counts against the target's budget: a hostile coming in
/// and out of range (seed 161 of b33-base, at the door of a beehive) no longer keeps the walk
/// and the leaf below taking turns for ever.
#[test]
fn a_walk_called_off_again_and_again_is_given_up() {
    let repo = Repo::new("fetch-food-put-off");
    let mut bot = fetch_tree(&repo);
    let food = (20, 7, '%');
    let fetching =
        |d: &nhbot_world::Decision| matches!(d.action, Action::Move { .. } | Action::Travel { .. });
    let d = bot.decide(&room_with(&[food], 100));
    assert!(fetching(&d), "{d:?}");
    for turn in 101..131 {
        // A soldier ant three squares off, then out of sight again.
        let ant = turn % 2 == 1;
        let objects: Vec<(i16, i16, char)> = if ant {
            vec![food, (15, 9, 'a')]
        } else {
            vec![food]
        };
        let d = bot.decide(&room_with(&objects, turn));
        if ant {
            assert_eq!(d.action, Action::Search { count: 3 }, "called off: {d:?}");
        }
    }
    // 30 decisions on a walk of 8 steps (budget 8 + 20): given up.
    let d = bot.decide(&room_with(&[food], 131));
    assert_eq!(d.action, Action::Search { count: 3 }, "{d:?}");
}
