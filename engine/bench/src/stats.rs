//! Order statistics and a deterministic bootstrap: the numbers every report is made of.

use serde::Serialize;

/// Percentile `p` (0..=1) of sorted data by linear interpolation between the closest ranks
/// (numpy's default): for n values the rank is `(n - 1) * p`. `None` on empty data.
pub fn percentile(sorted: &[f64], p: f64) -> Option<f64> {
    let last = sorted.len().checked_sub(1)?;
    let rank = (last as f64 * p.clamp(0.0, 1.0)).max(0.0);
    let lo = rank.floor() as usize;
    let hi = rank.ceil() as usize;
    let frac = rank - lo as f64;
    Some(sorted[lo] + (sorted[hi] - sorted[lo]) * frac)
}

pub fn mean(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    Some(values.iter().sum::<f64>() / values.len() as f64)
}

/// The distribution of one metric over the games that carry it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Dist {
    pub n: usize,
    pub mean: f64,
    pub median: f64,
    pub p10: f64,
    pub p90: f64,
    pub min: f64,
    pub max: f64,
}

impl Dist {
    /// `None` when no value is given. Values are sorted first, so the result does not depend on
    /// the order games finished in (merged shards summarize exactly like one run).
    pub fn of(mut values: Vec<f64>) -> Option<Dist> {
        values.retain(|v| v.is_finite());
        values.sort_by(f64::total_cmp);
        Some(Dist {
            n: values.len(),
            mean: mean(&values)?,
            median: percentile(&values, 0.5)?,
            p10: percentile(&values, 0.1)?,
            p90: percentile(&values, 0.9)?,
            min: *values.first()?,
            max: *values.last()?,
        })
    }
}

/// SplitMix64: a tiny, well-mixed generator; a fixed seed makes every report reproducible.
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in 0..n (n > 0); the modulo bias is below 2^-40 for any realistic n.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Seed of the bootstrap RNG in reports, fixed so a report regenerates identically.
pub const BOOTSTRAP_SEED: u64 = 0x6e68_626f_745f_6273;
pub const BOOTSTRAP_RESAMPLES: usize = 10_000;

/// Percentile bootstrap 95% confidence interval of the mean of `values` (resampling with
/// replacement `resamples` times). `None` on empty data.
pub fn bootstrap_mean_ci(values: &[f64], resamples: usize, seed: u64) -> Option<(f64, f64)> {
    if values.is_empty() || resamples == 0 {
        return None;
    }
    let mut rng = SplitMix64::new(seed);
    let n = values.len();
    let mut means: Vec<f64> = (0..resamples)
        .map(|_| (0..n).map(|_| values[rng.below(n)]).sum::<f64>() / n as f64)
        .collect();
    means.sort_by(f64::total_cmp);
    Some((percentile(&means, 0.025)?, percentile(&means, 0.975)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_interpolate_between_ranks() {
        let v = [1.0, 2.0, 3.0, 4.0];
        // rank = 3p: p10 → 0.3, median → 1.5, p90 → 2.7
        assert!((percentile(&v, 0.1).unwrap() - 1.3).abs() < 1e-12);
        assert_eq!(percentile(&v, 0.5), Some(2.5));
        assert!((percentile(&v, 0.9).unwrap() - 3.7).abs() < 1e-12);
        assert_eq!(percentile(&v, 0.0), Some(1.0));
        assert_eq!(percentile(&v, 1.0), Some(4.0));
        assert_eq!(percentile(&[7.0], 0.9), Some(7.0));
        assert_eq!(percentile(&[], 0.5), None);
    }

    #[test]
    fn dist_sorts_and_summarizes() {
        // 11 values 0..=100 step 10, given shuffled: rank 10p lands exactly on a value.
        let v = vec![
            50.0, 0.0, 100.0, 30.0, 20.0, 10.0, 90.0, 80.0, 70.0, 60.0, 40.0,
        ];
        let d = Dist::of(v).unwrap();
        assert_eq!(d.n, 11);
        assert_eq!((d.p10, d.median, d.p90), (10.0, 50.0, 90.0));
        assert_eq!((d.min, d.max, d.mean), (0.0, 100.0, 50.0));
        assert_eq!(Dist::of(vec![]), None);
    }

    #[test]
    fn bootstrap_of_constant_data_is_a_point() {
        assert_eq!(bootstrap_mean_ci(&[2.5; 9], 500, 1), Some((2.5, 2.5)));
        assert_eq!(bootstrap_mean_ci(&[], 500, 1), None);
    }

    #[test]
    fn bootstrap_of_two_values_spans_them() {
        // Resample means of [0, 1] are 0 (p = 1/4), 0.5 (1/2) or 1 (1/4): the 2.5% and 97.5%
        // percentiles of 10,000 of them are 0 and 1.
        assert_eq!(
            bootstrap_mean_ci(&[0.0, 1.0], 10_000, BOOTSTRAP_SEED),
            Some((0.0, 1.0))
        );
    }

    #[test]
    fn bootstrap_is_deterministic_and_brackets_the_mean() {
        let v: Vec<f64> = (0..50).map(|i| ((i * 37) % 11) as f64 - 3.0).collect();
        let m = mean(&v).unwrap();
        let a = bootstrap_mean_ci(&v, 2000, 42).unwrap();
        assert_eq!(Some(a), bootstrap_mean_ci(&v, 2000, 42));
        assert!(a.0 < m && m < a.1, "{a:?} around {m}");
        // Standard error ≈ sd/√50 ≈ 0.45: the interval is about ±0.9 wide, not degenerate.
        assert!(a.1 - a.0 > 1.0 && a.1 - a.0 < 2.5, "{a:?}");
    }
}
