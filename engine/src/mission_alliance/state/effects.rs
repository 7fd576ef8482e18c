//! Abilities: queueing a card's abilities of one kind when it arrives, retreats, is played,
//! discarded or used; resolving them one at a time (the current player's first, in order),
//! with the owner choosing targets; and eliminating cards.

use super::*;
use crate::mission_alliance::cards::Trigger;
use crate::{Action, ActionBuf};

impl MaState {
    /// Queue the abilities of kind `trigger` of `p`'s card `pos`. Effects of the player whose
    /// turn it is go before the opponent's already waiting (the text: the current player's
    /// effects resolve first, in order).
    /// Most cards lack most kinds: that test is inlined where cards move, the queueing is not.
    #[inline]
    pub(crate) fn trigger(&mut self, p: usize, pos: u8, trigger: Trigger) {
        if self.fx(p, pos).triggers & (1 << trigger as u8) != 0 {
            self.queue(p, pos, trigger);
        }
    }

    /// Queue the abilities of kind `trigger` of `p`'s card `pos` (see [`MaState::trigger`]).
    #[inline(never)]
    fn queue(&mut self, p: usize, pos: u8, trigger: Trigger) {
        let d = card_of(&self.shared, self.decks, p, pos);
        let at = if p == self.cur as usize {
            // After the current player's waiting effects, before the opponent's.
            self.pending
                .iter()
                .position(|e| e.owner != self.cur)
                .unwrap_or(self.pending.len())
        } else {
            self.pending.len()
        };
        for (k, e) in d
            .effects
            .iter()
            .filter(|e| e.trigger == trigger)
            .enumerate()
        {
            if self.pending.is_full() {
                // Only a card file built for chains of retreats can get here; the game ends
                // as a counted stall rather than silently dropping an effect.
                self.stall("more than 64 effects waiting");
                return;
            }
            let e = Pending {
                owner: p as u8,
                card: pos,
                verb: e.verb,
                n: e.n,
            };
            self.pending.insert(at + k, e);
        }
    }

    /// Resolve the first pending effect, or ask its owner for a target.
    pub(super) fn resolve_next(&mut self) {
        let e = self.pending[0];
        let o = e.owner as usize;
        match e.verb {
            Verb::Destroy | Verb::Rest => {
                let mut buf = ActionBuf::new();
                self.dec = Dec::Target;
                self.target_options(&mut buf);
                if buf.is_empty() {
                    self.dec = Dec::Main;
                    remove_at(&mut self.pending, 0);
                    log!(self, "{} finds no target", self.def(o, e.card).name);
                }
                return;
            }
            _ => {}
        }
        remove_at(&mut self.pending, 0);
        log!(self, "{}: {:?} {}", self.def(o, e.card).name, e.verb, e.n);
        match e.verb {
            Verb::Draw => {
                for _ in 0..e.n {
                    if !self.draw_one(o) {
                        break;
                    }
                }
            }
            Verb::Eliminate => self.eliminate(1 - o, e.n),
            Verb::Ready => {
                let mut n = e.n;
                let pl = &mut self.players[o];
                for (bi, b) in pl.back.iter_mut().enumerate() {
                    if n > 0 && !b.gadget && !b.ready {
                        b.ready = true;
                        pl.backs.ready |= BackBits::bit(bi);
                        n -= 1;
                    }
                }
            }
            Verb::Recover => {
                for _ in 0..e.n {
                    match self.players[o].discard.pop() {
                        Some(c) => self.players[o].deck.insert(0, c),
                        None => break,
                    }
                }
            }
            Verb::Destroy | Verb::Rest | Verb::Boost | Verb::Immune => {}
        }
    }

    /// Targets of the first pending effect: enemy units that are not immune (Destroy: power
    /// at most N; Rest: ready ones).
    pub(super) fn target_options(&self, out: &mut ActionBuf) {
        let e = self.pending[0];
        let q = 1 - e.owner as usize;
        let m = self.players[q].units;
        if e.verb != Verb::Destroy {
            push_bits(out, TARGET, (m.exposed & m.ready) as u64);
            return;
        }
        let mut bits = m.exposed;
        while bits != 0 {
            let u = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if self.power(q, u / TEAM, u % TEAM) <= e.n as u16 {
                out.push(Action(TARGET + u as u16));
            }
        }
    }

    /// Apply the first pending effect to enemy unit `u`.
    pub(super) fn choose_target(&mut self, u: usize) {
        let e = remove_at(&mut self.pending, 0);
        let q = 1 - e.owner as usize;
        let (t, s) = (u / TEAM, u % TEAM);
        self.dec = Dec::Main;
        log!(
            self,
            "{} targets P{q}'s {}",
            self.def(e.owner as usize, e.card).name,
            self.def(q, self.players[q].teams[t].units[s].pos).name
        );
        match e.verb {
            Verb::Destroy => self.retreat_unit(q, t, s),
            _ => self.rest_unit(q, t, s),
        }
    }

    /// `p` eliminates `n` cards from the top of the draw deck (refilled from the discard pile
    /// when empty); losing when it cannot, or when its eliminated cards reach the target.
    pub(crate) fn eliminate(&mut self, p: usize, n: u8) {
        for _ in 0..n {
            if self.players[p].deck.is_empty() && !self.refill(p) {
                self.lose(p, "cannot remove enough cards");
                return;
            }
            let c = self.players[p].deck.pop().expect("refilled");
            self.players[p].eliminated.push(c);
        }
        let k = self.players[p].eliminated.len();
        log!(self, "P{p} has {k} cards eliminated");
        if k >= self.shared.rules.eliminate_to_win as usize {
            self.lose(p, "its eliminated cards reached the target");
        }
    }
}
