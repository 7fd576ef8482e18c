//! `cardsim report DIR`: one self-contained HTML page with SVG charts for any output folder.
//!
//! The page is built from whichever known CSVs the folder holds (not from the manifest's
//! `kind` alone, so a folder with several kinds of output gets every section):
//!
//! | file | section |
//! |---|---|
//! | `summary.csv` | matchup heatmap (when there is no `matrix.csv`), seats, per-row table |
//! | `turns.csv` | one stacked turn-count histogram per matchup |
//! | `cards.csv` | card impact: per card of each deck, a win-rate difference with its interval |
//! | `matrix.csv` | tournament matchup heatmap |
//! | `ranking.csv` | ranking table and field-win-rate bars |
//! | `impact.csv` | deck-change impact bars (difference to the base deck) |
//! | `sweep.csv` | win/stall-rate curves with 95% bands and game-length curves per parameter |
//! | `teams.csv` | team win-rate bars and a table of every team row (team formats only) |
//!
//! The charts are inline SVG written by [`svg`] (hand-written rather than a plotting crate:
//! every cell, bar and point carries a tooltip with its exact rate, interval and sample size,
//! categorical axes label every row, and the root `<svg>` has an `id` and a `data-chart` kind
//! that the browser test looks for). The page has no scripts, no external style sheets,
//! fonts or images: it opens offline. It is written to `DIR/report.html` through a temporary
//! file and a rename, so a failed report leaves no partial file.

pub mod charts;
pub mod csvin;
pub mod svg;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};

use crate::stats::{newcombe_diff, wilson, Z95};
use charts::{count, pct, pct_iv, pts, pts_iv, Bar, Curve, HeatCell, Pt, Stack, XAxis};
use csvin::{Est, Table};
use svg::esc;

/// The file name of the report inside the output folder.
pub const REPORT_FILE: &str = "report.html";

/// A titled part of the page.
struct Section {
    id: String,
    title: String,
    html: String,
}

/// One chart with its caption.
fn figure(svg: &str, caption: &str) -> String {
    format!(
        "<figure>\n{svg}\n<figcaption>{}</figcaption>\n</figure>\n",
        caption
    )
}

