//! A Lua leaf's `kb.observe{...}` reaches the game's knowledge base: the fact lands in
//! facts.jsonl with the script line as its source and the script's reason, `kb.identity` and
//! `kb.why` answer from it, and what does not fit is the leaf's error. No game needed: the tree
//! decides on a sample world with the `KbFeed` the game loop would install.

use nhbot_agent::kbfeed::{facts_from, KbFeed};
use nhbot_bt::TreeBot;
use nhbot_kb::{Fact, Why};
use nhbot_world::Action;

const SCRIPT: &str = r#"return function(world, state)
  local new = kb.observe{appearance = "tin wand", identity = "wand of digging",
                         reason = "engrave test: gravel"}
  local again = kb.observe{appearance = "a tin wand", identity = "digging", reason = "twice"}
  kb.observe{appearance = "oak wand", one_of = {"sleep", "death"}, reason = "bugs stopped"}
  local why = kb.why("tin wand")
  return act.keys(string.format("%s %s %s %d %s", tostring(new), tostring(again),
    kb.identity("tin wand"), #kb.candidates("oak wand"), why[1]))
end
"#;

#[test]
fn a_script_observation_is_a_fact_with_its_source_and_reason() {
    let dir = std::env::temp_dir().join(format!("nhbot-kb-observe-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    std::fs::create_dir_all(dir.join("trees")).unwrap();
    std::fs::write(dir.join("scripts/observe.lua"), SCRIPT).unwrap();
    std::fs::write(
        dir.join("scripts/bad.lua"),
        "return function()\n  kb.observe{appearance = 'tin wand', identity = 'healing'}\nend\n",
    )
    .unwrap();
    let tree = dir.join("trees/main.yaml");
    std::fs::write(
        &tree,
        "priority:\n  - lua: {file: scripts/bad.lua, name: bad}\n  - lua: {file: scripts/observe.lua, name: observe}\n",
    )
    .unwrap();
    let mut bot = TreeBot::load(nhbot_skills::registry(), &tree).expect("tree loads");
    let facts = dir.join("facts.jsonl");
    let kb = KbFeed::open(&facts).unwrap();
    bot.set_kb(Box::new(kb.clone()));

    let decision = bot.decide(&nhbot_bt::testing::sample_world());
    let want = "true false digging 2 tin wand is digging \
                (lua:scripts/observe.lua:2: engrave test: gravel)";
    assert_eq!(decision.action, Action::Keys { keys: want.into() });
    let errors = bot.take_leaf_errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].message.contains(
            "scripts/bad.lua:2 in function <scripts/bad.lua:1>: kb.observe: \"healing\" is not an identity of \"tin wand\""
        ),
        "{}",
        errors[0].message
    );
    let from_lua = facts_from(&facts, "lua:").unwrap();
    assert_eq!(
        from_lua[0],
        Fact::Named {
            appearance: "tin wand".into(),
            identity: "digging".into(),
            why: Why::new("lua:scripts/observe.lua:2", "engrave test: gravel"),
        }
    );
    assert!(
        matches!(&from_lua[1], Fact::OneOf { identities, why, .. }
            if identities == &["death", "sleep"] && why.reason.as_deref() == Some("bugs stopped")),
        "{from_lua:?}"
    );
    assert_eq!(from_lua.len(), 2, "the repeat is not logged: {from_lua:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
