//! The board: rows and lanes from each seat's side, a card's attack and health (printed
//! values, counters, items, the field), the lane restriction, placing and moving cards,
//! which attacks are legal, and cards leaving the field for the zone they are sent to (or
//! the discard, when they cannot exist there).

use super::*;
use crate::battalla::cards::Verb;

/// Where a card leaving the field is sent.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dest {
    /// Its owner's discard.
    Discard,
    /// Its owner's hand.
    Hand,
    /// The bottom of its owner's Main Deck.
    DeckBottom,
    /// The top of its owner's Hero Deck.
    HeroDeck,
}

/// Rows a card must have advanced from its summon row to attack directly (it stands in the
/// opponent's front or summon row).
pub const ROWS_TO_DIRECT: usize = ROWS - 2;

/// Row of cell `c`.
#[inline]
pub fn row(c: usize) -> usize {
    c / LANES
}

/// Lane of cell `c`.
#[inline]
pub fn lane(c: usize) -> usize {
    c % LANES
}

/// The summon row of seat `p`.
#[inline]
pub fn summon_row(p: usize) -> usize {
    if p == 0 {
        0
    } else {
        ROWS - 1
    }
}

/// The cell one step forward from `c` for seat `p`, if on the board.
#[inline]
pub fn ahead(p: usize, c: usize) -> Option<usize> {
    let r = row(c);
    if p == 0 {
        (r + 1 < ROWS).then(|| c + LANES)
    } else {
        (r > 0).then(|| c - LANES)
    }
}

impl BtState {
    /// How many rows `p`'s card in cell `c` has advanced from its summon row.
    pub fn advance_of(&self, p: usize, c: usize) -> usize {
        row(c).abs_diff(summon_row(p))
    }

    /// The cell holding card `c`, if it is on the board.
    #[inline]
    pub fn cell_of(&self, c: Cr) -> Option<usize> {
        let cell = self.at[c.seat as usize & 1][c.pos as usize];
        (cell != NONE).then_some(cell as usize)
    }

    /// Move the piece in `from` to the empty cell `to` (its owner's mask follows).
    pub(crate) fn shift(&mut self, from: usize, to: usize) {
        if let Some(pc) = self.board[from].take() {
            let both = 1 << from | 1 << to;
            self.cells[pc.card.seat as usize] ^= both;
            // The piece's marks follow it (`to` is empty, so its bits are clear).
            for m in [
                &mut self.moved,
                &mut self.attacked,
                &mut self.hero_cells,
                &mut self.hero_item_cells,
                &mut self.full_cells,
            ] {
                if *m & (1 << from) != 0 {
                    *m ^= both;
                }
            }
            // A sweep mark follows too (`to` may keep a stale one: extra marks are harmless).
            self.dirty |= (self.dirty >> from & 1) << to;
            self.at[pc.card.seat as usize][pc.card.pos as usize] = to as u8;
            self.board[to] = Some(pc);
        }
    }

    /// Clear every mask bit of `cell` (its piece left the field).
    fn vacate(&mut self, cell: usize) {
        let keep = !(1u32 << cell);
        self.cells[0] &= keep;
        self.cells[1] &= keep;
        self.moved &= keep;
        self.attacked &= keep;
        self.hero_cells &= keep;
        self.hero_item_cells &= keep;
        self.full_cells &= keep;
    }

    /// Mark the item masks of the piece in `cell` after item `i` was attached to it.
    pub(crate) fn attached(&mut self, cell: usize, i: Cr) {
        let full = self.board[cell]
            .as_ref()
            .is_some_and(|pc| pc.items.is_full());
        self.full_cells |= (full as u32) << cell;
        self.hero_item_cells |= (self.fact(i).hero_item as u32) << cell;
    }

    /// The cells whose piece counts as a hero (a hero card, or a card with an item saying
    /// so): what [`Self::is_hero`] answers, for every piece at once.
    #[inline]
    pub fn heroish(&self) -> u32 {
        self.hero_cells | self.hero_item_cells
    }

    /// The field's bonus to card `d`: (attack, health).
    #[inline]
    fn field_bonus(&self, d: &CardDef) -> (i16, i16) {
        match self.field {
            Some(f) => self.fact(f).field_bonus(d.attrs),
            None => (0, 0),
        }
    }

