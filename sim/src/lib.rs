//! # cardsim-sim: the simulator behind the `cardsim` binary
//!
//! Generic over the engine's [`Ruleset`] and the agents crate; it holds no game-specific
//! code. A [`Job`] names a game, its data files, the matchups, the agents, the game count and
//! the seed; [`execute`] loads everything, plays the games on a rayon pool ([`runner`]) and
//! writes the CSV outputs ([`output`]). [`ladder`] ranks agents by playing every pair of them
//! on the same deals.
#![deny(missing_docs)]

#[macro_use]
mod for_game;

pub mod ablation;
pub mod compare;
pub mod console;
pub mod coverage;
pub mod csvout;
pub mod datadir;
pub use datadir::data_dir;
pub mod distribute;
pub mod duplicate;
pub mod field;
pub mod impact;
pub mod ladder;
pub mod optimize;
pub mod output;
pub mod patch;
pub mod replay;
pub mod report;
pub mod runner;
pub mod scenario;
pub mod score;
pub mod sequential;
pub mod series;
pub mod settings;
pub mod stats;
pub mod stratified;
pub mod sweep;
pub mod table;
pub mod tdist;
pub mod tournament;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use cardsim_agents::{make_agent, AgentSpec};
use cardsim_engine::{DeckSource, Params, Ruleset, Setup};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use output::{Manifest, ManifestMatchup, MatchNames, SummaryRow};
use runner::{MatchAcc, Matchup, Run};
use sequential::{StopInfo, StopRule};
use settings::RunSettings;

/// How the loaded decks are paired.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Pairing {
    /// One matchup of all the decks given (one per seat).
    Single,
    /// Every pair of distinct decks (two-player games).
    RoundRobin,
    /// The first deck against each other deck, one matchup per opponent (a gauntlet, with
    /// `field.csv`); for games of more than two players the one table of all the decks.
    /// Slot 0's agent plays the first deck, slot 1's every opponent.
    Field,
}

/// A simulation job.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Job {
    /// Game, files, seed, threads, output, parameters, progress, command (the options are
    /// not used: the manifest's options are the job itself).
    #[serde(flatten)]
    pub run: RunSettings,
    /// Deck files.
    pub decks: Vec<PathBuf>,
    /// How decks are paired.
    pub pairing: Pairing,
    /// Agent spec per slot (for a round robin: slot 0 is the first deck of each pair).
    pub agents: Vec<String>,
    /// Games per matchup.
    pub games: u64,
}

/// What a job produced.
pub struct JobReport {
    /// Summary rows (per matchup, deck and seat, plus `all`).
    pub summary: Vec<SummaryRow>,
    /// Team rows (empty unless the rules seat teams).
    pub teams: Vec<output::TeamRow>,
    /// Per-matchup accumulators.
    pub accs: Vec<MatchAcc>,
    /// Names per matchup.
    pub names: Vec<MatchNames>,
    /// The manifest written (or that would have been).
    pub manifest: Manifest,
    /// Order-independent checksum over every game (for `bench`).
    pub checksum: u64,
    /// Files written.
    pub written: Vec<PathBuf>,
    /// [`Pairing::Field`] in a two-player game: per opponent and pooled (`field.csv`).
    pub field: Vec<field::FieldRow>,
}

/// The git commit this binary was built from, when known.
pub fn git_commit() -> Option<String> {
    option_env!("CARDSIM_GIT_COMMIT")
        .filter(|s| !s.is_empty())
        .map(String::from)
}

/// Run a job for the game it names.
pub fn execute(job: &Job) -> Result<JobReport> {
    execute_with(job, &StopRule::default())
}

/// Run a job, stopping each matchup early by `stop` (see [`sequential`]).
pub fn execute_with(job: &Job, stop: &StopRule) -> Result<JobReport> {
    execute_mode(job, stop, false)
}

/// Run a job, stopping by `stop`, with `duplicate` deals (every deal played once per
/// seating, see [`duplicate`]).
pub fn execute_mode(job: &Job, stop: &StopRule, duplicate: bool) -> Result<JobReport> {
    execute_weighted(job, stop, duplicate, &[])
}

