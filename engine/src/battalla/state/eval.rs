//! The evaluation greedy play and truncated MCTS playouts score positions with: life cards
//! first, then the board (attack, health left, advance, and the threat of a card standing
//! where it may attack directly), then the hand.

use super::board::ROWS_TO_DIRECT;
use super::*;

/// Worth of a life card.
const LIFE: f64 = 4.0;
/// Weight of the board (each piece's attack, half its health left, its advance and threat).
const BOARD: f64 = 0.5;
/// Worth of a row of advance.
const ADVANCE: f64 = 0.7;
/// Bonus of a card with attack 1 or more in the opponent's front or summon row: it may attack
/// directly on its owner's next turn and take a life card.
const THREAT: f64 = 3.0;
/// Worth of a hand card.
const HAND: f64 = 0.3;

impl BtState {
    /// A heuristic value for `p`: the difference of both sides' worth.
    pub fn eval(&self, p: u8) -> f64 {
        if let Some(o) = self.result {
            return 1000.0 * (o.result(p as usize).reward() - 0.5);
        }
        self.worth(p as usize) - self.worth(1 - p as usize)
    }

    /// One side's worth.
    fn worth(&self, q: usize) -> f64 {
        let mut board = 0.0;
        let mut left = self.cells[q];
        while left != 0 {
            let cell = left.trailing_zeros() as usize;
            left &= left - 1;
            let Some(pc) = &self.board[cell] else {
                continue;
            };
            let adv = self.advance_of(q, cell);
            let attack = self.attack_of(pc);
            let threat = if adv >= ROWS_TO_DIRECT && attack >= 1 {
                THREAT
            } else {
                0.0
            };
            board +=
                attack as f64 + 0.5 * self.health_left(pc) as f64 + ADVANCE * adv as f64 + threat;
        }
        let pl = &self.players[q];
        LIFE * pl.life.len() as f64 + BOARD * board + HAND * pl.hand.len() as f64
    }
}
