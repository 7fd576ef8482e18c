//! The Battalla game state: the board of 5 rows x 4 lanes, both players' zones (Main Deck,
//! hand, discard, life cards, Hero Deck, floating assists), the shared field zone, the
//! Storyboard, the battle in progress and whose decision it is. Fixed-capacity arrays only.
//!
//! Rows, from seat 0's side: 0 = seat 0's summon row, 1 = seat 0's front row, 2 = the middle
//! row, 3 = seat 1's front row, 4 = seat 1's summon row. Cell `row * 4 + lane`.

use arrayvec::ArrayVec;
use std::sync::Arc;

use super::cards::{CardDef, Kind, Trigger, Verb};
use super::deck::{HEROES, MAIN, POSITIONS};
use super::rules::{Facts, Shared, MAX_LIFE};
use crate::{CardUsage, EndReason, GameRng, Outcome};

mod actions;
mod battle;
mod board;
mod check;
mod choice;
mod eval;
mod hand;
mod story;

pub use actions::*;
pub use hand::Hand;

/// Rows of the board.
pub const ROWS: usize = 5;
/// Lanes of the board.
pub const LANES: usize = 4;
/// Cells of the board.
pub const CELLS: usize = ROWS * LANES;
/// Every cell of the board (bit `cell`).
pub const ALL_CELLS: u32 = (1 << CELLS) - 1;
/// Most items attached to one card.
pub const MAX_ITEMS: usize = 3;
/// Most entries on the Storyboard.
pub const STORY: usize = 32;
/// Most triggered effects waiting to be added to the Storyboard.
pub const QUEUE: usize = 16;
/// Most targets of one entry (`todeck` takes up to 3 in the example cards).
pub const MAX_TARGETS: usize = 4;
/// Most actions (of both players) in one turn; a turn reaching it ends the game as a counted
/// stall (a card file can make a turn endless, e.g. a free assist that gives stamina).
pub const TURN_STEPS: u16 = 400;
/// No entry (an entry's `answers`).
pub const NONE: u8 = u8::MAX;
/// An entry that attaches its floating item (its `eff`).
pub const ATTACH: u8 = u8::MAX;

/// A card of a seat: its owner and deck position (heroes are `MAIN..MAIN+5`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Cr {
    /// Owner's seat.
    pub seat: u8,
    /// Deck position.
    pub pos: u8,
}

/// A unit or hero on the board, with its boardstate counters and attachments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The card (its owner controls it).
    pub card: Cr,
    /// Damage taken.
    pub damage: u8,
    /// Sum of attack counters.
    pub atk: i8,
    /// The turn number at which its time-on-field counter would be 0: the counter, raised
    /// at the start of every turn, is the turns since then (at most 255), read with
    /// [`BtState::time_of`]; nothing needs doing at a turn's start.
    pub born: u16,
    /// Summoned by Revive.
    pub revived: bool,
    /// Put on the field in turn `summoned` and not marked otherwise by a scenario: it is
    /// fresh (Surprise) while that turn lasts, read with [`BtState::fresh`].
    pub fresh: bool,
    /// The turn it was put on the field.
    pub summoned: u16,
    /// Attached items.
    pub items: ArrayVec<Cr, MAX_ITEMS>,
}

/// One player's zones.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Player {
    /// Main Deck; the top is the last element.
    pub deck: ArrayVec<u8, MAIN>,
    /// Hand.
    pub hand: Hand,
    /// Discard; the top is the last element.
    pub discard: ArrayVec<u8, POSITIONS>,
    /// Life Zone (face down); the top is the last element.
    pub life: ArrayVec<u8, MAX_LIFE>,
    /// Hero Deck (face up); the top is the last element.
    pub heroes: ArrayVec<u8, HEROES>,
    /// Assists resolving ("floating").
    pub floating: ArrayVec<u8, STORY>,
    /// Stamina.
    pub stamina: u8,
    /// Heroes summoned this turn.
    pub heroes_summoned: u8,
    /// Opening-hand cards marked to go back (bits over hand indices).
    pub mull: u16,
    /// Whether the mulligan decision was taken.
    pub mulligan_done: bool,
    /// Deck positions drawn (bit masks).
    pub drawn: u64,
    /// Deck positions in the opening hand (after the mulligan).
    pub opening: u64,
    /// Deck positions played.
    pub played: u64,
}

