//! Building blocks of the report page shared by every section: the section type, figures, tables, rate cells with intervals, axis ordering and input checks.

use std::collections::HashMap;
use std::fmt::Write as _;

use anyhow::{bail, Result};

use super::charts::{count, pct, pct_iv, HeatCell};
use super::csvin::{Est, Table};
use super::svg::esc;
use crate::stats::{wilson, Z95};

/// A titled part of the page.
pub(super) struct Section {
    pub(super) id: String,
    pub(super) title: String,
    pub(super) html: String,
}

/// One chart with its caption.
pub(super) fn figure(svg: &str, caption: &str) -> String {
    format!(
        "<figure>\n{svg}\n<figcaption>{}</figcaption>\n</figure>\n",
        caption
    )
}

/// An HTML table; cells are escaped. Numeric-looking columns are right-aligned by CSS class.
pub(super) fn table(head: &[&str], rows: &[Vec<String>]) -> String {
    let mut h = String::from("<div class=\"tw\"><table>\n<thead><tr>");
    for c in head {
        let _ = write!(h, "<th>{}</th>", esc(c));
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    for r in rows {
        h.push_str("<tr>");
        for (i, c) in r.iter().enumerate() {
            let cls =
                if i > 0 && c.starts_with(|ch: char| ch.is_ascii_digit() || "+-—".contains(ch)) {
                    " class=\"num\""
                } else {
                    ""
                };
            let _ = write!(h, "<td{cls}>{}</td>", esc(c));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody></table></div>\n");
    h
}

pub(super) fn rate_cell(e: Option<Est>) -> String {
    e.map(|e| format!("{} {}", pct(e.v), pct_iv(&e)))
        .unwrap_or_else(|| "—".into())
}

pub(super) fn wilson_est(k: u64, n: u64) -> Option<Est> {
    wilson(k, n, Z95).map(|(lo, hi)| Est {
        v: k as f64 / n as f64,
        lo,
        hi,
    })
}

/// `n = 1,000` when every sample has the same size, else `n = 1,000–2,000`.
pub(super) fn n_range(ns: impl IntoIterator<Item = u64>) -> String {
    let (mut lo, mut hi) = (u64::MAX, 0);
    for n in ns {
        lo = lo.min(n);
        hi = hi.max(n);
    }
    match (lo, hi) {
        (u64::MAX, _) => "n = 0".into(),
        (a, b) if a == b => format!("n = {}", count(a)),
        (a, b) => format!("n = {}–{}", count(a), count(b)),
    }
}

/// Distinct values in first-appearance order.
pub(super) fn distinct<'a>(it: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for s in it {
        if !v.iter().any(|x| x == s) {
            v.push(s.to_string());
        }
    }
    v
}

/// Heatmap rows and columns: the same order on both axes when they hold the same names.
pub(super) fn axes(rows: Vec<String>, cols: Vec<String>) -> (Vec<String>, Vec<String>) {
    let same = rows.len() == cols.len() && cols.iter().all(|c| rows.contains(c));
    if same {
        (rows.clone(), rows)
    } else {
        (rows, cols)
    }
}

pub(super) fn heat_cells(
    rows: &[String],
    cols: &[String],
    found: HashMap<(String, String), HeatCell>,
) -> Vec<Option<HeatCell>> {
    let mut found = found;
    let mut cells = Vec::with_capacity(rows.len() * cols.len());
    for r in rows {
        for c in cols {
            cells.push(found.remove(&(r.clone(), c.clone())));
        }
    }
    cells
}

pub(super) fn check_le(t: &Table, line_of: &str, k: u64, n: u64, what: &str) -> Result<()> {
    if k > n {
        bail!(
            "{}: row for {line_of}: {what} ({k}) exceed the games ({n})",
            t.name()
        );
    }
    Ok(())
}
