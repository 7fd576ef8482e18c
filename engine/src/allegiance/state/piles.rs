//! The shared decks and discard piles behind their one writer: each group carries a
//! content stamp (see `stamp.rs`), so that `clone_from` copies it only when the target's
//! stamp differs (search copies a state for every action it tries; most of them never
//! touch the piles). Every `&mut` to a group goes through `decks_mut`, `discards_mut` or
//! `both_mut`, which clear the group's stamp first; the pile moves the rules make more than
//! once (discard, put under, mill, take back from a discard pile) are methods here.
//!
//! A deck may be *unordered* from some depth up (only in a search's resampled world, see
//! `AllegianceState::resample_lazy`): its cards there are in no meaningful order, and taking
//! its top card takes one of them at random, which is how a shuffle now and a draw later
//! would have dealt it.

use super::stamp::Stamp;
use super::{CardIds, DECK};
use crate::rng::{index_below, GameRng};

/// [`Piles::unordered`] of an ordered deck.
const ORDERED: u8 = u8::MAX;

/// The shared decks (basic, elite, action) and their discard piles; the top of each is its
/// last entry.
pub struct Piles {
    decks: [CardIds<DECK>; 3],
    /// By deck: [`ORDERED`], or the depth from which the deck is unordered (its entries
    /// from this index to the top; the ones below were put under it since, in order). Part
    /// of the deck group: changed through `decks_mut` like the decks.
    unordered: [u8; 3],
    /// Names the content of `decks` and `unordered` (see `stamp.rs`).
    deck_stamp: Stamp,
    discards: [CardIds<DECK>; 3],
    /// Names the content of `discards`.
    discard_stamp: Stamp,
}

impl Piles {
    /// Empty decks and piles.
    pub(super) fn new() -> Self {
        Piles {
            decks: [CardIds::new(); 3],
            unordered: [ORDERED; 3],
            deck_stamp: Stamp::default(),
            discards: [CardIds::new(); 3],
            discard_stamp: Stamp::default(),
        }
    }

    /// The decks.
    #[inline]
    pub fn decks(&self) -> &[CardIds<DECK>; 3] {
        &self.decks
    }

    /// The discard piles.
    #[inline]
    pub fn discards(&self) -> &[CardIds<DECK>; 3] {
        &self.discards
    }

    /// The decks, to change them (their stamp is cleared).
    #[inline]
    pub fn decks_mut(&mut self) -> &mut [CardIds<DECK>; 3] {
        self.deck_stamp.clear();
        &mut self.decks
    }

    /// The discard piles, to change them (their stamp is cleared).
    #[inline]
    pub fn discards_mut(&mut self) -> &mut [CardIds<DECK>; 3] {
        self.discard_stamp.clear();
        &mut self.discards
    }

    /// Both, to move cards between them (both stamps are cleared).
    #[inline]
    pub fn both_mut(&mut self) -> (&mut [CardIds<DECK>; 3], &mut [CardIds<DECK>; 3]) {
        self.deck_stamp.clear();
        self.discard_stamp.clear();
        (&mut self.decks, &mut self.discards)
    }

    /// Put `card` on top of discard pile `d`, if the pile has room (a full pile keeps its
    /// cards; the stamp is cleared only when the pile changes).
    #[inline]
    pub fn discard(&mut self, d: usize, card: u8) {
        if !self.discards[d].is_full() {
            self.discards_mut()[d].push(card);
        }
    }

    /// Put `card` at the bottom of deck `d`, if the deck has room (as [`Self::discard`]).
    #[inline]
    pub fn put_under(&mut self, d: usize, card: u8) {
        if !self.decks[d].is_full() {
            self.decks_mut()[d].insert(0, card);
            // Below the unordered cards: they move up one place.
            if self.unordered[d] != ORDERED {
                self.unordered[d] += 1;
            }
        }
    }

