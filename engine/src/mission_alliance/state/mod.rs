//! The Mission: Alliance game state: zones of both players (draw deck, hand, discard,
//! eliminated pile, the front row of teams, the back row of Energy and gadgets), whose
//! decision it is, and the effects waiting to resolve. Fixed-capacity arrays only: every zone
//! holds at most the 30 cards of its owner's deck.

use arrayvec::ArrayVec;
use std::sync::Arc;

use super::cards::{CardDef, Facts, Kind, Symbol, Verb, MAX_COST};
use super::deck::DECK;
use super::rules::{Shared, MAX_BACK};
use crate::{CardUsage, EndReason, GameRng, Outcome};

mod actions;
mod combat;
mod effects;
mod masks;

pub use actions::*;
pub use masks::{BackBits, HandBits, UnitMasks};

/// Most teams the state holds (the rules' 4).
pub const TEAMS: usize = 4;
/// Most units a team holds (the rules' 4).
pub const TEAM: usize = 4;
/// Most actions (of both players) in one turn. A card file can make a turn endless (a
/// formation that costs no Energy, readies Energy and draws a card); a turn that reaches this
/// bound ends the game as a counted stall. The example cards never come near it.
pub const TURN_STEPS: u16 = 600;
/// Most effects waiting to resolve at once.
pub const PENDING: usize = 64;

/// Remove and return the element at `i` (which must exist), moving the later ones one place
/// left: `ArrayVec::remove` without its drain machinery, one copy within the slice.
#[inline]
pub(crate) fn remove_at<T: Copy, const N: usize>(v: &mut ArrayVec<T, N>, i: usize) -> T {
    let x = v[i];
    v.copy_within(i + 1.., i);
    v.pop();
    x
}

/// A unit in the front row: its owner's deck position, and whether it is ready.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// Deck position of the card.
    pub pos: u8,
    /// Ready (true) or rested.
    pub ready: bool,
}

/// A team: units of different cores, left to right.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Team {
    /// The units.
    pub units: ArrayVec<Slot, TEAM>,
}

/// A back-row card: face-down Energy or a gadget.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Back {
    /// Deck position of the card.
    pub pos: u8,
    /// A gadget (face up) rather than Energy.
    pub gadget: bool,
    /// Ready or rested.
    pub ready: bool,
}

/// One player's zones.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Player {
    /// Draw deck; the top is the last element.
    pub deck: ArrayVec<u8, DECK>,
    /// Hand.
    pub hand: ArrayVec<u8, DECK>,
    /// Discard pile ("retreat deck"); the top is the last element.
    pub discard: ArrayVec<u8, DECK>,
    /// Eliminated cards (out of the game).
    pub eliminated: ArrayVec<u8, DECK>,
    /// Teams, left to right.
    pub teams: ArrayVec<Team, TEAMS>,
    /// Back row, left to right.
    pub back: ArrayVec<Back, MAX_BACK>,
    /// Energy built this turn.
    pub built: u8,
    /// Whether the mulligan decision was taken.
    pub mulligan_done: bool,
    /// Deck positions drawn, in the opening hand, and played (bit masks).
    pub drawn: u64,
    /// Deck positions in the opening hand (after any mulligan).
    pub opening: u64,
    /// Deck positions played (as a unit, gadget, formation or Energy).
    pub played: u64,
    /// The front row as bit masks (bit team·4 + slot), kept in step with the teams so the
    /// main listing reads them instead of walking the row (see [`UnitMasks`]).
    pub units: UnitMasks,
    /// The back row as bit masks (bit = back-row place), kept in step with `back` so the
    /// main listing reads them instead of walking the row (see [`BackBits`]).
    pub backs: BackBits,
    /// The hand as bit masks (bit = hand place), kept in step with `hand` so the main
    /// listing reads them instead of walking the hand (see [`HandBits`]).
    pub hands: HandBits,
}

