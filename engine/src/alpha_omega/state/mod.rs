//! The Alpha/Omega game state: every Good seat's deck, hand, discard pile and Callings, the
//! Opponent deck and pile, and one list of the cards in play (both sides, oldest first), plus
//! the phase of the round and the Opponent attacks waiting for a Good decision. Fixed-capacity
//! arrays only.

use arrayvec::ArrayVec;
use std::sync::Arc;

use super::cards::{CardDef, Kind, Verb};
use super::deck::DECK;
use super::rules::Shared;
use crate::{CardUsage, EndReason, GameRng, Outcome, PlayerResult, MAX_PLAYERS};

mod actions;
mod check;
mod combat;
mod flow;
mod opponent;
mod rival;

pub use actions::*;

/// Owner index of the Opponent deck's cards.
pub const OPP: u8 = MAX_PLAYERS as u8;
/// Most cards in play at once (both sides). A Good play or an Opponent card that would pass
/// it is refused or discarded; the example decks never come near it.
pub const FIELD: usize = 96;
/// Most Callings one seat holds.
pub const CALLINGS: usize = 8;
/// Most Opponent attacks waiting at once (more, possible only with a card file of many
/// Foolishness-like events waiting together, ends the game as a counted stall: no attack is
/// ever dropped).
pub const JOBS: usize = 8;
/// `Unit::left` of an Opponent event waiting for an Opponent Person.
pub const WAITING: u8 = u8::MAX;

/// A physical card: its owner (a Good seat, or [`OPP`]) and its position in that deck.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Cref {
    /// Good seat 0-3, or [`OPP`].
    pub owner: u8,
    /// Deck position.
    pub pos: u8,
}

/// No card.
pub const NONE: Cref = Cref {
    owner: u8::MAX,
    pos: u8::MAX,
};

/// A card in play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The card.
    pub card: Cref,
    /// Its card id.
    pub id: u8,
    /// On the Opponent side (Opponent cards, and Good Persons Lured Astray).
    pub opp: bool,
    /// Controlling Good seat (`u8::MAX` for Opponent-deck cards).
    pub ctrl: u8,
    /// Damage tokens.
    pub damage: u8,
    /// The Person an Item is equipped to ([`NONE`]: unequipped, or not an Item).
    pub holder: Cref,
    /// A Good Person Lured Astray (it has lost its own abilities).
    pub fallen: bool,
    /// Lures Astray the Good Persons it defeats.
    pub lure: bool,
    /// Acted this round (Opponent cards).
    pub acted: bool,
    /// Attacks left this turn (Good Persons in their Action phase).
    pub attacks: u8,
    /// Round it entered play.
    pub entered: u16,
    /// Lasting Opponent events: rounds of action left; [`WAITING`]: waits for a Person.
    pub left: u8,
}

/// One Good seat's zones and standing.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Seat {
    /// Draw deck; the top is the last element.
    pub deck: ArrayVec<u8, DECK>,
    /// Hand.
    pub hand: ArrayVec<u8, DECK>,
    /// Discard pile.
    pub discard: ArrayVec<u8, DECK>,
    /// Callings held: card id and whether achieved.
    pub callings: ArrayVec<(u8, bool), CALLINGS>,
    /// Lost a Person to Opponent play this round.
    pub lost: bool,
    /// Consecutive earlier rounds with such a loss.
    pub streak: u8,
    /// Turns left as a Lured player.
    pub lured: u8,
    /// Was ever a Lured player.
    pub ever_lured: bool,
    /// Deck positions drawn (bit mask).
    pub drawn: u64,
    /// Deck positions in the opening hand.
    pub opening: u64,
    /// Deck positions played.
    pub played: u64,
}

