//! Every game must pass the conformance suite: here, Tyrant on every example deck pairing.

use std::path::PathBuf;

use cardsim_engine::conformance;
use cardsim_engine::tyrant::Tyrant;
use cardsim_engine::{Params, Ruleset, Setup};

fn example_tyrant(params: &[&str]) -> Tyrant {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/tyrant");
    let mut decks: Vec<PathBuf> = std::fs::read_dir(data.join("decks"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    decks.sort();
    let mut p = Params::defaults(Tyrant::param_specs());
    for a in params {
        p.set(a).unwrap();
    }
    Tyrant::load(&Setup {
        cards: data.join("cards.csv"),
        decks,
        params: p,
    })
    .unwrap()
}

#[test]
fn tyrant_random_playthroughs() {
    let t = example_tyrant(&[]);
    let r = conformance::run(&t, 10_000, 1, false).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.games, 10_000);
    assert!(r.longest as u64 <= 50);
    // Labels and descriptions on a smaller sample (they allocate).
    conformance::run(&t, 300, 2, true).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn tyrant_conformance_under_other_parameters() {
    for params in [
        &["at_limit=draw", "first=defender", "turn_limit=12"][..],
        &[
            "shift_acting_side=true",
            "flurry_chance=100",
            "counter_on_death=false",
        ][..],
        &["shuffle=false", "first_draw=1", "turn_limit=1"][..],
    ] {
        let t = example_tyrant(params);
        conformance::run(&t, 1_500, 3, false).unwrap_or_else(|e| panic!("{params:?}: {e}"));
    }
}
