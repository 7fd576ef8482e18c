//! `cardsim tournament`: every pair of decks (mirrors optionally) with seats alternated,
//! a win-rate matrix in tidy long form and a ranking (mean win rate against the field, and a
//! Bradley–Terry rating on the Elo scale with its interval).
//!
//! Common random numbers: game `i` of every pair is seeded as global game `i` (the same
//! streams for the deal, the coin flips and each slot's agent in every pair), so the pairs
//! face the same luck as far as the rules let the same stream mean the same thing.

use crate::table::{pct_iv, Table};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Result};
use cardsim_agents::{make_agent, AgentSpec};
use cardsim_engine::Ruleset;

use crate::duplicate::{DealCells, DealEstimate};
use crate::output::{self, stop_cells, Manifest, ManifestMatchup, SummaryRow};
use crate::runner::{MatchAcc, Matchup, Numbering, Run};
use crate::sequential::{StopInfo, StopRule};
use crate::settings::RunSettings;
use crate::stats::{bradley_terry, ELO_PER_THETA, Z95};
use crate::stratified::{effective_cell, pooled_cells, Counts, Outcome};
use crate::{play_matchup_mode, stop_options};

/// A tournament.
#[derive(Clone, Debug)]
pub struct TournamentSpec {
    /// Game, files, seed, threads, output, parameters, progress, command.
    pub run: RunSettings,
    /// The decks (at least two).
    pub decks: Vec<PathBuf>,
    /// Agent spec playing every deck.
    pub agent: String,
    /// Games per pair (the budget per pair under a stopping rule).
    pub games_per_pair: u64,
    /// Also play each deck against itself.
    pub mirrors: bool,
    /// Early stopping per pair.
    pub stop: StopRule,
    /// Duplicate deals: every deal played once per seating (see [`crate::duplicate`]).
    pub duplicate: bool,
}

/// One ordered pair of decks.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixRow {
    /// Row deck.
    pub row: String,
    /// Column deck.
    pub col: String,
    /// Games between them.
    pub games: u64,
    /// Row deck's wins.
    pub row_wins: u64,
    /// Column deck's wins.
    pub col_wins: u64,
    /// Draws.
    pub draws: u64,
    /// Early-stopping report of the pair (its tested deck is `stop_deck`).
    pub stop: Option<StopInfo>,
    /// The deck whose win rate the pair's sequential test tested.
    pub stop_deck: String,
    /// The row deck's counts per seat (the strata of the stratified interval).
    pub strata: Vec<Counts>,
    /// `--duplicate`: the row deck's deal-paired win rate (its interval replaces the
    /// stratified one).
    pub deal: Option<DealCells>,
}

/// One deck's ranking.
#[derive(Clone, Debug, PartialEq)]
pub struct RankRow {
    /// Deck.
    pub deck: String,
    /// Games against other decks (mirrors excluded).
    pub games: u64,
    /// Wins in them.
    pub wins: u64,
    /// Draws in them.
    pub draws: u64,
    /// Bradley–Terry rating (Elo scale, mean 0) and its 95% interval.
    pub rating: Option<(f64, f64, f64)>,
    /// Its counts per opponent and seat (the strata of the field win rate's interval).
    pub strata: Vec<Counts>,
    /// `--duplicate`: the field win rate with the interval of the deal-paired pairs pooled
    /// ([`field_deal`]), and the games it is worth.
    pub deal: Option<(DealEstimate, f64)>,
}

/// What a tournament produced.
pub struct TournamentReport {
    /// Matrix rows (both directions of each pair, mirrors when asked).
    pub matrix: Vec<MatrixRow>,
    /// Ranking rows, best rating first.
    pub ranking: Vec<RankRow>,
    /// Summary rows per pair (as `run` writes them).
    pub summary: Vec<SummaryRow>,
    /// The manifest.
    pub manifest: Manifest,
    /// Files written.
    pub written: Vec<PathBuf>,
}

/// Virtual points given to each side of every played pair in the Bradley–Terry fit (one
/// virtual drawn game per pair), so a deck that won or lost every game still gets a finite
/// rating; negligible next to thousands of real games.
pub const BT_PRIOR: f64 = 0.5;

