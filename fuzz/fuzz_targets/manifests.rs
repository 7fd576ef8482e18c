//! Fuzz target: a run manifest (manifest.json) replayed; the run's decks are the game's
//! example decks under their repository paths, so most inputs reach the replay itself. With
//! `CARDSIM_FUZZ_GAME=NAME` every input's game is that one.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let dir = common::work("manifests");
    let text = match common::pinned() {
        Some(game) => common::pin_manifest(game, data),
        None => data.to_vec(),
    };
    std::fs::write(dir.join("manifest.json"), text).unwrap();
    let _ = cardsim_sim::replay::replay(&cardsim_sim::replay::ReplayJob {
        dir: dir.clone(),
        game: 0,
        states: false,
        find: Vec::new(),
    });
});
