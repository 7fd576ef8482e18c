//! CSV and manifest outputs, written completely or not at all: the rows and CSV writers
//! here, the manifest in `manifest.rs`, the all-or-nothing folder writing in `staged.rs`.
//!
//! Every file is first written into a staging folder next to the output folder; only when
//! all of them are written are they renamed into place. On any error the staging folder is
//! removed and the output folder is left as it was.

use std::path::Path;

use anyhow::Result;
use cardsim_engine::Ruleset;

use crate::runner::{team_index, MatchAcc, Matchup, SeatAcc};
use crate::sequential::StopInfo;
use crate::stats::{hist_mean, hist_quantile, newcombe_diff, wilson, Z95};
use crate::stratified::{effective_cell, pooled_cells, Counts, Outcome};

/// Names of a matchup's decks and agents, resolved for output.
pub struct MatchNames {
    /// `deckA-vs-deckB` (with the agents when they differ from random).
    pub id: String,
    /// Deck name per slot.
    pub decks: Vec<String>,
    /// Agent label per slot.
    pub agents: Vec<String>,
    /// Card names per slot (distinct, in deck order) with copies.
    pub cards: Vec<Vec<(String, u32)>>,
}

/// Resolve names for every matchup of a run.
pub fn match_names<R: Ruleset>(ruleset: &R, matchups: &[Matchup]) -> Vec<MatchNames> {
    let decks = ruleset.deck_names();
    matchups
        .iter()
        .map(|m| {
            // A deck playing itself (a mirror) gets `#2`, `#3` on its later slots so that
            // every row says which side it is.
            let mut names: Vec<String> = Vec::new();
            for &d in &m.decks {
                let base = &decks[d as usize];
                let same = names
                    .iter()
                    .filter(|n| *n == base || n.starts_with(&format!("{base}#")))
                    .count();
                names.push(if same == 0 {
                    base.clone()
                } else {
                    format!("{base}#{}", same + 1)
                });
            }
            let agents: Vec<String> = m.agents.iter().map(|a| a.to_string()).collect();
            let id = if agents.iter().all(|a| a == "random") {
                names.join("-vs-")
            } else {
                names
                    .iter()
                    .zip(&agents)
                    .map(|(d, a)| format!("{d}({a})"))
                    .collect::<Vec<_>>()
                    .join("-vs-")
            };
            MatchNames {
                id,
                decks: names,
                agents,
                cards: m
                    .decks
                    .iter()
                    .map(|&d| {
                        ruleset
                            .deck_cards(d as usize)
                            .into_iter()
                            .map(|c| (c.name, c.copies))
                            .collect()
                    })
                    .collect(),
            }
        })
        .collect()
}

/// A rate's CSV cells: `k / n` and its 95% Wilson interval (empty when `n` is 0).
pub(crate) fn rate(k: u64, n: u64) -> [String; 3] {
    match wilson(k, n, Z95) {
        None => [String::new(), String::new(), String::new()],
        Some((lo, hi)) => [
            format!("{:.4}", k as f64 / n as f64),
            format!("{lo:.4}"),
            format!("{hi:.4}"),
        ],
    }
}

fn opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map(|x| x.to_string()).unwrap_or_default()
}

fn fmt_mean(v: Option<f64>) -> String {
    v.map(|x| format!("{x:.3}")).unwrap_or_default()
}

/// One summary row (also used for the printed table).
pub struct SummaryRow {
    /// Matchup id.
    pub matchup: String,
    /// Deck.
    pub deck: String,
    /// Opponents.
    pub opponent: String,
    /// Seat name or `all`.
    pub seat: String,
    /// Whether this seat takes the first turn (`yes`, `no`, or `both` for `all`).
    pub moves_first: String,
    /// Agent.
    pub agent: String,
    /// Counts.
    pub acc: SeatAcc,
    /// How the matchup's sequential test ended (runs with a stopping rule only).
    pub stop: Option<StopInfo>,
    /// The counts per seat that `acc` pools (one entry on a seat's own row): the strata of
    /// the stratified intervals ([`crate::stratified`]).
    pub strata: Vec<Counts>,
    /// `--duplicate` runs, `all` rows: the deal-paired win rate and difference.
    pub deal: Option<crate::duplicate::DealCells>,
}

