//! Small building blocks shared by the agents and the simulator's play loops: sampling an
//! explicit chance node, the greedy one-step choice, and finishing a multi-step decision.
//! None of them allocates.

use cardsim_engine::{Action, ActionBuf, ChanceBuf, Game, GameRng, ToMove};
use rand::RngExt;

/// Sample one outcome of the chance node `state` is at, by the game's integer weights.
/// `buf` is scratch space.
#[inline]
pub fn sample_chance<G: Game>(state: &G, buf: &mut ChanceBuf, rng: &mut GameRng) -> Action {
    state.chance_outcomes(buf);
    let total: u32 = buf.iter().map(|c| c.1).sum();
    let mut r = rng.random_range(0..total.max(1));
    for &(a, w) in buf.iter() {
        if r < w {
            return a;
        }
        r -= w;
    }
    buf[0].0
}

/// A uniformly random element of `legal` (which must not be empty).
#[inline]
pub fn random_action(legal: &ActionBuf, rng: &mut GameRng) -> Action {
    legal[rng.random_range(0..legal.len())]
}

/// Keeps the best-scoring item seen so far; ties are broken uniformly at random (reservoir
/// sampling over the tied items, one RNG draw per tie).
#[derive(Copy, Clone, Debug)]
pub struct ArgMax<T> {
    best: f64,
    tied: u32,
    item: Option<T>,
}

impl<T: Copy> Default for ArgMax<T> {
    fn default() -> Self {
        ArgMax {
            best: f64::NEG_INFINITY,
            tied: 0,
            item: None,
        }
    }
}

impl<T: Copy> ArgMax<T> {
    /// Offer `item` with `score`.
    #[inline]
    pub fn offer(&mut self, item: T, score: f64, rng: &mut GameRng) {
        if score > self.best || self.item.is_none() {
            self.best = score;
            self.tied = 1;
            self.item = Some(item);
        } else if score == self.best {
            self.tied += 1;
            if rng.random_range(0..self.tied) == 0 {
                self.item = Some(item);
            }
        }
    }

    /// The chosen item, if any was offered.
    pub fn get(&self) -> Option<T> {
        self.item
    }
}

/// The action of `legal` whose immediate result `state` evaluates best for `me` (one step
/// of look-ahead, ties at random).
#[inline]
pub fn best_one_step<G: Game>(state: &G, me: u8, legal: &ActionBuf, rng: &mut GameRng) -> Action {
    let mut scratch = state.clone();
    best_one_step_in(state, &mut scratch, me, legal, rng)
}

/// [`best_one_step`] with `scratch` (any state of the same game) as the copy it tries the
/// actions on: `clone_from` reuses its storage instead of building a new copy per action.
#[inline]
pub fn best_one_step_in<G: Game>(
    state: &G,
    scratch: &mut G,
    me: u8,
    legal: &ActionBuf,
    rng: &mut GameRng,
) -> Action {
    let mut best = ArgMax::default();
    for &a in legal {
        scratch.clone_from(state);
        scratch.apply_unchecked(a);
        best.offer(a, scratch.evaluate(me), rng);
    }
    best.get().unwrap_or(legal[0])
}

/// Finish `me`'s current step sequence greedily: while `me` is still to move in the same
/// turn (`turn`, the game's own counter), take the best one-step action. A multi-step
/// decision (attackers one at a time, then "done") is so evaluated where it ends. Stops at
/// anyone else's decision, a chance node, the end of the game or after `max_decisions`
/// steps.
pub fn finish_sequence<G: Game>(state: &mut G, me: u8, turn: u32, rng: &mut GameRng) {
    let mut scratch: Option<G> = None;
    finish_sequence_in(state, &mut scratch, me, turn, rng);
}

/// [`finish_sequence`] with `scratch` as the copy the one-step look-ahead works on (made on
/// first use, then reused).
pub fn finish_sequence_in<G: Game>(
    state: &mut G,
    scratch: &mut Option<G>,
    me: u8,
    turn: u32,
    rng: &mut GameRng,
) {
    let mut legal = ActionBuf::new();
    for _ in 0..state.max_decisions() {
        if state.to_move() != ToMove::Player(me) || state.turn() != turn {
            return;
        }
        state.legal_actions(&mut legal);
        let a = match legal.len() {
            0 => return,
            1 => legal[0],
            _ => {
                let w = scratch.get_or_insert_with(|| state.clone());
                best_one_step_in(state, w, me, &legal, rng)
            }
        };
        state.apply_unchecked(a);
    }
}
