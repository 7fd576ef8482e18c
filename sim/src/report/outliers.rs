//! Report section of outliers: the two-player matchups and decks whose 95% interval lies
//! wholly outside a band of win rates (`--band`, default 40–60%), each with a p-value
//! against the band's nearest edge and its Benjamini–Hochberg q-value over every matchup and
//! deck tested.

use std::collections::HashMap;

use anyhow::Result;

use super::charts::{count, pct};
use super::csvin::{Est, Table};

use super::html::*;

/// One thing tested against the band.
#[derive(Clone, Debug)]
pub(super) struct Item {
    /// `matchup` or `deck`.
    pub(super) kind: &'static str,
    /// What (e.g. `rush vs poison`, or a deck's name).
    pub(super) name: String,
    /// The win rate and its 95% interval.
    pub(super) est: Est,
    /// Games.
    pub(super) games: u64,
    /// Effective games for the p-value (the games, or the CSV's `_effective_games`).
    pub(super) n_eff: f64,
}

pub use crate::tdist::normal_cdf;

/// Benjamini–Hochberg q-values of `p` (same order): q(i) = min over the p-values at least
/// p(i) of p·m/rank, capped at 1.
pub fn bh_qvalues(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut idx: Vec<usize> = (0..m).collect();
    idx.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut q = vec![1.0; m];
    let mut running: f64 = 1.0;
    for (rank, &i) in idx.iter().enumerate().rev() {
        running = running.min(p[i] * m as f64 / (rank + 1) as f64);
        q[i] = running.min(1.0);
    }
    q
}

/// Two-sided p-value of a win rate `x` over `n` games against the nearest edge of the band
/// (normal approximation with the edge's variance); 1 inside the band.
pub(super) fn band_p(x: f64, n: f64, band: (f64, f64)) -> f64 {
    let edge = if x > band.1 {
        band.1
    } else if x < band.0 {
        band.0
    } else {
        return 1.0;
    };
    let se = (edge * (1.0 - edge) / n.max(1.0)).sqrt();
    if se == 0.0 {
        return 0.0;
    }
    let z = (x - edge).abs() / se;
    (2.0 * (1.0 - normal_cdf(z))).min(1.0)
}

/// The matchups and decks of a folder: matrix.csv and ranking.csv when there, else the
/// two-player matchups of summary.csv (and each deck pooled over them).
pub(super) fn items(
    matrix: Option<&Table>,
    ranking: Option<&Table>,
    summary: Option<&Table>,
) -> Result<Vec<Item>> {
    let mut out = Vec::new();
    if let Some(t) = matrix {
        let mut seen = std::collections::HashSet::new();
        for r in t.recs() {
            let (a, b) = (r.s("row_deck"), r.s("col_deck"));
            if a == b || !seen.insert(if a < b { (a, b) } else { (b, a) }) {
                continue;
            }
            if let Some(e) = r.rate_ci("win_rate")? {
                let g = r.u("games")?;
                out.push(Item {
                    kind: "matchup",
                    name: format!("{a} vs {b}"),
                    est: e,
                    games: g,
                    n_eff: r.fo("win_rate_effective_games")?.unwrap_or(g as f64),
                });
            }
        }
    } else if let Some(t) = summary {
        // Decks per matchup: only two-player matchups are tested.
        let mut decks: HashMap<&str, Vec<&str>> = HashMap::new();
        for r in t.recs().filter(|r| r.s("seat") == "all") {
            let d = decks.entry(r.s("matchup")).or_default();
            if !d.contains(&r.s("deck")) {
                d.push(r.s("deck"));
            }
        }
        let mut pooled: Vec<(String, u64, u64)> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for r in t.recs().filter(|r| r.s("seat") == "all") {
            let m = r.s("matchup");
            if decks[m].len() != 2 {
                continue;
            }
            let (g, w) = (r.u("games")?, r.u("wins")?);
            let d = r.s("deck");
            match pooled.iter_mut().find(|p| p.0 == d) {
                Some(p) => {
                    p.1 += g;
                    p.2 += w;
                }
                None => pooled.push((d.to_string(), g, w)),
            }
            if !seen.insert(m) {
                continue;
            }
            if let Some(e) = r.rate_ci("win_rate")? {
                out.push(Item {
                    kind: "matchup",
                    name: format!("{d} vs {}", r.s("opponent")),
                    est: e,
                    games: g,
                    n_eff: r.fo("win_rate_effective_games")?.unwrap_or(g as f64),
                });
            }
        }
        if ranking.is_none() && pooled.len() > 2 {
            for (d, g, w) in pooled {
                if let Some(e) = wilson_est(w, g) {
                    out.push(Item {
                        kind: "deck",
                        name: d,
                        est: e,
                        games: g,
                        n_eff: g as f64,
                    });
                }
            }
        }
    }
    if let Some(t) = ranking {
        for r in t.recs() {
            if let Some(e) = r.rate_ci("field_win_rate")? {
                let g = r.u("games")?;
                out.push(Item {
                    kind: "deck",
                    name: r.s("deck").to_string(),
                    est: e,
                    games: g,
                    n_eff: r.fo("field_win_rate_effective_games")?.unwrap_or(g as f64),
                });
            }
        }
    }
    Ok(out)
}

