//! Fuzz target: a deck file of any game (first byte: the game) loaded with the game's
//! example cards.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Some((game, bytes)) = common::split(data) else {
        return;
    };
    let cards = common::repo().join(format!("data/{game}/cards.csv"));
    let other = common::example_decks(game).remove(0);
    let decks = vec![
        cardsim_engine::DeckSource::Inline {
            name: "fuzzed".into(),
            file: "fuzzed.txt".into(),
            first_line: 1,
            text: String::from_utf8_lossy(bytes).into_owned(),
        },
        cardsim_engine::DeckSource::File(other),
    ];
    let _ = cardsim_engine::registry::check_load(game, cards, decks);
});
