//! Stratified intervals: a win rate pooled over seats (or over seats and opponents), whose
//! games were split by design into strata of known size, estimated per stratum and pooled.
//!
//! Every matchup rotates its decks through the seats, so a deck's games fall into one
//! stratum per seat with sizes fixed in advance. The pooled rate p̂ = Σ wᵢ·p̂ᵢ with design
//! weights wᵢ = nᵢ/n (so p̂ = k/n, the plain pooled rate) has the variance Σ wᵢ²·pᵢ(1 − pᵢ)/nᵢ,
//! which is smaller than the p(1 − p)/n a plain binomial interval assumes whenever the seats'
//! rates differ: the seat advantage is design, not noise.
//!
//! The interval is the score interval for a linear combination of binomial proportions:
//! every p with (p̂ − p)² ≤ z²·V(p), where V(p) = Σ wᵢ²·p̃ᵢ(1 − p̃ᵢ)/nᵢ is evaluated at the
//! maximum-likelihood stratum rates p̃ᵢ restricted to Σ wᵢ·p̃ᵢ = p (the score method for
//! Σ βᵢpᵢ studied by A. Martín Andrés, M. Álvarez Hernández and I. Herranz Tejedor,
//! "Inferences about a linear combination of proportions", Statistical Methods in Medical
//! Research 20 (2011) 369–387; with one stratum it is exactly Wilson's interval). Because the
//! variance is taken at the candidate p, not at p̂, it keeps Wilson's behaviour near 0 and 1
//! (a stratum with no wins does not get a zero variance).
//!
//! A continuity correction c is subtracted from |p̂ − p| before the comparison,
//! (|p̂ − p| − c)² ≤ z²·V(p), with c = ½·Σ wᵢ²/nᵢ: half a step of k/n (c = 1/2n) under the
//! design weights wᵢ = nᵢ/n, so that with one stratum the interval is exactly the
//! continuity-corrected Wilson interval ([`crate::stats::wilson`], Newcombe's method 4); for
//! other weights it is 1/2n at Kish's effective sample size n = 1/Σ wᵢ²/nᵢ. Without it the
//! interval dips below 94% coverage at n = 50 and p = ½ (the binomial's discreteness); the
//! correction shrinks as 1/n. Coverage is measured by simulation in `sim/tests/coverage.rs`
//! and `docs/statistics.md`.

use crate::stats::{wilson, Sprt};

/// The restricted stratum rate: the p̃ ∈ [0, 1] solving p̂ − p̃ = μ·p̃(1 − p̃), the stationary
/// point of a stratum's binomial log-likelihood under a Lagrange multiplier (μ = λ·w/n).
fn tilted(ph: f64, mu: f64) -> f64 {
    // Both forms are the root in [0, 1]; each avoids cancellation on its own side of 0.
    if mu >= 0.0 {
        let d = ((mu + 1.0) * (mu + 1.0) - 4.0 * mu * ph).max(0.0);
        2.0 * ph / ((mu + 1.0) + d.sqrt())
    } else {
        let (qh, m) = (1.0 - ph, -mu);
        let d = ((m + 1.0) * (m + 1.0) - 4.0 * m * qh).max(0.0);
        1.0 - 2.0 * qh / ((m + 1.0) + d.sqrt())
    }
}

/// Strata with games, their weights and observed rates.
struct Design {
    /// (weight, n, p̂) per non-empty stratum.
    s: Vec<(f64, f64, f64)>,
    /// The weighted estimate Σ wᵢ·p̂ᵢ.
    est: f64,
}

impl Design {
    fn new(strata: &[(u64, u64)], weights: &[f64]) -> Option<Self> {
        let s: Vec<(f64, f64, f64)> = strata
            .iter()
            .zip(weights)
            .filter(|((_, n), _)| *n > 0)
            .map(|(&(k, n), &w)| (w, n as f64, k as f64 / n as f64))
            .collect();
        let total: f64 = s.iter().map(|x| x.0).sum();
        if s.is_empty() || total <= 0.0 {
            return None;
        }
        let s: Vec<(f64, f64, f64)> = s.into_iter().map(|(w, n, p)| (w / total, n, p)).collect();
        let est = s.iter().map(|(w, _, p)| w * p).sum();
        Some(Design { s, est })
    }

