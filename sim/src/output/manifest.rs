//! The run manifest (`manifest.json`) and its matchup entries.

use std::path::{Path, PathBuf};

use cardsim_engine::Ruleset;
use serde::Serialize;

/// The run manifest (`manifest.json`): everything needed to reproduce the run.
#[derive(Serialize, Debug, Clone, Default)]
pub struct Manifest {
    /// What produced the folder: `run`, `tournament`, `impact` or `sweep` (the CSVs that
    /// come with it depend on it).
    pub kind: String,
    /// The command line.
    pub command: Vec<String>,
    /// Game name.
    pub game: String,
    /// Card file.
    pub cards: String,
    /// Deck files, in load order.
    pub decks: Vec<String>,
    /// Rule parameters, `name=value`.
    pub params: Vec<String>,
    /// The preset the parameters started from (`--preset`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    /// Matchups: deck names and agent specs per slot, games.
    pub matchups: Vec<ManifestMatchup>,
    /// Run seed.
    pub seed: u64,
    /// Total games.
    pub games: u64,
    /// Worker threads used (does not affect results).
    pub threads: usize,
    /// cardsim version.
    pub version: String,
    /// Git commit of the build, when known.
    pub git_commit: Option<String>,
    /// Whether the results are reproducible from the seed (false when an agent used a time
    /// budget).
    pub deterministic: bool,
    /// Wall-clock seconds (a timing: differs between runs).
    pub elapsed_seconds: f64,
    /// Games per second (a timing).
    pub games_per_second: f64,
    /// The command's options, by name (stopping rules, sweep values, card changes, ...).
    pub options: serde_json::Value,
    /// SHA-256 of the card and deck files as they were read (`cardsim replay` checks them).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub inputs: std::collections::BTreeMap<String, String>,
    /// SHA-256 of each output file written with this manifest (`cardsim report` checks that a
    /// folder's files belong together).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub files: std::collections::BTreeMap<String, String>,
    /// How the job ran when not in one go: the shards merged, or the chunks taken from the
    /// journal of an interrupted run (see `cardsim merge`, `--resume`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distribution: Option<serde_json::Value>,
}

impl Manifest {
    /// A manifest of `kind` for `ruleset` loaded from `cards` and `decks`: game, files,
    /// parameters, version and build filled in; matchups, counts, timings and options are the
    /// caller's.
    pub fn for_ruleset<R: Ruleset>(
        kind: &str,
        ruleset: &R,
        cards: &Path,
        decks: &[PathBuf],
        command: &[String],
    ) -> Self {
        Manifest {
            kind: kind.into(),
            command: command.to_vec(),
            game: R::NAME.into(),
            cards: cards.display().to_string(),
            decks: decks.iter().map(|d| d.display().to_string()).collect(),
            params: ruleset
                .params()
                .render()
                .into_iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
            preset: ruleset.params().preset().map(str::to_string),
            version: env!("CARGO_PKG_VERSION").into(),
            git_commit: crate::git_commit(),
            deterministic: true,
            inputs: std::iter::once(cards)
                .chain(decks.iter().map(PathBuf::as_path))
                .filter_map(|p| {
                    let sha = crate::distribute::input_sha256(p).ok()?;
                    Some((p.display().to_string(), sha))
                })
                .collect(),
            distribution: crate::distribute::describe(),
            ..Default::default()
        }
    }

    /// Record the games played, the threads and the wall-clock time.
    /// For a merge of shards the time is the shards' total wall-clock seconds (the merge
    /// itself plays nothing).
    pub fn set_timing(&mut self, games: u64, threads: usize, elapsed: f64) {
        let elapsed = crate::distribute::merged_seconds().unwrap_or(elapsed);
        self.games = games;
        self.threads = threads;
        self.elapsed_seconds = elapsed;
        self.games_per_second = games as f64 / elapsed.max(1e-9);
    }
}

/// Manifest entries of tables of decks (indices into `names`) whose game `i` is seeded as
/// global game `i`.
pub fn table_matchups(
    tables: &[Vec<u8>],
    names: &[String],
    agents: &[String],
    games: u64,
) -> Vec<ManifestMatchup> {
    tables
        .iter()
        .map(|t| {
            let decks: Vec<String> = t.iter().map(|&d| names[d as usize].clone()).collect();
            ManifestMatchup {
                id: decks.join("-vs-"),
                decks,
                agents: agents.to_vec(),
                games,
                first_game: 0,
                deck_indices: t.clone(),
            }
        })
        .collect()
}

/// One matchup in the manifest.
#[derive(Serialize, Debug, Clone)]
pub struct ManifestMatchup {
    /// Id as in the CSVs.
    pub id: String,
    /// Deck names per slot.
    pub decks: Vec<String>,
    /// Agent specs per slot.
    pub agents: Vec<String>,
    /// Games.
    pub games: u64,
    /// Global index of the matchup's first game (game `i` of the matchup is `first + i`).
    pub first_game: u64,
    /// Index of each slot's deck in the manifest's `decks` (for `cardsim replay`).
    pub deck_indices: Vec<u8>,
}
