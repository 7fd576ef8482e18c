//! Argument groups and helpers shared by several subcommands: stopping rules, game choice, play options, example decks.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use cardsim_sim::data_dir;
use cardsim_sim::sequential::StopRule;
use cardsim_sim::settings::RunSettings;
use cardsim_sim::stats::Sprt;
use clap::Args;

/// Early stopping of a matchup (shared by run, tournament and impact).
#[derive(Args, Debug, Clone, serde::Serialize)]
pub struct StopArgs {
    /// Stop a matchup with Wald's SPRT between two win rates, `P0,P1` (e.g. 0.50,0.55):
    /// H0 win rate = P0 against H1 win rate = P1. The game count becomes a budget.
    #[arg(long, value_name = "P0,P1")]
    pub sprt: Option<String>,
    /// SPRT type I error (accepting H1 when H0 holds).
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// SPRT type II error (accepting H0 when H1 holds).
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    /// Stop a matchup once its 95% interval's half-width is at most this (e.g. 0.01).
    #[arg(long, value_name = "H")]
    pub until_halfwidth: Option<f64>,
    /// Games before --until-halfwidth may stop.
    #[arg(long, default_value_t = 1000)]
    pub min_games: u64,
    /// Games per look: the stopping rules are checked after each look.
    #[arg(long, default_value_t = 100, allow_hyphen_values = true, value_parser = parse_count)]
    pub look: u64,
}

impl StopArgs {
    pub fn rule(&self) -> Result<StopRule> {
        let sprt = match &self.sprt {
            None => None,
            Some(t) => {
                let (a, b) = t.split_once(',').with_context(|| {
                    format!("--sprt `{t}`: give two win rates, P0,P1 (e.g. 0.50,0.55)")
                })?;
                let num = |x: &str| {
                    x.trim()
                        .parse::<f64>()
                        .with_context(|| format!("--sprt `{t}`: `{}` is not a number", x.trim()))
                };
                Some(
                    Sprt::new(num(a)?, num(b)?, self.alpha, self.beta)
                        .map_err(anyhow::Error::msg)?,
                )
            }
        };
        if let Some(h) = self.until_halfwidth {
            if !(h > 0.0 && h <= 0.5) {
                bail!("--until-halfwidth must be above 0 and at most 0.5 (got {h})");
            }
        }
        Ok(StopRule {
            sprt,
            half_width: self.until_halfwidth,
            min_games: self.min_games,
            look: self.look,
        })
    }
}

/// Running a job across machines or after a crash (every command that plays games).
#[derive(Args, Debug, Clone, Default, serde::Serialize)]
pub struct DistArgs {
    /// Play one shard of the job: `K/N` (shard K, counted from 0, of N), `auto` (K and N from
    /// a Slurm job array's SLURM_ARRAY_TASK_* or a Kubernetes Indexed Job's
    /// JOB_COMPLETION_INDEX with CARDSIM_SHARD_COUNT) or `auto/N`. The shard writes its
    /// partial sums to OUT/shard-K-of-N/; `cardsim merge` turns the N folders into the outputs
    /// one process would have written.
    #[arg(long, value_name = "K/N|auto")]
    #[serde(skip)]
    pub shard: Option<String>,
    /// Finish an interrupted run (or shard) from the journal in its output folder; the
    /// results are the same as an uninterrupted run's.
    #[arg(long)]
    #[serde(skip)]
    pub resume: bool,
}

/// The report page every command writes next to its outputs (`report.html`, the same page
/// `cardsim report DIR` writes).
#[derive(Args, Debug, Clone, Default, serde::Serialize)]
pub struct ReportFlags {
    /// Do not write report.html next to the outputs (`cardsim report DIR` writes it later).
    #[arg(long)]
    #[serde(skip)]
    pub no_report: bool,
    /// The report's outlier band, `LO..HI` (win rates, e.g. 0.45..0.55): matchups and decks
    /// whose 95% interval lies wholly outside it are listed as outliers.
    #[arg(long, value_name = "LO..HI", default_value = "0.40..0.60", value_parser = parse_band)]
    #[serde(skip)]
    pub band: (f64, f64),
}

impl ReportFlags {
    /// Write `out/report.html` (unless --no-report) and say so.
    pub fn write(&self, out: &std::path::Path) -> Result<()> {
        if self.no_report {
            return Ok(());
        }
        let opts = cardsim_sim::report::ReportOptions { band: self.band };
        let (page, r) = cardsim_sim::report::write_report_with(out, &opts)?;
        cardsim_sim::outln!("report: {} ({} charts)", page.display(), r.charts.len());
        Ok(())
    }
}