    /// V(p): the variance of the estimate at the restricted maximum-likelihood rates.
    fn restricted_variance(&self, p: f64) -> f64 {
        if p <= 0.0 || p >= 1.0 {
            return 0.0;
        }
        let mean = |lambda: f64| -> f64 {
            self.s
                .iter()
                .map(|(w, n, ph)| w * tilted(*ph, lambda * w / n))
                .sum()
        };
        // Σ wᵢ·p̃ᵢ(λ) falls from 1 to 0 as λ runs over the reals: bisect on θ = atan λ.
        let (mut lo, mut hi) = (-std::f64::consts::FRAC_PI_2, std::f64::consts::FRAC_PI_2);
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if mid <= lo || mid >= hi {
                break;
            }
            if mean(mid.tan()) > p {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let lambda = (0.5 * (lo + hi)).tan();
        self.s
            .iter()
            .map(|(w, n, ph)| {
                let q = tilted(*ph, lambda * w / n);
                w * w * q * (1.0 - q) / n
            })
            .sum()
    }

    /// The plug-in variance Σ wᵢ²·p̂ᵢ(1 − p̂ᵢ)/nᵢ.
    fn plug_in_variance(&self) -> f64 {
        self.s
            .iter()
            .map(|(w, n, p)| w * w * p * (1.0 - p) / n)
            .sum()
    }

    /// The continuity correction ½·Σ wᵢ²/nᵢ (1/2n under the design weights).
    fn correction(&self) -> f64 {
        0.5 * self.s.iter().map(|(w, n, _)| w * w / n).sum::<f64>()
    }

    /// The score interval (see the module text), by bisection on each side of the estimate,
    /// with the continuity correction or without it.
    fn score(&self, z: f64, corrected: bool) -> (f64, f64) {
        let c = if corrected { self.correction() } else { 0.0 };
        let f = |p: f64| {
            ((self.est - p).abs() - c).max(0.0).powi(2) - z * z * self.restricted_variance(p)
        };
        let bound = |mut inside: f64, mut outside: f64| {
            if f(outside) <= 0.0 {
                return outside;
            }
            for _ in 0..100 {
                let mid = 0.5 * (inside + outside);
                if mid == inside || mid == outside {
                    break;
                }
                if f(mid) > 0.0 {
                    outside = mid;
                } else {
                    inside = mid;
                }
            }
            inside
        };
        (bound(self.est, 0.0), bound(self.est, 1.0))
    }
}

/// The stratified score interval (continuity-corrected) of a rate pooled over strata
/// `(successes, trials)` with design weights proportional to the trials (the estimate is
/// then Σk/Σn). `None` when no stratum has trials.
pub fn stratified_score(strata: &[(u64, u64)], z: f64) -> Option<(f64, f64)> {
    let w: Vec<f64> = strata.iter().map(|&(_, n)| n as f64).collect();
    stratified_score_weighted(strata, &w, z)
}

/// [`stratified_score`] without the continuity correction (the interval used before it, kept
/// for the coverage comparisons of `docs/statistics.md`).
pub fn stratified_score_uncorrected(strata: &[(u64, u64)], z: f64) -> Option<(f64, f64)> {
    let w: Vec<f64> = strata.iter().map(|&(_, n)| n as f64).collect();
    Design::new(strata, &w).map(|d| d.score(z, false))
}

/// The stratified score interval (continuity-corrected) of Σ wᵢ·pᵢ (weights normalised to sum 1; strata without
/// trials are left out and the others' weights renormalised). `None` when nothing is left.
pub fn stratified_score_weighted(
    strata: &[(u64, u64)],
    weights: &[f64],
    z: f64,
) -> Option<(f64, f64)> {
    Design::new(strata, weights).map(|d| d.score(z, true))
}

/// The plug-in variance of the pooled rate, Σ wᵢ²·p̂ᵢ(1 − p̂ᵢ)/nᵢ with wᵢ = nᵢ/n.
pub fn stratified_variance(strata: &[(u64, u64)]) -> Option<f64> {
    let w: Vec<f64> = strata.iter().map(|&(_, n)| n as f64).collect();
    Design::new(strata, &w).map(|d| d.plug_in_variance())
}

/// Half the width of [`stratified_score`].
pub fn stratified_half_width(strata: &[(u64, u64)], z: f64) -> Option<f64> {
    stratified_score(strata, z).map(|(lo, hi)| (hi - lo) / 2.0)
}

/// The number of independent games an interval `(lo, hi)` around `k` of `n` is worth: the
/// games a plain binomial interval ([`wilson`], continuity-corrected like the stratified one)
/// would need for the same width, n·(w_Wilson / w)² (Wilson's width shrinks about as 1/√n).
/// Equals `n` for Wilson's own interval; `None` for `n == 0` or a zero-width interval.
pub fn effective_games(k: u64, n: u64, lo: f64, hi: f64, z: f64) -> Option<f64> {
    let (wl, wh) = wilson(k, n, z)?;
    (hi > lo).then(|| n as f64 * ((wh - wl) / (hi - lo)).powi(2))
}

/// One stratum's result counts (a deck or team in one seat, or one opponent and seat).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Games.
    pub games: u64,
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
}

