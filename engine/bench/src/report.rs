//! report.md beside the results: summary tables, plots, warnings; the comparison of two arms; and
//! merging shard directories into one.
//!
//! Layouts: a single bench is `DIR/{settings.json, results.jsonl, games/}`; a comparison (`--vs`)
//! has one such directory per arm, `DIR/a` and `DIR/b`; a shard writes either layout into
//! `DIR/shard-i-of-n/`.

use anyhow::{bail, Context, Result};
use serde_json::Value;
use std::collections::HashSet;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use crate::compare::{compare, compare_markdown};
use crate::deaths::markdown::{causes_side_by_side, deaths_markdown};
use crate::deaths::{self, Death};
use crate::phases::{phase_rows, phases_markdown};
use crate::plots::write_plots;
use crate::record::{load_results, Loaded, Record, ResultsWriter, RESULTS_FILE};
use crate::run::{check_settings, SETTINGS_FILE};
use crate::summary::Summary;

pub const REPORT_FILE: &str = "report.md";
/// Arm directories of a comparison: A is the base tree, B the `--vs` tree.
pub const ARMS: [&str; 2] = ["a", "b"];

/// Whether `dir` holds a comparison (two arms) rather than a single bench.
pub fn is_comparison(dir: &Path) -> bool {
    !dir.join(RESULTS_FILE).exists() && ARMS.iter().all(|a| dir.join(a).is_dir())
}

/// Regenerates the report(s) of a bench directory; returns the warnings about its results files
/// (corrupt lines, repeated seeds), which the reports list too.
pub fn report(dir: &Path) -> Result<Vec<String>> {
    if is_comparison(dir) {
        return comparison_report(dir);
    }
    if !dir.join(RESULTS_FILE).exists() {
        bail!(
            "{} has no {RESULTS_FILE} (nor a/ and b/ of a comparison)",
            dir.display()
        );
    }
    let loaded = load_results(&dir.join(RESULTS_FILE))?;
    single_report(dir, &loaded)?;
    Ok(loaded.warnings)
}

fn settings_text(dir: &Path) -> String {
    std::fs::read_to_string(dir.join(SETTINGS_FILE))
        .ok()
        .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        .map_or("unknown".into(), |v| format!("`{v}`"))
}

fn warnings_markdown(warnings: &[String]) -> String {
    if warnings.is_empty() {
        return String::new();
    }
    let mut s = format!(
        "\n## Warnings\n\n{} results line(s) skipped:\n\n",
        warnings.len()
    );
    for w in warnings {
        let _ = writeln!(s, "- {w}");
    }
    s
}

/// Writes a bench directory's report.md (and deaths.jsonl); returns its deaths.
fn single_report(dir: &Path, loaded: &Loaded) -> Result<Vec<Death>> {
    let summary = Summary::of(&loaded.records);
    let deaths = deaths::collect(dir, &loaded.records);
    deaths::write_jsonl(dir, &deaths)?;
    let plots = write_plots(dir, &loaded.records)?;
    let mut md = format!(
        "# Bench report\n\nBrain: {}. Games: {}{}. Settings: {}.\n\n\
         Regenerate with `nhbot bench report <this directory>`.\n\n## Summary\n\n{}\n## How games ended\n\n{}",
        if summary.brains.is_empty() { "unknown".into() } else { summary.brains.join(", ") },
        summary.games,
        if summary.errors > 0 { format!(" ({} with an error)", summary.errors) } else { String::new() },
        settings_text(dir),
        summary.metrics_markdown(),
        summary.causes_markdown()
    );
    let phases = phases_markdown(&phase_rows(&loaded.records), summary.games);
    if !phases.is_empty() {
        let _ = write!(
            md,
            "\n## Plan phases\n\nGames that reached each phase (it became active) and \
             completed it (its `done` held), of all {} games.\n\n{phases}",
            summary.games
        );
    }
    md.push_str(&deaths_markdown(&deaths));
    md.push_str(&crate::milestones::milestones_section(&loaded.records));
    let time = crate::timing::time_markdown(&loaded.records);
    if !time.is_empty() {
        let _ = write!(md, "\n## Where the time went\n\n{time}");
    }
    if !plots.is_empty() {
        md.push_str("\n## Plots\n\n");
        for p in plots {
            let _ = writeln!(md, "![{p}]({p})\n");
        }
    }
    md.push_str(&warnings_markdown(&loaded.warnings));
    write_file(&dir.join(REPORT_FILE), &md)?;
    Ok(deaths)
}

fn comparison_report(dir: &Path) -> Result<Vec<String>> {
    let mut arms = Vec::new();
    let mut arm_deaths = Vec::new();
    let mut warnings = Vec::new();
    for arm in ARMS {
        let arm_dir = dir.join(arm);
        let loaded = load_results(&arm_dir.join(RESULTS_FILE))?;
        arm_deaths.push(single_report(&arm_dir, &loaded)?);
        warnings.extend(loaded.warnings.iter().cloned());
        arms.push(loaded.records);
    }
    let (a, b) = (&arms[0], &arms[1]);
    let sa = Summary::of(a);
    let sb = Summary::of(b);
    let mut md = format!(
        "# Paired comparison\n\nA = [a/](a/report.md): {} ({} games, settings {}).\n\
         B = [b/](b/report.md): {} ({} games, settings {}).\n\n\
         Each seed is played by both; differences are B − A per seed. The 95% interval is a \
         percentile bootstrap of the mean difference (10,000 resamples, fixed RNG seed).\n\n{}\n",
        sa.brains.join(", "),
        sa.games,
        settings_text(&dir.join("a")),
        sb.brains.join(", "),
        sb.games,
        settings_text(&dir.join("b")),
        compare_markdown(&compare(a, b))
    );
    let medians = |s: &Summary, m: &str| {
        s.metric(m)
            .map_or("-".into(), |d| crate::summary::num(d.median))
    };
    md.push_str("## Medians side by side\n\n| metric | A | B |\n|---|---:|---:|\n");
    for (m, _) in crate::summary::METRICS {
        if sa.metric(m).is_some() || sb.metric(m).is_some() {
            let _ = writeln!(md, "| {m} | {} | {} |", medians(&sa, m), medians(&sb, m));
        }
    }
    md.push_str(&phases_side_by_side(a, b));
    let causes = causes_side_by_side(&arm_deaths[0], &arm_deaths[1]);
    if !causes.is_empty() {
        let _ = write!(
            md,
            "\n## Deaths by cause side by side\n\nEach arm's deaths, classed as in its own report \
             ([a/](a/report.md), [b/](b/report.md)).\n\n{causes}"
        );
    }
    md.push_str(&crate::milestones::milestones_side_by_side(a, b));
    md.push_str(&warnings_markdown(&warnings));
    write_file(&dir.join(REPORT_FILE), &md)?;
    Ok(warnings)
}

