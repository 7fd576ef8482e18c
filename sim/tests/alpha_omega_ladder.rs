//! The ladder on a co-operative game (Alpha/Omega: every seat on one team) compares agents
//! each playing the whole team on the same deals, and greedy play beats random play.

use std::path::Path;

use cardsim_sim::ladder::{ladder, LadderJob};
use cardsim_sim::settings::RunSettings;

#[test]
fn a_team_game_is_laddered_paired_and_greedy_beats_random() {
    let decks = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/alpha_omega/decks");
    let job = LadderJob {
        run: RunSettings {
            game: "alpha_omega".into(),
            seed: 3,
            threads: Some(2),
            command: vec!["test".into()],
            ..Default::default()
        },
        decks: vec![decks.join("faithful.txt"), decks.join("heavenly_host.txt")],
        agents: vec!["random".into(), "greedy".into()],
        deals: 150,
    };
    let r = ladder(&job).unwrap();
    assert_eq!(r.manifest.mode, "paired-team");
    let c = &r.pairs[0].acc;
    // Each agent plays every deal once as the whole team (two seats: 300 seat-games).
    assert_eq!((c.deals, c.a_games, c.b_games), (150, 300, 300));
    assert_eq!(c.a_better + c.b_better + c.equal, 150);
    let (rate, low, _) = c.a_rate().unwrap();
    assert!(
        low > 0.5,
        "greedy vs random: {rate:.3}, interval from {low:.3}"
    );
}
