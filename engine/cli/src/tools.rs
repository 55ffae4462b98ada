//! `nhbot check`, `nhbot kb`, `nhbot sokoban solve`: the engine's parts without a game.

use anyhow::{bail, Result};
use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args, Clone, Debug)]
pub struct CheckArgs {
    /// Tree files, Lua scripts or folders (default: trees/ and scripts/).
    pub files: Vec<PathBuf>,
}

/// Validates trees and scripts; prints `file:line:col: error: message`; exit 1 on any error.
pub fn check(args: CheckArgs) -> Result<i32> {
    let files = if args.files.is_empty() {
        vec![PathBuf::from("trees"), PathBuf::from("scripts")]
    } else {
        args.files
    };
    let diags = nhbot_bt::check(&nhbot_skills::registry(), &files);
    let errors = diags
        .iter()
        .filter(|d| d.severity == nhbot_bt::Severity::Error)
        .count();
    for d in &diags {
        println!("{d}");
    }
    if errors == 0 {
        println!(
            "ok: {} checked, no errors",
            files
                .iter()
                .map(|f| f.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        Ok(0)
    } else {
        println!("{errors} error(s)");
        Ok(1)
    }
}

#[derive(Args, Clone, Debug)]
pub struct KbArgs {
    /// A game's fact log (JSON lines), e.g. runs/games/<game>/facts.jsonl.
    #[arg(long)]
    pub game: Option<PathBuf>,
    /// A hand-written YAML fact file (see data/kb-examples/).
    #[arg(long)]
    pub facts: Option<PathBuf>,
    /// A table of every seen appearance.
    #[arg(long)]
    pub all: bool,
    /// The appearance to explain, e.g. "bubbly potion".
    pub appearance: Option<String>,
}

pub fn kb(args: KbArgs) -> Result<i32> {
    let out = nhbot_kb::run_cli(nhbot_kb::KbArgs {
        game: args.game,
        facts: args.facts,
        all: args.all,
        appearance: args.appearance,
    })?;
    print!("{out}");
    Ok(0)
}

#[derive(Subcommand, Clone, Debug)]
pub enum SokobanCommand {
    /// Solve the puzzles in a file: XSB (`#$.@*+`) or NetHack-style (`0` boulder, `^` hole, `<` goal).
    Solve {
        file: PathBuf,
        /// Give up on a level after this many seconds.
        #[arg(long, default_value_t = 10.0)]
        seconds: f64,
        /// Give up after this many search nodes.
        #[arg(long)]
        nodes: Option<usize>,
        /// After each level, say what each search did: its states by tier (holes still
        /// open) and the state it got nearest the goal, as a map to solve on its own.
        #[arg(long)]
        explain: bool,
    },
}

pub fn sokoban(cmd: SokobanCommand) -> Result<i32> {
    match cmd {
        SokobanCommand::Solve {
            file,
            seconds,
            nodes,
            explain,
        } => {
            let Ok(max_time) = Duration::try_from_secs_f64(seconds) else {
                bail!("--seconds {seconds}: expected a number of seconds, 0 or more");
            };
            let mut limits = nhbot_sokoban::Limits {
                max_time,
                ..Default::default()
            };
            if let Some(n) = nodes {
                limits.max_nodes = n;
            }
            let mut failed = 0;
            for puzzle in nhbot_sokoban::read_levels(&file)? {
                let title = &puzzle.title;
                let (result, explained) = if explain {
                    nhbot_sokoban::solve_explained(&puzzle, limits)
                } else {
                    (nhbot_sokoban::solve(&puzzle, limits), Default::default())
                };
                match result {
                    Ok(solution) => println!("{title}: {solution}"),
                    Err(e) => {
                        failed += 1;
                        println!("{title}: {e}");
                    }
                }
                print!("{explained}");
            }
            Ok(if failed == 0 { 0 } else { 1 })
        }
    }
}