/// Run a tournament.
pub fn tournament(spec: &TournamentSpec) -> Result<TournamentReport> {
    for_game!(&spec.run.game, run_for(spec: &'a TournamentSpec) -> Result<TournamentReport>)?
}

fn run_for<R: Ruleset>(spec: &TournamentSpec) -> Result<TournamentReport> {
    // The output folder is checked before the first game, not after the last.
    spec.run.check_out()?;
    if spec.games_per_pair == 0 {
        bail!("--games must be at least 1");
    }
    if spec.duplicate {
        crate::duplicate::check_games(spec.games_per_pair, 2).map_err(anyhow::Error::msg)?;
    }
    if spec.decks.len() < 2 {
        bail!("a tournament needs at least two decks");
    }
    let (ruleset, cards) = spec.run.load::<R>(&spec.decks)?;
    if ruleset.num_players() != 2 {
        bail!(
            "a tournament needs a two-player game ({} seats {})",
            R::NAME,
            ruleset.num_players()
        );
    }
    let names = ruleset.deck_names();
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            bail!("two decks are named `{n}`: deck names (file stems) must differ in a tournament");
        }
    }
    let agent = AgentSpec::parse(&spec.agent)?;
    let peeks = make_agent::<R>(&agent)?.sees_hidden();
    let matchups = pairs(spec.decks.len(), &agent, spec.games_per_pair, spec.mirrors);
    let run = Run {
        ruleset: &ruleset,
        matchups,
        seed: spec.run.seed,
    };
    run.validate()?;
    let (pool, threads) = spec.run.pool()?;
    let bar = spec.run.progress_bar(run.total_games());
    let started = Instant::now();
    // Every pairing is played on the same deals (games numbered from 0 in each).
    let results: Vec<(MatchAcc, Option<StopInfo>)> = if spec.stop.active() {
        let budgets: Vec<u64> = run.matchups.iter().map(|m| m.games).collect();
        let looks =
            crate::distribute::Looks::open(spec.run.out.as_deref(), &budgets, spec.stop.look)?;
        pool.install(|| {
            (0..run.matchups.len())
                .map(|mi| {
                    let progress = |g| bar.inc(g);
                    play_matchup_mode(&run, mi, 0, &spec.stop, spec.duplicate, &looks, &progress)
                })
                .collect::<Result<_>>()
        })?
    } else {
        let r = pool.install(|| {
            let progress = |g| bar.inc(g);
            run.play_in_mode(
                spec.run.out.as_deref(),
                Numbering::SameDeals,
                spec.duplicate,
                &progress,
            )
        })?;
        r.matchups.into_iter().map(|a| (a, None)).collect()
    };
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();

    let mnames = output::match_names(&ruleset, &run.matchups);
    let accs: Vec<MatchAcc> = results.iter().map(|r| r.0.clone()).collect();
    let mut summary = output::summary_rows(&ruleset, &mnames, &accs);
    let per = summary.len() / mnames.len();
    for (rows, r) in summary.chunks_mut(per).zip(&results) {
        for row in rows {
            row.stop = r.1;
        }
    }
    let mut matrix = Vec::new();
    for (m, (acc, stop)) in run.matchups.iter().zip(&results) {
        let (a, b) = (m.decks[0] as usize, m.decks[1] as usize);
        let sum = |slot: usize, f: &dyn Fn(&crate::runner::SeatAcc) -> u64| -> u64 {
            acc.seats[slot].iter().map(f).sum()
        };
        let games = sum(0, &|s| s.games);
        let (wa, wb, d) = (
            sum(0, &|s| s.wins),
            sum(1, &|s| s.wins),
            sum(0, &|s| s.draws),
        );
        let row = |r: usize, c: usize, rw: u64, cw: u64, slot: usize| MatrixRow {
            row: names[r].clone(),
            col: names[c].clone(),
            games,
            row_wins: rw,
            col_wins: cw,
            draws: d,
            stop: *stop,
            stop_deck: names[a].clone(),
            strata: acc.seats[slot].iter().map(Counts::from).collect(),
            deal: acc.deals.cells(slot),
        };
        matrix.push(row(a, b, wa, wb, 0));
        if a != b {
            matrix.push(row(b, a, wb, wa, 1));
        }
    }
    matrix.sort_by_key(|r| {
        (
            names.iter().position(|n| *n == r.row),
            names.iter().position(|n| *n == r.col),
        )
    });
    let ranking = rank(&names, &matrix);

    let mut manifest = spec.run.manifest(
        "tournament",
        &ruleset,
        &cards,
        &spec.decks,
        mnames
            .iter()
            .zip(&accs)
            .zip(&run.matchups)
            .map(|((nm, acc), m)| ManifestMatchup {
                id: nm.id.clone(),
                decks: nm.decks.clone(),
                agents: nm.agents.clone(),
                games: acc.seats[0].iter().map(|s| s.games).sum(),
                first_game: 0,
                deck_indices: m.decks.clone(),
            })
            .collect(),
        |m| {
            m.insert("stop".into(), stop_options(&spec.stop));
            m.insert(
                "common_random_numbers".into(),
                "game i of every pair is seeded as global game i".into(),
            );
            if spec.duplicate {
                m.insert("duplicate".into(), serde_json::json!("every deal played once per seating; game i of a pair is seating i mod 2 of deal i div 2, all streams seeded by the deal index; matrix and ranking intervals use the pairing"));
            }
            m.insert(
                "rating".into(),
                format!("Bradley-Terry, Elo scale (400/ln 10 per unit of log-strength), anchored to mean 0; 95% interval = rating +- 1.96 standard errors from the Fisher information; draws count half a win to each side; one virtual drawn game per pair (prior {BT_PRIOR} points each side)").into(),
            );
            Ok(())
        },
    )?;
    let games = manifest.matchups.iter().map(|m| m.games).sum();
    manifest.set_timing(games, threads, elapsed);
    let written = spec.run.write(
        &[
            ("matrix.csv", &|p| write_matrix(p, &matrix)),
            ("ranking.csv", &|p| write_ranking(p, &ranking)),
            ("summary.csv", &|p| {
                output::write_summary(p, &summary, &|_| peeks)
            }),
            ("turns.csv", &|p| output::write_turns(p, &mnames, &accs)),
            ("cards.csv", &|p| output::write_cards(p, &mnames, &accs)),
        ],
        &manifest,
    )?;
    Ok(TournamentReport {
        matrix,
        ranking,
        summary,
        manifest,
        written,
    })
}

