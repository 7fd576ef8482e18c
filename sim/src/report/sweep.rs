//! Report section of a parameter sweep (sweep.csv).

use anyhow::Result;

use super::charts;
use super::charts::{count, pct, pct_iv, Curve, Pt, XAxis};
use super::csvin::{Est, Table};
use super::svg::esc;

use super::html::*;

pub(super) const SWEEP_COLS: [&str; 14] = crate::sweep::SWEEP_COLUMNS;

pub(super) struct SweepRow {
    pub(super) value: String,
    pub(super) seat: String,
    pub(super) games: u64,
    pub(super) win: Option<Est>,
    pub(super) stalls: u64,
    pub(super) stall: Option<Est>,
    pub(super) mean: Option<f64>,
    pub(super) p90: Option<f64>,
}

pub(super) fn sweep_section(t: &Table) -> Result<Section> {
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
            win: r.rate_ci("win_rate")?,
            stalls,
            stall: r.rate_ci("stall_rate")?,
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
