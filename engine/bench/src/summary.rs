//! A bench's summary: distributions of the headline metrics, end reasons and death causes.

use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write;

use crate::record::Record;
use crate::stats::Dist;

/// Reads one metric of a game, if its line carries it.
pub type Metric = fn(&Record) -> Option<f64>;

/// The metrics of the summary table, in order: (name, value of one game).
pub const METRICS: [(&str, Metric); 6] = [
    ("score", |r| r.score),
    ("turns", |r| r.turns),
    ("max depth", |r| r.max_depth),
    ("experience level", |r| r.xl),
    ("actions/s", |r| r.actions_per_s),
    ("squares explored", Record::squares_explored),
];

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub games: usize,
    /// Brains named by the results lines (one unless files were mixed).
    pub brains: Vec<String>,
    /// (metric, distribution over the games that carry it); metrics no game carries are absent.
    pub metrics: Vec<(String, Dist)>,
    /// (cause, games), most frequent first, ties by name.
    pub causes: Vec<(String, usize)>,
    /// Games whose line carries an error.
    pub errors: usize,
}

impl Summary {
    pub fn of(records: &[Record]) -> Summary {
        let metrics = METRICS
            .iter()
            .filter_map(|(name, get)| {
                let d = Dist::of(records.iter().filter_map(get).collect())?;
                Some((name.to_string(), d))
            })
            .collect();
        let mut causes: BTreeMap<String, usize> = BTreeMap::new();
        for r in records {
            *causes.entry(r.cause()).or_default() += 1;
        }
        let mut causes: Vec<(String, usize)> = causes.into_iter().collect();
        causes.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let mut brains: Vec<String> = records.iter().filter_map(|r| r.brain.clone()).collect();
        brains.sort();
        brains.dedup();
        Summary {
            games: records.len(),
            brains,
            metrics,
            causes,
            errors: records.iter().filter(|r| r.error.is_some()).count(),
        }
    }

    pub fn metric(&self, name: &str) -> Option<&Dist> {
        self.metrics.iter().find(|(n, _)| n == name).map(|(_, d)| d)
    }

    /// The metric table in markdown.
    pub fn metrics_markdown(&self) -> String {
        let mut s = String::from(
            "| metric | games | median | mean | p10 | p90 | min | max |\n|---|---:|---:|---:|---:|---:|---:|---:|\n",
        );
        for (name, d) in &self.metrics {
            let _ = writeln!(
                s,
                "| {name} | {} | {} | {} | {} | {} | {} | {} |",
                d.n,
                num(d.median),
                num(d.mean),
                num(d.p10),
                num(d.p90),
                num(d.min),
                num(d.max)
            );
        }
        s
    }

    /// The cause table in markdown.
    pub fn causes_markdown(&self) -> String {
        let mut s = String::from("| cause | games | share |\n|---|---:|---:|\n");
        for (cause, n) in &self.causes {
            let share = 100.0 * *n as f64 / self.games.max(1) as f64;
            let _ = writeln!(s, "| {} | {n} | {share:.0}% |", cause.replace('|', "\\|"));
        }
        s
    }
}

/// Whole numbers plainly, others with one decimal (turns and scores do not need more).
pub fn num(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}
