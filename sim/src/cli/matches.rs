//! `cardsim match`: competitive best-of-K series between two agents.

use std::path::PathBuf;

use anyhow::Result;
use cardsim_sim::series::{series, series_table, LoserPlays, SeriesJob};
use cardsim_sim::settings::RunSettings;
use clap::Args;

use super::common::*;

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The game: tyrant, allegiance, battalla, mission_alliance or alpha_omega (two players,
    /// both seats played by agents, so not Tyrant, whose defender is the rules' automaton).
    #[arg(long, default_value = "allegiance")]
    pub game: String,
    /// Card file (default: the game's example cards in the data folder).
    #[arg(long)]
    pub cards: Option<PathBuf>,
    /// Deck files of the pool (repeatable; default: every example deck of the game).
    #[arg(long = "deck")]
    pub decks: Vec<PathBuf>,
    /// Agent A.
    #[arg(long, default_value = "greedy")]
    pub agent: String,
    /// Agent B.
    #[arg(long = "vs-agent", default_value = "random")]
    pub vs_agent: String,
    /// Games per series (odd): the player who wins more than half wins the match.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=99))]
    pub best_of: u32,
    /// Matches (best-of series) to play: the count of this command is matches, not games.
    #[arg(long, default_value_t = 10_000, allow_hyphen_values = true, value_parser = parse_count)]
    pub matches: u64,
    /// Who plays first in the game after a loss: `first` (the loser) or `second`.
    #[arg(long, default_value = "first")]
    pub loser_plays: LoserPlays,
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

pub fn cmd_match(a: MatchArgs) -> Result<()> {
    let decks = if a.decks.is_empty() {
        example_decks(&a.game)?
    } else {
        a.decks
    };
    let out = out_dir(&a.out, &a.game, "match");
    let params = with_preset(&a.preset, &a.params);
    let r = series(&SeriesJob {
        run: RunSettings {
            progress: !a.quiet,
            ..run_settings(&a.game, &a.cards, a.seed, a.threads, out.clone(), params)
        },
        decks,
        agent_a: a.agent,
        agent_b: a.vs_agent,
        best_of: a.best_of,
        matches: a.matches,
        loser_plays: a.loser_plays,
    })?;
    cardsim_sim::out!("{}", series_table(&r));
    cardsim_sim::outln!(
        "{:.1} s on {} threads; wrote {}",
        r.manifest.elapsed_seconds,
        r.manifest.threads,
        r.written
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    a.report.write(&out)
}
