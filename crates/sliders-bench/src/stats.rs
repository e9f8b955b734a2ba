//! Medians, spreads and ratios of repeated timings.

/// The median of `values` (the mean of the middle two for an even count); NaN if empty.
pub fn median(values: &[f64]) -> f64 {
    let mut v: Vec<f64> = values.iter().copied().filter(|x| !x.is_nan()).collect();
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// The smallest and largest value.
pub fn range(values: &[f64]) -> (f64, f64) {
    values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &x| {
            (lo.min(x), hi.max(x))
        })
}

/// The spread as a fraction of the median: (max - min) / median.
pub fn relative_spread(values: &[f64]) -> f64 {
    let (lo, hi) = range(values);
    (hi - lo) / median(values)
}

/// The median of the per-round ratios `a[i] / b[i]`: each ratio compares two runs taken
/// in the same round, one right after the other, so slow phases of a noisy machine
/// touch both sides of it.
pub fn paired_ratio(a: &[f64], b: &[f64]) -> f64 {
    let ratios: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / y).collect();
    median(&ratios)
}

/// The smallest and largest per-round ratio `a[i] / b[i]`.
pub fn paired_ratio_range(a: &[f64], b: &[f64]) -> (f64, f64) {
    let ratios: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / y).collect();
    range(&ratios)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_and_ratios() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert!(median(&[]).is_nan());
        assert_eq!(range(&[2.0, 5.0, 1.0]), (1.0, 5.0));
        assert_eq!(relative_spread(&[1.0, 2.0, 3.0]), 1.0);
        assert_eq!(paired_ratio(&[2.0, 4.0, 9.0], &[1.0, 4.0, 3.0]), 2.0);
        assert_eq!(
            paired_ratio_range(&[2.0, 4.0, 9.0], &[1.0, 4.0, 3.0]),
            (1.0, 3.0)
        );
    }
}
