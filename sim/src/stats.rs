//! Interval estimates and quantiles.

/// z for a two-sided 95% interval (the 0.975 quantile of the standard normal).
pub const Z95: f64 = 1.959_963_984_540_054;

/// The interval every single rate of the outputs carries: the Wilson score interval with a
/// continuity correction (method 4 of R. G. Newcombe, "Two-sided confidence intervals for the
/// single proportion: comparison of seven methods", Statistics in Medicine 17 (1998)
/// 857–872; R's `prop.test(correct = TRUE)`): every p with (|k/n − p| − 1/2n)² ≤ z²·p(1 − p)/n,
/// in closed form
///
/// lower = (2np̂ + z² − 1 − z·sqrt(z² − 2 − 1/n + 4p̂(n(1 − p̂) + 1))) / (2(n + z²)), 0 if k = 0,
/// upper = (2np̂ + z² + 1 + z·sqrt(z² + 2 − 1/n + 4p̂(n(1 − p̂) − 1))) / (2(n + z²)), 1 if k = n.
///
/// The correction (half a step of k/n) keeps the coverage at or above the nominal level at
/// small n, where the plain interval ([`wilson_uncorrected`]) dips below it through the
/// binomial's discreteness; it shrinks as 1/n, so large samples barely move. Returns `None`
/// for `n == 0`.
pub fn wilson(k: u64, n: u64, z: f64) -> Option<(f64, f64)> {
    (n > 0).then(|| wilson_corrected_at(k.min(n) as f64 / n as f64, n as f64, z))
}

/// [`wilson`] for a rate `p` observed on `n` (not necessarily whole) trials. The closed
/// forms are the outer roots of (|p − x| − 1/2n)² = z²·x(1 − x)/n; a bound stays at 0 (or 1)
/// when `p` is within 1/2n of it, where |p − x| − 1/2n ≤ 0 already (for whole n only at
/// k = 0 or k = n; with an effective n, at any rate that close to the edge).
pub fn wilson_corrected_at(p: f64, n: f64, z: f64) -> (f64, f64) {
    let z2 = z * z;
    let denom = 2.0 * (n + z2);
    let c = 0.5 / n;
    let lo = if p <= c {
        0.0
    } else {
        let r = (z2 - 2.0 - 1.0 / n + 4.0 * p * (n * (1.0 - p) + 1.0)).max(0.0);
        (2.0 * n * p + z2 - 1.0 - z * r.sqrt()) / denom
    };
    let hi = if p >= 1.0 - c {
        1.0
    } else {
        let r = (z2 + 2.0 - 1.0 / n + 4.0 * p * (n * (1.0 - p) - 1.0)).max(0.0);
        (2.0 * n * p + z2 + 1.0 + z * r.sqrt()) / denom
    };
    (lo.max(0.0), hi.min(1.0))
}

/// The Wilson score interval without continuity correction, for `k` successes in `n` trials
/// at normal quantile `z`:
///
/// centre = (p + z²/2n) / (1 + z²/n), half-width = z/(1 + z²/n) · sqrt(p(1−p)/n + z²/4n²),
/// with p = k/n (E. B. Wilson, "Probable inference, the law of succession, and statistical
/// inference", JASA 22 (1927) 209–212). Used by [`newcombe_diff`] and as the reference of the
/// coverage comparisons. Returns `None` for `n == 0`.
pub fn wilson_uncorrected(k: u64, n: u64, z: f64) -> Option<(f64, f64)> {
    (n > 0).then(|| wilson_uncorrected_at(k.min(n) as f64 / n as f64, n as f64, z))
}

