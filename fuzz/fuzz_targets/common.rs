//! What the four targets share: the game an input is for (its first byte), the repository,
//! a loader visit, and a private work folder per process.
// Each target includes this file as its own module and uses part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use cardsim_engine::registry::GameVisitor;
use cardsim_engine::{DeckSource, Params, Ruleset, Setup};

pub const GAMES: [&str; 5] = [
    "tyrant",
    "allegiance",
    "mission_alliance",
    "battalla",
    "alpha_omega",
];

/// The game of an input (its first byte) and the rest of it. `CARDSIM_FUZZ_GAME=NAME` pins
/// every input to one game, so a run's time can be counted per game.
pub fn split(data: &[u8]) -> Option<(&'static str, &[u8])> {
    let (g, rest) = data.split_first()?;
    static PINNED: std::sync::OnceLock<Option<&'static str>> = std::sync::OnceLock::new();
    let pinned = PINNED.get_or_init(|| {
        let name = std::env::var("CARDSIM_FUZZ_GAME").ok()?;
        let game = GAMES.iter().find(|g| **g == name);
        Some(*game.unwrap_or_else(|| panic!("CARDSIM_FUZZ_GAME: no game {name}")))
    });
    Some((pinned.unwrap_or(GAMES[*g as usize % GAMES.len()]), rest))
}

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

pub fn example_decks(game: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(repo().join("data").join(game).join("decks"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    v.sort();
    v
}

/// A folder of this process for the files a target writes.
pub fn work(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cardsim-fuzz-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Loads cards and decks for a game; an `Err` is fine, a panic is a finding.
pub struct Load {
    pub cards: PathBuf,
    pub decks: Vec<DeckSource>,
}

impl GameVisitor for Load {
    type Output = Result<(), String>;
    fn visit<R: Ruleset>(self) -> Self::Output {
        let setup = Setup {
            cards: self.cards,
            decks: self.decks,
            params: Params::defaults(R::param_specs()),
        };
        R::load(&setup).map(|_| ()).map_err(|e| e.to_string())
    }
}
