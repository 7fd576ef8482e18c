//! A counting global allocator proves that playing games after set-up performs zero heap
//! allocations: dealing, every decision of the agents, applying actions, the outcome, and the
//! card-usage read-out used by the statistics.

use cardsim_agents::{make_agent, AgentSpec};
use cardsim_engine::tyrant::Tyrant;
use cardsim_engine::{game_rng, Game, Ruleset};
use cardsim_sim::runner::play_seeded;

mod counting;
use counting::counted;

#[test]
fn playing_tyrant_games_allocates_nothing() {
    let t = Tyrant::example(&[]).unwrap();
    let n = t.deck_names().len() as u64;
    for spec in ["random", "ordered"] {
        let spec = AgentSpec::parse(spec).unwrap();
        let mut agents = vec![
            make_agent::<Tyrant>(&spec).unwrap(),
            make_agent::<Tyrant>(&AgentSpec::parse("random").unwrap()).unwrap(),
        ];
        let games = 5_000u64;
        let ((turns, checks), allocs) = counted(|| {
            let mut turns = 0u64;
            let mut checks = 0u64;
            for g in 0..games {
                let seating = [(g % n) as u8, ((g / n) % n) as u8];
                let (end, rec) =
                    play_seeded(&t, 9, g, &seating, &[0, 1], &mut agents, &[false, false]);
                turns += rec.turns as u64;
                checks ^= end.card_usage(0).drawn ^ end.card_usage(1).played;
                // What search agents do per iteration: clone and resample.
                let mut copy = end.clone();
                copy.resample_hidden(0, &mut game_rng(9, g));
                checks ^= copy.turn() as u64;
            }
            (turns, checks)
        });
        assert!(turns > games * 10, "games were played ({turns} turns)");
        let _ = checks;
        assert_eq!(allocs, 0, "heap allocations while playing {games} games");
    }
}

#[test]
fn playing_allegiance_games_allocates_nothing() {
    use cardsim_engine::allegiance::Allegiance;
    for (params, games) in [
        (&["players=2"][..], 400u64),
        (&["players=4", "format=team"][..], 150),
        (&["players=3", "format=sworn"][..], 150),
    ] {
        let a = Allegiance::example(params).unwrap();
        let n = a.num_players();
        let decks = a.deck_names().len() as u64;
        let mut agents: Vec<_> = (0..n)
            .map(|_| make_agent::<Allegiance>(&AgentSpec::parse("random").unwrap()).unwrap())
            .collect();
        let slots: Vec<usize> = (0..n).collect();
        let peeks = vec![false; n];
        let ((turns, checks), allocs) = counted(|| {
            let mut turns = 0u64;
            let mut checks = 0u64;
            for g in 0..games {
                let mut seating = [0u8; 4];
                for (s, x) in seating.iter_mut().enumerate().take(n) {
                    *x = ((g + s as u64) % decks) as u8;
                }
                let (end, rec) = play_seeded(&a, 9, g, &seating[..n], &slots, &mut agents, &peeks);
                turns += rec.turns as u64;
                checks ^= end.card_usage(0).drawn ^ end.card_usage(1).played;
                let mut copy = end.clone();
                copy.resample_hidden(0, &mut game_rng(9, g));
                checks ^= copy.turn() as u64;
            }
            (turns, checks)
        });
        assert!(turns > games * 5, "games were played ({turns} turns)");
        let _ = checks;
        assert_eq!(
            allocs, 0,
            "{params:?}: heap allocations while playing {games} games"
        );
    }
}
