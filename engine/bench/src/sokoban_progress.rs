//! Sokoban progress over the games of a bench, from the `sokoban` object of each results line
//! (the world's facts: the turn Sokoban was entered, its levels solved counted from the bottom,
//! the turn the prize was picked up): how many games entered Sokoban, solved each of its four
//! levels, and took the prize. A table of the report, and side by side in a paired comparison.

use serde_json::Value;
use std::fmt::Write;

use crate::record::Record;
use crate::stats::Dist;
use crate::summary::num;

/// Sokoban over the games of a bench.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SokobanProgress {
    pub games: usize,
    pub entered: usize,
    /// Games that solved level 1 (the bottom) .. 4 (the top).
    pub solved: [usize; 4],
    pub prize: usize,
    /// Median turn Sokoban was entered / the prize taken, over the games that did.
    pub median_entered: Option<f64>,
    pub median_prize: Option<f64>,
    /// Some game followed a plan with a `sokoban` phase, or entered Sokoban.
    pub relevant: bool,
}

impl SokobanProgress {
    pub fn of(records: &[Record]) -> SokobanProgress {
        let mut p = SokobanProgress {
            games: records.len(),
            ..SokobanProgress::default()
        };
        let (mut entered, mut prize) = (Vec::new(), Vec::new());
        for r in records {
            p.relevant |= r.phases.iter().any(|ph| ph.name == "sokoban");
            let Some(s) = r.raw.get("sokoban").filter(|s| s.is_object()) else {
                continue;
            };
            p.relevant = true;
            if let Some(t) = s.get("entered").and_then(Value::as_f64) {
                p.entered += 1;
                entered.push(t);
            }
            let levels: Vec<u64> = s
                .get("solved")
                .and_then(Value::as_array)
                .map(|l| l.iter().filter_map(Value::as_u64).collect())
                .unwrap_or_default();
            for (n, count) in p.solved.iter_mut().enumerate() {
                if levels.contains(&(n as u64 + 1)) {
                    *count += 1;
                }
            }
            if let Some(t) = s.get("prize").and_then(Value::as_f64) {
                p.prize += 1;
                prize.push(t);
            }
        }
        p.median_entered = Dist::of(entered).map(|d| d.median);
        p.median_prize = Dist::of(prize).map(|d| d.median);
        p
    }

    /// (label, games) rows of the table, in the order a game meets them.
    fn rows(&self) -> Vec<(String, usize)> {
        let mut rows = vec![("entered Sokoban".to_string(), self.entered)];
        for (n, &count) in self.solved.iter().enumerate() {
            rows.push((format!("level {} solved", n + 1), count));
        }
        rows.push(("prize taken".to_string(), self.prize));
        rows
    }
}

/// The report's "Sokoban progress" section (shares of all games); empty when no game followed
/// a plan with a Sokoban phase nor entered Sokoban.
pub fn sokoban_section(records: &[Record]) -> String {
    let p = SokobanProgress::of(records);
    if !p.relevant {
        return String::new();
    }
    let share = |n: usize| 100.0 * n as f64 / p.games.max(1) as f64;
    let turn = |t: Option<f64>| t.map_or("-".into(), num);
    let mut s = format!(
        "\n## Sokoban progress\n\nGames that entered Sokoban, solved each of its levels (1 is \
         the bottom one, entered from the Dungeons) and took the prize, of all {} games \
         (from the world's facts in each results line).\n\n\
         | progress | games | share | median turn |\n|---|---:|---:|---:|\n",
        p.games
    );
    for (label, count) in p.rows() {
        let median = match label.as_str() {
            "entered Sokoban" => turn(p.median_entered),
            "prize taken" => turn(p.median_prize),
            _ => "-".into(),
        };
        let _ = writeln!(s, "| {label} | {count} | {:.0}% | {median} |", share(count));
    }
    s
}

/// Sokoban progress in arm A and in arm B of a paired comparison; empty when neither arm is
/// concerned.
pub fn sokoban_side_by_side(a: &[Record], b: &[Record]) -> String {
    let (pa, pb) = (SokobanProgress::of(a), SokobanProgress::of(b));
    if !pa.relevant && !pb.relevant {
        return String::new();
    }
    let mut s = String::from(
        "\n## Sokoban progress side by side\n\n| progress | A | B |\n|---|---:|---:|\n",
    );
    for ((label, na), (_, nb)) in pa.rows().into_iter().zip(pb.rows()) {
        let _ = writeln!(
            s,
            "| {label} | {na} of {} | {nb} of {} |",
            pa.games, pb.games
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

    #[test]
    fn games_are_counted_per_level_solved_and_prize() {
        let rs = records(&[
            r#"{"seed":1,"phases":[{"name":"sokoban","reached":900}],"sokoban":{"entered":1000,"solved":[1,2,3,4],"prize":5000,"left":5600}}"#,
            r#"{"seed":2,"phases":[{"name":"sokoban","reached":1900}],"sokoban":{"entered":2000,"solved":[1],"prize":null,"left":null}}"#,
            r#"{"seed":3,"phases":[{"name":"sokoban","reached":3000,"completed":6000}]}"#,
            r#"{"seed":4}"#,
        ]);
        let p = SokobanProgress::of(&rs);
        assert_eq!(
            (p.games, p.entered, p.solved, p.prize),
            (4, 2, [2, 1, 1, 1], 1)
        );
        assert_eq!(
            (p.median_entered, p.median_prize),
            (Some(1500.0), Some(5000.0))
        );
        let md = sokoban_section(&rs);
        assert!(md.contains("## Sokoban progress"), "{md}");
        assert!(md.contains("| entered Sokoban | 2 | 50% | 1500 |"), "{md}");
        assert!(md.contains("| level 1 solved | 2 | 50% | - |"), "{md}");
        assert!(md.contains("| level 4 solved | 1 | 25% | - |"), "{md}");
        assert!(md.contains("| prize taken | 1 | 25% | 5000 |"), "{md}");
        let side = sokoban_side_by_side(&rs, &rs[2..]);
        assert!(
            side.contains("| level 2 solved | 1 of 4 | 0 of 2 |"),
            "{side}"
        );
    }

    #[test]
    fn no_table_without_a_sokoban_phase_or_a_game_in_sokoban() {
        let rs = records(&[
            r#"{"seed":1,"phases":[{"name":"dungeons","reached":1}]}"#,
            r#"{"seed":2}"#,
        ]);
        assert_eq!(sokoban_section(&rs), "");
        assert_eq!(sokoban_side_by_side(&rs, &rs), "");
        // A game with the phase that never got in: the table says 0%.
        let rs = records(&[r#"{"seed":1,"phases":[{"name":"sokoban","reached":10}]}"#]);
        assert!(sokoban_section(&rs).contains("| entered Sokoban | 0 | 0% | - |"));
    }

    #[test]
    fn the_report_has_the_sokoban_table() {
        let dir = tempfile::tempdir().unwrap();
        let results = dir.path().join(crate::record::RESULTS_FILE);
        std::fs::write(
            &results,
            "{\"seed\":1,\"phases\":[{\"name\":\"sokoban\",\"reached\":5}],\"sokoban\":{\"entered\":7,\"solved\":[1]}}\n{\"seed\":2}\n",
        )
        .unwrap();
        crate::report::report(dir.path()).unwrap();
        let md = std::fs::read_to_string(dir.path().join(crate::report::REPORT_FILE)).unwrap();
        assert!(md.contains("## Sokoban progress"), "{md}");
        assert!(md.contains("| level 1 solved | 1 | 50% | - |"), "{md}");
    }
}
