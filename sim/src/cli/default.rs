//! `cardsim default` (and `cardsim` alone): the round robin of the example decks, then every
//! card of every deck removed in turn on a small budget (the causal card chart of its report),
//! whole or sharded alike.

use std::path::PathBuf;

use anyhow::Result;
use cardsim_sim::ablation::{ablate_all, append_to, plans, AblationSpec, DEFAULT_ABLATION_GAMES};
use cardsim_sim::settings::RunSettings;
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
        run: RunSettings {
            progress: !a.quiet,
            ..run_settings("tyrant", &None, a.seed, a.threads, out.clone(), vec![])
        },
        decks,
        pairing: Pairing::RoundRobin,
        agents: vec!["random".into(), "random".into()],
        games: a.games,
    };
    let pairs = job.decks.len() * (job.decks.len() - 1) / 2;
    cardsim_sim::outln!(
        "cardsim default run: Tyrant, {} example decks, round robin of {pairs} pairs x {} games, random vs random, seats alternated",
        job.decks.len(),
        a.games
    );
    // The ablation's plans come first and the round robin's last, in a whole run, a shard
    // and a merge alike: a shard writes its folder when its last plan is played, and the
    // round robin writes the job's files as soon as it has its sums.
    // The output folder is checked before the first game (the ablation's journals go there).
    cardsim_sim::output::check_out(&out)?;
    let ablation_games = a.ablation_games.min(a.games);
    let spec = (ablation_games > 0).then(|| AblationSpec {
        run: job.run.clone(),
        decks: job.decks.clone(),
        agent: "random".into(),
        games: ablation_games,
    });
    cardsim_sim::distribute::expect_plans(1 + spec.as_ref().map_or(0, plans));
    let ab = spec.as_ref().map(ablate_all).transpose()?;
    let r = execute(&job)?;
    cardsim_sim::out!("{}", summary_table(&r.summary));
    cardsim_sim::outln!();
    cardsim_sim::out!("{}", field_table(&r.summary));
    cardsim_sim::outln!(
        "\n{} games in {:.2} s ({:.0} games/s on {} threads). Win rates carry 95% intervals (stratified by seat on the all rows); the attacker moves first; 'at limit' = games ended by the 50-turn rule (the defender wins them).",
        r.manifest.games, r.manifest.elapsed_seconds, r.manifest.games_per_second, r.manifest.threads
    );
    if let (Some(spec), Some(ab)) = (&spec, &ab) {
        append_to(&out, spec, ab)?;
        cardsim_sim::outln!(
            "ablation: every card of every deck removed in turn, {} paired games per opponent and card: {} games in {:.2} s (impact.csv; the report's first chart)",
            ablation_games, ab.games, ab.elapsed_seconds
        );
    }
    cardsim_sim::outln!("CSVs and manifest in {}", out.display());
    a.report.write(&out)
}
