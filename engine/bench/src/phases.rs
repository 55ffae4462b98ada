//! The plan phases of a bench: per phase, how many games reached it (it became active) and
//! completed it (its `done` held), from the `phases` list of each results line.

use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write;

use crate::record::Record;
use crate::stats::Dist;
use crate::summary::num;

/// One phase over the games of a bench.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PhaseRow {
    pub name: String,
    pub reached: usize,
    pub completed: usize,
    /// Median game turn it was first reached / completed at, over the games that did.
    pub median_reached: Option<f64>,
    pub median_completed: Option<f64>,
}

/// The phases named by any game, in plan order as the games met them (by the median turn a
/// game first met the phase, reached or completed; ties by name).
pub fn phase_rows(records: &[Record]) -> Vec<PhaseRow> {
    #[derive(Default)]
    struct Seen {
        reached: Vec<f64>,
        completed: Vec<f64>,
        met: Vec<f64>,
    }
    let mut by_name: BTreeMap<&str, Seen> = BTreeMap::new();
    for r in records {
        for p in &r.phases {
            let seen = by_name.entry(p.name.as_str()).or_default();
            seen.reached.extend(p.reached.map(|t| t as f64));
            seen.completed.extend(p.completed.map(|t| t as f64));
            seen.met.extend(p.reached.or(p.completed).map(|t| t as f64));
        }
    }
    let median = |v: &Vec<f64>| Dist::of(v.clone()).map(|d| d.median);
    let mut rows: Vec<(f64, PhaseRow)> = by_name
        .into_iter()
        .map(|(name, seen)| {
            let order = median(&seen.met).unwrap_or(f64::MAX);
            let row = PhaseRow {
                name: name.to_string(),
                reached: seen.reached.len(),
                completed: seen.completed.len(),
                median_reached: median(&seen.reached),
                median_completed: median(&seen.completed),
            };
            (order, row)
        })
        .collect();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.name.cmp(&b.1.name)));
    rows.into_iter().map(|(_, row)| row).collect()
}

/// The phase table in markdown (shares of all `games`); empty when no game followed a plan.
pub fn phases_markdown(rows: &[PhaseRow], games: usize) -> String {
    if rows.is_empty() {
        return String::new();
    }
    let share = |n: usize| 100.0 * n as f64 / games.max(1) as f64;
    let turn = |t: Option<f64>| t.map_or("-".into(), num);
    let mut s = String::from(
        "| phase | games reached | share | games completed | share | median turn reached | median turn completed |\n\
         |---|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {:.0}% | {} | {:.0}% | {} | {} |",
            r.name.replace('|', "\\|"),
            r.reached,
            share(r.reached),
            r.completed,
            share(r.completed),
            turn(r.median_reached),
            turn(r.median_completed)
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_are_counted_per_game_in_the_order_games_meet_them() {
        let lines = [
            r#"{"seed":1,"phases":[{"name":"minetown","reached":2000,"completed":3000},{"name":"sokoban","reached":3000}]}"#,
            r#"{"seed":2,"phases":[{"name":"minetown","reached":1000},{"name":"dlvl1","completed":1}]}"#,
            r#"{"seed":3,"phases":[{"name":"minetown","reached":4000,"completed":5000}]}"#,
            // A line without phases (no plan, or an older engine) counts in the shares only.
            r#"{"seed":4}"#,
        ];
        let records: Vec<Record> = lines.iter().map(|l| Record::parse(l).unwrap()).collect();
        let rows = phase_rows(&records);
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["dlvl1", "minetown", "sokoban"]);
        assert_eq!(
            rows[1],
            PhaseRow {
                name: "minetown".into(),
                reached: 3,
                completed: 2,
                median_reached: Some(2000.0),
                median_completed: Some(4000.0),
            }
        );
        assert_eq!((rows[0].reached, rows[0].completed), (0, 1));
        let md = phases_markdown(&rows, records.len());
        assert!(
            md.contains("| minetown | 3 | 75% | 2 | 50% | 2000 | 4000 |"),
            "{md}"
        );
        assert!(md.contains("| dlvl1 | 0 | 0% | 1 | 25% | - | 1 |"), "{md}");
        assert_eq!(phases_markdown(&[], 4), "");
    }

    #[test]
    fn the_report_has_a_phase_table_only_when_games_followed_a_plan() {
        let dir = tempfile::tempdir().unwrap();
        let results = dir.path().join(crate::record::RESULTS_FILE);
        std::fs::write(
            &results,
            "{\"seed\":1,\"phases\":[{\"name\":\"dungeons\",\"reached\":1}]}\n{\"seed\":2}\n",
        )
        .unwrap();
        crate::report::report(dir.path()).unwrap();
        let md = std::fs::read_to_string(dir.path().join(crate::report::REPORT_FILE)).unwrap();
        assert!(md.contains("## Plan phases"), "{md}");
        assert!(
            md.contains("| dungeons | 1 | 50% | 0 | 0% | 1 | - |"),
            "{md}"
        );
        std::fs::write(&results, "{\"seed\":1}\n").unwrap();
        crate::report::report(dir.path()).unwrap();
        let md = std::fs::read_to_string(dir.path().join(crate::report::REPORT_FILE)).unwrap();
        assert!(!md.contains("Plan phases"), "{md}");
    }
}
