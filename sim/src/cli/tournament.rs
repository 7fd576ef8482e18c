//! `cardsim tournament`: every pair of decks of a folder.

use std::path::PathBuf;

use anyhow::{bail, Result};
use cardsim_sim::patch::{Patch, PatchSpec, Plan};
use cardsim_sim::tournament::TournamentSpec;
use clap::Args;

use super::common::*;

#[derive(Args, Debug, serde::Serialize)]
pub struct TournamentArgs {
    /// The game: tyrant, allegiance, battalla, mission_alliance or alpha_omega.
    #[arg(long, default_value = "tyrant")]
    pub game: String,
    /// Card file (default: the game's example cards in the data folder).
    #[arg(long)]
    pub cards: Option<PathBuf>,
    /// Folder of deck files (every `*.txt`, sorted by name).
    #[arg(long)]
    pub decks: PathBuf,
    /// Agent playing every deck.
    #[arg(long, default_value = "random")]
    pub agent: String,
    /// Games per pair of decks (seats rotate game by game); the budget under
    /// --sprt/--until-halfwidth.
    #[arg(long, alias = "games-per-pair", default_value_t = 20_000, allow_hyphen_values = true, value_parser = parse_count)]
    pub games: u64,
    /// Also play every deck against itself.
    #[arg(long)]
    pub mirrors: bool,
    /// A balance patch: `CARD:CHANGE[,CHANGE...]` (e.g. "Dust Raider:attack-1,health+2");
    /// repeat it or separate cards by `;` (all changes are one patch). Plays every game
    /// before and after the patch on the same seeds and writes compare.csv (paired
    /// differences) instead of matrix.csv and ranking.csv.
    #[arg(long, value_name = "CARD:CHANGES")]
    pub patch: Vec<String>,
    /// Duplicate deals: play every deal once per seating (the game count must be a
    /// multiple of the players), so the decks face the same shuffles; intervals then use the
    /// pairing (see docs/statistics.md).
    #[arg(long)]
    pub duplicate: bool,
    #[command(flatten)]
    #[serde(flatten)]
    pub play: PlayArgs,
}

pub fn cmd_tournament(a: TournamentArgs) -> Result<()> {
    let out = out_dir(&a.play.out, &a.game, "tournament");
    if !a.patch.is_empty() {
        if a.duplicate || a.play.stop.rule()?.active() {
            bail!("--patch plays a fixed number of games: drop --duplicate, --sprt and --until-halfwidth");
        }
        let spec = PatchSpec {
            command_name: "tournament".into(),
            decks: decks_in(&a.decks)?,
            plan: Plan::RoundRobin {
                agent: a.agent.clone(),
                mirrors: a.mirrors,
            },
            games: a.games,
            weights: Vec::new(),
            patch: Patch::parse(&a.patch)?,
            run: a
                .play
                .settings(&a.game, &a.cards, out.clone(), serde_json::to_value(&a)?),
        };
        return super::run::print_patch(&spec, &a.play.report);
    }
    let spec = TournamentSpec {
        decks: decks_in(&a.decks)?,
        agent: a.agent.clone(),
        games_per_pair: a.games,
        mirrors: a.mirrors,
        stop: a.play.stop.rule()?,
        duplicate: a.duplicate,
        run: a
            .play
            .settings(&a.game, &a.cards, out.clone(), serde_json::to_value(&a)?),
    };
    let r = cardsim_sim::tournament::tournament(&spec)?;
    cardsim_sim::out!("{}", cardsim_sim::tournament::tables(&r));
    cardsim_sim::outln!(
        "{} games in {:.2} s on {} threads. Matrix cells: the row deck's win rate (95% intervals in matrix.csv: stratified by seat, or deal-paired under --duplicate); ratings: Bradley-Terry on the Elo scale, mean 0, 95% intervals from the Fisher information; wrote {}",
        r.manifest.games, r.manifest.elapsed_seconds, r.manifest.threads, wrote(&r.written)
    );
    a.play.report.write(&out)
}
