//! The world's tables (`world.messages`, `world.inventory`...) are built once per decision in
//! each script state: every read in a decision, by any leaf of the script, gets the same table,
//! and the next decision builds it again from the world it is given.

use nhbot_bt::testing::{sample_world, scratch_dir};
use nhbot_bt::{NodeRegistry, TreeBot};

/// `first` keeps the table it read (and the one of the previous decision); `second`, a later
/// leaf of the same script, says whether its read gave the same table, whether that differs
/// from the previous decision's, and what the table holds.
const VIEW: &str = r#"
local seen, before
return {
  first = function(world)
    before, seen = seen, world.messages
    return false
  end,
  second = function(world)
    local now = world.messages
    local pet = world.pet
    return act.search(1, string.format("same=%s fresh=%s n=%d last=%s pet=%s",
      tostring(rawequal(now, seen)), tostring(not rawequal(now, before)), #now, now[#now],
      tostring(pet)))
  end,
}
"#;

#[test]
fn a_world_table_is_built_once_per_decision_and_afresh_at_the_next() {
    let dir = scratch_dir("world-view").expect("scratch dir");
    std::fs::write(dir.join("scripts/view.lua"), VIEW).expect("script");
    let tree = dir.join("trees/main.yaml");
    std::fs::write(
        &tree,
        "priority:\n  name: root\n  children:\n    - lua: {file: scripts/view.lua, function: first, name: first}\n    - lua: {file: scripts/view.lua, function: second, name: second}\n",
    )
    .expect("tree");
    let mut bot = TreeBot::load(NodeRegistry::new(), &tree).unwrap_or_else(|d| panic!("{d:?}"));
    let mut world = sample_world();
    let reasons: Vec<String> = (0..3)
        .map(|i| {
            if i == 1 {
                world.messages.push("You see here a dagger.".into());
            }
            bot.decide(&world).reason
        })
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        reasons,
        [
            "same=true fresh=true n=1 last=Hello Agnar, welcome to NetHack! pet=nil",
            "same=true fresh=true n=2 last=You see here a dagger. pet=nil",
            // The same world again: still a table of this decision's own.
            "same=true fresh=true n=2 last=You see here a dagger. pet=nil",
        ]
    );
}

/// Each decision, says whether `world.inventory` is the table of the previous decision and
/// what its first item holds.
const PACK: &str = r#"
local before
return function(world)
  local inv = world.inventory
  local same = rawequal(inv, before)
  before = inv
  return act.search(1, string.format("same=%s worn=%s n=%d", tostring(same),
    tostring(inv[1].worn), #inv))
end
"#;

#[test]
fn the_inventory_table_is_kept_while_the_pack_is_the_same() {
    let dir = scratch_dir("world-view-pack").expect("scratch dir");
    std::fs::write(dir.join("scripts/pack.lua"), PACK).expect("script");
    let tree = dir.join("trees/main.yaml");
    std::fs::write(&tree, "lua: {file: scripts/pack.lua, name: pack}\n").expect("tree");
    let mut bot = TreeBot::load(NodeRegistry::new(), &tree).unwrap_or_else(|d| panic!("{d:?}"));
    let mut world = sample_world();
    world.inventory = vec![nhbot_world::Item {
        letter: 'c',
        text: "an uncursed +0 leather armor".into(),
        class: "Armor".into(),
        name: "leather armor".into(),
        count: 1,
        ..nhbot_world::Item::default()
    }];
    let mut reasons = Vec::new();
    for decision in 0..4 {
        match decision {
            // Put on: one field of one item changed.
            2 => world.inventory[0].worn = true,
            _ => world.messages.push(format!("message {decision}")),
        }
        reasons.push(bot.decide(&world).reason);
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        reasons,
        [
            "same=false worn=false n=1",
            // Other parts of the world changed, the pack did not.
            "same=true worn=false n=1",
            "same=false worn=true n=1",
            "same=true worn=true n=1",
        ]
    );
}

/// `world` is the same userdata at every call of a script's leaves, and reads the world of the
/// call running: a script that keeps it reads the world of now, never a stale one.
const KEPT: &str = r#"
local kept
return function(world)
  local same = rawequal(world, kept)
  kept = kept or world
  return act.search(1, string.format("same=%s hp=%d", tostring(same), kept.hp))
end
"#;

#[test]
fn a_kept_world_reads_the_world_of_the_running_call() {
    let dir = scratch_dir("world-kept").expect("scratch dir");
    std::fs::write(dir.join("scripts/kept.lua"), KEPT).expect("script");
    let tree = dir.join("trees/main.yaml");
    std::fs::write(&tree, "lua: {file: scripts/kept.lua, name: kept}\n").expect("tree");
    let mut bot = TreeBot::load(NodeRegistry::new(), &tree).unwrap_or_else(|d| panic!("{d:?}"));
    let mut world = sample_world();
    let reasons: Vec<String> = [12, 5]
        .into_iter()
        .map(|hp| {
            world.status.hp = hp;
            bot.decide(&world).reason
        })
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(reasons, ["same=false hp=12", "same=true hp=5"]);
}
