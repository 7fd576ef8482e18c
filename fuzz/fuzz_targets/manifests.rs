//! Fuzz target: a run manifest (manifest.json) replayed; the run's decks are the game's
//! example decks under their repository paths, so most inputs reach the replay itself.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let dir = common::work("manifests");
    std::fs::write(dir.join("manifest.json"), data).unwrap();
    let _ = cardsim_sim::replay::replay(&cardsim_sim::replay::ReplayJob {
        dir: dir.clone(),
        game: 0,
        states: false,
        find: Vec::new(),
    });
});
