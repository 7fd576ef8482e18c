//! The search agents allocate nothing once warmed up: after one decision, further decisions
//! and whole games of greedy and MCTS (random and greedy playouts, the peeking variant) make
//! zero heap allocations. The node arena and every buffer are sized when the agent is built
//! and reused across decisions and games.

use cardsim_agents::{make_agent_for, AgentSpec};
use cardsim_engine::tyrant::Tyrant;
use cardsim_engine::Ruleset;
use cardsim_sim::runner::play_seeded;

mod counting;
use counting::counted;

#[test]
fn search_agents_allocate_nothing_after_warm_up() {
    let t = Tyrant::example(&[]).unwrap();
    let n = t.deck_names().len() as u64;
    for spec in [
        "greedy",
        "greedy:samples=3",
        "mcts:iters=200",
        "mcts:iters=40,rollout=greedy",
        "mcts-peek:iters=100",
    ] {
        let mut agents = vec![
            make_agent_for(&t, &AgentSpec::parse(spec).unwrap()).unwrap(),
            make_agent_for(&t, &AgentSpec::parse("random").unwrap()).unwrap(),
        ];
        let peeks = [agents[0].sees_hidden(), false];
        let game = |g: u64, agents: &mut _| {
            let seating = [(g % n) as u8, ((g / n + 1 + g) % n) as u8];
            play_seeded(&t, 3, g, &seating, &[0, 1], agents, &peeks).1
        };
        // Warm-up: one whole game (its first decision is the warm-up proper).
        let warm = game(0, &mut agents);
        assert!(warm.decisions[0] > 0);
        let games = 25u64;
        let (decisions, allocs) = counted(|| {
            (1..=games)
                .map(|g| game(g, &mut agents).decisions[0] as u64)
                .sum::<u64>()
        });
        assert!(decisions > games * 3, "{spec}: {decisions} decisions");
        assert_eq!(allocs, 0, "{spec}: heap allocations in {games} games");
    }
}

#[test]
fn search_agents_allocate_nothing_after_warm_up_in_allegiance() {
    use cardsim_engine::allegiance::Allegiance;
    for (players, params) in [
        (2usize, &["players=2"][..]),
        (4, &["players=4", "format=team"][..]),
    ] {
        let t = Allegiance::example(params).unwrap();
        let n = t.deck_names().len();
        // Greedy playouts are truncated (depth): whole greedy games of Allegiance take seconds each.
        for spec in [
            "greedy",
            "mcts:iters=30",
            "mcts:iters=10,rollout=greedy,depth=30",
        ] {
            let mut agents: Vec<_> = (0..players)
                .map(|k| {
                    let s = if k == 0 { spec } else { "random" };
                    make_agent_for(&t, &AgentSpec::parse(s).unwrap()).unwrap()
                })
                .collect();
            let peeks = vec![false; players];
            let slots: Vec<usize> = (0..players).collect();
            let game = |g: u64, agents: &mut _| {
                let mut seating = [0u8; 4];
                for (k, s) in seating.iter_mut().enumerate().take(players) {
                    *s = ((g as usize + k) % n) as u8;
                }
                play_seeded(&t, 5, g, &seating[..players], &slots, agents, &peeks).1
            };
            let warm = game(0, &mut agents);
            assert!(warm.decisions[0] > 0);
            let games = 3u64;
            let (decisions, allocs) = counted(|| {
                (1..=games)
                    .map(|g| game(g, &mut agents).decisions[0] as u64)
                    .sum::<u64>()
            });
            assert!(decisions > games * 10, "{spec}: {decisions} decisions");
            assert_eq!(
                allocs, 0,
                "allegiance {players}p {spec}: heap allocations in {games} games"
            );
        }
    }
}
