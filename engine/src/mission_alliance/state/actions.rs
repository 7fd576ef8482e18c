//! The moves: action ids, the legal-action listing of every decision, and applying a move
//! (mulligan, building Energy and paying for it, playing units, gadgets and formations,
//! placement, active abilities, ending the turn), then running what follows by itself.
//!
//! Bound of [`crate::MAX_ACTIONS`]: the largest decision is the main one: end, build and play
//! for each of at most 30 hand cards, 5 targets for each of at most 16 units, and 26 active
//! abilities: 1 + 60 + 80 + 26 = 167 < 256.

use super::*;
use crate::mission_alliance::cards::Trigger;
use crate::{Action, ActionBuf};

/// Keep the opening hand.
pub const KEEP: u16 = 0;
/// Mulligan the opening hand.
pub const MULLIGAN: u16 = 1;
/// End the turn (the final phase follows).
pub const END: u16 = 2;
/// Build hand card `i` as Energy: `BUILD + i`.
pub const BUILD: u16 = 10;
/// Play hand card `i`: `PLAY + i`.
pub const PLAY: u16 = 40;
/// Unit `u` (team·4 + slot) attacks target `t` (enemy team 0–3, 4 = the player):
/// `ATTACK + 5u + t`.
pub const ATTACK: u16 = 100;
/// Use the active ability of unit `u`: `ACTIVE_UNIT + u`.
pub const ACTIVE_UNIT: u16 = 180;
/// Use the active ability of back-row gadget `b`: `ACTIVE_GADGET + b`.
pub const ACTIVE_GADGET: u16 = 196;
/// Discard hand card `i` to pay for Energy: `DISCARD + i`.
pub const DISCARD: u16 = 210;
/// Place the arriving unit: new team at the left, new team at the right, join the leftmost
/// team, join the rightmost team: `PLACE + k`.
pub const PLACE: u16 = 240;
/// Send back-row card `b` to the discard pile to make room: `BACK + b`.
pub const BACK: u16 = 250;
/// Do not answer the attack.
pub const NO_RESPONSE: u16 = 260;
/// Answer the attack with own unit `u`: `RESPOND + u`.
pub const RESPOND: u16 = 261;
/// Choose enemy unit `u` as the effect's target: `TARGET + u`.
pub const TARGET: u16 = 280;

/// Where a unit may arrive (see [`PLACE`]): whether a new team fits, and the end teams a
/// unit may join.
struct Arrivals {
    /// A new team fits in the row.
    room: bool,
    /// The row has a team (so left and right are different places).
    teams: bool,
    /// Cores that may not join the leftmost team (all when it is full or missing).
    first: u16,
    /// Cores that may not join the rightmost team (all when it is full, missing or also
    /// the leftmost).
    last: u16,
}

impl Arrivals {
    /// Whether a unit of `core` may arrive by placement `k`.
    fn allows(&self, core: u8, k: usize) -> bool {
        match k {
            0 => self.room,
            1 => self.room && self.teams,
            2 => self.first & (1 << core) == 0,
            _ => self.last & (1 << core) == 0,
        }
    }
}

/// Push `base + i` for every set bit `i` of `bits`, lowest first.
#[inline]
pub(super) fn push_bits(out: &mut ActionBuf, base: u16, mut bits: u64) {
    while bits != 0 {
        // Action ids stay below 300: the add cannot overflow (unchecked for speed).
        out.push(Action(base.wrapping_add(bits.trailing_zeros() as u16)));
        bits &= bits.wrapping_sub(1);
    }
}

impl MaState {
    /// The player who decides now.
    pub fn decider(&self) -> Option<u8> {
        match self.dec {
            Dec::Over => None,
            Dec::Mulligan(p) => Some(p),
            Dec::Respond => Some(1 - self.cur),
            Dec::Target => Some(self.pending[0].owner),
            _ => Some(self.cur),
        }
    }

    /// Write the legal actions.
    pub fn legal(&self, out: &mut ActionBuf) {
        out.clear();
        let p = self.cur as usize;
        let push = |out: &mut ActionBuf, a: u16| out.push(Action(a));
        match self.dec {
            Dec::Over => {}
            Dec::Mulligan(_) => {
                push(out, KEEP);
                push(out, MULLIGAN);
            }
            Dec::Main => self.main_options(out),
            Dec::BuildPay { .. } => {
                for i in 0..self.players[p].hand.len() {
                    push(out, DISCARD + i as u16);
                }
            }
            Dec::Place { card } => push_bits(out, PLACE, self.places(card) as u64),
            Dec::Back { gadget, .. } => {
                for (bi, b) in self.players[p].back.iter().enumerate() {
                    // A gadget takes the place of an Energy card; Energy may take any.
                    if !gadget || !b.gadget {
                        push(out, BACK + bi as u16);
                    }
                }
            }
            Dec::Respond => self.response_options(out),
            Dec::Target => self.target_options(out),
        }
    }