/// What the game is doing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Scenarios: the first Opponent phase waits for a `begin` action.
    Begin,
    /// A Good seat's turn begins (automatic).
    TurnStart,
    /// The Opponent phase (automatic).
    OppDraw,
    /// Opponent attacks are resolved (automatic, until a Tie or Guard decision).
    Jobs,
    /// Decision: draw, or take a Calling.
    Start,
    /// Decision: play a card, or pass.
    Play,
    /// Decision: the Good Person that receives the Item at hand position `0`.
    Target(u8),
    /// Decision: the next attack of the seat's Persons.
    Action,
    /// The seat's turn ends (automatic).
    TurnEnd,
    /// The Clean-up (automatic).
    CleanUp,
    /// The Strength Check (automatic).
    Check,
    /// Opponent Play: the Opponent seat's turn begins (automatic: it draws).
    Rival,
    /// Opponent Play: the Opponent seat's Action phase begins (automatic).
    RivalAction,
    /// The next attacker of an Action phase is sought (automatic).
    NextAttack,
    /// Decision: which of several equally weak Good cards an Opponent attack hits.
    Tie,
    /// Decision: whether a guarding Person takes the attack.
    Guard,
    /// The game is over.
    Over,
}

/// An Opponent attack waiting to be resolved.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The attacking card.
    pub attacker: Cref,
    /// Its target ([`NONE`]: chosen by the targeting rule).
    pub target: Cref,
    /// Foolishness: the Opponent Person it attacks afterwards ([`NONE`]: none).
    pub then: Cref,
    /// The guard question was settled.
    pub guarded: bool,
}

/// A game in progress.
#[derive(Clone)]
pub struct AoState {
    pub(crate) shared: Arc<Shared>,
    /// Good players.
    pub players: u8,
    /// Deck index of each seat.
    pub decks: [u8; MAX_PLAYERS],
    /// The Good seats.
    pub seats: [Seat; MAX_PLAYERS],
    /// Opponent draw deck (top last).
    pub opp_deck: ArrayVec<u8, DECK>,
    /// Opponent discard pile.
    pub opp_discard: ArrayVec<u8, DECK>,
    /// The Opponent seat's hand (Opponent Play only).
    pub opp_hand: ArrayVec<u8, DECK>,
    /// Opponent Play: the Good seat whose turn follows the Opponent seat's.
    pub next_good: u8,
    /// Calling deck (card ids, top last).
    pub calling_deck: ArrayVec<u8, CALLINGS>,
    /// Cards in play, oldest first.
    pub field: ArrayVec<Unit, FIELD>,
    /// Person card ids already put into play (the once-per-game rule), as bits.
    pub used: [u64; 4],
    /// Opponent attacks waiting.
    pub jobs: ArrayVec<Job, JOBS>,
    /// Round (1-based).
    pub round: u16,
    /// Seat whose turn it is (seat 0 during the Clean-up).
    pub cur: u8,
    /// The seat to move was a Lured player when its turn began.
    pub turn_lured: bool,
    /// Current phase.
    pub phase: Phase,
    /// Phase after the waiting attacks.
    pub resume: Phase,
    /// Forced die rolls (scenarios), first = next.
    pub forced: ArrayVec<u8, 8>,
    /// Round in which the Objective was achieved (0 = not).
    pub won_round: u16,
    /// The outcome, once over.
    pub result: Option<Outcome>,
    pub(crate) rng: GameRng,
    pub(crate) logging: bool,
    pub(crate) log: Vec<String>,
}

impl PartialEq for AoState {
    fn eq(&self, o: &Self) -> bool {
        self.players == o.players
            && self.decks == o.decks
            && self.seats == o.seats
            && self.opp_deck == o.opp_deck
            && self.opp_discard == o.opp_discard
            && self.opp_hand == o.opp_hand
            && self.next_good == o.next_good
            && self.calling_deck == o.calling_deck
            && self.field == o.field
            && self.used == o.used
            && self.jobs == o.jobs
            && self.round == o.round
            && self.cur == o.cur
            && self.turn_lured == o.turn_lured
            && self.phase == o.phase
            && self.resume == o.resume
            && self.forced == o.forced
            && self.won_round == o.won_round
            && self.result == o.result
            && self.rng == o.rng
    }
}