/// [`execute_mode`] with a weight per matchup for the pooled row of a [`Pairing::Field`]
/// job (empty: equal weights); see [`field`].
pub fn execute_weighted(
    job: &Job,
    stop: &StopRule,
    duplicate: bool,
    weights: &[f64],
) -> Result<JobReport> {
    for_game!(
        &job.run.game,
        execute_for(job: &'a Job, stop: &'a StopRule, duplicate: bool, weights: &'a [f64])
            -> Result<JobReport>
    )?
}

/// A rayon pool of `threads` workers (`None`: one per core); returns it with its size.
pub fn worker_pool(threads: Option<usize>) -> Result<(rayon::ThreadPool, usize)> {
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 {
        bail!("--threads must be at least 1");
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the worker threads")?;
    Ok((pool, threads))
}

/// A progress bar over `total` games on stderr, drawn only when `show` and stderr is a
/// terminal.
pub fn progress_bar(total: u64, show: bool) -> ProgressBar {
    if show && std::io::stderr().is_terminal() {
        let b = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        b.set_style(
            ProgressStyle::with_template(
                "{bar:40} {human_pos}/{human_len} games  {rate}  ETA {eta}",
            )
            .expect("valid template")
            .with_key(
                "rate",
                |st: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0} games/s", st.per_sec());
                },
            ),
        );
        b
    } else {
        ProgressBar::hidden()
    }
}

