//! `nhbot replay FILE`: a recording through the same scraper, offline.

use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

use nhbot_game::ttyrec::read_frames;
use nhbot_screen::{scrape, Terminal};

#[derive(Args, Clone, Debug)]
pub struct ReplayArgs {
    pub file: PathBuf,
    /// Print every distinct top-line message and prompt as it appears.
    #[arg(long)]
    pub verbose: bool,
    /// Print the final screen.
    #[arg(long)]
    pub screen: bool,
}

pub fn run(args: ReplayArgs) -> Result<i32> {
    let frames = read_frames(&args.file)?;
    let mut term = Terminal::new();
    let mut last_top = String::new();
    let mut messages = 0usize;
    let mut prompts = 0usize;
    let mut last = None;
    for f in &frames {
        term.feed(&f.bytes);
        let frame = scrape(&term.screen());
        if frame.top_line != last_top {
            last_top = frame.top_line.clone();
            messages += frame.messages.len();
            if args.verbose {
                for m in &frame.messages {
                    println!("msg: {m}");
                }
                if let Some(p) = &frame.prompt {
                    println!("prompt: {p:?}");
                }
            }
            prompts += frame.prompt.is_some() as usize;
        }
        last = Some(frame);
    }
    println!(
        "{} frames, {messages} messages, {prompts} prompts",
        frames.len()
    );
    if let Some(f) = last {
        if let Some(s) = &f.status {
            println!(
                "last status: {} Dlvl:{} HP:{}({}) T:{}",
                s.name_title,
                s.dlvl,
                s.hp,
                s.hp_max,
                s.turn.unwrap_or(0)
            );
        }
        if let Some(g) = &f.game_over {
            println!("game over: {g:?}");
        }
    }
    if args.screen {
        println!("{}", term.screen().text());
    }
    Ok(0)
}
