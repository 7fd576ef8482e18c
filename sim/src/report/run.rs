//! Report sections of a run: the summary heatmap, seats and table (summary.csv), turn-count histograms (turns.csv) and per-card metrics (cards.csv).

use std::collections::HashMap;
use std::fmt::Write as _;

use anyhow::{bail, Result};

use super::charts;
use super::charts::{count, pts, pts_iv, Bar, HeatCell, Stack};
use super::csvin::{Est, Table};
use super::svg::esc;
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

pub(super) fn summary_sections(t: &Table, heat: bool) -> Result<Vec<Section>> {
    let mut out = Vec::new();
    let mut rows = Vec::new();
    let mut found = HashMap::new();
    let mut all_rows: Vec<(String, String)> = Vec::new();
    // Seat totals over every matchup (seat name -> games, wins, draws).
    let mut seats: Vec<(String, u64, u64, u64)> = Vec::new();
    for r in t.recs() {
        let (games, wins, draws) = (r.u("games")?, r.u("wins")?, r.u("draws")?);
        let what = format!("{} / {} / {}", r.s("matchup"), r.s("deck"), r.s("seat"));
        check_le(t, &what, wins + draws, games, "wins plus draws")?;
        let est = r.rate_ci("win_rate")?;
        let seat = r.s("seat");
        if seat == "all" {
            all_rows.push((r.s("deck").into(), r.s("opponent").into()));
            if let Some(e) = est {
                found
                    .entry((r.s("deck").to_string(), r.s("opponent").to_string()))
                    .or_insert(HeatCell {
                        est: e,
                        n: games,
                        note: format!(", {} draws", count(draws)),
                    });
            }
        } else {
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
    if heat && !all_rows.is_empty() {
        let (hr, hc) = axes(
            distinct(all_rows.iter().map(|x| x.0.as_str())),
            distinct(all_rows.iter().map(|x| x.1.as_str())),
        );
        let n_games: Vec<u64> = found.values().map(|c| c.n).collect();
        let cells = heat_cells(&hr, &hc, found);
        let svg = charts::heatmap("chart-run-heatmap", &hr, &hc, &cells);
        let cap = format!(
            "Win rate of each row deck against each column deck over both seats (summary.csv, \
             rows with seat <code>all</code>), with its 95% Wilson interval and the number of \
             games ({} per cell). Draws count as non-wins. Grey cells: not played.",
            n_range(n_games)
        );
        out.push(Section {
            id: "matchups".into(),
            title: "Matchups".into(),
            html: figure(&svg, &cap),
        });
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
    out.push(Section {
        id: "summary".into(),
        title: "Win rates by seat".into(),
        html,
    });
    Ok(out)
}

pub(super) const TURNS_COLS: [&str; 5] = ["matchup", "winner", "end", "turns", "games"];

/// A colour halfway to white (for games ended by the turn limit).
pub(super) fn lighten(hex: &str) -> String {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0x888888);
    let c = |s: u32| ((s & 0xff) + 255) / 2;
    format!("#{:02x}{:02x}{:02x}", c(v >> 16), c(v >> 8), c(v))
}

pub(super) fn turns_section(t: &Table) -> Result<Section> {
    // matchup -> (winner, end) -> counts
    type Layers = Vec<((String, String), Vec<(u64, u64)>)>;
    let mut by_match: Vec<(String, Layers)> = Vec::new();
    for r in t.recs() {
        let (turns, games) = (r.u("turns")?, r.u("games")?);
        if turns > 100_000 {
            bail!("{}: turn count {turns} is implausibly large", t.name());
        }
        let m = r.s("matchup");
        let idx = match by_match.iter().position(|x| x.0 == m) {
            Some(i) => i,
            None => {
                by_match.push((m.to_string(), Vec::new()));
                by_match.len() - 1
            }
        };
        let key = (r.s("winner").to_string(), r.s("end").to_string());
        let layers = &mut by_match[idx].1;
        match layers.iter_mut().find(|l| l.0 == key) {
            Some(l) => l.1.push((turns, games)),
            None => layers.push((key, vec![(turns, games)])),
        }
    }
    let mut html = String::from(
        "<p>How many turns the games lasted, one chart per matchup (turns.csv). Bars are \
         stacked by result; the pale part of a colour is games ended by the turn limit.</p>\n\
         <div class=\"grid\">\n",
    );
    let mut rows = Vec::new();
    for (i, (m, layers)) in by_match.iter_mut().enumerate() {
        let winners = distinct(layers.iter().map(|l| l.0 .0.as_str()));
        layers.sort_by_key(|l| {
            (
                winners.iter().position(|w| *w == l.0 .0),
                l.0 .1 != "decided",
            )
        });
        let total: u64 = layers.iter().flat_map(|l| l.1.iter().map(|c| c.1)).sum();
        let at_limit: u64 = layers
            .iter()
            .filter(|l| l.0 .1 == "turn_limit")
            .flat_map(|l| l.1.iter().map(|c| c.1))
            .sum();
        let stacks: Vec<Stack> = layers
            .iter()
            .map(|((w, e), counts)| {
                let wi = winners.iter().position(|x| x == w).unwrap_or(0);
                let base = match w.as_str() {
                    "draw" => "#7f7f7f".to_string(),
                    "shared" => "#bcbd22".to_string(),
                    _ => charts::series_colour(wi),
                };
                let who = match w.as_str() {
                    "draw" => "draw".to_string(),
                    "shared" => "shared win".to_string(),
                    _ => format!("{w} won"),
                };
                let limit = e == "turn_limit";
                Stack {
                    name: if limit {
                        format!("{who} (turn limit)")
                    } else if e == "decided" {
                        who
                    } else {
                        format!("{who} ({e})")
                    },
                    colour: if limit { lighten(&base) } else { base },
                    counts: counts.clone(),
                }
            })
            .collect();
        let svg = charts::histogram(&format!("chart-turns-{}", i + 1), m, &stacks);
        let lim = wilson_est(at_limit, total);
        let cap = format!(
            "{}: game length in turns, n = {} games; {} ended by the turn limit ({}).",
            esc(m),
            count(total),
            count(at_limit),
            rate_cell(lim)
        );
        html.push_str(&figure(&svg, &cap));
        let mean = layers
            .iter()
            .flat_map(|l| l.1.iter())
            .map(|&(t, c)| t as f64 * c as f64)
            .sum::<f64>()
            / total.max(1) as f64;
        rows.push(vec![
            m.clone(),
            count(total),
            format!("{mean:.2}"),
            count(at_limit),
            rate_cell(lim),
        ]);
    }
    html.push_str("</div>\n");
    html.push_str(&table(
        &[
            "matchup",
            "games",
            "mean turns",
            "ended by turn limit",
            "turn-limit rate [95%]",
        ],
        &rows,
    ));
    Ok(Section {
        id: "turns".into(),
        title: "Game length".into(),
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

pub(super) fn cards_section(t: &Table) -> Result<Section> {
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
    let mut bars = Vec::new();
    let mut rows = Vec::new();
    let mut omitted = 0;
    let mut n_lo = u64::MAX;
    let mut n_hi = 0;
    for k in &keys {
        let a = &acc[k];
        let (wg, ww, og, ow) = a.m[chosen];
        let est = newcombe_diff(ww, wg, ow, og, Z95).map(|(lo, hi)| Est {
            v: ww as f64 / wg as f64 - ow as f64 / og as f64,
            lo,
            hi,
        });
        let label = format!("{} · {}", k.1, k.0);
        match est {
            Some(e) => {
                n_lo = n_lo.min(wg.min(og));
                n_hi = n_hi.max(wg.max(og));
                bars.push(Bar {
                    label: label.clone(),
                    est: e,
                    n: format!("n={}/{}", count(wg), count(og)),
                })
            }
            None => omitted += 1,
        }
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
    bars.sort_by(|a, b| b.est.v.total_cmp(&a.est.v));
    let mut html = String::new();
    let pooled = keys.len() < t.len();
    let _ = writeln!(
        html,
        "<p>Card impact, observational: <b>{}</b> = {}{}. A card that tends to be drawn in long \
         games looks different from one drawn in short ones, so these are associations, not \
         causes (<code>cardsim impact</code> measures causes by changing the deck). With small \
         decks a card goes unseen mostly in games that end early, so a small <i>without</i> \
         group is mostly short games: read the differences next to the <i>without: n</i> \
         column.</p>",
        metric.name(),
        metric.doc(),
        if pooled {
            ", with each deck's counts pooled over all its matchups (cards.csv)"
        } else {
            " (cards.csv)"
        }
    );
    if bars.is_empty() {
        html.push_str(
            "<p class=\"note\">No card has games on both sides of this comparison, so there \
             is nothing to chart.</p>\n",
        );
    } else {
        let svg = charts::hbars(
            "chart-card-impact",
            "card-impact",
            &bars,
            0.0,
            true,
            "win-rate difference (percentage points)",
        );
        let cap = format!(
            "{} per card (label: card · deck), sorted, with 95% intervals (Newcombe hybrid \
             score) and n = games with/without; n ranges over {}–{}. Pale bars: the interval \
             includes 0.{}",
            metric.name(),
            count(n_lo),
            count(n_hi),
            if omitted > 0 {
                format!(" {omitted} card(s) without games on one side are left out.")
            } else {
                String::new()
            }
        );
        html.push_str(&figure(&svg, &cap));
    }
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
        title: "Card impact (observational)".into(),
        html,
    })
}
