//! Lua leaves reading the hero, history and monster half of the world API (issue 30): whether
//! the previous decision was the leaf's own (its path is the leaf function's third argument),
//! the message history across decisions, intrinsics, the prayer estimate and the pet.

use nhbot_bt::testing::scratch_dir;
use nhbot_bt::{LeafOutcome, LeafSpec, NodeRegistry, Params, TreeBot};
use nhbot_world::{Action, Cell, Decision, Event, Observation, Pos, Status, World};
use std::path::PathBuf;

fn fallback(_: &Params, _: &World) -> LeafOutcome {
    LeafOutcome::Act(Action::Search { count: 9 }, "fallback".into())
}

struct Repo {
    dir: PathBuf,
}

impl Repo {
    /// A tree `priority: [lua: <script> (name mine), fallback]`.
    fn with_script(tag: &str, script: &str) -> (Repo, TreeBot) {
        let dir = scratch_dir(tag).expect("scratch dir");
        std::fs::write(dir.join("scripts/mine.lua"), script).expect("script");
        let tree = dir.join("trees/main.yaml");
        let yaml = "priority:\n  name: root\n  children:\n    - lua: {file: scripts/mine.lua, name: mine}\n    - fallback\n";
        std::fs::write(&tree, yaml).expect("tree");
        let mut registry = NodeRegistry::new();
        registry.register_fn(LeafSpec::action("fallback", "Searches 9."), fallback);
        let bot = TreeBot::load(registry, &tree).unwrap_or_else(|d| panic!("{d:?}"));
        (Repo { dir }, bot)
    }
}

impl Drop for Repo {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A frame of a small lit room with the player at (3, 1), at `turn`, with `messages`.
fn frame(w: &mut World, rows: &[&str], turn: i64, messages: &[&str]) {
    let mut map = vec![Cell::default(); 80 * 21];
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            // The pet is a white kitten.
            let fg = if ch == 'f' { 7 } else { 16 };
            map[y * 80 + x] = Cell {
                ch,
                fg,
                bold: ch == 'f',
                inverse: false,
            };
        }
    }
    let status = Status {
        turn: Some(turn),
        dlvl: 1,
        level_name: "Dlvl:1".into(),
        hp: 16,
        hp_max: 16,
        ..Status::default()
    };
    let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
    w.observe(Observation {
        map: &map,
        player: Some(Pos::new(3, 1)),
        status: Some(&status),
        messages: &messages,
        cursor_on_map: true,
    });
}

#[test]
fn a_leaf_tells_whether_the_previous_decision_was_its_own() {
    let script = r#"
return function(world, state, path)
  local last = world.last_decision
  if last and last.path == path then
    return act.rest(1, "mine was the last: " .. last.action .. " #" .. last.decision)
  end
  return act.search(2, "not mine before; I am " .. path)
end
"#;
    let (_repo, mut bot) = Repo::with_script("lua-last-decision", script);
    let mut w = World::default();
    frame(&mut w, &["|.....|", "|..@..|"], 1, &[]);
    let first = bot.decide(&w);
    assert_eq!(first.reason, "not mine before; I am root/mine");
    assert_eq!(first.path, "root/mine");
    w.observe(Event::Decision(&first));
    let second = bot.decide(&w);
    assert_eq!(second.reason, "mine was the last: search 2 #1");
    // Another leaf acted in between (a higher branch): not ours.
    w.observe(Event::Decision(&Decision {
        action: Action::Search { count: 1 },
        path: "root/survive/pray".into(),
        reason: "in trouble".into(),
    }));
    assert_eq!(bot.decide(&w).reason, "not mine before; I am root/mine");
}

