//! The Opponent deck's automaton: drawing a card into Opponent play, Persons equipping
//! waiting Items and Events, and the Opponent events (summon, storm, fall, folly) and Places.

use super::*;
use crate::alpha_omega::cards::{Effect, DIE};

impl AoState {
    /// A new card enters play at the end of the list.
    pub(crate) fn enter(&mut self, card: Cref, opp: bool, ctrl: u8) -> Option<usize> {
        let u = Unit {
            card,
            id: self.id(card),
            opp,
            ctrl,
            damage: 0,
            holder: NONE,
            fallen: false,
            lure: false,
            acted: false,
            attacks: 0,
            entered: self.round,
            left: 0,
        };
        if self.field.try_push(u).is_err() {
            // The fixed-size field is full: the card goes to its pile unplayed.
            if card.owner == OPP {
                self.opp_discard.push(card.pos);
            } else {
                self.seats[card.owner as usize].discard.push(card.pos);
            }
            return None;
        }
        Some(self.field.len() - 1)
    }

    /// A Place enters play, replacing the active one.
    pub(crate) fn enter_place(&mut self, card: Cref, opp: bool, ctrl: u8) -> Option<usize> {
        if let Some(i) = self.place() {
            log!(self, "{} is replaced", self.udef(i).name);
            self.discard_at(i);
        }
        self.enter(card, opp, ctrl)
    }

    /// The Opponent phase: draw the top Opponent card; it enters play and acts.
    pub(crate) fn opp_draw(&mut self) {
        let Some(pos) = self.opp_deck.pop() else {
            log!(self, "the Opponent deck is empty");
            return;
        };
        let c = Cref { owner: OPP, pos };
        log!(
            self,
            "P{} draws the Opponent card {}",
            self.cur,
            self.def(c).name
        );
        self.opp_card_enters(c, true);
    }

    /// Opponent card `c` enters play (a Person attacking at once when `attack`; an Item going
    /// to the first Opponent Person able to hold it, or waiting) or, an Event, takes effect.
    pub(crate) fn opp_card_enters(&mut self, c: Cref, attack: bool) {
        match self.def(c).kind {
            Kind::Person => {
                let entered = self.opp_person_enters(c);
                if let Some(i) = entered.filter(|_| attack) {
                    self.push_job(Job {
                        attacker: self.field[i].card,
                        target: NONE,
                        then: NONE,
                        guarded: false,
                    });
                }
            }
            Kind::Item => {
                if let Some(j) = self.enter(c, true, u8::MAX) {
                    self.rehome(j);
                }
            }
            Kind::Place => {
                self.enter_place(c, true, u8::MAX);
            }
            _ => self.opp_event(c),
        }
    }

    /// An Opponent-deck Person enters play: it takes waiting Items and sets off waiting
    /// Events. Supernatural Persons Lure Astray.
    pub(crate) fn opp_person_enters(&mut self, c: Cref) -> Option<usize> {
        let i = self.enter(c, true, u8::MAX)?;
        self.field[i].lure = self.udef(i).angel();
        self.person_arrived(c);
        self.find(c)
    }

    /// An Opponent Person `c` is in play: waiting Items and Events go to it.
    pub(crate) fn person_arrived(&mut self, c: Cref) {
        let mut j = 0;
        while j < self.field.len() {
            let u = self.field[j];
            let d = self.shared.db.card(u.id);
            if u.opp && d.kind == Kind::Item && u.holder == NONE && !self.holds_class(c, d.class) {
                self.field[j].holder = c;
                log!(self, "{} equips {}", self.def(c).name, d.name);
            }
            if u.opp && d.kind == Kind::Event && u.left == WAITING {
                // It leaves the waiting row and takes effect (opp_event files it away).
                let card = u.card;
                self.field.remove(j);
                self.opp_event(card);
                continue;
            }
            j += 1;
        }
    }

