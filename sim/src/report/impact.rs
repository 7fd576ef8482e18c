//! Report section of card impact (impact.csv).

use anyhow::Result;

use super::charts;
use super::charts::{count, pts, pts_iv, Bar};
use super::csvin::Table;

use super::html::*;

pub(super) const IMPACT_COLS: [&str; 15] = crate::impact::IMPACT_COLUMNS;

pub(super) fn impact_section(t: &Table) -> Result<Section> {
    let mut bars = Vec::new();
    let mut rows = Vec::new();
    let mut ns = Vec::new();
    for r in t.recs() {
        let g = r.u("games")?;
        if r.s("skipped").is_empty() {
            ns.push(g);
        }
        let (bw, nw) = (r.u("base_wins")?, r.u("new_wins")?);
        let what = format!("{} {} {}", r.s("deck"), r.s("change"), r.s("card"));
        check_le(t, &what, bw, g, "base wins")?;
        check_le(t, &what, nw, g, "new wins")?;
        let diff = r.est_ci("diff")?;
        let label = format!("{} ({}) · {}", r.s("card"), r.s("change"), r.s("deck"));
        if let Some(e) = diff {
            bars.push(Bar {
                label: label.clone(),
                est: e,
                n: format!("n={} each", count(g)),
            });
        }
        rows.push(vec![
            r.s("deck").to_string(),
            r.s("card").to_string(),
            r.s("change").to_string(),
            count(g),
            rate_cell(wilson_est(bw, g)),
            rate_cell(wilson_est(nw, g)),
            diff.map(|e| format!("{} {}", pts(e.v), pts_iv(&e)))
                .unwrap_or_else(|| "—".into()),
            match r.s("skipped") {
                "" => r.s("note").to_string(),
                why => format!("not ablated: {why}"),
            },
        ]);
    }
    let mut html = String::new();
    if !bars.is_empty() {
        bars.sort_by(|a, b| b.est.v.total_cmp(&a.est.v));
        let svg = charts::hbars(
            "chart-impact",
            "impact",
            &bars,
            0.0,
            true,
            "change in win rate (percentage points)",
        );
        let cap = format!(
            "Change in the deck's win rate when the card change is made (impact.csv: new − \
             base; label: card (change) · deck), sorted, with the 95% intervals impact.csv \
             gives; each variant and the base deck play the same n games ({} changes, {} \
             games each). Pale bars: the interval includes 0.",
            bars.len(),
            n_range(ns)
        );
        html.push_str(&figure(&svg, &cap));
    }
    html.push_str(&table(
        &[
            "deck",
            "card",
            "change",
            "games each",
            "base win rate [95%]",
            "new win rate [95%]",
            "difference, pts [95%]",
            "note",
        ],
        &rows,
    ));
    Ok(Section {
        id: "impact".into(),
        title: "Card impact (deck changes)".into(),
        html,
    })
}
