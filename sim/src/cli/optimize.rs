//! `cardsim optimize`: the best deck from a card pool against a field.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use cardsim_sim::optimize::race::RaceRule;
use cardsim_sim::optimize::{Method, OptimizeSpec, SearchRule};
use cardsim_sim::settings::RunSettings;
use clap::{Args, ValueEnum};

use super::common::*;

#[derive(Copy, Clone, Debug, ValueEnum, serde::Serialize)]
pub enum MethodArg {
    /// Hill climbing with restarts.
    Climb,
    /// Simulated annealing.
    Anneal,
}

#[derive(Args, Debug, serde::Serialize)]
pub struct OptimizeArgs {
    /// The game: tyrant, allegiance, battalla, mission_alliance or alpha_omega.
    #[arg(long, default_value = "tyrant")]
    pub game: String,
    /// Card file (default: the game's example cards in the data folder).
    #[arg(long)]
    pub cards: Option<PathBuf>,
    /// The start deck.
    #[arg(long)]
    pub deck: PathBuf,
    /// Opponent deck(s): each a separate opponent in a two-player game (equal games each),
    /// all at one table otherwise (in a cooperative game: the partners; none for a solo game).
    #[arg(long = "vs", num_args = 1..)]
    pub vs: Vec<PathBuf>,
    /// A folder of decks: every `*.txt` in it but the --deck file is an opponent.
    #[arg(long, value_name = "DIR")]
    pub field: Option<PathBuf>,
    /// Agent playing the deck.
    #[arg(long, default_value = "random")]
    pub agent: String,
    /// Agent playing the opponents.
    #[arg(long = "vs-agent", default_value = "random")]
    pub vs_agent: String,
    /// Card pool: a file of deck-file lines (`Card Name` or `2x Card Name`); the list may
    /// only hold these cards (and the start deck's), slots only these values where it names
    /// some. Default: every card of the card file (or the inventory's).
    #[arg(long, value_name = "CARDS")]
    pub pool: Option<PathBuf>,
    /// Owned cards: a file of `3x Card Name` lines; no candidate uses more copies than owned.
    #[arg(long, value_name = "INVENTORY")]
    pub owned: Option<PathBuf>,
    /// A card of the start deck that must stay (its copies at least as many); repeatable.
    #[arg(long, num_args = 1.., value_name = "CARD")]
    pub lock: Vec<String>,
    /// Search method.
    #[arg(long, value_enum, default_value = "climb")]
    pub method: MethodArg,
    /// Neighbours raced per step.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub batch: u64,
    /// Steps without an accepted move that make a local optimum.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    pub patience: u32,
    /// Restarts after the first climb (climb): each kicks the best deck by --kick moves.
    #[arg(long, default_value_t = 2)]
    pub restarts: u32,
    /// Random moves applied to the best deck at a restart.
    #[arg(long, default_value_t = 3)]
    pub kick: u32,
    /// Starting temperature of annealing (win-rate units: 0.01 accepts a 1-point-worse move
    /// with probability 1/e at the start).
    #[arg(long, default_value_t = 0.01)]
    pub t0: f64,
    /// Games the search may spend (every deck's games counted); the step under way finishes.
    #[arg(long, default_value_t = 200_000, value_parser = parse_count)]
    pub budget: u64,
    /// Most search steps.
    #[arg(long, default_value_t = 10_000, value_parser = parse_count)]
    pub max_steps: u64,
    /// Paired games per look of a race.
    #[arg(long, default_value_t = 64, value_parser = parse_count)]
    pub look: u64,
    /// Most paired games a candidate plays against the incumbent.
    #[arg(long, default_value_t = 512, value_parser = parse_count)]
    pub max_pairs: u64,
    /// Interval multiplier of a race's early decisions (2.576: 99% two-sided per look).
    #[arg(long, default_value_t = 2.576)]
    pub race_z: f64,
    /// No racing: every candidate plays --max-pairs games (plain climbing, for comparison).
    #[arg(long, alias = "fixed")]
    pub no_racing: bool,
    /// Search list orders too, even when the game's decks are shuffled (e.g. for an agent
    /// that plays in list order).
    #[arg(long)]
    pub reorder: bool,
    /// Paired games of the final re-measurement of the start and best decks on fresh seeds.
    #[arg(long, default_value_t = 20_000, value_parser = parse_count)]
    pub final_games: u64,
    /// Run seed: every game's randomness comes from it and the game's index.
    #[arg(long, default_value_t = DEFAULT_SEED, allow_hyphen_values = true, value_parser = parse_seed)]
    pub seed: u64,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// Output folder (default: reports/GAME/COMMAND).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Rule parameter held fixed, `name=value` (repeatable; `cardsim params` lists them).
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// A named bundle of rule parameters (`cardsim params` lists them); `--param` wins over it.
    #[arg(long)]
    pub preset: Option<String>,
    /// Not supported: the search is sequential (refused with a message).
    #[arg(long, hide = true)]
    #[serde(skip)]
    pub shard: Option<String>,
    /// Not supported (refused with a message).
    #[arg(long, hide = true)]
    #[serde(skip)]
    pub resume: bool,
    #[command(flatten)]
    #[serde(flatten)]
    pub report: ReportFlags,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

pub fn cmd_optimize(a: OptimizeArgs) -> Result<()> {
    if a.shard.is_some() || a.resume {
        bail!("optimize cannot be sharded or resumed: each search step depends on the one before; run it in one process (it is parallel over the cores and deterministic for a seed)");
    }
    if !a.race_z.is_finite() || a.race_z <= 0.0 || !a.t0.is_finite() || a.t0 < 0.0 {
        bail!("--race-z must be a number above 0 and --t0 a number at least 0");
    }
    if a.max_pairs < 2 || a.final_games < 2 {
        bail!("--max-pairs and --final-games must be at least 2");
    }
    // Decks may be named (`--deck bruisers`): the field test below needs the real path.
    let deck = cardsim_sim::datadir::resolve_deck(&a.game.to_ascii_lowercase(), &a.deck)?;
    let mut vs = a.vs.clone();
    if let Some(dir) = &a.field {
        let me = std::fs::canonicalize(&deck)
            .with_context(|| format!("{}: cannot read deck file", deck.display()))?;
        for d in decks_in(dir)? {
            if std::fs::canonicalize(&d).ok().as_ref() != Some(&me) {
                vs.push(d);
            }
        }
    }
    let out = out_dir(&a.out, &a.game, "optimize");
    let params = with_preset(&a.preset, &a.params);
    let spec = OptimizeSpec {
        deck,
        vs,
        agent: a.agent.clone(),
        vs_agent: a.vs_agent.clone(),
        pool: a.pool.clone(),
        owned: a.owned.clone(),
        lock: a.lock.clone(),
        reorder: a.reorder,
        search: SearchRule {
            method: match a.method {
                MethodArg::Climb => Method::Climb,
                MethodArg::Anneal => Method::Anneal,
            },
            batch: a.batch as usize,
            patience: a.patience,
            restarts: a.restarts,
            kick: a.kick,
            t0: a.t0,
            budget: a.budget,
            max_steps: a.max_steps,
            race: RaceRule {
                look: a.look,
                max_pairs: a.max_pairs,
                z: a.race_z,
                racing: !a.no_racing,
            },
        },
        final_games: a.final_games,
        run: RunSettings {
            options: serde_json::to_value(&a)?,
            ..run_settings(&a.game, &a.cards, a.seed, a.threads, out.clone(), params)
        },
    };
    let r = cardsim_sim::optimize::optimize(&spec)?;
    cardsim_sim::out!("{}", cardsim_sim::optimize::write::summary(&r));
    cardsim_sim::outln!(
        "{} games in {:.2} s on {} threads; wrote {}",
        r.manifest.games,
        r.manifest.elapsed_seconds,
        r.manifest.threads,
        wrote(&r.written)
    );
    a.report.write(&out)
}
