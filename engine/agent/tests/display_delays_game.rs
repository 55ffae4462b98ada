//! The game's display delays (50 ms per step of a thrown object) are skipped by default and
//! change nothing the bot sees: the real game in wizard mode, seed 1, throws daggers in every
//! direction twice, once with the delays skipped and once with them kept; the shim notes each
//! delay it skips, and both games end on the same screen and messages.

use nhbot_agent::actions::Plan;
use nhbot_agent::Runner;
use nhbot_game::GameConfig;
use std::path::{Path, PathBuf};

fn keys(r: &mut Runner, keys: &str) {
    let plan = Plan {
        keys: keys.to_string(),
        expect: Vec::new(),
    };
    r.session.perform(&plan).expect("keys reach the game");
    r.observe();
}

/// The screen's text and every message seen, after wishing for daggers and throwing one in
/// each direction; `log` is the shim's note of skipped delays.
fn throw_daggers(dir: &Path, display_delays: bool, log: &Path) -> (String, Vec<String>) {
    let _ = std::fs::remove_dir_all(dir);
    let mut game = GameConfig::new(dir.join("game"));
    game.seed = Some(1);
    game.wizard = true;
    game.display_delays = display_delays;
    game.delay_log = Some(log.to_path_buf());
    let mut r = Runner::start(&game).expect("the game starts in wizard mode");
    r.session.send_raw("\x17").expect("^W");
    keys(&mut r, "8 daggers\r");
    let dagger = r
        .world
        .messages
        .iter()
        .find_map(|m| m.contains("daggers").then(|| m.chars().next()).flatten())
        .unwrap_or_else(|| panic!("no daggers: {:?}", r.world.messages));
    let mut said = Vec::new();
    for dir in ["h", "j", "k", "l", "y", "u", "b", "n"] {
        keys(&mut r, &format!("t{dagger}{dir}"));
        said.extend(r.world.messages.iter().cloned());
    }
    let screen = r.session.term.screen().text();
    let _ = r.session.game.hangup(std::time::Duration::from_secs(5));
    (screen, said)
}

#[test]
fn display_delays_are_skipped_and_change_nothing_seen() {
    let dir: PathBuf = std::env::temp_dir().join(format!("nhbot-delays-{}", std::process::id()));
    let (skipped_log, kept_log) = (dir.join("skipped.log"), dir.join("kept.log"));
    let _ = std::fs::create_dir_all(&dir);
    let (skipped_screen, skipped_said) = throw_daggers(&dir.join("a"), false, &skipped_log);
    let (kept_screen, kept_said) = throw_daggers(&dir.join("b"), true, &kept_log);
    let skipped = std::fs::read_to_string(&skipped_log).unwrap_or_default();
    assert!(
        skipped.lines().any(|l| l.starts_with("usleep ")),
        "a thrown dagger's flight pauses the tty port; the shim noted: {skipped:?}"
    );
    assert!(
        std::fs::read_to_string(&kept_log)
            .unwrap_or_default()
            .is_empty(),
        "nothing is skipped when the delays are kept"
    );
    assert_eq!(skipped_said, kept_said);
    assert_eq!(skipped_screen, kept_screen);
    let _ = std::fs::remove_dir_all(&dir);
}