/// Whose decision it is, and what kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dec {
    /// Player `0` keeps or mulligans the opening hand.
    Mulligan(u8),
    /// The player to move chooses a move of the ready or attack phase, or ends the turn.
    Main,
    /// Discards still owed to build Energy from `card` (a deck position).
    BuildPay {
        /// The card becoming Energy.
        card: u8,
        /// Discards still owed.
        left: u8,
    },
    /// Where the unit `card` arrives.
    Place {
        /// Deck position of the unit.
        card: u8,
    },
    /// Which back-row card leaves to make room for `card` (Energy or a gadget).
    Back {
        /// Deck position of the arriving card.
        card: u8,
        /// Whether it arrives as a gadget (else as Energy).
        gadget: bool,
    },
    /// The defender answers an attack.
    Respond,
    /// The owner of the first pending effect chooses its target.
    Target,
    /// The game is over.
    Over,
}

/// An attack waiting for the defender's answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Fight {
    /// Attacking unit: team and slot of the current player.
    pub team: u8,
    /// Slot in the team.
    pub slot: u8,
    /// Target: an enemy team index, or [`PLAYER`].
    pub target: u8,
}

/// Fight target meaning the enemy player.
pub const PLAYER: u8 = 4;

/// An effect waiting to resolve.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    /// The player whose effect it is.
    pub owner: u8,
    /// The card it comes from (deck position of `owner`).
    pub card: u8,
    /// What it does.
    pub verb: Verb,
    /// Its number.
    pub n: u8,
}

/// A game in progress.
#[derive(Clone)]
pub struct MaState {
    pub(crate) shared: Arc<Shared>,
    /// Deck index played from each seat.
    pub decks: [u8; 2],
    /// The players.
    pub players: [Player; 2],
    /// Seat whose turn it is.
    pub cur: u8,
    /// Seat that played first.
    pub first: u8,
    /// Turn number (1 = the first player's first turn; 0 during the mulligans).
    pub turn: u16,
    /// The decision.
    pub dec: Dec,
    /// Whether the attack phase began this turn (no more Energy can be built).
    pub attack_phase: bool,
    /// Actions taken this turn (see [`TURN_STEPS`]).
    pub steps: u16,
    /// The attack waiting for an answer.
    pub fight: Fight,
    /// Effects waiting to resolve, first = next.
    pub pending: ArrayVec<Pending, PENDING>,
    /// The outcome, once over.
    pub result: Option<Outcome>,
    pub(crate) rng: GameRng,
    pub(crate) logging: bool,
    pub(crate) log: Vec<String>,
}

impl PartialEq for MaState {
    fn eq(&self, o: &Self) -> bool {
        self.decks == o.decks
            && self.players == o.players
            && self.cur == o.cur
            && self.first == o.first
            && self.turn == o.turn
            && self.dec == o.dec
            && self.attack_phase == o.attack_phase
            && self.steps == o.steps
            && self.fight == o.fight
            && self.pending == o.pending
            && self.result == o.result
            && self.rng == o.rng
    }
}

impl std::fmt::Debug for MaState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MaState")
            .field("turn", &self.turn)
            .field("cur", &self.cur)
            .field("dec", &self.dec)
            .field("players", &self.players)
            .finish()
    }
}

pub(crate) use crate::delegate::log;

/// The card at deck position `pos` of seat `p` when decks `decks` are played. A free function
/// so that the result borrows only a state's `shared` field: the other fields stay free to
/// change while it is held.
#[inline]
pub(crate) fn card_of(sh: &Shared, decks: [u8; 2], p: usize, pos: u8) -> &CardDef {
    sh.db.card(sh.decks[decks[p] as usize].cards[pos as usize])
}

