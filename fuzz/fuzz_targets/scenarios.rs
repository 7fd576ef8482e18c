//! Fuzz target: a scenario file (any game: the file names its game), run from a folder
//! holding the test decks and Tyrant's scenario cards.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let dir = common::work("scenarios");
    let r = common::repo();
    if !dir.join("cards.csv").exists() {
        std::fs::create_dir_all(dir.join("decks")).unwrap();
        std::fs::copy(r.join("scenarios/tyrant/cards.csv"), dir.join("cards.csv")).unwrap();
        std::fs::copy(
            r.join("scenarios/battalla/decks/test.txt"),
            dir.join("decks/test.txt"),
        )
        .unwrap();
    }
    let file = dir.join("s.toml");
    std::fs::write(&file, data).unwrap();
    let _ = cardsim_sim::scenario::run_file(&file);
});
