//! On the real game: what the world learns about the hero from the screen alone at the start
//! (the welcome message names the character, whose starting intrinsics follow) and keeps in its
//! message history.

use nhbot_agent::Runner;
use nhbot_game::GameConfig;
use nhbot_world::{Action, Decision, Intrinsic};

#[test]
fn the_valkyrie_starts_with_her_intrinsics_and_the_welcome_stays_in_the_history() {
    let dir = std::env::temp_dir().join(format!("nhbot-status-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut game = GameConfig::new(dir.clone());
    game.seed = Some(7);
    let mut runner = Runner::start(&game).expect("the game starts");
    let start: Vec<Intrinsic> = runner.world.intrinsics.iter().copied().collect();
    let welcome = runner.world.message_turn("welcome to NetHack");
    for _ in 0..3 {
        runner
            .act(&Decision {
                action: Action::Search { count: 5 },
                path: "test".into(),
                reason: "time passes".into(),
            })
            .expect("the search reaches the game");
    }
    let world = runner.world.clone();
    drop(runner);
    let _ = std::fs::remove_dir_all(&dir);
    // The engine's character (options.rs): a neutral human Valkyrie.
    assert_eq!(start, vec![Intrinsic::ColdResistance, Intrinsic::Stealth]);
    assert_eq!(welcome, Some(1));
    assert!(world.turn >= 15, "turn {}", world.turn);
    assert!(
        !world.messages.iter().any(|m| m.contains("welcome")),
        "{:?}",
        world.messages
    );
    assert_eq!(world.message_turn("welcome to NetHack"), Some(1));
    assert!(world.said_since(1, "welcome") && !world.said_since(2, "welcome"));
    assert_eq!(world.last_decision.as_ref().map(|d| d.index), Some(3));
    assert_eq!(world.prayer_timeout_estimate(), 300 - world.turn);
}
