//! Report sections of a run: the summary heatmap, seats and table (summary.csv), turn-count histograms (turns.csv) and per-card metrics (cards.csv).

use std::collections::HashMap;
use std::fmt::Write as _;

use anyhow::Result;

use super::charts;
use super::charts::{count, pts, pts_iv, HeatCell};
use super::csvin::{Est, Table};
use super::strength::{rating, Strength};
use crate::stats::{newcombe_diff, Z95};

use super::html::*;

pub(super) const SUMMARY_COLS: [&str; 10] = [
    "matchup",
    "deck",
    "opponent",
    "seat",
    "games",
    "wins",
    "draws",
    "win_rate",
    "win_rate_ci_low",
    "win_rate_ci_high",
];

/// The matchup heatmap of summary.csv (rows with seat `all`), decks sorted by strength with
/// their Bradley–Terry ratings on the row labels.
pub(super) fn heatmap_section(t: &Table, strength: &Strength) -> Result<Option<Section>> {
    let mut found = HashMap::new();
    let mut all_rows: Vec<(String, String)> = Vec::new();
    for r in t.recs().filter(|r| r.s("seat") == "all") {
        let (games, draws) = (r.u("games")?, r.u("draws")?);
        all_rows.push((r.s("deck").into(), r.s("opponent").into()));
        if let Some(e) = r.rate_ci("win_rate")? {
            found
                .entry((r.s("deck").to_string(), r.s("opponent").to_string()))
                .or_insert(HeatCell {
                    est: e,
                    n: games,
                    note: format!(", {} draws", count(draws)),
                });
        }
    }
    if all_rows.is_empty() {
        return Ok(None);
    }
    let (hr, hc) = axes(
        strength.sort(&distinct(all_rows.iter().map(|x| x.0.as_str()))),
        strength.sort(&distinct(all_rows.iter().map(|x| x.1.as_str()))),
    );
    let n_games: Vec<u64> = found.values().map(|c| c.n).collect();
    let cells = heat_cells(&hr, &hc, found);
    let notes = strength.notes(&hr);
    let svg = charts::heatmap("chart-run-heatmap", &hr, &notes, &hc, &cells);
    let cap = format!(
        "Win rate of each row deck against each column deck over both seats (summary.csv, \
         rows with seat <code>all</code>), with its 95% interval and the number of games ({} \
         per cell). {} Draws count as non-wins. Grey cells: not played.",
        n_range(n_games),
        strength_note(strength)
    );
    let mut html = figure(&svg, &cap);
    html.push_str(&strength_table(strength));
    Ok(Some(Section {
        id: "matchups".into(),
        title: "Matchups, strongest deck first".into(),
        html,
    }))
}

/// The caption sentence on the order of a heatmap's decks.
pub(super) fn strength_note(strength: &Strength) -> String {
    if strength.rated() {
        format!(
            "Decks are sorted by strength, strongest first: the Bradley–Terry rating (Elo \
             scale, mean 0, 95% interval; from {}) follows each row's name; a rating \
             difference of 100 means a 64% expected score.",
            strength.source
        )
    } else {
        "No Bradley–Terry fit exists for these results (a deck without a win or a loss, or \
         decks that never met), so the decks are in file order."
            .into()
    }
}

/// The ratings as a table, strongest first.
pub(super) fn strength_table(strength: &Strength) -> String {
    if !strength.rated() {
        return String::new();
    }
    let rows: Vec<Vec<String>> = strength
        .order
        .iter()
        .enumerate()
        .map(|(i, (d, e))| {
            vec![
                (i + 1).to_string(),
                d.clone(),
                e.map(rating).unwrap_or_else(|| "—".into()),
            ]
        })
        .collect();
    table(&["rank", "deck", "Bradley–Terry rating [95%]"], &rows)
}

