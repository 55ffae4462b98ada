//! On the real game: with the inventory menu's ESC deferred to the next keys (the game loop's
//! way, one round trip fewer), reading the inventory and then acting reads the same pack and the
//! same screen after the action as closing the menu at once.

use nhbot_agent::Runner;
use nhbot_game::GameConfig;

/// Reads the inventory, then looks here (`:`) and asks for the inventory again; returns both
/// readings' items and the screen text after the look.
fn read_then_act(defer: bool) -> (Vec<String>, Vec<String>, String, bool) {
    let dir = std::env::temp_dir().join(format!("nhbot-inv-escape-{}-{defer}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut cfg = GameConfig::new(dir.clone());
    cfg.seed = Some(3);
    let mut runner = Runner::start(&cfg).unwrap();
    runner.session.defer_menu_escape = defer;
    let texts = |items: Vec<nhbot_screen::MenuItem>| items.into_iter().map(|i| i.text).collect();
    let first = texts(runner.session.read_inventory().unwrap());
    // The menu stays up only while its ESC waits for the next keys.
    let menu_up = runner.session.frame.menu.is_some();
    runner
        .session
        .perform(&nhbot_agent::actions::plan(&nhbot_world::Action::Look))
        .unwrap();
    let after_look = runner.session.term.screen().text();
    let second = texts(runner.session.read_inventory().unwrap());
    drop(runner);
    let _ = std::fs::remove_dir_all(&dir);
    (first, second, after_look, menu_up)
}

#[test]
fn a_deferred_menu_escape_reads_the_same_pack_and_screens() {
    let (first, second, after_look, menu_up) = read_then_act(true);
    let (first_at_once, second_at_once, after_look_at_once, menu_up_at_once) = read_then_act(false);
    assert!(menu_up, "the menu waits for the next keys to close it");
    assert!(!menu_up_at_once, "closed at once without deferral");
    assert!(!first.is_empty(), "a starting pack has items");
    assert_eq!(first, first_at_once);
    assert_eq!(second, second_at_once);
    assert_eq!(
        after_look, after_look_at_once,
        "the same screen after the look"
    );
    assert!(
        !after_look.contains("(end)"),
        "the inventory menu was closed before the look: {after_look}"
    );
}