impl MaState {
    /// Deal a game: shuffle, choose the first player, deal the opening hands.
    pub(crate) fn deal(shared: Arc<Shared>, seating: &[u8], mut rng: GameRng) -> Self {
        let r = shared.rules;
        let first = match r.first {
            0 => 0,
            1 => 1,
            _ => rand::RngExt::random_range(&mut rng, 0..2u8),
        };
        let mut s = MaState {
            // The caller's `Arc` is moved in, not cloned: a clone counts a reference on a
            // counter every worker thread shares.
            shared,
            decks: [seating[0], seating[1]],
            players: [Player::default(), Player::default()],
            cur: first,
            first,
            turn: 0,
            dec: Dec::Mulligan(first),
            attack_phase: false,
            steps: 0,
            fight: Fight {
                team: 0,
                slot: 0,
                target: 0,
            },
            pending: ArrayVec::new(),
            result: None,
            rng,
            logging: false,
            log: Vec::new(),
        };
        for p in 0..2 {
            s.refresh_units(p);
            let n = s.shared.decks[s.decks[p] as usize].cards.len() as u8;
            // Stacked decks (scenarios) keep list order, the first card on top.
            s.players[p].deck.extend((0..n).rev());
            if r.shuffle {
                crate::rng::shuffle(&mut s.players[p].deck, &mut s.rng);
            }
        }
        for p in 0..2u8 {
            let n = if p == first {
                r.hand_first
            } else {
                r.hand_second
            };
            for _ in 0..n {
                s.draw_one(p as usize);
            }
            s.players[p as usize].opening = s.players[p as usize].drawn;
        }
        s
    }

    /// The card at deck position `pos` of seat `p`.
    #[inline]
    pub fn def(&self, p: usize, pos: u8) -> &CardDef {
        card_of(&self.shared, self.decks, p, pos)
    }

    /// The packed facts of the card at deck position `pos` of seat `p`.
    #[inline]
    pub fn fx(&self, p: usize, pos: u8) -> Facts {
        self.shared.facts[self.decks[p] as usize][pos as usize]
    }

    /// Draw one card for `p`, refilling the draw deck from the shuffled discard pile when it
    /// is empty; false when there is nothing to draw.
    pub(crate) fn draw_one(&mut self, p: usize) -> bool {
        if self.players[p].deck.is_empty() && !self.refill(p) {
            return false;
        }
        let c = self.players[p].deck.pop().expect("refilled");
        let f = self.fx(p, c);
        let pl = &mut self.players[p];
        pl.hands.add(pl.hand.len(), f);
        pl.hand.push(c);
        self.players[p].drawn |= 1 << c;
        true
    }

    /// Shuffle the discard pile into the empty draw deck; false if the pile is empty.
    pub(crate) fn refill(&mut self, p: usize) -> bool {
        let pl = &mut self.players[p];
        if pl.discard.is_empty() {
            return false;
        }
        // The draw deck is empty: the pile fits (one copy, no per-card checks).
        pl.deck
            .try_extend_from_slice(&pl.discard)
            .expect("the draw deck is empty");
        pl.discard.clear();
        crate::rng::shuffle(&mut pl.deck, &mut self.rng);
        log!(self, "P{p} shuffles the discard pile into the draw deck");
        true
    }

    /// `loser` loses.
    pub(crate) fn lose(&mut self, loser: usize, why: &str) {
        if self.result.is_none() {
            log!(self, "P{loser} loses: {why}");
            self.result = Some(Outcome::winner(2, 1 - loser as u8, EndReason::Decided));
            self.dec = Dec::Over;
            self.pending.clear();
        }
    }

    /// End the game as a counted stall (a bound of the fixed-size state or of a turn was
    /// reached), saying why in the log.
    pub(crate) fn stall(&mut self, why: &str) {
        log!(self, "{why}: the game stops as a stall");
        self.result = Some(Outcome::draw(2, EndReason::TurnLimit));
        self.dec = Dec::Over;
        self.pending.clear();
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.result.is_some()
    }

    /// Ready Energy cards of `p`.
    pub fn ready_energy(&self, p: usize) -> usize {
        self.players[p]
            .back
            .iter()
            .filter(|b| !b.gadget && b.ready)
            .count()
    }

