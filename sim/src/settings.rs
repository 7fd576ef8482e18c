//! The run settings every playing command shares (game, files, seed, threads, output folder,
//! parameters, progress, command line and options) and what each command does with them alike:
//! the output check, the rule set, the worker pool, the manifest's common part, the files.

use std::path::{Path, PathBuf};

use anyhow::Result;
use cardsim_engine::Ruleset;
use indicatif::ProgressBar;

use crate::output::{self, FileWriter, Manifest, ManifestMatchup};

/// The settings a command's spec embeds, with the same meaning in every command. A [`Job`]
/// serializes them (flattened) into the manifest of `run`, without `options`.
///
/// [`Job`]: crate::Job
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct RunSettings {
    /// Game name.
    pub game: String,
    /// Card file (default: the game's).
    pub cards: Option<PathBuf>,
    /// Run seed.
    pub seed: u64,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
    /// Output folder (`None`: write nothing).
    pub out: Option<PathBuf>,
    /// Rule parameters, `name=value` (in a sweep: those held fixed).
    pub params: Vec<String>,
    /// Show a progress bar (only ever drawn on a terminal).
    pub progress: bool,
    /// The command line, for the manifest.
    pub command: Vec<String>,
    /// The command's options, for the manifest.
    #[serde(skip)]
    pub options: serde_json::Value,
}

impl RunSettings {
    /// Check, before the first game rather than after the last, that the output folder (if
    /// any) can be written (see [`output::check_out`]).
    pub fn check_out(&self) -> Result<()> {
        match &self.out {
            Some(dir) => output::check_out(dir),
            None => Ok(()),
        }
    }

    /// The rule set of these cards and parameters with `decks`, and the card file read (see
    /// [`crate::load_ruleset`]).
    pub fn load<R: Ruleset>(&self, decks: &[PathBuf]) -> Result<(R, PathBuf)> {
        crate::load_ruleset::<R>(self.cards.as_deref(), decks, &self.params)
    }

    /// The worker pool and its size (see [`crate::worker_pool`]).
    pub fn pool(&self) -> Result<(rayon::ThreadPool, usize)> {
        crate::worker_pool(self.threads)
    }

    /// A progress bar over `total` games (see [`crate::progress_bar`]).
    pub fn progress_bar(&self, total: u64) -> ProgressBar {
        crate::progress_bar(total, self.progress)
    }

    /// The manifest of a command of `kind` that played `matchups` of `ruleset` (loaded from
    /// `cards` and `decks`): the seed, the command line and the options that can change a
    /// result ([`crate::result_options`]), to which `extra` adds the command's own entries.
    /// Counts and timings are the caller's.
    pub fn manifest<R: Ruleset>(
        &self,
        kind: &str,
        ruleset: &R,
        cards: &Path,
        decks: &[PathBuf],
        matchups: Vec<ManifestMatchup>,
        extra: impl FnOnce(&mut serde_json::Map<String, serde_json::Value>) -> Result<()>,
    ) -> Result<Manifest> {
        let mut options = crate::result_options(self.options.clone());
        if let Some(map) = options.as_object_mut() {
            extra(map)?;
        }
        Ok(Manifest {
            matchups,
            options,
            seed: self.seed,
            ..Manifest::for_ruleset(kind, ruleset, cards, decks, &self.command)
        })
    }

    /// Write `files` and the manifest into the output folder (see [`output::write_files`]);
    /// the files written (none without a folder).
    pub fn write(
        &self,
        files: &[(&str, FileWriter<'_>)],
        manifest: &Manifest,
    ) -> Result<Vec<PathBuf>> {
        match &self.out {
            Some(dir) => output::write_files(dir, files, manifest),
            None => Ok(Vec::new()),
        }
    }
}
