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

/// A farlook sent with its position answer in one write (`perform_pointing`, from a command
/// prompt) reads the same answer as the two round trips of `perform`, one wait fewer; with
/// the inventory menu left open for the next keys too.
#[test]
fn a_farlook_in_one_write_reads_what_two_round_trips_read() {
    use nhbot_agent::actions::plan;
    use nhbot_world::Action;
    let dir = std::env::temp_dir().join(format!("nhbot-farlook1-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut cfg = GameConfig::new(dir.clone());
    cfg.seed = Some(7);
    cfg.wizard = true;
    let mut runner = Runner::start(&cfg).unwrap();
    runner.session.defer_menu_escape = true;
    runner.session.send_raw("\x07").unwrap();
    runner.session.send_raw("newt\r").unwrap();
    // Settled at the command prompt (the cursor on the hero).
    runner.session.perform(&plan(&Action::Look)).unwrap();
    runner.observe();
    let newt = runner
        .world
        .monsters
        .iter()
        .find(|m| m.ch == ':')
        .map(|m| m.pos)
        .expect("a newt next to us");
    let look = plan(&Action::Farlook { at: newt });
    let _ = runner.session.take_messages();
    let waits = runner.session.waits;
    runner.session.perform(&look).unwrap();
    let slow = runner.session.take_messages();
    let slow_waits = runner.session.waits - waits;
    let waits = runner.session.waits;
    runner.session.perform_pointing(&look).unwrap();
    let fast = runner.session.take_messages();
    assert_eq!(
        runner.session.waits - waits,
        slow_waits - 1,
        "one round trip fewer"
    );
    assert!(
        slow.iter().any(|m| m.contains("newt")),
        "the answer names the newt: {slow:?}"
    );
    assert_eq!(fast, slow);
    // The same after reading the inventory, its menu left for the next keys to close.
    runner.session.read_inventory().unwrap();
    let waits = runner.session.waits;
    runner.session.perform_pointing(&look).unwrap();
    let after_menu = runner.session.take_messages();
    assert_eq!(runner.session.waits - waits, slow_waits - 1);
    assert_eq!(after_menu, slow);
    drop(runner);
    let _ = std::fs::remove_dir_all(&dir);
}