/// The matchups of a tournament of `k` decks: every pair (a, b) with a < b, in order, and
/// (a, a) too with `mirrors`; `agent` in both slots.
pub(crate) fn pairs(k: usize, agent: &AgentSpec, games: u64, mirrors: bool) -> Vec<Matchup> {
    let mut matchups = Vec::new();
    for a in 0..k {
        for b in a..k {
            if a != b || mirrors {
                matchups.push(Matchup {
                    decks: vec![a as u8, b as u8],
                    agents: vec![agent.clone(), agent.clone()],
                    games,
                });
            }
        }
    }
    matchups
}

/// Field win rates and Bradley–Terry ratings from the matrix (mirrors excluded).
pub fn rank(names: &[String], matrix: &[MatrixRow]) -> Vec<RankRow> {
    let k = names.len();
    let idx = |n: &str| {
        names
            .iter()
            .position(|x| x == n)
            .expect("deck of the matrix")
    };
    let mut w = vec![vec![0.0; k]; k];
    let mut g = vec![vec![0.0; k]; k];
    let mut rows: Vec<RankRow> = names
        .iter()
        .map(|d| RankRow {
            deck: d.clone(),
            games: 0,
            wins: 0,
            draws: 0,
            rating: None,
            strata: Vec::new(),
            deal: None,
        })
        .collect();
    let mut deals: Vec<Vec<(u64, DealCells)>> = vec![Vec::new(); k];
    let mut pairs = vec![0usize; k];
    for r in matrix.iter().filter(|r| r.row != r.col) {
        let (i, j) = (idx(&r.row), idx(&r.col));
        w[i][j] += r.row_wins as f64 + 0.5 * r.draws as f64;
        g[i][j] += r.games as f64;
        rows[i].games += r.games;
        rows[i].wins += r.row_wins;
        rows[i].draws += r.draws;
        rows[i].strata.extend_from_slice(&r.strata);
        pairs[i] += 1;
        if let Some(d) = r.deal {
            deals[i].push((r.games, d));
        }
    }
    for (i, row) in rows.iter_mut().enumerate() {
        // Only when every pair of the deck has its deal-paired cells.
        if !deals[i].is_empty() && deals[i].len() == pairs[i] {
            row.deal = field_deal(&deals[i]);
        }
    }
    if let Some(fit) = bradley_terry(&w, &g, BT_PRIOR) {
        for (i, row) in rows.iter_mut().enumerate() {
            let r = fit.theta[i] * ELO_PER_THETA;
            let h = Z95 * fit.se[i] * ELO_PER_THETA;
            row.rating = Some((r, r - h, r + h));
        }
    }
    rows.sort_by(|a, b| {
        let ra = a.rating.map_or(f64::NEG_INFINITY, |r| r.0);
        let rb = b.rating.map_or(f64::NEG_INFINITY, |r| r.0);
        rb.total_cmp(&ra).then_with(|| a.deck.cmp(&b.deck))
    });
    rows
}