/// [`wilson_uncorrected`] for a rate `p` observed on `n` (not necessarily whole) trials (the
/// deal-paired interval before the correction, for the coverage comparisons).
pub fn wilson_uncorrected_at(p: f64, n: f64, z: f64) -> (f64, f64) {
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A 95%-style interval for the difference of two independent proportions k1/n1 − k2/n2:
/// Newcombe's hybrid score interval (method 10 of R. G. Newcombe, "Interval estimation for
/// the difference between independent proportions: comparison of eleven methods", Statistics
/// in Medicine 17 (1998) 873–890), built from the two Wilson intervals (l1,u1), (l2,u2):
/// lower = d − sqrt((p1−l1)² + (u2−p2)²), upper = d + sqrt((u1−p1)² + (p2−l2)²).
/// Returns `None` when either sample is empty.
pub fn newcombe_diff(k1: u64, n1: u64, k2: u64, n2: u64, z: f64) -> Option<(f64, f64)> {
    let (l1, u1) = wilson_uncorrected(k1, n1, z)?;
    let (l2, u2) = wilson_uncorrected(k2, n2, z)?;
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

/// Half the width of the [`wilson`] interval of `k` in `n` (`None` for `n == 0`).
pub fn wilson_half_width(k: u64, n: u64, z: f64) -> Option<f64> {
    wilson(k, n, z).map(|(lo, hi)| (hi - lo) / 2.0)
}

/// Per-game paired differences d = score(new arm) − score(old arm) of games played with the
/// same seeds in both arms, a score being 1 for a win, ½ for a draw and 0 for a loss. Kept in
/// integer half-points (2d ∈ {−2, …, 2}) so that sums are exact and merge in any order.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Paired {
    /// Pairs (games played in both arms).
    pub n: u64,
    /// Σ 2d.
    pub sum2: i64,
    /// Σ (2d)².
    pub sumsq4: u64,
    /// Pairs whose two results differ (discordant pairs).
    pub discordant: u64,
    /// Discordant pairs in which the new arm scored more.
    pub new_better: u64,
}

impl Paired {
    /// Add one pair of scores in half-points (0 loss, 1 draw, 2 win).
    pub fn add(&mut self, old_half: u8, new_half: u8) {
        let d = new_half as i64 - old_half as i64;
        self.n += 1;
        self.sum2 += d;
        self.sumsq4 += (d * d) as u64;
        if d != 0 {
            self.discordant += 1;
            self.new_better += (d > 0) as u64;
        }
    }

    /// Add another accumulator.
    pub fn merge(&mut self, o: &Paired) {
        self.n += o.n;
        self.sum2 += o.sum2;
        self.sumsq4 += o.sumsq4;
        self.discordant += o.discordant;
        self.new_better += o.new_better;
    }

    /// Mean difference d̄ with its large-sample interval for a mean of paired differences,
    /// d̄ ± z·s/√n with s² = (Σd² − n·d̄²)/(n − 1) the sample variance of the per-game
    /// differences (the paired-difference interval, e.g. Rice, "Mathematical Statistics and
    /// Data Analysis", 3rd ed., §11.3.1, with the normal quantile for large n). Pairing
    /// removes the variance the two arms share (same deals, same coin flips), which two
    /// independent Wilson intervals would count twice. `None` below two pairs.
    pub fn diff(&self, z: f64) -> Option<(f64, f64, f64)> {
        if self.n < 2 {
            return None;
        }
        let n = self.n as f64;
        let mean = self.sum2 as f64 / 2.0 / n;
        let ss = self.sumsq4 as f64 / 4.0 - n * mean * mean;
        let var = (ss / (n - 1.0)).max(0.0);
        let half = z * (var / n).sqrt();
        Some((mean, mean - half, mean + half))
    }
}

/// Wald's sequential probability ratio test for a Bernoulli success probability p:
/// H0: p = p0 against H1: p = p1 with error rates α (accept H1 when H0 holds) and β (accept
/// H0 when H1 holds). After n trials with s successes the log-likelihood ratio is
/// LLR = s·ln(p1/p0) + (n − s)·ln((1 − p1)/(1 − p0)); the test accepts H1 once
/// LLR ≥ A = ln((1 − β)/α), accepts H0 once LLR ≤ B = ln(β/(1 − α)), and otherwise goes on
/// (A. Wald, "Sequential tests of statistical hypotheses", Ann. Math. Statist. 16 (1945)
/// 117–186; the bounds are Wald's approximations, which keep the error rates at or slightly
/// below α and β). Checked only at looks (after whole chunks of games), it is slightly more
/// conservative still.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// Success probability under H0.
    pub p0: f64,
    /// Success probability under H1.
    pub p1: f64,
    /// Type I error rate.
    pub alpha: f64,
    /// Type II error rate.
    pub beta: f64,
}