impl std::fmt::Debug for AoState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AoState")
            .field("round", &self.round)
            .field("cur", &self.cur)
            .field("phase", &self.phase)
            .field("field", &self.field)
            .finish()
    }
}

pub(crate) use crate::delegate::log;

impl AoState {
    /// Deal a game: shuffle every deck, deal the opening hands, and (unless `hold`) run the
    /// first Opponent phase.
    pub(crate) fn deal(shared: Arc<Shared>, seating: &[u8], rng: GameRng, hold: bool) -> Self {
        let r = shared.rules;
        let mut s = AoState {
            // The caller's `Arc` is moved in, not cloned: a clone counts a reference on a
            // counter every worker thread shares.
            shared,
            players: r.players,
            decks: [0; MAX_PLAYERS],
            seats: Default::default(),
            opp_deck: ArrayVec::new(),
            opp_discard: ArrayVec::new(),
            opp_hand: ArrayVec::new(),
            next_good: 0,
            calling_deck: ArrayVec::new(),
            field: ArrayVec::new(),
            used: [0; 4],
            jobs: ArrayVec::new(),
            round: 1,
            cur: 0,
            turn_lured: false,
            phase: Phase::TurnStart,
            resume: Phase::TurnStart,
            forced: ArrayVec::new(),
            won_round: 0,
            result: None,
            rng,
            logging: false,
            log: Vec::new(),
        };
        for (p, &deck) in seating.iter().enumerate().take(r.players as usize) {
            // A common deck is the first seat's, for every seat.
            s.decks[p] = if r.common_deck { seating[0] } else { deck };
            if p == 0 || !r.common_deck {
                let n = s.shared.decks[s.decks[p] as usize].cards.len() as u8;
                // Stacked decks (scenarios) keep list order, the first card on top.
                s.seats[p].deck.extend((0..n).rev());
            }
        }
        s.opp_deck
            .extend((0..s.shared.opponent.cards.len() as u8).rev());
        s.calling_deck
            .extend(s.shared.callings.iter().rev().copied().take(CALLINGS));
        if r.shuffle {
            for p in 0..r.players as usize {
                crate::rng::shuffle(&mut s.seats[p].deck, &mut s.rng);
            }
            crate::rng::shuffle(&mut s.opp_deck, &mut s.rng);
            crate::rng::shuffle(&mut s.calling_deck, &mut s.rng);
        }
        for p in 0..r.players as usize {
            for _ in 0..r.hand {
                s.draw_one(p);
            }
            s.seats[p].opening = s.seats[p].drawn;
        }
        if r.opponent_play {
            for _ in 0..r.hand {
                if let Some(c) = s.opp_deck.pop() {
                    s.opp_hand.push(c);
                }
            }
        }
        if hold {
            s.phase = Phase::Begin;
        } else {
            s.run();
        }
        s
    }

    /// The definition of card `c`.
    #[inline]
    pub fn def(&self, c: Cref) -> &CardDef {
        let sh = &*self.shared;
        let id = if c.owner == OPP {
            sh.opponent.cards[c.pos as usize]
        } else {
            sh.decks[self.decks[c.owner as usize] as usize].cards[c.pos as usize]
        };
        sh.db.card(id)
    }

    /// The card id of card `c`.
    pub fn id(&self, c: Cref) -> u8 {
        if c.owner == OPP {
            self.shared.opponent.cards[c.pos as usize]
        } else {
            self.shared.decks[self.decks[c.owner as usize] as usize].cards[c.pos as usize]
        }
    }

    /// Definition of the card in play at `i`.
    #[inline]
    pub fn udef(&self, i: usize) -> &CardDef {
        let sh = &*self.shared;
        sh.db.card(self.field[i].id)
    }

    /// Index in play of card `c`.
    pub fn find(&self, c: Cref) -> Option<usize> {
        self.field.iter().position(|u| u.card == c)
    }

