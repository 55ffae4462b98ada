#![allow(dead_code)]
//! Helpers for the tests of the gear Lua leaves of `scripts/`: each leaf in a tree of its own
//! before `search: 9`, on worlds seen through `World::observe` (the map, the messages, farlook
//! answers) with packs parsed from inventory lines, and a small knowledge base that answers what
//! an engrave test would have taught it.
#[allow(unused_imports)] // each test file uses its own part of the harness
pub use crate::common::scene::{decide, farlook};
use crate::common::scene::{status, Scene};
use crate::common::*;
pub use nhbot_bt::{KbQuery, TreeBot};
#[allow(unused_imports)]
pub use nhbot_world::{
    parse_farlook, parse_inventory_line, Action, Decision, Dir, Event, Item, Observation, Pick,
    Pos, Status, World,
};

/// A bot whose tree tries the script `name` first, then searches 9; the `gear/` helpers are
/// copied next to it as in the real repo.
pub fn bot(repo: &Repo, name: &str, kb: Option<GearKb>) -> TreeBot {
    repo.copy_scripts(&[
        name,
        "gear/common.lua",
        "gear/armour.lua",
        "gear/danger.lua",
        "gear/weapons.lua",
    ]);
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

/// The room seen with the hero at `at`, `things` drawn on the map, `messages` shown.
pub fn see(w: &mut World, at: Pos, things: &[(Pos, char)], messages: &[&str], hp: i32) {
    let mut scene = Scene::room();
    for &(p, c) in things {
        scene.draw(p, c);
    }
    let status = Status {
        hp,
        hp_max: 20,
        xl: 3,
        ..status(1, w.turn + 1)
    };
    scene.show(w, at, &status, messages);
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

/// A world whose pack is `lines` (see [`pack`]), nothing seen yet.
pub fn carrying(lines: &[(&str, &str)]) -> World {
    World {
        inventory: pack(lines),
        ..World::default()
    }
}

pub const SWORD: (&str, &str) = ("Weapons", "a - a +1 long sword (weapon in hand)");
pub const SHIELD: (&str, &str) = ("Armor", "c - an uncursed +3 small shield (being worn)");

pub fn is_search(d: &Decision) -> bool {
    matches!(d.action, Action::Search { count: 9 })
}

pub const HERO: Pos = Pos { x: 5, y: 4 };