#[test]
fn a_leaf_reads_history_intrinsics_prayer_and_the_pet() {
    let script = r#"
return function(world, state, path)
  local h = world:history(2)
  local parts = {
    #h, h[1].text, h[2].turn,
    tostring(world:message_turn("bites")),
    tostring(world:said_since(3, "welcome")),
    tostring(world:said_since(1, "welcome")),
    #world.messages,
    tostring(world:has_intrinsic("cold_resistance")),
    tostring(world:has_intrinsic("fire_resistance")),
    world.prayer_timeout_estimate,
    tostring(world.turns_since_prayer),
    tostring(world:can_pray_safely()),
  }
  local pet = world.pet
  if pet then
    parts[#parts + 1] = pet.glyph .. " tame=" .. tostring(pet.tame)
      .. " remembered=" .. tostring(pet.remembered) .. " at " .. pet.x .. "," .. pet.y
      .. " seen " .. pet.first_seen .. ".." .. pet.last_seen
  end
  parts[#parts + 1] = #world.monsters .. " in view, " .. #world.remembered_monsters .. " remembered"
  return act.search(1, table.concat(parts, "|"))
end
"#;
    let (_repo, mut bot) = Repo::with_script("lua-history", script);
    let mut w = World::default();
    frame(
        &mut w,
        &["|.....|", "|..@f.|"],
        1,
        &[
            "Hello Agnar, welcome to NetHack!  You are a neutral female human Valkyrie.",
            "The newt bites!",
        ],
    );
    let d = bot.decide(&w);
    w.observe(Event::Decision(&d));
    // The kitten goes out of view; a decision later the messages of turn 1 are history only.
    frame(&mut w, &["|.....|", "|..@..|"], 4, &[]);
    let reason = bot.decide(&w).reason;
    let fields: Vec<&str> = reason.split('|').collect();
    assert_eq!(
        fields,
        vec![
            "2",
            "Hello Agnar, welcome to NetHack!  You are a neutral female human Valkyrie.",
            "1",
            "1",
            "false",
            "true",
            "0",
            "true",
            "false",
            "296",
            "nil",
            "false",
            "f tame=true remembered=true at 4,1 seen 1..1",
            "0 in view, 1 remembered",
        ],
        "{reason}"
    );
}

#[test]
fn a_leaf_tells_whether_it_stands_on_an_elbereth_read_back() {
    let script = r#"
return function(world, state, path)
  return act.search(1, tostring(world:on_elbereth()))
end
"#;
    let (_repo, mut bot) = Repo::with_script("lua-on-elbereth", script);
    let mut w = World::default();
    frame(&mut w, &["|.....|", "|..@..|"], 1, &[]);
    assert_eq!(bot.decide(&w).reason, "false", "nothing read");
    frame(
        &mut w,
        &["|.....|", "|..@..|"],
        2,
        &["You read: \"Elbereth\"."],
    );
    let d = bot.decide(&w);
    assert_eq!(d.reason, "true", "read back this turn");
    w.observe(Event::Decision(&d));
    // A search keeps the read; a turn later it still holds.
    frame(&mut w, &["|.....|", "|..@..|"], 3, &[]);
    assert_eq!(bot.decide(&w).reason, "true", "a search since");
    // Two decisions since the read: it may be gone (smudged, a blow of ours).
    w.observe(Event::Decision(&Decision {
        action: Action::Search { count: 1 },
        path: "root/mine".into(),
        reason: "again".into(),
    }));
    assert_eq!(bot.decide(&w).reason, "false", "two decisions since");
    // A misspelled one is no Elbereth.
    frame(
        &mut w,
        &["|.....|", "|..@..|"],
        4,
        &["You read: \"Elbcreth\"."],
    );
    assert_eq!(bot.decide(&w).reason, "false", "misspelled");
}

#[test]
fn a_leaf_reads_thefts_and_whether_one_is_pending() {
    let script = r#"
return function(world, state, path)
  local t = world.thefts[1]
  return act.search(1, t.thief .. " took " .. t.item .. " gear=" .. tostring(t.gear)
    .. " here=" .. tostring(t.here)
    .. " gear pending=" .. tostring(world:theft_pending(1000))
    .. " any pending=" .. tostring(world:theft_pending(1000, true)))
end
"#;
    let (_repo, mut bot) = Repo::with_script("lua-thefts", script);
    let mut w = World::default();
    frame(
        &mut w,
        &["|.....|", "|..@..|"],
        5,
        &["The water nymph stole a sky blue potion."],
    );
    assert_eq!(
        bot.decide(&w).reason,
        "water nymph took a sky blue potion gear=false here=true gear pending=false \
         any pending=true"
    );
}