    /// The moves of the main decision, in this order: end the turn, build each hand card,
    /// play each hand card, the attacks, the units' active abilities, the gadgets' active
    /// abilities. Builds and plays are read from the hand masks, ready Energy and usable
    /// gadgets from the back-row masks: no zone is walked.
    fn main_options(&self, out: &mut ActionBuf) {
        let p = self.cur as usize;
        let pl = &self.players[p];
        let r = &self.shared.rules;
        out.push(Action(END));
        let bb = pl.backs;
        let energy = (bb.energy & bb.ready).count_ones() as u8;
        let any_energy = bb.energy != 0;
        let gadgets = bb.actives & bb.ready;
        let n = pl.hand.len();
        // Builds need `cost < n` (with an empty hand the mask is empty whatever it reads).
        let builds = if !self.attack_phase && pl.built < r.energy_per_turn {
            pl.hands.costing(n.wrapping_sub(1))
        } else {
            0
        };
        // What may be played: what the ready Energy pays for, less gadgets without room in
        // the back row and units whose core is barred from both end teams of a full row.
        let gadget_room = pl.back.len() < r.back_row as usize || any_energy;
        let mut plays = pl.hands.costing(energy as usize)
            & !(((!gadget_room) as u32).wrapping_neg() & pl.hands.gadgets());
        if pl.teams.len() >= r.max_teams as usize {
            plays &= !pl
                .hands
                .of_cores(pl.units.first_cores & pl.units.last_cores);
        }
        push_bits(out, BUILD, builds as u64);
        push_bits(out, PLAY, plays as u64);
        self.attack_options(out);
        let m = pl.units;
        push_bits(out, ACTIVE_UNIT, (m.actives & m.ready) as u64);
        push_bits(out, ACTIVE_GADGET, gadgets as u64);
    }

    /// Where `p`'s units may arrive now, for every core at once (from the unit masks).
    fn arrivals(&self, p: usize) -> Arrivals {
        let (n, m) = (self.players[p].teams.len(), &self.players[p].units);
        Arrivals {
            room: n < self.shared.rules.max_teams as usize,
            teams: n > 0,
            first: m.first_cores,
            last: m.last_cores,
        }
    }

    /// The placements (bit `k` for [`PLACE`] + `k`) open to the current player's unit `card`.
    fn places(&self, card: u8) -> u8 {
        let (arrivals, core) = (
            self.arrivals(self.cur as usize),
            self.fx(self.cur as usize, card).core,
        );
        (0..4).fold(0, |m, k| m | (arrivals.allows(core, k) as u8) << k)
    }

    /// Whether unit `card` may arrive by placement `k` (see [`PLACE`]).
    pub fn can_place(&self, p: usize, card: u8, k: usize) -> bool {
        self.arrivals(p).allows(self.fx(p, card).core, k)
    }

    /// Apply an action and run everything that follows without a decision.
    pub fn play(&mut self, a: Action) {
        self.play_inner(a);
        self.advance();
    }

