//! What the shard directories hold: games done per shard, the shards that miss seeds, and the
//! progress line. Read from the results files the tasks append to, so it is right whatever the
//! scheduler remembers.

use anyhow::Result;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::record::{load_results, RESULTS_FILE};
use crate::report::ARMS;
use crate::seeds::Shard;

/// One shard's expected seeds and those its results files hold (in every arm).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardStatus {
    pub shard: Shard,
    pub seeds: Vec<u64>,
    /// Seeds with a result in every arm.
    pub done: Vec<u64>,
    /// Results lines of the shard's seeds, over the arms (a comparison plays each seed twice).
    pub games_done: usize,
}

impl ShardStatus {
    pub fn missing(&self) -> Vec<u64> {
        self.seeds
            .iter()
            .copied()
            .filter(|s| !self.done.contains(s))
            .collect()
    }

    pub fn complete(&self) -> bool {
        self.done.len() == self.seeds.len()
    }
}

/// The directories holding an arm's results.jsonl in a bench directory.
pub fn arm_dirs(dir: &Path, comparison: bool) -> Vec<PathBuf> {
    if comparison {
        ARMS.iter().map(|a| dir.join(a)).collect()
    } else {
        vec![dir.to_path_buf()]
    }
}

/// The seeds of `seeds` that have a result in every arm of bench directory `dir`, and the
/// number of results lines of those seeds over the arms.
pub fn seeds_done(dir: &Path, seeds: &[u64], comparison: bool) -> Result<(Vec<u64>, usize)> {
    let mut games = 0;
    let mut done: Vec<u64> = seeds.to_vec();
    for arm in arm_dirs(dir, comparison) {
        let have = load_results(&arm.join(RESULTS_FILE))?.seeds();
        games += seeds.iter().filter(|s| have.contains(s)).count();
        done.retain(|s| have.contains(s));
    }
    Ok((done, games))
}

/// The status of every shard `1..=tasks` of `seeds` under `out` (`out/shard-i-of-n/`).
pub fn shard_statuses(
    out: &Path,
    seeds: &[u64],
    tasks: u32,
    comparison: bool,
) -> Result<Vec<ShardStatus>> {
    (1..=tasks)
        .map(|index| {
            let shard = Shard {
                index,
                count: tasks,
            };
            let seeds = shard.select(seeds);
            let (done, games_done) = seeds_done(&out.join(shard.dir_name()), &seeds, comparison)?;
            Ok(ShardStatus {
                shard,
                seeds,
                done,
                games_done,
            })
        })
        .collect()
}

/// Counts for the progress line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Watched tasks that ended (any way), of `shards`.
    pub shards_ended: usize,
    pub shards: usize,
    pub running: usize,
    pub pending: usize,
    pub games_done: usize,
    pub games: usize,
}

/// The remaining time at the rate games finished since following began; none before one did.
pub fn eta(games_at_start: usize, counts: &Counts, elapsed: Duration) -> Option<Duration> {
    let finished = counts.games_done.saturating_sub(games_at_start);
    if finished == 0 {
        return None;
    }
    let per_game = elapsed.as_secs_f64() / finished as f64;
    let left = counts.games.saturating_sub(counts.games_done);
    Some(Duration::from_secs_f64(per_game * left as f64))
}

pub fn progress_line(counts: &Counts, elapsed: Duration, eta: Option<Duration>) -> String {
    let eta = eta.map_or("?".to_string(), |d| {
        let s = d.as_secs();
        format!("{}m{:02}s", s / 60, s % 60)
    });
    format!(
        "shards {}/{} done ({} running, {} pending), games {}/{} done, {:.0}s elapsed, ETA {eta}",
        counts.shards_ended,
        counts.shards,
        counts.running,
        counts.pending,
        counts.games_done,
        counts.games,
        elapsed.as_secs_f64()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_results(dir: &Path, seeds: &[u64]) {
        std::fs::create_dir_all(dir).unwrap();
        let text: String = seeds
            .iter()
            .map(|s| format!("{{\"seed\":{s},\"score\":{}}}\n", s * 10))
            .collect();
        std::fs::write(dir.join(RESULTS_FILE), text).unwrap();
    }

    #[test]
    fn shards_missing_seeds_are_found_from_their_results() {
        let tmp = tempfile::tempdir().unwrap();
        let seeds: Vec<u64> = (1..=8).collect();
        // Shard 1/4 = seeds 1, 5 (done); 2/4 = 2, 6 (one done); 3/4 never ran; 4/4 = 4, 8 done,
        // with a stray seed of another run that must not count.
        write_results(&tmp.path().join("shard-1-of-4"), &[1, 5]);
        write_results(&tmp.path().join("shard-2-of-4"), &[6]);
        write_results(&tmp.path().join("shard-4-of-4"), &[8, 4, 99]);
        let st = shard_statuses(tmp.path(), &seeds, 4, false).unwrap();
        let summary: Vec<(u32, bool, Vec<u64>, usize)> = st
            .iter()
            .map(|s| (s.shard.index, s.complete(), s.missing(), s.games_done))
            .collect();
        assert_eq!(
            summary,
            vec![
                (1, true, vec![], 2),
                (2, false, vec![2], 1),
                (3, false, vec![3, 7], 0),
                (4, true, vec![], 2),
            ]
        );
    }

    #[test]
    fn a_comparison_seed_is_done_when_both_arms_have_it() {
        let tmp = tempfile::tempdir().unwrap();
        let shard = tmp.path().join("shard-1-of-1");
        write_results(&shard.join("a"), &[1, 2, 3]);
        write_results(&shard.join("b"), &[1, 3]);
        let st = shard_statuses(tmp.path(), &[1, 2, 3], 1, true).unwrap();
        assert_eq!((st[0].missing(), st[0].games_done), (vec![2], 5));
    }

    #[test]
    fn the_eta_uses_the_games_finished_while_following() {
        let counts = Counts {
            games_done: 6,
            games: 10,
            ..Counts::default()
        };
        // 2 of the 6 were done before; 4 in 40 s is 10 s a game, 4 left.
        assert_eq!(
            eta(2, &counts, Duration::from_secs(40)),
            Some(Duration::from_secs(40))
        );
        assert_eq!(eta(6, &counts, Duration::from_secs(40)), None);
        let line = progress_line(
            &Counts {
                shards_ended: 1,
                shards: 4,
                running: 2,
                pending: 1,
                ..counts
            },
            Duration::from_secs(40),
            Some(Duration::from_secs(75)),
        );
        assert_eq!(
            line,
            "shards 1/4 done (2 running, 1 pending), games 6/10 done, 40s elapsed, ETA 1m15s"
        );
    }
}
