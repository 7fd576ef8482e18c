//! The ladder's ratings: a Bradley–Terry fit to the pairs' non-tied comparisons, anchored at
//! the first agent, with intervals and the gap of each agent over the next lower-rated one.

use super::{PairResult, Rating};
use crate::stats::Z95;

/// Elo points per unit of the Bradley–Terry log-strength.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// Fit a Bradley–Terry model to the pairs' non-tied comparisons (plus ½ each way per pair)
/// by minorisation–maximisation (Hunter 2004), anchored at 0 for agent 0, with 95%
/// intervals from the inverse of the observed information (anchor removed).
pub fn bradley_terry(labels: &[String], pairs: &[PairResult]) -> Vec<Rating> {
    let k = labels.len();
    // w[i][j]: times i beat j.
    let mut w = vec![vec![0.0f64; k]; k];
    for p in pairs {
        w[p.a][p.b] += p.acc.a_better as f64 + 0.5;
        w[p.b][p.a] += p.acc.b_better as f64 + 0.5;
    }
    let games = |i: usize, j: usize| w[i][j] + w[j][i];
    let mut s = vec![1.0f64; k];
    for _ in 0..10_000 {
        let mut next = s.clone();
        for i in 0..k {
            let wins: f64 = (0..k).map(|j| w[i][j]).sum();
            let denom: f64 = (0..k)
                .filter(|&j| j != i && games(i, j) > 0.0)
                .map(|j| games(i, j) / (s[i] + s[j]))
                .sum();
            if denom > 0.0 {
                next[i] = wins / denom;
            }
        }
        let anchor = next[0];
        for x in next.iter_mut() {
            *x /= anchor;
        }
        let delta = next
            .iter()
            .zip(&s)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        s = next;
        if delta < 1e-12 {
            break;
        }
    }
    // Observed information in log-strengths, without the anchor.
    let m = k - 1;
    let mut info = vec![vec![0.0f64; m]; m];
    for i in 1..k {
        for j in 0..k {
            if i == j {
                continue;
            }
            let v = games(i, j) * s[i] * s[j] / (s[i] + s[j]).powi(2);
            info[i - 1][i - 1] += v;
            if j > 0 {
                info[i - 1][j - 1] -= v;
            }
        }
    }
    let cov = invert(info);
    // Covariance of θ with the anchor (agent 0, fixed) included as a zero row and column.
    let c = |i: usize, j: usize| -> f64 {
        if i == 0 || j == 0 {
            0.0
        } else {
            cov.as_ref().map_or(f64::NAN, |c| c[i - 1][j - 1])
        }
    };
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by(|&a, &b| s[b].total_cmp(&s[a]).then(a.cmp(&b)));
    let gap = |i: usize| -> Option<(String, f64, f64, f64)> {
        let pos = order.iter().position(|&x| x == i)?;
        let j = *order.get(pos + 1)?;
        let d = s[i].ln() - s[j].ln();
        let se = (c(i, i) + c(j, j) - 2.0 * c(i, j)).max(0.0).sqrt();
        Some((
            labels[j].clone(),
            ELO_PER_NAT * d,
            ELO_PER_NAT * (d - Z95 * se),
            ELO_PER_NAT * (d + Z95 * se),
        ))
    };
    (0..k)
        .map(|i| {
            let theta = s[i].ln();
            let se = if i == 0 {
                0.0
            } else {
                cov.as_ref().map_or(f64::NAN, |c| c[i - 1][i - 1].sqrt())
            };
            let comparisons = pairs
                .iter()
                .filter(|p| p.a == i || p.b == i)
                .map(|p| p.acc.a_better + p.acc.b_better)
                .sum();
            Rating {
                agent: labels[i].clone(),
                rating: ELO_PER_NAT * theta,
                low: ELO_PER_NAT * (theta - Z95 * se),
                high: ELO_PER_NAT * (theta + Z95 * se),
                comparisons,
                gap_below: gap(i),
            }
        })
        .collect()
}

/// Gauss–Jordan inverse of a small symmetric positive definite matrix.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let m = a.len();
    let mut inv: Vec<Vec<f64>> = (0..m)
        .map(|i| (0..m).map(|j| (i == j) as u8 as f64).collect())
        .collect();
    for c in 0..m {
        let p = (c..m).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[p][c].abs() < 1e-300 {
            return None;
        }
        a.swap(c, p);
        inv.swap(c, p);
        let d = a[c][c];
        for j in 0..m {
            a[c][j] /= d;
            inv[c][j] /= d;
        }
        for r in 0..m {
            if r != c {
                let f = a[r][c];
                if f != 0.0 {
                    for j in 0..m {
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
    use crate::ladder::PairAcc;

    fn pair(a: usize, b: usize, a_better: u64, b_better: u64) -> PairResult {
        PairResult {
            a,
            b,
            acc: PairAcc {
                a_better,
                b_better,
                ..Default::default()
            },
        }
    }

    #[test]
    fn a_swept_anchor_widens_the_ratings_but_not_the_gap() {
        // Agents 1 and 2 sweep agent 0 (200 comparisons each); 2 beats 1 in 130 of 200.
        let labels: Vec<String> = ["random", "greedy", "mcts"].map(String::from).to_vec();
        let pairs = [pair(1, 0, 200, 0), pair(2, 0, 200, 0), pair(2, 1, 130, 70)];
        let r = bradley_terry(&labels, &pairs);
        // The rating intervals overlap: both hang on the barely determined anchor.
        assert!(r[2].low < r[1].high, "{r:?}");
        // The gap of mcts over greedy is measured mostly by their own pair and excludes 0.
        let (below, d, lo, hi) = r[2].gap_below.clone().unwrap();
        assert_eq!(below, "greedy");
        assert!((d - (r[2].rating - r[1].rating)).abs() < 1e-9);
        // greedy [655, 1337], mcts [760, 1445]; the gap +106 [+56, +157].
        let round = |x: f64| (x * 10.0).round() / 10.0;
        assert_eq!(
            [r[1].low, r[1].high, r[2].low, r[2].high].map(round),
            [654.6, 1337.4, 760.0, 1444.9]
        );
        assert_eq!([d, lo, hi].map(round), [106.4, 56.2, 156.6]);
        assert_eq!(r[1].gap_below.as_ref().unwrap().0, "random");
        assert!(r[0].gap_below.is_none());
    }
}
