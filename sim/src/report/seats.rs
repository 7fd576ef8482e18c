//! Report section of the seat advantage per matchup (summary.csv): the win rate of the seat
//! that moves first, with its 95% interval, matchup by matchup and pooled.

use anyhow::Result;

use super::charts;
use super::charts::{count, Bar};
use super::csvin::Table;

use super::html::*;

/// Per matchup: the first seat's name, games and wins.
struct First {
    matchup: String,
    seat: String,
    games: u64,
    wins: u64,
}

/// The seat-advantage chart, when summary.csv has per-seat rows.
pub(super) fn seat_section(t: &Table) -> Result<Option<Section>> {
    // The seat that moves first: `moves_first = yes` where the column exists, else the first
    // seat named in the file.
    let by_flag = t.has("moves_first");
    let first_named = t
        .recs()
        .map(|r| r.s("seat"))
        .find(|s| *s != "all")
        .map(str::to_string);
    // A game of one seat (a solo game) has no seat advantage.
    if distinct(t.recs().map(|r| r.s("seat")).filter(|s| *s != "all")).len() < 2 {
        return Ok(None);
    }
    let mut firsts: Vec<First> = Vec::new();
    for r in t.recs() {
        let seat = r.s("seat");
        if seat == "all" {
            continue;
        }
        let first = if by_flag {
            r.s("moves_first") == "yes"
        } else {
            Some(seat) == first_named.as_deref()
        };
        if !first {
            continue;
        }
        let (g, w) = (r.u("games")?, r.u("wins")?);
        let m = r.s("matchup");
        match firsts.iter_mut().find(|f| f.matchup == m) {
            Some(f) => {
                f.games += g;
                f.wins += w;
            }
            None => firsts.push(First {
                matchup: m.to_string(),
                seat: seat.to_string(),
                games: g,
                wins: w,
            }),
        }
    }
    if firsts.is_empty() {
        return Ok(None);
    }
    let mut bars = Vec::new();
    let mut rows = Vec::new();
    let (mut g_all, mut w_all) = (0u64, 0u64);
    for f in &firsts {
        g_all += f.games;
        w_all += f.wins;
        let est = wilson_est(f.wins, f.games);
        if let Some(e) = est {
            bars.push(Bar {
                label: f.matchup.clone(),
                est: e,
                n: format!("n={}", count(f.games)),
            });
        }
        rows.push(vec![
            f.matchup.clone(),
            f.seat.clone(),
            count(f.games),
            count(f.wins),
            rate_cell(est),
        ]);
    }
    bars.sort_by(|a, b| b.est.v.total_cmp(&a.est.v));
    let pooled = wilson_est(w_all, g_all);
    let seats: Vec<String> = distinct(firsts.iter().map(|f| f.seat.as_str()));
    let mut html = format!(
        "<p>Seat advantage: the win rate of the seat that moves first (<code>{}</code>) in \
         each matchup, whichever deck sits there; 50% means no advantage. Pooled over every \
         matchup: <b>{}</b> of {} games.</p>\n",
        seats.join(", "),
        rate_cell(pooled),
        count(g_all)
    );
    if !bars.is_empty() {
        let svg = charts::hbars(
            "chart-seats",
            "seat-advantage",
            &bars,
            0.5,
            false,
            "first seat's win rate",
        );
        let cap = format!(
            "First-seat win rate per matchup (summary.csv, both decks' games in the first \
             seat), sorted, with 95% Wilson intervals and n games per matchup ({}). Bars start \
             at 50%; pale bars: the interval includes 50%. Draws count as non-wins.",
            n_range(firsts.iter().map(|f| f.games))
        );
        html.push_str(&figure(&svg, &cap));
    }
    html.push_str(&table(
        &[
            "matchup",
            "first seat",
            "games",
            "first-seat wins",
            "first-seat win rate [95%]",
        ],
        &rows,
    ));
    Ok(Some(Section {
        id: "seats".into(),
        title: "Seat advantage per matchup".into(),
        html,
    }))
}
