//! Coverage by simulation: toy models with known win rates, drawn many times, to measure how
//! often each interval covers the truth and how wide it is (`sim/tests/coverage.rs` and
//! `sim/examples/coverage.rs`, whose output is in `docs/statistics.md`).
//!
//! * **Seats**: a deck plays `n` games rotated over seats; in seat `s` it wins with
//!   probability `rates[s]` (games independent). The truth is the mean of the seat rates
//!   (weights nᵢ/n, equal up to rounding).
//! * **Deals**: two seats and duplicate deals. Deal `d` has a luck value: with probability ½
//!   the seat-0 player wins with `hi`, else with `lo`, the same in both seatings of the deal.
//!   Deck A has an edge `edge`: in seat 0 it wins with `luck + edge`, in seat 1 with
//!   `1 − luck + edge`. The truth is ½ + `edge`.

use crate::duplicate::{DealAcc, DealInProgress};
use crate::stats::{wilson, wilson_uncorrected, Z95};
use crate::stratified::{stratified_score, stratified_score_uncorrected};
use cardsim_engine::PlayerResult;

/// A small deterministic generator (SplitMix64), so that tables are reproducible.
#[derive(Clone, Debug)]
pub struct Mix(pub u64);

impl Mix {
    /// A uniform draw in [0, 1).
    pub fn uniform(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A Bernoulli draw.
    pub fn hit(&mut self, p: f64) -> bool {
        self.uniform() < p
    }
}

/// How one interval did over the repetitions.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Repetitions whose interval covered the truth.
    pub covered: u64,
    /// Repetitions.
    pub reps: u64,
    /// Sum of the widths.
    pub width: f64,
}

impl Tally {
    fn add(&mut self, lo: f64, hi: f64, truth: f64) {
        self.reps += 1;
        self.covered += (lo <= truth && truth <= hi) as u64;
        self.width += hi - lo;
    }

    /// Share of repetitions covered.
    pub fn coverage(&self) -> f64 {
        self.covered as f64 / self.reps as f64
    }

    /// Mean width.
    pub fn mean_width(&self) -> f64 {
        self.width / self.reps as f64
    }
}

/// The intervals of one pooled rate, in the order of the tallies of [`seats`]: Wilson and
/// the stratified score interval, each without and with the continuity correction.
pub fn pooled_intervals(strata: &[(u64, u64)]) -> [(f64, f64); 4] {
    let (k, n) = strata.iter().fold((0, 0), |a, x| (a.0 + x.0, a.1 + x.1));
    [
        wilson_uncorrected(k, n, Z95).expect("n > 0"),
        wilson(k, n, Z95).expect("n > 0"),
        stratified_score_uncorrected(strata, Z95).expect("n > 0"),
        stratified_score(strata, Z95).expect("n > 0"),
    ]
}

/// The seat model: tallies over `reps` repetitions of `n` games of Wilson's interval
/// uncorrected and corrected, then the stratified interval uncorrected and corrected (the one
/// the outputs use).
pub fn seats(rates: &[f64], n: u64, reps: u64, seed: u64) -> [Tally; 4] {
    let mut rng = Mix(seed);
    let s = rates.len() as u64;
    // Design weights nᵢ/n: the truth is Σ nᵢ·rᵢ / n.
    let truth = (0..s as usize)
        .map(|i| rates[i] * (n / s + ((i as u64) < n % s) as u64) as f64)
        .sum::<f64>()
        / n as f64;
    let mut t = [Tally::default(); 4];
    let mut strata = vec![(0u64, 0u64); s as usize];
    for _ in 0..reps {
        for (i, (k, m)) in strata.iter_mut().enumerate() {
            *m = n / s + ((i as u64) < n % s) as u64;
            *k = (0..*m).filter(|_| rng.hit(rates[i])).count() as u64;
        }
        for (x, (lo, hi)) in t.iter_mut().zip(pooled_intervals(&strata)) {
            x.add(lo, hi, truth);
        }
    }
    t
}

