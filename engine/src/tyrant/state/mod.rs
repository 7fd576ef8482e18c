//! The Tyrant game state and its rules (turn steps 1–12, the assault's turn, skills).

use std::sync::Arc;

use arrayvec::ArrayVec;
use rand::{Rng, RngExt};

use crate::tyrant::cards::{ActKind, ActSkill, CardDef, CardType, ANY_FACTION};
use crate::tyrant::deck::MAX_DECK;
use crate::tyrant::features::{
    self, ACTIONS, ASSAULT_SKILLS, CHAOS, ENFEEBLE, EVADE, FULL, IMMOBILIZE, JAM, LEAN, ON_HIT,
    POISON, PROTECT, REFRESH, REGENERATE, STRUCTURE_SKILLS, WEAKEN,
};
use crate::tyrant::hot::{self, Hot};
use crate::tyrant::rules::{AtLimit, RallyLasts, Shared};
use crate::{Action, CardUsage, EndReason, GameRng, Outcome};

/// Capacity of a row. Every card on a row comes from the owner's deck and sits there at most
/// once, so a row never holds more than the deck's size.
pub const ROW: usize = MAX_DECK;

/// Hand capacity: three cards are drawn on the first turn, then one per turn, and one card
/// is played every turn that the hand is not empty, so the hand never exceeds three.
pub const HAND: usize = 3;

/// Deck position of a card that did not come from the deck (the commander).
pub const NO_POS: u8 = u8::MAX;

/// Seat of the attacker.
pub const ATTACKER: u8 = 0;
/// Seat of the defender.
pub const DEFENDER: u8 = 1;

/// A card in play (commander, assault or structure) with its current values and statuses.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Unit {
    /// Card id.
    pub card: u16,
    /// Current health; 0 or less means destroyed (the card stays in its slot until the row
    /// is shifted).
    pub hp: i16,
    /// Maximum health.
    pub max_hp: i16,
    /// Attack gained permanently (Berserk).
    pub berserk: i16,
    /// Timer: the card acts when it is 0.
    pub timer: u8,
    /// Rallied: +attack until the end of this turn.
    pub rallied: u8,
    /// Weakened: −attack until the end of the owner's turn.
    pub weakened: u8,
    /// Enfeebled: +damage taken, until the end of the current turn.
    pub enfeebled: u8,
    /// Protected: −damage taken, until the start of the owner's next turn.
    pub protected: u8,
    /// Poisoned: health lost at the start of each of the owner's turns.
    pub poisoned: u8,
    /// Status flags: [`ATTACKED`], [`JAMMED`], [`CHAOSED`], [`IMMOBILIZED`], [`DISEASED`]
    /// (packed so that a unit is 16 bytes: rows are copied and shifted often).
    pub flags: u8,
    /// Position in the owner's deck list, [`NO_POS`] for the commander.
    pub pos: u8,
}

/// [`Unit::flags`]: has reached its attack step this turn (attacking or not), so Rally no
/// longer picks it.
pub const ATTACKED: u8 = 1;
/// [`Unit::flags`]: Jammed, skips its next turn (skills and attack); cleared at the end of
/// that turn.
pub const JAMMED: u8 = 2;
/// [`Unit::flags`]: Chaosed, its hostile skills hit its own side; cleared at the end of its
/// turn.
pub const CHAOSED: u8 = 4;
/// [`Unit::flags`]: Immobilized, does not attack on its next turn; cleared at the end of that
/// turn.
pub const IMMOBILIZED: u8 = 8;
/// [`Unit::flags`]: Diseased, can no longer be healed (Leech, Refresh) nor regenerate.
/// Permanent.
pub const DISEASED: u8 = 16;

impl Unit {
    /// Whether status flag `f` is set.
    #[inline]
    pub fn has(&self, f: u8) -> bool {
        self.flags & f != 0
    }

