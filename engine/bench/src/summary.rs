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
    /// (what the hero was doing at the end, games) over the games that ended by themselves
    /// and carry the dungeon field (newer lines): "-" when nothing.
    pub helpless: Vec<(String, usize)>,
    /// (dungeon the game ended in, games).
    pub dungeons: Vec<(String, usize)>,
}

/// Counts, most frequent first, ties by name.
fn tally(values: impl Iterator<Item = String>) -> Vec<(String, usize)> {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for v in values {
        *counts.entry(v).or_default() += 1;
    }
    let mut counts: Vec<(String, usize)> = counts.into_iter().collect();
    counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    counts
}

fn count_table(s: &mut String, title: &str, head: &str, rows: &[(String, usize)]) {
    let total: usize = rows.iter().map(|(_, n)| n).sum();
    let _ = write!(
        s,
        "\n### {title}\n\n| {head} | games | share |\n|---|---:|---:|\n"
    );
    for (what, n) in rows {
        let share = 100.0 * *n as f64 / total.max(1) as f64;
        let _ = writeln!(s, "| {} | {n} | {share:.0}% |", what.replace('|', "\\|"));
    }
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
        let ended = || records.iter().filter(|r| r.death_dungeon.is_some());
        Summary {
            games: records.len(),
            brains,
            metrics,
            causes,
            errors: records.iter().filter(|r| r.error.is_some()).count(),
            helpless: tally(ended().map(|r| r.helpless.clone().unwrap_or_else(|| "-".into()))),
            dungeons: tally(ended().filter_map(|r| r.death_dungeon.clone())),
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
        if !self.dungeons.is_empty() {
            count_table(&mut s, "Where games ended", "dungeon", &self.dungeons);
            count_table(
                &mut s,
                "What the hero was doing (the game's `while`)",
                "state",
                &self.helpless,
            );
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn where_and_how_helpless_games_ended_are_counted() {
        let lines = [
            r#"{"seed":1,"death":"killed by a newt","helpless":"fainted from lack of food","death_dungeon":"The Dungeons of Doom"}"#,
            r#"{"seed":2,"death":"killed by a dwarf","death_dungeon":"The Gnomish Mines"}"#,
            r#"{"seed":3,"death":"killed by a jackal","helpless":"fainted from lack of food","death_dungeon":"The Dungeons of Doom"}"#,
            // An older line without the fields counts in neither table.
            r#"{"seed":4,"death":"killed by a rat"}"#,
        ];
        let records: Vec<Record> = lines.iter().map(|l| Record::parse(l).unwrap()).collect();
        let s = Summary::of(&records);
        assert_eq!(
            s.dungeons,
            vec![
                ("The Dungeons of Doom".to_string(), 2),
                ("The Gnomish Mines".to_string(), 1)
            ]
        );
        assert_eq!(
            s.helpless,
            vec![
                ("fainted from lack of food".to_string(), 2),
                ("-".to_string(), 1)
            ]
        );
        let md = s.causes_markdown();
        assert!(
            md.contains("| fainted from lack of food | 2 | 67% |"),
            "{md}"
        );
        assert!(md.contains("| The Gnomish Mines | 1 | 33% |"), "{md}");
    }
}
