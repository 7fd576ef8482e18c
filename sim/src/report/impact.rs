//! Report section of card impact (impact.csv).

use anyhow::Result;

use super::charts;
use super::charts::{count, pts, pts_iv, Bar};
use super::csvin::Table;

use super::html::*;

/// The impact.csv columns the section reads: the leading columns minus the arms' interval
/// columns (added later), so that folders written before them still get a report.
pub(super) const IMPACT_COLS: [&str; 11] = [
    "deck",
    "card",
    "change",
    "games",
    "base_win_rate",
    "new_win_rate",
    "diff",
    "diff_ci_low",
    "diff_ci_high",
    "base_wins",
    "new_wins",
];

/// The card-impact section; `ablation` is the manifest's record of a round robin's ablation
/// (the default job's), when impact.csv comes from one.
pub(super) fn impact_section(t: &Table, ablation: Option<&serde_json::Value>) -> Result<Section> {
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
    if let Some(a) = ablation {
        let per = a.get("games_per_opponent").and_then(|x| x.as_u64());
        html.push_str(&format!(
            "<p><b>Causal card impact.</b> Every card of every deck was removed in turn and the \
             deck played against each other deck with and without it on the same deals \
             ({} paired games per opponent and card, a bounded budget next to the round \
             robin's; <code>--ablation-games N</code> sets it). A bar is the change in the \
             deck's win rate when the card leaves: a negative bar is a card that helps its \
             deck. Same deals, same luck: the differences come from the card alone.</p>\n",
            per.map(count).unwrap_or_else(|| "?".into())
        ));
    }
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
        title: if ablation.is_some() {
            "Card impact (causal: each card removed)".into()
        } else {
            "Card impact (deck changes)".into()
        },
        html,
    })
}
