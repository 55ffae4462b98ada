//! Before a command starts its games: the character checked against the game's rules, then the
//! game itself started once with exactly the options every game gets, to its first screen. A game
//! that refuses an option does not stop: it says so and waits for Return, or asks who we are, and
//! a bot would play on into `Stuck` or quit at once. Here its own words become the error.

use anyhow::{anyhow, bail, Context, Result};
use std::path::Path;
use std::time::{Duration, Instant};

use crate::options::Character;
use crate::process::{Game, GameConfig, Wait};

/// What the game says when it starts a game: it has taken every option.
const WELCOME: &str = "welcome to NetHack";

/// The character as the game reads it ([`Character::resolved`]), after a trial start of the
/// game with it (and the engine's options) showed the game's welcome; otherwise the error holds
/// the game's own screen. `cache` is the game cache the games will use.
pub fn check(ch: &Character, cache: &Path) -> Result<Character> {
    let ch = ch.resolved().map_err(|e| anyhow!("bad character: {e}"))?;
    trial_start(&ch, cache)?;
    Ok(ch)
}

/// Starts the game with `ch` and the engine's options in a scratch playground, up to its first
/// wait for a key, and fails with the game's own screen unless it welcomed us to a game as that
/// very character (the game quietly makes a neutral dwarf lawful, say).
pub fn trial_start(ch: &Character, cache: &Path) -> Result<()> {
    let screen = first_screen(ch, cache)?;
    // The welcome can wrap onto a second line.
    let said = screen.replace('\n', " ");
    let plays = |desc: &String| said.contains(&format!("You are a {desc}."));
    if !said.contains(WELCOME) || !ch.description().as_ref().is_none_or(plays) {
        bail!(
            "the game did not start a game as a {} {} {} {} named {}; it said:\n{}",
            ch.align,
            ch.gender,
            ch.race,
            ch.role,
            ch.name,
            screen
        );
    }
    Ok(())
}

/// The text of the game's screen when, started with `ch` and the engine's options in a scratch
/// playground, it first waits for a key (or exits).
pub fn first_screen(ch: &Character, cache: &Path) -> Result<String> {
    let scratch = crate::install::mkdtemp(&std::env::temp_dir().join("nhbot-preflight-XXXXXX"))?;
    let mut cfg = GameConfig::new(scratch.join("game"));
    cfg.character = ch.clone();
    cfg.cache = cache.to_path_buf();
    cfg.seed = Some(1); // a fixed clock: no full-moon or Friday-13th message before the welcome
    let out = first_output(&cfg);
    let _ = std::fs::remove_dir_all(&scratch);
    let mut term = vt100::Parser::new(24, 80, 0);
    term.process(&out?);
    let text = term.screen().contents();
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    Ok(lines.join("\n"))
}

/// What the game wrote until it first waited for a key (or exited).
fn first_output(cfg: &GameConfig) -> Result<Vec<u8>> {
    let mut game = Game::start(cfg).context("starting the game to check its options")?;
    let mut out = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    while game.wait(&mut out)? == Wait::Timeout && Instant::now() < deadline {}
    let _ = game.hangup(Duration::from_secs(5));
    Ok(out)
}