/// Seat totals and every row of summary.csv.
pub(super) fn summary_section(t: &Table) -> Result<Section> {
    let mut rows = Vec::new();
    // Seat totals over every matchup (seat name -> games, wins, draws).
    let mut seats: Vec<(String, u64, u64, u64)> = Vec::new();
    for r in t.recs() {
        let (games, wins, draws) = (r.u("games")?, r.u("wins")?, r.u("draws")?);
        let what = format!("{} / {} / {}", r.s("matchup"), r.s("deck"), r.s("seat"));
        check_le(t, &what, wins + draws, games, "wins plus draws")?;
        let est = r.rate_ci("win_rate")?;
        let seat = r.s("seat");
        if seat != "all" {
            match seats.iter_mut().find(|s| s.0 == seat) {
                Some(s) => {
                    s.1 += games;
                    s.2 += wins;
                    s.3 += draws;
                }
                None => seats.push((seat.to_string(), games, wins, draws)),
            }
        }
        rows.push(vec![
            r.s("matchup").to_string(),
            r.s("deck").to_string(),
            seat.to_string(),
            count(games),
            count(wins),
            rate_cell(est),
            count(draws),
            r.s("mean_turns").to_string(),
            r.s("p90_turns").to_string(),
        ]);
    }
    let mut html = String::new();
    if !seats.is_empty() {
        let seat_rows: Vec<Vec<String>> = seats
            .iter()
            .map(|(s, g, w, d)| {
                vec![
                    s.clone(),
                    count(*g),
                    rate_cell(wilson_est(*w, *g)),
                    rate_cell(wilson_est(*d, *g)),
                ]
            })
            .collect();
        html.push_str(
            "<p>Every matchup and deck pooled by seat: the difference between the seats is the \
             seat (first-player) advantage of this game and these decks.</p>\n",
        );
        html.push_str(&table(
            &["seat", "games", "win rate [95%]", "draw rate [95%]"],
            &seat_rows,
        ));
    }
    html.push_str(&format!(
        "<p>Every row of summary.csv ({} rows): per matchup and deck, each seat and both \
         seats together (<code>all</code>).</p>\n",
        t.len()
    ));
    html.push_str(&table(
        &[
            "matchup",
            "deck",
            "seat",
            "games",
            "wins",
            "win rate [95%]",
            "draws",
            "mean turns",
            "p90 turns",
        ],
        &rows,
    ));
    Ok(Section {
        id: "summary".into(),
        title: "Win rates by seat".into(),
        html,
    })
}

pub(super) const CARDS_COLS: [&str; 11] = [
    "matchup",
    "deck",
    "card",
    "games",
    "wins",
    "drawn_games",
    "drawn_wins",
    "played_games",
    "played_wins",
    "never_drawn_games",
    "never_drawn_wins",
];

/// The observational card measures the report can chart, in order of preference.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum CardMetric {
    /// In hand (opening or drawn) versus never seen: GIH − GNS (needs the `gih_*`, `gns_*`
    /// columns).
    Iwd,
    /// Drawn versus never drawn (`improvement_when_drawn`).
    Drawn,
    /// Played versus not played.
    Played,
}

impl CardMetric {
    fn name(self) -> &'static str {
        match self {
            CardMetric::Iwd => "IWD (in hand − never seen)",
            CardMetric::Drawn => "improvement when drawn",
            CardMetric::Played => "improvement when played",
        }
    }
    fn doc(self) -> &'static str {
        match self {
            CardMetric::Iwd => {
                "win rate in games where the card was in hand (opening hand or drawn) minus \
                 the win rate in games where it was never seen (GIH − GNS)"
            }
            CardMetric::Drawn => {
                "win rate in games where at least one copy was drawn minus the win rate in \
                 games where none was"
            }
            CardMetric::Played => {
                "win rate in games where at least one copy was played minus the win rate in \
                 games where none was"
            }
        }
    }
}

/// Counts for one card of one deck, pooled over the matchups it appears in.
#[derive(Default, Clone)]
pub(super) struct CardAcc {
    pub(super) games: u64,
    pub(super) wins: u64,
    /// (with_games, with_wins, without_games, without_wins) per metric.
    pub(super) m: [(u64, u64, u64, u64); 3],
    pub(super) matchups: u32,
}

