//! SVG plots with plotters' SVG backend: text becomes SVG `<text>` elements drawn by the viewer,
//! so no font files or fontconfig are needed to produce them (plotters' font features are off).

use anyhow::{anyhow, Context, Result};
use plotters::prelude::*;
use std::path::Path;

use crate::record::Record;

pub const DEPTH_PLOT: &str = "depth.svg";
pub const SCORE_PLOT: &str = "score.svg";
pub const CAUSES_PLOT: &str = "causes.svg";

/// Causes beyond this many are folded into "other" so the labels stay legible.
const MAX_CAUSES: usize = 12;

/// Writes the three plots into `dir`; returns the file names written (none for no games).
pub fn write_plots(dir: &Path, records: &[Record]) -> Result<Vec<&'static str>> {
    let mut written = Vec::new();
    let depths: Vec<i64> = records
        .iter()
        .filter_map(|r| r.max_depth)
        .map(|d| d as i64)
        .collect();
    if let Some(&deepest) = depths.iter().max() {
        let deepest = deepest.max(1);
        let labels: Vec<String> = (1..=deepest).map(|d| d.to_string()).collect();
        let counts: Vec<usize> = (1..=deepest)
            .map(|d| depths.iter().filter(|x| **x == d).count())
            .collect();
        bar_chart(
            &dir.join(DEPTH_PLOT),
            "Deepest level reached",
            "dungeon level",
            &labels,
            &counts,
            false,
        )?;
        written.push(DEPTH_PLOT);
    }
    let scores: Vec<f64> = records.iter().filter_map(|r| r.score).collect();
    if !scores.is_empty() {
        let (labels, counts, width) = bins(&scores);
        let desc = format!("score (bins of {width})");
        bar_chart(
            &dir.join(SCORE_PLOT),
            "Score distribution",
            &desc,
            &labels,
            &counts,
            false,
        )?;
        written.push(SCORE_PLOT);
    }
    let summary = crate::summary::Summary::of(records);
    if !summary.causes.is_empty() {
        let mut causes = summary.causes.clone();
        if causes.len() > MAX_CAUSES {
            let other: usize = causes.drain(MAX_CAUSES - 1..).map(|c| c.1).sum();
            causes.push(("other".into(), other));
        }
        let labels: Vec<String> = causes.iter().map(|c| shorten(&c.0, 38)).collect();
        let counts: Vec<usize> = causes.iter().map(|c| c.1).collect();
        bar_chart(
            &dir.join(CAUSES_PLOT),
            "How games ended",
            "games",
            &labels,
            &counts,
            true,
        )?;
        written.push(CAUSES_PLOT);
    }
    Ok(written)
}

/// Equal-width bins of a round width (1, 2 or 5 × 10^k) giving at most about 12 bars; labels are
/// the bins' lower bounds.
pub fn bins(values: &[f64]) -> (Vec<String>, Vec<usize>, f64) {
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let raw = ((hi - lo) / 10.0).max(1.0);
    let magnitude = 10f64.powf(raw.log10().floor());
    let width = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|w| *w >= raw)
        .unwrap_or(10.0 * magnitude);
    let start = (lo / width).floor() * width;
    let n = ((hi - start) / width).floor() as usize + 1;
    let mut counts = vec![0; n];
    for v in values {
        counts[(((v - start) / width).floor() as usize).min(n - 1)] += 1;
    }
    let labels = (0..n)
        .map(|i| format!("{}", start + i as f64 * width))
        .collect();
    (labels, counts, width)
}

fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        s.chars().take(max - 1).collect::<String>() + "…"
    }
}

/// A bar per label: vertical bars with labels under them, or horizontal bars with labels at the
/// left (long labels such as death causes).
fn bar_chart(
    path: &Path,
    title: &str,
    axis: &str,
    labels: &[String],
    counts: &[usize],
    horizontal: bool,
) -> Result<()> {
    let draw = || -> Result<(), Box<dyn std::error::Error>> {
        let n = labels.len() as i32;
        let top = counts.iter().copied().max().unwrap_or(0) as u32 + 1;
        let label_of = |v: &SegmentValue<i32>| match v {
            SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        };
        let height = if horizontal {
            120 + 28 * labels.len() as u32
        } else {
            420
        };
        let root = SVGBackend::new(path, (820, height)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut builder = ChartBuilder::on(&root);
        builder
            .caption(title, ("sans-serif", 22))
            .margin(14)
            .x_label_area_size(44);
        if horizontal {
            let mut chart = builder
                .y_label_area_size(300)
                .build_cartesian_2d(0u32..top, (0..n - 1).into_segmented())?;
            chart
                .configure_mesh()
                .disable_y_mesh()
                .label_style(("sans-serif", 14))
                .axis_desc_style(("sans-serif", 15))
                .y_labels(labels.len())
                .y_label_formatter(&label_of)
                .x_desc(axis)
                .draw()?;
            chart.draw_series(
                Histogram::horizontal(&chart)
                    .style(RGBColor(70, 110, 170).filled())
                    .margin(4)
                    .data(
                        counts
                            .iter()
                            .enumerate()
                            .map(|(i, c)| (i as i32, *c as u32)),
                    ),
            )?;
        } else {
            let mut chart = builder
                .y_label_area_size(56)
                .build_cartesian_2d((0..n - 1).into_segmented(), 0u32..top)?;
            chart
                .configure_mesh()
                .disable_x_mesh()
                .label_style(("sans-serif", 14))
                .axis_desc_style(("sans-serif", 15))
                .x_labels(labels.len())
                .x_label_formatter(&label_of)
                .x_desc(axis)
                .y_desc("games")
                .draw()?;
            chart.draw_series(
                Histogram::vertical(&chart)
                    .style(RGBColor(70, 110, 170).filled())
                    .margin(4)
                    .data(
                        counts
                            .iter()
                            .enumerate()
                            .map(|(i, c)| (i as i32, *c as u32)),
                    ),
            )?;
        }
        root.present()?;
        Ok(())
    };
    draw()
        .map_err(|e| anyhow!("{e}"))
        .with_context(|| format!("drawing {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_have_round_widths_and_hold_every_value() {
        let (labels, counts, width) = bins(&[3.0, 47.0, 120.0, 120.0, 260.0]);
        // range 257 → raw width 25.7 → 50
        assert_eq!(width, 50.0);
        assert_eq!(labels, vec!["0", "50", "100", "150", "200", "250"]);
        assert_eq!(counts, vec![2, 0, 2, 0, 0, 1]);
        let (labels, counts, width) = bins(&[4.0, 4.0]);
        assert_eq!(
            (labels, counts, width),
            (vec!["4".to_string()], vec![2], 1.0)
        );
    }
}
