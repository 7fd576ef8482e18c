//! Tyrant through the common game interface: the `Game` trait for `TyrantState`, joining the
//! state (rules) with its describing and scenario scripting, which both sit above the state.

use super::state::*;
use crate::{Action, ActionBuf, CardUsage, Game, GameRng, Outcome, ToMove};

impl Game for TyrantState {
    fn num_players(&self) -> usize {
        2
    }

    #[inline]
    fn to_move(&self) -> ToMove {
        if self.over() {
            ToMove::Terminal
        } else {
            ToMove::Player(self.active)
        }
    }

    /// One action per hand card, `0..hand.len()`. Written out for a hand of at most
    /// [`HAND`] cards: after `clear` the buffer's length is known at each push, so its
    /// capacity tests fold away, where a loop up to the hand's length kept a test and a
    /// length update per card (once per decision, in every game).
    #[inline]
    fn legal_actions(&self, out: &mut ActionBuf) {
        const _: () = assert!(HAND == 3, "legal_actions pushes at most three actions");
        out.clear();
        if self.over() {
            return;
        }
        let n = self.sides[self.active as usize].hand.len();
        if n > 0 {
            out.push(Action(0));
            if n > 1 {
                out.push(Action(1));
                if n > 2 {
                    out.push(Action(2));
                }
            }
        }
    }

    #[inline]
    fn is_legal(&self, action: Action) -> bool {
        !self.over() && (action.0 as usize) < self.sides[self.active as usize].hand.len()
    }

    #[inline]
    fn apply_unchecked(&mut self, action: Action) {
        let hand = self.sides[self.active as usize].hand.len();
        let slot = (action.0 as usize).min(hand.saturating_sub(1));
        if self.over() || hand == 0 {
            return;
        }
        self.play_slot(slot);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result
    }

    fn turn(&self) -> u32 {
        self.turn as u32
    }

    fn max_decisions(&self) -> u32 {
        self.shared.rules.turn_limit as u32
    }

    fn max_turns(&self) -> u32 {
        self.shared.rules.turn_limit as u32
    }

    fn resample_hidden(&mut self, viewer: u8, rng: &mut GameRng) {
        self.resample(viewer, rng)
    }

    fn card_usage(&self, seat: u8) -> CardUsage {
        self.usage(seat)
    }

    fn builtin_policy(&self, policy: usize, legal: &ActionBuf, _rng: &mut GameRng) -> Action {
        match policy {
            0 => self.ordered_choice(),
            _ => legal[0],
        }
    }

    fn evaluate(&self, player: u8) -> f64 {
        self.eval(player)
    }

    fn action_label(&self, action: Action) -> String {
        super::describe::action_label(self, action)
    }

    fn describe(&self) -> Vec<(String, String)> {
        super::describe::describe(self)
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
    }

    fn scenario_set(&mut self, key: &str, value: &str) -> Result<(), String> {
        super::scenario::set(self, key, value)
    }

    fn force_chance(&mut self, event: &str, outcome: &str) -> Result<(), String> {
        self.force(event, outcome)
    }

    fn unused_forced(&self) -> Vec<String> {
        self.unused()
    }

    fn set_logging(&mut self, on: bool) {
        self.logging(on)
    }

    fn take_log(&mut self) -> Vec<String> {
        self.drain_log()
    }
}
