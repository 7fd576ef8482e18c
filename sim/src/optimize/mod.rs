//! `cardsim optimize`: the best deck from a card pool against a field of opposing decks.
//!
//! Generic over the engine's deck-space interface ([`Ruleset::deck_space`] and friends), so
//! it works for every game that describes its decks; the search is in [`search`], the
//! racing with common random numbers in [`race`], the moves and constraints in [`moves`].
//! The final deck and the start deck are re-measured on games never used by the search
//! (numbers from 2^62 up) and compared by their paired difference.

pub mod moves;
pub mod race;
pub mod search;
pub mod write;

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use anyhow::{bail, Result};
use cardsim_engine::{DeckPlan, Ruleset};

use crate::output::{self, Manifest};
use crate::settings::RunSettings;
use crate::stats::Paired;
use moves::Constraints;
use race::Arena;
pub use search::{Method, SearchRule};

/// Index of the first game of the final measurement: far above every search epoch.
pub const FINAL_BASE: u64 = 1 << 62;

/// An optimize job.
#[derive(Clone, Debug)]
pub struct OptimizeSpec {
    /// Game, files, seed, threads, output, parameters, command (no progress bar is drawn).
    pub run: RunSettings,
    /// The start deck.
    pub deck: PathBuf,
    /// Opponent decks.
    pub vs: Vec<PathBuf>,
    /// Agent playing the deck.
    pub agent: String,
    /// Agent playing the opponents.
    pub vs_agent: String,
    /// Card pool file.
    pub pool: Option<PathBuf>,
    /// Owned-cards inventory file.
    pub owned: Option<PathBuf>,
    /// Locked cards.
    pub lock: Vec<String>,
    /// Search list orders even when the game does not say order matters.
    pub reorder: bool,
    /// The search.
    pub search: SearchRule,
    /// Paired games of the final measurement.
    pub final_games: u64,
}

impl OptimizeSpec {
    /// A job with the command line's defaults: random agents, no pool, inventory or locks,
    /// the default search, 20,000 final games, seed 1, no output folder.
    pub fn new(game: &str, deck: PathBuf, vs: Vec<PathBuf>) -> Self {
        OptimizeSpec {
            run: RunSettings {
                game: game.into(),
                seed: 1,
                ..RunSettings::default()
            },
            deck,
            vs,
            agent: "random".into(),
            vs_agent: "random".into(),
            pool: None,
            owned: None,
            lock: Vec::new(),
            reorder: false,
            search: SearchRule::default(),
            final_games: 20_000,
        }
    }
}

/// The final measurement of one deck on the fresh games.
#[derive(Clone, Debug)]
pub struct Measured {
    /// The deck.
    pub plan: DeckPlan,
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Games.
    pub games: u64,
}

/// What an optimize job found.
pub struct OptimizeReport {
    /// The start deck on the fresh games.
    pub start: Measured,
    /// The best deck on the fresh games.
    pub best: Measured,
    /// Paired differences best − start on the fresh games.
    pub paired: Paired,
    /// Games the search spent (every arm counted; the final measurement not included).
    pub search_games: u64,
    /// Every raced candidate.
    pub steps: Vec<search::Step>,
    /// The best deck as a deck file.
    pub best_text: String,
    /// The manifest.
    pub manifest: Manifest,
    /// Files written.
    pub written: Vec<PathBuf>,
}

