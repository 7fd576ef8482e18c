//! The strength order of the decks for the heatmaps: Bradley–Terry ratings from ranking.csv
//! when the folder has one, else fitted to the matchups of matrix.csv or summary.csv with the
//! tournament's own fit ([`crate::stats::bradley_terry`], Elo scale, mean 0).

use std::collections::HashMap;

use anyhow::Result;

use super::csvin::{Est, Table};
use crate::stats::{bradley_terry, ELO_PER_THETA, Z95};
use crate::tournament::BT_PRIOR;

/// Decks, strongest first, with their ratings (Elo scale) when a fit exists.
#[derive(Default, Debug, Clone)]
pub(super) struct Strength {
    /// (deck, rating with its 95% interval), strongest first.
    pub(super) order: Vec<(String, Option<Est>)>,
    /// Where the ratings come from, for captions.
    pub(super) source: &'static str,
}

impl Strength {
    /// The ratings of ranking.csv (already sorted by rating).
    pub(super) fn from_ranking(t: &Table) -> Result<Strength> {
        let mut order = Vec::new();
        for r in t.recs() {
            order.push((r.s("deck").to_string(), r.est_ci("rating")?));
        }
        Ok(Strength::sorted(order, "ranking.csv"))
    }

    /// A fit to matrix.csv (row deck's wins and draws against the column deck).
    pub(super) fn from_matrix(t: &Table) -> Result<Strength> {
        let mut res = Vec::new();
        for r in t.recs() {
            let score = r.u("row_wins")? as f64 + 0.5 * r.u("draws")? as f64;
            res.push((
                r.s("row_deck").to_string(),
                r.s("col_deck").to_string(),
                score,
                r.u("games")? as f64,
            ));
        }
        Ok(Strength::fit(&res, "a Bradley–Terry fit to matrix.csv"))
    }

    /// A fit to the `all` rows of summary.csv (two-player matchups).
    pub(super) fn from_summary(t: &Table) -> Result<Strength> {
        let mut res = Vec::new();
        for r in t.recs().filter(|r| r.s("seat") == "all") {
            let score = r.u("wins")? as f64 + 0.5 * r.u("draws")? as f64;
            res.push((
                r.s("deck").to_string(),
                r.s("opponent").to_string(),
                score,
                r.u("games")? as f64,
            ));
        }
        Ok(Strength::fit(&res, "a Bradley–Terry fit to summary.csv"))
    }

    /// Fit to (deck, opponent, deck's score, games) results; mirrors are left out, and each
    /// unordered pair counts once (the first row seen).
    fn fit(res: &[(String, String, f64, f64)], source: &'static str) -> Strength {
        let mut names: Vec<String> = Vec::new();
        for (a, b, _, _) in res {
            for n in [a, b] {
                if !names.contains(n) {
                    names.push(n.clone());
                }
            }
        }
        let k = names.len();
        let idx: HashMap<&str, usize> = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.as_str(), i))
            .collect();
        let mut w = vec![vec![0.0; k]; k];
        let mut g = vec![vec![0.0; k]; k];
        for (a, b, s, n) in res {
            let (i, j) = (idx[a.as_str()], idx[b.as_str()]);
            if i == j || g[i][j] > 0.0 {
                continue;
            }
            w[i][j] = *s;
            w[j][i] = n - s;
            g[i][j] = *n;
            g[j][i] = *n;
        }
        // Only decks with an opponent (an opponent-less one has no rating).
        let fit = bradley_terry(&w, &g, BT_PRIOR);
        let order = names
            .into_iter()
            .enumerate()
            .map(|(i, n)| {
                let e = fit.as_ref().map(|f| {
                    let v = f.theta[i] * ELO_PER_THETA;
                    let h = Z95 * f.se[i] * ELO_PER_THETA;
                    Est {
                        v,
                        lo: v - h,
                        hi: v + h,
                    }
                });
                (n, e)
            })
            .collect();
        Strength::sorted(order, source)
    }

    fn sorted(mut order: Vec<(String, Option<Est>)>, source: &'static str) -> Strength {
        // Strongest first; unrated decks last, in their order.
        order.sort_by(|a, b| {
            let ra = a.1.map_or(f64::NEG_INFINITY, |e| e.v);
            let rb = b.1.map_or(f64::NEG_INFINITY, |e| e.v);
            rb.total_cmp(&ra)
        });
        Strength { order, source }
    }

    /// `names` in strength order (names the ratings do not know keep their order, last).
    pub(super) fn sort(&self, names: &[String]) -> Vec<String> {
        let pos = |n: &String| self.order.iter().position(|o| &o.0 == n);
        let mut v = names.to_vec();
        v.sort_by_key(|n| pos(n).unwrap_or(usize::MAX));
        v
    }

    /// The heatmap notes of `names`: `BT +85 [+70, +100]` each (none when nothing is rated).
    pub(super) fn notes(&self, names: &[String]) -> Vec<String> {
        if !self.rated() {
            return Vec::new();
        }
        names
            .iter()
            .map(
                |n| match self.order.iter().find(|o| &o.0 == n).and_then(|o| o.1) {
                    Some(e) => format!("BT {}", rating(e)),
                    None => "BT —".into(),
                },
            )
            .collect()
    }

    /// Whether any deck has a rating.
    pub(super) fn rated(&self) -> bool {
        self.order.iter().any(|o| o.1.is_some())
    }
}

/// A rating with its interval: `+85 [+70, +100]`.
pub(super) fn rating(e: Est) -> String {
    format!("{:+.0} [{:+.0}, {:+.0}]", e.v, e.lo, e.hi)
}