/// Whose decision it is, and what kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dec {
    /// Player `0` puts opening-hand cards back, one at a time, then says done.
    Mulligan(u8),
    /// The turn player moves, attacks, plays, or ends the turn.
    Main,
    /// The turn player chooses the lane of the arriving `card` (a hero when `hero`).
    Place {
        /// Deck position.
        card: u8,
        /// Whether it is a hero.
        hero: bool,
    },
    /// The turn player chooses the unit of theirs that `card` replaces.
    ReplaceAt {
        /// Deck position.
        card: u8,
    },
    /// The owner of the entry being built chooses a target.
    Target,
    /// Player `0` may add a React to the Storyboard, or pass.
    React(u8),
    /// Player `0` chooses which of their effects triggered together is added next (the
    /// later added resolves first).
    Order(u8),
    /// The owner of the entry being built pays its cost.
    Cost {
        /// What is paid.
        verb: Verb,
        /// Cards still owed.
        left: u8,
    },
    /// Nothing is asked: the game runs on by itself.
    Idle,
    /// The game is over.
    Over,
}

/// An effect on the Storyboard (or being built before it is added).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The player whose effect it is.
    pub owner: u8,
    /// Its card (deck position of `owner`).
    pub src: u8,
    /// Index of the effect on the card, or [`ATTACH`].
    pub eff: u8,
    /// Chosen targets.
    pub targets: ArrayVec<Cr, MAX_TARGETS>,
    /// The battle's other card, for `foe`.
    pub foe: Option<Cr>,
    /// The entry a React answers, or [`NONE`].
    pub answers: u8,
    /// Negated: resolves to nothing.
    pub negated: bool,
    /// Its card is a floating assist, discarded once it resolves.
    pub assist: bool,
}

/// A triggered effect waiting to be added to the Storyboard.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Trig {
    /// Owner.
    pub owner: u8,
    /// Card.
    pub src: u8,
    /// Effect index.
    pub eff: u8,
    /// The battle's other card.
    pub foe: Option<Cr>,
    /// The event that triggered it (effects of one event share it).
    pub batch: u16,
}

/// The battle in progress.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Battle {
    /// Attacker.
    pub att: Cr,
    /// Defender (`None`: a direct attack).
    pub def: Option<Cr>,
    /// Next step: 1 = "when attacked", 2 = damage, 3 = destruction.
    pub step: u8,
}

/// A game in progress.
#[derive(Clone)]
pub struct BtState {
    pub(crate) shared: Arc<Shared>,
    /// Deck index played from each seat.
    pub decks: [u8; 2],
    /// The players.
    pub players: [Player; 2],
    /// The board, cell `row * 4 + lane`.
    pub board: [Option<Piece>; CELLS],
    /// The cells holding each seat's pieces (bit `cell`), kept with `board` by every move
    /// on and off it, so listings need not scan the board.
    pub(crate) cells: [u32; 2],
    /// The cells whose piece moved this turn (a piece's mark follows it; it is cleared when
    /// the piece leaves the field and, for the turn player's pieces, at the turn's start).
    pub(crate) moved: u32,
    /// The cells whose piece attacked this turn (kept like `moved`).
    pub(crate) attacked: u32,
    /// The cells holding a hero card (by card kind), kept like `cells`.
    pub(crate) hero_cells: u32,
    /// The cells whose piece carries an item that makes it count as a hero, kept like
    /// `hero_cells` (with it, the pieces that count as heroes: [`Self::heroish`]).
    pub(crate) hero_item_cells: u32,
    /// The cells whose piece holds [`MAX_ITEMS`] items (no room for another), kept like
    /// `hero_cells`.
    pub(crate) full_cells: u32,
    /// Each seat's cell of every deck position on the board ([`NONE`] when off it), kept
    /// with `board` by every move on and off it, so [`Self::cell_of`] is one lookup.
    pub(crate) at: [[u8; POSITIONS]; 2],
    /// The cells the entry being built may target, worked out once when the target decision
    /// is set (the board cannot change until it is answered) and read by its listing.
    pub(crate) target_mask: u32,
    /// The field zone.
    pub field: Option<Cr>,
    /// Seat whose turn it is.
    pub cur: u8,
    /// Seat that played first.
    pub first: u8,
    /// Turn number (1 = the first player's first turn; 0 during set-up).
    pub turn: u16,
    /// The decision.
    pub dec: Dec,
    /// Actions taken this turn (see [`TURN_STEPS`]).
    pub steps: u16,
    /// The Storyboard, first added first.
    pub story: ArrayVec<Entry, STORY>,
    /// Whether the Storyboard is resolving (entries added now open no React window).
    pub resolving: bool,
    /// The player who may React next, while a React window is open.
    pub window: Option<u8>,
    /// The entry being built (targets, costs) before it is added.
    pub building: Option<Entry>,
    /// Triggered effects waiting to be added, in order.
    pub queue: ArrayVec<Trig, QUEUE>,
    /// Events that triggered effects so far (numbers the queue's batches).
    pub batch: u16,
    /// The battle in progress.
    pub battle: Option<Battle>,
    /// The outcome, once over.
    pub result: Option<Outcome>,
    /// The cells whose card's damage may have reached its health since the last sweep (bit
    /// `cell`): the cell of a card dealt damage or of a replacing unit, every cell when the
    /// field is replaced or a scenario key is set. [`Self::sweep`] looks only at these; a
    /// mark follows its piece when it moves.
    pub(crate) dirty: u32,
    pub(crate) rng: GameRng,
    pub(crate) logging: bool,
    pub(crate) log: Vec<String>,
}