/// Run an optimize job.
pub fn optimize(spec: &OptimizeSpec) -> Result<OptimizeReport> {
    for_game!(&spec.run.game, optimize_for(spec: &'a OptimizeSpec) -> Result<OptimizeReport>)?
}

/// Run an optimize job for rule set `R` (the `game` field is not consulted), e.g. a test's
/// own game that is not in the registry.
pub fn optimize_for<R: Ruleset>(spec: &OptimizeSpec) -> Result<OptimizeReport> {
    spec.run.check_out()?;
    if spec.final_games < 2 || spec.search.race.max_pairs < 2 {
        bail!("--final-games and --max-pairs must be at least 2");
    }
    let mut decks = vec![spec.deck.clone()];
    decks.extend(spec.vs.iter().cloned());
    let (ruleset, cards) = spec.run.load::<R>(&decks)?;
    let (Some(space), Some(start)) = (ruleset.deck_space(0), ruleset.deck_plan(0)) else {
        bail!(
            "{} offers no deck search (optimize) with these rule parameters (its docs page says when)",
            R::NAME
        );
    };
    let n = ruleset.num_players();
    if n >= 2 && spec.vs.is_empty() {
        bail!("give at least one opponent (--vs)");
    }
    let (tables, specs, peeks) =
        crate::field::against_field::<R>(n, decks.len(), &spec.agent, &spec.vs_agent, " here")?;
    // Every value each slot can take, whatever the other slots hold (for the pool files).
    let known_slots: Vec<Vec<String>> = (0..space.slots.len())
        .map(|s| slot_values(&ruleset, &start, s))
        .collect();
    let mut cons = Constraints::new(
        space,
        &start,
        &spec.deck,
        known_slots,
        spec.pool.as_deref(),
        spec.owned.as_deref(),
        &spec.lock,
    )?;
    cons.reorder |= spec.reorder;
    let options = moves::DeckZero(&ruleset);
    let arena = Arena {
        tables,
        specs,
        peeks,
        seed: spec.run.seed,
        games: AtomicU64::new(0),
    };
    let (pool, threads) = spec.run.pool()?;
    let started = Instant::now();
    let found =
        pool.install(|| search::search(&ruleset, &arena, &cons, &options, &start, &spec.search))?;
    let search_games = arena.games.load(Ordering::Relaxed);
    // The honest measurement: both decks on the same fresh games.
    let best_r = ruleset.with_deck_plan(0, &found.best)?;
    let (s_sc, b_sc) = pool.install(|| {
        let s = arena.scores(&ruleset, FINAL_BASE, 0, spec.final_games);
        let b = arena.scores(&best_r, FINAL_BASE, 0, spec.final_games);
        (s, b)
    });
    let mut paired = Paired::default();
    for (&a, &b) in s_sc.iter().zip(&b_sc) {
        paired.add(a, b);
    }
    let measured = |plan: &DeckPlan, sc: &[u8]| Measured {
        plan: plan.clone(),
        wins: sc.iter().filter(|&&x| x == 2).count() as u64,
        draws: sc.iter().filter(|&&x| x == 1).count() as u64,
        games: sc.len() as u64,
    };
    let start_m = measured(&start, &s_sc);
    let best_m = measured(&found.best, &b_sc);
    let elapsed = started.elapsed().as_secs_f64();
    let deck_name = ruleset.deck_names()[0].clone();
    let best_text = ruleset.deck_plan_text(
        &found.best,
        &format!(
            "{deck_name}, optimized by cardsim optimize (seed {}): {:.1}% against the field on {} fresh games, start deck {:.1}%",
            spec.run.seed,
            100.0 * best_m.wins as f64 / best_m.games as f64,
            best_m.games,
            100.0 * start_m.wins as f64 / start_m.games as f64,
        ),
    );
    let names = ruleset.deck_names();
    let agents: Vec<String> = arena.specs.iter().map(|s| s.to_string()).collect();
    let mut manifest = spec.run.manifest(
        "optimize",
        &ruleset,
        &cards,
        &decks,
        output::table_matchups(&arena.tables, &names, &agents, spec.final_games),
        |map| {
            map.insert("search".into(), serde_json::to_value(&spec.search)?);
            map.insert("search_games".into(), search_games.into());
            map.insert("final_games".into(), spec.final_games.into());
            map.insert("final_first_game".into(), FINAL_BASE.into());
            map.insert("pairing".into(), "game t faces opponent t mod m, seats alternated by t div m, every random stream from (seed, game number) for every deck compared; search epoch e plays games e*2^32 + t, the final measurement games 2^62 + t".into());
            Ok(())
        },
    )?;
    manifest.set_timing(search_games + 2 * spec.final_games, threads, elapsed);
    let mut report = OptimizeReport {
        start: start_m,
        best: best_m,
        paired,
        search_games,
        steps: found.steps,
        best_text,
        manifest,
        written: Vec::new(),
    };
    if let Some(dir) = &spec.run.out {
        report.written = write::write_outputs(dir, &report, &deck_name)?;
    }
    Ok(report)
}

/// Every value slot `s` can take: its options under the start deck's earlier slots and,
/// for later slots, under every option of the slots before them.
fn slot_values<R: Ruleset>(r: &R, start: &DeckPlan, s: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut plans = vec![start.clone()];
    for t in 0..s {
        let mut next = Vec::new();
        for p in &plans {
            for v in r.slot_options(0, p, t) {
                let mut q = p.clone();
                q.slots[t] = v;
                next.push(q);
            }
        }
        if next.len() > 10_000 {
            break;
        }
        plans = next;
    }
    for p in &plans {
        out.extend(r.slot_options(0, p, s));
    }
    out.sort();
    out.dedup();
    out
}

/// Wilson interval of a measured deck, as (rate, low, high).
pub fn rate(m: &Measured) -> (f64, f64, f64) {
    let (lo, hi) = crate::stats::wilson(m.wins, m.games, crate::stats::Z95).unwrap_or((0.0, 1.0));
    (m.wins as f64 / m.games.max(1) as f64, lo, hi)
}