    fn play_inner(&mut self, a: Action) {
        let a = a.0;
        if self.dec != Dec::Over && self.turn > 0 {
            self.steps += 1;
            if self.steps >= TURN_STEPS {
                self.stall("600 actions in one turn");
                return;
            }
        }
        let p = self.cur as usize;
        match self.dec {
            Dec::Over => {}
            Dec::Mulligan(q) => self.mulligan(q as usize, a == MULLIGAN),
            Dec::Main => match a {
                END => self.end_turn(),
                x if (BUILD..PLAY).contains(&x) => self.build(p, (x - BUILD) as usize),
                x if (PLAY..ATTACK).contains(&x) => {
                    self.attack_phase = true;
                    self.play_card(p, (x - PLAY) as usize)
                }
                x if (ATTACK..ACTIVE_UNIT).contains(&x) => {
                    self.attack_phase = true;
                    let u = (x - ATTACK) / 5;
                    self.declare(
                        u as usize / TEAM,
                        u as usize % TEAM,
                        ((x - ATTACK) % 5) as u8,
                    )
                }
                x if (ACTIVE_UNIT..ACTIVE_GADGET).contains(&x) => {
                    self.attack_phase = true;
                    let u = (x - ACTIVE_UNIT) as usize;
                    self.rest_unit(p, u / TEAM, u % TEAM);
                    let pos = self.players[p].teams[u / TEAM].units[u % TEAM].pos;
                    log!(self, "P{p} uses {}", self.def(p, pos).name);
                    self.trigger(p, pos, Trigger::Active);
                }
                x => {
                    self.attack_phase = true;
                    let b = (x - ACTIVE_GADGET) as usize;
                    self.players[p].back[b].ready = false;
                    self.players[p].backs.ready &= !BackBits::bit(b);
                    let pos = self.players[p].back[b].pos;
                    log!(self, "P{p} uses {}", self.def(p, pos).name);
                    self.trigger(p, pos, Trigger::Active);
                }
            },
            Dec::BuildPay { card, left } => {
                let c = self.take_from_hand(p, (a - DISCARD) as usize);
                log!(self, "P{p} discards {} to pay", self.def(p, c).name);
                self.players[p].discard.push(c);
                self.trigger(p, c, Trigger::Discard);
                if left > 1 {
                    self.dec = Dec::BuildPay {
                        card,
                        left: left - 1,
                    };
                } else {
                    self.arrive_back(p, card, false);
                }
            }
            Dec::Place { card } => {
                self.place(p, card, (a - PLACE) as usize);
                self.dec = Dec::Main;
                self.trigger(p, card, Trigger::Arrive);
            }
            Dec::Back { card, gadget } => {
                let b = remove_at(&mut self.players[p].back, (a - BACK) as usize);
                self.players[p].backs.close((a - BACK) as usize);
                log!(
                    self,
                    "P{p} sends {} from the back row to the discard pile",
                    self.def(p, b.pos).name
                );
                self.players[p].discard.push(b.pos);
                if b.gadget {
                    self.trigger(p, b.pos, Trigger::Retreat);
                }
                self.arrive_back(p, card, gadget);
            }
            Dec::Respond => self.respond(a),
            Dec::Target => self.choose_target((a - TARGET) as usize),
        }
    }

    fn mulligan(&mut self, p: usize, take: bool) {
        let pl = &mut self.players[p];
        pl.mulligan_done = true;
        if take {
            let n = pl.hand.len();
            let mut hand = pl.hand.clone();
            pl.hand.clear();
            pl.hands = HandBits::default();
            crate::rng::shuffle(&mut hand, &mut self.rng);
            for c in hand {
                self.players[p].deck.insert(0, c);
            }
            self.players[p].drawn = 0;
            for _ in 0..n {
                self.draw_one(p);
            }
            self.players[p].opening = self.players[p].drawn;
            log!(self, "P{p} takes a mulligan");
        } else {
            log!(self, "P{p} keeps the opening hand");
        }
        let other = 1 - p;
        if !self.players[other].mulligan_done {
            self.dec = Dec::Mulligan(other as u8);
        } else {
            self.turn = 1;
            self.cur = self.first;
            self.dec = Dec::Main;
            log!(self, "turn 1: P{}", self.first);
        }
    }

    fn build(&mut self, p: usize, i: usize) {
        let c = self.take_from_hand(p, i);
        self.players[p].built += 1;
        self.players[p].played |= 1 << c;
        let cost = self.fx(p, c).cost;
        log!(
            self,
            "P{p} builds {} as Energy (discarding {cost})",
            self.def(p, c).name
        );
        if cost > 0 {
            self.dec = Dec::BuildPay {
                card: c,
                left: cost,
            };
        } else {
            self.arrive_back(p, c, false);
        }
    }

    /// `card` arrives in the back row (as Energy, ready, or as a gadget, rested), asking
    /// which back-row card leaves when the row is full.
    fn arrive_back(&mut self, p: usize, card: u8, gadget: bool) {
        if self.players[p].back.len() >= self.shared.rules.back_row as usize {
            self.dec = Dec::Back { card, gadget };
            return;
        }
        let (bit, pl) = (
            BackBits::bit(self.players[p].back.len()),
            &mut self.players[p],
        );
        pl.back.push(Back {
            pos: card,
            gadget,
            ready: !gadget,
        });
        if gadget {
            pl.backs.actives |= if self.shared.facts[self.decks[p] as usize][card as usize].active {
                bit
            } else {
                0
            };
        } else {
            pl.backs.energy |= bit;
            pl.backs.ready |= bit;
        }
        self.dec = Dec::Main;
        if gadget {
            self.trigger(p, card, Trigger::Arrive);
        }
    }

