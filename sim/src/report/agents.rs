//! Report sections of the agent commands: the ladder (ratings.csv, ladder.csv) and best-of
//! matches (series.csv, length.csv).

use anyhow::Result;

use super::charts;
use super::charts::{count, Bar};
use super::csvin::Table;
use super::strength::rating;

use super::html::*;

pub(super) const RATINGS_COLS: [&str; 5] = [
    "agent",
    "rating",
    "rating_ci_low",
    "rating_ci_high",
    "comparisons",
];

/// The ladder.csv columns the report reads (its interval columns too, when there).
pub(super) const LADDER_COLS: [&str; 8] = [
    "agent_a",
    "agent_b",
    "mode",
    "deals",
    "a_better",
    "b_better",
    "ties",
    "a_win_rate",
];

pub(super) const SERIES_COLS: [&str; 24] = crate::series::SERIES_COLUMNS;

pub(super) const LENGTH_COLS: [&str; 2] = ["games_in_match", "matches"];

/// The ladder's Bradley–Terry ratings as a table (the ladder's own fit, ratings.csv).
pub(super) fn ratings_section(t: &Table) -> Result<Section> {
    let mut rows = Vec::new();
    for r in t.recs() {
        let e = r.est_ci("rating")?;
        rows.push(vec![
            (rows.len() + 1).to_string(),
            r.s("agent").to_string(),
            e.map(rating).unwrap_or_else(|| "—".into()),
            count(r.u("comparisons")?),
        ]);
    }
    let html = format!(
        "<p>Agent ratings (ratings.csv): Bradley–Terry on the Elo scale, the first agent \
         anchored at 0, with 95% intervals, fitted to the untied comparisons of every pair.</p>\n{}",
        table(
            &["rank", "agent", "rating [95%]", "comparisons"],
            &rows
        )
    );
    Ok(Section {
        id: "ratings".into(),
        title: "Agent ratings".into(),
        html,
    })
}

/// Every pair of agents: A's share of the untied comparisons, as bars and a table.
pub(super) fn ladder_section(t: &Table) -> Result<Section> {
    let mut bars = Vec::new();
    let mut rows = Vec::new();
    for r in t.recs() {
        let (ab, bb, ties) = (r.u("a_better")?, r.u("b_better")?, r.u("ties")?);
        let est = r.rate_ci("a_win_rate")?;
        if let Some(e) = est {
            bars.push(Bar {
                label: format!("{} vs {}", r.s("agent_a"), r.s("agent_b")),
                est: e,
                n: format!("n={}", count(ab + bb)),
            });
        }
        rows.push(vec![
            r.s("agent_a").to_string(),
            r.s("agent_b").to_string(),
            r.s("mode").to_string(),
            count(r.u("deals")?),
            count(ab),
            count(bb),
            count(ties),
            rate_cell(est),
        ]);
    }
    let mut html = String::new();
    if !bars.is_empty() {
        let svg = charts::hbars(
            "chart-ladder",
            "ladder",
            &bars,
            0.5,
            false,
            "A's share of the untied comparisons",
        );
        let cap = format!(
            "Each pair of agents on the same deals (ladder.csv): agent A's share of the \
             comparisons that were not tied, with 95% intervals and n untied comparisons ({} \
             pairs). Bars start at 50%; pale bars: the interval includes 50%.",
            bars.len()
        );
        html.push_str(&figure(&svg, &cap));
    }
    html.push_str(&table(
        &[
            "agent A",
            "agent B",
            "mode",
            "deals",
            "A better",
            "B better",
            "ties",
            "A's share [95%]",
        ],
        &rows,
    ));
    Ok(Section {
        id: "ladder".into(),
        title: "Agent pairs".into(),
        html,
    })
}

/// Best-of matches: match and game rates with their intervals, and the match lengths.
pub(super) fn series_section(t: &Table, lengths: Option<&Table>) -> Result<Section> {
    let mut bars = Vec::new();
    let mut rows = Vec::new();
    for r in t.recs() {
        let who = format!("{} vs {}", r.s("agent_a"), r.s("agent_b"));
        let cols = [
            ("A's match win rate", "a_match_rate"),
            ("A's game win rate", "a_game_rate"),
            ("first player's game win rate", "first_player_game_rate"),
            ("game-1 winner takes the match", "game1_winner_takes_match"),
        ];
        for (label, col) in cols {
            if !t.has(&format!("{col}_ci_low")) {
                continue;
            }
            let est = r.rate_ci(col)?;
            if let Some(e) = est {
                bars.push(Bar {
                    label: format!("{label} · {who}"),
                    est: e,
                    n: String::new(),
                });
            }
            rows.push(vec![
                who.clone(),
                r.s("best_of").to_string(),
                label.to_string(),
                rate_cell(est),
            ]);
        }
        rows.push(vec![
            who.clone(),
            r.s("best_of").to_string(),
            "matches (A wins / B wins)".into(),
            format!(
                "{} ({} / {})",
                count(r.u("matches")?),
                count(r.u("a_match_wins")?),
                count(r.u("b_match_wins")?)
            ),
        ]);
        rows.push(vec![
            who,
            r.s("best_of").to_string(),
            "games".into(),
            count(r.u("games")?),
        ]);
    }
    let mut html = String::new();
    if !bars.is_empty() {
        let svg = charts::hbars("chart-series", "series", &bars, 0.5, false, "rate");
        html.push_str(&figure(
            &svg,
            "Best-of matches (series.csv): each rate with its 95% interval. Bars start at \
             50%; pale bars: the interval includes 50%.",
        ));
    }
    html.push_str(&table(
        &["agents", "best of", "measure", "value [95%]"],
        &rows,
    ));
    if let Some(l) = lengths {
        let mut lrows = Vec::new();
        let mut total = 0;
        let mut v = Vec::new();
        for r in l.recs() {
            let m = r.u("matches")?;
            total += m;
            v.push((r.s("games_in_match").to_string(), m));
        }
        for (g, m) in v {
            lrows.push(vec![g, count(m), rate_cell(wilson_est(m, total))]);
        }
        html.push_str("<p>How many games the matches took (length.csv).</p>\n");
        html.push_str(&table(
            &["games in the match", "matches", "share [95%]"],
            &lrows,
        ));
    }
    Ok(Section {
        id: "series".into(),
        title: "Best-of matches".into(),
        html,
    })
}
