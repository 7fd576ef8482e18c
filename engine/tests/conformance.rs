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
        // Every coin flip always succeeding, then never; the open readings flipped.
        &[
            "jam_chance=100",
            "evade_chance=100",
            "flying_chance=100",
            "immobilize_chance=100",
            "regenerate_chance=100",
            "payback_chance=100",
            "tribute_chance=100",
            "tribute_on_chaos=true",
            "berserk_on_commander=true",
            "fear_wall=false",
        ][..],
        &[
            "jam_chance=0",
            "evade_chance=0",
            "flying_chance=0",
            "immobilize_chance=0",
            "regenerate_chance=0",
            "payback_chance=0",
            "tribute_chance=0",
            "flurry_chance=0",
        ][..],
    ] {
        let t = Tyrant::example(params).unwrap();
        conformance::run(&t, 1_500, 3, false).unwrap_or_else(|e| panic!("{params:?}: {e}"));
    }
}