/// What a sequential test decided.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The evidence favours H0 (the LLR reached the lower bound).
    AcceptH0,
    /// The evidence favours H1 (the LLR reached the upper bound).
    AcceptH1,
    /// The half-width target was reached.
    HalfWidth,
    /// The game budget ran out first.
    Undecided,
}

impl Decision {
    /// Name as written in the CSVs.
    pub fn name(self) -> &'static str {
        match self {
            Decision::AcceptH0 => "accept_h0",
            Decision::AcceptH1 => "accept_h1",
            Decision::HalfWidth => "halfwidth_reached",
            Decision::Undecided => "undecided_at_budget",
        }
    }
}

impl Sprt {
    /// A test, checking 0 < p0, p1 < 1, p0 ≠ p1 and 0 < α, β < ½.
    pub fn new(p0: f64, p1: f64, alpha: f64, beta: f64) -> Result<Self, String> {
        let open = |x: f64| x > 0.0 && x < 1.0;
        if !open(p0) || !open(p1) || p0 == p1 {
            return Err(format!(
                "SPRT hypotheses must be two different win rates strictly between 0 and 1 (got {p0} and {p1})"
            ));
        }
        if !(alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5) {
            return Err(format!(
                "SPRT error rates must be between 0 and 0.5 (got alpha {alpha}, beta {beta})"
            ));
        }
        Ok(Sprt {
            p0,
            p1,
            alpha,
            beta,
        })
    }

    /// (B, A): the lower and upper bounds of the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio after `s` successes in `n` trials.
    pub fn llr(&self, s: u64, n: u64) -> f64 {
        s as f64 * (self.p1 / self.p0).ln()
            + (n - s) as f64 * ((1.0 - self.p1) / (1.0 - self.p0)).ln()
    }

    /// The decision after `s` successes in `n` trials (`None`: go on).
    pub fn decide(&self, s: u64, n: u64) -> Option<Decision> {
        let l = self.llr(s, n);
        let (b, a) = self.bounds();
        if l >= a {
            Some(Decision::AcceptH1)
        } else if l <= b {
            Some(Decision::AcceptH0)
        } else {
            None
        }
    }
}

/// A Bradley–Terry fit: strengths θ (natural log scale, mean 0) with standard errors.
#[derive(Clone, Debug, PartialEq)]
pub struct BtFit {
    /// Log-strengths, anchored so that they sum to 0.
    pub theta: Vec<f64>,
    /// Standard errors of `theta` under that anchoring.
    pub se: Vec<f64>,
}

/// Elo points per unit of θ: a rating difference D means P(win) = 1/(1 + 10^(−D/400)),
/// i.e. θ = D·ln(10)/400.
pub const ELO_PER_THETA: f64 = 400.0 / std::f64::consts::LN_10;