/// Games reaching and completing each plan phase in arm A and in arm B; empty when neither arm
/// followed a plan.
fn phases_side_by_side(a: &[Record], b: &[Record]) -> String {
    let (ra, rb) = (phase_rows(a), phase_rows(b));
    if ra.is_empty() && rb.is_empty() {
        return String::new();
    }
    let mut names: Vec<&str> = ra.iter().map(|r| r.name.as_str()).collect();
    for r in &rb {
        if !names.contains(&r.name.as_str()) {
            names.push(&r.name);
        }
    }
    let counts = |rows: &[crate::phases::PhaseRow], name: &str, games: usize| {
        rows.iter()
            .find(|r| r.name == name)
            .map_or(format!("0 / 0 of {games}"), |r| {
                format!("{} / {} of {games}", r.reached, r.completed)
            })
    };
    let mut s = String::from(
        "\n## Plan phases side by side\n\nGames reached / completed.\n\n| phase | A | B |\n|---|---:|---:|\n",
    );
    for name in names {
        let _ = writeln!(
            s,
            "| {} | {} | {} |",
            name.replace('|', "\\|"),
            counts(&ra, name, a.len()),
            counts(&rb, name, b.len())
        );
    }
    s
}

fn write_file(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

/// Bench directories named on the command line, with a directory holding `shard-*` directories
/// standing for them.
fn expand_shards(inputs: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for dir in inputs {
        let holds_bench = dir.join(RESULTS_FILE).exists() || is_comparison(dir);
        if holds_bench {
            out.push(dir.clone());
            continue;
        }
        let mut shards: Vec<PathBuf> = std::fs::read_dir(dir)
            .with_context(|| format!("reading {}", dir.display()))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.is_dir()
                    && p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with("shard-"))
            })
            .collect();
        if shards.is_empty() {
            bail!(
                "{} holds neither results nor shard-* directories",
                dir.display()
            );
        }
        shards.sort();
        out.extend(shards);
    }
    Ok(out)
}

/// Combines shard (or any bench) directories into `out` — results sorted by seed, one line per
/// seed — and writes its report. Returns warnings: corrupt lines and seeds found in two inputs
/// (the first input's line is kept).
pub fn merge(out: &Path, inputs: &[PathBuf]) -> Result<Vec<String>> {
    let inputs = expand_shards(inputs)?;
    let comparison = inputs.iter().filter(|d| is_comparison(d)).count();
    if comparison != 0 && comparison != inputs.len() {
        bail!("cannot merge comparisons (a/ and b/) with single benches");
    }
    let arms: Vec<&str> = if comparison > 0 {
        ARMS.to_vec()
    } else {
        vec![""]
    };
    let mut warnings = Vec::new();
    for arm in arms {
        let mut records: Vec<Record> = Vec::new();
        let mut seen = HashSet::new();
        let mut settings: Option<(Value, PathBuf)> = None;
        for input in &inputs {
            let dir = input.join(arm);
            if let Ok(text) = std::fs::read_to_string(dir.join(SETTINGS_FILE)) {
                let s: Value = serde_json::from_str(&text).with_context(|| {
                    format!("{} is not JSON", dir.join(SETTINGS_FILE).display())
                })?;
                match &settings {
                    Some((first, from)) if first != &s => bail!(
                        "{} and {} were run with different settings: {first} vs {s}",
                        from.display(),
                        dir.display()
                    ),
                    Some(_) => {}
                    None => settings = Some((s, dir.clone())),
                }
            }
            let file = dir.join(RESULTS_FILE);
            let loaded = load_results(&file)?;
            warnings.extend(loaded.warnings);
            for r in loaded.records {
                if seen.insert(r.seed) {
                    records.push(r);
                } else {
                    warnings.push(format!(
                        "{}: seed {} is also in an earlier input; kept the earlier line",
                        file.display(),
                        r.seed
                    ));
                }
            }
        }
        records.sort_by_key(|r| r.seed);
        let dir = out.join(arm);
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        if let Some((s, _)) = &settings {
            std::fs::remove_file(dir.join(SETTINGS_FILE)).ok();
            check_settings(&dir, s)?;
        }
        let results = dir.join(RESULTS_FILE);
        let tmp = dir.join(format!("{RESULTS_FILE}.merging"));
        std::fs::remove_file(&tmp).ok();
        let mut w = ResultsWriter::open(&tmp)?;
        for r in &records {
            w.append(&r.raw)?;
        }
        std::fs::rename(&tmp, &results)
            .with_context(|| format!("writing {}", results.display()))?;
    }
    report(out)?;
    Ok(warnings)
}