/// A field win rate from independent deal-paired pairs `(games, cells)`: the games-weighted
/// mean of the pairs' rates, its variance the weighted sum of each pair's deal-measured
/// variance p(1 − p)/effective, and Wilson's interval at the effective games p(1 − p)/V (as
/// [`crate::duplicate::DealAcc::win_rate`] does for one pair). `None` without games.
pub fn field_deal(pairs: &[(u64, DealCells)]) -> Option<(DealEstimate, f64)> {
    let total: u64 = pairs.iter().map(|p| p.0).sum();
    if total == 0 {
        return None;
    }
    let (mut est, mut var) = (0.0, 0.0);
    for (g, d) in pairs {
        let w = *g as f64 / total as f64;
        let p = d.win.est;
        est += w * p;
        if d.effective > 0.0 {
            var += w * w * p * (1.0 - p) / d.effective;
        }
    }
    Some(crate::duplicate::wilson_at_variance(
        est,
        var,
        total as f64,
        Z95,
    ))
}

/// The three cells of a deal-paired rate.
fn deal_cells(d: &DealEstimate) -> [String; 3] {
    [
        format!("{:.4}", d.est),
        format!("{:.4}", d.lo),
        format!("{:.4}", d.hi),
    ]
}

/// Cells of a pooled win rate: stratified when strata are given, else Wilson on `k` of `n`.
fn rate_cells(strata: &[Counts], k: u64, n: u64) -> [String; 3] {
    if strata.is_empty() {
        let c = Counts {
            games: n,
            wins: k,
            ..Default::default()
        };
        return pooled_cells(&[c], Outcome::Win);
    }
    pooled_cells(strata, Outcome::Win)
}

/// The fixed leading columns of matrix.csv (readers such as `cardsim report` rely on them; new columns go at the end).
pub const MATRIX_COLUMNS: [&str; 9] = [
    "row_deck",
    "col_deck",
    "games",
    "row_wins",
    "col_wins",
    "draws",
    "win_rate",
    "win_rate_ci_low",
    "win_rate_ci_high",
];

fn write_matrix(path: &Path, rows: &[MatrixRow]) -> Result<()> {
    let mut w = crate::csvout::CsvOut::from_path(path)?;
    let mut header: Vec<&str> = MATRIX_COLUMNS.to_vec();
    header.extend([
        "stop_deck",
        "stop_decision",
        "stop_games",
        "stop_llr",
        "stop_half_width",
        "win_rate_effective_games",
    ]);
    w.write_record(&header)?;
    for r in rows {
        let mut rec = vec![
            r.row.clone(),
            r.col.clone(),
            r.games.to_string(),
            r.row_wins.to_string(),
            r.col_wins.to_string(),
            r.draws.to_string(),
        ];
        match &r.deal {
            Some(d) => rec.extend(deal_cells(&d.win)),
            None => rec.extend(rate_cells(&r.strata, r.row_wins, r.games)),
        }
        rec.push(if r.stop.is_some() {
            r.stop_deck.clone()
        } else {
            String::new()
        });
        rec.extend(stop_cells(r.stop.as_ref()));
        rec.push(match &r.deal {
            Some(d) => format!("{:.0}", d.effective),
            None => effective_cell(&r.strata),
        });
        w.write_record(&rec)?;
    }
    w.flush()?;
    Ok(())
}