/// Play every matchup of `run`; with an active `stop` rule each matchup stops on its own
/// (its games keep their global indices, so a stopped matchup equals a fixed-size run of the
/// games it used). Returns the accumulators and, under a rule, each matchup's stop report.
pub fn play_run<R: Ruleset>(
    run: &Run<'_, R>,
    out: Option<&Path>,
    stop: &StopRule,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(Vec<MatchAcc>, Vec<Option<StopInfo>>)> {
    play_run_mode(run, out, stop, false, progress)
}

/// [`play_run`] with `duplicate` deals (looks are rounded up to whole deals).
pub fn play_run_mode<R: Ruleset>(
    run: &Run<'_, R>,
    out: Option<&Path>,
    stop: &StopRule,
    duplicate: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(Vec<MatchAcc>, Vec<Option<StopInfo>>)> {
    if !stop.active() {
        let r = run.play_in_mode(out, runner::Numbering::Continued, duplicate, progress)?;
        let n = r.matchups.len();
        return Ok((r.matchups, vec![None; n]));
    }
    run.validate()?;
    let budgets: Vec<u64> = run.matchups.iter().map(|m| m.games).collect();
    let players = run.ruleset.num_players() as u64;
    let look = if duplicate {
        stop.look.div_ceil(players) * players
    } else {
        stop.look
    };
    let looks = distribute::Looks::open(out, &budgets, look)?;
    let mut base = 0;
    let mut accs = Vec::new();
    let mut stops = Vec::new();
    for (mi, m) in run.matchups.iter().enumerate() {
        let (acc, info) = play_matchup_mode(run, mi, base, stop, duplicate, &looks, progress)?;
        accs.push(acc);
        stops.push(info);
        base += m.games;
    }
    Ok((accs, stops))
}

/// Play matchup `mi` of a validated `run` with game `i` seeded as global game `base + i`,
/// in looks, stopping by `stop` on the first deck's win rate (wins among all games: a draw
/// counts as not a win). Without an active rule every game is played and the report is
/// `None`.
pub fn play_matchup<R: Ruleset>(
    run: &Run<'_, R>,
    mi: usize,
    base: u64,
    stop: &StopRule,
    looks: &distribute::Looks,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(MatchAcc, Option<StopInfo>)> {
    play_matchup_mode(run, mi, base, stop, false, looks, progress)
}

/// [`play_matchup`] with `duplicate` deals: looks are rounded up to whole deals and the
/// rules use the deal-paired win rate ([`duplicate::DealAcc::win_rate`]).
pub fn play_matchup_mode<R: Ruleset>(
    run: &Run<'_, R>,
    mi: usize,
    base: u64,
    stop: &StopRule,
    duplicate: bool,
    looks: &distribute::Looks,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(MatchAcc, Option<StopInfo>)> {
    let budget = run.matchups[mi].games;
    let players = run.ruleset.num_players() as u64;
    let look = if stop.active() {
        stop.look
    } else {
        runner::CHUNK
    };
    let look = if duplicate {
        look.div_ceil(players) * players
    } else {
        look
    };
    let mut acc: Option<MatchAcc> = None;
    let (mut decision, mut llr, mut hw) = (None, None, None);
    let mut failed = None;
    let used = sequential::run_looks(
        budget,
        look,
        &|s, e| {
            let a = looks.look(mi, s, e, || run.play_range_mode(mi, base, s, e, duplicate));
            progress(e - s);
            a
        },
        &mut |a, n| {
            let a = match a {
                Ok(a) => a,
                Err(e) => {
                    failed = Some(e);
                    return true;
                }
            };
            let m = match acc.take() {
                None => a,
                Some(x) => x.merge(a),
            };
            let strata: Vec<(u64, u64)> = m.seats[0].iter().map(|s| (s.wins, s.games)).collect();
            (decision, llr, hw) = match m.deals.win_rate(0, stats::Z95) {
                Some((e, eff)) if duplicate => {
                    let k = strata.iter().map(|s| s.0).sum();
                    let var = e.est * (1.0 - e.est) / eff;
                    stop.check_var((k, n), var, Some((e.hi - e.lo) / 2.0), n)
                }
                _ => stop.check_strata(&strata, n),
            };
            acc = Some(m);
            decision.is_some() || distribute::interrupted()
        },
    );
    if let Some(e) = failed {
        return Err(e);
    }
    looks.check_interrupted()?;
    let n = run.ruleset.num_players();
    let acc = acc.unwrap_or_else(|| MatchAcc::new(n, n, &run.positions(mi), run.max_turns()));
    let info = stop.active().then(|| StopInfo {
        decision: decision.unwrap_or(stats::Decision::Undecided),
        games: used,
        budget,
        llr,
        half_width: hw,
    });
    Ok((acc, info))
}

/// Most decks one job loads (deck indices are bytes).
pub const MAX_DECKS: usize = 256;

/// Load the rule set of a job: its cards, `decks` (at most [`MAX_DECKS`]) and parameters.
pub fn load_ruleset<R: Ruleset>(
    cards: Option<&Path>,
    decks: &[PathBuf],
    params: &[String],
) -> Result<(R, PathBuf)> {
    // Decks are numbered by a byte in game states and matchups: refuse more than that can
    // number instead of silently playing fewer.
    if decks.len() > MAX_DECKS {
        bail!(
            "{} decks given; a job takes at most {MAX_DECKS} (the first past the limit: {})",
            decks.len(),
            decks[MAX_DECKS].display()
        );
    }
    // `preset=NAME` entries (from `--preset`) apply first; explicit values win over them.
    let p = Params::from_assignments(R::param_specs(), R::presets(), params)?;
    let cards = cards
        .map(Path::to_path_buf)
        .unwrap_or_else(|| data_dir().join(R::default_cards()));
    // Decks may be named (`rush`) instead of given as paths.
    let decks = decks
        .iter()
        .map(|d| datadir::resolve_deck(R::NAME, d))
        .collect::<Result<Vec<_>>>()?;
    // The files a job reads name it (see `distribute::digest`); a missing one is left for
    // the loader to report.
    for f in std::iter::once(&cards).chain(&decks) {
        if f.is_file() {
            distribute::note_input(f)?;
        }
    }
    let setup = Setup {
        cards: cards.clone(),
        decks: decks.into_iter().map(DeckSource::File).collect(),
        params: p,
    };
    Ok((R::load(&setup)?, cards))
}

fn execute_for<R: Ruleset>(
    job: &Job,
    stop: &StopRule,
    duplicate: bool,
    weights: &[f64],
) -> Result<JobReport> {
    // The output folder is checked before the first game, not after the last.
    job.run.check_out()?;
    if job.games == 0 {
        bail!("--games must be at least 1");
    }
    let (ruleset, cards) = job.run.load::<R>(&job.decks)?;
    let n = ruleset.num_players();
    let specs: Vec<AgentSpec> = job
        .agents
        .iter()
        .map(|s| AgentSpec::parse(s))
        .collect::<Result<_, _>>()?;
    let deck_count = job.decks.len();
    let matchups: Vec<Matchup> = match job.pairing {
        Pairing::Single => {
            if deck_count != n {
                bail!(
                    "{} is a {n}-player game: give {n} decks (--deck and --vs), not {deck_count}",
                    R::NAME
                );
            }
            if specs.len() != n {
                bail!("give one agent per deck ({n}), got {}", specs.len());
            }
            vec![Matchup {
                decks: (0..n as u8).collect(),
                agents: specs.clone(),
                games: job.games,
            }]
        }
        Pairing::RoundRobin => {
            if n != 2 {
                bail!("a round robin needs a two-player game");
            }
            if deck_count < 2 {
                bail!("a round robin needs at least two decks");
            }
            let mut v = Vec::new();
            for a in 0..deck_count {
                for b in a + 1..deck_count {
                    v.push(Matchup {
                        decks: vec![a as u8, b as u8],
                        agents: specs.clone(),
                        games: job.games,
                    });
                }
            }
            v
        }
        Pairing::Field => {
            if specs.len() != 2 {
                bail!(
                    "give two agents (the deck's and the opponents'), got {}",
                    specs.len()
                );
            }
            let tables = field::field_tables(n, deck_count, R::NAME, "")?;
            tables
                .into_iter()
                .map(|decks| Matchup {
                    agents: std::iter::once(specs[0].clone())
                        .chain(std::iter::repeat_n(specs[1].clone(), n - 1))
                        .collect(),
                    decks,
                    games: job.games,
                })
                .collect()
        }
    };
    if duplicate {
        duplicate::check_games(job.games, n).map_err(anyhow::Error::msg)?;
    }
    let run = Run {
        ruleset: &ruleset,
        matchups,
        seed: job.run.seed,
    };
    let total = run.total_games();
    let (pool, threads) = job.run.pool()?;
    let bar = job.run.progress_bar(total);
    let started = Instant::now();
    let (accs, stops) = pool.install(|| {
        play_run_mode(&run, job.run.out.as_deref(), stop, duplicate, &|k| {
            bar.inc(k)
        })
    })?;
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    let used: Vec<u64> = accs
        .iter()
        .map(|a| a.seats[0].iter().map(|s| s.games).sum())
        .collect();
    let total: u64 = used.iter().sum();

    let names = output::match_names(&ruleset, &run.matchups);
    let mut summary = output::summary_rows(&ruleset, &names, &accs);
    let teams = output::team_rows(&ruleset, &names, &accs);
    let field_rows = if job.pairing == Pairing::Field && n == 2 {
        field::field_rows(&names, &accs, weights)
    } else {
        Vec::new()
    };
    let per = (summary.len() / names.len().max(1)).max(1);
    for (row, stop) in summary.chunks_mut(per).zip(&stops) {
        for r in row {
            r.stop = *stop;
        }
    }
    let mut first = 0;
    // Beyond two players a field is the one table of all the decks: the run `Single` is.
    let mut as_run = job.clone();
    if as_run.pairing == Pairing::Field && n != 2 {
        as_run.pairing = Pairing::Single;
    }
    let mut options = result_options(serde_json::to_value(&as_run)?);
    if let Some(o) = options.as_object_mut() {
        o.insert("stop".into(), stop_options(stop));
        if !weights.is_empty() {
            o.insert("weights".into(), serde_json::to_value(weights)?);
        }
        if duplicate {
            o.insert("duplicate".into(), serde_json::json!("every deal played once per seating; game i is seating i mod players of deal i div players, all streams seeded by the global deal index"));
        }
    }
    let mut manifest = Manifest {
        options,
        matchups: names
            .iter()
            .zip(&run.matchups)
            .zip(&used)
            .map(|((nm, m), &games)| {
                let mm = ManifestMatchup {
                    id: nm.id.clone(),
                    decks: nm.decks.clone(),
                    agents: nm.agents.clone(),
                    games,
                    first_game: first,
                    deck_indices: m.decks.clone(),
                };
                first += m.games;
                mm
            })
            .collect(),
        seed: job.run.seed,
        deterministic: specs.iter().all(|s| {
            make_agent::<R>(s)
                .map(|a| a.deterministic())
                .unwrap_or(true)
        }),
        ..Manifest::for_ruleset("run", &ruleset, &cards, &job.decks, &job.run.command)
    };
    manifest.set_timing(total, threads, elapsed);
    let peek_labels: Vec<String> = specs
        .iter()
        .filter(|s| make_agent::<R>(s).map(|a| a.sees_hidden()).unwrap_or(false))
        .map(|s| s.to_string())
        .collect();
    let peeks = |label: &str| peek_labels.iter().any(|l| l == label);
    let written = match &job.run.out {
        Some(dir) => output::write_all(
            dir,
            &output::Outputs {
                summary: &summary,
                names: &names,
                accs: &accs,
                teams: &teams,
                manifest: &manifest,
                peeks: &peeks,
                field: &field_rows,
            },
        )?,
        None => Vec::new(),
    };
    let checksum = accs.iter().fold(0u64, |a, m| a.wrapping_add(m.checksum));
    Ok(JobReport {
        summary,
        teams,
        accs,
        names,
        manifest,
        checksum,
        written,
        field: field_rows,
    })
}

/// A command's options for the manifest, without those that cannot change a result (output
/// folder, threads, progress display) so that manifests of identical runs compare equal.
pub fn result_options(mut v: serde_json::Value) -> serde_json::Value {
    if let Some(o) = v.as_object_mut() {
        for k in ["out", "threads", "quiet", "progress", "command"] {
            o.remove(k);
        }
    }
    v
}

/// The manifest entry of a stopping rule (`null` without one).
pub fn stop_options(stop: &StopRule) -> serde_json::Value {
    if !stop.active() {
        return serde_json::Value::Null;
    }
    let mut v = serde_json::to_value(stop).unwrap_or_default();
    if let (Some(o), Some(t)) = (v.as_object_mut(), stop.sprt) {
        o.insert(
            "sprt".into(),
            serde_json::json!({"p0": t.p0, "p1": t.p1, "alpha": t.alpha, "beta": t.beta,
                "lower_bound": t.bounds().0, "upper_bound": t.bounds().1,
                "counts": "wins of the first deck among all games (draws count as not a win)", "llr": "normal approximation with the stratified per-seat variance (Wald Bernoulli LLR while that variance is 0)"}),
        );
    }
    v
}

use crate::table::{pct, Table};

/// The pooled win rate of `strata` as a percentage with its 95% stratified interval (Wilson's
/// for one stratum).
fn pct_ci(strata: &[stratified::Counts]) -> String {
    let (k, n) = strata
        .iter()
        .fold((0, 0), |(k, n), c| (k + c.wins, n + c.games));
    stratified::pooled(strata, stratified::Outcome::Win, stats::Z95)
        .map(|p| format!("{} [{:.1}, {:.1}]", pct(k, n), 100.0 * p.lo, 100.0 * p.hi))
        .unwrap_or_default()
}

/// The games the pooled win rate's interval is worth (`-` when undefined).
fn effective(strata: &[stratified::Counts]) -> String {
    stratified::pooled(strata, stratified::Outcome::Win, stats::Z95)
        .and_then(|p| p.effective)
        .map(|e| format!("{e:.0}"))
        .unwrap_or_else(|| "-".into())
}

/// A row's strata, or its pooled counts as one stratum when it has none.
fn row_strata(strata: &[stratified::Counts], acc: &runner::SeatAcc) -> Vec<stratified::Counts> {
    if strata.is_empty() {
        vec![acc.into()]
    } else {
        strata.to_vec()
    }
}

/// The seat names of summary rows (rows come per deck as one row per seat, then `all`).
fn seat_names(rows: &[SummaryRow]) -> Vec<&str> {
    rows.iter()
        .take_while(|r| r.seat != "all")
        .map(|r| r.seat.as_str())
        .collect()
}

/// A readable table: per matchup and deck, the win rate with its interval over all seats,
/// the win rate in each seat, the share of games ended by the turn limit and the mean length.
pub fn summary_table(rows: &[SummaryRow]) -> String {
    let seats = seat_names(rows);
    let mut head = vec![
        "matchup".to_string(),
        "deck".into(),
        "games".into(),
        "win rate [95% CI]".into(),
        "effective".into(),
    ];
    head.extend(seats.iter().map(|seat| format!("as {seat}")));
    head.extend(["at limit".into(), "turns".into()]);
    let mut t = Table::new(head, 2);
    for group in rows.chunks(seats.len() + 1) {
        let Some(all) = group.last() else { continue };
        let a = &all.acc;
        let strata = row_strata(&all.strata, a);
        let (ci, eff) = match &all.deal {
            Some(d) => (
                format!(
                    "{} [{:.1}, {:.1}]",
                    pct(a.wins, a.games),
                    100.0 * d.win.lo,
                    100.0 * d.win.hi
                ),
                format!("{:.0}", d.effective),
            ),
            None => (pct_ci(&strata), effective(&strata)),
        };
        let mut row = vec![
            all.matchup.clone(),
            all.deck.clone(),
            a.games.to_string(),
            ci,
            eff,
        ];
        row.extend(
            group[..group.len() - 1]
                .iter()
                .map(|r| pct(r.acc.wins, r.acc.games)),
        );
        let limit = a.wins_at_limit + a.losses_at_limit + a.draws_at_limit;
        row.push(pct(limit, a.games));
        row.push(
            stats::hist_mean(&a.turns)
                .map(|m| format!("{m:.1}"))
                .unwrap_or_default(),
        );
        t.row(row);
    }
    t.render()
}

/// Each deck against the whole field: its rows pooled over every matchup it played, per seat
/// and overall (win rate with its 95% interval).
pub fn field_table(rows: &[SummaryRow]) -> String {
    let mut decks: Vec<&str> = Vec::new();
    for r in rows {
        if !decks.contains(&r.deck.as_str()) {
            decks.push(&r.deck);
        }
    }
    decks.sort();
    let seats = seat_names(rows);
    let mut head = vec![
        "deck vs field".to_string(),
        "games".into(),
        "win rate [95% CI]".into(),
        "effective".into(),
    ];
    head.extend(seats.iter().map(|seat| format!("as {seat}")));
    let mut t = Table::new(head, 1);
    for d in decks {
        let pool = |seat: &str| {
            rows.iter()
                .filter(|r| r.deck == d && r.seat == seat)
                .fold((0u64, 0u64), |(w, n), r| (w + r.acc.wins, n + r.acc.games))
        };
        let (_, n) = pool("all");
        // Strata: every (matchup, seat) this deck played.
        let strata: Vec<stratified::Counts> = rows
            .iter()
            .filter(|r| r.deck == d && r.seat != "all")
            .map(|r| (&r.acc).into())
            .collect();
        let mut row = vec![
            d.to_string(),
            n.to_string(),
            pct_ci(&strata),
            effective(&strata),
        ];
        row.extend(seats.iter().map(|seat| {
            let (w, n) = pool(seat);
            pct(w, n)
        }));
        t.row(row);
    }
    t.render()
}

/// Team results (only when the rules seat teams): per matchup and team, the win, draw and
/// loss rates over all seats with the win rate's interval, and the win rate in each set of
/// seats it sat in.
pub fn team_table(rows: &[output::TeamRow]) -> String {
    if rows.is_empty() {
        return String::new();
    }
    let mut t = Table::new(
        [
            "matchup",
            "team",
            "games",
            "win rate [95% CI]",
            "draws",
            "losses",
            "win rate by seats",
        ],
        2,
    )
    .text_column(6);
    let mut by_seats: Vec<String> = Vec::new();
    for r in rows {
        let a = &r.acc;
        if r.seats != "all" {
            by_seats.push(format!("{} {}", r.seats, pct(a.wins, a.games)));
            continue;
        }
        t.row([
            r.matchup.clone(),
            r.team.clone(),
            a.games.to_string(),
            pct_ci(&row_strata(&r.strata, a)),
            pct(a.draws, a.games),
            pct(a.losses, a.games),
            std::mem::take(&mut by_seats).join(" "),
        ]);
    }
    t.render()
}
