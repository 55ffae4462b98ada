//! Dungeon milestones over the games of a bench, from the `milestones` object of each results
//! line (the first turn each was reached and the experience level then): how many games
//! entered the Mines, reached Minetown, the Oracle, the Sokoban entrance, entered Sokoban,
//! solved each of its levels, took its prize, reached Mines' End, the Big Room, the quest
//! portal level, Medusa and the Castle, with the median turn and XL when they did.
//!
//! The table folds Sokoban's progress in (entered, each level solved, the prize): results lines
//! with a `milestones` object show it in place of the older "Sokoban progress" table, which is
//! kept for benches whose lines predate milestones.

use nhbot_agent::Milestone;
use serde_json::Value;
use std::fmt::Write;

use crate::record::Record;
use crate::stats::Dist;
use crate::summary::num;

/// One milestone over the games of a bench.
#[derive(Clone, Debug, PartialEq)]
pub struct MilestoneRow {
    pub milestone: Milestone,
    /// Games that reached it.
    pub games: usize,
    /// Median turn / experience level when reached, over the games that did.
    pub median_turn: Option<f64>,
    pub median_xl: Option<f64>,
}

/// Whether a results line carries milestones (lines written before them do not).
fn has_milestones(record: &Record) -> bool {
    record.raw.get("milestones").is_some_and(Value::is_object)
}

/// Every milestone, in game order, over `records` (games without the field count as not
/// reaching any).
pub fn milestone_rows(records: &[Record]) -> Vec<MilestoneRow> {
    Milestone::ALL
        .iter()
        .map(|&milestone| {
            let reached: Vec<&Value> = records
                .iter()
                .filter_map(|r| r.raw.get("milestones")?.get(milestone.key()))
                .filter(|m| m.is_object())
                .collect();
            let median = |field: &str| {
                let values = reached.iter().filter_map(|m| m.get(field)?.as_f64());
                Dist::of(values.collect()).map(|d| d.median)
            };
            MilestoneRow {
                milestone,
                games: reached.len(),
                median_turn: median("turn"),
                median_xl: median("xl"),
            }
        })
        .collect()
}

/// The report's "Dungeon milestones" section (shares of all games); for results lines without
/// milestones, the older "Sokoban progress" section instead.
pub fn milestones_section(records: &[Record]) -> String {
    if !records.iter().any(has_milestones) {
        return crate::sokoban_progress::sokoban_section(records);
    }
    let games = records.len();
    let share = |n: usize| 100.0 * n as f64 / games.max(1) as f64;
    let value = |t: Option<f64>| t.map_or("-".into(), num);
    let mut s = format!(
        "\n## Dungeon milestones\n\nGames that reached each milestone, of all {games} games, \
         with the median turn and experience level when they did (the first time, from the \
         world's facts in each results line; Sokoban's levels are numbered from the bottom).\n\n\
         | milestone | games reached | share | median turn | median XL |\n\
         |---|---:|---:|---:|---:|\n"
    );
    for row in milestone_rows(records) {
        let _ = writeln!(
            s,
            "| {} | {} | {:.0}% | {} | {} |",
            row.milestone.label(),
            row.games,
            share(row.games),
            value(row.median_turn),
            value(row.median_xl)
        );
    }
    s
}

