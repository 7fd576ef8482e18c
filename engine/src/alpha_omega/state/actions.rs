//! The Good players' decisions: their legal actions, applying them, and their labels.
//!
//! Action ids: 0 is the "no" answer of every decision (begin, draw, pass, hold, no guard),
//! 1 takes a Calling, `HAND + i` plays hand card `i`, `PICK + i` chooses the card in play at
//! `i`. A decision offers at most 1 + 64 hand cards or 1 + [`FIELD`] cards in play, so never
//! more than [`crate::MAX_ACTIONS`].

use super::*;
use crate::alpha_omega::cards::Trigger;
use crate::{Action, ActionBuf};

/// First id of "play hand card i".
pub const HAND: u16 = 100;
/// First id of "choose the card in play at i".
pub const PICK: u16 = 200;

impl AoState {
    /// The seat whose decision it is.
    pub fn decider(&self) -> Option<u8> {
        match self.phase {
            Phase::Over => None,
            Phase::Guard if self.rival_turn() => Some(self.guard_decider()),
            _ => Some(self.cur),
        }
    }

    /// The Person of the seat to move that attacks next, if any.
    pub fn attacker(&self) -> Option<usize> {
        (0..self.field.len()).find(|&i| {
            let u = &self.field[i];
            u.attacks > 0 && (u.opp || u.ctrl == self.cur) && u.opp == self.rival_turn()
        })
    }

    /// Cards the Person at `a` may attack.
    pub fn attack_targets(&self, a: usize, out: &mut ArrayVec<u8, FIELD>) {
        out.clear();
        let rival = self.rival_turn();
        let lured = !rival && self.seats[self.cur as usize].lured > 0;
        for i in 0..self.field.len() {
            let u = &self.field[i];
            let k = self.udef(i).kind;
            let ok = if rival {
                !self.side_opp(i) && matches!(k, Kind::Person | Kind::Item | Kind::Place)
            } else if lured {
                !self.side_opp(i)
                    && u.ctrl != self.field[a].ctrl
                    && matches!(k, Kind::Person | Kind::Item | Kind::Place)
            } else {
                self.side_opp(i)
                    && (matches!(k, Kind::Person | Kind::Place)
                        || (k == Kind::Item && u.holder == NONE))
            };
            if ok {
                out.push(i as u8);
            }
        }
    }

    /// Good Persons that can receive the Item `item`.
    fn item_hosts(&self, item: u8, out: &mut ArrayVec<u8, FIELD>) {
        out.clear();
        let class = self.def(self.hand_card(self.cur as usize, item)).class;
        for i in 0..self.field.len() {
            if !self.side_opp(i)
                && self.udef(i).kind == Kind::Person
                && !self.holds_class(self.field[i].card, class)
            {
                out.push(i as u8);
            }
        }
    }

    /// Whether hand card `c` of the seat to move can be played now.
    fn playable(&self, c: u8) -> bool {
        let card = self.hand_card(self.cur as usize, c);
        let d = self.def(card);
        let room = !self.field.is_full();
        match d.kind {
            Kind::Person => {
                let id = self.id(card);
                room && self.used[id as usize / 64] & (1 << (id % 64)) == 0
            }
            Kind::Place => room,
            Kind::Item => {
                let mut b = ArrayVec::new();
                self.item_hosts(c, &mut b);
                room && !b.is_empty()
            }
            _ => {
                if d.has(Verb::Cancel) {
                    self.field
                        .iter()
                        .enumerate()
                        .any(|(i, u)| u.opp && self.udef(i).kind == Kind::Event)
                } else {
                    room || !(d.has(Verb::Calm) || d.has(Verb::Boost))
                }
            }
        }
    }

