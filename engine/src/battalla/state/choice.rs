//! What an entry may target and what its card costs: the target test of an effect's target
//! word, the target and cost listings, paying a cost, the React cards a player may play, and
//! playing an assist (it floats while its entry is built).

use super::board::Dest;
use super::*;
use crate::battalla::cards::{Effect, Target};
use crate::battalla::rules::PLAY_REACT;
use crate::{Action, ActionBuf};

impl BtState {
    /// The cells whose piece matches target word `t` for effect `e` of `owner` whose
    /// source is `src` and battle foe `foe`, and may go where the effect's verb sends it
    /// (bit masks: the seats' cells and the pieces counting as heroes).
    fn fit_cells(&self, t: Target, e: &Effect, owner: u8, src: Cr, foe: Option<Cr>) -> u32 {
        let occ = self.cells[0] | self.cells[1];
        let mine = self.cells[owner as usize & 1];
        let theirs = occ & !mine;
        let hero = self.heroish() & occ;
        let at = |c: Option<Cr>| c.and_then(|c| self.cell_of(c)).map_or(0, |cell| 1 << cell);
        let ok = match t {
            Target::None => 0,
            Target::Me => at(Some(src)),
            Target::Foe => at(foe),
            Target::Enemy => theirs,
            Target::EnemyUnit => theirs & !hero,
            Target::Own => mine,
            Target::OwnUnit => mine & !hero,
            Target::Unit => occ & !hero,
            Target::Hero => hero,
            Target::Card => occ,
        };
        // The illegal-destination rule: no hero to a hand or deck, only heroes to a Hero
        // Deck.
        ok & match e.verb {
            Verb::Bounce | Verb::ToDeck => !hero,
            Verb::ToHeroDeck => hero,
            _ => ALL_CELLS,
        }
    }

    /// Cells the entry being built may still target (bit `cell`).
    pub(super) fn target_cells(&self) -> u32 {
        let Some(b) = &self.building else { return 0 };
        let src = Cr {
            seat: b.owner,
            pos: b.src,
        };
        let ok = if b.eff == ATTACH {
            (self.cells[0] | self.cells[1]) & !self.full_cells
        } else {
            let e = self.effect(b.owner as usize, b.src, b.eff);
            self.fit_cells(e.target, &e, b.owner, src, b.foe)
        };
        let chosen = b
            .targets
            .iter()
            .filter_map(|&t| self.cell_of(t))
            .fold(0, |m, cell| m | 1 << cell);
        ok & !chosen
    }

    /// How many targets the entry takes (0: none to choose).
    pub(super) fn wanted(&self, b: &Entry) -> usize {
        if b.eff == ATTACH {
            return 1;
        }
        let e = self.effect(b.owner as usize, b.src, b.eff);
        match (e.target, e.verb) {
            (Target::None, _) => 0,
            (_, Verb::ToDeck) => e.n as usize,
            _ => 1,
        }
    }

    /// Whether an effect of `owner`'s card `src` (index `eff`) has something to target, so
    /// that it may be activated.
    pub(crate) fn has_targets(&self, owner: u8, src: u8, eff: u8) -> bool {
        let e = self.effect(owner as usize, src, eff);
        if e.target == Target::None {
            return true;
        }
        let me = Cr {
            seat: owner,
            pos: src,
        };
        self.fit_cells(e.target, &e, owner, me, None) != 0
    }