    /// The seat whose deck and discard pile seat `p` uses: its own, or seat 0's common deck
    /// (`common_deck`). Good cards are owned by that seat ([`Cref::owner`]).
    #[inline]
    pub fn pile(&self, p: usize) -> usize {
        if self.shared.rules.common_deck {
            0
        } else {
            p
        }
    }

    /// Hand card `pos` of seat `p` as a physical card.
    #[inline]
    pub fn hand_card(&self, p: usize, pos: u8) -> Cref {
        Cref {
            owner: self.pile(p) as u8,
            pos,
        }
    }

    /// Draw one card for seat `p`; false when the deck is empty.
    pub(crate) fn draw_one(&mut self, p: usize) -> bool {
        let pile = self.pile(p);
        match self.seats[pile].deck.pop() {
            Some(c) => {
                self.seats[p].hand.push(c);
                self.seats[p].drawn |= 1 << c;
                true
            }
            None => false,
        }
    }

    /// Roll a six-sided die (a forced roll first, in scenarios).
    pub(crate) fn roll(&mut self) -> u8 {
        if !self.forced.is_empty() {
            return self.forced.remove(0);
        }
        rand::RngExt::random_range(&mut self.rng, 1..=6u8)
    }

    /// Whether the card in play at `i` counts for the Opponents: an Item follows its holder;
    /// a Good card of a Lured player counts for the Opponents while the lure lasts.
    pub fn side_opp(&self, i: usize) -> bool {
        let u = &self.field[i];
        if u.holder != NONE {
            if let Some(h) = self.find(u.holder) {
                return self.side_opp(h);
            }
        }
        u.opp || (u.ctrl < OPP && self.seats[u.ctrl as usize].lured > 0)
    }

    /// Whether a Person in play at `i` has its own ability `v` (fallen Angels lose theirs).
    pub fn ability(&self, i: usize, v: Verb) -> bool {
        !self.field[i].fallen && self.udef(i).has(v)
    }

    /// Strength left before the card at `i` is defeated.
    pub fn left_hp(&self, i: usize) -> u8 {
        self.udef(i).strength.saturating_sub(self.field[i].damage)
    }

    /// Offensive Strength of the Good side and of the Opponent side.
    pub fn strengths(&self) -> (i32, i32) {
        let (mut g, mut o) = (0, 0);
        for i in 0..self.field.len() {
            let d = self.udef(i);
            let v = match d.kind {
                Kind::Person => d.strength as i32,
                Kind::Item => d.passive(Verb::Offense) as i32,
                _ => 0,
            };
            if self.side_opp(i) {
                o += v;
            } else {
                g += v;
            }
        }
        (g, o)
    }

    /// Balance of Strength (Good minus Opponents).
    pub fn balance(&self) -> i32 {
        let (g, o) = self.strengths();
        g - o
    }

    /// Queue an Opponent attack; past [`JOBS`] waiting, the game ends as a counted stall
    /// rather than dropping the attack.
    pub(crate) fn push_job(&mut self, job: Job) {
        if self.jobs.try_push(job).is_err() {
            self.finish(
                PlayerResult::Draw,
                EndReason::TurnLimit,
                "more Opponent attacks waiting than the state holds (a stall)",
            );
        }
    }

    /// The game ends with every Good seat getting `r`.
    pub(crate) fn finish(&mut self, r: PlayerResult, end: EndReason, why: &str) {
        if self.result.is_some() {
            return;
        }
        log!(self, "game over: {why}");
        let mut results = [PlayerResult::Draw; MAX_PLAYERS];
        for x in results.iter_mut().take(self.players as usize) {
            *x = r;
        }
        if self.shared.rules.opponent_play {
            // The Opponent seat gets the other side's result.
            results[self.players as usize] = match r {
                PlayerResult::Win => PlayerResult::Loss,
                PlayerResult::Loss => PlayerResult::Win,
                PlayerResult::Draw => PlayerResult::Draw,
            };
        }
        self.result = Some(Outcome {
            results,
            players: self.seat_count(),
            end,
        });
        self.phase = Phase::Over;
        self.jobs.clear();
    }