    /// Take the top card of deck `d` (which holds one): the last entry, or of an unordered
    /// deck one of its unordered cards at random (drawn with `rng`, the game's).
    #[inline]
    pub fn take_top(&mut self, d: usize, rng: &mut GameRng) -> u8 {
        let low = self.unordered[d];
        let deck = &mut self.decks_mut()[d];
        let n = deck.len();
        if low != ORDERED && (low as usize) < n {
            let j = low as usize + index_below(rng, n - low as usize);
            deck.swap(j, n - 1);
        }
        let card = deck.pop().expect("a card to take");
        // Taking a card put under the unordered ones: the deck is ordered from there.
        if low != ORDERED && deck.len() < low as usize {
            self.unordered[d] = deck.len() as u8;
        }
        card
    }

    /// Move the top card of deck `d` (which holds one, taken as [`Self::take_top`]) onto its
    /// discard pile; returns it.
    #[inline]
    pub fn mill(&mut self, d: usize, rng: &mut GameRng) -> u8 {
        let card = self.take_top(d, rng);
        self.discards_mut()[d].push(card);
        card
    }

    /// Deck `d` holds `cards` in no meaningful order (from its bottom up): the search's
    /// resampled world (see the module's comment).
    pub(super) fn set_unordered(&mut self, d: usize, cards: &[u8]) {
        let deck = &mut self.decks_mut()[d];
        deck.clear();
        // Fits: the resampled deck is as long as the deck was.
        deck.extend_from_slice(cards);
        self.unordered[d] = 0;
    }

    /// Deck `d` is ordered again (refilled and shuffled from its discard pile).
    #[inline]
    pub(super) fn set_ordered(&mut self, d: usize) {
        if self.unordered[d] != ORDERED {
            self.deck_stamp.clear();
            self.unordered[d] = ORDERED;
        }
    }

    /// By deck: [`None`] for an ordered deck, or the depth from which it is unordered.
    pub fn unordered(&self) -> [Option<u8>; 3] {
        self.unordered.map(|u| (u != ORDERED).then_some(u))
    }

    /// Take the topmost copy of `card` out of discard pile `d`; whether there was one (the
    /// stamp is cleared only when the pile changes).
    #[inline]
    pub fn take_discarded(&mut self, d: usize, card: u8) -> bool {
        match self.discards[d].iter().rposition(|&x| x == card) {
            Some(i) => {
                self.discards_mut()[d].remove(i);
                true
            }
            None => false,
        }
    }

    /// The stamps (decks, discards), for the tests of the copy.
    #[cfg(test)]
    pub(super) fn stamps(&self) -> (u64, u64) {
        (self.deck_stamp.get(), self.discard_stamp.get())
    }
}

impl Clone for Piles {
    #[inline]
    fn clone(&self) -> Self {
        Piles {
            decks: self.decks,
            unordered: self.unordered,
            deck_stamp: self.deck_stamp.clone(),
            discards: self.discards,
            discard_stamp: self.discard_stamp.clone(),
        }
    }

    /// Copies a group only when the stamps differ: equal stamps name equal content (the
    /// source's group is named first if it has no stamp).
    #[inline]
    fn clone_from(&mut self, o: &Self) {
        // Fixed-size block copies, one list at a time: each is small enough to be inlined
        // (the three together would be one `memcpy` call of 363 bytes).
        self.deck_stamp.copy_from(&o.deck_stamp, || {
            for (a, b) in self.decks.iter_mut().zip(&o.decks) {
                *a = *b;
            }
            self.unordered = o.unordered;
        });
        self.discard_stamp.copy_from(&o.discard_stamp, || {
            for (a, b) in self.discards.iter_mut().zip(&o.discards) {
                *a = *b;
            }
        });
    }
}

impl PartialEq for Piles {
    fn eq(&self, o: &Self) -> bool {
        self.decks == o.decks && self.unordered == o.unordered && self.discards == o.discards
    }
}

impl Eq for Piles {}

impl std::fmt::Debug for Piles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Piles")
            .field("decks", &self.decks)
            .field("unordered", &self.unordered)
            .field("discards", &self.discards)
            .finish()
    }
}

#[cfg(test)]
#[path = "lazy_tests.rs"]
mod lazy_tests;
