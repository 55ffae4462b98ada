//! On the real game (wizard mode creates the monsters): the engine farlooks monsters it cannot
//! name, and the world learns what they are and whether they are peaceful, without game time.

use nhbot_agent::Runner;
use nhbot_game::GameConfig;

#[test]
fn created_monsters_are_farlooked_and_named() {
    let dir = std::env::temp_dir().join(format!("nhbot-farlook-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut cfg = GameConfig::new(dir.clone());
    cfg.seed = Some(7);
    cfg.wizard = true;
    let mut runner = Runner::start(&cfg).unwrap();
    // ^G asks "Create what kind of monster?"; each appears next to us.
    for what in ["newt", "peaceful gnome"] {
        runner.session.send_raw("\x07").unwrap();
        runner.session.send_raw(&format!("{what}\r")).unwrap();
    }
    runner.observe();
    let turn = runner.world.turn;
    for _ in 0..4 {
        runner.identify_monsters().unwrap();
    }
    assert_eq!(runner.world.turn, turn, "farlook takes no game time");
    let find = |name: &str| {
        runner
            .world
            .monsters
            .iter()
            .find(|m| m.name.as_deref() == Some(name))
            .cloned()
    };
    let newt =
        find("newt").unwrap_or_else(|| panic!("newt not named: {:?}", runner.world.monsters));
    assert_eq!(newt.peaceful, Some(false));
    assert_eq!(newt.ch, ':');
    let gnome =
        find("gnome").unwrap_or_else(|| panic!("gnome not named: {:?}", runner.world.monsters));
    assert_eq!(gnome.peaceful, Some(true));
    assert!(!gnome.maybe_hostile());
    drop(runner);
    let _ = std::fs::remove_dir_all(&dir);
}
