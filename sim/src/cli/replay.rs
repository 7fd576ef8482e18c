//! `cardsim replay`: one game of a run, turn by turn.

use std::path::PathBuf;

use clap::Args;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The run's output folder (holding manifest.json).
    pub dir: PathBuf,
    /// Global game index: the matchup's `first_game` in the manifest plus the game's number
    /// within the matchup (`--game` is the game's name in every other command, so it is
    /// refused here with a pointer to `--index`).
    #[arg(long, required_unless_present = "game")]
    pub index: Option<u64>,
    /// The old name of --index, refused with a pointer to it (the game comes from the
    /// manifest).
    #[arg(long, hide = true)]
    pub game: Option<String>,
    /// Also print the full state before every decision.
    #[arg(long)]
    pub states: bool,
    /// Replay instead the first game from --index on, within its matchup, meeting these
    /// conditions (repeatable): end=decided|turn_limit, winner=SEAT|draw, min_turns=N,
    /// max_turns=N.
    #[arg(long)]
    pub find: Vec<String>,
}