    /// The hand indices of the React cards `p` may play now, in hand order (only cards
    /// with a React effect are looked at, from the hand's mask).
    fn playable_reacts(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        let hand = &self.players[p].hand;
        let mut m = if self.story.is_empty() {
            0
        } else {
            hand.reacts()
        };
        std::iter::from_fn(move || {
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                if self.can_react(p, hand[i]) {
                    return Some(i);
                }
            }
            None
        })
    }

    /// React cards `p` may play now (`REACT + hand index`).
    pub(super) fn react_options(&self, p: usize, out: &mut ActionBuf) {
        for i in self.playable_reacts(p) {
            out.push(Action(REACT + i as u16));
        }
    }

    /// Whether `p` has a React card to play now (what [`Self::react_options`] lists, found
    /// without listing).
    pub(super) fn has_react(&self, p: usize) -> bool {
        self.playable_reacts(p).next().is_some()
    }

    /// Whether `p` may play hand card `c` as a React now.
    #[inline]
    fn can_react(&self, p: usize, c: u8) -> bool {
        if self.shared.play[self.decks[p] as usize][c as usize] & PLAY_REACT == 0 {
            return false;
        }
        let d = card_of(&self.shared, self.decks, p, c);
        if self.players[p].stamina < d.cost {
            return false;
        }
        let Some(k) = d.effects.iter().position(|e| e.trigger == Trigger::React) else {
            return false;
        };
        self.can_pay(p, c) && self.has_targets(p as u8, c, k as u8)
    }

    /// Whether `p` can pay the `cost:` of card `c` (other than stamina).
    pub(crate) fn can_pay(&self, p: usize, c: u8) -> bool {
        let Some(e) = self
            .def(p, c)
            .effects
            .iter()
            .find(|e| e.trigger == Trigger::Cost)
        else {
            return true;
        };
        match e.verb {
            Verb::Sacrifice => {
                let me = Cr {
                    seat: p as u8,
                    pos: c,
                };
                self.fit_cells(e.target, e, p as u8, me, None) & self.cells[p] != 0
            }
            _ => self.players[p].hand.len() > e.n as usize,
        }
    }

    /// Play assist `c` of `p` (already out of the hand) as a React or from the hand: it
    /// floats, its stamina is paid, its targets chosen, then its cost paid.
    pub(crate) fn activate_assist(&mut self, p: usize, c: u8, trigger: Trigger) {
        let d = card_of(&self.shared, self.decks, p, c);
        self.players[p].stamina -= d.cost;
        self.players[p].floating.push(c);
        self.players[p].played |= bit(c);
        log!(self, "P{p} plays {}", d.name);
        let eff = if d.item {
            ATTACH
        } else {
            d.effects
                .iter()
                .position(|e| e.trigger == trigger)
                .expect("checked") as u8
        };
        let top = self.story.len();
        let e = Entry {
            owner: p as u8,
            src: c,
            eff,
            targets: ArrayVec::new(),
            foe: None,
            answers: if trigger == Trigger::React {
                top as u8 - 1
            } else {
                NONE
            },
            negated: false,
            assist: true,
        };
        self.building = Some(e);
        if let Some(k) = d.effects.iter().find(|e| e.trigger == Trigger::Cost) {
            self.dec = Dec::Cost {
                verb: k.verb,
                left: if k.verb == Verb::Sacrifice { 1 } else { k.n },
            };
        } else {
            self.continue_building();
        }
    }

    /// Cost options: cells to sacrifice, or hand cards to discard.
    pub(super) fn cost_options(&self, verb: Verb, out: &mut ActionBuf) {
        let Some(b) = &self.building else { return };
        let p = b.owner as usize;
        if verb == Verb::Sacrifice {
            let e = *self
                .def(p, b.src)
                .effects
                .iter()
                .find(|e| e.trigger == Trigger::Cost)
                .expect("a cost");
            let me = Cr {
                seat: b.owner,
                pos: b.src,
            };
            let mut m = self.fit_cells(e.target, &e, b.owner, me, None) & self.cells[p];
            while m != 0 {
                out.push(Action(SACRIFICE + m.trailing_zeros() as u16));
                m &= m - 1;
            }
        } else {
            for i in 0..self.players[p].hand.len() {
                out.push(Action(DISCARD + i as u16));
            }
        }
    }

    /// Pay one card of the cost: sacrifice (its `sacrificed` effects are queued, to be added
    /// after this entry) or discard.
    pub(super) fn pay(&mut self, verb: Verb, left: u8, a: u16) {
        let p = self.building.as_ref().expect("building").owner as usize;
        if verb == Verb::Sacrifice {
            let cell = (a - SACRIFICE) as usize;
            let c = self.board[cell].as_ref().expect("a card").card;
            log!(self, "P{p} sacrifices {}", self.cdef(c).name);
            self.leave(cell, Dest::Discard);
            self.trigger(c, Trigger::Sacrificed, None);
        } else {
            let c = self.players[p].hand.remove((a - DISCARD) as usize);
            log!(self, "P{p} discards {}", self.def(p, c).name);
            self.players[p].discard.push(c);
        }
        if left > 1 {
            self.dec = Dec::Cost {
                verb,
                left: left - 1,
            };
        } else {
            self.continue_building();
        }
    }
}
