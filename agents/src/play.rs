//! Small building blocks shared by the agents and the simulator's play loops: sampling an
//! explicit chance node, the greedy one-step choice, and finishing a multi-step decision.
//! None of them allocates.

use cardsim_engine::{index_below, Action, ActionBuf, ChanceBuf, Game, GameRng, ToMove};
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

/// A uniformly random element of `legal` (which must not be empty): the draw of rand's
/// `random_range(0..legal.len())`, inlined ([`index_below`]).
#[inline]
pub fn random_action(legal: &ActionBuf, rng: &mut GameRng) -> Action {
    legal[index_below(rng, legal.len())]
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
    /// Offer `item` with `score`; true when it is now the chosen item.
    #[inline]
    pub fn offer(&mut self, item: T, score: f64, rng: &mut GameRng) -> bool {
        if score > self.best || self.item.is_none() {
            self.best = score;
            self.tied = 1;
            self.item = Some(item);
            true
        } else if score == self.best {
            self.tied += 1;
            let taken = rng.random_range(0..self.tied) == 0;
            if taken {
                self.item = Some(item);
            }
            taken
        } else {
            false
        }
    }

    /// The score of the chosen item (negative infinity before any offer).
    pub fn score(&self) -> f64 {
        self.best
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

/// A boxed copy of `state`, cloned straight into the box's storage: the box is allocated
/// first and the clone written into it, so that a large state (an Allegiance state is about
/// 20 KB) is not built on the stack and then moved into the box (a second copy of the whole
/// state; `Box::new(state.clone())` made one).
#[inline]
pub fn boxed_copy<G: Clone>(state: &G) -> Box<G> {
    Box::write(Box::new_uninit(), state.clone())
}

/// The two working states of [`finish_sequence_in`]'s one-step look-ahead: the copy each
/// action is tried on and the best result so far. Boxed, so that keeping a result is a swap
/// of pointers, never a copy of a state.
pub struct Lookahead<G> {
    tried: Box<G>,
    best: Box<G>,
}

impl<G: Clone> Lookahead<G> {
    /// Working states made from `state` (any state of the game: each is overwritten before
    /// it is read).
    pub fn new(state: &G) -> Self {
        Lookahead {
            tried: boxed_copy(state),
            best: boxed_copy(state),
        }
    }
}

/// Finish `me`'s current step sequence greedily: while `me` is still to move in the same
/// turn (`turn`, the game's own counter), take the best one-step action. A multi-step
/// decision (attackers one at a time, then "done") is so evaluated where it ends. Stops at
/// anyone else's decision, a chance node, the end of the game or after `max_decisions`
/// steps.
///
/// The state is boxed, and `look` holds the look-ahead's working states (made on first use,
/// then reused). The state a step chooses is the look-ahead's copy of it (the
/// two boxes are swapped), not the chosen action applied again: an action's result depends
/// only on the state (the game's randomness is part of it), so the games are the same. The
/// last action of a step is tried on the state itself, which saves one copy per step.
/// Returns `state.evaluate(me)` when the look-ahead already computed it (the last step was a
/// choice among several actions), so that the caller need not evaluate the state again.
pub fn finish_sequence_in<G: Game>(
    state: &mut Box<G>,
    look: &mut Option<Lookahead<G>>,
    me: u8,
    turn: u32,
    rng: &mut GameRng,
) -> Option<f64> {
    let mut legal = ActionBuf::new();
    let mut known = None;
    for _ in 0..state.max_decisions() {
        if state.to_move() != ToMove::Player(me) || state.turn() != turn {
            return known;
        }
        state.legal_actions(&mut legal);
        match legal.len() {
            0 => return known,
            1 => {
                state.apply_unchecked(legal[0]);
                known = None;
            }
            _ => {
                let w = look.get_or_insert_with(|| Lookahead::new(&**state));
                let mut best = ArgMax::default();
                let (&last, others) = legal.split_last().expect("several actions");
                for &a in others {
                    w.tried.clone_from(state);
                    w.tried.apply_unchecked(a);
                    if best.offer(a, w.tried.evaluate(me), rng) {
                        std::mem::swap(&mut w.tried, &mut w.best);
                    }
                }
                // The last action is tried on the state itself (no copy is needed any more):
                // if it is the best, the state already holds its result; if not, the best
                // result replaces it. The first action offered is always taken, so `best`
                // holds a result then, and the chosen action's score is the best score.
                state.apply_unchecked(last);
                if !best.offer(last, state.evaluate(me), rng) {
                    std::mem::swap(state, &mut w.best);
                }
                known = Some(best.score());
            }
        }
    }
    known
}