/// Milestones in arm A and in arm B of a paired comparison; for results lines without
/// milestones, the older Sokoban progress side by side instead.
pub fn milestones_side_by_side(a: &[Record], b: &[Record]) -> String {
    if !a.iter().chain(b).any(has_milestones) {
        return crate::sokoban_progress::sokoban_side_by_side(a, b);
    }
    let mut s = String::from(
        "\n## Dungeon milestones side by side\n\n| milestone | A | B |\n|---|---:|---:|\n",
    );
    for (ra, rb) in milestone_rows(a).into_iter().zip(milestone_rows(b)) {
        let _ = writeln!(
            s,
            "| {} | {} of {} | {} of {} |",
            ra.milestone.label(),
            ra.games,
            a.len(),
            rb.games,
            b.len()
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(lines: &[&str]) -> Vec<Record> {
        lines.iter().map(|l| Record::parse(l).unwrap()).collect()
    }

    fn row(rows: &[MilestoneRow], m: Milestone) -> &MilestoneRow {
        rows.iter().find(|r| r.milestone == m).unwrap()
    }

    const LINES: [&str; 4] = [
        r#"{"seed":1,"milestones":{"mines":{"turn":900,"xl":4},"minetown":{"turn":2000,"xl":6},"mines_end":{"turn":9000,"xl":11}}}"#,
        r#"{"seed":2,"milestones":{"mines":{"turn":1100,"xl":5},"oracle":{"turn":3000,"xl":7},"sokoban":{"turn":3500,"xl":8},"sokoban_1":{"turn":4200,"xl":8}}}"#,
        r#"{"seed":3,"milestones":{}}"#,
        r#"{"seed":4}"#,
    ];

    #[test]
    fn games_medians_and_xl_per_milestone() {
        let rows = milestone_rows(&records(&LINES));
        assert_eq!(rows.len(), Milestone::ALL.len());
        assert_eq!(rows[0].milestone, Milestone::Mines, "game order");
        let mines = row(&rows, Milestone::Mines);
        assert_eq!(
            (mines.games, mines.median_turn, mines.median_xl),
            (2, Some(1000.0), Some(4.5))
        );
        let end = row(&rows, Milestone::MinesEnd);
        assert_eq!((end.games, end.median_xl), (1, Some(11.0)));
        let castle = row(&rows, Milestone::Castle);
        assert_eq!((castle.games, castle.median_turn), (0, None));
    }

    #[test]
    fn the_table_has_every_milestone_with_shares_of_all_games() {
        let md = milestones_section(&records(&LINES));
        assert!(md.contains("## Dungeon milestones"), "{md}");
        assert!(
            md.contains("| Gnomish Mines entered | 2 | 50% | 1000 | 4.5 |"),
            "{md}"
        );
        assert!(
            md.contains("| Minetown reached | 1 | 25% | 2000 | 6 |"),
            "{md}"
        );
        assert!(
            md.contains("| Sokoban level 1 solved | 1 | 25% | 4200 | 8 |"),
            "{md}"
        );
        assert!(
            md.contains("| Sokoban prize taken | 0 | 0% | - | - |"),
            "{md}"
        );
        assert!(
            md.contains("| Mines' End reached | 1 | 25% | 9000 | 11 |"),
            "{md}"
        );
        assert!(
            !md.contains("## Sokoban progress"),
            "Sokoban's rows are in the milestones table"
        );
        let side = milestones_side_by_side(&records(&LINES), &records(&LINES[2..]));
        assert!(
            side.contains("| Gnomish Mines entered | 2 of 4 | 0 of 2 |"),
            "{side}"
        );
    }

    #[test]
    fn old_lines_without_milestones_keep_the_sokoban_table() {
        let old = records(&[
            r#"{"seed":1,"phases":[{"name":"sokoban","reached":5}],"sokoban":{"entered":7,"solved":[1]}}"#,
            r#"{"seed":2}"#,
        ]);
        let md = milestones_section(&old);
        assert!(!md.contains("Dungeon milestones"), "{md}");
        assert!(md.contains("| level 1 solved | 1 | 50% | - |"), "{md}");
    }

    #[test]
    fn the_report_and_a_merge_keep_the_milestones() {
        let dir = tempfile::tempdir().unwrap();
        let (one, two, out) = (
            dir.path().join("shard-1-of-2"),
            dir.path().join("shard-2-of-2"),
            dir.path().join("all"),
        );
        for (shard, line) in [(&one, LINES[0]), (&two, LINES[1])] {
            std::fs::create_dir_all(shard).unwrap();
            std::fs::write(shard.join(crate::record::RESULTS_FILE), format!("{line}\n")).unwrap();
        }
        crate::report::merge(&out, &[one, two]).unwrap();
        let merged = crate::record::load_results(&out.join(crate::record::RESULTS_FILE)).unwrap();
        assert_eq!(
            merged.records[1].raw["milestones"]["sokoban_1"]["turn"], 4200,
            "the merged line keeps its milestones"
        );
        let md = std::fs::read_to_string(out.join(crate::report::REPORT_FILE)).unwrap();
        assert!(
            md.contains("| Sokoban entered | 1 | 50% | 3500 | 8 |"),
            "{md}"
        );
    }
}
