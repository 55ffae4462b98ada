//! A real recording (seed 9, trivial bot, 120 turns, then quit) read back through the scraper.

use nhbot_agent::replay::replay;
use nhbot_screen::Prompt;
use std::path::Path;

#[test]
fn recorded_game_replays_through_the_scraper() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/seed9-trivial-120turns.ttyrec");
    let r = replay(&path).unwrap();
    assert!(r.frames > 100, "{} frames", r.frames);
    // The game's welcome, and the lichen fight the trivial bot got into.
    assert!(
        r.messages.iter().any(|m| m.contains("welcome to NetHack")),
        "{:?}",
        &r.messages[..5.min(r.messages.len())]
    );
    assert!(r.messages.iter().any(|m| m.contains("lichen")));
    // The status line was read all along: the last one is at the turn budget.
    let s = r.last_status.as_ref().expect("a status line");
    assert_eq!(s.turn, Some(120));
    assert_eq!(s.hp_max, 16);
    assert_eq!(s.dlvl, 1);
    // The quit confirmation was a y/n prompt with its default.
    assert!(r.prompts.iter().any(|p| matches!(p, Prompt::YesNo { question, default: Some('n'), .. } if question.contains("Really quit"))), "{:?}", r.prompts);
    // It ends on the high-score list naming the quit.
    assert!(r
        .terminal
        .screen()
        .text()
        .contains("quit in The Dungeons of Doom"));
}