/// The fixed leading columns of ranking.csv (new columns go at the end).
pub const RANKING_COLUMNS: [&str; 8] = [
    "deck",
    "games",
    "field_win_rate",
    "field_win_rate_ci_low",
    "field_win_rate_ci_high",
    "rating",
    "rating_ci_low",
    "rating_ci_high",
];

fn write_ranking(path: &Path, rows: &[RankRow]) -> Result<()> {
    let mut w = crate::csvout::CsvOut::from_path(path)?;
    let mut header: Vec<&str> = RANKING_COLUMNS.to_vec();
    header.extend(["wins", "draws", "field_win_rate_effective_games"]);
    w.write_record(&header)?;
    for r in rows {
        let mut rec = vec![r.deck.clone(), r.games.to_string()];
        match &r.deal {
            Some((d, _)) => rec.extend(deal_cells(d)),
            None => rec.extend(rate_cells(&r.strata, r.wins, r.games)),
        }
        match r.rating {
            Some((x, lo, hi)) => {
                rec.extend([format!("{x:.1}"), format!("{lo:.1}"), format!("{hi:.1}")])
            }
            None => rec.extend([String::new(), String::new(), String::new()]),
        }
        rec.extend([
            r.wins.to_string(),
            r.draws.to_string(),
            match &r.deal {
                Some((_, e)) => format!("{e:.0}"),
                None => effective_cell(&r.strata),
            },
        ]);
        w.write_record(&rec)?;
    }
    w.flush()?;
    Ok(())
}

/// The printed matrix (row deck's win rate against each column deck) and ranking.
pub fn tables(rep: &TournamentReport) -> String {
    use std::fmt::Write;
    let mut decks: Vec<&str> = Vec::new();
    for r in &rep.matrix {
        if !decks.contains(&r.row.as_str()) {
            decks.push(&r.row);
        }
    }
    let mut s = String::new();
    let mut matrix = Table::new(
        std::iter::once("row \\ col").chain(decks.iter().copied()),
        1,
    );
    for r in &decks {
        let cells = decks.iter().map(|c| {
            rep.matrix
                .iter()
                .find(|m| m.row == *r && m.col == *c)
                .map(|m| format!("{:.1}%", 100.0 * m.row_wins as f64 / m.games as f64))
                .unwrap_or_else(|| "-".into())
        });
        matrix.row(std::iter::once(r.to_string()).chain(cells));
    }
    let _ = writeln!(s, "{matrix}");
    let mut ranking = Table::new(["deck", "games", "vs field [95% CI]", "rating [95% CI]"], 1);
    for r in &rep.ranking {
        let field = rate_cells(&r.strata, r.wins, r.games);
        let num = |c: &str| c.parse::<f64>().unwrap_or(0.0);
        let f = if field[0].is_empty() {
            String::new()
        } else {
            pct_iv(num(&field[0]), num(&field[1]), num(&field[2]))
        };
        let rt = r
            .rating
            .map(|(x, lo, hi)| format!("{x:+.0} [{lo:+.0}, {hi:+.0}]"))
            .unwrap_or_default();
        ranking.row([r.deck.clone(), r.games.to_string(), f, rt]);
    }
    let _ = write!(s, "{ranking}");
    let stopped: Vec<&MatrixRow> = rep
        .matrix
        .iter()
        .filter(|m| m.stop.is_some() && m.row == m.stop_deck)
        .collect();
    if !stopped.is_empty() {
        let _ = writeln!(
            s,
            "\nsequential stopping per pair (tested: the row deck's win rate):"
        );
        for m in stopped {
            let st = m.stop.expect("filtered");
            let _ = writeln!(
                s,
                "  {} vs {}: {} after {} of {} games, LLR {}",
                m.row,
                m.col,
                st.decision.name(),
                st.games,
                st.budget,
                st.llr
                    .map(|l| format!("{l:.3}"))
                    .unwrap_or_else(|| "-".into())
            );
        }
    }
    s
}
