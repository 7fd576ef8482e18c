//! Interval estimates and quantiles.

/// z for a two-sided 95% interval (the 0.975 quantile of the standard normal).
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `k` successes in `n` trials at normal quantile `z`:
///
/// centre = (p + z²/2n) / (1 + z²/n), half-width = z/(1 + z²/n) · sqrt(p(1−p)/n + z²/4n²),
/// with p = k/n (E. B. Wilson, "Probable inference, the law of succession, and statistical
/// inference", JASA 22 (1927) 209–212). Returns `None` for `n == 0`.
pub fn wilson(k: u64, n: u64, z: f64) -> Option<(f64, f64)> {
    if n == 0 {
        return None;
    }
    let n_f = n as f64;
    let p = k as f64 / n_f;
    let z2 = z * z;
    let denom = 1.0 + z2 / n_f;
    let centre = (p + z2 / (2.0 * n_f)) / denom;
    let half = z / denom * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt();
    Some(((centre - half).max(0.0), (centre + half).min(1.0)))
}

/// A 95%-style interval for the difference of two independent proportions k1/n1 − k2/n2:
/// Newcombe's hybrid score interval (method 10 of R. G. Newcombe, "Interval estimation for
/// the difference between independent proportions: comparison of eleven methods", Statistics
/// in Medicine 17 (1998) 873–890), built from the two Wilson intervals (l1,u1), (l2,u2):
/// lower = d − sqrt((p1−l1)² + (u2−p2)²), upper = d + sqrt((u1−p1)² + (p2−l2)²).
/// Returns `None` when either sample is empty.
pub fn newcombe_diff(k1: u64, n1: u64, k2: u64, n2: u64, z: f64) -> Option<(f64, f64)> {
    let (l1, u1) = wilson(k1, n1, z)?;
    let (l2, u2) = wilson(k2, n2, z)?;
    let p1 = k1 as f64 / n1 as f64;
    let p2 = k2 as f64 / n2 as f64;
    let d = p1 - p2;
    Some((
        d - ((p1 - l1).powi(2) + (u2 - p2).powi(2)).sqrt(),
        d + ((u1 - p1).powi(2) + (p2 - l2).powi(2)).sqrt(),
    ))
}

/// The `q`-quantile of a histogram (`hist[t]` = number of games lasting `t` turns): the
/// smallest `t` whose cumulative count reaches `q · total`. `None` when empty.
pub fn hist_quantile(hist: &[u64], q: f64) -> Option<u64> {
    let total: u64 = hist.iter().sum();
    if total == 0 {
        return None;
    }
    let need = ((q * total as f64).ceil() as u64).max(1);
    let mut cum = 0;
    for (t, &c) in hist.iter().enumerate() {
        cum += c;
        if cum >= need {
            return Some(t as u64);
        }
    }
    Some(hist.len() as u64 - 1)
}

/// Mean of a histogram.
pub fn hist_mean(hist: &[u64]) -> Option<f64> {
    let total: u64 = hist.iter().sum();
    if total == 0 {
        return None;
    }
    let s: u64 = hist.iter().enumerate().map(|(t, &c)| t as u64 * c).sum();
    Some(s as f64 / total as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_independent_values() {
        // Values computed independently (R: prop.test(..., correct = FALSE)$conf.int and the
        // closed form): 50/100 → [0.40383, 0.59617]; 0/10 → [0, 0.27753];
        // 95/100 → [0.88825, 0.97846].
        let (lo, hi) = wilson(50, 100, Z95).unwrap();
        assert!(
            (lo - 0.403_831).abs() < 1e-5 && (hi - 0.596_169).abs() < 1e-5,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0, 10, Z95).unwrap();
        assert!(lo == 0.0 && (hi - 0.277_533).abs() < 1e-5, "{lo} {hi}");
        let (lo, hi) = wilson(95, 100, Z95).unwrap();
        assert!(
            (lo - 0.888_250).abs() < 1e-5 && (hi - 0.978_461).abs() < 1e-5,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0, 0, Z95), None);
    }

    #[test]
    fn newcombe_matches_the_paper() {
        // Newcombe (1998), Table II, example (a): 56/70 − 48/80, method 10: 0.0524 to 0.3339.
        let (lo, hi) = newcombe_diff(56, 70, 48, 80, Z95).unwrap();
        assert!(
            (lo - 0.0524).abs() < 5e-5 && (hi - 0.3339).abs() < 5e-5,
            "{lo} {hi}"
        );
        assert_eq!(newcombe_diff(1, 0, 1, 2, Z95), None);
    }

    #[test]
    fn quantiles() {
        // Turns 3,3,4,5,10 → median 4, p90 10, mean 5.
        let mut h = vec![0u64; 11];
        for t in [3, 3, 4, 5, 10] {
            h[t] += 1;
        }
        assert_eq!(hist_quantile(&h, 0.5), Some(4));
        assert_eq!(hist_quantile(&h, 0.9), Some(10));
        assert_eq!(hist_mean(&h), Some(5.0));
        assert_eq!(hist_quantile(&[0, 0], 0.5), None);
    }
}
