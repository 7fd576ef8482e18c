//! The greedy agent: one step of look-ahead scored by the game's own evaluation.

use arrayvec::ArrayVec;
use cardsim_engine::{Game, GameRng, MAX_ACTIONS};

use crate::play::{boxed_copy, finish_sequence_in, ArgMax, Lookahead};
use crate::{Action, Agent, View};

/// For each legal action: apply it to a copy of a world consistent with what the player
/// knows ([`View::determinize`]: hidden cards and the game's future coin flips resampled),
/// finish the player's step sequence greedily if the decision has several steps, and score
/// the result with [`Game::evaluate`]. The best total over `samples` resampled worlds wins
/// (every action is scored on the same worlds); ties are broken at random with the agent's
/// RNG. Allocates nothing.
///
/// The agent keeps its working copies of the game state between decisions (the resampled
/// world, the copy each action is tried on, the one-step look-ahead's two copies): a
/// decision copies into their storage (`clone_from`, which for a large state copies only the
/// used entries) instead of building and moving whole new states. The copies never carry
/// anything from one decision to the next: each is overwritten before it is read. The last
/// action of the last world is tried on the world itself (the two boxes are swapped), which
/// saves one copy per decision.
pub struct GreedyAgent<G> {
    samples: u32,
    world: Option<Box<G>>,
    tried: Option<Box<G>>,
    look: Option<Lookahead<G>>,
}

impl<G> Clone for GreedyAgent<G> {
    /// The same settings, without the working copies.
    fn clone(&self) -> Self {
        GreedyAgent::new(self.samples)
    }
}

impl<G> std::fmt::Debug for GreedyAgent<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GreedyAgent")
            .field("samples", &self.samples)
            .finish()
    }
}

impl<G> GreedyAgent<G> {
    /// A greedy agent averaging over `samples` resampled worlds (at least 1).
    pub fn new(samples: u32) -> Self {
        GreedyAgent {
            samples: samples.max(1),
            world: None,
            tried: None,
            look: None,
        }
    }
}

impl<G: Game> Agent<G> for GreedyAgent<G> {
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
        let world = match &mut self.world {
            Some(w) => {
                view.determinize_into(w, rng);
                w
            }
            None => self.world.insert(view.determinize_boxed(rng)),
        };
        // Overwritten (`clone_from`) before each use.
        let w = self.tried.get_or_insert_with(|| boxed_copy(&**world));
        for k in 0..self.samples {
            if k > 0 {
                view.determinize_into(world, rng);
            }
            let turn = world.turn();
            let last_world = k + 1 == self.samples;
            for (i, (s, &a)) in score.iter_mut().zip(legal).enumerate() {
                if last_world && i + 1 == legal.len() {
                    // The world is not read again in this decision: try the action on it.
                    std::mem::swap(world, w);
                } else {
                    (**w).clone_from(world);
                }
                w.apply_unchecked(a);
                let known = finish_sequence_in(w, &mut self.look, me, turn, rng);
                *s += known.unwrap_or_else(|| w.evaluate(me));
            }
        }
        let mut best = ArgMax::default();
        for (&s, &a) in score.iter().zip(legal) {
            best.offer(a, s, rng);
        }
        best.get().unwrap_or(legal[0])
    }
}