/// A rate's cells from per-seat strata (stratified score interval), or from the pooled
/// counts alone (Wilson) when no strata are given.
fn strat_rate(strata: &[Counts], a: &SeatAcc, o: Outcome) -> [String; 3] {
    if strata.is_empty() {
        pooled_cells(&[Counts::from(a)], o)
    } else {
        pooled_cells(strata, o)
    }
}

/// The `win_rate_effective_games` cell (see [`strat_rate`]).
fn strat_effective(strata: &[Counts], a: &SeatAcc) -> String {
    if strata.is_empty() {
        effective_cell(&[Counts::from(a)])
    } else {
        effective_cell(strata)
    }
}

/// Summary rows of a run: per matchup, per deck, per seat, then both seats together.
pub fn summary_rows<R: Ruleset>(
    ruleset: &R,
    names: &[MatchNames],
    accs: &[MatchAcc],
) -> Vec<SummaryRow> {
    let mut rows = Vec::new();
    let n = ruleset.num_players();
    for (nm, acc) in names.iter().zip(accs) {
        for k in 0..n {
            let opponent: Vec<String> = (0..n)
                .filter(|&j| j != k)
                .map(|j| nm.decks[j].clone())
                .collect();
            let mut all = SeatAcc::new(acc.seats[k][0].turns.len() - 1);
            for seat in 0..n {
                let sa = &acc.seats[k][seat];
                all.merge(sa);
                rows.push(SummaryRow {
                    matchup: nm.id.clone(),
                    deck: nm.decks[k].clone(),
                    opponent: opponent.join("+"),
                    seat: ruleset.seat_name(seat).to_string(),
                    moves_first: if seat == ruleset.first_seat() {
                        "yes"
                    } else {
                        "no"
                    }
                    .into(),
                    agent: nm.agents[k].clone(),
                    acc: sa.clone(),
                    stop: None,
                    strata: vec![Counts::from(sa)],
                    deal: None,
                });
            }
            rows.push(SummaryRow {
                matchup: nm.id.clone(),
                deck: nm.decks[k].clone(),
                opponent: opponent.join("+"),
                seat: "all".into(),
                moves_first: "both".into(),
                agent: nm.agents[k].clone(),
                acc: all,
                stop: None,
                strata: acc.seats[k].iter().map(Counts::from).collect(),
                deal: acc.deals.cells(k),
            });
        }
    }
    rows
}

/// One team row: a team (decks seated on one side) in one set of seats, or in all (`all`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRow {
    /// Matchup id.
    pub matchup: String,
    /// The team's decks, `+`-joined in slot order (e.g. `thedric+hakor`).
    pub team: String,
    /// The other teams, each `+`-joined, separated by ` / `.
    pub opponent: String,
    /// The seats it sat in (`seat0+seat2`), or `all`.
    pub seats: String,
    /// `yes` if those seats include the first seat, `no`, or `both` on `all` rows when the
    /// team sat both ways.
    pub moves_first: String,
    /// Counts (no turn histogram or decisions: see [`MatchAcc::teams`]).
    pub acc: SeatAcc,
    /// The counts per set of seats that `acc` pools (the strata of its intervals).
    pub strata: Vec<Counts>,
}

