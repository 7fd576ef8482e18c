//! Report sections of a tournament: the matchup heatmap (matrix.csv) and the ranking (ranking.csv).

use std::collections::HashMap;

use anyhow::{bail, Result};

use super::charts;
use super::charts::{count, Bar, HeatCell};
use super::csvin::Table;
use super::strength::Strength;

use super::html::*;

pub(super) const MATRIX_COLS: [&str; 9] = crate::tournament::MATRIX_COLUMNS;

pub(super) fn matrix_section(t: &Table, strength: &Strength) -> Result<Section> {
    let mut found = HashMap::new();
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut rows = Vec::new();
    for r in t.recs() {
        let (g, rw, cw, d) = (
            r.u("games")?,
            r.u("row_wins")?,
            r.u("col_wins")?,
            r.u("draws")?,
        );
        let what = format!("{} vs {}", r.s("row_deck"), r.s("col_deck"));
        if rw + cw + d != g {
            bail!(
                "{}: row for {what}: row_wins + col_wins + draws = {} but games = {g}",
                t.name(),
                rw + cw + d
            );
        }
        let est = r.rate_ci("win_rate")?;
        let key = (r.s("row_deck").to_string(), r.s("col_deck").to_string());
        pairs.push(key.clone());
        if let Some(e) = est {
            found.insert(
                key,
                HeatCell {
                    est: e,
                    n: g,
                    note: format!(", {} draws", count(d)),
                },
            );
        }
        rows.push(vec![
            r.s("row_deck").to_string(),
            r.s("col_deck").to_string(),
            count(g),
            count(rw),
            count(cw),
            count(d),
            rate_cell(est),
        ]);
    }
    let (hr, hc) = axes(
        strength.sort(&distinct(pairs.iter().map(|p| p.0.as_str()))),
        strength.sort(&distinct(pairs.iter().map(|p| p.1.as_str()))),
    );
    let ns: Vec<u64> = found.values().map(|c| c.n).collect();
    let total: u64 = ns.iter().sum();
    let cells = heat_cells(&hr, &hc, found);
    let notes = strength.notes(&hr);
    let svg = charts::heatmap("chart-matrix", &hr, &notes, &hc, &cells);
    let cap = format!(
        "Tournament matrix (matrix.csv): win rate of the row deck against the column deck \
         with its 95% interval and n games per cell ({} cells, {} games in all; {} per cell). \
         {} Draws count as non-wins. Grey: not played.",
        ns.len(),
        count(total),
        n_range(ns.iter().copied()),
        super::run::strength_note(strength)
    );
    let mut html = figure(&svg, &cap);
    html.push_str(&table(
        &[
            "row deck",
            "column deck",
            "games",
            "row wins",
            "column wins",
            "draws",
            "row win rate [95%]",
        ],
        &rows,
    ));
    Ok(Section {
        id: "matrix".into(),
        title: "Tournament matrix, strongest deck first".into(),
        html,
    })
}

pub(super) const RANKING_COLS: [&str; 8] = crate::tournament::RANKING_COLUMNS;

pub(super) fn ranking_section(t: &Table) -> Result<Section> {
    let mut bars = Vec::new();
    let mut rows = Vec::new();
    for r in t.recs() {
        let g = r.u("games")?;
        let est = r.rate_ci("field_win_rate")?;
        let rating = r.est_ci("rating")?;
        if let Some(e) = est {
            bars.push(Bar {
                label: r.s("deck").to_string(),
                est: e,
                n: format!("n={}", count(g)),
            });
        }
        rows.push(vec![
            (rows.len() + 1).to_string(),
            r.s("deck").to_string(),
            count(g),
            rate_cell(est),
            rating
                .map(|e| format!("{:.1} [{:.1}, {:.1}]", e.v, e.lo, e.hi))
                .unwrap_or_else(|| "—".into()),
        ]);
    }
    let mut html = String::new();
    if !bars.is_empty() {
        bars.sort_by(|a, b| b.est.v.total_cmp(&a.est.v));
        let svg = charts::hbars(
            "chart-ranking",
            "ranking",
            &bars,
            0.5,
            false,
            "win rate against the field",
        );
        let cap = format!(
            "Each deck's win rate against the rest of the field (ranking.csv), sorted, with \
             95% intervals and n games per deck ({} decks). Bars start at 50%; pale bars: the \
             interval includes 50%.",
            bars.len()
        );
        html.push_str(&figure(&svg, &cap));
    }
    html.push_str(&table(
        &[
            "rank",
            "deck",
            "games",
            "field win rate [95%]",
            "rating [95%]",
        ],
        &rows,
    ));
    Ok(Section {
        id: "ranking".into(),
        title: "Ranking".into(),
        html,
    })
}
