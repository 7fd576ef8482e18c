//! Report section of team results (teams.csv).

use anyhow::Result;

use super::charts;
use super::charts::{count, Bar};
use super::csvin::Table;

use super::html::*;

pub(super) const TEAM_COLS: [&str; 15] = crate::output::TEAM_COLUMNS;

pub(super) fn teams_section(t: &Table) -> Result<Section> {
    let mut bars = Vec::new();
    let mut rows = Vec::new();
    let mut ns = Vec::new();
    for r in t.recs() {
        let g = r.u("games")?;
        let (w, d, l) = (r.u("wins")?, r.u("draws")?, r.u("losses")?);
        let what = format!("{} {} {}", r.s("matchup"), r.s("team"), r.s("seats"));
        check_le(t, &what, w + d + l, g, "wins, draws and losses")?;
        let win = r.rate_ci("win_rate")?;
        let draw = r.rate_ci("draw_rate")?;
        if let (Some(e), "all") = (win, r.s("seats")) {
            ns.push(g);
            bars.push(Bar {
                label: format!("{} vs {}", r.s("team"), r.s("opponent")),
                est: e,
                n: format!("n={}", count(g)),
            });
        }
        rows.push(vec![
            r.s("matchup").to_string(),
            r.s("team").to_string(),
            r.s("opponent").to_string(),
            r.s("seats").to_string(),
            r.s("moves_first").to_string(),
            count(g),
            rate_cell(win),
            rate_cell(draw),
            rate_cell(wilson_est(l, g)),
        ]);
    }
    let mut html = String::new();
    if !bars.is_empty() {
        let svg = charts::hbars(
            "chart-teams",
            "teams",
            &bars,
            0.5,
            false,
            "team win rate (all seats)",
        );
        let cap = format!(
            "Each team's win rate over all seats it sat in (teams.csv, `all` rows), with 95% \
             intervals ({} teams, {} games each). A team is the decks seated on one side; it \
             wins when its side wins. Bars start at 50%; pale bars: the interval includes 50%.",
            bars.len(),
            n_range(ns)
        );
        html.push_str(&figure(&svg, &cap));
    }
    html.push_str(&table(
        &[
            "matchup",
            "team",
            "opponent",
            "seats",
            "moves first",
            "games",
            "win rate [95%]",
            "draw rate [95%]",
            "loss rate [95%]",
        ],
        &rows,
    ));
    Ok(Section {
        id: "teams".into(),
        title: "Teams".into(),
        html,
    })
}