impl From<&crate::runner::SeatAcc> for Counts {
    fn from(a: &crate::runner::SeatAcc) -> Self {
        Counts {
            games: a.games,
            wins: a.wins,
            draws: a.draws,
            losses: a.losses,
        }
    }
}

/// Which count a rate takes from [`Counts`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Wins.
    Win,
    /// Draws.
    Draw,
    /// Losses.
    Loss,
}

impl Outcome {
    /// `(successes, trials)` per stratum.
    pub fn strata(self, c: &[Counts]) -> Vec<(u64, u64)> {
        c.iter()
            .map(|c| {
                let k = match self {
                    Outcome::Win => c.wins,
                    Outcome::Draw => c.draws,
                    Outcome::Loss => c.losses,
                };
                (k, c.games)
            })
            .collect()
    }
}

/// A pooled rate with its stratified interval and the games it is worth.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Pooled {
    /// Σk / Σn.
    pub rate: f64,
    /// Interval.
    pub lo: f64,
    /// Interval.
    pub hi: f64,
    /// [`effective_games`] (`None` for a zero-width interval).
    pub effective: Option<f64>,
}

/// The pooled rate of `outcome` over `strata` with its [`stratified_score`] interval at `z`
/// (Wilson's for a single stratum). `None` without games.
pub fn pooled(strata: &[Counts], outcome: Outcome, z: f64) -> Option<Pooled> {
    let s = outcome.strata(strata);
    let (k, n) = s.iter().fold((0, 0), |(a, b), &(k, n)| (a + k, b + n));
    let (lo, hi) = stratified_score(&s, z)?;
    Some(Pooled {
        rate: k as f64 / n as f64,
        lo,
        hi,
        effective: effective_games(k, n, lo, hi, z),
    })
}

/// CSV cells `rate, low, high` of [`pooled`] at 95% (empty without games).
pub fn pooled_cells(strata: &[Counts], outcome: Outcome) -> [String; 3] {
    match pooled(strata, outcome, crate::stats::Z95) {
        None => Default::default(),
        Some(p) => [
            format!("{:.4}", p.rate),
            format!("{:.4}", p.lo),
            format!("{:.4}", p.hi),
        ],
    }
}

/// The `effective_games` cell of a pooled win rate (empty without games).
pub fn effective_cell(strata: &[Counts]) -> String {
    pooled(strata, Outcome::Win, crate::stats::Z95)
        .and_then(|p| p.effective)
        .map(|e| format!("{e:.0}"))
        .unwrap_or_default()
}

impl Sprt {
    /// The log-likelihood ratio of H1 against H0 for an estimate `est` of p that is
    /// approximately normal with variance `var`: ((est − p0)² − (est − p1)²) / (2·var)
    /// = (p1 − p0)(2·est − p0 − p1) / (2·var) (the normal approximation of the generalised
    /// SPRT, as used for paired and stratified game results). For a plain binomial sample
    /// (var = p̂(1 − p̂)/n) it approximates [`Sprt::llr`].
    pub fn llr_normal(&self, est: f64, var: f64) -> f64 {
        (self.p1 - self.p0) * (2.0 * est - self.p0 - self.p1) / (2.0 * var)
    }

