//! `cardsim ladder`: the agent strength ladder.

use std::path::PathBuf;

use anyhow::Result;
use cardsim_sim::ladder::{ladder, ladder_table, LadderJob};
use cardsim_sim::settings::RunSettings;
use clap::Args;

use super::common::*;

/// Deals per pair in the ladder.
pub const LADDER_DEALS: u64 = 2_000;

/// The ladder's default agents, weakest expected first.
pub const LADDER_AGENTS: [&str; 4] = ["random", "greedy", "mcts:iters=100", "mcts:iters=1000"];

#[derive(Args, Debug)]
pub struct LadderArgs {
    /// The game: tyrant, allegiance, battalla, mission_alliance or alpha_omega.
    #[arg(long, default_value = "tyrant")]
    pub game: String,
    /// Card file (default: the game's example cards in the data folder).
    #[arg(long)]
    pub cards: Option<PathBuf>,
    /// Deck files (repeatable; default: every example deck of the game).
    #[arg(long = "deck")]
    pub decks: Vec<PathBuf>,
    /// Agent spec (repeatable; default: random, greedy, mcts:iters=100, mcts:iters=1000).
    /// The first anchors the ratings at 0.
    #[arg(long = "agent")]
    pub agents: Vec<String>,
    /// Deals per pair of agents (each deal is played once per seating, the agents' seats
    /// swapped: two games a deal for two players).
    #[arg(long, default_value_t = LADDER_DEALS, allow_hyphen_values = true, value_parser = parse_count)]
    pub games: u64,
    /// Run seed: every game's randomness comes from it and the game's index.
    #[arg(long, default_value_t = DEFAULT_SEED, allow_hyphen_values = true, value_parser = parse_seed)]
    pub seed: u64,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    #[command(flatten)]
    pub dist: DistArgs,
    /// Output folder (default: reports/GAME/COMMAND).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Rule parameter held fixed, `name=value` (repeatable; `cardsim params` lists them).
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// A named bundle of rule parameters (`cardsim params` lists them); `--param` wins over it.
    #[arg(long)]
    pub preset: Option<String>,
    #[command(flatten)]
    pub report: ReportFlags,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

pub fn cmd_ladder(a: LadderArgs) -> Result<()> {
    let decks = if a.decks.is_empty() {
        example_decks(&a.game)?
    } else {
        a.decks
    };
    let agents: Vec<String> = if a.agents.is_empty() {
        LADDER_AGENTS.iter().map(|s| s.to_string()).collect()
    } else {
        a.agents
    };
    let out = out_dir(&a.out, &a.game, "ladder");
    let params = with_preset(&a.preset, &a.params);
    let job = LadderJob {
        run: RunSettings {
            progress: !a.quiet,
            ..run_settings(&a.game, &a.cards, a.seed, a.threads, out.clone(), params)
        },
        decks,
        agents,
        deals: a.games,
    };
    let r = ladder(&job)?;
    let m = &r.manifest;
    cardsim_sim::outln!(
        "ladder: {} ({}), {} agents, {} deals per pair, {} decks, seed {}",
        m.game,
        m.mode,
        r.agents.len(),
        m.deals_per_pair,
        m.decks.len(),
        m.seed
    );
    if !m.fixed_seats.is_empty() {
        cardsim_sim::outln!(
            "fixed by the rules: {}; the agents play the other seats, A and B on the same deals; \
             'A better' = deals where A's result beat B's, win rate = A's share of the untied deals",
            m.fixed_seats.join(", ")
        );
    }
    cardsim_sim::out!("{}", ladder_table(&r));
    cardsim_sim::outln!(
        "{} games in {:.1} s on {} threads; wrote {}",
        m.games,
        m.elapsed_seconds,
        m.threads,
        r.written
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    a.report.write(&out)
}
