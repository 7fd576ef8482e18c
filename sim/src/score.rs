//! Per-game scores ([`cardsim_engine::Game::score`]): their sufficient statistics (count, sum,
//! sum of squares, all integers, so shards and threads merge exactly), the mean with its 95%
//! interval, and the summary columns and console table that show them when a game scores.

use crate::output::SummaryRow;
use crate::stats::Z95;

/// Sufficient statistics of one seat's scores.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ScoreAcc {
    /// Games that gave a score.
    pub n: u64,
    /// Sum of the scores.
    pub sum: i128,
    /// Sum of their squares.
    pub sum_sq: u128,
}

impl ScoreAcc {
    /// No score counted (the game keeps none).
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Count one game's score.
    pub fn add(&mut self, v: i32) {
        self.n += 1;
        self.sum += v as i128;
        self.sum_sq += (v as i128 * v as i128) as u128;
    }

    /// Add another accumulator's counts.
    pub fn merge(&mut self, o: &ScoreAcc) {
        self.n += o.n;
        self.sum += o.sum;
        self.sum_sq += o.sum_sq;
    }

    /// The mean and its 95% interval (normal approximation with the sample variance; the
    /// interval collapses to the mean for a single game). `None` without scores.
    pub fn mean_ci(&self) -> Option<(f64, f64, f64)> {
        if self.n == 0 {
            return None;
        }
        let n = self.n as f64;
        let mean = self.sum as f64 / n;
        if self.n == 1 {
            return Some((mean, mean, mean));
        }
        // Integer numerator: n·Σx² − (Σx)², exact before the one division.
        let num = self.n as i128 * self.sum_sq as i128 - self.sum * self.sum;
        let var = num.max(0) as f64 / (n * (n - 1.0));
        let half = Z95 * (var / n).sqrt();
        Some((mean, mean - half, mean + half))
    }
}

/// Summary CSV columns added when some row has a score.
pub const COLUMNS: [&str; 4] = [
    "score_games",
    "score_mean",
    "score_mean_ci_low",
    "score_mean_ci_high",
];

/// Whether any row has a score (the columns are written only then).
pub fn scored(rows: &[SummaryRow]) -> bool {
    rows.iter().any(|r| r.acc.score.n > 0)
}

/// A row's score cells: none when `on` is false, else the four [`COLUMNS`] (empty without
/// scores).
pub fn cells(s: &ScoreAcc, on: bool) -> Vec<String> {
    if !on {
        return Vec::new();
    }
    match s.mean_ci() {
        None => vec![String::new(); 4],
        Some((m, lo, hi)) => vec![
            s.n.to_string(),
            format!("{m:.4}"),
            format!("{lo:.4}"),
            format!("{hi:.4}"),
        ],
    }
}

/// The console table of scores per deck and seat (empty when nothing scored).
pub fn table(rows: &[SummaryRow]) -> String {
    if !scored(rows) {
        return String::new();
    }
    let mut t = crate::table::Table::new(
        ["matchup", "deck", "seat", "games", "mean score [95% CI]"],
        3,
    );
    for r in rows {
        if let Some((m, lo, hi)) = r.acc.score.mean_ci() {
            t.row([
                r.matchup.clone(),
                r.deck.clone(),
                r.seat.clone(),
                r.acc.score.n.to_string(),
                format!("{m:.2} [{lo:.2}, {hi:.2}]"),
            ]);
        }
    }
    t.render()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_and_interval_match_hand_values() {
        let mut a = ScoreAcc::default();
        for v in [2, 4, 4, 4, 5, 5, 7, 9] {
            a.add(v);
        }
        // Mean 5, sample variance 32/7, half-width 1.96 * sqrt(32/7/8).
        let (m, lo, hi) = a.mean_ci().unwrap();
        assert_eq!(m, 5.0);
        let half = Z95 * (32.0f64 / 7.0 / 8.0).sqrt();
        assert!((hi - 5.0 - half).abs() < 1e-12 && (5.0 - lo - half).abs() < 1e-12);
        assert_eq!((a.n, a.sum, a.sum_sq), (8, 40, 232));
    }

    #[test]
    fn merging_shards_equals_one_pass() {
        let (mut one, mut x, mut y) = Default::default();
        for v in -3..20 {
            ScoreAcc::add(&mut one, v);
            ScoreAcc::add(if v % 3 == 0 { &mut x } else { &mut y }, v);
        }
        let mut m: ScoreAcc = x;
        m.merge(&y);
        assert_eq!(m, one);
        assert_eq!(ScoreAcc::default().mean_ci(), None);
        let mut single = ScoreAcc::default();
        single.add(-4);
        assert_eq!(single.mean_ci(), Some((-4.0, -4.0, -4.0)));
    }
}