    /// Set or clear status flag `f`.
    #[inline]
    pub fn set(&mut self, f: u8, on: bool) {
        if on {
            self.flags |= f;
        } else {
            self.flags &= !f;
        }
    }
    /// A fresh card in play.
    pub fn new(card: u16, def: &CardDef, pos: u8) -> Self {
        Unit {
            card,
            hp: def.health as i16,
            max_hp: def.health as i16,
            timer: def.delay,
            pos,
            ..Unit::default()
        }
    }

    /// Still in play (health above 0).
    #[inline]
    pub fn alive(&self) -> bool {
        self.hp > 0
    }

    /// Attack this turn: printed + Berserk + Rallied − Weakened, never below 0.
    #[inline]
    pub fn power(&self, def: &CardDef) -> i16 {
        self.power_of(def.attack)
    }

    /// [`Unit::power`] from the printed attack `attack` (the card's [`Hot`] record holds it).
    #[inline]
    pub fn power_of(&self, attack: u8) -> i16 {
        self.power_of_in::<FULL>(attack)
    }

    /// [`Unit::power_of`] in the turn loop with features `F` (Weakened read only with Weaken).
    #[inline(always)]
    fn power_of_in<const F: u32>(&self, attack: u8) -> i16 {
        let weakened = if F & WEAKEN != 0 { self.weakened } else { 0 };
        (attack as i16)
            .saturating_add(self.berserk)
            .saturating_add(self.rallied as i16)
            .saturating_sub(weakened as i16)
            .max(0)
    }

    /// Enfeebled, as the turn loop with features `F` reads it (0 without Enfeeble).
    #[inline(always)]
    fn enfeebled_in<const F: u32>(&self) -> i16 {
        if F & ENFEEBLE != 0 {
            self.enfeebled as i16
        } else {
            0
        }
    }

    /// Protected, as the turn loop with features `F` reads it (0 without Protect).
    #[inline(always)]
    fn protected_in<const F: u32>(&self) -> i16 {
        if F & PROTECT != 0 {
            self.protected as i16
        } else {
            0
        }
    }
}

/// One participant's cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// The commander.
    pub commander: Unit,
    /// The assault row, left to right.
    pub assaults: ArrayVec<Unit, ROW>,
    /// The structure row, left to right.
    pub structures: ArrayVec<Unit, ROW>,
    /// The draw pile as deck positions; the top is the last entry.
    pub library: ArrayVec<u8, MAX_DECK>,
    /// The hand as deck positions, in the order drawn.
    pub hand: ArrayVec<u8, HAND>,
    /// Index of the deck this side plays (into the rule set's decks).
    pub deck: u8,
    /// Deck positions drawn so far.
    pub drawn: u64,
    /// Deck positions dealt into the opening hand (the first turn's draw).
    pub opening: u64,
    /// Deck positions played so far.
    pub played: u64,
    /// Deck positions gone from the game (destroyed and shifted out, or used actions).
    pub gone: u64,
    /// Turns this side has begun.
    pub turns: u16,
    /// A card of this side may have been destroyed since its rows were last shifted (set
    /// wherever a card's health can drop to 0, so that the shift scans the rows only then).
    pub dead: bool,
}

/// Seat names, for the log.
const SEATS: [&str; 2] = ["attacker", "defender"];

/// How a skill use came about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Via {
    /// Printed on the source and aimed as printed.
    Printed,
    /// A hostile skill of a chaosed assault, turned on its own side.
    Chaosed,
}

/// Where an activation skill comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Src {
    Action,
    Commander,
    Structure,
    Assault(u8),
}

