//! Fuzz target: a card file of any game (first byte: the game) loaded with the game's
//! example decks.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Some((game, bytes)) = common::split(data) else {
        return;
    };
    let dir = common::work(&format!("cards-{game}"));
    if game == "alpha_omega" && !dir.join("opponent").exists() {
        let opp = common::repo().join("data/alpha_omega/opponent");
        std::fs::create_dir_all(dir.join("opponent")).unwrap();
        for e in std::fs::read_dir(&opp).unwrap() {
            let p = e.unwrap().path();
            std::fs::copy(&p, dir.join("opponent").join(p.file_name().unwrap())).unwrap();
        }
    }
    let path = dir.join("cards.csv");
    std::fs::write(&path, bytes).unwrap();
    let decks = common::example_decks(game)
        .into_iter()
        .map(cardsim_engine::DeckSource::File)
        .collect();
    let _ = cardsim_engine::registry::check_load(game, path, decks);
});
