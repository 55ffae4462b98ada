//! Paired comparison of two brains on the same seeds: per seed, B − A.

use serde::Serialize;
use std::collections::HashMap;
use std::fmt::Write;

use crate::record::Record;
use crate::stats::{bootstrap_mean_ci, mean, BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED};
use crate::summary::{num, Metric};

/// B against A on one metric over the seeds both have it for.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairedMetric {
    pub metric: String,
    pub pairs: usize,
    /// Seeds where B is higher / lower / equal.
    pub wins: usize,
    pub losses: usize,
    pub ties: usize,
    pub mean_diff: f64,
    /// Bootstrap 95% interval of the mean difference (deterministic RNG seed).
    pub ci95: (f64, f64),
}

impl PairedMetric {
    /// `None` when no seed has the metric on both sides.
    pub fn of(metric: &str, a: &[Record], b: &[Record], get: Metric) -> Option<PairedMetric> {
        let by_seed: HashMap<u64, f64> = a.iter().filter_map(|r| Some((r.seed, get(r)?))).collect();
        let mut pairs: Vec<(u64, f64)> = b
            .iter()
            .filter_map(|r| Some((r.seed, get(r)? - by_seed.get(&r.seed)?)))
            .collect();
        // Seed order, so the bootstrap sees the same sequence however the files were ordered.
        pairs.sort_by_key(|p| p.0);
        let diffs: Vec<f64> = pairs.into_iter().map(|p| p.1).collect();
        Some(PairedMetric {
            metric: metric.to_string(),
            pairs: diffs.len(),
            wins: diffs.iter().filter(|d| **d > 0.0).count(),
            losses: diffs.iter().filter(|d| **d < 0.0).count(),
            ties: diffs.iter().filter(|d| **d == 0.0).count(),
            mean_diff: mean(&diffs)?,
            ci95: bootstrap_mean_ci(&diffs, BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED)?,
        })
    }
}

/// The comparison report's metrics: depth and score (the issue's), plus turns survived.
pub fn compare(a: &[Record], b: &[Record]) -> Vec<PairedMetric> {
    let metrics: [(&str, Metric); 3] = [
        ("max depth", |r| r.max_depth),
        ("score", |r| r.score),
        ("turns", |r| r.turns),
    ];
    metrics
        .iter()
        .filter_map(|(name, get)| PairedMetric::of(name, a, b, *get))
        .collect()
}

pub fn compare_markdown(rows: &[PairedMetric]) -> String {
    let mut s = String::from(
        "| metric | pairs | B wins | B loses | ties | mean B − A | 95% CI (bootstrap) |\n|---|---:|---:|---:|---:|---:|---|\n",
    );
    for r in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | [{}, {}] |",
            r.metric,
            r.pairs,
            r.wins,
            r.losses,
            r.ties,
            num(r.mean_diff),
            num(r.ci95.0),
            num(r.ci95.1)
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(seed: u64, depth: f64, score: Option<f64>) -> Record {
        Record {
            seed,
            max_depth: Some(depth),
            score,
            ..Record::default()
        }
    }

    #[test]
    fn pairs_only_shared_seeds_and_counts_outcomes() {
        let a = vec![
            rec(1, 1.0, Some(10.0)),
            rec(2, 3.0, Some(50.0)),
            rec(3, 2.0, None),
            rec(9, 1.0, None),
        ];
        let b = vec![
            rec(3, 2.0, Some(7.0)),
            rec(2, 1.0, Some(80.0)),
            rec(1, 4.0, Some(10.0)),
        ];
        let rows = compare(&a, &b);
        let depth = &rows[0];
        // diffs by seed: 1 → +3, 2 → −2, 3 → 0
        assert_eq!(
            (depth.pairs, depth.wins, depth.losses, depth.ties),
            (3, 1, 1, 1)
        );
        assert!((depth.mean_diff - 1.0 / 3.0).abs() < 1e-12);
        assert!(depth.ci95.0 <= depth.mean_diff && depth.mean_diff <= depth.ci95.1);
        let score = &rows[1];
        // seed 3 has no score on side A: pairs are seeds 1 (0) and 2 (+30)
        assert_eq!(
            (score.pairs, score.wins, score.ties, score.mean_diff),
            (2, 1, 1, 15.0)
        );
        assert_eq!(score.ci95, (0.0, 30.0));
    }
}
