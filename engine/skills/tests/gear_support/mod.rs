#![allow(dead_code)]
//! Helpers for the tests of the gear Lua leaves of `scripts/`: each leaf in a tree of its own
//! before `search: 9`, on worlds seen through `World::observe` (the map, the messages, farlook
//! answers) with packs parsed from inventory lines, and a small knowledge base that answers what
//! an engrave test would have taught it.
use crate::common::*;
pub use nhbot_bt::{KbQuery, TreeBot};
pub use nhbot_world::testing::grid;
#[allow(unused_imports)]
pub use nhbot_world::{
    parse_farlook, parse_inventory_line, Action, Decision, Dir, Event, Item, Observation, Pick,
    Pos, Status, World,
};

pub fn scripts_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts")
}

/// A bot whose tree tries the script `name` first, then searches 9; the `gear/` helpers are
/// copied next to it as in the real repo.
pub fn bot(repo: &Repo, name: &str, kb: Option<GearKb>) -> TreeBot {
    let read = |p: &str| {
        let path = scripts_dir().join(p);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    repo.script(name, &read(name));
    std::fs::create_dir_all(repo.dir.join("scripts/gear")).expect("scripts/gear");
    for helper in ["common.lua", "armour.lua", "danger.lua", "weapons.lua"] {
        repo.script(&format!("gear/{helper}"), &read(&format!("gear/{helper}")));
    }
    repo.tree(
        "main.yaml",
        &format!("priority:\n  - lua: {{file: scripts/{name}, name: leaf}}\n  - search: 9\n"),
    );
    let mut bot = repo.load("main.yaml");
    if let Some(kb) = kb {
        bot.set_kb(Box::new(kb));
    }
    bot
}

/// What the knowledge base knows: appearance -> (candidates, the fact that says so).
#[derive(Clone, Default)]
pub struct GearKb(pub Vec<(&'static str, Vec<&'static str>, &'static str)>);

impl KbQuery for GearKb {
    fn candidates(&self, appearance: &str) -> Vec<String> {
        self.0
            .iter()
            .find(|(a, ..)| *a == appearance)
            .map(|(_, c, _)| c.iter().map(|s| s.to_string()).collect())
            .unwrap_or_default()
    }
    fn identity(&self, appearance: &str) -> Option<String> {
        let c = self.candidates(appearance);
        (c.len() == 1).then(|| c[0].clone())
    }
    fn could_be(&self, appearance: &str, identity: &str) -> bool {
        self.candidates(appearance).iter().any(|c| c == identity)
    }
    fn why(&self, appearance: &str) -> Vec<String> {
        self.0
            .iter()
            .filter(|(a, ..)| *a == appearance)
            .map(|(_, _, why)| why.to_string())
            .collect()
    }
}

/// A room 30 wide: walls at x = 0 and 31, floor rows 1..=7.
pub fn room() -> Vec<String> {
    let wall = "-".repeat(32);
    let floor = format!("|{}|", ".".repeat(30));
    let mut rows = vec![wall.clone()];
    rows.extend(std::iter::repeat_n(floor, 7));
    rows.push(wall);
    rows
}

/// The room seen with the hero at `at`, `things` drawn on the map, `messages` shown.
pub fn see(w: &mut World, at: Pos, things: &[(Pos, char)], messages: &[&str], hp: i32) {
    let mut rows = room();
    let mut put = |p: Pos, c: char| {
        let row = &mut rows[p.y as usize];
        row.replace_range(p.x as usize..p.x as usize + 1, &c.to_string());
    };
    for &(p, c) in things {
        put(p, c);
    }
    put(at, '@');
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let map = grid(&rows, &[]);
    let status = Status {
        dlvl: 1,
        level_name: "Dlvl:1".into(),
        turn: Some(w.turn + 1),
        hp,
        hp_max: 20,
        xl: 3,
        ..Default::default()
    };
    let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
    w.observe(Observation {
        map: &map,
        player: Some(at),
        status: Some(&status),
        messages: &messages,
        cursor_on_map: true,
    });
}

/// Farlook's answer about the monster at `at`, as the runner asks it.
pub fn farlook(w: &mut World, at: Pos, line: &str) {
    let answer = parse_farlook(line).expect("a farlook answer");
    w.observe(Event::Farlook {
        at,
        answer: &answer,
    });
}

/// The pack from inventory lines ("a - a +1 long sword (weapon in hand)") under their headers.
pub fn pack(lines: &[(&str, &str)]) -> Vec<Item> {
    lines
        .iter()
        .map(|(class, line)| {
            let mut item = parse_inventory_line(line).expect("an inventory line");
            item.class = class.to_string();
            item
        })
        .collect()
}

pub const SWORD: (&str, &str) = ("Weapons", "a - a +1 long sword (weapon in hand)");
pub const SHIELD: (&str, &str) = ("Armor", "c - an uncursed +3 small shield (being worn)");

/// Decides, and tells the world the decision (as the game loop does).
pub fn decide(bot: &mut TreeBot, w: &mut World) -> Decision {
    let d = bot.decide(w);
    w.observe(Event::Decision(&d));
    for l in bot.take_leaf_logs() {
        eprintln!("LOG {l:?}");
    }
    let errors = bot.take_leaf_errors();
    assert!(errors.is_empty(), "{errors:?}");
    d
}

pub fn is_search(d: &Decision) -> bool {
    matches!(d.action, Action::Search { count: 9 })
}

pub const HERO: Pos = Pos { x: 5, y: 4 };
