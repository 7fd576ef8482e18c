//! The greedy agent: one step of look-ahead scored by the game's own evaluation.

use arrayvec::ArrayVec;
use cardsim_engine::{Game, GameRng, MAX_ACTIONS};

use crate::play::{finish_sequence_in, ArgMax};
use crate::{Action, Agent, View};

/// For each legal action: apply it to a copy of a world consistent with what the player
/// knows ([`View::determinize`]: hidden cards and the game's future coin flips resampled),
/// finish the player's step sequence greedily if the decision has several steps, and score
/// the result with [`Game::evaluate`]. The best total over `samples` resampled worlds wins
/// (every action is scored on the same worlds); ties are broken at random with the agent's
/// RNG. Allocates nothing.
#[derive(Clone, Debug)]
pub struct GreedyAgent {
    samples: u32,
}

impl GreedyAgent {
    /// A greedy agent averaging over `samples` resampled worlds (at least 1).
    pub fn new(samples: u32) -> Self {
        GreedyAgent {
            samples: samples.max(1),
        }
    }
}

impl<G: Game> Agent<G> for GreedyAgent {
    fn label(&self) -> String {
        if self.samples == 1 {
            "greedy".into()
        } else {
            format!("greedy:samples={}", self.samples)
        }
    }

    fn choose(&mut self, view: &View<'_, G>, rng: &mut GameRng) -> Action {
        let legal = view.legal();
        if legal.len() == 1 {
            return legal[0];
        }
        let me = view.player();
        let mut score: ArrayVec<f64, MAX_ACTIONS> = ArrayVec::new();
        score.extend(legal.iter().map(|_| 0.0));
        // Copies reused for every action and sample (`clone_from` keeps their storage).
        let mut world = view.determinize(rng);
        let mut w = world.clone();
        let mut scratch = None;
        for k in 0..self.samples {
            if k > 0 {
                view.determinize_into(&mut world, rng);
            }
            let turn = world.turn();
            for (s, &a) in score.iter_mut().zip(legal) {
                w.clone_from(&world);
                w.apply_unchecked(a);
                finish_sequence_in(&mut w, &mut scratch, me, turn, rng);
                *s += w.evaluate(me);
            }
        }
        let mut best = ArgMax::default();
        for (&s, &a) in score.iter().zip(legal) {
            best.offer(a, s, rng);
        }
        best.get().unwrap_or(legal[0])
    }
}
