//! The agent speed lines of `cardsim bench` work for a co-operative game (the Alpha/Omega
//! workload's signature is checked with the other games' in `bench_signature.rs`).

use cardsim_sim::ladder::agent_speed;

#[test]
fn agent_speed_runs_on_alpha_omega() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/alpha_omega/decks");
    let decks = vec![dir.join("faithful.txt"), dir.join("heavenly_host.txt")];
    for spec in ["greedy", "mcts:iters=20"] {
        let s = agent_speed("alpha_omega", &decks, spec, 20).unwrap();
        assert!(s.decisions >= 20, "{spec}: {} decisions", s.decisions);
    }
}