    #[inline]
    fn items_bonus(&self, pc: &Piece, verb: Verb) -> i16 {
        if pc.items.is_empty() {
            return 0;
        }
        pc.items
            .iter()
            .map(|&i| {
                let f = self.fact(i);
                if verb == Verb::Attack {
                    f.item_attack as i16
                } else {
                    f.item_health as i16
                }
            })
            .sum()
    }

    /// A piece's attack: printed, counters, items and field, never below zero.
    pub fn attack_of(&self, pc: &Piece) -> u8 {
        let d = self.cdef(pc.card);
        let a = d.attack as i16
            + pc.atk as i16
            + self.items_bonus(pc, Verb::Attack)
            + self.field_bonus(d).0;
        a.clamp(0, 99) as u8
    }

    /// A piece's health: printed, items and field.
    pub fn health_of(&self, pc: &Piece) -> u8 {
        let d = self.cdef(pc.card);
        let h = d.health as i16 + self.items_bonus(pc, Verb::Health) + self.field_bonus(d).1;
        h.clamp(0, 99) as u8
    }

    /// Health left (health minus damage, at least 0).
    pub fn health_left(&self, pc: &Piece) -> u8 {
        self.health_of(pc).saturating_sub(pc.damage)
    }

    /// The time-on-field counter of the piece `pc`.
    #[inline]
    pub fn time_of(&self, pc: &Piece) -> u8 {
        self.turn.wrapping_sub(pc.born).min(u8::MAX as u16) as u8
    }

    /// Whether the piece `pc` was put on the field this turn (Surprise).
    #[inline]
    pub fn fresh(&self, pc: &Piece) -> bool {
        pc.fresh && pc.summoned == self.turn
    }

    /// Whether the piece counts as a hero (a hero, or a card with an item saying so).
    pub fn is_hero(&self, pc: &Piece) -> bool {
        self.fact(pc.card).hero || pc.items.iter().any(|&i| self.fact(i).hero_item)
    }

    /// Whether `p` may summon into lane `l`: the summon-row space is empty and `p` has no
    /// card anywhere in the lane (the lane restriction).
    pub fn lane_open(&self, p: usize, l: usize) -> bool {
        let (occ, mine) = self.masks(p);
        Self::lane_open_in(p, l, occ, mine)
    }

