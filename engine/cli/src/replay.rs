//! `nhbot replay FILE`: a recording through the same scraper, offline.

use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Clone, Debug)]
pub struct ReplayArgs {
    pub file: PathBuf,
    /// Print every message (with the turn it appeared on) and prompt as it appears.
    #[arg(long)]
    pub verbose: bool,
    /// Print the final screen.
    #[arg(long)]
    pub screen: bool,
    /// Stop at the first frame showing this game turn (or later) and print its screen.
    #[arg(long, value_name = "TURN")]
    pub until_turn: Option<u64>,
}

pub fn run(args: ReplayArgs) -> Result<i32> {
    let r = nhbot_agent::replay::replay_until(&args.file, args.until_turn)?;
    if args.verbose {
        for (m, turn) in r.messages.iter().zip(&r.message_turns) {
            match turn {
                Some(t) => println!("msg: [T{t}] {m}"),
                None => println!("msg: {m}"),
            }
        }
        for p in &r.prompts {
            println!("prompt: {p:?}");
        }
    }
    println!(
        "{} frames, {} messages, {} prompts",
        r.frames,
        r.messages.len(),
        r.prompts.len()
    );
    if let Some(at) = r.cut_at {
        println!("the recording was cut at byte {at}: its torn last frame was left out");
    }
    if let Some(s) = &r.last_status {
        println!(
            "last status: {} {} HP:{}({}) T:{}",
            s.name_title,
            s.level_name,
            s.hp,
            s.hp_max,
            s.turn.unwrap_or(0)
        );
    }
    if let Some(g) = &r.last.game_over {
        println!("game over: {g:?}");
    }
    if args.screen || args.until_turn.is_some() {
        println!("{}", r.terminal.screen().text());
    }
    Ok(0)
}