/// A game of Tyrant.
#[derive(Clone, Debug)]
pub struct TyrantState {
    pub(super) shared: Arc<Shared>,
    /// The two sides, by seat (attacker 0, defender 1).
    pub sides: [Side; 2],
    /// The seat whose turn it is.
    pub active: u8,
    /// The turn counter (starts at 1, +1 after every participant's turn).
    pub turn: u16,
    /// The outcome once the game is over.
    pub result: Option<Outcome>,
    rng: GameRng,
    /// Forced outcomes of internal random events (scenarios): (event, value), used in order
    /// per event. Empty in simulations.
    forced: ArrayVec<(Ev, u8), MAX_FORCED>,
    /// Forced outcomes that could not be used as given (e.g. a target that was not valid).
    forced_misses: ArrayVec<(Ev, u8), MAX_FORCED>,
    /// The readable event log, when turned on (replay, scenarios); `None` in simulations.
    /// Boxed so that the state, copied on every search iteration, stays 16 bytes smaller.
    #[allow(clippy::box_collection)]
    log: Option<Box<Vec<String>>>,
    /// The rarer features this game can use ([`crate::tyrant::features`]): the union of its
    /// two decks' at the deal, all of them after scenario set-up. None: the turn code runs
    /// its lean copy; otherwise the full copy, which still skips the work of the features
    /// missing here (see [`TyrantState::can`]).
    features: u32,
}

/// Most forced outcomes queued at once.
pub const MAX_FORCED: usize = 16;

/// Internal random events that scenarios may force.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Ev {
    /// Flurry's extra attacks.
    Flurry,
    /// A Flying dodge.
    Flying,
    /// An Evade.
    Evade,
    /// A Jam taking hold.
    Jam,
    /// Immobilize taking hold.
    Immobilize,
    /// A Regenerate.
    Regenerate,
    /// Payback firing.
    Payback,
    /// Tribute firing.
    Tribute,
    /// The target of a single-target skill (value: the slot).
    Target,
}

impl Ev {
    pub(super) const ALL: [Ev; 9] = [
        Ev::Flurry,
        Ev::Flying,
        Ev::Evade,
        Ev::Jam,
        Ev::Immobilize,
        Ev::Regenerate,
        Ev::Payback,
        Ev::Tribute,
        Ev::Target,
    ];
    pub(super) fn name(self) -> &'static str {
        match self {
            Ev::Flurry => "flurry",
            Ev::Flying => "flying",
            Ev::Evade => "evade",
            Ev::Jam => "jam",
            Ev::Immobilize => "immobilize",
            Ev::Regenerate => "regenerate",
            Ev::Payback => "payback",
            Ev::Tribute => "tribute",
            Ev::Target => "target",
        }
    }
}

/// Write a line to the event log if it is on (the text is only built then).
macro_rules! note {
    ($s:expr, $($arg:tt)*) => {
        if $s.log.is_some() {
            let line = format!($($arg)*);
            $s.push_note(line);
        }
    };
}

impl PartialEq for TyrantState {
    fn eq(&self, o: &Self) -> bool {
        Arc::ptr_eq(&self.shared, &o.shared)
            && self.sides == o.sides
            && self.active == o.active
            && self.turn == o.turn
            && self.result == o.result
            && self.rng == o.rng
            && self.forced == o.forced
    }
}

/// Every deck position in order, `0..MAX_DECK`: a new game's draw piles are cut from it.
const POSITIONS: [u8; MAX_DECK] = {
    let mut t = [0u8; MAX_DECK];
    let mut k = 0;
    while k < MAX_DECK {
        t[k] = k as u8;
        k += 1;
    }
    t
};

#[inline]
fn bit(pos: u8) -> u64 {
    1u64 << pos
}

impl TyrantState {
    /// Deal a game: shuffle both decks and run until the first decision.
    pub(in crate::tyrant) fn deal(shared: Arc<Shared>, seating: &[u8], rng: GameRng) -> Self {
        Self::deal_with(shared, seating, rng, true)
    }