pub(super) fn outliers_section(
    matrix: Option<&Table>,
    ranking: Option<&Table>,
    summary: Option<&Table>,
    band: (f64, f64),
) -> Result<Section> {
    let items = items(matrix, ranking, summary)?;
    let ps: Vec<f64> = items
        .iter()
        .map(|i| band_p(i.est.v, i.n_eff, band))
        .collect();
    let qs = bh_qvalues(&ps);
    let outside = |e: &Est| e.lo > band.1 || e.hi < band.0;
    let mut flagged: Vec<usize> = (0..items.len())
        .filter(|&i| outside(&items[i].est))
        .collect();
    // Farthest from the band first.
    let dist = |e: &Est| (e.v - band.1).max(band.0 - e.v);
    flagged.sort_by(|&a, &b| dist(&items[b].est).total_cmp(&dist(&items[a].est)));
    let n_of = |k: &str| items.iter().filter(|i| i.kind == k).count();
    let f_of = |k: &str| flagged.iter().filter(|&&i| items[i].kind == k).count();
    let band_text = format!("{}–{}", pct(band.0), pct(band.1));
    let mut html = format!(
        "<p>Outliers: the matchups and decks whose 95% interval lies wholly outside the band \
         <b>{band_text}</b> (set it with <code>--band LO..HI</code>): <b>{} of {} matchups</b> \
         and <b>{} of {} decks</b> (against the field).</p>\n",
        f_of("matchup"),
        n_of("matchup"),
        f_of("deck"),
        n_of("deck"),
    );
    if items.is_empty() {
        html.push_str(
            "<p class=\"note\">No two-player matchup with a win rate here, so nothing is \
             tested.</p>\n",
        );
    }
    html.push_str(&format!(
        "<p class=\"note\">Multiple comparisons: {} intervals are checked at once, so some \
         can miss the band by chance alone (about 1 in 40 per side of a true rate at the \
         edge). The q-value (Benjamini–Hochberg over all {} tests; p two-sided against the \
         band's nearest edge) is the false-discovery rate at which a row still counts: rows \
         with q below 0.05 hold as a set with at most 5% false alarms expected.</p>\n",
        items.len(),
        items.len()
    ));
    let rows: Vec<Vec<String>> = flagged
        .iter()
        .map(|&i| {
            let it = &items[i];
            vec![
                it.kind.to_string(),
                it.name.clone(),
                rate_cell(Some(it.est)),
                count(it.games),
                if it.est.lo > band.1 { "above" } else { "below" }.into(),
                p_text(ps[i]),
                p_text(qs[i]),
                if qs[i] < 0.05 { "yes" } else { "no" }.into(),
            ]
        })
        .collect();
    if !rows.is_empty() {
        html.push_str(&table(
            &[
                "kind",
                "what",
                "win rate [95%]",
                "games",
                "side of the band",
                "p",
                "q (BH)",
                "q < 0.05",
            ],
            &rows,
        ));
    }
    Ok(Section {
        id: "outliers".into(),
        title: format!("Outliers (outside {band_text})"),
        html,
    })
}

/// A p- or q-value: 3 significant digits, `< 1e-12` below that.
fn p_text(p: f64) -> String {
    if p < 1e-12 {
        "< 1e-12".into()
    } else if p < 0.001 {
        format!("{p:.2e}")
    } else {
        format!("{p:.3}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normal_cdf_matches_known_values() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 2e-7);
        assert!((normal_cdf(1.959_964) - 0.975).abs() < 1e-6);
        assert!((normal_cdf(-1.0) - 0.158_655_25).abs() < 1e-6);
    }

    #[test]
    fn bh_qvalues_step_up_and_cap() {
        // m = 4: p·m/rank = 0.04, 0.04, 0.04, 0.8 → monotone from the top.
        let q = bh_qvalues(&[0.01, 0.8, 0.02, 0.03]);
        let want = [0.04, 0.8, 0.04, 0.04];
        for (a, b) in q.iter().zip(want) {
            assert!((a - b).abs() < 1e-12, "{q:?}");
        }
        assert_eq!(bh_qvalues(&[0.9, 0.95]), vec![0.95, 0.95]);
    }

    #[test]
    fn band_p_is_one_inside_and_small_far_outside() {
        assert_eq!(band_p(0.5, 1000.0, (0.4, 0.6)), 1.0);
        // 0.6 + 1.96·sqrt(0.24/1000) ≈ 0.6304: p ≈ 0.05.
        let p = band_p(0.630_363, 1000.0, (0.4, 0.6));
        assert!((p - 0.05).abs() < 1e-4, "{p}");
        assert!(band_p(0.2, 1000.0, (0.4, 0.6)) < 1e-12);
    }

    #[test]
    fn bands_parse_as_rates_or_percent() {
        assert_eq!(super::super::parse_band("0.45..0.55"), Ok((0.45, 0.55)));
        assert_eq!(super::super::parse_band("45%..55%"), Ok((0.45, 0.55)));
        assert!(super::super::parse_band("0.6..0.4").is_err());
        assert!(super::super::parse_band("0.4-0.6").is_err());
    }
}