/// An HTML table; cells are escaped. Numeric-looking columns are right-aligned by CSS class.
fn table(head: &[&str], rows: &[Vec<String>]) -> String {
    let mut h = String::from("<div class=\"tw\"><table>\n<thead><tr>");
    for c in head {
        let _ = write!(h, "<th>{}</th>", esc(c));
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    for r in rows {
        h.push_str("<tr>");
        for (i, c) in r.iter().enumerate() {
            let cls =
                if i > 0 && c.starts_with(|ch: char| ch.is_ascii_digit() || "+-—".contains(ch)) {
                    " class=\"num\""
                } else {
                    ""
                };
            let _ = write!(h, "<td{cls}>{}</td>", esc(c));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody></table></div>\n");
    h
}

fn rate_cell(e: Option<Est>) -> String {
    e.map(|e| format!("{} {}", pct(e.v), pct_iv(&e)))
        .unwrap_or_else(|| "—".into())
}

fn wilson_est(k: u64, n: u64) -> Option<Est> {
    wilson(k, n, Z95).map(|(lo, hi)| Est {
        v: k as f64 / n as f64,
        lo,
        hi,
    })
}

/// `n = 1,000` when every sample has the same size, else `n = 1,000–2,000`.
fn n_range(ns: impl IntoIterator<Item = u64>) -> String {
    let (mut lo, mut hi) = (u64::MAX, 0);
    for n in ns {
        lo = lo.min(n);
        hi = hi.max(n);
    }
    match (lo, hi) {
        (u64::MAX, _) => "n = 0".into(),
        (a, b) if a == b => format!("n = {}", count(a)),
        (a, b) => format!("n = {}–{}", count(a), count(b)),
    }
}

/// Distinct values in first-appearance order.
fn distinct<'a>(it: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for s in it {
        if !v.iter().any(|x| x == s) {
            v.push(s.to_string());
        }
    }
    v
}

/// Heatmap rows and columns: the same order on both axes when they hold the same names.
fn axes(rows: Vec<String>, cols: Vec<String>) -> (Vec<String>, Vec<String>) {
    let same = rows.len() == cols.len() && cols.iter().all(|c| rows.contains(c));
    if same {
        (rows.clone(), rows)
    } else {
        (rows, cols)
    }
}

fn heat_cells(
    rows: &[String],
    cols: &[String],
    found: HashMap<(String, String), HeatCell>,
) -> Vec<Option<HeatCell>> {
    let mut found = found;
    let mut cells = Vec::with_capacity(rows.len() * cols.len());
    for r in rows {
        for c in cols {
            cells.push(found.remove(&(r.clone(), c.clone())));
        }
    }
    cells
}

fn check_le(t: &Table, line_of: &str, k: u64, n: u64, what: &str) -> Result<()> {
    if k > n {
        bail!(
            "{}: row for {line_of}: {what} ({k}) exceed the games ({n})",
            t.name()
        );
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Runs: summary.csv, turns.csv, cards.csv
// ---------------------------------------------------------------------------------------

const SUMMARY_COLS: [&str; 10] = [
    "matchup",
    "deck",
    "opponent",
    "seat",
    "games",
    "wins",
    "draws",
    "win_rate",
    "win_ci_low",
    "win_ci_high",
];

fn summary_sections(t: &Table, heat: bool) -> Result<Vec<Section>> {
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
        let est = r.rate(["win_rate", "win_ci_low", "win_ci_high"])?;
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

const TURNS_COLS: [&str; 5] = ["matchup", "winner", "end", "turns", "games"];

/// A colour halfway to white (for games ended by the turn limit).
fn lighten(hex: &str) -> String {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0x888888);
    let c = |s: u32| ((s & 0xff) + 255) / 2;
    format!("#{:02x}{:02x}{:02x}", c(v >> 16), c(v >> 8), c(v))
}

fn turns_section(t: &Table) -> Result<Section> {
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

const CARDS_COLS: [&str; 11] = [
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
enum CardMetric {
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
struct CardAcc {
    games: u64,
    wins: u64,
    /// (with_games, with_wins, without_games, without_wins) per metric.
    m: [(u64, u64, u64, u64); 3],
    matchups: u32,
}

fn cards_section(t: &Table) -> Result<Section> {
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

// ---------------------------------------------------------------------------------------
// Tournaments: matrix.csv, ranking.csv
// ---------------------------------------------------------------------------------------

const MATRIX_COLS: [&str; 9] = crate::tournament::MATRIX_COLUMNS;

fn matrix_section(t: &Table) -> Result<Section> {
    let mut found = HashMap::new();
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut rows = Vec::new();
    for r in t.recs() {
        let (g, rw, cw, d) = (
            r.u("games")?,
            r.u("row_wins")?,
            r.u("col_wins")?,
            r.u("draws")?,
        );
        let what = format!("{} vs {}", r.s("row_deck"), r.s("col_deck"));
        if rw + cw + d != g {
            bail!(
                "{}: row for {what}: row_wins + col_wins + draws = {} but games = {g}",
                t.name(),
                rw + cw + d
            );
        }
        let est = r.rate(["win_rate", "ci_low", "ci_high"])?;
        let key = (r.s("row_deck").to_string(), r.s("col_deck").to_string());
        pairs.push(key.clone());
        if let Some(e) = est {
            found.insert(
                key,
                HeatCell {
                    est: e,
                    n: g,
                    note: format!(", {} draws", count(d)),
                },
            );
        }
        rows.push(vec![
            r.s("row_deck").to_string(),
            r.s("col_deck").to_string(),
            count(g),
            count(rw),
            count(cw),
            count(d),
            rate_cell(est),
        ]);
    }
    let (hr, hc) = axes(
        distinct(pairs.iter().map(|p| p.0.as_str())),
        distinct(pairs.iter().map(|p| p.1.as_str())),
    );
    let ns: Vec<u64> = found.values().map(|c| c.n).collect();
    let total: u64 = ns.iter().sum();
    let cells = heat_cells(&hr, &hc, found);
    let svg = charts::heatmap("chart-matrix", &hr, &hc, &cells);
    let cap = format!(
        "Tournament matrix (matrix.csv): win rate of the row deck against the column deck \
         with its 95% interval and n games per cell ({} cells, {} games in all; {} per cell). \
         Draws count as non-wins. Grey: not played.",
        ns.len(),
        count(total),
        n_range(ns.iter().copied())
    );
    let mut html = figure(&svg, &cap);
    html.push_str(&table(
        &[
            "row deck",
            "column deck",
            "games",
            "row wins",
            "column wins",
            "draws",
            "row win rate [95%]",
        ],
        &rows,
    ));
    Ok(Section {
        id: "matrix".into(),
        title: "Tournament matrix".into(),
        html,
    })
}

const RANKING_COLS: [&str; 8] = crate::tournament::RANKING_COLUMNS;

fn ranking_section(t: &Table) -> Result<Section> {
    let mut bars = Vec::new();
    let mut rows = Vec::new();
    for r in t.recs() {
        let g = r.u("games")?;
        let est = r.rate(["field_win_rate", "field_ci_low", "field_ci_high"])?;
        let rating = r.est(["rating", "rating_low", "rating_high"])?;
        if let Some(e) = est {
            bars.push(Bar {
                label: r.s("deck").to_string(),
                est: e,
                n: format!("n={}", count(g)),
            });
        }
        rows.push(vec![
            (rows.len() + 1).to_string(),
            r.s("deck").to_string(),
            count(g),
            rate_cell(est),
            rating
                .map(|e| format!("{:.1} [{:.1}, {:.1}]", e.v, e.lo, e.hi))
                .unwrap_or_else(|| "—".into()),
        ]);
    }
    let mut html = String::new();
    if !bars.is_empty() {
        bars.sort_by(|a, b| b.est.v.total_cmp(&a.est.v));
        let svg = charts::hbars(
            "chart-ranking",
            "ranking",
            &bars,
            0.5,
            false,
            "win rate against the field",
        );
        let cap = format!(
            "Each deck's win rate against the rest of the field (ranking.csv), sorted, with \
             95% intervals and n games per deck ({} decks). Bars start at 50%; pale bars: the \
             interval includes 50%.",
            bars.len()
        );
        html.push_str(&figure(&svg, &cap));
    }
    html.push_str(&table(
        &[
            "rank",
            "deck",
            "games",
            "field win rate [95%]",
            "rating [95%]",
        ],
        &rows,
    ));
    Ok(Section {
        id: "ranking".into(),
        title: "Ranking".into(),
        html,
    })
}

// ---------------------------------------------------------------------------------------
// Teams: teams.csv
// ---------------------------------------------------------------------------------------

const TEAM_COLS: [&str; 15] = crate::output::TEAM_COLUMNS;

fn teams_section(t: &Table) -> Result<Section> {
    let mut bars = Vec::new();
    let mut rows = Vec::new();
    let mut ns = Vec::new();
    for r in t.recs() {
        let g = r.u("games")?;
        let (w, d, l) = (r.u("wins")?, r.u("draws")?, r.u("losses")?);
        let what = format!("{} {} {}", r.s("matchup"), r.s("team"), r.s("seats"));
        check_le(t, &what, w + d + l, g, "wins, draws and losses")?;
        let win = r.rate(["win_rate", "win_ci_low", "win_ci_high"])?;
        let draw = r.rate(["draw_rate", "draw_ci_low", "draw_ci_high"])?;
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

// ---------------------------------------------------------------------------------------
// Impact: impact.csv
// ---------------------------------------------------------------------------------------

const IMPACT_COLS: [&str; 11] = crate::impact::IMPACT_COLUMNS;

fn impact_section(t: &Table) -> Result<Section> {
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
        let diff = r.est(["diff", "diff_low", "diff_high"])?;
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

// ---------------------------------------------------------------------------------------
// Sweeps: sweep.csv
// ---------------------------------------------------------------------------------------

const SWEEP_COLS: [&str; 14] = crate::sweep::SWEEP_COLUMNS;

struct SweepRow {
    value: String,
    seat: String,
    games: u64,
    win: Option<Est>,
    stalls: u64,
    stall: Option<Est>,
    mean: Option<f64>,
    p90: Option<f64>,
}

fn sweep_section(t: &Table) -> Result<Section> {
    let mut params: Vec<(String, Vec<SweepRow>)> = Vec::new();
    for r in t.recs() {
        let (games, wins, stalls) = (r.u("games")?, r.u("wins")?, r.u("stalls")?);
        let what = format!("{}={} {}", r.s("param"), r.s("value"), r.s("seat"));
        check_le(t, &what, wins, games, "wins")?;
        check_le(t, &what, stalls, games, "stalls")?;
        let row = SweepRow {
            value: r.s("value").to_string(),
            seat: r.s("seat").to_string(),
            games,
            win: r.rate(["win_rate", "win_low", "win_high"])?,
            stalls,
            stall: r.rate(["stall_rate", "stall_low", "stall_high"])?,
            mean: r.fo("mean_turns")?,
            p90: r.fo("p90_turns")?,
        };
        match params.iter_mut().find(|p| p.0 == r.s("param")) {
            Some(p) => p.1.push(row),
            None => params.push((r.s("param").to_string(), vec![row])),
        }
    }
    let mut html = String::new();
    let mut table_rows = Vec::new();
    for (pi, (param, rows)) in params.iter().enumerate() {
        let mut values = distinct(rows.iter().map(|r| r.value.as_str()));
        let numeric = values.iter().all(|v| v.parse::<f64>().is_ok());
        if numeric {
            values.sort_by(|a, b| a.parse::<f64>().unwrap().total_cmp(&b.parse().unwrap()));
        }
        let xpos = |v: &str| -> f64 {
            if numeric {
                v.parse().unwrap_or(0.0)
            } else {
                values.iter().position(|x| x == v).unwrap_or(0) as f64
            }
        };
        let xaxis = if numeric {
            XAxis::Numeric(values.iter().map(|v| (xpos(v), v.clone())).collect())
        } else {
            XAxis::Categories(values.clone())
        };
        let seats = distinct(rows.iter().map(|r| r.seat.as_str()));
        let of_seat = |s: &str| -> Vec<&SweepRow> {
            let mut v: Vec<&SweepRow> = rows.iter().filter(|r| r.seat == s).collect();
            v.sort_by(|a, b| xpos(&a.value).total_cmp(&xpos(&b.value)));
            v
        };
        // Stalls and game lengths are per game, so the seats' rows normally agree: then one
        // curve for all seats.
        let same = |f: &dyn Fn(&SweepRow) -> String| {
            values.iter().all(|v| {
                let vals = distinct(
                    rows.iter()
                        .filter(|r| &r.value == v)
                        .map(f)
                        .collect::<Vec<_>>()
                        .iter()
                        .map(|s| s.as_str()),
                );
                vals.len() <= 1
            })
        };
        let stall_same = same(&|r| format!("{} {}", r.stalls, r.games));
        let turns_same = same(&|r| format!("{:?} {:?}", r.mean, r.p90));
        let mut curves = Vec::new();
        for (si, s) in seats.iter().enumerate() {
            curves.push(Curve {
                name: format!("{s} win rate"),
                colour: charts::series_colour(si),
                dashed: false,
                pts: of_seat(s)
                    .iter()
                    .filter_map(|r| {
                        r.win.map(|e| Pt {
                            x: xpos(&r.value),
                            y: e.v,
                            band: Some((e.lo, e.hi)),
                            tip: format!(
                                "{param}={}: {s} win rate {} {}, n = {}",
                                r.value,
                                pct(e.v),
                                pct_iv(&e),
                                count(r.games)
                            ),
                        })
                    })
                    .collect(),
            });
        }
        let stall_seats: Vec<&String> = if stall_same {
            seats.iter().take(1).collect()
        } else {
            seats.iter().collect()
        };
        for (k, s) in stall_seats.iter().enumerate() {
            curves.push(Curve {
                name: if stall_same {
                    "stall rate (games ended by the turn limit)".into()
                } else {
                    format!("{s} stall rate")
                },
                colour: if stall_same {
                    "#555555".into()
                } else {
                    charts::series_colour(seats.len() + k)
                },
                dashed: true,
                pts: of_seat(s)
                    .iter()
                    .filter_map(|r| {
                        r.stall.map(|e| Pt {
                            x: xpos(&r.value),
                            y: e.v,
                            band: Some((e.lo, e.hi)),
                            tip: format!(
                                "{param}={}: stall rate {} {}, {} of {} games",
                                r.value,
                                pct(e.v),
                                pct_iv(&e),
                                count(r.stalls),
                                count(r.games)
                            ),
                        })
                    })
                    .collect(),
            });
        }
        let ns = n_range(rows.iter().map(|r| r.games));
        let svg = charts::curves(
            &format!("chart-sweep-{}", pi + 1),
            "sweep",
            &xaxis,
            param,
            "rate",
            true,
            &curves,
        );
        let cap = format!(
            "Sweep of <code>{}</code> (sweep.csv): win rate per seat (solid) and stall rate \
             (dashed) at each value, with shaded 95% Wilson bands; {} games per value.",
            esc(param),
            ns
        );
        html.push_str(&figure(&svg, &cap));
        let turn_seats: Vec<&String> = if turns_same {
            seats.iter().take(1).collect()
        } else {
            seats.iter().collect()
        };
        let mut tc = Vec::new();
        for (k, s) in turn_seats.iter().enumerate() {
            for (j, (what, get)) in [
                (
                    "mean turns",
                    (|r: &SweepRow| r.mean) as fn(&SweepRow) -> Option<f64>,
                ),
                ("p90 turns", |r: &SweepRow| r.p90),
            ]
            .into_iter()
            .enumerate()
            {
                tc.push(Curve {
                    name: if turns_same {
                        what.to_string()
                    } else {
                        format!("{s} {what}")
                    },
                    colour: charts::series_colour(k),
                    dashed: j == 1,
                    pts: of_seat(s)
                        .iter()
                        .filter_map(|r| {
                            get(r).map(|y| Pt {
                                x: xpos(&r.value),
                                y,
                                band: None,
                                tip: format!(
                                    "{param}={}: {what} {y:.2}, n = {}",
                                    r.value,
                                    count(r.games)
                                ),
                            })
                        })
                        .collect(),
                });
            }
        }
        let svg = charts::curves(
            &format!("chart-sweep-turns-{}", pi + 1),
            "sweep-turns",
            &xaxis,
            param,
            "turns",
            false,
            &tc,
        );
        let cap = format!(
            "Game length over the sweep of <code>{}</code>: mean (solid) and 90th percentile \
             (dashed) turns per game; {} games per value.",
            esc(param),
            ns
        );
        html.push_str(&figure(&svg, &cap));
        for v in &values {
            for r in rows.iter().filter(|r| &r.value == v) {
                table_rows.push(vec![
                    param.clone(),
                    r.value.clone(),
                    r.seat.clone(),
                    count(r.games),
                    rate_cell(r.win),
                    count(r.stalls),
                    rate_cell(r.stall),
                    r.mean.map(|m| format!("{m:.2}")).unwrap_or_default(),
                    r.p90.map(|m| format!("{m}")).unwrap_or_default(),
                ]);
            }
        }
    }
    html.push_str(&table(
        &[
            "parameter",
            "value",
            "seat",
            "games",
            "win rate [95%]",
            "stalls",
            "stall rate [95%]",
            "mean turns",
            "p90 turns",
        ],
        &table_rows,
    ));
    Ok(Section {
        id: "sweep".into(),
        title: "Parameter sweep".into(),
        html,
    })
}

// ---------------------------------------------------------------------------------------
// The page
// ---------------------------------------------------------------------------------------

fn manifest(dir: &Path) -> Result<Option<serde_json::Value>> {
    let p = dir.join("manifest.json");
    if !p.is_file() {
        return Ok(None);
    }
    let text =
        std::fs::read_to_string(&p).with_context(|| format!("cannot read {}", p.display()))?;
    let v: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| anyhow!("{}:{}: not valid JSON: {e}", p.display(), e.line()))?;
    if !v.is_object() {
        bail!("{}:1: expected a JSON object", p.display());
    }
    Ok(Some(v))
}

fn facts(m: Option<&serde_json::Value>, kind: &str) -> String {
    let mut rows: Vec<Vec<String>> = vec![vec!["kind".into(), kind.into()]];
    if let Some(m) = m {
        let get = |k: &str| -> Option<String> {
            match m.get(k)? {
                serde_json::Value::Null => None,
                serde_json::Value::String(s) => Some(s.clone()),
                serde_json::Value::Array(a) => Some(
                    a.iter()
                        .map(|x| {
                            x.as_str()
                                .map(String::from)
                                .unwrap_or_else(|| x.to_string())
                        })
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
                serde_json::Value::Number(n) => {
                    Some(n.as_u64().map(count).unwrap_or_else(|| n.to_string()))
                }
                v => Some(v.to_string()),
            }
        };
        for (k, label) in [
            ("command", "command"),
            ("game", "game"),
            ("seed", "seed"),
            ("games", "games"),
            ("git_commit", "commit"),
            ("version", "cardsim version"),
            ("deterministic", "deterministic"),
            ("params", "rule parameters"),
            ("cards", "card file"),
        ] {
            let v = match (k, get(k)) {
                ("git_commit", None) => Some("unknown".to_string()),
                (_, v) => v,
            };
            if let Some(v) = v {
                rows.push(vec![label.into(), v]);
            }
        }
        if let Some(n) = m.get("matchups").and_then(|x| x.as_array()) {
            rows.push(vec!["matchups".into(), n.len().to_string()]);
        }
    } else {
        rows.push(vec![
            "manifest".into(),
            "none (no manifest.json in the folder)".into(),
        ]);
    }
    let mut h = String::from("<table class=\"facts\">\n");
    for r in rows {
        let _ = writeln!(
            h,
            "<tr><th>{}</th><td><code>{}</code></td></tr>",
            esc(&r[0]),
            esc(&r[1])
        );
    }
    h.push_str("</table>\n");
    h
}

const STYLE: &str = "body{font-family:sans-serif;margin:24px auto;max-width:1180px;color:#222;\
line-height:1.4;padding:0 12px}h1{font-size:24px}h2{font-size:19px;border-bottom:1px solid #ccc;\
padding-bottom:4px;margin-top:36px}table{border-collapse:collapse;font-size:13px;margin:8px 0}\
th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}\
th{background:#f3f3f3}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\
.tw{max-height:520px;overflow:auto;border:1px solid #eee}table.facts td code{white-space:pre-wrap;\
word-break:break-all}figure{margin:16px 0;display:inline-block;vertical-align:top}\
figcaption{font-size:13px;color:#444;max-width:720px}svg{max-width:100%;height:auto;\
background:#fff}.grid figure{width:470px;margin-right:12px}.note{color:#8a4b00}\
nav a{margin-right:14px}";

/// What [`render`] found in a folder, for callers that print it.
pub struct Rendered {
    /// The whole page.
    pub html: String,
    /// The kind of output (manifest `kind`, or guessed from the CSVs).
    pub kind: String,
    /// Ids of the charts on the page.
    pub charts: Vec<String>,
}

/// Build the report page for output folder `dir` without writing anything.
pub fn render(dir: &Path) -> Result<Rendered> {
    if !dir.is_dir() {
        bail!("{}: no such folder", dir.display());
    }
    let load = |f: &str, cols: &[&str]| Table::load(&dir.join(f), cols);
    let summary = load("summary.csv", &SUMMARY_COLS)?;
    let turns = load("turns.csv", &TURNS_COLS)?;
    let cards = load("cards.csv", &CARDS_COLS)?;
    let matrix = load("matrix.csv", &MATRIX_COLS)?;
    let ranking = load("ranking.csv", &RANKING_COLS)?;
    let impact = load("impact.csv", &IMPACT_COLS)?;
    let sweep = load("sweep.csv", &SWEEP_COLS)?;
    let teams = load("teams.csv", &TEAM_COLS)?;
    let found = [&summary, &turns, &cards, &matrix, &ranking, &impact, &sweep];
    if found.iter().all(|t| t.is_none()) {
        bail!(
            "{}: no cardsim output here (expected one of summary.csv, turns.csv, cards.csv, \
             matrix.csv, ranking.csv, impact.csv, sweep.csv)",
            dir.display()
        );
    }
    let m = manifest(dir)?;
    let guessed = if sweep.is_some() {
        "sweep"
    } else if impact.is_some() {
        "impact"
    } else if matrix.is_some() || ranking.is_some() {
        "tournament"
    } else {
        "run"
    };
    let kind = m
        .as_ref()
        .and_then(|m| m.get("kind"))
        .and_then(|k| k.as_str())
        .unwrap_or(guessed)
        .to_string();
    let mut sections = Vec::new();
    if let Some(t) = &matrix {
        sections.push(matrix_section(t)?);
    }
    if let Some(t) = &ranking {
        sections.push(ranking_section(t)?);
    }
    if let Some(t) = &impact {
        sections.push(impact_section(t)?);
    }
    if let Some(t) = &sweep {
        sections.push(sweep_section(t)?);
    }
    if let Some(t) = &summary {
        sections.extend(summary_sections(t, matrix.is_none())?);
    }
    if let Some(t) = &teams {
        sections.push(teams_section(t)?);
    }
    if let Some(t) = &turns {
        sections.push(turns_section(t)?);
    }
    if let Some(t) = &cards {
        sections.push(cards_section(t)?);
    }
    let folder = dir
        .canonicalize()
        .ok()
        .and_then(|p| p.file_name().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_else(|| dir.display().to_string());
    let mut html = String::new();
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>cardsim {kind} report: {f}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>cardsim {kind} report: {f}</h1>\n",
        kind = esc(&kind),
        f = esc(&folder)
    );
    html.push_str(&facts(m.as_ref(), &kind));
    html.push_str(
        "<p>Every rate is shown with its 95% interval (Wilson score for rates; for differences \
         the interval in the CSV, or Newcombe's hybrid score where the report pools counts) \
         and its number of games; draws and games ended by the \
         turn limit are counted separately, never as wins. Hover over a bar, cell or point for \
         its exact numbers.</p>\n<nav>",
    );
    for s in &sections {
        let _ = write!(html, "<a href=\"#{}\">{}</a>", s.id, esc(&s.title));
    }
    html.push_str("</nav>\n");
    for s in &sections {
        let _ = write!(
            html,
            "<section id=\"{}\">\n<h2>{}</h2>\n{}</section>\n",
            s.id,
            esc(&s.title),
            s.html
        );
    }
    let _ = write!(
        html,
        "<footer><p>Made by <code>cardsim report</code> {} from the CSV files in this folder; \
         the page is self-contained (no scripts, no network).</p></footer>\n</body>\n</html>\n",
        env!("CARGO_PKG_VERSION")
    );
    let charts = chart_ids(&html);
    Ok(Rendered { html, kind, charts })
}

/// The ids of the `<svg>` charts in a page.
pub fn chart_ids(html: &str) -> Vec<String> {
    html.match_indices("<svg ")
        .filter_map(|(i, _)| {
            let tag = &html[i..i + html[i..].find('>')?];
            let a = tag.find(" id=\"")? + 5;
            let b = a + tag[a..].find('"')?;
            Some(tag[a..b].to_string())
        })
        .collect()
}

/// Build the report for `dir` and write it to `dir/report.html` (through a temporary file
/// and a rename: on any error nothing is written). Returns the report's path and what was
/// rendered.
pub fn write_report(dir: &Path) -> Result<(PathBuf, Rendered)> {
    let r = render(dir)?;
    let to = dir.join(REPORT_FILE);
    let tmp = dir.join(format!(".{REPORT_FILE}.tmp-{}", std::process::id()));
    let res = std::fs::write(&tmp, &r.html)
        .and_then(|_| std::fs::rename(&tmp, &to))
        .with_context(|| format!("cannot write {}", to.display()));
    if res.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    res?;
    Ok((to, r))
}

#[cfg(test)]
mod tests;
