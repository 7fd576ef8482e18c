//! Playing the two-seat card games (Mission: Alliance, Battalla) after set-up allocates
//! nothing: random and greedy play, clones and resampling, counted by the shared counting
//! allocator.

use cardsim_agents::{make_agent, AgentSpec};
use cardsim_engine::battalla::Battalla;
use cardsim_engine::mission_alliance::MissionAlliance;
use cardsim_engine::{game_rng, Game, Ruleset};
use cardsim_sim::runner::play_seeded;

mod counting;
use counting::counted;

/// 2,000 random and 10 greedy games of `r`'s example decks, every pairing, allocate nothing.
fn plays_without_allocating<R: Ruleset>(r: &R) {
    let n = r.deck_names().len() as u64;
    for (spec, games) in [("random", 2_000u64), ("greedy", 10)] {
        let mut agents = vec![
            make_agent::<R>(&AgentSpec::parse(spec).unwrap()).unwrap(),
            make_agent::<R>(&AgentSpec::parse("random").unwrap()).unwrap(),
        ];
        // Warm up (agents may size their buffers once).
        let _ = play_seeded(r, 3, 0, &[0, 1], &[0, 1], &mut agents, &[false, false]);
        let (turns, allocs) = counted(|| {
            let mut turns = 0u64;
            for g in 0..games {
                let seating = [(g % n) as u8, ((g / n) % n) as u8];
                let (end, rec) =
                    play_seeded(r, 3, g, &seating, &[0, 1], &mut agents, &[false, false]);
                turns += rec.turns as u64;
                let mut copy = end.clone();
                copy.resample_hidden(1, &mut game_rng(3, g));
                assert!(copy.turn() >= end.turn().min(1));
            }
            turns
        });
        assert!(turns > games * 3, "games were played ({turns} turns)");
        assert_eq!(
            allocs, 0,
            "heap allocations while playing {games} {spec} games"
        );
    }
}

#[test]
fn playing_mission_alliance_games_allocates_nothing() {
    plays_without_allocating(&MissionAlliance::example(&[]).unwrap());
}

#[test]
fn playing_battalla_games_allocates_nothing() {
    plays_without_allocating(&Battalla::example(&[]).unwrap());
}
