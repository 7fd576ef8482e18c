//! Report section of a patch comparison (compare.csv, of `--patch` runs and `cardsim compare`).

use anyhow::{bail, Result};

use super::charts;
use super::charts::{count, pct, pts, pts_iv, Bar};
use super::csvin::Table;

use super::html::*;

pub(super) const COMPARE_COLS: [&str; 14] = crate::compare::COMPARE_COLUMNS;

/// The comparison section: bars of each deck's pooled difference (after − before) with its
/// interval, and a table of every matchup row.
pub(super) fn compare_section(t: &Table) -> Result<Section> {
    let mut bars = Vec::new();
    let mut rows = Vec::new();
    let mut ns = Vec::new();
    let mut pairings = Vec::new();
    for r in t.recs() {
        let g = r.u("games")?;
        let what = format!("{} {}", r.s("matchup"), r.s("deck"));
        if let Some(d) = r.fo("discordant_games")? {
            check_le(t, &what, d as u64, g, "discordant games")?;
        }
        let before = r.f("before_score")?;
        let after = r.f("after_score")?;
        for (c, v) in [("before_score", before), ("after_score", after)] {
            if !(-1e-9..=1.0 + 1e-9).contains(&v) {
                bail!(
                    "{}: column `{c}`: `{v}` is not a score between 0 and 1",
                    r.at()
                );
            }
        }
        let diff = r.est_ci("diff")?;
        let pairing = r.s("pairing").to_string();
        if !pairings.contains(&pairing) {
            pairings.push(pairing.clone());
        }
        match r.s("level") {
            "deck" => {
                if let Some(e) = diff {
                    ns.push(g);
                    bars.push(Bar {
                        label: r.s("deck").to_string(),
                        est: e,
                        n: format!("n={} {pairing}", count(g)),
                    });
                }
            }
            "matchup" => {
                let win = |c: &str| -> Result<String> {
                    Ok(r.fo(c)?.map(pct).unwrap_or_else(|| "—".into()))
                };
                rows.push(vec![
                    r.s("matchup").to_string(),
                    r.s("deck").to_string(),
                    r.s("weight").to_string(),
                    count(g),
                    pct(before),
                    pct(after),
                    diff.map(|e| format!("{} {}", pts(e.v), pts_iv(&e)))
                        .unwrap_or_else(|| "—".into()),
                    win("before_win_rate")?,
                    win("after_win_rate")?,
                    match r.s("discordant_games") {
                        "" => "—".to_string(),
                        d => d.to_string(),
                    },
                    pairing,
                ]);
            }
            other => bail!(
                "{}: column `level`: `{other}` is not `matchup` or `deck`",
                r.at()
            ),
        }
    }
    let mut html = String::new();
    if !bars.is_empty() {
        bars.sort_by(|a, b| b.est.v.total_cmp(&a.est.v));
        let svg = charts::hbars(
            "chart-compare",
            "compare",
            &bars,
            0.0,
            true,
            "change in score, after − before (percentage points)",
        );
        let how = if pairings.iter().all(|p| p == "paired") {
            "paired: both arms played the same seeds, so the interval comes from the per-game \
             differences"
        } else {
            "unpaired where the folders keep counts only (a --patch run gives paired, \
             narrower intervals)"
        };
        let cap = format!(
            "Each deck's score (win 1, draw ½) after the change minus before, pooled over its \
             matchups (compare.csv, `deck` rows; weighted by the opponents' weights), sorted, \
             with 95% intervals ({how}; {} decks, {} games per arm). Pale bars: the interval \
             includes 0.",
            bars.len(),
            n_range(ns)
        );
        html.push_str(&figure(&svg, &cap));
    }
    html.push_str(&table(
        &[
            "matchup",
            "deck",
            "weight",
            "games per arm",
            "score before",
            "score after",
            "difference, pts [95%]",
            "win rate before",
            "win rate after",
            "discordant games",
            "pairing",
        ],
        &rows,
    ));
    Ok(Section {
        id: "compare".into(),
        title: "Patch comparison (after − before)".into(),
        html,
    })
}