/// Fit the Bradley–Terry model P(i beats j) = πi/(πi + πj) = 1/(1 + e^(θj − θi)) by
/// maximum likelihood. `wins[i][j]` is what i scored against j (wins, draws counted as half
/// a win to each side), `games[i][j] = games[j][i]` the games between them. `prior` adds
/// that many virtual points to each side of every pair that played (so 2·prior virtual games),
/// which keeps the estimate finite when a deck won or lost every game.
///
/// The fit is Hunter's MM iteration πi ← Wi / Σj nij/(πi + πj) (D. R. Hunter, "MM
/// algorithms for generalized Bradley–Terry models", Ann. Statist. 32 (2004) 384–406),
/// renormalised to mean θ 0 after each step. Standard errors come from the observed Fisher
/// information, Iii = Σj nij·pij·(1 − pij), Iij = −nij·pij·(1 − pij): its Moore–Penrose
/// inverse (I + 11ᵀ/k)⁻¹ − 11ᵀ/k is the covariance of θ̂ under the sum-to-zero anchoring.
/// `None` when a deck has no score (or no games), or the comparison graph is not connected.
pub fn bradley_terry(wins: &[Vec<f64>], games: &[Vec<f64>], prior: f64) -> Option<BtFit> {
    let k = wins.len();
    if k < 2 {
        return None;
    }
    let mut w = wins.to_vec();
    let mut n = games.to_vec();
    for i in 0..k {
        for j in 0..k {
            if i != j && n[i][j] > 0.0 {
                w[i][j] += prior;
                n[i][j] += 2.0 * prior;
            }
        }
    }
    let total: Vec<f64> = (0..k)
        .map(|i| (0..k).filter(|&j| j != i).map(|j| w[i][j]).sum())
        .collect();
    if total.iter().any(|&t| t <= 0.0) {
        return None;
    }
    let mut pi = vec![1.0f64; k];
    for _ in 0..100_000 {
        let mut next: Vec<f64> = (0..k)
            .map(|i| {
                let den: f64 = (0..k)
                    .filter(|&j| j != i && n[i][j] > 0.0)
                    .map(|j| n[i][j] / (pi[i] + pi[j]))
                    .sum();
                total[i] / den
            })
            .collect();
        let g = next.iter().map(|p| p.ln()).sum::<f64>() / k as f64;
        for p in next.iter_mut() {
            *p /= g.exp();
        }
        let change = next
            .iter()
            .zip(&pi)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        pi = next;
        if !change.is_finite() {
            return None;
        }
        if change < 1e-13 {
            break;
        }
    }
    let theta: Vec<f64> = pi.iter().map(|p| p.ln()).collect();
    // Information matrix plus 11ᵀ/k.
    let mut m = vec![vec![1.0 / k as f64; k]; k];
    for i in 0..k {
        for j in 0..k {
            if i != j && n[i][j] > 0.0 {
                let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
                let v = n[i][j] * p * (1.0 - p);
                m[i][i] += v;
                m[i][j] -= v;
            }
        }
    }
    let inv = invert(m)?;
    let se = (0..k)
        .map(|i| (inv[i][i] - 1.0 / k as f64).max(0.0).sqrt())
        .collect();
    Some(BtFit { theta, se })
}