    /// The symbol unit `slot` of team `team` of `p` uses in combat: its own, or for Imitate
    /// the symbol of the unit to its left (to its right when it is leftmost); an Imitate
    /// unit alone in its team has none.
    pub fn combat_symbol(&self, p: usize, team: usize, slot: usize) -> Symbol {
        let t = &self.players[p].teams[team];
        let own = self.fx(p, t.units[slot].pos).symbol;
        if own != Symbol::Imitate {
            return own;
        }
        let n = if slot > 0 {
            Some(slot - 1)
        } else if t.units.len() > 1 {
            Some(1)
        } else {
            None
        };
        match n.map(|i| self.fx(p, t.units[i].pos).symbol) {
            Some(Symbol::Imitate) | None => Symbol::None,
            Some(s) => s,
        }
    }

    /// Whether team `team` of `p` challenges: level `challenge_level` or more with a unit
    /// whose own symbol is Hold.
    pub fn challenges(&self, p: usize, team: usize) -> bool {
        self.players[p].units.challenging & 1 << team != 0
    }

    /// Replace what `viewer` cannot see: the opponent's hand, face-down Energy and draw deck
    /// are dealt anew from those cards, the viewer's own draw deck is shuffled, and the
    /// game's random stream is replaced.
    pub(crate) fn resample(&mut self, viewer: u8, rng: &mut GameRng) {
        use rand::Rng;
        let o = 1 - viewer as usize;
        let pl = &mut self.players[o];
        let mut pool: ArrayVec<u8, DECK> = ArrayVec::new();
        pool.extend(pl.hand.iter().copied());
        pool.extend(pl.deck.iter().copied());
        pool.extend(pl.back.iter().filter(|b| !b.gadget).map(|b| b.pos));
        crate::rng::shuffle(&mut pool, rng);
        let mut k = 0;
        for x in pl.hand.iter_mut().chain(pl.deck.iter_mut()) {
            *x = pool[k];
            k += 1;
        }
        for b in pl.back.iter_mut().filter(|b| !b.gadget) {
            b.pos = pool[k];
            k += 1;
        }
        self.players[o].hands = self.hand_bits(o);
        crate::rng::shuffle(&mut self.players[viewer as usize].deck, rng);
        self.rng = GameRng::new(rng.next_u64(), rng.next_u64());
    }

    /// Which cards of `seat`'s deck were drawn and played.
    pub fn usage(&self, seat: u8) -> CardUsage {
        let pl = &self.players[seat as usize];
        CardUsage {
            drawn: pl.drawn,
            opening: pl.opening,
            played: pl.played,
        }
    }

    /// A heuristic value for `p`: cards eliminated on both sides first, then the board. When
    /// the opponent must settle what `p` just did (answer an attack, choose a target), the
    /// position is scored after each of the opponent's options and the worst for `p` counts,
    /// so a one-step search sees what an attack wins or loses.
    pub fn eval(&self, p: u8) -> f64 {
        let settling = matches!(self.dec, Dec::Respond | Dec::Target);
        if settling && self.decider() == Some(1 - p) {
            let mut options = crate::ActionBuf::new();
            self.legal(&mut options);
            let mut worst = f64::INFINITY;
            for &a in options.iter() {
                let mut s = self.clone();
                s.play(a);
                worst = worst.min(s.static_eval(p));
            }
            if worst.is_finite() {
                return worst;
            }
        }
        self.static_eval(p)
    }

    /// [`MaState::eval`] of the position as it stands: per side, 3 for each card
    /// eliminated (the cards that lose the game), half a point per point of power in the
    /// front row, 1 for each team able to attack the player and for each challenging team,
    /// 1.5 for each Energy card and 0.6 for each gadget. Hand cards count nothing: they are
    /// the fuel for Energy and plays, which count. The weights were tuned on greedy-against-
    /// random ladders (`cardsim ladder --game mission_alliance --agent random --agent
    /// greedy`): valuing Energy at 0.6 and hand cards at 0.3 (the first draft) left greedy
    /// play at 52.8% [47.9, 57.6] against random play, because building Energy never paid;
    /// these weights give 98.5% [97.2, 99.2] (300 deals each).
    fn static_eval(&self, p: u8) -> f64 {
        if let Some(o) = self.result {
            return 1000.0 * (o.result(p as usize).reward() - 0.5);
        }
        let (me, op) = (p as usize, 1 - p as usize);
        let side = |q: usize| -> f64 {
            let pl = &self.players[q];
            let mut board = 0.0;
            for (ti, t) in pl.teams.iter().enumerate() {
                for si in 0..t.units.len() {
                    board += 0.5 * self.power(q, ti, si) as f64;
                }
                if t.units.len() >= self.shared.rules.attack_player_level as usize {
                    board += 1.0;
                }
                if self.challenges(q, ti) {
                    board += 1.0;
                }
            }
            let energy = pl.back.iter().filter(|b| !b.gadget).count() as f64;
            let gadgets = pl.back.len() as f64 - energy;
            -3.0 * pl.eliminated.len() as f64 + board + 1.5 * energy + 0.6 * gadgets
        };
        side(me) - side(op)
    }

