//! Playing Alpha/Omega after set-up allocates nothing: random and greedy Good players with the
//! Opponent automaton, one to four seats, the Opponent Play and common-deck variants, clones
//! and resampling, counted by the shared counting allocator.

use cardsim_agents::{make_agent, AgentSpec};
use cardsim_engine::alpha_omega::AlphaOmega;
use cardsim_engine::{game_rng, Game, Ruleset};
use cardsim_sim::runner::play_seeded;

mod counting;
use counting::counted;

#[test]
fn playing_alpha_omega_games_allocates_nothing() {
    let variants: [&[&str]; 5] = [
        &["players=1"],
        &["players=2"],
        &["players=4"],
        &["players=2", "opponent_play=true"],
        &["players=3", "common_deck=true"],
    ];
    for players in variants {
        let r = AlphaOmega::example(players).unwrap();
        let n = r.num_players();
        let decks = r.deck_names().len();
        for (spec, games) in [("random", 1_000u64), ("greedy", 10)] {
            let mut agents: Vec<_> = (0..n)
                .map(|_| make_agent::<AlphaOmega>(&AgentSpec::parse(spec).unwrap()).unwrap())
                .collect();
            let slots: Vec<usize> = (0..n).collect();
            let peeks = vec![false; n];
            let seat0: Vec<u8> = (0..n).map(|s| (s % decks) as u8).collect();
            // Warm up (agents may size their buffers once).
            let _ = play_seeded(&r, 3, 0, &seat0, &slots, &mut agents, &peeks);
            let (turns, allocs) = counted(|| {
                let mut turns = 0u64;
                for g in 0..games {
                    let mut seating = [0u8; 4];
                    for (s, d) in seating.iter_mut().enumerate().take(n) {
                        *d = ((g as usize + s) % decks) as u8;
                    }
                    let (end, rec) =
                        play_seeded(&r, 3, g, &seating[..n], &slots, &mut agents, &peeks);
                    turns += rec.turns as u64;
                    let mut copy = end.clone();
                    copy.resample_hidden(0, &mut game_rng(3, g));
                    assert!(copy.turn() >= end.turn().min(1));
                }
                turns
            });
            assert!(turns >= games * 2, "games were played ({turns} rounds)");
            assert_eq!(
                allocs, 0,
                "heap allocations in {games} {spec} games ({players:?})"
            );
        }
    }
}
