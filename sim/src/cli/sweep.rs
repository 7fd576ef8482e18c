//! `cardsim sweep`: the same games at each value of one rule parameter.

use std::path::PathBuf;

use anyhow::{bail, Result};
use cardsim_sim::settings::RunSettings;
use cardsim_sim::sweep::SweepSpec;
use clap::Args;

use super::common::*;

#[derive(Args, Debug, serde::Serialize)]
pub struct SweepArgs {
    /// The game: tyrant, allegiance, battalla, mission_alliance or alpha_omega.
    #[arg(long, default_value = "tyrant")]
    pub game: String,
    /// Card file (default: the game's example cards in the data folder).
    #[arg(long)]
    pub cards: Option<PathBuf>,
    /// The first deck of a single table (with --vs, or alone for a one-player game).
    #[arg(long, conflicts_with = "decks")]
    pub deck: Option<PathBuf>,
    /// The opposing deck(s) of a single table.
    #[arg(long = "vs", requires = "deck")]
    pub vs: Vec<PathBuf>,
    /// A folder of decks (every `*.txt`): every pair of them plays (two-player games).
    #[arg(long)]
    pub decks: Option<PathBuf>,
    /// Agent playing every deck.
    #[arg(long, default_value = "random")]
    pub agent: String,
    /// The swept rule parameter: `name=lo..hi:step` (whole numbers) or `name=a,b,c`.
    #[arg(long, value_name = "NAME=VALUES")]
    pub sweep: Option<String>,
    /// Rule parameter held fixed, `name=value` (repeatable; `cardsim params` lists them).
    #[arg(long = "param", alias = "fixed", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// A named bundle of rule parameters (`cardsim params` lists them); `--param` wins over it.
    #[arg(long)]
    pub preset: Option<String>,
    /// Games per table (a pair of decks, or the --deck/--vs table) and value.
    #[arg(long, default_value_t = 2_000, allow_hyphen_values = true, value_parser = parse_count)]
    pub games: u64,
    /// Run seed: every game's randomness comes from it and the game's index.
    #[arg(long, default_value_t = DEFAULT_SEED, allow_hyphen_values = true, value_parser = parse_seed)]
    pub seed: u64,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    #[command(flatten)]
    #[serde(flatten)]
    pub dist: DistArgs,
    /// Output folder (default: reports/GAME/COMMAND).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    #[serde(flatten)]
    pub report: ReportFlags,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

pub fn cmd_sweep(a: SweepArgs) -> Result<()> {
    let out = out_dir(&a.out, &a.game, "sweep");
    let params = with_preset(&a.preset, &a.params);
    let (decks, round_robin) = match (&a.decks, &a.deck) {
        (Some(dir), None) => (decks_in(dir)?, true),
        (None, Some(d)) => {
            // No --vs: a one-player table (the run refuses it for games of more players).
            let mut v = vec![d.clone()];
            v.extend(a.vs.iter().cloned());
            (v, false)
        }
        _ => bail!("give --deck with --vs (one table) or --decks DIR (every pair)"),
    };
    let Some(swept) = a.sweep.clone() else {
        match a.params.iter().find(|p| p.contains("..") || p.contains(',')) {
            Some(p) => bail!("sweep takes the swept parameter as --sweep {p} (--param holds the parameters kept fixed)"),
            None => bail!("say which rule parameter to sweep: --sweep NAME=LO..HI:STEP or --sweep NAME=A,B,C (--param holds the parameters kept fixed)"),
        }
    };
    let spec = SweepSpec {
        decks,
        round_robin,
        agent: a.agent.clone(),
        param: swept,
        games: a.games,
        run: RunSettings {
            progress: !a.quiet,
            options: serde_json::to_value(&a)?,
            ..run_settings(&a.game, &a.cards, a.seed, a.threads, out.clone(), params)
        },
    };
    let r = cardsim_sim::sweep::sweep(&spec)?;
    cardsim_sim::out!("{}", cardsim_sim::sweep::table(&r));
    cardsim_sim::outln!(
        "{} games in {:.2} s on {} threads (every value plays the same seeded games; stalls = games ended by the turn limit); wrote {}",
        r.manifest.games,
        r.manifest.elapsed_seconds,
        r.manifest.threads,
        wrote(&r.written)
    );
    a.report.write(&out)
}
