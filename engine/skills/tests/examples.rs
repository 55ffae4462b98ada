//! The example Lua leaves of `scripts/examples/` (played by `trees/lua-examples.yaml`), each on a
//! world seen through `World::observe`, so their API calls answer from a real level model.
mod common;
use common::*;
use nhbot_world::testing::grid;
use nhbot_world::{Action, Dir, Item, Observation, Pos, Status, World};

fn example(name: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scripts/examples")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// A bot whose tree tries the example first, then searches 9.
fn bot(repo: &Repo, name: &str) -> nhbot_bt::TreeBot {
    repo.script("leaf.lua", &example(name));
    // What the examples `require("examples.common")`.
    std::fs::create_dir_all(repo.dir.join("scripts/examples")).expect("scripts/examples");
    repo.script("examples/common.lua", &example("common.lua"));
    repo.tree(
        "main.yaml",
        "priority:\n  - lua: {file: scripts/leaf.lua, name: leaf}\n  - search: 9\n",
    );
    repo.load("main.yaml")
}

const ROOM: [&str; 5] = [
    "--------------",
    "|............|",
    "|............|",
    "|............|",
    "--------------",
];

/// The room seen with the hero at `at` and `monster` drawn on the map.
fn seen(w: &mut World, at: Pos, monster: Option<(Pos, char)>, hp: i32, turn: i64) {
    let mut rows: Vec<String> = ROOM.iter().map(|r| r.to_string()).collect();
    let mut put = |p: Pos, c: char| {
        let row = &mut rows[p.y as usize];
        row.replace_range(p.x as usize..p.x as usize + 1, &c.to_string());
    };
    put(at, '@');
    if let Some((p, c)) = monster {
        put(p, c);
    }
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let map = grid(&rows, &[]);
    let status = Status {
        dlvl: 1,
        level_name: "Dlvl:1".into(),
        turn: Some(turn),
        hp,
        hp_max: 20,
        xl: 3,
        ..Default::default()
    };
    w.observe(Observation {
        map: &map,
        player: Some(at),
        status: Some(&status),
        messages: &[],
        cursor_on_map: true,
    });
}

fn item(letter: char, text: &str, class: &str) -> Item {
    Item {
        letter,
        text: text.into(),
        class: class.into(),
        ..Item::default()
    }
}

#[test]
fn throw_daggers_throws_along_a_clear_line_only() {
    let repo = Repo::new("ex-throw");
    let mut bot = bot(&repo, "throw_daggers.lua");
    let mut w = World {
        inventory: vec![
            item('a', "a +1 long sword (weapon in hand)", "Weapons"),
            item('b', "a +0 dagger", "Weapons"),
        ],
        ..World::default()
    };
    // A jackal four squares east on the same row: thrown at.
    seen(&mut w, Pos::new(3, 2), Some((Pos::new(7, 2), 'd')), 20, 10);
    let d = bot.decide(&w);
    assert_eq!(
        d.action,
        Action::Throw {
            item: 'b',
            dir: Dir::E
        },
        "{}",
        d.reason
    );
    // A knight's move away: no line of fire, so the leaf leaves it to the others.
    seen(&mut w, Pos::new(3, 2), Some((Pos::new(5, 3), 'd')), 20, 11);
    let d = bot.decide(&w);
    assert_eq!(d.action, Action::Search { count: 9 }, "{}", d.reason);
}

#[test]
fn rest_watch_rests_and_stops_when_hp_falls_while_resting() {
    let repo = Repo::new("ex-rest");
    let mut bot = bot(&repo, "rest_watch.lua");
    let mut w = World::default();
    seen(&mut w, Pos::new(3, 2), None, 8, 10);
    let d = bot.decide(&w);
    assert!(matches!(d.action, Action::Rest { .. }), "{d:?}");
    w.observe(nhbot_world::Event::Decision(&d));
    // Resting went on, HP rose: rest again.
    seen(&mut w, Pos::new(3, 2), None, 9, 15);
    let d = bot.decide(&w);
    assert!(matches!(d.action, Action::Rest { .. }), "{d:?}");
    w.observe(nhbot_world::Event::Decision(&d));
    // HP fell while resting, nothing in view: stop and leave it to the others for a while.
    seen(&mut w, Pos::new(3, 2), None, 6, 20);
    let d = bot.decide(&w);
    assert_eq!(d.action, Action::Search { count: 9 }, "{}", d.reason);
    w.observe(nhbot_world::Event::Decision(&d));
    seen(&mut w, Pos::new(3, 2), None, 6, 29);
    assert_eq!(bot.decide(&w).action, Action::Search { count: 9 });
}

#[test]
fn wand_test_engraves_with_an_unknown_wand_once() {
    let repo = Repo::new("ex-wand");
    let mut bot = bot(&repo, "wand_test.lua");
    let mut w = World {
        inventory: vec![
            item('f', "a wand of striking (0:5)", "Wands"),
            item('g', "a tin wand", "Wands"),
        ],
        ..World::default()
    };
    seen(&mut w, Pos::new(3, 2), None, 20, 10);
    // The feature under the hero is learnt from the map: floor.
    let d = bot.decide(&w);
    assert_eq!(
        d.action,
        Action::Engrave {
            text: "x".into(),
            with: Some('g')
        },
        "{}",
        d.reason
    );
    w.observe(nhbot_world::Event::Decision(&d));
    seen(&mut w, Pos::new(3, 2), None, 20, 11);
    let d = bot.decide(&w);
    assert_eq!(
        d.action,
        Action::Search { count: 9 },
        "tested once: {}",
        d.reason
    );
    assert!(bot.take_leaf_errors().is_empty());
}
