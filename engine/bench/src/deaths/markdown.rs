//! The report's death sections: "Deaths by cause" (a table) and "Deaths" (one short block per
//! death, by cause), and the causes of two arms side by side.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::cause::HURT_LOOKBACK;
use super::evidence::{HpSample, HpSource, WINDOW_TURNS};
use super::{Cause, Death, DEATHS_FILE};
use crate::stats::Dist;
use crate::summary::num;

/// (cause, its deaths), most deaths first, ties in class order.
fn by_cause(deaths: &[Death]) -> Vec<(Cause, Vec<&Death>)> {
    let mut groups: BTreeMap<Cause, Vec<&Death>> = BTreeMap::new();
    for d in deaths {
        groups.entry(d.cause).or_default().push(d);
    }
    let mut groups: Vec<(Cause, Vec<&Death>)> = groups.into_iter().collect();
    groups.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(&b.0)));
    groups
}

fn median(values: impl Iterator<Item = f64>) -> String {
    Dist::of(values.collect()).map_or("-".into(), |d| num(d.median))
}

/// The "Deaths by cause" table: games, share of the deaths, median turn and XL, and how many
/// died in the Gnomish Mines. Empty when no game died.
pub fn cause_table(deaths: &[Death]) -> String {
    if deaths.is_empty() {
        return String::new();
    }
    let mut s = String::from(
        "| cause | games | share | median turn | median XL | in Mines |\n|---|---:|---:|---:|---:|---:|\n",
    );
    for (cause, group) in by_cause(deaths) {
        let share = 100.0 * group.len() as f64 / deaths.len() as f64;
        let _ = writeln!(
            s,
            "| {} | {} | {share:.0}% | {} | {} | {} |",
            cause.label(),
            group.len(),
            median(group.iter().map(|d| d.turn as f64)),
            median(group.iter().filter_map(|d| d.xl)),
            group.iter().filter(|d| d.in_mines()).count()
        );
    }
    s
}

/// Deaths per cause in arm A and arm B. Empty when neither arm has a death.
pub fn causes_side_by_side(a: &[Death], b: &[Death]) -> String {
    if a.is_empty() && b.is_empty() {
        return String::new();
    }
    let count = |deaths: &[Death], c: Cause| deaths.iter().filter(|d| d.cause == c).count();
    let mut causes: Vec<Cause> = a.iter().chain(b).map(|d| d.cause).collect();
    causes.sort();
    causes.dedup();
    let mut s = format!(
        "| cause | A ({} deaths) | B ({} deaths) |\n|---|---:|---:|\n",
        a.len(),
        b.len()
    );
    for c in causes {
        let _ = writeln!(s, "| {} | {} | {} |", c.label(), count(a, c), count(b, c));
    }
    s
}

const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// One character per turn of the window, the HP share of the latest sample at or before it
/// (`·` before the first), then `†` for the death.
pub fn sparkline(trail: &[HpSample], death_turn: i64) -> String {
    let mut s = String::new();
    for turn in death_turn - WINDOW_TURNS..death_turn {
        let c = match trail.iter().rev().find(|h| h.turn <= turn) {
            Some(h) if h.hp_max > 0 => {
                let share = (f64::from(h.hp) / f64::from(h.hp_max)).clamp(0.0, 1.0);
                BARS[(share * (BARS.len() - 1) as f64).round() as usize]
            }
            _ => '·',
        };
        s.push(c);
    }
    s.push('†');
    s
}

/// Where HP changed: `26/58 (T7621) → 11 (T7670)`, the last `max` changes.
pub fn hp_changes(trail: &[HpSample], max: usize) -> String {
    let mut changes: Vec<&HpSample> = Vec::new();
    for h in trail {
        if changes.last().is_none_or(|last| last.hp != h.hp) {
            changes.push(h);
        }
    }
    let cut = changes.len().saturating_sub(max);
    let mut parts: Vec<String> = changes[cut..]
        .iter()
        .map(|h| format!("{} (T{})", h.hp, h.turn))
        .collect();
    if let (Some(first), Some(h)) = (parts.first_mut(), changes.get(cut)) {
        *first = format!("{}/{} (T{})", h.hp, h.hp_max, h.turn);
    }
    let lead = if cut > 0 { "… → " } else { "" };
    format!("{lead}{}", parts.join(" → "))
}

fn hp_line(d: &Death) -> String {
    let source = match d.hp_source {
        HpSource::Log => "from the log",
        HpSource::Recording => "from the recording",
        HpSource::NotRecorded => return "HP trail not recorded".into(),
    };
    format!(
        "HP over the last {WINDOW_TURNS} turns ({source}): `{}` {}",
        sparkline(&d.hp_trail, d.turn),
        hp_changes(&d.hp_trail, 8)
    )
}

/// One death's block: headline, cause and its evidence, HP, flags, messages, decisions.
pub fn death_block(d: &Death) -> String {
    let depth = d.depth.map_or("?".into(), |n| n.to_string());
    let dungeon = d.dungeon.as_deref().unwrap_or("?");
    let xl = d.xl.map_or("?".into(), num);
    let while_ = d
        .helpless
        .as_ref()
        .map_or(String::new(), |w| format!(", while {w}"));
    let mut s = format!(
        "#### Seed {}: {}{while_}\n\nT{}, Dlvl {depth} ({dungeon}), XL {xl}. **{}**: {}.\n\n",
        d.seed,
        d.killer,
        d.turn,
        d.cause.label(),
        d.evidence
    );
    let _ = writeln!(s, "- {}", hp_line(d));
    let _ = writeln!(
        s,
        "- tried in the last {WINDOW_TURNS} turns: {}",
        d.flags.describe()
    );
    if !d.messages.is_empty() {
        let messages: Vec<String> = d
            .messages
            .iter()
            .map(|m| format!("T{} {}", m.turn, m.text))
            .collect();
        let _ = writeln!(s, "- last messages: {}", messages.join(" · "));
    }
    if d.last_decisions.is_empty() {
        s.push_str("- no decisions logged\n");
    } else {
        s.push_str("- last decisions:\n");
        for c in &d.last_decisions {
            let hp =
                c.hp.map_or(String::new(), |(hp, max)| format!(" HP {hp}/{max}"));
            let times = if c.repeats > 1 {
                format!(" (×{})", c.repeats)
            } else {
                String::new()
            };
            let _ = writeln!(
                s,
                "  - T{}{hp} `{}` {} — {}{times}",
                c.turn,
                c.action.replace('`', "'"),
                c.path,
                c.reason
            );
        }
    }
    s
}

/// The report's death sections; empty when no game died.
///
/// A block names no file: a merged bench reads its games where the shards keep them, and its
/// report is the same as one unsharded run's (`deaths.jsonl` has each game's directory).
pub fn deaths_markdown(deaths: &[Death]) -> String {
    if deaths.is_empty() {
        return String::new();
    }
    let mut s = format!(
        "\n## Deaths by cause\n\n{} games died. Causes are classed from the game's death text and \
         `while`, the HP {HURT_LOOKBACK} turns before the death (healthy: at least half), the \
         game's last messages and the bot's last reasons; the rules are in \
         `engine/bench/src/deaths/cause.rs`. Every death is in `{DEATHS_FILE}`.\n\n{}",
        deaths.len(),
        cause_table(deaths)
    );
    s.push_str("\n## Deaths\n");
    for (cause, group) in by_cause(deaths) {
        let _ = write!(s, "\n### {} ({})\n", cause.label(), group.len());
        for d in group {
            s.push('\n');
            s.push_str(&death_block(d));
        }
    }
    s
}