/// The deal model (see the module text) with `deals` duplicate deals (2·deals games):
/// tallies of deck A's win rate, the four of [`pooled_intervals`], then the deal-paired
/// interval (Wilson's at the effective games with the continuity correction, what
/// `--duplicate` reports) and, for comparison, the same without the correction.
pub fn deals(lo: f64, hi: f64, edge: f64, deals: u64, reps: u64, seed: u64) -> [Tally; 6] {
    let mut rng = Mix(seed);
    let truth = 0.5 + edge;
    let mut t = [Tally::default(); 6];
    for _ in 0..reps {
        let mut acc = DealAcc::default();
        let mut strata = [(0u64, 0u64); 2];
        for _ in 0..deals {
            let luck = if rng.hit(0.5) { hi } else { lo };
            let mut d = DealInProgress::default();
            for (seat, p) in [luck + edge, 1.0 - luck + edge].into_iter().enumerate() {
                let win = rng.hit(p);
                let (ra, rb) = if win {
                    (PlayerResult::Win, PlayerResult::Loss)
                } else {
                    (PlayerResult::Loss, PlayerResult::Win)
                };
                d.add(0, ra);
                d.add(1, rb);
                strata[seat].0 += win as u64;
                strata[seat].1 += 1;
            }
            acc.finish(&d, 2);
        }
        for (x, (l, h)) in t.iter_mut().zip(pooled_intervals(&strata)) {
            x.add(l, h, truth);
        }
        let (e, eff) = acc.win_rate(0, Z95).expect("two deals");
        t[4].add(e.lo, e.hi, truth);
        let (l, h) = crate::stats::wilson_uncorrected_at(e.est, eff, Z95);
        t[5].add(l, h, truth);
    }
    t
}

/// How a sequential test did over the repetitions.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct SprtTally {
    /// Repetitions that accepted H1.
    pub h1: u64,
    /// Repetitions that accepted H0.
    pub h0: u64,
    /// Games used, summed.
    pub games: u64,
}

/// Wald's SPRT on the seat model, checked every `look` games up to `budget`, with Wald's
/// Bernoulli LLR (`[0]`) and with the normal LLR on the stratified variance (`[1]`, what
/// `--sprt` uses), on the same games.
pub fn sprt_seats(
    rates: &[f64],
    t: &crate::stats::Sprt,
    look: u64,
    budget: u64,
    reps: u64,
    seed: u64,
) -> [SprtTally; 2] {
    use crate::stats::Decision;
    use crate::stratified::stratified_variance;
    let mut rng = Mix(seed);
    let mut out = [SprtTally::default(); 2];
    let s = rates.len();
    for _ in 0..reps {
        let mut strata = vec![(0u64, 0u64); s];
        let mut done = [None::<(Decision, u64)>; 2];
        let mut g = 0u64;
        while g < budget && done.iter().any(Option::is_none) {
            for _ in 0..look {
                let seat = (g % s as u64) as usize;
                strata[seat].0 += rng.hit(rates[seat]) as u64;
                strata[seat].1 += 1;
                g += 1;
            }
            let k: u64 = strata.iter().map(|x| x.0).sum();
            let var = stratified_variance(&strata).unwrap_or(0.0);
            let normal = if var > 0.0 {
                t.decide_normal(k as f64 / g as f64, var)
            } else {
                t.decide(k, g)
            };
            for (d, now) in done.iter_mut().zip([t.decide(k, g), normal]) {
                if d.is_none() {
                    *d = now.map(|x| (x, g));
                }
            }
        }
        for (o, d) in out.iter_mut().zip(done) {
            match d {
                Some((Decision::AcceptH1, n)) => {
                    o.h1 += 1;
                    o.games += n;
                }
                Some((_, n)) => {
                    o.h0 += 1;
                    o.games += n;
                }
                None => o.games += g,
            }
        }
    }
    out
}
