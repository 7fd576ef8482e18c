//! Alpha/Omega under random card edits: every card's Strength and effect numbers pushed to
//! random values (seeded), then the conformance suite with one to four players and the Opponent
//! Play and common-deck variants, so that odd states (huge or tiny Persons, long storms, deep
//! summons) keep every invariant.

use cardsim_engine::alpha_omega::AlphaOmega;
use cardsim_engine::{conformance, stream_rng, RngRole, Ruleset};
use rand::RngExt;

#[test]
fn random_card_numbers_keep_the_invariants() {
    let base = AlphaOmega::example(&[]).unwrap();
    let names = base.card_names();
    let variants: [&[&str]; 4] = [
        &["opponent_play=true", "players=2"],
        &["common_deck=true", "players=3"],
        &["opponent_play=true", "common_deck=true", "players=3"],
        &["opponent_play=true", "players=1", "easy=true"],
    ];
    for round in 0..10u64 {
        let mut rng = stream_rng(77, round, RngRole::Agent(0));
        let players = ["players=1", "players=2", "players=3", "players=4"];
        let params: &[&str] = match round {
            0..6 => &players[round as usize % 4..][..1],
            _ => variants[round as usize - 6],
        };
        let mut r = AlphaOmega::example(params).unwrap();
        for n in &names {
            for field in [
                "strength", "damage", "offense", "ward", "storm", "summon", "fall", "draw",
            ] {
                let v = rng.random_range(1..=12);
                if let Ok(e) = r.with_card_changed(n, &format!("{field}={v}")) {
                    r = e;
                }
            }
        }
        conformance::run(&r, 60, round, round % 2 == 0)
            .unwrap_or_else(|e| panic!("edit round {round}: {e}"));
    }
}
