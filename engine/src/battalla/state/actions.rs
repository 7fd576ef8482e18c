//! The moves: action ids, the legal-action listing of every decision, and applying a move
//! (mulligan marks, playing cards, summoning heroes, moving, attacking, choosing lanes,
//! targets, costs and Reacts, ending the turn), then running what follows by itself.
//!
//! Bound of [`crate::MAX_ACTIONS`]: the largest decision is the main one: end, the hero, a
//! play for each of at most 60 hand cards, three moves, an attack and a direct attack for each
//! of at most 20 cells: 1 + 1 + 60 + 60 + 20 + 20 = 162 < 256. A React decision offers at most
//! 61, a target or cost decision at most 60.

use super::board::{lane, row, summon_row};
use super::*;
use crate::{Action, ActionBuf};

/// End the turn.
pub const END: u16 = 0;
/// Summon the top hero of the Hero Deck.
pub const HERO: u16 = 1;
/// Play hand card `i`: `PLAY + i`.
pub const PLAY: u16 = 2;
/// Move the card in cell `c` forward: `MOVE + c`; left: `MOVE + 20 + c`; right:
/// `MOVE + 40 + c`.
pub const MOVE: u16 = 64;
/// The card in cell `c` attacks the card in front of it: `ATTACK + c`.
pub const ATTACK: u16 = 124;
/// The card in cell `c` attacks directly: `DIRECT + c`.
pub const DIRECT: u16 = 144;
/// Into lane `l`: `LANE + l`.
pub const LANE: u16 = 164;
/// Target the card in cell `c`: `TARGET + c`.
pub const TARGET: u16 = 170;
/// Add no React.
pub const PASS: u16 = 192;
/// React with hand card `i`: `REACT + i`.
pub const REACT: u16 = 193;
/// Done putting opening-hand cards back.
pub const KEEP: u16 = 260;
/// Put opening-hand card `i` back: `MARK + i`.
pub const MARK: u16 = 261;
/// Sacrifice the card in cell `c`: `SACRIFICE + c`.
pub const SACRIFICE: u16 = 280;
/// Discard hand card `i`: `DISCARD + i`.
pub const DISCARD: u16 = 300;
/// Replace your unit in cell `c`: `REPLACE + c`.
pub const REPLACE: u16 = 364;
/// Add queued effect `k` of the batch next: `ORDER + k`.
pub const ORDER: u16 = 400;

impl BtState {
    /// The player who decides now.
    pub fn decider(&self) -> Option<u8> {
        match self.dec {
            Dec::Over => None,
            Dec::Mulligan(p) | Dec::React(p) | Dec::Order(p) => Some(p),
            Dec::Target | Dec::Cost { .. } => self.building.as_ref().map(|b| b.owner),
            _ => Some(self.cur),
        }
    }

    /// Write the legal actions.
    pub fn legal(&self, out: &mut ActionBuf) {
        out.clear();
        let p = self.cur as usize;
        let push = |out: &mut ActionBuf, a: u16| out.push(Action(a));
        match self.dec {
            Dec::Over | Dec::Idle => {}
            Dec::Mulligan(q) => {
                push(out, KEEP);
                let pl = &self.players[q as usize];
                for i in 0..pl.hand.len() {
                    if pl.mull & (1 << i) == 0 {
                        push(out, MARK + i as u16);
                    }
                }
            }
            Dec::Main => {
                push(out, END);
                let (occ, mine) = self.masks(p);
                let open = Self::open_lanes(p, occ, mine) != 0;
                let r = &self.shared.rules;
                let pl = &self.players[p];
                if open
                    && !pl.heroes.is_empty()
                    && pl.heroes_summoned < r.heroes_per_turn
                    && self.heroes_on_board(mine) < r.heroes_on_field as usize
                {
                    push(out, HERO);
                }
                self.list_hand(p, open, out);
                let stamina = self.players[p].stamina;
                let (moves, attacks) = (stamina >= r.move_cost, stamina >= r.attack_cost);
                if !moves && !attacks {
                    return;
                }
                self.list_board(p, occ, mine, moves, attacks, out);
            }
            Dec::Place { .. } => {
                let (occ, mine) = self.masks(p);
                let mut open = Self::open_lanes(p, occ, mine);
                while open != 0 {
                    push(out, LANE + open.trailing_zeros() as u16);
                    open &= open - 1;
                }
            }
            Dec::ReplaceAt { .. } => {
                let mut m = self.cells[p] & !self.heroish();
                while m != 0 {
                    push(out, REPLACE + m.trailing_zeros() as u16);
                    m &= m - 1;
                }
            }
            Dec::Target => {
                let mut m = self.target_mask;
                while m != 0 {
                    out.push(Action(TARGET + m.trailing_zeros() as u16));
                    m &= m - 1;
                }
            }
            Dec::React(q) => {
                push(out, PASS);
                self.react_options(q as usize, out);
            }
            Dec::Cost { verb, .. } => self.cost_options(verb, out),
            Dec::Order(_) => {
                for k in 0..self.batch_run() {
                    push(out, ORDER + k as u16);
                }
            }
        }
    }

