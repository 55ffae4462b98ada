//! `nhbot`: play NetHack with a behavior-tree bot, replay recordings, check trees, query the
//! knowledge base, solve Sokoban, run benchmarks. Thin: every command calls into the engine crates.

mod bench;
mod bench_args;
mod bench_slurm;
mod bench_worlds;
mod cpu;
mod docs;
mod play;
mod replay;
mod tools;

use clap::{Parser, Subcommand};

/// See the dependency's note in Cargo.toml.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "nhbot",
    version,
    about = "A behavior-tree bot engine for NetHack 3.6.6"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game on the real NetHack in a pty.
    Play(play::PlayArgs),
    /// Feed a ttyrec recording through the scraper offline.
    Replay(replay::ReplayArgs),
    /// Validate tree files and Lua scripts without a game (exit 1 on errors).
    Check(tools::CheckArgs),
    /// Query the item-identification knowledge base.
    Kb(tools::KbArgs),
    /// The Sokoban solver.
    #[command(subcommand)]
    Sokoban(tools::SokobanCommand),
    /// Regenerate generated documentation (the README's node catalogue, the Lua API's LuaLS file).
    Docs {
        /// Rewrite the catalogue section of this README.
        #[arg(long, default_value = "README.md")]
        write_readme: std::path::PathBuf,
        /// Rewrite this LuaLS definition file of the Lua API.
        #[arg(long, default_value = "scripts/nhbot.d.lua")]
        write_lua_defs: std::path::PathBuf,
    },
    /// Benchmarks (speed targets live here, not in tests).
    #[command(subcommand)]
    Bench(bench::BenchCommand),
}

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    if !matches!(cli.command, Command::Play(_)) {
        // Output piped into `head` ends the command quietly, as for any Unix tool, instead
        // of a panic in `println!`. Not while playing: the game must be saved, not killed.
        // SAFETY: sets a signal disposition before any thread starts; no handler runs.
        unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
    }
    let result = match cli.command {
        Command::Play(a) => play::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Check(a) => tools::check(a),
        Command::Kb(a) => tools::kb(a),
        Command::Sokoban(c) => tools::sokoban(c),
        Command::Docs {
            write_readme,
            write_lua_defs,
        } => docs::write_readme(&write_readme).and_then(|_| docs::write_lua_defs(&write_lua_defs)),
        Command::Bench(b) => bench::run(b),
    };
    match result {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("nhbot: {e:#}");
            std::process::exit(2);
        }
    }
}
