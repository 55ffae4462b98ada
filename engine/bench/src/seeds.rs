//! Seed lists (`1..200`, `5,9,20..30`) and shards (`--shard i/n`).

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Parses a seed list: comma-separated seeds and inclusive ranges `a..b` (also `a..=b`), in the
/// order given, duplicates dropped. `1..40` is the 40 seeds 1, 2, …, 40.
pub fn parse_seeds(spec: &str) -> Result<Vec<u64>> {
    let mut seeds = Vec::new();
    for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let num = |s: &str| -> Result<u64> {
            s.trim()
                .parse()
                .with_context(|| format!("seed list {spec:?}: {s:?} is not a seed"))
        };
        match part.split_once("..") {
            Some((a, b)) => {
                let (a, b) = (num(a)?, num(b.trim_start_matches('='))?);
                if b < a {
                    bail!("seed list {spec:?}: range {part} is empty");
                }
                if b - a >= 10_000_000 {
                    bail!("seed list {spec:?}: range {part} is too long");
                }
                seeds.extend(a..=b);
            }
            None => seeds.push(num(part)?),
        }
    }
    if seeds.is_empty() {
        bail!("seed list {spec:?} names no seed");
    }
    let mut seen = std::collections::HashSet::new();
    seeds.retain(|s| seen.insert(*s));
    Ok(seeds)
}

/// Shard `index` of `count` (1-based, as Slurm array ids and `i/n` read): the seeds whose
/// position in the list is `index - 1` modulo `count`. Every seed is in exactly one shard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    pub fn select(&self, seeds: &[u64]) -> Vec<u64> {
        seeds
            .iter()
            .enumerate()
            .filter(|(i, _)| *i as u64 % self.count as u64 == (self.index - 1) as u64)
            .map(|(_, s)| *s)
            .collect()
    }

    /// The shard's own output directory name under `--out`.
    pub fn dir_name(&self) -> String {
        format!("shard-{}-of-{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = anyhow::Error;

    fn from_str(s: &str) -> Result<Shard> {
        let (i, n) = s
            .split_once('/')
            .with_context(|| format!("shard {s:?}: expected i/n, e.g. 3/10"))?;
        let index: u32 = i.trim().parse().with_context(|| format!("shard {s:?}"))?;
        let count: u32 = n.trim().parse().with_context(|| format!("shard {s:?}"))?;
        if count == 0 || index == 0 || index > count {
            bail!("shard {s:?}: need 1 ≤ i ≤ n (shards are numbered from 1)");
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_inclusive_and_lists_mix() {
        assert_eq!(parse_seeds("1..5").unwrap(), vec![1, 2, 3, 4, 5]);
        assert_eq!(parse_seeds("1..=3").unwrap(), vec![1, 2, 3]);
        assert_eq!(parse_seeds("9, 2..3,2").unwrap(), vec![9, 2, 3]);
        assert!(parse_seeds("5..1").is_err());
        assert!(parse_seeds("x").is_err());
        assert!(parse_seeds("").is_err());
    }

    #[test]
    fn shards_partition_the_seeds() {
        let seeds = parse_seeds("1..10").unwrap();
        let shards: Vec<Vec<u64>> = (1..=3)
            .map(|i| Shard { index: i, count: 3 }.select(&seeds))
            .collect();
        assert_eq!(shards[0], vec![1, 4, 7, 10]);
        assert_eq!(shards[1], vec![2, 5, 8]);
        assert_eq!(shards[2], vec![3, 6, 9]);
        assert_eq!(
            "2/3".parse::<Shard>().unwrap(),
            Shard { index: 2, count: 3 }
        );
        assert!("0/3".parse::<Shard>().is_err());
        assert!("4/3".parse::<Shard>().is_err());
        assert!("3".parse::<Shard>().is_err());
    }
}