    /// The main decision's hand plays of `p` (`open`: a lane is open to summon into), in
    /// hand order: `can_play`, with its common cases read from the hand's masks
    /// ([`Hand::plays`]); the cards they leave to the full check get [`Self::can_play`].
    #[inline]
    fn list_hand(&self, p: usize, open: bool, out: &mut ActionBuf) {
        let pl = &self.players[p];
        let (ok, check) =
            pl.hand
                .plays(pl.stamina, open, &self.shared.play[self.decks[p] as usize]);
        let mut m = ok | check;
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            if ok & (1 << i) != 0 || self.can_play(p, pl.hand[i as usize], open) {
                out.push(Action(PLAY + i as u16));
            }
        }
    }

    /// The main decision's moves and attacks of `p`'s pieces, cell by cell in cell order and
    /// for each cell forward, left, right, attack, direct (the same checks as `can_move`,
    /// `can_attack` and `can_direct`). Which cells can move where and which have a card of
    /// the opponent in front are bit masks over the board; a piece is read only when it
    /// might attack.
    fn list_board(
        &self,
        p: usize,
        occ: u32,
        mine: u32,
        moves: bool,
        attacks: bool,
        out: &mut ActionBuf,
    ) {
        // Lanes 1-3 and lanes 0-2 of a row, repeated over the rows.
        const NOT_LANE0: u32 = 0xEEEEE;
        const NOT_LANE3: u32 = 0x77777;
        let home = summon_row(p) * LANES;
        let home_row: u32 = 0xF << home;
        let free = !occ & ALL_CELLS;
        let theirs = occ & !mine;
        // `ahead(p, c)` as a shift: seat 0 moves up the cells, seat 1 down.
        let (fwd_free, foe_ahead) = if p == 0 {
            (free >> LANES, theirs >> LANES)
        } else {
            (free << LANES, theirs << LANES)
        };
        let can_move = if moves { mine & !self.moved } else { 0 };
        let fwd = can_move & fwd_free;
        let side = can_move & home_row;
        let left = side & (free << 1) & NOT_LANE0;
        let right = side & (free >> 1) & NOT_LANE3;
        // Cells in the opponent's front and summon rows.
        let far: u32 = if p == 0 { 0xFF << (3 * LANES) } else { 0xFF };
        let may_attack = if attacks { mine & !self.attacked } else { 0 };
        let att = may_attack & foe_ahead;
        let direct = may_attack & far;
        let r = &self.shared.rules;
        let mut todo = fwd | left | right | att | direct;
        while todo != 0 {
            let cell = todo.trailing_zeros() as usize;
            let b = 1u32 << cell;
            todo &= todo - 1;
            if fwd & b != 0 {
                out.push(Action(MOVE + cell as u16));
            }
            if left & b != 0 {
                out.push(Action(MOVE + (20 + cell) as u16));
            }
            if right & b != 0 {
                out.push(Action(MOVE + (40 + cell) as u16));
            }
            if (att | direct) & b != 0 {
                let Some(pc) = &self.board[cell] else {
                    continue;
                };
                if self.time_of(pc) > r.attack_after
                    || (self.fresh(pc) && self.fact(pc.card).surprise)
                {
                    if att & b != 0 {
                        out.push(Action(ATTACK + cell as u16));
                    }
                    if direct & b != 0 && self.attack_of(pc) >= 1 {
                        out.push(Action(DIRECT + cell as u16));
                    }
                }
            }
        }
    }

    /// Whether `p` may play hand card `c` (`open`: a lane is open to summon into). Kept out
    /// of line: the listing calls it only for the rarer cards its table cannot decide.
    #[inline(never)]
    fn can_play(&self, p: usize, c: u8, open: bool) -> bool {
        let d = card_of(&self.shared, self.decks, p, c);
        if self.players[p].stamina < d.cost {
            return false;
        }
        match d.kind {
            Kind::Unit if d.replace => self.cells[p] & !self.heroish() != 0,
            Kind::Unit => open,
            Kind::Hero => false,
            Kind::Field => true,
            Kind::Assist if d.item => (self.cells[0] | self.cells[1]) & !self.full_cells != 0,
            Kind::Assist => match d.effects.iter().position(|e| e.trigger == Trigger::Play) {
                Some(k) => self.can_pay(p, c) && self.has_targets(p as u8, c, k as u8),
                None => false, // a React card waits for a Storyboard
            },
        }
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
                self.stall("400 actions in one turn");
                return;
            }
        }
        let p = self.cur as usize;
        match self.dec {
            Dec::Over | Dec::Idle => {}
            Dec::Mulligan(q) => self.mulligan(q as usize, a),
            Dec::Main => self.main_move(p, a),
            Dec::Place { card, hero } => {
                self.dec = Dec::Idle;
                if hero {
                    self.players[p].heroes_summoned += 1;
                }
                self.summon_into(
                    Cr {
                        seat: p as u8,
                        pos: card,
                    },
                    (a - LANE) as usize,
                    false,
                );
            }
            Dec::ReplaceAt { card } => {
                let cell = (a - REPLACE) as usize;
                let old = self.board[cell].take().expect("a unit");
                log!(
                    self,
                    "P{p}'s {} replaces {}",
                    self.def(p, card).name,
                    self.cdef(old.card).name
                );
                self.players[p].discard.push(old.card.pos);
                self.at[old.card.seat as usize][old.card.pos as usize] = NONE;
                self.at[p][card as usize] = cell as u8;
                self.dirty |= 1 << cell;
                self.board[cell] = Some(Piece {
                    card: Cr {
                        seat: p as u8,
                        pos: card,
                    },
                    ..old
                });
                self.dec = Dec::Idle;
            }
            Dec::Target => self.choose_target((a - TARGET) as usize),
            Dec::React(q) => {
                if a == PASS {
                    log!(self, "P{q} adds no React");
                    self.window = None;
                    self.dec = Dec::Idle;
                } else {
                    let c = self.players[q as usize].hand.remove((a - REACT) as usize);
                    self.activate_assist(q as usize, c, Trigger::React);
                }
            }
            Dec::Cost { verb, left } => self.pay(verb, left, a),
            Dec::Order(_) => self.next_trigger((a - ORDER) as usize),
        }
    }

    fn main_move(&mut self, p: usize, a: u16) {
        self.dec = Dec::Idle;
        match a {
            END => self.start_turn(1 - p),
            HERO => {
                let h = self.players[p].heroes.pop().expect("a hero");
                self.dec = Dec::Place {
                    card: h,
                    hero: true,
                };
            }
            x if (PLAY..MOVE).contains(&x) => self.play_card(p, (x - PLAY) as usize),
            x if (MOVE..ATTACK).contains(&x) => {
                let (step, cell) = (((x - MOVE) / 20) as usize, ((x - MOVE) % 20) as usize);
                let to = self.move_to(cell, step);
                self.players[p].stamina -= self.shared.rules.move_cost;
                self.moved |= 1 << cell;
                let c = self.board[cell].as_ref().expect("a card").card;
                log!(
                    self,
                    "P{p} moves {} to {}.{}",
                    self.cdef(c).name,
                    row(to) + 1,
                    lane(to) + 1
                );
                self.shift(cell, to);
            }
            x if (ATTACK..DIRECT).contains(&x) => self.declare((x - ATTACK) as usize, false),
            x => self.declare((x - DIRECT) as usize, true),
        }
    }

    fn play_card(&mut self, p: usize, i: usize) {
        let c = self.players[p].hand.remove(i);
        let d = card_of(&self.shared, self.decks, p, c);
        match d.kind {
            Kind::Unit => {
                self.players[p].stamina -= d.cost;
                log!(self, "P{p} plays {} (cost {})", d.name, d.cost);
                self.players[p].played |= bit(c);
                self.dec = if d.replace {
                    Dec::ReplaceAt { card: c }
                } else {
                    Dec::Place {
                        card: c,
                        hero: false,
                    }
                };
            }
            Kind::Field => {
                self.players[p].stamina -= d.cost;
                self.players[p].played |= bit(c);
                if let Some(old) = self.field.take() {
                    self.players[old.seat as usize].discard.push(old.pos);
                }
                self.dirty = ALL_CELLS;
                log!(self, "P{p} plays the field {}", d.name);
                self.field = Some(Cr {
                    seat: p as u8,
                    pos: c,
                });
            }
            _ => self.activate_assist(p, c, Trigger::Play),
        }
    }

    fn mulligan(&mut self, p: usize, a: u16) {
        if a != KEEP {
            self.players[p].mull |= 1 << (a - MARK);
            return;
        }
        let pl = &mut self.players[p];
        pl.mulligan_done = true;
        let mut n = 0;
        let mut i = 0;
        let mut k = 0;
        while i < pl.hand.len() {
            if pl.mull & (1 << k) != 0 {
                let c = pl.hand.remove(i);
                pl.deck.insert(0, c);
                pl.drawn &= !bit(c);
                n += 1;
            } else {
                i += 1;
            }
            k += 1;
        }
        pl.mull = 0;
        for _ in 0..n {
            self.draw_one(p);
        }
        self.players[p].opening = self.players[p].drawn;
        log!(self, "P{p} puts {n} cards back and draws {n}");
        let other = 1 - p;
        if !self.players[other].mulligan_done {
            self.dec = Dec::Mulligan(other as u8);
            return;
        }
        for q in 0..2 {
            for _ in 0..self.shared.rules.life_cards {
                if let Some(c) = self.players[q].deck.pop() {
                    self.players[q].life.push(c);
                }
            }
            if self.players[q].life.is_empty() {
                self.lose(q, "no life cards");
                return;
            }
        }
        self.start_turn(self.first as usize);
    }

    /// Run everything that needs no decision, and decisions with a single option (a lone
    /// lane, target or cost, a React window with nothing to play), until a real decision or
    /// the end of the game.
    pub(crate) fn advance(&mut self) {
        let mut buf = ActionBuf::new();
        loop {
            match self.dec {
                Dec::Over | Dec::Mulligan(_) | Dec::Main => return,
                Dec::Idle => self.idle_step(),
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