impl PartialEq for BtState {
    fn eq(&self, o: &Self) -> bool {
        self.decks == o.decks
            && self.players == o.players
            && self.board == o.board
            && self.moved == o.moved
            && self.attacked == o.attacked
            && self.field == o.field
            && self.cur == o.cur
            && self.first == o.first
            && self.turn == o.turn
            && self.dec == o.dec
            && self.steps == o.steps
            && self.story == o.story
            && self.resolving == o.resolving
            && self.window == o.window
            && self.building == o.building
            && self.queue == o.queue
            && self.batch == o.batch
            && self.battle == o.battle
            && self.result == o.result
            && self.rng == o.rng
    }
}

impl std::fmt::Debug for BtState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BtState")
            .field("turn", &self.turn)
            .field("cur", &self.cur)
            .field("dec", &self.dec)
            .field("board", &self.board)
            .field("story", &self.story)
            .field("players", &self.players)
            .finish()
    }
}

pub(crate) use crate::delegate::log;

/// The bit of deck position `pos` in the usage masks (heroes are not counted).
#[inline]
fn bit(pos: u8) -> u64 {
    if (pos as usize) < 64 {
        1 << pos
    } else {
        0
    }
}

/// The card at deck position `pos` of seat `p` when decks `decks` are played. A free function
/// so that the result borrows only a state's `shared` field: the other fields stay free to
/// change while it is held.
#[inline]
pub(crate) fn card_of(sh: &Shared, decks: [u8; 2], p: usize, pos: u8) -> &CardDef {
    &sh.db.cards[sh.ids[decks[p] as usize][pos as usize] as usize]
}

impl BtState {
    /// Deal a game: shuffle, choose the first player, deal the opening hands. Life cards
    /// are dealt once both players have taken their mulligan decision.
    pub(crate) fn deal(shared: Arc<Shared>, seating: &[u8], mut rng: GameRng) -> Self {
        let r = shared.rules;
        let first = match r.first {
            0 => 0,
            1 => 1,
            _ => rand::RngExt::random_range(&mut rng, 0..2u8),
        };
        let mut s = BtState {
            // The caller's `Arc` is moved in, not cloned: a clone counts a reference on a
            // counter every worker thread shares.
            shared,
            decks: [seating[0], seating[1]],
            players: [Player::default(), Player::default()],
            board: Default::default(),
            cells: [0; 2],
            moved: 0,
            attacked: 0,
            hero_cells: 0,
            hero_item_cells: 0,
            full_cells: 0,
            at: [[NONE; POSITIONS]; 2],
            target_mask: 0,
            field: None,
            cur: first,
            first,
            turn: 0,
            dec: Dec::Mulligan(first),
            steps: 0,
            story: ArrayVec::new(),
            resolving: false,
            window: None,
            building: None,
            queue: ArrayVec::new(),
            batch: 0,
            battle: None,
            result: None,
            dirty: 0,
            rng,
            logging: false,
            log: Vec::new(),
        };
        for p in 0..2 {
            let d = &s.shared.decks[s.decks[p] as usize];
            let n = d.cards.len() as u8;
            // Stacked decks (scenarios) keep list order, the first card on top.
            s.players[p].deck.extend((0..n).rev());
            if r.shuffle {
                crate::rng::shuffle(&mut s.players[p].deck, &mut s.rng);
            }
            let h = d.heroes.len() as u8;
            s.players[p]
                .heroes
                .extend((0..h).rev().map(|i| MAIN as u8 + i));
            for _ in 0..r.opening_hand {
                s.draw_one(p);
            }
            s.players[p].opening = s.players[p].drawn;
        }
        s
    }

    /// The card at deck position `pos` of seat `p`.
    #[inline]
    pub fn def(&self, p: usize, pos: u8) -> &CardDef {
        card_of(&self.shared, self.decks, p, pos)
    }