/// Team rows of a run (empty unless the rules seat teams, [`Ruleset::team_of`]): per
/// matchup and team, one row per set of seats it sat in, then `all`. Teams come in order
/// of their first slot.
pub fn team_rows<R: Ruleset>(ruleset: &R, names: &[MatchNames], accs: &[MatchAcc]) -> Vec<TeamRow> {
    let n = ruleset.num_players();
    let seat_set = |mask: usize| {
        (0..n)
            .filter(|s| mask & (1 << s) != 0)
            .map(|s| ruleset.seat_name(s))
            .collect::<Vec<_>>()
            .join("+")
    };
    let deck_set = |nm: &MatchNames, mask: usize| {
        (0..n)
            .filter(|k| mask & (1 << k) != 0)
            .map(|k| nm.decks[k].as_str())
            .collect::<Vec<_>>()
            .join("+")
    };
    let first = 1 << ruleset.first_seat();
    let mut rows = Vec::new();
    for (nm, acc) in names.iter().zip(accs) {
        let played = |slots: usize| {
            (1..1usize << n).filter(move |&seats| acc.teams[team_index(slots, seats)].games > 0)
        };
        let teams: Vec<usize> = (1..1usize << n)
            .filter(|&slots| played(slots).next().is_some())
            .collect();
        for &slots in &teams {
            // The other teams: those sharing no deck with this one (when the seating gives a
            // deck several partnerships, each is a team of its own).
            let opponent = teams
                .iter()
                .filter(|&&o| o & slots == 0)
                .map(|&o| deck_set(nm, o))
                .collect::<Vec<_>>()
                .join(" / ");
            let mut all = SeatAcc::default();
            let mut strata = Vec::new();
            let (mut with_first, mut without) = (false, false);
            for seats in played(slots) {
                let a = acc.teams[team_index(slots, seats)].clone();
                all.merge(&a);
                strata.push(Counts::from(&a));
                let f = seats & first != 0;
                with_first |= f;
                without |= !f;
                rows.push(TeamRow {
                    matchup: nm.id.clone(),
                    team: deck_set(nm, slots),
                    opponent: opponent.clone(),
                    seats: seat_set(seats),
                    moves_first: if f { "yes" } else { "no" }.into(),
                    strata: vec![Counts::from(&a)],
                    acc: a,
                });
            }
            rows.push(TeamRow {
                matchup: nm.id.clone(),
                team: deck_set(nm, slots),
                opponent,
                seats: "all".into(),
                moves_first: match (with_first, without) {
                    (true, true) => "both",
                    (true, false) => "yes",
                    _ => "no",
                }
                .into(),
                acc: all,
                strata,
            });
        }
    }
    rows
}

/// The fixed leading columns of teams.csv.
pub const TEAM_COLUMNS: [&str; 15] = [
    "matchup",
    "team",
    "opponent",
    "seats",
    "moves_first",
    "games",
    "wins",
    "losses",
    "draws",
    "win_rate",
    "win_rate_ci_low",
    "win_rate_ci_high",
    "draw_rate",
    "draw_rate_ci_low",
    "draw_rate_ci_high",
];

/// Write this CSV (see the README for its columns).
pub fn write_teams(path: &Path, rows: &[TeamRow]) -> Result<()> {
    let mut w = crate::csvout::CsvOut::from_path(path)?;
    let mut header = TEAM_COLUMNS.to_vec();
    header.extend([
        "loss_rate",
        "loss_rate_ci_low",
        "loss_rate_ci_high",
        "wins_at_limit",
        "losses_at_limit",
        "draws_at_limit",
        "win_rate_effective_games",
    ]);
    w.write_record(&header)?;
    for r in rows {
        let a = &r.acc;
        let mut rec = vec![
            r.matchup.clone(),
            r.team.clone(),
            r.opponent.clone(),
            r.seats.clone(),
            r.moves_first.clone(),
            a.games.to_string(),
            a.wins.to_string(),
            a.losses.to_string(),
            a.draws.to_string(),
        ];
        rec.extend(strat_rate(&r.strata, a, Outcome::Win));
        rec.extend(strat_rate(&r.strata, a, Outcome::Draw));
        rec.extend(strat_rate(&r.strata, a, Outcome::Loss));
        rec.extend([
            a.wins_at_limit.to_string(),
            a.losses_at_limit.to_string(),
            a.draws_at_limit.to_string(),
            strat_effective(&r.strata, a),
        ]);
        w.write_record(&rec)?;
    }
    w.flush()?;
    Ok(())
}

/// `stop_decision, stop_games, stop_llr, stop_half_width` cells (empty without a rule).
pub fn stop_cells(s: Option<&StopInfo>) -> [String; 4] {
    match s {
        None => Default::default(),
        Some(s) => [
            s.decision.name().to_string(),
            s.games.to_string(),
            s.llr.map(|l| format!("{l:.4}")).unwrap_or_default(),
            s.half_width.map(|h| format!("{h:.4}")).unwrap_or_default(),
        ],
    }
}

