//! Duplicate deals: every deal played once per seating, and the statistics that use it.
//!
//! Under `--duplicate` game `i` of a matchup with `n` players is seating `i mod n` (the usual
//! rotation, slot `k` in seat `(k + i) mod n`) of deal `i div n`, and every random stream of
//! the game (the deal, the chance outcomes, each slot's agent) is seeded from (run seed,
//! global deal index) instead of the game index, so all `n` rotations of a deal start from
//! the same shuffle and the same streams. A deal's `n` games are then one unit: the
//! accumulator keeps, per deal, each slot's wins y and half-points h summed over its seatings
//! (and their cross products), from which the win rate and the paired difference get
//! intervals whose variance is measured between deals ([`DealAcc`]). Everything is an
//! integer sum, so threads, chunks and shards merge exactly.

use cardsim_engine::{PlayerResult, MAX_PLAYERS};
use serde::{Deserialize, Serialize};

/// Per-deal sums of a duplicate run (all zero otherwise).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealAcc {
    /// Complete deals (each `n` games, one per seating).
    pub deals: u64,
    /// Seatings per deal (the players), 0 before the first deal.
    pub seatings: u64,
    /// Σ over deals of each slot's wins in the deal.
    pub wins: [u64; MAX_PLAYERS],
    /// Σ over deals of y_j·y_k (wins of slots j and k in the deal).
    pub win_cross: [[u64; MAX_PLAYERS]; MAX_PLAYERS],
    /// Σ over deals of each slot's half-points (win 2, draw 1, loss 0) in the deal.
    pub points: [u64; MAX_PLAYERS],
    /// Σ over deals of h_j·h_k.
    pub point_cross: [[u64; MAX_PLAYERS]; MAX_PLAYERS],
}

/// The results of one deal being played, slot by slot.
#[derive(Copy, Clone, Debug, Default)]
pub struct DealInProgress {
    wins: [u64; MAX_PLAYERS],
    points: [u64; MAX_PLAYERS],
}

impl DealInProgress {
    /// Count slot `k`'s result in one seating.
    pub fn add(&mut self, k: usize, r: PlayerResult) {
        let (w, h) = match r {
            PlayerResult::Win => (1, 2),
            PlayerResult::Draw => (0, 1),
            PlayerResult::Loss => (0, 0),
        };
        self.wins[k] += w;
        self.points[k] += h;
    }
}

/// An estimate with its 95%-style interval and the games it is worth.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct DealEstimate {
    /// The estimate.
    pub est: f64,
    /// Interval.
    pub lo: f64,
    /// Interval.
    pub hi: f64,
}

impl DealAcc {
    /// Fold a finished deal of `n` seatings.
    pub fn finish(&mut self, d: &DealInProgress, n: usize) {
        self.deals += 1;
        self.seatings = n as u64;
        for j in 0..n {
            self.wins[j] += d.wins[j];
            self.points[j] += d.points[j];
            for k in 0..n {
                self.win_cross[j][k] += d.wins[j] * d.wins[k];
                self.point_cross[j][k] += d.points[j] * d.points[k];
            }
        }
    }

    /// Add another accumulator.
    pub fn merge(&mut self, o: &DealAcc) {
        self.deals += o.deals;
        self.seatings = self.seatings.max(o.seatings);
        for j in 0..MAX_PLAYERS {
            self.wins[j] += o.wins[j];
            self.points[j] += o.points[j];
            for k in 0..MAX_PLAYERS {
                self.win_cross[j][k] += o.win_cross[j][k];
                self.point_cross[j][k] += o.point_cross[j][k];
            }
        }
    }

    /// Mean and sample variance over deals of Σⱼ cⱼ·xⱼ, from the sums and cross sums.
    fn mean_var(&self, c: &[f64], sum: &[u64], cross: &[[u64; MAX_PLAYERS]]) -> (f64, f64) {
        let d = self.deals as f64;
        let mean = c.iter().zip(sum).map(|(c, &s)| c * s as f64).sum::<f64>() / d;
        let mut sq = 0.0;
        for (j, cj) in c.iter().enumerate() {
            for (k, ck) in c.iter().enumerate() {
                sq += cj * ck * cross[j][k] as f64;
            }
        }
        let var = ((sq - d * mean * mean) / (d - 1.0)).max(0.0);
        (mean, var)
    }