    /// [`Self::deal`], with the game's features those of its two decks (`own_features`) or
    /// all of them: the full turn loop doing all its work (the tests that play each game both
    /// ways).
    pub(in crate::tyrant) fn deal_with(
        shared: Arc<Shared>,
        seating: &[u8],
        rng: GameRng,
        own_features: bool,
    ) -> Self {
        // Built in place: a side is over a kilobyte, and every move of the state is a copy.
        let empty = |seat: usize| {
            let deck = &shared.decks[seating[seat] as usize];
            Side {
                commander: Unit::new(deck.commander, shared.db.card(deck.commander), NO_POS),
                assaults: ArrayVec::new(),
                structures: ArrayVec::new(),
                library: ArrayVec::new(),
                hand: ArrayVec::new(),
                deck: seating[seat],
                drawn: 0,
                opening: 0,
                played: 0,
                gone: 0,
                turns: 0,
                dead: false,
            }
        };
        let sides = [empty(0), empty(1)];
        let active = shared.rules.first;
        let mut s = TyrantState {
            shared: Arc::clone(&shared),
            sides,
            active,
            turn: 1,
            result: None,
            rng,
            forced: ArrayVec::new(),
            forced_misses: ArrayVec::new(),
            log: None,
            features: FULL,
        };
        s.shuffle_and_start(seating, own_features);
        s
    }

    /// Deal a game into this state, whatever game it held: the same state as
    /// [`TyrantState::deal`] with the same arguments, without building and moving a new one.
    pub(in crate::tyrant) fn redeal(&mut self, shared: &Arc<Shared>, seating: &[u8], rng: GameRng) {
        // The same tables as before in a run: no reference count to touch.
        if !Arc::ptr_eq(&self.shared, shared) {
            self.shared = Arc::clone(shared);
        }
        for (seat, side) in self.sides.iter_mut().enumerate() {
            let deck = &shared.decks[seating[seat] as usize];
            side.commander = Unit::new(deck.commander, shared.db.card(deck.commander), NO_POS);
            side.assaults.clear();
            side.structures.clear();
            side.library.clear();
            side.hand.clear();
            side.deck = seating[seat];
            side.drawn = 0;
            side.opening = 0;
            side.played = 0;
            side.gone = 0;
            side.turns = 0;
            side.dead = false;
        }
        self.active = shared.rules.first;
        self.turn = 1;
        self.result = None;
        self.rng = rng;
        self.forced.clear();
        self.forced_misses.clear();
        self.log = None;
        self.shuffle_and_start(seating, true);
    }

    /// The deal's last steps: choose the turn loop, fill and shuffle both draw piles, then
    /// begin the first turn.
    fn shuffle_and_start(&mut self, seating: &[u8], own_features: bool) {
        let shared: &Shared = &self.shared;
        self.features = if own_features {
            shared.features[seating[0] as usize] | shared.features[seating[1] as usize]
        } else {
            FULL
        };
        for (seat, &deck) in seating.iter().enumerate().take(2) {
            let n = shared.decks[deck as usize].cards.len();
            let side = &mut self.sides[seat];
            // Positions 0..n in order: a copy of a fixed list cut to length (the library is
            // empty here), in place of a push per card.
            debug_assert!(side.library.is_empty());
            let mut library = ArrayVec::from(POSITIONS);
            library.truncate(n);
            side.library = library;
            if shared.rules.shuffle {
                crate::rng::shuffle_small(&mut side.library, &mut self.rng);
            } else {
                side.library.reverse(); // top = first card of the list
            }
        }
        if features::lean(self.features) {
            self.start_turn::<LEAN>();
        } else {
            self.start_turn::<FULL>();
        }
    }

    /// Run this game's turns with the full turn loop, every feature on, from now on: for a
    /// state edited by hand (scenario set-up does it itself), which may give a card a status
    /// its matchup's decks cannot cause.
    pub fn use_full_loop(&mut self) {
        self.features = FULL;
    }

    /// Whether the game runs the lean turn loop.
    pub fn runs_lean_loop(&self) -> bool {
        features::lean(self.features)
    }

    /// Whether feature `x` can occur in this game, in the turn loop compiled with features
    /// `F`: decided by the compiler in the lean loop, by the game's own set in the full one
    /// (for work worth a test: a pass over a row, a definition looked up).
    #[inline(always)]
    fn can<const F: u32>(&self, x: u32) -> bool {
        F & x != 0 && self.features & x != 0
    }

    #[inline]
    pub(super) fn def(&self, card: u16) -> &CardDef {
        self.shared.db.card(card)
    }

    /// The compiled hot record of card `card`.
    #[inline(always)]
    pub(super) fn hot(&self, card: u16) -> Hot {
        self.shared.hot[card as usize]
    }