    /// Check that every card is in exactly one zone and values are within bounds.
    pub fn invariants(&self) -> Result<(), String> {
        for p in 0..2 {
            let pl = &self.players[p];
            let n = self.shared.decks[self.decks[p] as usize].cards.len();
            let mut seen = 0u64;
            let mut count = 0;
            let mut mark = |pos: u8, zone: &str| -> Result<(), String> {
                if pos as usize >= n || seen & (1 << pos) != 0 {
                    return Err(format!(
                        "P{p}: card position {pos} twice or out of range ({zone})"
                    ));
                }
                seen |= 1 << pos;
                count += 1;
                Ok(())
            };
            for &c in pl.deck.iter() {
                mark(c, "deck")?;
            }
            // The card on its way into the arena while its player decides where.
            if p == self.cur as usize {
                if let Dec::BuildPay { card, .. } | Dec::Place { card } | Dec::Back { card, .. } =
                    self.dec
                {
                    mark(card, "arriving")?;
                }
            }
            for &c in pl.hand.iter() {
                mark(c, "hand")?;
            }
            for &c in pl.discard.iter() {
                mark(c, "discard")?;
            }
            for &c in pl.eliminated.iter() {
                mark(c, "eliminated")?;
            }
            for b in pl.back.iter() {
                mark(b.pos, "back")?;
                if b.gadget != (self.def(p, b.pos).kind == Kind::Gadget) && b.gadget {
                    return Err(format!("P{p}: a non-gadget face up in the back row"));
                }
            }
            if pl.teams.len() > self.shared.rules.max_teams as usize {
                return Err(format!("P{p}: too many teams"));
            }
            for t in pl.teams.iter() {
                if t.units.is_empty() || t.units.len() > self.shared.rules.team_size as usize {
                    return Err(format!("P{p}: a team of {} units", t.units.len()));
                }
                for (i, u) in t.units.iter().enumerate() {
                    mark(u.pos, "team")?;
                    let d = self.def(p, u.pos);
                    if d.kind != Kind::Unit {
                        return Err(format!("P{p}: {} in a team is not a unit", d.name));
                    }
                    if t.units[..i]
                        .iter()
                        .any(|v| self.def(p, v.pos).core == d.core)
                    {
                        return Err(format!("P{p}: two units of one core in a team"));
                    }
                }
            }
            if pl.back.len() > self.shared.rules.back_row as usize {
                return Err(format!("P{p}: back row over its size"));
            }
            if count != n {
                return Err(format!("P{p}: {count} cards in zones, the deck has {n}"));
            }
            if pl.backs != self.back_bits(p) {
                return Err(format!(
                    "P{p}: back-row masks out of step with the back row"
                ));
            }
            if pl.hands != self.hand_bits(p) {
                return Err(format!("P{p}: hand masks out of step with the hand"));
            }
            if pl.units != self.unit_masks(p) {
                return Err(format!("P{p}: unit masks out of step with the teams"));
            }
        }
        if self.over() != (self.dec == Dec::Over) {
            return Err("result and decision disagree".into());
        }
        Ok(())
    }

    /// Bound on the decisions of one game.
    pub fn bound(&self) -> u32 {
        // Two mulligans, then at most TURN_STEPS actions a turn (the turn's own bound).
        2 + self.shared.rules.max_turns as u32 * (TURN_STEPS as u32 + 1)
    }
}