pub(super) fn cards_section(t: &Table, causal: bool) -> Result<Section> {
    let iwd = t.has_all(&["gih_games", "gih_wins", "gns_games", "gns_wins"]);
    let mut keys: Vec<(String, String)> = Vec::new();
    let mut acc: HashMap<(String, String), CardAcc> = HashMap::new();
    for r in t.recs() {
        let key = (r.s("deck").to_string(), r.s("card").to_string());
        let (games, wins) = (r.u("games")?, r.u("wins")?);
        let (dg, dw, pg, pw) = (
            r.u("drawn_games")?,
            r.u("drawn_wins")?,
            r.u("played_games")?,
            r.u("played_wins")?,
        );
        let (ng, nw) = (r.u("never_drawn_games")?, r.u("never_drawn_wins")?);
        let what = format!("{} / {} / {}", r.s("matchup"), key.0, key.1);
        check_le(t, &what, wins, games, "wins")?;
        check_le(t, &what, pg, games, "played games")?;
        check_le(t, &what, pw, wins, "played wins")?;
        check_le(t, &what, dw, dg, "drawn wins")?;
        check_le(t, &what, nw, ng, "never-drawn wins")?;
        let gi = if iwd {
            let v = (
                r.u("gih_games")?,
                r.u("gih_wins")?,
                r.u("gns_games")?,
                r.u("gns_wins")?,
            );
            check_le(t, &what, v.1, v.0, "in-hand wins")?;
            check_le(t, &what, v.3, v.2, "never-seen wins")?;
            v
        } else {
            (0, 0, 0, 0)
        };
        let a = acc.entry(key.clone()).or_insert_with(|| {
            keys.push(key.clone());
            CardAcc::default()
        });
        a.games += games;
        a.wins += wins;
        a.matchups += 1;
        let add = |m: &mut (u64, u64, u64, u64), v: (u64, u64, u64, u64)| {
            m.0 += v.0;
            m.1 += v.1;
            m.2 += v.2;
            m.3 += v.3;
        };
        add(&mut a.m[0], gi);
        add(&mut a.m[1], (dg, dw, ng, nw));
        add(&mut a.m[2], (pg, pw, games - pg, wins - pw));
    }
    // Pick the first measure (in order of preference) that at least half the cards have
    // samples for on both sides; else the one with the most such cards.
    let metrics = [CardMetric::Iwd, CardMetric::Drawn, CardMetric::Played];
    let usable = |mi: usize| {
        keys.iter()
            .filter(|k| {
                let m = acc[*k].m[mi];
                m.0 >= 30 && m.2 >= 30
            })
            .count()
    };
    let avail: Vec<usize> = (0..3).filter(|&i| i > 0 || iwd).collect();
    let chosen = avail
        .iter()
        .copied()
        .find(|&i| usable(i) * 2 >= keys.len() && usable(i) > 0)
        .or_else(|| avail.iter().copied().max_by_key(|&i| (usable(i), 3 - i)))
        .unwrap_or(2);
    let metric = metrics[chosen];
    let mut rows = Vec::new();
    for k in &keys {
        let a = &acc[k];
        let (wg, ww, og, ow) = a.m[chosen];
        let est = newcombe_diff(ww, wg, ow, og, Z95).map(|(lo, hi)| Est {
            v: ww as f64 / wg as f64 - ow as f64 / og as f64,
            lo,
            hi,
        });
        rows.push(vec![
            k.0.clone(),
            k.1.clone(),
            a.matchups.to_string(),
            count(a.games),
            rate_cell(wilson_est(ww, wg)),
            count(wg),
            rate_cell(wilson_est(ow, og)),
            count(og),
            est.map(|e| format!("{} {}", pts(e.v), pts_iv(&e)))
                .unwrap_or_else(|| "—".into()),
        ]);
    }
    let mut html = String::new();
    let pooled = keys.len() < t.len();
    let _ = writeln!(
        html,
        "<p class=\"note\"><b>Caveat: these are associations, not effects, and they mostly \
         measure game length.</b> A card goes unseen mostly in games that end early (with a \
         small deck, every long game draws it), so the <i>without</i> group is mostly short \
         games, and the difference reads how the deck fares in short games rather than what \
         the card does. {}</p>",
        if causal {
            "The causal measure is the first section of this page: the deck played with and \
             without the card on the same deals."
        } else {
            "<code>cardsim impact --deck D --field DIR --all-cards --remove</code> measures \
             each card's effect by playing the deck with and without it on the same deals \
             (the default job does this for every example deck)."
        }
    );
    let _ = writeln!(
        html,
        "<p><b>{}</b> = {}{}; read each difference next to its <i>without: n</i>.</p>",
        metric.name(),
        metric.doc(),
        if pooled {
            ", with each deck's counts pooled over all its matchups (cards.csv)"
        } else {
            " (cards.csv)"
        }
    );
    html.push_str(&table(
        &[
            "deck",
            "card",
            "matchups",
            "games",
            "with: win rate [95%]",
            "with: n",
            "without: win rate [95%]",
            "without: n",
            "difference, pts [95%]",
        ],
        &rows,
    ));
    Ok(Section {
        id: "cards".into(),
        title: "Card metrics (observational, table)".into(),
        html,
    })
}
