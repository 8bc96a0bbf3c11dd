//! Order statistics over samples: medians for page times, percentiles for command latencies.

use serde::Serialize;

/// The median of `samples`, `None` when there are none. Even counts average the middle two.
pub fn median(samples: &[f64]) -> Option<f64> {
    let sorted = sorted(samples);
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2]),
        _ => Some((sorted[n / 2 - 1] + sorted[n / 2]) / 2.0),
    }
}

/// The `p`th percentile (0–100) by the nearest-rank method: the smallest sample with at least
/// `p`% of the samples at or below it. `None` when there are no samples.
pub fn percentile(samples: &[f64], p: f64) -> Option<f64> {
    let sorted = sorted(samples);
    if sorted.is_empty() {
        return None;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil().max(1.0) as usize;
    Some(sorted[rank.min(sorted.len()) - 1])
}

fn sorted(samples: &[f64]) -> Vec<f64> {
    let mut sorted: Vec<f64> = samples.iter().copied().filter(|s| s.is_finite()).collect();
    sorted.sort_by(f64::total_cmp);
    sorted
}

/// A latency distribution in milliseconds.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Latency {
    /// How many calls were timed.
    pub samples: usize,
    pub p50_ms: Option<f64>,
    pub p99_ms: Option<f64>,
    pub max_ms: Option<f64>,
    /// Calls that failed (their time is not in the distribution).
    pub errors: usize,
}

impl Latency {
    pub fn of(samples_ms: &[f64], errors: usize) -> Latency {
        Latency {
            samples: samples_ms.len(),
            p50_ms: percentile(samples_ms, 50.0),
            p99_ms: percentile(samples_ms, 99.0),
            max_ms: percentile(samples_ms, 100.0),
            errors,
        }
    }
}

/// `on / off`, when both exist and `off` is positive.
pub fn ratio(on: Option<f64>, off: Option<f64>) -> Option<f64> {
    match (on, off) {
        (Some(on), Some(off)) if off > 0.0 => Some(on / off),
        _ => None,
    }
}

/// A ratio measured once per repetition, and what it reads over all of them.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct PairedRatio {
    /// `median(on) / median(base)` within each repetition that has both, in order.
    pub by_rep: Vec<f64>,
}

impl PairedRatio {
    /// Pairs the page times of two modes repetition by repetition. The modes of one repetition
    /// run one after the other, so what drifts between repetitions (the machine's other load, a
    /// browser that has grown warmer) moves both sides of its ratio alike, where a ratio of
    /// medians taken over every repetition mixes that drift in.
    pub fn of(reps: &[(Vec<f64>, Vec<f64>)]) -> PairedRatio {
        PairedRatio {
            by_rep: reps
                .iter()
                .filter_map(|(on, base)| ratio(median(on), median(base)))
                .collect(),
        }
    }

    /// The median over the repetitions.
    pub fn median(&self) -> Option<f64> {
        median(&self.by_rep)
    }

    /// The least and the most of the repetitions.
    pub fn range(&self) -> Option<(f64, f64)> {
        let sorted = sorted(&self.by_rep);
        Some((*sorted.first()?, *sorted.last()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_even_and_empty() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&[]), None);
        assert_eq!(
            median(&[f64::NAN, 5.0]),
            Some(5.0),
            "non-finite samples are ignored"
        );
    }

    #[test]
    fn nearest_rank_percentiles() {
        let samples: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(&samples, 50.0), Some(50.0));
        assert_eq!(percentile(&samples, 99.0), Some(99.0));
        assert_eq!(percentile(&samples, 100.0), Some(100.0));
        assert_eq!(percentile(&[7.0], 99.0), Some(7.0));
        assert_eq!(percentile(&[], 50.0), None);
        // With fewer than 100 samples, p99 is the maximum.
        assert_eq!(percentile(&[1.0, 2.0, 30.0], 99.0), Some(30.0));
    }

    #[test]
    fn ratio_needs_both_sides() {
        assert_eq!(ratio(Some(110.0), Some(100.0)), Some(1.1));
        assert_eq!(ratio(None, Some(1.0)), None);
        assert_eq!(ratio(Some(1.0), Some(0.0)), None);
    }

    #[test]
    fn paired_ratios_cancel_drift_between_repetitions() {
        // The second repetition runs on a machine 30% slower: both modes slow alike.
        let reps = vec![
            (vec![102.0, 104.0], vec![100.0, 100.0]),
            (vec![132.0, 134.0], vec![130.0, 130.0]),
            (vec![99.0], vec![100.0]),
            // A repetition whose floor pages all failed pairs nothing.
            (vec![500.0], vec![]),
        ];
        let paired = PairedRatio::of(&reps);
        assert_eq!(paired.by_rep.len(), 3);
        assert!((paired.by_rep[0] - 1.03).abs() < 1e-9);
        let close = |v: Option<f64>, to: f64| v.is_some_and(|v| (v - to).abs() < 1e-9);
        assert!(close(paired.median(), 133.0 / 130.0), "{paired:?}");
        let range = paired.range();
        assert_eq!(range.map(|(min, _)| min), Some(0.99));
        assert!(close(range.map(|(_, max)| max), 1.03), "{paired:?}");
        // Over every repetition at once, the drift reads as overhead.
        let on: Vec<f64> = reps[..3].iter().flat_map(|(on, _)| on.clone()).collect();
        let floor: Vec<f64> = reps[..3].iter().flat_map(|(_, f)| f.clone()).collect();
        assert!(ratio(median(&on), median(&floor)).is_some_and(|r| r > 1.03));
        assert_eq!(PairedRatio::of(&[]), PairedRatio::default());
    }
}
