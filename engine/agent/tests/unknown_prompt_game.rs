//! On the real game: a prompt no action expected gets a safe answer (ESC) and a warning carrying
//! the question; the game is back at the command prompt and no game time passed.

use nhbot_agent::Runner;
use nhbot_game::GameConfig;
use nhbot_world::{Action, Decision};

#[test]
fn unexpected_prompts_are_escaped_with_a_warning() {
    let dir = std::env::temp_dir().join(format!("nhbot-unknown-prompt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut cfg = GameConfig::new(dir.clone());
    cfg.seed = Some(2);
    let mut runner = Runner::start(&cfg).unwrap();
    let turn = runner.world.turn;
    runner.session.take_warnings();
    // Raw keys carry no prompt answers: `E` asks what to write with, `#name` opens a menu.
    for keys in ["E", "#name\r"] {
        let d = Decision {
            action: Action::Keys { keys: keys.into() },
            path: "test".into(),
            reason: "raw keys".into(),
        };
        runner.act(&d).unwrap();
        assert!(
            runner.session.frame.prompt.is_none(),
            "still at a prompt: {:?}",
            runner.session.frame
        );
        assert!(
            runner.session.frame.menu.is_none(),
            "still in a menu: {:?}",
            runner.session.frame
        );
    }
    let warnings = runner.session.take_warnings();
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("unknown prompt") && w.contains("write with")),
        "{warnings:?}"
    );
    assert_eq!(
        runner.world.turn, turn,
        "answering prompts must not pass game time"
    );
    // And the game still plays.
    runner
        .act(&Decision {
            action: Action::Search { count: 3 },
            path: "test".into(),
            reason: "search".into(),
        })
        .unwrap();
    assert!(runner.world.turn >= turn + 3);
    drop(runner);
    let _ = std::fs::remove_dir_all(&dir);
}
