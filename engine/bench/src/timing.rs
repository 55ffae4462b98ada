//! Where the games' time went: the `time` split and the `slowest_leaves` of the results lines,
//! per action, for the report.

use crate::record::Record;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The parts of a results line's `time`, in the order shown, with their names in the report.
const PARTS: &[(&str, &str)] = &[
    ("game_s", "game (its work and the input-wait detection)"),
    ("scrape_s", "screen scraping"),
    ("observe_s", "world updates"),
    ("decide_s", "decisions"),
    ("lua_s", "of which Lua leaves"),
    ("observers_s", "observers (logs, view, KB feed)"),
    ("engine_cpu_s", "engine CPU time"),
];

/// Leaves shown in the table of the slowest.
const LEAVES_SHOWN: usize = 10;

/// The report's section on time, or "" when no results line carries a `time` split.
pub fn time_markdown(records: &[Record]) -> String {
    let timed: Vec<(&Value, f64)> = records
        .iter()
        .filter_map(|r| {
            let actions = r.raw.get("actions")?.as_f64().filter(|&a| a > 0.0)?;
            Some((r.raw.get("time")?, actions))
        })
        .collect();
    if timed.is_empty() {
        return String::new();
    }
    let mut md = format!(
        "Per action, over the {} games that say (µs: the median game's, and all games' time \
         over all their actions).\n\n| part | median game | all games |\n|---|---:|---:|\n",
        timed.len()
    );
    let total_actions: f64 = timed.iter().map(|(_, a)| a).sum();
    for (key, name) in PARTS {
        let mut per_action: Vec<f64> = timed
            .iter()
            .filter_map(|(t, a)| Some(t.get(*key)?.as_f64()? * 1e6 / a))
            .collect();
        if per_action.is_empty() {
            continue;
        }
        per_action.sort_by(f64::total_cmp);
        let median = per_action[per_action.len() / 2];
        let all: f64 = timed
            .iter()
            .filter_map(|(t, _)| t.get(*key)?.as_f64())
            .sum::<f64>()
            * 1e6
            / total_actions;
        let _ = writeln!(md, "| {name} | {median:.0} | {all:.0} |");
    }
    let mut leaves: BTreeMap<(String, bool), (f64, f64)> = BTreeMap::new();
    for r in records {
        for leaf in r
            .raw
            .get("slowest_leaves")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let (Some(path), Some(calls), Some(seconds)) = (
                leaf.get("path").and_then(Value::as_str),
                leaf.get("calls").and_then(Value::as_f64),
                leaf.get("seconds").and_then(Value::as_f64),
            ) else {
                continue;
            };
            let lua = leaf.get("lua").and_then(Value::as_bool).unwrap_or(false);
            let entry = leaves.entry((path.to_string(), lua)).or_default();
            entry.0 += calls;
            entry.1 += seconds;
        }
    }
    if !leaves.is_empty() {
        let mut rows: Vec<_> = leaves.into_iter().collect();
        rows.sort_by(|a, b| b.1 .1.total_cmp(&a.1 .1));
        md.push_str(
            "\nThe slowest leaves (each game names its slowest; summed over the games naming \
             them): time per action of all games, per call.\n\n\
             | leaf | kind | calls | µs per action | µs per call |\n|---|---|---:|---:|---:|\n",
        );
        for ((path, lua), (calls, seconds)) in rows.into_iter().take(LEAVES_SHOWN) {
            let _ = writeln!(
                md,
                "| `{path}` | {} | {calls:.0} | {:.0} | {:.0} |",
                if lua { "Lua" } else { "Rust" },
                seconds * 1e6 / total_actions,
                seconds * 1e6 / calls.max(1.0)
            );
        }
    }
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_is_shown_per_action_with_the_slowest_leaves() {
        let lines = [
            r#"{"seed":1,"actions":100,"time":{"game_s":0.03,"scrape_s":0.001,"observe_s":0.002,"decide_s":0.01,"lua_s":0.004,"observers_s":0.001,"engine_cpu_s":0.02},
               "slowest_leaves":[{"path":"root/zap","lua":true,"calls":100,"seconds":0.004},{"path":"root/explore","lua":false,"calls":50,"seconds":0.002}]}"#,
            r#"{"seed":2,"actions":300,"time":{"game_s":0.03,"scrape_s":0.003,"observe_s":0.006,"decide_s":0.06,"lua_s":0.03,"observers_s":0.003,"engine_cpu_s":0.09},
               "slowest_leaves":[{"path":"root/zap","lua":true,"calls":300,"seconds":0.03}]}"#,
            r#"{"seed":3,"actions":50}"#,
        ];
        let records: Vec<Record> = lines
            .iter()
            .map(|l| Record::parse(&l.replace('\n', " ")).unwrap())
            .collect();
        let md = time_markdown(&records);
        assert!(md.contains("over the 2 games"), "{md}");
        // Game: 300 and 100 µs per action, 150 over all 400 actions.
        assert!(
            md.contains("| game (its work and the input-wait detection) | 300 | 150 |"),
            "{md}"
        );
        // Decisions: 100 and 200 per action (the median of two is the second), 175 overall.
        assert!(md.contains("| decisions | 200 | 175 |"), "{md}");
        // The Lua leaf named by both games: 0.034 s over 400 calls and 400 actions.
        assert!(md.contains("| `root/zap` | Lua | 400 | 85 | 85 |"), "{md}");
        assert!(
            md.contains("| `root/explore` | Rust | 50 | 5 | 40 |"),
            "{md}"
        );
        assert!(
            md.find("root/zap") < md.find("root/explore"),
            "slowest first"
        );
        assert_eq!(time_markdown(&records[2..]), "");
    }
}