    /// Slot `k`'s win rate (wins over games) with an interval that uses the pairing: the
    /// variance of the rate is measured between deals, V = s²/(n²·D) with s² the sample
    /// variance of the slot's wins per deal, and the interval is Wilson's at the effective
    /// sample size p̂(1 − p̂)/V (the design-effect adjustment of L. Kish, "Survey Sampling",
    /// 1965, used for Wilson intervals by E. L. Korn and B. I. Graubard, Survey Methodology
    /// 24 (1998) 193–201, here without their truncation at the real sample size, since the
    /// pairing is meant to gain). With V = 0 it falls back to the games themselves.
    /// Also returns the effective games. `None` below two deals.
    pub fn win_rate(&self, k: usize, z: f64) -> Option<(DealEstimate, f64)> {
        let n = self.seatings as usize;
        if self.deals < 2 || k >= n {
            return None;
        }
        let mut c = [0.0; MAX_PLAYERS];
        c[k] = 1.0 / n as f64;
        let (p, s2) = self.mean_var(&c[..n], &self.wins[..n], &self.win_cross[..n]);
        let games = (self.deals * self.seatings) as f64;
        Some(wilson_at_variance(p, s2 / self.deals as f64, games, z))
    }

    /// Slot `k`'s score rate (win 1, draw ½) minus the mean of the other slots', with the
    /// paired interval d̄ ± t·s/√D over the per-deal differences (the deals are the pairs),
    /// with t Student's quantile for D − 1 degrees of freedom at the level of `z` (with few
    /// deals the normal quantile under-covers: 92.8% at 25 deals). For two players without
    /// draws it is 2p − 1. `None` below two deals.
    pub fn diff(&self, k: usize, z: f64) -> Option<DealEstimate> {
        let n = self.seatings as usize;
        if self.deals < 2 || k >= n || n < 2 {
            return None;
        }
        let mut c = [0.0; MAX_PLAYERS];
        for (j, cj) in c.iter_mut().enumerate().take(n) {
            *cj = if j == k {
                1.0 / (2 * n) as f64
            } else {
                -1.0 / ((n - 1) * 2 * n) as f64
            };
        }
        let (m, s2) = self.mean_var(&c[..n], &self.points[..n], &self.point_cross[..n]);
        let t = crate::tdist::t_quantile(z, (self.deals - 1) as f64);
        let half = t * (s2 / self.deals as f64).sqrt();
        Some(DealEstimate {
            est: m,
            lo: m - half,
            hi: m + half,
        })
    }
}

/// A rate `p` whose variance `v` was measured (between deals, or pooled from such): Wilson's
/// interval with continuity correction ([`crate::stats::wilson_corrected_at`], as for every
/// single and pooled rate) at the effective games p(1 − p)/v, and those games; with v = 0 (or
/// p at 0 or 1) the `games` actually played stand in.
pub fn wilson_at_variance(p: f64, v: f64, games: f64, z: f64) -> (DealEstimate, f64) {
    let eff = if v > 0.0 && p > 0.0 && p < 1.0 {
        p * (1.0 - p) / v
    } else {
        games
    };
    let (lo, hi) = crate::stats::wilson_corrected_at(p, eff, z);
    (DealEstimate { est: p, lo, hi }, eff)
}

/// Whole-number check used by the CLI: a duplicate matchup's games must fill whole deals.
pub fn check_games(games: u64, players: usize) -> Result<(), String> {
    if !games.is_multiple_of(players as u64) {
        return Err(format!(
            "--duplicate plays every deal once per seating: give a game count that is a multiple of {players} (got {games})"
        ));
    }
    Ok(())
}

/// A slot's duplicate-deal results as the outputs show them.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct DealCells {
    /// Win rate with its deal-paired interval.
    pub win: DealEstimate,
    /// The games that interval is worth ([`DealAcc::win_rate`]).
    pub effective: f64,
    /// Score rate minus the other slots' mean, paired by deal ([`DealAcc::diff`]).
    pub diff: Option<DealEstimate>,
}

impl DealAcc {
    /// Slot `k`'s [`DealCells`] at 95% (`None` without two complete deals).
    pub fn cells(&self, k: usize) -> Option<DealCells> {
        let z = crate::stats::Z95;
        let (win, effective) = self.win_rate(k, z)?;
        Some(DealCells {
            win,
            effective,
            diff: self.diff(k, z),
        })
    }
}