    /// Write the legal actions.
    pub fn legal(&self, out: &mut ActionBuf) {
        out.clear();
        let mut b = ArrayVec::<u8, FIELD>::new();
        let picks = |out: &mut ActionBuf, b: &ArrayVec<u8, FIELD>| {
            out.extend(b.iter().map(|&i| Action(PICK + i as u16)));
        };
        match self.phase {
            Phase::Begin => out.push(Action(0)),
            Phase::Start => {
                out.push(Action(0));
                if !self.calling_deck.is_empty()
                    && self.seats[self.cur as usize].lured == 0
                    && !self.seats[self.cur as usize].callings.is_full()
                {
                    out.push(Action(1));
                }
            }
            Phase::Play if self.rival_turn() => self.rival_legal_play(out),
            Phase::Play => {
                out.push(Action(0));
                // One action per distinct card (copies in hand play alike).
                let mut seen = [0u64; 4];
                for (i, &c) in self.seats[self.cur as usize].hand.iter().enumerate() {
                    let id = self.id(self.hand_card(self.cur as usize, c)) as usize;
                    let bit = 1u64 << (id % 64);
                    if seen[id / 64] & bit == 0 && self.playable(c) {
                        out.push(Action(HAND + i as u16));
                    }
                    seen[id / 64] |= bit;
                }
            }
            Phase::Target(h) => {
                self.item_hosts(self.seats[self.cur as usize].hand[h as usize], &mut b);
                picks(out, &b);
            }
            Phase::Action => {
                out.push(Action(0));
                if let Some(a) = self.attacker() {
                    self.attack_targets(a, &mut b);
                    picks(out, &b);
                }
            }
            Phase::Tie => {
                self.opp_targets(&mut b);
                picks(out, &b);
            }
            Phase::Guard => {
                out.push(Action(0));
                if let Some(t) = self.jobs.first().and_then(|j| self.find(j.target)) {
                    self.guards(t, &mut b);
                    picks(out, &b);
                }
            }
            _ => {}
        }
    }

    /// Apply a decision, then run the automatic steps that follow.
    pub fn play(&mut self, a: Action) {
        let p = self.cur as usize;
        let pick = a.0.wrapping_sub(PICK) as usize;
        match self.phase {
            Phase::Begin => self.phase = Phase::TurnStart,
            Phase::Start if a.0 == 1 => {
                self.expire_events(p);
                if let Some(c) = self.calling_deck.pop() {
                    log!(
                        self,
                        "P{p} takes the Calling {}",
                        self.shared.db.card(c).name
                    );
                    self.seats[p].callings.push((c, false));
                }
                self.phase = Phase::TurnEnd;
            }
            Phase::Start => self.begin_draw(),
            Phase::Play if self.rival_turn() => {
                if a.0 == 0 {
                    self.phase = Phase::RivalAction;
                } else {
                    self.rival_play_card((a.0 - HAND) as usize);
                }
            }
            Phase::Play if a.0 == 0 => self.enter_action(),
            Phase::Play => self.play_card((a.0 - HAND) as usize),
            Phase::Target(h) => {
                let c = self.seats[p].hand.remove(h as usize);
                self.seats[p].played |= 1 << c;
                let host = self.field[pick].card;
                if let Some(j) = self.enter(self.hand_card(p, c), false, p as u8) {
                    self.field[j].holder = host;
                    log!(
                        self,
                        "P{p} equips {} with {}",
                        self.def(host).name,
                        self.udef(j).name
                    );
                }
                self.enter_action();
            }
            Phase::Action => {
                if let Some(at) = self.attacker() {
                    if a.0 == 0 {
                        self.field[at].attacks = 0;
                    } else {
                        self.field[at].attacks -= 1;
                        if self.rival_turn() {
                            self.rival_strike(at, pick);
                            self.run();
                            return;
                        }
                        self.strike(at, pick);
                    }
                }
                self.next_attack();
            }
            Phase::Tie => {
                self.jobs[0].target = self.field[pick].card;
                self.phase = Phase::Jobs;
            }
            Phase::Guard => {
                if a.0 != 0 {
                    log!(self, "{} takes the attack", self.udef(pick).name);
                    self.jobs[0].target = self.field[pick].card;
                }
                self.jobs[0].guarded = true;
                self.phase = Phase::Jobs;
            }
            _ => {}
        }
        self.run();
    }