/// `--band LO..HI`: two rates with 0 <= LO < HI <= 1.
pub fn parse_band(s: &str) -> Result<(f64, f64), String> {
    cardsim_sim::report::parse_band(s)
}

#[derive(Args, Debug)]
pub struct GameArg {
    /// The game: tyrant, allegiance, battalla, mission_alliance or alpha_omega.
    #[arg(long, default_value = "tyrant")]
    pub game: String,
}

/// The seed of every command that plays seeded games when `--seed` is not given.
pub const DEFAULT_SEED: u64 = 2026;

/// The output folder of a command: `--out`, else the one default rule `reports/GAME/COMMAND`
/// (the default job alone writes to `reports/default`).
pub fn out_dir(out: &Option<PathBuf>, game: &str, command: &str) -> PathBuf {
    out.clone().unwrap_or_else(|| {
        PathBuf::from("reports")
            .join(game.to_ascii_lowercase())
            .join(command)
    })
}

/// Options shared by the commands that play seeded games into an output folder (`run`,
/// `tournament`, `impact`).
#[derive(Args, Debug, Clone, serde::Serialize)]
pub struct PlayArgs {
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
    #[command(flatten)]
    pub stop: StopArgs,
    #[command(flatten)]
    #[serde(flatten)]
    pub dist: DistArgs,
    #[command(flatten)]
    #[serde(flatten)]
    pub report: ReportFlags,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

impl PlayArgs {
    /// The run settings of a command playing `game` with `cards` into `out`, its `options`
    /// (the command's arguments) recorded in the manifest.
    pub fn settings(
        &self,
        game: &str,
        cards: &Option<PathBuf>,
        out: PathBuf,
        options: serde_json::Value,
    ) -> RunSettings {
        let params = with_preset(&self.preset, &self.params);
        RunSettings {
            progress: !self.quiet,
            options,
            ..run_settings(game, cards, self.seed, self.threads, out, params)
        }
    }
}

/// The run settings of a command playing `game` with `cards` into `out`, by `seed` on
/// `threads` with the rule `params` (the preset first, see [`with_preset`]) and the command
/// line; no progress bar and no options unless the caller sets them.
pub fn run_settings(
    game: &str,
    cards: &Option<PathBuf>,
    seed: u64,
    threads: Option<u64>,
    out: PathBuf,
    params: Vec<String>,
) -> RunSettings {
    RunSettings {
        game: game.into(),
        cards: cards.clone(),
        seed,
        threads: threads.map(|t| t as usize),
        out: Some(out),
        params,
        progress: false,
        command: argv(),
        options: serde_json::Value::Null,
    }
}

/// The rule parameters of a command: `preset=NAME` first (the engine applies it before the
/// explicit values, which win over it), then `params`.
pub fn with_preset(preset: &Option<String>, params: &[String]) -> Vec<String> {
    let preset = preset
        .iter()
        .map(|p| format!("{}={p}", cardsim_engine::PRESET_KEY));
    preset.chain(params.iter().cloned()).collect()
}

pub fn argv() -> Vec<String> {
    std::env::args().collect()
}

/// The example decks of `game` (`data/GAME/decks/*.txt`, sorted).
pub fn example_decks(game: &str) -> Result<Vec<PathBuf>> {
    let known = cardsim_engine::registry::GAMES;
    if !known.iter().any(|g| g.eq_ignore_ascii_case(game)) {
        return Err(cardsim_engine::registry::UnknownGame(game.to_string()).into());
    }
    decks_in(&data_dir().join(game.to_ascii_lowercase()).join("decks"))
}

pub use cardsim_sim::field::decks_in;

pub fn wrote(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A count of games, matches or deals: a whole number from 1 (a negative one is named as
/// such, not taken for an unknown option).
pub fn parse_count(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(0) => Err(format!("0 is not in 1..{}", u64::MAX)),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "`{s}`: counts are whole numbers from 1 to {}",
            u64::MAX
        )),
    }
}

/// `--seed`: a whole number from 0 (a negative or fractional seed is named as such, not
/// taken for an unknown option).
pub fn parse_seed(s: &str) -> Result<u64, String> {
    s.trim()
        .parse::<u64>()
        .map_err(|_| format!("`{s}`: seeds are whole numbers from 0 to {}", u64::MAX))
}
