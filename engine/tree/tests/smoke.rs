mod common;
use common::*;
use nhbot_world::Action;

#[test]
fn default_tree_loads_and_decides() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../trees/main.yaml");
    let mut bot = nhbot_tree::TreeBot::load(&root).unwrap_or_else(|d| panic!("{}", render(&d)));
    let mut w = world();
    w.turn = 100;
    let d = bot.decide(&w);
    assert_eq!(d.path, "root/search_now_and_then/search#1", "{d:?}");
    w.turn = 101;
    let d = bot.decide(&w);
    assert!(matches!(d.action, Action::Move { .. }), "{d:?}");
    assert_eq!(d.path, "root/wander#8");
}