    /// The pieces in the cells of `mask` (a seat's or both seats' cell mask), in cell order.
    #[inline]
    pub fn pieces(&self, mask: u32) -> impl Iterator<Item = (usize, &Piece)> + '_ {
        let mut left = mask;
        std::iter::from_fn(move || {
            while left != 0 {
                let cell = left.trailing_zeros() as usize;
                left &= left - 1;
                if let Some(pc) = &self.board[cell] {
                    return Some((cell, pc));
                }
            }
            None
        })
    }

    /// One pass over the board for `p`: the occupied cells and `p`'s cells (bit masks over
    /// cells).
    #[inline]
    pub fn masks(&self, p: usize) -> (u32, u32) {
        (self.cells[0] | self.cells[1], self.cells[p])
    }

    /// How many heroes (by card kind) stand in the cells of `mask`.
    pub fn heroes_on_board(&self, mask: u32) -> usize {
        (mask & self.hero_cells).count_ones() as usize
    }

    /// [`Self::lane_open`] from the masks of [`Self::masks`].
    #[inline]
    pub fn lane_open_in(p: usize, l: usize, occ: u32, mine: u32) -> bool {
        const LANE: u32 = 1 | 1 << LANES | 1 << (2 * LANES) | 1 << (3 * LANES) | 1 << (4 * LANES);
        occ & (1 << (summon_row(p) * LANES + l)) == 0 && mine & (LANE << l) == 0
    }

    /// The lanes `p` may summon into, as bit `l` for lane `l`, from the masks of
    /// [`Self::masks`]: the lanes whose summon-row space is empty and that hold no card of
    /// `p`'s (every row folded onto the first).
    #[inline]
    pub fn open_lanes(p: usize, occ: u32, mine: u32) -> u32 {
        const ROW: u32 = (1 << LANES) - 1;
        let taken = (mine | mine >> LANES | mine >> (2 * LANES) | mine >> (3 * LANES))
            | mine >> (4 * LANES)
            | occ >> (summon_row(p) * LANES);
        !taken & ROW
    }

    /// The leftmost lane `p` may summon into.
    pub fn first_open_lane(&self, p: usize) -> Option<usize> {
        let (occ, mine) = self.masks(p);
        let open = Self::open_lanes(p, occ, mine);
        (open != 0).then(|| open.trailing_zeros() as usize)
    }

    /// Put card `c` on the board at cell `cell`, fresh.
    pub(crate) fn put(&mut self, c: Cr, cell: usize, revived: bool) {
        if let Some(old) = &self.board[cell] {
            self.at[old.card.seat as usize][old.card.pos as usize] = NONE;
        }
        self.vacate(cell);
        self.at[c.seat as usize][c.pos as usize] = cell as u8;
        self.cells[c.seat as usize] |= 1 << cell;
        if self.fact(c).hero {
            self.hero_cells |= 1 << cell;
        }
        self.board[cell] = Some(Piece {
            card: c,
            damage: 0,
            atk: 0,
            born: self.turn,
            revived,
            fresh: true,
            summoned: self.turn,
            items: ArrayVec::new(),
        });
        self.players[c.seat as usize].played |= bit(c.pos);
    }

    /// Summon `c` into lane `l` of its owner's summon row and queue its summon effects.
    pub(crate) fn summon_into(&mut self, c: Cr, l: usize, revived: bool) {
        let cell = summon_row(c.seat as usize) * LANES + l;
        self.put(c, cell, revived);
        log!(
            self,
            "P{} summons {} into lane {}{}",
            c.seat,
            self.cdef(c).name,
            l + 1,
            if revived { " (Revived)" } else { "" }
        );
        self.trigger(c, Trigger::Summon, None);
    }

    /// Whether the piece in `cell` (of the turn player) may still attack this turn.
    pub fn may_attack(&self, cell: usize) -> bool {
        let Some(pc) = &self.board[cell] else {
            return false;
        };
        let r = &self.shared.rules;
        pc.card.seat == self.cur
            && self.attacked & (1 << cell) == 0
            && self.players[self.cur as usize].stamina >= r.attack_cost
            && (self.time_of(pc) > r.attack_after
                || (self.fresh(pc) && self.fact(pc.card).surprise))
    }

    /// Whether the turn player's piece in `cell` may attack the card in front of it.
    pub fn can_attack(&self, cell: usize) -> bool {
        let p = self.cur as usize;
        self.may_attack(cell)
            && ahead(p, cell)
                .and_then(|a| self.board[a].as_ref())
                .is_some_and(|t| t.card.seat as usize != p)
    }

    /// Whether the turn player's piece in `cell` may attack directly: it stands in the
    /// opponent's front row or summon row with attack 1 or more.
    pub fn can_direct(&self, cell: usize) -> bool {
        let p = self.cur as usize;
        self.may_attack(cell)
            && self.advance_of(p, cell) >= ROWS_TO_DIRECT
            && self.board[cell]
                .as_ref()
                .is_some_and(|pc| self.attack_of(pc) >= 1)
    }

    /// Whether the turn player's piece in `cell` may move by `step` (0 forward, 1 left,
    /// 2 right): only once a turn, sideways only in its own summon row, never into an
    /// occupied space.
    pub fn can_move(&self, cell: usize, step: usize) -> bool {
        let p = self.cur as usize;
        let Some(pc) = &self.board[cell] else {
            return false;
        };
        if pc.card.seat as usize != p
            || self.moved & (1 << cell) != 0
            || self.players[p].stamina < self.shared.rules.move_cost
        {
            return false;
        }
        let to = match step {
            0 => ahead(p, cell),
            _ if row(cell) != summon_row(p) => None,
            1 => (lane(cell) > 0).then(|| cell - 1),
            _ => (lane(cell) + 1 < LANES).then(|| cell + 1),
        };
        to.is_some_and(|t| self.board[t].is_none())
    }

    /// The destination of a move.
    pub fn move_to(&self, cell: usize, step: usize) -> usize {
        match step {
            0 => ahead(self.cur as usize, cell).expect("checked"),
            1 => cell - 1,
            _ => cell + 1,
        }
    }

    /// Take the piece off cell `cell`: its items go to their owners' discards, and the card
    /// goes to `dest`, or to the discard when it cannot exist there (a hero cannot be in a
    /// hand or Main Deck; a unit cannot be in a Hero Deck).
    pub(crate) fn leave(&mut self, cell: usize, dest: Dest) {
        let Some(pc) = self.board[cell].take() else {
            return;
        };
        self.vacate(cell);
        self.at[pc.card.seat as usize][pc.card.pos as usize] = NONE;
        for &i in &pc.items {
            self.players[i.seat as usize].discard.push(i.pos);
        }
        let c = pc.card;
        let p = c.seat as usize;
        let hero = self.cdef(c).kind == Kind::Hero;
        let dest = match dest {
            Dest::Hand | Dest::DeckBottom if hero => Dest::Discard,
            Dest::HeroDeck if !hero => Dest::Discard,
            d => d,
        };
        log!(
            self,
            "{} goes to P{p}'s {}",
            self.cdef(c).name,
            match dest {
                Dest::Discard => "discard",
                Dest::Hand => "hand",
                Dest::DeckBottom => "deck (bottom)",
                Dest::HeroDeck => "Hero Deck",
            }
        );
        let tab = &self.shared.play[self.decks[p] as usize];
        let pl = &mut self.players[p];
        match dest {
            Dest::Discard => pl.discard.push(c.pos),
            Dest::Hand => pl.hand.push(c.pos, tab),
            Dest::DeckBottom => pl.deck.insert(0, c.pos),
            Dest::HeroDeck => pl.heroes.push(c.pos),
        }
    }

    /// Send every card with no health left to the discard, in cell order. Only the cells
    /// marked in `dirty` are looked at: a card's health left falls only by damage, a new
    /// field or a Replace, which mark the cells concerned (leaving the field changes no other
    /// card's health).
    #[inline]
    pub(crate) fn sweep(&mut self) {
        let left = std::mem::take(&mut self.dirty) & (self.cells[0] | self.cells[1]);
        if left != 0 {
            self.sweep_cells(left);
        }
    }

    /// [`Self::sweep`]'s look at the cells of `left` (kept out of line: most sweeps find no
    /// marked cell).
    #[inline(never)]
    fn sweep_cells(&mut self, mut left: u32) {
        while left != 0 {
            let cell = left.trailing_zeros() as usize;
            left &= left - 1;
            if let Some(pc) = &self.board[cell] {
                // Health is at least the printed health, which is at least 1: an undamaged
                // card stays.
                if pc.damage > 0 && pc.damage >= self.health_of(pc) {
                    log!(self, "{} is destroyed", self.cdef(pc.card).name);
                    self.leave(cell, Dest::Discard);
                }
            }
        }
    }

    /// After a direct attack: a unit returns to its owner's hand (its items to the
    /// discard); a hero returns to the same lane of its own summon row, keeping counters
    /// and items, and is destroyed when that space is taken.
    pub(crate) fn return_after_direct(&mut self, c: Cr) {
        let Some(cell) = self.cell_of(c) else {
            return;
        };
        if self.cdef(c).kind != Kind::Hero {
            self.leave(cell, Dest::Hand);
            return;
        }
        let home = summon_row(c.seat as usize) * LANES + lane(cell);
        if home == cell {
            return;
        }
        if self.board[home].is_some() {
            log!(self, "{}'s summon space is taken", self.cdef(c).name);
            self.leave(cell, Dest::Discard);
        } else {
            self.shift(cell, home);
            log!(self, "{} returns to its summon row", self.cdef(c).name);
        }
    }

    /// Start a new turn for `p`: time-on-field counters rise, `p`'s cards may move and
    /// attack again, stamina is granted, a card is drawn.
    pub(crate) fn start_turn(&mut self, p: usize) {
        let r = self.shared.rules;
        if self.turn >= r.max_turns {
            self.stall("turn limit");
            return;
        }
        self.turn += 1;
        self.cur = p as u8;
        self.steps = 0;
        // Every piece's time-on-field counter rises and none is fresh any more: both follow
        // from the turn number (`Piece::born`, `Piece::summoned`).
        self.moved &= !self.cells[p];
        self.attacked &= !self.cells[p];
        let pl = &mut self.players[p];
        pl.stamina = if r.stamina_carry {
            pl.stamina
                .saturating_add(r.stamina_per_turn)
                .min(r.stamina_max.max(r.stamina_per_turn))
        } else {
            r.stamina_per_turn
        };
        pl.heroes_summoned = 0;
        log!(self, "turn {}: P{p}", self.turn);
        if self.turn > 1 || r.first_turn_draw {
            for _ in 0..r.draw_per_turn {
                self.draw_one(p);
            }
        }
        self.dec = Dec::Main;
    }
}
