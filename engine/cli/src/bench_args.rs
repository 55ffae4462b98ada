//! The options of `nhbot bench games`, shared with `nhbot bench slurm` (each array task runs
//! `bench games` with the same options).

use clap::Args;
use nhbot_bench::Shard;
use std::path::PathBuf;

#[derive(Args, Clone, Debug)]
pub struct GamesArgs {
    /// The behavior tree to play with.
    #[arg(long, default_value = "trees/main.yaml")]
    pub tree: PathBuf,
    /// Use the built-in trivial bot instead of a tree.
    #[arg(long)]
    pub trivial: bool,
    /// Also play the same seeds with this tree and compare, paired (results in OUT/a and OUT/b).
    #[arg(long)]
    pub vs: Option<PathBuf>,
    /// Seeds: inclusive ranges and lists, e.g. 1..200 or 1..10,42.
    #[arg(long, default_value = "1..40")]
    pub seeds: String,
    /// Games at once (default: one per core).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Quit each game at this turn.
    #[arg(long)]
    pub max_turns: Option<i64>,
    /// Quit each game after this many decisions.
    #[arg(long)]
    pub max_actions: Option<u64>,
    /// Output directory; a rerun into it plays only the seeds missing from its results.
    #[arg(long)]
    pub out: PathBuf,
    /// Play only shard i of n (1-based: seed positions ≡ i-1 mod n), into OUT/shard-i-of-n.
    #[arg(long)]
    pub shard: Option<Shard>,
    /// Every N decisions, write the world decided on into the game's directory (worlds/), for
    /// `nhbot bench tree --worlds`.
    #[arg(long, value_name = "N")]
    pub world_snapshots: Option<u64>,
    /// Let the scheduler place the games: by default, when the games at once fill the CPUs,
    /// each worker thread and the games it plays share one core (a hand-over between them is
    /// then a local switch, not a wake-up of another core).
    #[arg(long)]
    pub no_pin: bool,
}
