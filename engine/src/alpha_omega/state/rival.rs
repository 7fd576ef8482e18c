//! The Opponent Play variant (`opponent_play`): a last seat plays the Opponent deck as a
//! player. After every Good player's turn it draws one Opponent card (skipped while a Calm
//! event holds the Opponents), may play one card from its hand, and each Person on the
//! Opponent side attacks one Good card of its choice. The automaton's Clean-up attacks and
//! targeting rule do not apply; Guards are still offered to the Good side.

use super::*;
use crate::{Action, ActionBuf};

impl AoState {
    /// The Opponent seat's turn begins: it draws, then plays.
    pub(crate) fn rival_start(&mut self) {
        self.turn_lured = false;
        if self.calm() {
            log!(
                self,
                "Opponent seat: no turn while the Opponents are calmed"
            );
            self.phase = Phase::TurnEnd;
            return;
        }
        match self.opp_deck.pop() {
            Some(c) => {
                self.opp_hand.push(c);
                log!(self, "Opponent seat draws 1");
            }
            None => log!(self, "the Opponent deck is empty"),
        }
        self.phase = Phase::Play;
    }

    /// Whether Opponent hand card `c` can be played now.
    fn rival_playable(&self, c: u8) -> bool {
        // Events act and leave; every other card needs room in play.
        let d = self.def(Cref { owner: OPP, pos: c });
        d.kind == Kind::Event || !self.field.is_full()
    }

    /// The Opponent seat's Play decision: pass, or one action per distinct playable card.
    pub(crate) fn rival_legal_play(&self, out: &mut ActionBuf) {
        out.push(Action(0));
        let mut seen = [0u64; 4];
        for (i, &c) in self.opp_hand.iter().enumerate() {
            let id = self.id(Cref { owner: OPP, pos: c }) as usize;
            let bit = 1u64 << (id % 64);
            if seen[id / 64] & bit == 0 && self.rival_playable(c) {
                out.push(Action(HAND + i as u16));
            }
            seen[id / 64] |= bit;
        }
    }

    /// The Opponent seat plays hand card `h` (Persons, Items and Places enter Opponent play
    /// as drawn cards do, Items going to the first Opponent Person able to hold them; Events
    /// take effect), then its Action phase follows once any attack it set off is resolved.
    pub(crate) fn rival_play_card(&mut self, h: usize) {
        let c = Cref {
            owner: OPP,
            pos: self.opp_hand.remove(h),
        };
        log!(self, "Opponent seat plays {}", self.def(c).name);
        // A Person played attacks in the Action phase, not at once.
        self.opp_card_enters(c, false);
        self.resume = Phase::RivalAction;
        self.phase = Phase::Jobs;
    }

    /// The Opponent seat's Action phase: every Person on the Opponent side may attack once.
    pub(crate) fn rival_action(&mut self) {
        for i in 0..self.field.len() {
            if self.field[i].opp && self.udef(i).kind == Kind::Person {
                self.field[i].attacks = 1;
            }
        }
        self.phase = Phase::Action;
        self.next_attack();
    }

    /// The Opponent seat's chosen attack: the card at `a` attacks the Good card at `t`,
    /// through the waiting attacks so that a Guard may step in.
    pub(crate) fn rival_strike(&mut self, a: usize, t: usize) {
        self.push_job(Job {
            attacker: self.field[a].card,
            target: self.field[t].card,
            then: NONE,
            guarded: false,
        });
        if !self.over() {
            self.resume = Phase::NextAttack;
            self.phase = Phase::Jobs;
        }
    }

    /// The Good seat that answers a Guard question during the Opponent seat's turn: the
    /// controller of the attacked Person.
    pub(crate) fn guard_decider(&self) -> u8 {
        self.jobs
            .first()
            .and_then(|j| self.find(j.target))
            .map_or(0, |t| self.field[t].ctrl.min(self.players - 1))
    }
}
