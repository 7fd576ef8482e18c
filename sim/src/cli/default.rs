//! `cardsim default` (and `cardsim` alone): the round robin of the example decks, then every
//! card of every deck removed in turn on a small budget (the causal card chart of its report).

use std::path::PathBuf;

use anyhow::Result;
use cardsim_sim::ablation::{ablate_all, append_to, AblationSpec, DEFAULT_ABLATION_GAMES};
use cardsim_sim::{execute, field_table, summary_table, Job, Pairing};
use clap::{Args, FromArgMatches};

use super::common::*;

/// Games per deck pair in the default job (45 pairs of the 10 example decks: 2,250,000 games).
pub const DEFAULT_GAMES_PER_PAIR: u64 = 50_000;

#[derive(Args, Debug)]
pub struct DefaultArgs {
    /// Games per pair of decks (seats rotate game by game).
    #[arg(long, alias = "games-per-pair", default_value_t = DEFAULT_GAMES_PER_PAIR, allow_hyphen_values = true, value_parser = parse_count)]
    pub games: u64,
    /// Paired games per opponent and card of the ablation that follows the round robin (each
    /// card of each deck removed in turn, the deck played with and without it on the same
    /// deals; at most --games; 0: no ablation).
    #[arg(long, default_value_t = DEFAULT_ABLATION_GAMES, value_name = "N")]
    pub ablation_games: u64,
    /// Run seed: every game's randomness comes from it and the game's index.
    #[arg(long, default_value_t = DEFAULT_SEED, allow_hyphen_values = true, value_parser = parse_seed)]
    pub seed: u64,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    #[command(flatten)]
    pub dist: DistArgs,
    /// Output folder (default: reports/default).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub report: ReportFlags,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

impl DefaultArgs {
    /// The options of `cardsim` run without a subcommand: every default.
    pub fn defaults() -> Self {
        let cmd = <DefaultArgs as Args>::augment_args(clap::Command::new("default"));
        DefaultArgs::from_arg_matches(&cmd.get_matches_from(["default"]))
            .expect("the defaults parse")
    }
}

pub fn cmd_default(a: DefaultArgs) -> Result<()> {
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("reports/default"));
    let decks = example_decks("tyrant")?;
    let job = Job {
        game: "tyrant".into(),
        cards: None,
        decks,
        pairing: Pairing::RoundRobin,
        agents: vec!["random".into(), "random".into()],
        games: a.games,
        seed: a.seed,
        threads: a.threads.map(|t| t as usize),
        out: Some(out.clone()),
        params: vec![],
        progress: !a.quiet,
        command: argv(),
    };
    let pairs = job.decks.len() * (job.decks.len() - 1) / 2;
    println!(
        "cardsim default run: Tyrant, {} example decks, round robin of {pairs} pairs x {} games, random vs random, seats alternated",
        job.decks.len(),
        a.games
    );
    let r = execute(&job)?;
    print!("{}", summary_table(&r.summary));
    println!();
    print!("{}", field_table(&r.summary));
    println!(
        "\n{} games in {:.2} s ({:.0} games/s on {} threads). Win rates carry 95% intervals (stratified by seat on the all rows); the attacker moves first; 'at limit' = games ended by the 50-turn rule (the defender wins them).",
        r.manifest.games, r.manifest.elapsed_seconds, r.manifest.games_per_second, r.manifest.threads
    );
    // The ablation plays in a whole run only: shards and merges carry the round robin alone.
    let whole = cardsim_sim::distribute::current()
        .is_none_or(|c| matches!(c.mode, cardsim_sim::distribute::Mode::Whole));
    let ablation_games = a.ablation_games.min(a.games);
    if ablation_games > 0 && whole {
        let spec = AblationSpec {
            game: job.game.clone(),
            cards: None,
            decks: job.decks.clone(),
            agent: "random".into(),
            games: ablation_games,
            seed: a.seed,
            threads: job.threads,
            params: vec![],
            progress: !a.quiet,
        };
        let ab = ablate_all(&spec)?;
        append_to(&out, &spec, &ab)?;
        println!(
            "ablation: every card of every deck removed in turn, {} paired games per opponent and card: {} games in {:.2} s (impact.csv; the report's first chart)",
            ablation_games, ab.games, ab.elapsed_seconds
        );
    }
    println!("CSVs and manifest in {}", out.display());
    a.report.write(&out)
}