    /// Play hand card `h` of the seat to move.
    fn play_card(&mut self, h: usize) {
        let p = self.cur as usize;
        let pos = self.seats[p].hand[h];
        let c = self.hand_card(p, pos);
        // What the play needs of the card, copied out of the card tables, as entering play
        // below borrows the state mutably (holding the tables through a clone of their `Arc`
        // instead counted a reference on a counter every worker thread shares).
        let id = self.id(c);
        let d = self.shared.db.card(id);
        let (kind, lasting, cancel) = (
            d.kind,
            d.has(Verb::Calm) || d.has(Verb::Boost),
            d.has(Verb::Cancel),
        );
        let effects = d.effects.clone();
        if kind == Kind::Item {
            self.phase = Phase::Target(h as u8);
            return;
        }
        self.seats[p].hand.remove(h);
        self.seats[p].played |= 1 << pos;
        log!(self, "P{p} plays {}", self.shared.db.card(id).name);
        match kind {
            Kind::Person => {
                self.used[id as usize / 64] |= 1 << (id % 64);
                self.enter(c, false, p as u8);
            }
            Kind::Place => {
                self.enter_place(c, false, p as u8);
            }
            _ => {
                if cancel {
                    let ev = (0..self.field.len())
                        .find(|&i| self.field[i].opp && self.udef(i).kind == Kind::Event);
                    if let Some(i) = ev {
                        log!(self, "{} is discarded", self.udef(i).name);
                        self.discard_at(i);
                    }
                }
                if lasting {
                    // It stays in play until its player's next Draw phase.
                    self.enter(c, false, p as u8);
                } else {
                    let pile = self.pile(p);
                    self.seats[pile].discard.push(pos);
                }
            }
        }
        for e in effects.iter() {
            if matches!(e.trigger, Trigger::Arrive | Trigger::Play) {
                match e.verb {
                    Verb::Draw => {
                        for _ in 0..e.n {
                            self.draw_one(p);
                        }
                        log!(self, "P{p} draws {}", e.n);
                    }
                    Verb::Heal => self.heal_most(),
                    _ => {}
                }
            }
        }
        self.enter_action();
    }

    /// The Action phase begins: the seat's Persons get their attacks.
    fn enter_action(&mut self) {
        let p = self.cur as usize;
        self.check_callings(p, false);
        let twice = self.double_after(p);
        for i in 0..self.field.len() {
            let u = self.field[i];
            if !u.opp && u.ctrl as usize == p && self.udef(i).kind == Kind::Person {
                let vet = twice.is_some_and(|n| self.round - u.entered >= n);
                self.field[i].attacks = 1 + vet as u8;
            }
        }
        self.phase = Phase::Action;
        self.next_attack();
    }

    /// Skip Persons with nothing to attack; end the Action phase when none is left.
    pub(crate) fn next_attack(&mut self) {
        self.phase = Phase::Action;
        let mut b = ArrayVec::<u8, FIELD>::new();
        while let Some(a) = self.attacker() {
            self.attack_targets(a, &mut b);
            if !b.is_empty() && !self.over() {
                return;
            }
            self.field[a].attacks = 0;
        }
        let r = self.shared.rules;
        self.phase = if r.easy && !r.opponent_play {
            Phase::OppDraw
        } else {
            Phase::TurnEnd
        };
    }

    /// Label of action `a` in this state.
    pub fn label(&self, a: Action) -> String {
        let p = self.cur as usize;
        let name = |i: usize| {
            self.field
                .get(i)
                .map_or("?".to_string(), |_| self.udef(i).name.clone())
        };
        let pick = a.0.wrapping_sub(PICK) as usize;
        match (self.phase, a.0) {
            (Phase::Begin, _) => "begin".into(),
            (Phase::Start, 0) => "draw".into(),
            (Phase::Start, _) => "calling".into(),
            (Phase::Play, 0) => "pass".into(),
            (Phase::Play, x) if self.rival_turn() => match self.opp_hand.get((x - HAND) as usize) {
                Some(&c) => format!("play {}", self.def(Cref { owner: OPP, pos: c }).name),
                None => "?".into(),
            },
            (Phase::Play, x) => {
                let h = (x - HAND) as usize;
                match self.seats[p].hand.get(h) {
                    Some(&c) => format!("play {}", self.def(self.hand_card(p, c)).name),
                    None => "?".into(),
                }
            }
            (Phase::Target(h), _) => {
                let c = self.seats[p].hand.get(h as usize).copied().unwrap_or(0);
                format!("{} on {}", self.def(self.hand_card(p, c)).name, name(pick))
            }
            (Phase::Action, 0) => match self.attacker() {
                Some(at) => format!("{} holds", name(at)),
                None => "hold".into(),
            },
            (Phase::Action, _) => match self.attacker() {
                Some(at) => format!("{} attacks {}", name(at), name(pick)),
                None => "?".into(),
            },
            (Phase::Tie, _) => format!("attack {}", name(pick)),
            (Phase::Guard, 0) => "no guard".into(),
            (Phase::Guard, _) => format!("guard with {}", name(pick)),
            _ => "?".into(),
        }
    }
}