    fn play_card(&mut self, p: usize, i: usize) {
        let c = self.take_from_hand(p, i);
        let f = self.fx(p, c);
        let mut cost = f.cost;
        let pl = &mut self.players[p];
        for (bi, b) in pl.back.iter_mut().enumerate() {
            if cost == 0 {
                break;
            }
            if !b.gadget && b.ready {
                b.ready = false;
                pl.backs.ready &= !BackBits::bit(bi);
                cost -= 1;
            }
        }
        self.players[p].played |= 1 << c;
        log!(self, "P{p} plays {} (cost {})", self.def(p, c).name, f.cost);
        match f.kind {
            Kind::Unit => self.dec = Dec::Place { card: c },
            Kind::Gadget => self.arrive_back(p, c, true),
            Kind::Formation => {
                self.players[p].discard.push(c);
                self.trigger(p, c, Trigger::Play);
            }
        }
    }

    fn place(&mut self, p: usize, card: u8, k: usize) {
        let slot = Slot {
            pos: card,
            ready: false,
        };
        let teams = &mut self.players[p].teams;
        let mut t = Team::default();
        t.units.push(slot);
        let (ti, new) = match k {
            0 => {
                teams.insert(0, t);
                (0, true)
            }
            1 => {
                teams.push(t);
                (teams.len() - 1, true)
            }
            2 => {
                teams[0].units.insert(0, slot);
                (0, false)
            }
            _ => {
                teams.last_mut().expect("a team").units.push(slot);
                (teams.len() - 1, false)
            }
        };
        self.team_changed(p, ti, new);
        log!(
            self,
            "P{p} places {} ({})",
            self.def(p, card).name,
            [
                "new team on the left",
                "new team on the right",
                "joins the leftmost team",
                "joins the rightmost team"
            ][k]
        );
    }

    fn end_turn(&mut self) {
        let p = self.cur as usize;
        let pl = &mut self.players[p];
        let mut ready = 0u16;
        for (ti, t) in pl.teams.iter_mut().enumerate() {
            for u in t.units.iter_mut() {
                u.ready = true;
            }
            ready |= ((1u16 << t.units.len()) - 1) << (ti * TEAM);
        }
        pl.units.ready = ready;
        for b in pl.back.iter_mut() {
            b.ready = true;
        }
        pl.backs.ready = BackBits::bit(pl.back.len()).wrapping_sub(1);
        pl.built = 0;
        for _ in 0..self.shared.rules.draw_per_turn {
            if !self.draw_one(p) {
                self.lose(p, "cannot draw");
                return;
            }
        }
        if self.turn >= self.shared.rules.max_turns {
            self.stall("turn limit");
            return;
        }
        self.turn += 1;
        self.cur = 1 - self.cur;
        self.attack_phase = false;
        self.steps = 0;
        self.dec = Dec::Main;
        log!(self, "turn {}: P{}", self.turn, self.cur);
    }

    /// Resolve pending effects and decisions with a single option until a real decision (or
    /// the end of the game) is reached.
    pub(crate) fn advance(&mut self) {
        let mut buf = ActionBuf::new();
        loop {
            match self.dec {
                Dec::Over | Dec::Mulligan(_) => return,
                Dec::Main if self.pending.is_empty() => return,
                Dec::Main => self.resolve_next(),
                // Paying is a real decision while the hand holds two cards or more.
                Dec::BuildPay { .. } if self.players[self.cur as usize].hand.len() != 1 => return,
                // The two commonest forced steps, told from masks without a listing.
                Dec::Respond => match self.responders() {
                    0 => self.play_inner(Action(NO_RESPONSE)),
                    _ => return,
                },
                Dec::Place { card } => match self.places(card) {
                    k if k.count_ones() == 1 => {
                        self.play_inner(Action(PLACE + k.trailing_zeros() as u16))
                    }
                    _ => return,
                },
                _ => {
                    self.legal(&mut buf);
                    if buf.len() != 1 {
                        return;
                    }
                    self.play_inner(buf[0]);
                }
            }
        }
    }
}