/// Write this CSV (see the README for its columns).
pub fn write_summary(path: &Path, rows: &[SummaryRow], peek: &dyn Fn(&str) -> bool) -> Result<()> {
    let mut w = crate::csvout::CsvOut::from_path(path)?;
    let scored = crate::score::scored(rows);
    let header = [
        "matchup",
        "deck",
        "opponent",
        "seat",
        "moves_first",
        "agent",
        "agent_sees_hidden",
        "games",
        "wins",
        "losses",
        "draws",
        "wins_at_limit",
        "losses_at_limit",
        "draws_at_limit",
        "win_rate",
        "win_rate_ci_low",
        "win_rate_ci_high",
        "draw_rate",
        "draw_rate_ci_low",
        "draw_rate_ci_high",
        "mean_turns",
        "median_turns",
        "p90_turns",
        "decisions_per_game",
        "stop_decision",
        "stop_games",
        "stop_llr",
        "stop_half_width",
        "win_rate_effective_games",
        "win_diff",
        "win_diff_ci_low",
        "win_diff_ci_high",
    ];
    w.write_record(
        header
            .iter()
            .chain(crate::score::COLUMNS.iter().filter(|_| scored)),
    )?;
    for r in rows {
        let a = &r.acc;
        let mut wr = strat_rate(&r.strata, a, Outcome::Win);
        let dr = strat_rate(&r.strata, a, Outcome::Draw);
        let mut eff = strat_effective(&r.strata, a);
        let mut diff: [String; 3] = Default::default();
        if let Some(d) = &r.deal {
            wr[1] = format!("{:.4}", d.win.lo);
            wr[2] = format!("{:.4}", d.win.hi);
            eff = format!("{:.0}", d.effective);
            if let Some(x) = d.diff {
                diff = [x.est, x.lo, x.hi].map(|v| format!("{v:.4}"));
            }
        }
        let stop = stop_cells(r.stop.as_ref());
        let dpg = if a.games > 0 {
            format!("{:.3}", a.decisions as f64 / a.games as f64)
        } else {
            String::new()
        };
        let cells = [
            r.matchup.as_str(),
            &r.deck,
            &r.opponent,
            &r.seat,
            &r.moves_first,
            &r.agent,
            if peek(&r.agent) { "yes" } else { "no" },
            &a.games.to_string(),
            &a.wins.to_string(),
            &a.losses.to_string(),
            &a.draws.to_string(),
            &a.wins_at_limit.to_string(),
            &a.losses_at_limit.to_string(),
            &a.draws_at_limit.to_string(),
            &wr[0],
            &wr[1],
            &wr[2],
            &dr[0],
            &dr[1],
            &dr[2],
            &fmt_mean(hist_mean(&a.turns)),
            &opt(hist_quantile(&a.turns, 0.5)),
            &opt(hist_quantile(&a.turns, 0.9)),
            &dpg,
            &stop[0],
            &stop[1],
            &stop[2],
            &stop[3],
            &eff,
            &diff[0],
            &diff[1],
            &diff[2],
        ];
        let score = crate::score::cells(&a.score, scored);
        w.write_record(cells.into_iter().map(str::to_string).chain(score))?;
    }
    w.flush()?;
    Ok(())
}

/// Write this CSV (see the README for its columns).
pub fn write_turns(path: &Path, names: &[MatchNames], accs: &[MatchAcc]) -> Result<()> {
    let mut w = crate::csvout::CsvOut::from_path(path)?;
    w.write_record(["matchup", "winner", "end", "turns", "games"])?;
    for (nm, acc) in names.iter().zip(accs) {
        for (k, by_end) in acc.by_outcome.iter().enumerate() {
            let slots = nm.decks.len();
            let winner = match k {
                k if k < slots => nm.decks[k].as_str(),
                k if k == slots => "draw",
                _ => "shared",
            };
            for (e, hist) in by_end.iter().enumerate() {
                let end = if e == 0 { "decided" } else { "turn_limit" };
                for (t, &c) in hist.iter().enumerate() {
                    if c > 0 {
                        w.write_record([
                            nm.id.as_str(),
                            winner,
                            end,
                            &t.to_string(),
                            &c.to_string(),
                        ])?;
                    }
                }
            }
        }
    }
    w.flush()?;
    Ok(())
}

