//! End-to-end check of the world model: plays a seeded real game with nothing but `explore_step`
//! (prompts declined, menus closed, `--More--` dismissed) and prints per-level statistics.
//!
//! `cargo run --release -p nhbot-world --example explore_live -- SEED DECISIONS`

use nhbot_game::{Game, GameConfig, Wait};
use nhbot_screen::{scrape, Frame, Prompt, Terminal};
use nhbot_world::{explore_step, Action, Observation, World};

fn keys_for(world: &World, action: &Action) -> String {
    match action {
        Action::Move { dir } => dir.key().to_string(),
        Action::Fight { dir } => format!("F{}", dir.key()),
        Action::Open { dir } => format!("o{}", dir.key()),
        Action::Kick { dir } => format!("\x04{}", dir.key()),
        Action::Search { count } => format!("{count}s"),
        Action::Descend => ">".into(),
        // The agent drives `_`'s cursor; here a plain step along our own path is enough.
        Action::Travel { to } => world
            .path_to(&[*to])
            .map_or("s".into(), |p| p.first.key().to_string()),
        _ => "s".into(),
    }
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let decisions: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(500);
    let dir = std::env::temp_dir().join(format!("nhbot-explore-{}", std::process::id()));
    let mut cfg = GameConfig::new(dir.clone());
    cfg.seed = Some(seed);
    let mut game = Game::start(&cfg)?;
    let mut term = Terminal::new();
    let mut world = World::default();
    let mut out = Vec::new();
    let mut pending_messages: Vec<String> = Vec::new();
    let mut taken = 0;
    let mut think = std::time::Duration::ZERO;
    while taken < decisions {
        out.clear();
        if game.wait(&mut out)? != Wait::Input {
            println!("game ended or hung");
            break;
        }
        term.feed(&out);
        let screen = term.screen();
        let frame: Frame = scrape(&screen);
        pending_messages.extend(frame.messages.iter().cloned());
        if frame.game_over.is_some() {
            println!("game over: {:?}", frame.game_over);
            break;
        }
        if frame.more {
            game.send(b"\r")?;
            continue;
        }
        if frame.menu.is_some() {
            game.send(b"\x1b")?;
            continue;
        }
        match &frame.prompt {
            Some(Prompt::YesNo { choices, .. }) => {
                game.send(if choices.contains('n') { b"n" } else { b"\x1b" })?;
                continue;
            }
            Some(_) => {
                game.send(b"\x1b")?;
                continue;
            }
            None => {}
        }
        let t = std::time::Instant::now();
        world.observe(&Observation {
            map: screen.map_cells(),
            player: frame.player,
            status: frame.status.as_ref(),
            messages: &pending_messages,
            cursor_on_map: true,
        });
        pending_messages.clear();
        let step = explore_step(&world);
        think += t.elapsed();
        let Some((action, reason)) = step else {
            println!("explore_step: nothing left to do at decision {taken}");
            break;
        };
        if taken % 100 == 0 {
            let here = world.level().map(|l| (l.branch, l.depth));
            println!(
                "#{taken} T:{} {here:?} @{:?}: {action:?} — {reason}",
                world.turn, world.player
            );
            let levels: Vec<_> = world
                .dungeon
                .levels
                .iter()
                .map(|l| (l.branch, l.depth, l.merged_into))
                .collect();
            println!("   levels {levels:?}");
        }
        world.note_action(&action);
        world.decisions += 1;
        game.send(keys_for(&world, &action).as_bytes())?;
        taken += 1;
    }
    println!(
        "{} decisions, observe+explore {:.1} us per decision",
        taken,
        think.as_secs_f64() * 1e6 / taken.max(1) as f64
    );
    println!("{}", serde_json::to_string_pretty(&world.level_stats())?);
    println!("screen:\n{}", term.screen().text());
    if let Some(level) = world.level() {
        println!("world model:\n{}", level.render());
    }
    let _ = game.hangup(std::time::Duration::from_secs(2));
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