    /// An Opponent event takes effect (drawn, or set off when a Person arrives).
    fn opp_event(&mut self, c: Cref) {
        // The effects are copied out of the card tables, as the effects below borrow the
        // state mutably (holding the tables through a clone of their `Arc` instead counted a
        // reference on a counter every worker thread shares).
        let id = self.id(c);
        let effects: ArrayVec<Effect, 4> =
            self.shared.db.card(id).effects.iter().copied().collect();
        let mut lasting = 0;
        for e in effects {
            match e.verb {
                Verb::Summon => self.summon(e.n),
                Verb::Storm => {
                    let rounds = if e.m == DIE { self.roll() } else { e.m };
                    log!(
                        self,
                        "{} lasts {rounds} rounds",
                        self.shared.db.card(id).name
                    );
                    self.storm(e.n);
                    lasting = rounds.saturating_sub(1);
                }
                Verb::Fall => self.fall(e.n),
                Verb::Folly => {
                    let first = (0..self.field.len())
                        .find(|&i| self.field[i].opp && self.udef(i).kind == Kind::Person);
                    match first {
                        Some(i) => {
                            // Its second target is the Opponent Person that entered after
                            // it, as the event resolves.
                            let next = (i + 1..self.field.len())
                                .find(|&j| self.field[j].opp && self.udef(j).kind == Kind::Person);
                            self.push_job(Job {
                                attacker: self.field[i].card,
                                target: NONE,
                                then: next.map_or(NONE, |j| self.field[j].card),
                                guarded: false,
                            });
                        }
                        None => {
                            if let Some(k) = self.enter(c, true, u8::MAX) {
                                self.field[k].left = WAITING;
                                log!(
                                    self,
                                    "{} waits for an Opponent Person",
                                    self.shared.db.card(id).name
                                );
                            }
                            return;
                        }
                    }
                }
                _ => {}
            }
        }
        if self.over() {
            self.opp_discard.push(c.pos);
            return;
        }
        if lasting > 0 {
            if let Some(k) = self.enter(c, true, u8::MAX) {
                self.field[k].left = lasting;
                self.field[k].acted = true;
            }
        } else {
            self.opp_discard.push(c.pos);
        }
    }

    /// A lasting storm acts again in the Clean-up.
    pub(crate) fn storm_again(&mut self, i: usize) {
        let c = self.field[i].card;
        let n = self
            .udef(i)
            .effects
            .iter()
            .find(|e| e.verb == Verb::Storm)
            .map_or(0, |e| e.n);
        log!(self, "{} strikes again", self.udef(i).name);
        self.storm(n);
        if let Some(i) = self.find(c) {
            self.field[i].left -= 1;
            if self.field[i].left == 0 {
                self.discard_at(i);
            }
        }
    }

    /// Satan Lures Angels: the Supernatural Persons among the top `n` (or a die roll of)
    /// Opponent cards enter play; the others go back on top in order.
    fn summon(&mut self, n: u8) {
        let n = if n == DIE { self.roll() } else { n };
        log!(self, "looks at the top {n} Opponent cards");
        let mut back = ArrayVec::<u8, DECK>::new();
        for _ in 0..n {
            let Some(pos) = self.opp_deck.pop() else {
                break;
            };
            let c = Cref { owner: OPP, pos };
            if self.def(c).angel() {
                log!(self, "{} enters Opponent play", self.def(c).name);
                if let Some(i) = self.opp_person_enters(c) {
                    let _ = i;
                }
            } else {
                back.push(pos);
            }
        }
        while let Some(pos) = back.pop() {
            self.opp_deck.push(pos);
        }
    }

    /// 1/3 of the Angels Fall: every Angel among the top `n` of each Good deck (the drawer's
    /// first) joins Opponent play as a Fallen Angel; the others go back on top in order.
    fn fall(&mut self, n: u8) {
        for k in 0..self.players {
            let p = ((self.cur + k) % self.players) as usize;
            let pile = self.pile(p);
            let mut back = ArrayVec::<u8, 8>::new();
            for _ in 0..n.min(8) {
                let Some(pos) = self.seats[pile].deck.pop() else {
                    break;
                };
                let c = self.hand_card(p, pos);
                let id = self.id(c);
                let used = self.used[id as usize / 64] & (1 << (id % 64)) != 0;
                if self.def(c).angel() && !used {
                    if let Some(i) = self.enter(c, true, p as u8) {
                        self.used[id as usize / 64] |= 1 << (id % 64);
                        self.field[i].fallen = true;
                        self.field[i].lure = true;
                        log!(self, "P{p}'s {} falls into Opponent play", self.def(c).name);
                        self.person_arrived(c);
                    }
                } else {
                    back.push(pos);
                }
            }
            while let Some(pos) = back.pop() {
                self.seats[pile].deck.push(pos);
            }
        }
    }
}