/// Write this CSV (see the README for its columns).
pub fn write_cards(path: &Path, names: &[MatchNames], accs: &[MatchAcc]) -> Result<()> {
    let mut w = crate::csvout::CsvOut::from_path(path)?;
    w.write_record([
        "matchup",
        "deck",
        "opponent",
        "card",
        "copies",
        "games",
        "wins",
        "drawn_games",
        "drawn_wins",
        "win_rate_drawn",
        "win_rate_drawn_ci_low",
        "win_rate_drawn_ci_high",
        "played_games",
        "played_wins",
        "win_rate_played",
        "win_rate_played_ci_low",
        "win_rate_played_ci_high",
        "never_drawn_games",
        "never_drawn_wins",
        "win_rate_never_drawn",
        "win_rate_never_drawn_ci_low",
        "win_rate_never_drawn_ci_high",
        "improvement_when_drawn",
        "improvement_when_drawn_ci_low",
        "improvement_when_drawn_ci_high",
        "opening_games",
        "opening_wins",
        "opening_rate",
        "opening_rate_ci_low",
        "opening_rate_ci_high",
        "later_games",
        "later_wins",
        "later_rate",
        "later_rate_ci_low",
        "later_rate_ci_high",
        "gih_games",
        "gih_wins",
        "gih_rate",
        "gih_rate_ci_low",
        "gih_rate_ci_high",
        "gns_games",
        "gns_wins",
        "gns_rate",
        "gns_rate_ci_low",
        "gns_rate_ci_high",
        "iwd",
        "iwd_ci_low",
        "iwd_ci_high",
    ])?;
    for (nm, acc) in names.iter().zip(accs) {
        for (k, cards) in acc.cards.iter().enumerate() {
            let games: u64 = acc.seats[k].iter().map(|s| s.games).sum();
            let wins: u64 = acc.seats[k].iter().map(|s| s.wins).sum();
            let opponent: Vec<&str> = nm
                .decks
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .map(|(_, d)| d.as_str())
                .collect();
            for (c, (name, copies)) in cards.iter().zip(&nm.cards[k]) {
                let d = rate(c.drawn[1], c.drawn[0]);
                let p = rate(c.played[1], c.played[0]);
                let u = rate(c.never_drawn[1], c.never_drawn[0]);
                let (iwd, iwd_lo, iwd_hi) = match newcombe_diff(
                    c.drawn[1],
                    c.drawn[0],
                    c.never_drawn[1],
                    c.never_drawn[0],
                    Z95,
                ) {
                    Some((lo, hi)) => (
                        format!(
                            "{:.4}",
                            c.drawn[1] as f64 / c.drawn[0] as f64
                                - c.never_drawn[1] as f64 / c.never_drawn[0] as f64
                        ),
                        format!("{lo:.4}"),
                        format!("{hi:.4}"),
                    ),
                    None => (String::new(), String::new(), String::new()),
                };
                let mut rec: Vec<String> = vec![
                    nm.id.clone(),
                    nm.decks[k].clone(),
                    opponent.join("+"),
                    name.clone(),
                    copies.to_string(),
                    games.to_string(),
                    wins.to_string(),
                    c.drawn[0].to_string(),
                    c.drawn[1].to_string(),
                    d[0].clone(),
                    d[1].clone(),
                    d[2].clone(),
                    c.played[0].to_string(),
                    c.played[1].to_string(),
                    p[0].clone(),
                    p[1].clone(),
                    p[2].clone(),
                    c.never_drawn[0].to_string(),
                    c.never_drawn[1].to_string(),
                    u[0].clone(),
                    u[1].clone(),
                    u[2].clone(),
                    iwd.clone(),
                    iwd_lo.clone(),
                    iwd_hi.clone(),
                ];
                // The 17lands names: opening hand, drawn later, games in hand (drawn at all),
                // games not seen, and IWD = GIH − GNS (the same numbers as drawn /
                // never_drawn / improvement above, under the names designers know).
                for c in [c.opening, c.later, c.drawn, c.never_drawn] {
                    rec.push(c[0].to_string());
                    rec.push(c[1].to_string());
                    rec.extend(rate(c[1], c[0]));
                }
                rec.extend([iwd, iwd_lo, iwd_hi]);
                w.write_record(&rec)?;
            }
        }
    }
    w.flush()?;
    Ok(())
}

mod manifest;
mod staged;
pub use manifest::*;
pub use staged::*;