/// Gauss–Jordan inverse with partial pivoting; `None` when singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let k = a.len();
    let mut inv: Vec<Vec<f64>> = (0..k)
        .map(|i| (0..k).map(|j| (i == j) as u8 as f64).collect())
        .collect();
    for c in 0..k {
        let p = (c..k).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[p][c].abs() < 1e-12 {
            return None;
        }
        a.swap(c, p);
        inv.swap(c, p);
        let d = a[c][c];
        for j in 0..k {
            a[c][j] /= d;
            inv[c][j] /= d;
        }
        for r in 0..k {
            if r != c {
                let f = a[r][c];
                if f != 0.0 {
                    for j in 0..k {
                        a[r][j] -= f * a[c][j];
                        inv[r][j] -= f * inv[c][j];
                    }
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_independent_values() {
        // Values computed independently (R: prop.test(..., correct = FALSE)$conf.int and the
        // closed form): 50/100 → [0.40383, 0.59617]; 0/10 → [0, 0.27753];
        // 95/100 → [0.88825, 0.97846].
        let wilson = wilson_uncorrected;
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
    fn continuity_corrected_wilson_matches_newcombe() {
        // Computed independently (Python, the closed form; both bounds checked to solve
        // (|p̂ − p| − 1/2n)² = z²·p(1 − p)/n to 1e-18): 81/263 → 0.2535 to 0.3682,
        // 15/148 → 0.0598 to 0.1644, 0/20 → 0 to 0.2005, 1/29 → 0.0018 to 0.1963.
        for (k, n, want) in [
            (81, 263, (0.2535, 0.3682)),
            (15, 148, (0.0598, 0.1644)),
            (0, 20, (0.0, 0.2005)),
            (1, 29, (0.0018, 0.1963)),
        ] {
            let (lo, hi) = wilson(k, n, Z95).unwrap();
            assert!(
                (lo - want.0).abs() < 5e-5 && (hi - want.1).abs() < 5e-5,
                "{k}/{n}: {lo} {hi}"
            );
        }
        // k = n mirrors k = 0; the correction vanishes as n grows.
        let (lo, hi) = wilson(20, 20, Z95).unwrap();
        assert!((lo - (1.0 - 0.2005)).abs() < 5e-5 && hi == 1.0, "{lo} {hi}");
        // At n = 10^4 the correction widens the interval by about 1/n = 0.0001.
        let a = wilson(5000, 10_000, Z95).unwrap();
        let b = wilson_uncorrected(5000, 10_000, Z95).unwrap();
        let extra = (a.1 - a.0) - (b.1 - b.0);
        assert!((extra - 0.999_615e-4).abs() < 1e-9, "{extra}");
        assert_eq!(wilson(0, 0, Z95), None);
        // An effective (fractional) n: each bound solves the defining equation, or sits at 0
        // or 1 when the rate is within 1/2n of it.
        for (p, n) in [
            (0.01, 5.0),
            (0.3, 2.5),
            (0.5, 0.7),
            (0.97, 12.3),
            (0.4, 1234.5),
        ] {
            let (lo, hi) = wilson_corrected_at(p, n, Z95);
            let g =
                |x: f64| ((p - x).abs() - 0.5 / n).max(0.0).powi(2) - Z95 * Z95 * x * (1.0 - x) / n;
            assert!(lo <= p && p <= hi, "{p} {n}: {lo} {hi}");
            assert!(
                lo == 0.0 && p <= 0.5 / n || g(lo).abs() < 1e-12,
                "{p} {n}: {lo}"
            );
            assert!(
                hi == 1.0 && p >= 1.0 - 0.5 / n || g(hi).abs() < 1e-12,
                "{p} {n}: {hi}"
            );
        }
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

    #[test]
    fn paired_difference_matches_independent_values() {
        // 16 per-game differences; mean 0.21875 and d̄ ± 1.96·s/√n = [−0.115604, 0.553104]
        // computed independently in Python (statistics of the list directly).
        let d = [
            1.0, 0., 0., -1., 0.5, 1., 0., 0., 1., -0.5, 1., 1., 0., 0., -1., 0.5,
        ];
        let mut p = Paired::default();
        for x in d {
            // Any (old, new) pair with that difference.
            let two = (2.0 * x) as i64;
            let (old, new) = if two >= 0 {
                (0, two as u8)
            } else {
                ((-two) as u8, 0)
            };
            p.add(old, new);
        }
        let (m, lo, hi) = p.diff(Z95).unwrap();
        assert!((m - 0.21875).abs() < 1e-12);
        assert!((lo + 0.115_603_785_6).abs() < 1e-9, "{lo}");
        assert!((hi - 0.553_103_785_6).abs() < 1e-9, "{hi}");
        assert_eq!((p.discordant, p.new_better), (10, 7));
        // Identical arms: exactly zero, with a zero-width interval.
        let mut z = Paired::default();
        for r in [0, 1, 2, 2, 0] {
            z.add(r, r);
        }
        assert_eq!(z.diff(Z95), Some((0.0, 0.0, 0.0)));
        assert_eq!(Paired::default().diff(Z95), None);
    }

    #[test]
    fn sprt_matches_independent_values() {
        // A = ln((1−β)/α), B = ln(β/(1−α)); LLR = s ln(p1/p0) + (n−s) ln((1−p1)/(1−p0)).
        // Python: ln 19 = 2.944438979; 60 wins in 100 at 0.50 vs 0.55: 1.504190162.
        let t = Sprt::new(0.5, 0.55, 0.05, 0.05).unwrap();
        let (b, a) = t.bounds();
        assert!((a - 2.944_438_979_166_44).abs() < 1e-12 && (b + a).abs() < 1e-12);
        assert!((t.llr(60, 100) - 1.504_190_161_946_44).abs() < 1e-12);
        assert_eq!(t.decide(60, 100), None);
        // 0.6 vs 0.5 (H1 below H0), α 0.01, β 0.1: A = 4.499809670, B = −2.292534757;
        // 30 of 70: LLR 3.456095349.
        let t = Sprt::new(0.6, 0.5, 0.01, 0.1).unwrap();
        let (b, a) = t.bounds();
        assert!((a - 4.499_809_670_330_265).abs() < 1e-12);
        assert!((b + 2.292_534_757_140_544).abs() < 1e-12);
        assert!((t.llr(30, 70) - 3.456_095_348_749_752).abs() < 1e-12);
        assert_eq!(t.decide(30, 70), None);
        assert_eq!(t.decide(20, 70), Some(Decision::AcceptH1));
        assert_eq!(t.decide(60, 70), Some(Decision::AcceptH0));
        // Smallest n at which 0.5-vs-0.55 accepts H1 on all wins: ⌈A / ln 1.1⌉ = 31.
        let t = Sprt::new(0.5, 0.55, 0.05, 0.05).unwrap();
        assert_eq!(t.decide(30, 30), None);
        assert_eq!(t.decide(31, 31), Some(Decision::AcceptH1));
        assert!(Sprt::new(0.5, 0.5, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 0.5, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.5, 0.55, 0.5, 0.05).is_err());
    }

    #[test]
    fn bradley_terry_matches_independent_values() {
        // Two decks, 60 of 100: θA = logit(0.6)/2 = 0.202732554,
        // se = ½ / √(n p (1−p)) = 0.102062073.
        let fit = bradley_terry(
            &[vec![0.0, 60.0], vec![40.0, 0.0]],
            &[vec![0.0, 100.0], vec![100.0, 0.0]],
            0.0,
        )
        .unwrap();
        assert!((fit.theta[0] - 0.202_732_554_054_082).abs() < 1e-9);
        assert!((fit.theta[1] + 0.202_732_554_054_082).abs() < 1e-9);
        assert!((fit.se[0] - 0.102_062_072_615_966).abs() < 1e-9);
        // Three decks: values from a Python Newton–Raphson fit on (θ1, θ2) with θ3 = −θ1 − θ2
        // and a finite-difference Hessian (a different algorithm and parametrisation).
        let w = [
            vec![0.0, 70.0, 60.0],
            vec![30.0, 0.0, 45.0],
            vec![40.0, 55.0, 0.0],
        ];
        let n = vec![
            vec![0.0, 100.0, 100.0],
            vec![100.0, 0.0, 100.0],
            vec![100.0, 100.0, 0.0],
        ];
        let fit = bradley_terry(&w, &n, 0.0).unwrap();
        let theta = [0.414_603_383, -0.345_445_223, -0.069_158_160];
        let se = [0.099_074_621, 0.098_099_562, 0.096_110_008];
        for i in 0..3 {
            assert!((fit.theta[i] - theta[i]).abs() < 1e-6, "{:?}", fit.theta);
            assert!((fit.se[i] - se[i]).abs() < 1e-5, "{:?}", fit.se);
        }
        // A deck that won everything: no finite fit without a prior, a finite one with it.
        let w = [vec![0.0, 10.0], vec![0.0, 0.0]];
        let n = [vec![0.0, 10.0], vec![10.0, 0.0]];
        assert_eq!(bradley_terry(&w, &n, 0.0), None);
        let fit = bradley_terry(&w, &n, 0.5).unwrap();
        // 10.5 of 11: θA − θB = ln(10.5/0.5).
        assert!((fit.theta[0] - fit.theta[1] - (21.0f64).ln()).abs() < 1e-9);
        // Disconnected: decks 0-1 and 2-3 never met.
        let w = [
            vec![0.0, 5.0, 0.0, 0.0],
            vec![5.0, 0.0, 0.0, 0.0],
            vec![0.0, 0.0, 0.0, 5.0],
            vec![0.0, 0.0, 5.0, 0.0],
        ];
        let n: Vec<Vec<f64>> = w
            .iter()
            .map(|r| r.iter().map(|x| 2.0 * x).collect())
            .collect();
        assert_eq!(bradley_terry(&w, &n, 0.0), None);
    }
}
