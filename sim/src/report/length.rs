//! Report section of game length (turns.csv): one chart with every matchup overlaid on one
//! scale (the share of its games over by each turn count), and a table per matchup.

use anyhow::{bail, Result};

use super::charts;
use super::charts::{count, Curve, Pt, XAxis};
use super::csvin::Table;
use super::svg::esc;
use crate::stats::{wilson_half_width, Z95};

use super::html::*;

pub(super) const TURNS_COLS: [&str; 5] = ["matchup", "winner", "end", "turns", "games"];

/// Per matchup: games by turn count, and the games ended by the turn limit.
struct Lengths {
    matchup: String,
    /// (turns, games), summed over winners and ends.
    by_turn: Vec<(u64, u64)>,
    at_limit: u64,
}

pub(super) fn turns_section(t: &Table) -> Result<Section> {
    let mut all: Vec<Lengths> = Vec::new();
    for r in t.recs() {
        let (turns, games) = (r.u("turns")?, r.u("games")?);
        if turns > 100_000 {
            bail!("{}: turn count {turns} is implausibly large", t.name());
        }
        let m = r.s("matchup");
        let i = match all.iter().position(|x| x.matchup == m) {
            Some(i) => i,
            None => {
                all.push(Lengths {
                    matchup: m.to_string(),
                    by_turn: Vec::new(),
                    at_limit: 0,
                });
                all.len() - 1
            }
        };
        let l = &mut all[i];
        match l.by_turn.iter_mut().find(|x| x.0 == turns) {
            Some(x) => x.1 += games,
            None => l.by_turn.push((turns, games)),
        }
        if r.s("end") == "turn_limit" {
            l.at_limit += games;
        }
    }
    let mut curves = Vec::new();
    let mut rows = Vec::new();
    let mut widest: f64 = 0.0;
    for (i, l) in all.iter_mut().enumerate() {
        l.by_turn.sort_unstable();
        let total: u64 = l.by_turn.iter().map(|x| x.1).sum();
        let mut done = 0u64;
        let mut pts = Vec::new();
        for &(turn, games) in &l.by_turn {
            done += games;
            if let Some(h) = wilson_half_width(done, total, Z95) {
                widest = widest.max(h);
            }
            let share = done as f64 / total.max(1) as f64;
            pts.push(Pt {
                x: turn as f64,
                y: share,
                band: None,
                tip: format!(
                    "{}: {} of {} games over by turn {turn} ({} ended at turn {turn})",
                    l.matchup,
                    charts::pct(share),
                    count(total),
                    count(games)
                ),
            });
        }
        curves.push(Curve {
            name: l.matchup.clone(),
            colour: charts::series_colour(i),
            dashed: (i / 10) % 2 == 1,
            pts,
        });
        let mean = l
            .by_turn
            .iter()
            .map(|&(t, c)| t as f64 * c as f64)
            .sum::<f64>()
            / total.max(1) as f64;
        let median = quantile(&l.by_turn, total, 0.5);
        let p90 = quantile(&l.by_turn, total, 0.9);
        rows.push(vec![
            l.matchup.clone(),
            count(total),
            format!("{mean:.2}"),
            median.to_string(),
            p90.to_string(),
            count(l.at_limit),
            rate_cell(wilson_est(l.at_limit, total)),
        ]);
    }
    let mut html = String::new();
    if !curves.is_empty() {
        let mut xs: Vec<u64> = all
            .iter()
            .flat_map(|l| l.by_turn.iter().map(|x| x.0))
            .collect();
        xs.sort_unstable();
        xs.dedup();
        let xaxis = XAxis::Numeric(xs.iter().map(|&x| (x as f64, x.to_string())).collect());
        let svg = charts::curves(
            "chart-turns",
            "turn-cdf",
            &xaxis,
            "turns",
            "share of games over",
            true,
            &curves,
        );
        let cap = format!(
            "Game length of every matchup on one scale (turns.csv): the share of its games \
             over by each turn count, one line per matchup ({} matchups; the colours repeat \
             every 10 lines, dashed for the second ten). A line to the left means shorter \
             games; a jump at the end is the games ended by the turn limit. Every point's 95% \
             interval is within ±{:.1} points (Wilson), too narrow to draw; hover for the \
             numbers.",
            curves.len(),
            widest * 100.0
        );
        html.push_str(&figure(&svg, &esc_caption(&cap)));
    }
    html.push_str(&table(
        &[
            "matchup",
            "games",
            "mean turns",
            "median turns",
            "p90 turns",
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

/// The smallest turn count with at least `q` of the games over by it.
fn quantile(by_turn: &[(u64, u64)], total: u64, q: f64) -> u64 {
    let mut done = 0;
    for &(t, c) in by_turn {
        done += c;
        if done as f64 >= q * total as f64 {
            return t;
        }
    }
    by_turn.last().map_or(0, |x| x.0)
}

/// Captions are HTML: this one is all text.
fn esc_caption(s: &str) -> String {
    esc(s)
}