    /// The decision of [`Sprt::llr_normal`] against Wald's bounds (`None`: go on).
    pub fn decide_normal(&self, est: f64, var: f64) -> Option<crate::stats::Decision> {
        let l = self.llr_normal(est, var);
        let (b, a) = self.bounds();
        if l >= a {
            Some(crate::stats::Decision::AcceptH1)
        } else if l <= b {
            Some(crate::stats::Decision::AcceptH0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{Decision, Z95};

    fn close(a: (f64, f64), b: (f64, f64), tol: f64) {
        assert!(
            (a.0 - b.0).abs() < tol && (a.1 - b.1).abs() < tol,
            "{a:?} vs {b:?}"
        );
    }

    #[test]
    fn one_stratum_is_wilson() {
        // Corrected: Newcombe's method 4 in closed form; uncorrected: Wilson's.
        for (k, n) in [(0, 10), (3, 10), (50, 100), (95, 100), (10, 10), (1, 1)] {
            close(
                stratified_score(&[(k, n)], Z95).unwrap(),
                wilson(k, n, Z95).unwrap(),
                1e-12,
            );
            close(
                stratified_score_uncorrected(&[(k, n)], Z95).unwrap(),
                crate::stats::wilson_uncorrected(k, n, Z95).unwrap(),
                1e-12,
            );
        }
        // Strata with equal rates pooled in proportion to their size: nearly Wilson.
        let s = stratified_score(&[(25, 50), (25, 50)], Z95).unwrap();
        close(s, wilson(50, 100, Z95).unwrap(), 1e-12);
        assert_eq!(stratified_score(&[(0, 0), (0, 0)], Z95), None);
        assert_eq!(stratified_score(&[], Z95), None);
    }

    #[test]
    fn matches_an_independent_computation() {
        // Python (the restricted maximum found by golden-section search on the constrained
        // likelihood, the bounds by bisection; docs/statistics.md): without the continuity
        // correction, then with it (c = ½·Σ wᵢ²/nᵢ).
        type Case<'a> = (&'a [(u64, u64)], (f64, f64), (f64, f64));
        let cases: [Case; 5] = [
            (
                &[(39, 50), (10, 50)],
                (0.409_077_490_8, 0.571_078_776_5),
                (0.403_985_680_3, 0.576_197_236_0),
            ),
            (
                &[(50, 50), (20, 50)],
                (0.638_041_948_7, 0.769_092_811_3),
                (0.633_664_657_6, 0.773_975_786_8),
            ),
            (
                &[(0, 25), (3, 25)],
                (0.020_834_085_8, 0.149_778_969_6),
                (0.015_757_971_6, 0.161_678_877_2),
            ),
            (
                &[(780, 1000), (210, 1000)],
                (0.476_981_303_6, 0.513_019_655_1),
                (0.476_730_880_1, 0.513_270_098_6),
            ),
            (
                &[(3, 5), (1, 4)],
                (0.192_669_728_8, 0.727_178_378_3),
                (0.155_941_588_2, 0.769_271_345_4),
            ),
        ];
        for (s, plain, corrected) in cases {
            close(stratified_score_uncorrected(s, Z95).unwrap(), plain, 1e-7);
            close(stratified_score(s, Z95).unwrap(), corrected, 1e-7);
        }
        let w = stratified_score_weighted(&[(7, 10), (2, 20)], &[0.5, 0.5], Z95).unwrap();
        close(w, (0.221_752_704_5, 0.558_398_956_4), 1e-7);
        // Narrower than Wilson when the seats differ: 0.1722 against 0.2019 (both corrected).
        let (lo, hi) = stratified_score(&[(39, 50), (10, 50)], Z95).unwrap();
        let (wl, wh) = wilson(49, 100, Z95).unwrap();
        assert!((hi - lo - 0.172_211_555_7).abs() < 1e-7, "{}", hi - lo);
        assert!((wh - wl - 0.201_920_689_7).abs() < 1e-9, "{}", wh - wl);
        let e = effective_games(49, 100, lo, hi, Z95).unwrap();
        assert!((e - 137.48).abs() < 0.01, "{e}");
    }

    #[test]
    fn plug_in_variance_and_normal_sprt() {
        // (0.78·0.22 + 0.21·0.79) / 4 / 1000 per stratum of 1000, weights ½.
        let v = stratified_variance(&[(780, 1000), (210, 1000)]).unwrap();
        assert!((v - (0.78 * 0.22 + 0.21 * 0.79) / 4000.0).abs() < 1e-15);
        let t = Sprt::new(0.5, 0.55, 0.05, 0.05).unwrap();
        // (0.05)(2·0.56 − 1.05)/(2·0.0005) = 3.5 ≥ ln 19.
        assert!((t.llr_normal(0.56, 0.0005) - 3.5).abs() < 1e-12);
        assert_eq!(t.decide_normal(0.56, 0.0005), Some(Decision::AcceptH1));
        assert_eq!(t.decide_normal(0.525, 0.0005), None);
        assert_eq!(t.decide_normal(0.45, 0.0005), Some(Decision::AcceptH0));
    }
}
