//! What the four targets share: the game an input is for (its first byte), the repository,
//! a loader visit, and a private work folder per process.
// Each target includes this file as its own module and uses part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub const GAMES: [&str; 5] = [
    "tyrant",
    "allegiance",
    "mission_alliance",
    "battalla",
    "alpha_omega",
];

/// The game every input is for when `CARDSIM_FUZZ_GAME=NAME` pins one, so that a run's time
/// can be counted per game.
pub fn pinned() -> Option<&'static str> {
    static PINNED: std::sync::OnceLock<Option<&'static str>> = std::sync::OnceLock::new();
    *PINNED.get_or_init(|| {
        let name = std::env::var("CARDSIM_FUZZ_GAME").ok()?;
        let game = GAMES.iter().find(|g| **g == name);
        Some(*game.unwrap_or_else(|| panic!("CARDSIM_FUZZ_GAME: no game {name}")))
    })
}

/// The game of an input (its first byte, or the pinned game) and the rest of it.
pub fn split(data: &[u8]) -> Option<(&'static str, &[u8])> {
    let (g, rest) = data.split_first()?;
    Some((pinned().unwrap_or(GAMES[*g as usize % GAMES.len()]), rest))
}

/// A scenario input for the pinned game: its own `game` lines are dropped and one naming the
/// pinned game is put first, so every mutation stays a scenario of that game.
pub fn pin_scenario(game: &str, data: &[u8]) -> Vec<u8> {
    let mut out = format!("game = \"{game}\"\n").into_bytes();
    for line in data.split_inclusive(|b| *b == b'\n') {
        let t = line.trim_ascii_start();
        let key = t.strip_prefix(b"game").map(|r| r.trim_ascii_start());
        if !key.is_some_and(|r| r.first() == Some(&b'=')) {
            out.extend_from_slice(line);
        }
    }
    out
}

/// A manifest input for the pinned game: the value of its first `"game"` key becomes the
/// pinned game's name (inputs without one are left as they are).
pub fn pin_manifest(game: &str, data: &[u8]) -> Vec<u8> {
    let find = |hay: &[u8], from: usize, pat: &[u8]| {
        hay.get(from..)?
            .windows(pat.len())
            .position(|w| w == pat)
            .map(|i| i + from)
    };
    let Some(k) = find(data, 0, b"\"game\"") else {
        return data.to_vec();
    };
    let mut i = k + 6;
    while data
        .get(i)
        .is_some_and(|b| b.is_ascii_whitespace() || *b == b':')
    {
        i += 1;
    }
    if data.get(i) != Some(&b'"') {
        return data.to_vec();
    }
    let Some(end) = find(data, i + 1, b"\"") else {
        return data.to_vec();
    };
    let mut out = data[..=i].to_vec();
    out.extend_from_slice(game.as_bytes());
    out.extend_from_slice(&data[end..]);
    out
}

/// Copies a folder and everything under it (the scenario target's mirror of a game's
/// scenario folder).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        let dest = to.join(p.file_name().unwrap());
        if p.is_dir() {
            copy_dir(&p, &dest);
        } else {
            std::fs::copy(&p, dest).unwrap();
        }
    }
}

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The shipped example decks of `game`, through the same listing the CLI uses.
pub fn example_decks(game: &str) -> Vec<PathBuf> {
    cardsim_sim::field::decks_in(&repo().join("data").join(game).join("decks")).unwrap()
}

/// A folder of this process for the files a target writes.
pub fn work(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cardsim-fuzz-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}
