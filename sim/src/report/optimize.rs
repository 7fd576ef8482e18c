//! Report section of a deck search (optimize.csv, trajectory.csv): the start and best decks
//! on the fresh games, the card changes, and the incumbent's win rate over the games spent.

use anyhow::Result;

use super::charts::{self, count, pts, pts_iv, Curve, Pt, XAxis};
use super::csvin::Table;
use super::html::*;

pub(super) const OPTIMIZE_COLS: [&str; 13] = crate::optimize::write::OPTIMIZE_COLUMNS;
pub(super) const TRAJECTORY_COLS: [&str; 15] = crate::optimize::write::TRAJECTORY_COLUMNS;

pub(super) fn optimize_section(opt: &Table, traj: Option<&Table>) -> Result<Section> {
    let mut html = String::new();
    let mut rows = Vec::new();
    let mut changes = String::new();
    let mut search_games = 0;
    for r in opt.recs() {
        let (g, w) = (r.u("games")?, r.u("wins")?);
        check_le(opt, r.s("arm"), w, g, "wins")?;
        search_games = r.u("search_games")?;
        let diff = r.est_ci("diff")?;
        if r.s("arm") == "best" {
            changes = r.s("changes").to_string();
        }
        rows.push(vec![
            r.s("arm").to_string(),
            r.s("deck").to_string(),
            count(g),
            rate_cell(wilson_est(w, g)),
            match (r.s("arm"), diff) {
                ("best", Some(e)) => format!("{} {}", pts(e.v), pts_iv(&e)),
                _ => "—".into(),
            },
        ]);
    }
    html.push_str(&format!(
        "<p>Both decks re-measured on the same fresh games, never used by the search, which \
         spent {} games. Card changes from the start deck: {}.</p>\n",
        count(search_games),
        if changes.is_empty() {
            "none".into()
        } else {
            crate::report::svg::esc(&changes)
        }
    ));
    html.push_str(&table(
        &[
            "arm",
            "deck",
            "games",
            "win rate [95%]",
            "best − start, pts [95%, paired]",
        ],
        &rows,
    ));
    if let Some(t) = traj {
        let mut pts_v = Vec::new();
        for r in t.recs() {
            if r.s("accepted") != "1" {
                continue;
            }
            let n = r.u("incumbent_games")?;
            if let Some(e) = r.est_ci("incumbent_win_rate")? {
                pts_v.push(Pt {
                    x: r.u("search_games")? as f64,
                    y: e.v,
                    band: Some((e.lo, e.hi)),
                    tip: format!(
                        "step {}: incumbent win rate {} on {} games; moved by `{}`",
                        r.s("step"),
                        charts::pct(e.v),
                        n,
                        r.s("change")
                    ),
                });
            }
        }
        if !pts_v.is_empty() {
            let xs: Vec<(f64, String)> = pts_v.iter().map(|p| (p.x, count(p.x as u64))).collect();
            let svg = charts::curves(
                "chart-optimize",
                "optimize",
                &XAxis::Numeric(xs),
                "games spent by the search",
                "incumbent win rate",
                true,
                &[Curve {
                    name: "incumbent".into(),
                    colour: charts::series_colour(0),
                    dashed: false,
                    pts: pts_v,
                }],
            );
            html.push_str(&figure(
                &svg,
                "The search's trajectory (trajectory.csv): at each accepted move, the win rate of \
                 the deck it moved from, measured on that deck's own search games (which the \
                 search chose the deck on, so biased upward; the table above is the honest \
                 measurement), with its 95% Wilson band.",
            ));
        }
    }
    Ok(Section {
        id: "optimize".into(),
        title: "Deck search (optimize)".into(),
        html,
    })
}