    /// The card at deck position `pos` of seat `seat`.
    #[inline]
    pub fn card_at(&self, seat: usize, pos: u8) -> u16 {
        self.shared.decks[self.sides[seat].deck as usize].cards[pos as usize]
    }

    /// Whether the game is over.
    #[inline]
    pub fn over(&self) -> bool {
        self.result.is_some()
    }

    /// A coin flip of event `ev` succeeding with `percent`% (a forced outcome first).
    /// Inlined: outside scenarios it is one draw, and the forced queue is empty.
    #[inline(always)]
    pub(super) fn roll(&mut self, ev: Ev, percent: u8) -> bool {
        if !self.forced.is_empty() {
            if let Some(v) = self.forced_roll(ev) {
                return v;
            }
        }
        percent >= 100 || (percent > 0 && self.rng.random_range(0..100u32) < percent as u32)
    }

    /// The next forced outcome of event `ev`, if one is queued (scenarios only).
    #[cold]
    #[inline(never)]
    fn forced_roll(&mut self, ev: Ev) -> Option<bool> {
        let k = self.forced.iter().position(|f| f.0 == ev)?;
        let v = self.forced.remove(k).1 != 0;
        note!(
            self,
            "  (forced: {} {})",
            ev.name(),
            if v { "succeeds" } else { "fails" }
        );
        Some(v)
    }

    /// One of `targets` (slots), uniformly at random (a forced target first). Inlined like
    /// [`Self::roll`].
    #[inline(always)]
    pub(super) fn pick(&mut self, targets: &[u8]) -> u8 {
        if !self.forced.is_empty() {
            if let Some(v) = self.forced_pick(targets) {
                return v;
            }
        }
        targets[self.rng.random_range(0..targets.len())]
    }

    /// The next forced target, if one is queued and is one of `targets` (scenarios only);
    /// a forced target that is not valid is kept as a miss.
    #[cold]
    #[inline(never)]
    fn forced_pick(&mut self, targets: &[u8]) -> Option<u8> {
        let k = self.forced.iter().position(|f| f.0 == Ev::Target)?;
        let v = self.forced.remove(k).1;
        if targets.contains(&v) {
            return Some(v);
        }
        let _ = self.forced_misses.try_push((Ev::Target, v));
        None
    }

    #[cold]
    pub(super) fn push_note(&mut self, line: String) {
        if let Some(l) = self.log.as_mut() {
            l.push(line);
        }
    }

    // Log lines of the play loop, out of line and taking their values by copy, so that the
    // formatting's temporaries, calls and unwinding paths stay out of the rules code (only
    // a call on the logging path is left there). Callers test `self.log` first.

    /// "  <assault i of side s><what>", e.g. `what` = " evades".
    #[cold]
    #[inline(never)]
    pub(super) fn note_unit(&mut self, s: usize, i: usize, what: &'static str) {
        let line = format!("  {}{what}", self.an(s, i));
        self.push_note(line);
    }

    /// A fixed line.
    #[cold]
    #[inline(never)]
    pub(super) fn note_text(&mut self, text: &'static str) {
        self.push_note(text.to_string());
    }

    /// `dmg` damage (from a skill, or from Counter with `counter`) to assault `i` of side `s`.
    #[cold]
    #[inline(never)]
    pub(super) fn note_damage(&mut self, s: usize, i: usize, dmg: i16, counter: bool) {
        let by = if counter { "counter: " } else { "" };
        let line = format!("  {by}{dmg} damage to {}", self.an(s, i));
        self.push_note(line);
    }

    /// Name of assault `i` of side `s`, for the log.
    pub(super) fn an(&self, s: usize, i: usize) -> String {
        let u = &self.sides[s].assaults[i];
        format!(
            "{} {} (slot {i}, {} hp)",
            SEATS[s],
            self.def(u.card).name,
            u.hp.max(0)
        )
    }
}

mod attack;
mod hooks;
#[cfg(test)]
mod loops_tests;
mod skills;
mod turn;
