//! CSV and manifest outputs, written completely or not at all.
//!
//! Every file is first written into a staging folder next to the output folder; only when
//! all of them are written are they renamed into place. On any error the staging folder is
//! removed and the output folder is left as it was.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use cardsim_engine::Ruleset;
use serde::Serialize;

use crate::runner::{MatchAcc, Matchup, SeatAcc};
use crate::stats::{hist_mean, hist_quantile, newcombe_diff, wilson, Z95};

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

fn rate(k: u64, n: u64) -> [String; 3] {
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
            });
        }
    }
    rows
}

fn write_summary(path: &Path, rows: &[SummaryRow], peek: &dyn Fn(&str) -> bool) -> Result<()> {
    let mut w = csv::Writer::from_path(path)?;
    w.write_record([
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
        "win_ci_low",
        "win_ci_high",
        "draw_rate",
        "draw_ci_low",
        "draw_ci_high",
        "mean_turns",
        "median_turns",
        "p90_turns",
        "decisions_per_game",
    ])?;
    for r in rows {
        let a = &r.acc;
        let wr = rate(a.wins, a.games);
        let dr = rate(a.draws, a.games);
        let dpg = if a.games > 0 {
            format!("{:.3}", a.decisions as f64 / a.games as f64)
        } else {
            String::new()
        };
        w.write_record([
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
        ])?;
    }
    w.flush()?;
    Ok(())
}

fn write_turns(path: &Path, names: &[MatchNames], accs: &[MatchAcc]) -> Result<()> {
    let mut w = csv::Writer::from_path(path)?;
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

fn write_cards(path: &Path, names: &[MatchNames], accs: &[MatchAcc]) -> Result<()> {
    let mut w = csv::Writer::from_path(path)?;
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
        "drawn_ci_low",
        "drawn_ci_high",
        "played_games",
        "played_wins",
        "win_rate_played",
        "played_ci_low",
        "played_ci_high",
        "never_drawn_games",
        "never_drawn_wins",
        "win_rate_never_drawn",
        "never_drawn_ci_low",
        "never_drawn_ci_high",
        "improvement_when_drawn",
        "improvement_ci_low",
        "improvement_ci_high",
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
                w.write_record([
                    nm.id.as_str(),
                    &nm.decks[k],
                    &opponent.join("+"),
                    name,
                    &copies.to_string(),
                    &games.to_string(),
                    &wins.to_string(),
                    &c.drawn[0].to_string(),
                    &c.drawn[1].to_string(),
                    &d[0],
                    &d[1],
                    &d[2],
                    &c.played[0].to_string(),
                    &c.played[1].to_string(),
                    &p[0],
                    &p[1],
                    &p[2],
                    &c.never_drawn[0].to_string(),
                    &c.never_drawn[1].to_string(),
                    &u[0],
                    &u[1],
                    &u[2],
                    &iwd,
                    &iwd_lo,
                    &iwd_hi,
                ])?;
            }
        }
    }
    w.flush()?;
    Ok(())
}

/// The run manifest (`manifest.json`): everything needed to reproduce the run.
#[derive(Serialize, Debug, Clone)]
pub struct Manifest {
    /// The command line.
    pub command: Vec<String>,
    /// Game name.
    pub game: String,
    /// Card file.
    pub cards: String,
    /// Deck files, in load order.
    pub decks: Vec<String>,
    /// Rule parameters, `name=value`.
    pub params: Vec<String>,
    /// Matchups: deck names and agent specs per slot, games.
    pub matchups: Vec<ManifestMatchup>,
    /// Run seed.
    pub seed: u64,
    /// Total games.
    pub games: u64,
    /// Worker threads used (does not affect results).
    pub threads: usize,
    /// cardsim version.
    pub version: String,
    /// Git commit of the build, when known.
    pub git_commit: Option<String>,
    /// Whether the results are reproducible from the seed (false when an agent used a time
    /// budget).
    pub deterministic: bool,
    /// Wall-clock seconds (a timing: differs between runs).
    pub elapsed_seconds: f64,
    /// Games per second (a timing).
    pub games_per_second: f64,
}

/// One matchup in the manifest.
#[derive(Serialize, Debug, Clone)]
pub struct ManifestMatchup {
    /// Id as in the CSVs.
    pub id: String,
    /// Deck names per slot.
    pub decks: Vec<String>,
    /// Agent specs per slot.
    pub agents: Vec<String>,
    /// Games.
    pub games: u64,
    /// Global index of the matchup's first game (game `i` of the matchup is `first + i`).
    pub first_game: u64,
    /// Index of each slot's deck in the manifest's `decks` (for `cardsim replay`).
    pub deck_indices: Vec<u8>,
}

/// Everything a run writes.
pub struct Outputs<'a> {
    /// Summary rows.
    pub summary: &'a [SummaryRow],
    /// Names.
    pub names: &'a [MatchNames],
    /// Accumulators.
    pub accs: &'a [MatchAcc],
    /// Manifest.
    pub manifest: &'a Manifest,
    /// Whether an agent label sees hidden information.
    pub peeks: &'a dyn Fn(&str) -> bool,
}

/// Write all outputs into `dir` atomically (see the module docs).
pub fn write_all(dir: &Path, out: &Outputs<'_>) -> Result<Vec<PathBuf>> {
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let leaf = dir
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let staging = parent.join(format!(".{leaf}.staging-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    std::fs::create_dir_all(&staging)
        .with_context(|| format!("cannot create {}", staging.display()))?;
    let files = ["summary.csv", "turns.csv", "cards.csv", "manifest.json"];
    let result = (|| -> Result<()> {
        write_summary(&staging.join(files[0]), out.summary, out.peeks)?;
        write_turns(&staging.join(files[1]), out.names, out.accs)?;
        write_cards(&staging.join(files[2]), out.names, out.accs)?;
        let mut f = std::fs::File::create(staging.join(files[3]))?;
        serde_json::to_writer_pretty(&mut f, out.manifest)?;
        writeln!(f)?;
        f.sync_all()?;
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        Ok(())
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(e.context(format!("writing outputs to {}", dir.display())));
    }
    let mut written = Vec::new();
    for f in files {
        let to = dir.join(f);
        std::fs::rename(staging.join(f), &to)
            .with_context(|| format!("cannot move {f} into {}", dir.display()))?;
        written.push(to);
    }
    let _ = std::fs::remove_dir_all(&staging);
    Ok(written)
}