    /// The [`Facts`] of card `c`.
    #[inline]
    pub fn fact(&self, c: Cr) -> &Facts {
        &self.shared.facts[self.decks[c.seat as usize & 1] as usize][c.pos as usize]
    }

    /// The card `c`.
    #[inline]
    pub fn cdef(&self, c: Cr) -> &CardDef {
        self.def(c.seat as usize, c.pos)
    }

    /// Draw one card for `p`; false when the Main Deck is empty (nothing happens then).
    pub(crate) fn draw_one(&mut self, p: usize) -> bool {
        match self.players[p].deck.pop() {
            Some(c) => {
                self.players[p]
                    .hand
                    .push(c, &self.shared.play[self.decks[p] as usize]);
                self.players[p].drawn |= bit(c);
                true
            }
            None => false,
        }
    }

    /// `loser` loses.
    pub(crate) fn lose(&mut self, loser: usize, why: &str) {
        if self.result.is_none() {
            log!(self, "P{loser} loses: {why}");
            self.result = Some(Outcome::winner(2, 1 - loser as u8, EndReason::Decided));
            self.dec = Dec::Over;
        }
    }

    /// End the game as a counted stall, saying why in the log.
    pub(crate) fn stall(&mut self, why: &str) {
        if self.result.is_none() {
            log!(self, "{why}: the game stops as a stall");
            self.result = Some(Outcome::draw(2, EndReason::TurnLimit));
            self.dec = Dec::Over;
        }
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.result.is_some()
    }

    /// Replace what `viewer` cannot see: the opponent's hand, Main Deck and life cards are
    /// dealt anew from those cards; the viewer's own Main Deck and face-down life cards are
    /// shuffled together; the game's random stream is replaced. Hero Decks are face up.
    pub(crate) fn resample(&mut self, viewer: u8, rng: &mut GameRng) {
        use rand::Rng;
        let o = 1 - viewer as usize;
        let mut pool: ArrayVec<u8, POSITIONS> = ArrayVec::new();
        let pl = &mut self.players[o];
        pool.extend(pl.hand.iter().copied());
        pool.extend(pl.deck.iter().copied());
        pool.extend(pl.life.iter().copied());
        crate::rng::shuffle(&mut pool, rng);
        for (x, &c) in pl
            .hand
            .cards_mut()
            .iter_mut()
            .chain(pl.deck.iter_mut())
            .chain(pl.life.iter_mut())
            .zip(&pool)
        {
            *x = c;
        }
        pl.hand.rebuild(&self.shared.play[self.decks[o] as usize]);
        let me = &mut self.players[viewer as usize];
        pool.clear();
        pool.extend(me.deck.iter().copied());
        pool.extend(me.life.iter().copied());
        crate::rng::shuffle(&mut pool, rng);
        for (x, &c) in me.deck.iter_mut().chain(me.life.iter_mut()).zip(&pool) {
            *x = c;
        }
        self.rng = GameRng::new(rng.next_u64(), rng.next_u64());
    }

    /// Which cards of `seat`'s Main Deck were drawn and played.
    pub fn usage(&self, seat: u8) -> CardUsage {
        let pl = &self.players[seat as usize];
        CardUsage {
            drawn: pl.drawn,
            opening: pl.opening,
            played: pl.played,
        }
    }

    /// Bound on the decisions of one game.
    pub fn bound(&self) -> u32 {
        // Two mulligans (up to 10 marks and "done" each), then at most TURN_STEPS actions a
        // turn (the turn's own bound).
        2 * 12 + (self.shared.rules.max_turns as u32 + 1) * (TURN_STEPS as u32 + 1)
    }

    /// The effect `eff` of `p`'s card `pos`.
    pub(crate) fn effect(&self, p: usize, pos: u8, eff: u8) -> super::cards::Effect {
        self.def(p, pos).effects[eff as usize]
    }

    /// Queue the effects with `trigger` of card `c` (the battle's other card `foe`), as one
    /// batch: when a batch holds more than one, their owner chooses the order they are added.
    pub(crate) fn trigger(&mut self, c: Cr, trigger: Trigger, foe: Option<Cr>) {
        let batch = self.batch;
        self.batch = self.batch.wrapping_add(1);
        if !self.fact(c).has(trigger) {
            return;
        }
        let d = card_of(&self.shared, self.decks, c.seat as usize, c.pos);
        for (k, e) in d.effects.iter().enumerate() {
            if e.trigger != trigger {
                continue;
            }
            if self.queue.is_full() {
                self.stall("more than 16 effects waiting");
                return;
            }
            self.queue.push(Trig {
                owner: c.seat,
                src: c.pos,
                eff: k as u8,
                foe,
                batch,
            });
        }
    }
}
