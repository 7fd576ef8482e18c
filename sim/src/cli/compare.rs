//! `cardsim compare BEFORE AFTER`: two output folders of the same job, matchup by matchup
//! and deck by deck.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use super::common::*;

#[derive(Args, Debug)]
#[command(
    after_help = "Example:\n  cardsim run --deck rush --vs poison --vs swarm --games 20000 --out reports/before\n  cardsim run --deck rush --vs poison --vs swarm --param turn_limit=30 --games 20000 --out reports/after\n  cardsim compare reports/before reports/after --out reports/before-after"
)]
pub struct CompareArgs {
    /// The output folder before the change (of run, tournament or default).
    pub before: PathBuf,
    /// The output folder after it: the same command and seed, with the card file, deck
    /// contents or rule parameters changed.
    pub after: PathBuf,
    /// Output folder (default: reports/GAME/COMMAND).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub report: ReportFlags,
}

pub fn cmd_compare(a: CompareArgs) -> Result<()> {
    let c = cardsim_sim::compare::compare_folders(&a.before, &a.after)?;
    let out = out_dir(&a.out, &c.game, "compare");
    let manifest = cardsim_sim::compare::compare_manifest(&c.game, &a.before, &a.after, &argv());
    let written = cardsim_sim::compare::write_folder(&out, &c.rows, &manifest)?;
    if c.changed.is_empty() {
        cardsim_sim::outln!("the two runs have the same inputs: every difference is zero");
    } else {
        cardsim_sim::outln!("changed between the runs: {}", c.changed.join("; "));
    }
    cardsim_sim::out!("{}", cardsim_sim::compare::table(&c.rows));
    cardsim_sim::outln!(
        "diff = after minus before score (win 1, draw 1/2), percentage points; 95% interval of an unpaired difference (the folders keep counts, not per-game results: a --patch run gives paired, narrower intervals); wrote {}",
        wrote(&written)
    );
    a.report.write(&out)
}
