//! Every game must pass the conformance suite: here, Tyrant on every example deck pairing.

use cardsim_engine::conformance;
use cardsim_engine::tyrant::Tyrant;

#[test]
fn tyrant_random_playthroughs() {
    let t = Tyrant::example(&[]).unwrap();
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
        let t = Tyrant::example(params).unwrap();
        conformance::run(&t, 1_500, 3, false).unwrap_or_else(|e| panic!("{params:?}: {e}"));
    }
}