    /// Seats of the game: the Good players, and the Opponent seat under Opponent Play.
    pub fn seat_count(&self) -> u8 {
        self.players + self.shared.rules.opponent_play as u8
    }

    /// Whether the seat to move is the Opponent seat (Opponent Play).
    #[inline]
    pub fn rival_turn(&self) -> bool {
        self.cur == self.players
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.result.is_some()
    }

    /// Achievement points of seat `p` (the text's scoring table).
    pub fn points(&self, p: usize) -> u32 {
        let mut pts = 0;
        for i in 0..self.field.len() {
            let u = &self.field[i];
            if self.udef(i).kind == Kind::Person && !u.opp && u.ctrl < OPP {
                pts += if u.ctrl as usize == p { 2 } else { 1 };
            }
        }
        for q in 0..self.players as usize {
            let n = self.seats[q].callings.iter().filter(|c| c.1).count() as u32;
            pts += n * if q == p { 3 } else { 1 };
        }
        if self.won_round > 0 && self.won_round <= 10 {
            pts += 3;
        }
        if !self.seats[p].ever_lured {
            pts += 5;
        }
        pts
    }

    /// Replace what `viewer` cannot see: the other seats' hands and every deck's order.
    pub(crate) fn resample(&mut self, viewer: u8, rng: &mut GameRng) {
        use rand::Rng;
        let n = self.players as usize;
        let common = self.shared.rules.common_deck;
        for q in 0..if common { 1 } else { n } {
            // One pool per deck: the hidden hands that draw from it, then the deck itself.
            let hidden = move |p: usize| p != viewer as usize && (common || p == q);
            let mut pool: ArrayVec<u8, DECK> = ArrayVec::new();
            for p in (0..n).filter(|&p| hidden(p)) {
                pool.extend(self.seats[p].hand.iter().copied());
            }
            pool.extend(self.seats[q].deck.iter().copied());
            crate::rng::shuffle(&mut pool, rng);
            let mut k = 0;
            for p in (0..n).filter(|&p| hidden(p)) {
                for x in self.seats[p].hand.iter_mut() {
                    *x = pool[k];
                    k += 1;
                }
            }
            for x in self.seats[q].deck.iter_mut() {
                *x = pool[k];
                k += 1;
            }
        }
        if self.shared.rules.opponent_play && viewer != self.players {
            // The Opponent seat's hand is hidden from the Good seats.
            let mut pool: ArrayVec<u8, DECK> = ArrayVec::new();
            pool.extend(self.opp_hand.iter().copied());
            pool.extend(self.opp_deck.iter().copied());
            crate::rng::shuffle(&mut pool, rng);
            for (k, x) in self
                .opp_hand
                .iter_mut()
                .chain(self.opp_deck.iter_mut())
                .enumerate()
            {
                *x = pool[k];
            }
        } else {
            crate::rng::shuffle(&mut self.opp_deck, rng);
        }
        crate::rng::shuffle(&mut self.calling_deck, rng);
        self.forced.clear();
        self.rng = GameRng::new(rng.next_u64(), rng.next_u64());
    }

    /// Which cards of `seat`'s deck were drawn and played.
    pub fn usage(&self, seat: u8) -> CardUsage {
        let s = &self.seats[seat as usize];
        CardUsage {
            drawn: s.drawn,
            opening: s.opening,
            played: s.played,
        }
    }

    /// A heuristic value for the Good team: the balance, then cards in hand.
    pub fn eval(&self, p: u8) -> f64 {
        if let Some(o) = self.result {
            return 1000.0 * (o.result(p as usize).reward() - 0.5);
        }
        if p == self.players {
            // The Opponent seat (Opponent Play): the balance from its side.
            return -self.balance() as f64 + 0.2 * self.opp_hand.len() as f64;
        }
        let hands: usize = self.seats.iter().map(|s| s.hand.len()).sum();
        self.balance() as f64 + 0.2 * hands as f64
    }
}
