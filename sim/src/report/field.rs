//! Report section of a gauntlet (field.csv: one deck against each opponent, and pooled).

use anyhow::Result;

use super::charts;
use super::charts::{count, pct, Bar};
use super::csvin::Table;

use super::html::*;

pub(super) const FIELD_COLS: [&str; 14] = crate::field::FIELD_COLUMNS;

/// The gauntlet section: win-rate bars per opponent and the pooled row, with intervals, and
/// the table of every row.
pub(super) fn field_section(t: &Table) -> Result<Section> {
    let mut bars = Vec::new();
    let mut pooled = None;
    let mut rows = Vec::new();
    let mut ns = Vec::new();
    let mut deck = String::new();
    for r in t.recs() {
        let g = r.u("games")?;
        let (w, d, l) = (r.u("wins")?, r.u("draws")?, r.u("losses")?);
        let what = format!("{} vs {}", r.s("deck"), r.s("opponent"));
        check_le(t, &what, w + d + l, g, "wins, draws and losses")?;
        let win = r.rate_ci("win_rate")?;
        let draw = r.rate_ci("draw_rate")?;
        let score = r.fo("score")?;
        deck = r.s("deck").to_string();
        let field = r.s("opponent") == "field";
        if let Some(e) = win {
            let bar = Bar {
                label: if field {
                    "field (pooled)".to_string()
                } else {
                    format!("vs {} (weight {})", r.s("opponent"), r.s("weight"))
                },
                est: e,
                n: format!("n={}", count(g)),
            };
            if field {
                pooled = Some(bar);
            } else {
                ns.push(g);
                bars.push(bar);
            }
        }
        rows.push(vec![
            r.s("deck").to_string(),
            r.s("opponent").to_string(),
            r.s("weight").to_string(),
            count(g),
            rate_cell(win),
            rate_cell(draw),
            score.map(pct).unwrap_or_else(|| "—".into()),
            count(w),
            count(d),
            count(l),
        ]);
    }
    let mut html = String::new();
    let n_opp = bars.len();
    bars.extend(pooled);
    if !bars.is_empty() {
        let svg = charts::hbars(
            "chart-field",
            "field",
            &bars,
            0.5,
            false,
            "win rate against the opponent",
        );
        let cap = format!(
            "{} against each opponent ({n_opp} opponents, {} games each) and against the \
             field, pooled with the opponents' weights (last bar; field.csv), with 95% \
             intervals. Bars start at 50%; pale bars: the interval includes 50%. Draws are \
             not wins: see the table.",
            deck,
            n_range(ns)
        );
        html.push_str(&figure(&svg, &cap));
    }
    html.push_str(&table(
        &[
            "deck",
            "opponent",
            "weight",
            "games",
            "win rate [95%]",
            "draw rate [95%]",
            "score",
            "wins",
            "draws",
            "losses",
        ],
        &rows,
    ));
    Ok(Section {
        id: "field".into(),
        title: format!("Gauntlet: {deck} against the field"),
        html,
    })
}
