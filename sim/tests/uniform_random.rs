//! The runner's own draw for uniform random agents (`Agent::uniform_random`) plays the same
//! games as the agent's `choose` through the dynamic call: the same records and the same end
//! states, game by game, for Tyrant (the bench's example decks and skills set) and Allegiance
//! (two and four players), with both seats fast, both slow, and one of each.

use cardsim_agents::{make_agent_for, Agent, AgentSpec, View};
use cardsim_engine::allegiance::Allegiance;
use cardsim_engine::tyrant::Tyrant;
use cardsim_engine::{Action, Game, GameRng, Ruleset};
use cardsim_sim::runner::play_seeded;

/// An agent that forwards `choose` to the one it wraps but keeps the default
/// `uniform_random` (false): the runner calls it through the dynamic call.
struct Hidden<G: Game>(Box<dyn Agent<G>>);

impl<G: Game> Agent<G> for Hidden<G> {
    fn label(&self) -> String {
        self.0.label()
    }
    fn choose(&mut self, view: &View<'_, G>, rng: &mut GameRng) -> Action {
        self.0.choose(view, rng)
    }
}

/// Plays `games` games of `r` with every mix of fast (runner-drawn) and slow (dynamic call)
/// random agents and checks that each mix plays exactly the games of the all-slow one.
fn same_games<R: Ruleset>(r: &R, players: usize, games: u64) {
    let n = r.deck_names().len();
    let random = || make_agent_for(r, &AgentSpec::parse("random").unwrap()).unwrap();
    assert!(random().uniform_random());
    assert!(!make_agent_for(r, &AgentSpec::parse("greedy").unwrap())
        .unwrap()
        .uniform_random());
    let peeks = vec![false; players];
    let slots: Vec<usize> = (0..players).collect();
    let mut decisions = 0u64;
    for g in 0..games {
        let mut seating = [0u8; 4];
        for (k, s) in seating.iter_mut().enumerate().take(players) {
            *s = ((g as usize + k * 3 + g as usize / n) % n) as u8;
        }
        let play = |fast: u32| {
            let mut agents: Vec<Box<dyn Agent<R::State>>> = (0..players)
                .map(|k| {
                    if fast >> k & 1 == 1 {
                        random()
                    } else {
                        Box::new(Hidden(random())) as Box<dyn Agent<R::State>>
                    }
                })
                .collect();
            play_seeded(r, 11, g, &seating[..players], &slots, &mut agents, &peeks)
        };
        let (slow_state, slow) = play(0);
        decisions += slow.decisions.iter().map(|&d| d as u64).sum::<u64>();
        for fast in 1..1u32 << players {
            let (state, rec) = play(fast);
            assert_eq!(rec, slow, "game {g}, fast seats {fast:b}: record");
            assert!(
                state == slow_state,
                "game {g}, fast seats {fast:b}: end state"
            );
        }
    }
    assert!(
        decisions > games * 3,
        "{decisions} decisions in {games} games"
    );
}

#[test]
fn runner_draws_play_the_agents_games_in_tyrant() {
    same_games(&Tyrant::example(&[]).unwrap(), 2, 300);
}

#[test]
fn runner_draws_play_the_agents_games_in_allegiance() {
    same_games(&Allegiance::example(&["players=2"]).unwrap(), 2, 20);
    same_games(
        &Allegiance::example(&["players=4", "format=team"]).unwrap(),
        4,
        5,
    );
}
