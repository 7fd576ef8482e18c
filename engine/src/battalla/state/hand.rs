//! A player's hand: its cards (deck positions, in hand order) and, kept with them by every
//! change, bit masks over hand indices of what the main listing asks of each card (its play
//! class, its React flag, whether its stamina cost is above a level), so which hand cards can
//! be played is a few mask operations instead of a table read per card and decision.

use std::ops::Deref;

use arrayvec::ArrayVec;

use super::super::deck::{MAIN, POSITIONS};
use super::super::rules::{PLAY_CHECK, PLAY_FIELD, PLAY_REACT, PLAY_UNIT};

/// Cost levels kept as masks: `above[k]` holds the cards costing more than `k` (0 to 5: the
/// stamina of a turn under the default rules; more stamina falls back to a card-by-card look).
const LEVELS: usize = 6;

/// A seat's play table ([`super::super::rules::play_class`] at every deck position).
pub type PlayTab = [u16; POSITIONS];

/// The cards of a hand with their masks. Reads go through `Deref` to the cards; changes go
/// through the methods, which take the seat's play table.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Hand {
    cards: ArrayVec<u8, MAIN>,
    /// Units summoned into a lane ([`PLAY_UNIT`]).
    unit: u64,
    /// Fields ([`PLAY_FIELD`]).
    field: u64,
    /// Cards the full check decides ([`PLAY_CHECK`]).
    check: u64,
    /// Cards with a React effect.
    react: u64,
    /// `above[k]`: cards whose stamina cost is greater than `k`.
    above: [u64; LEVELS],
}

impl Deref for Hand {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        &self.cards
    }
}

/// `m` with bit `i` taken out and the bits above it moved down one place.
#[inline]
fn drop_bit(m: u64, i: usize) -> u64 {
    let low = (1u64 << i) - 1;
    (m & low) | ((m >> 1) & !low)
}

impl Hand {
    /// Add card `c` at the end.
    #[inline]
    pub fn push(&mut self, c: u8, tab: &PlayTab) {
        let i = self.cards.len();
        self.cards.push(c);
        self.mark(i, tab[c as usize]);
    }

    /// Set the mask bits of index `i` for play-table entry `e` (its bits are clear).
    #[inline]
    fn mark(&mut self, i: usize, e: u16) {
        let b = 1u64 << i;
        let class = e & 0xf;
        self.unit |= b * (class == PLAY_UNIT) as u64;
        self.field |= b * (class == PLAY_FIELD) as u64;
        self.check |= b * (class == PLAY_CHECK) as u64;
        self.react |= b * (e & PLAY_REACT != 0) as u64;
        let cost = (e >> 8) as usize;
        for (k, m) in self.above.iter_mut().enumerate() {
            *m |= b * (cost > k) as u64;
        }
    }

    /// Take out the card at index `i` (the later cards move down one place).
    #[inline]
    pub fn remove(&mut self, i: usize) -> u8 {
        let c = self.cards.remove(i);
        for m in [
            &mut self.unit,
            &mut self.field,
            &mut self.check,
            &mut self.react,
        ] {
            *m = drop_bit(*m, i);
        }
        for m in &mut self.above {
            *m = drop_bit(*m, i);
        }
        c
    }

    /// Take out the last card.
    pub fn pop(&mut self) -> Option<u8> {
        let n = self.cards.len();
        (n > 0).then(|| self.remove(n - 1))
    }

    /// The cards, to be rewritten in place; [`Self::rebuild`] must follow.
    pub fn cards_mut(&mut self) -> &mut [u8] {
        &mut self.cards
    }

    /// Work the masks out again from the cards.
    pub fn rebuild(&mut self, tab: &PlayTab) {
        let cards = std::mem::take(&mut self.cards);
        *self = Hand::default();
        for c in cards {
            self.push(c, tab);
        }
    }

    /// The cards whose stamina cost is at most `stamina` (bits over hand indices).
    #[inline]
    pub fn affordable(&self, stamina: u8, tab: &PlayTab) -> u64 {
        let all = (1u64 << self.cards.len()) - 1;
        let s = stamina as usize;
        if s < LEVELS {
            return all & !self.above[s];
        }
        // Cards costing more than the top level: compared one by one.
        let mut dear = self.above[LEVELS - 1];
        let mut ok = all & !dear;
        while dear != 0 {
            let i = dear.trailing_zeros() as usize;
            dear &= dear - 1;
            if (tab[self.cards[i] as usize] >> 8) as usize <= s {
                ok |= 1 << i;
            }
        }
        ok
    }

    /// The hand plays of the main decision the masks settle and those [`PLAY_CHECK`] leaves
    /// to the full check, for `stamina` and whether a lane is `open`: (sure, to check).
    #[inline]
    pub fn plays(&self, stamina: u8, open: bool, tab: &PlayTab) -> (u64, u64) {
        let afford = self.affordable(stamina, tab);
        let units = if open { self.unit } else { 0 };
        (afford & (units | self.field), afford & self.check)
    }

    /// The cards with a React effect.
    #[inline]
    pub fn reacts(&self) -> u64 {
        self.react
    }
}
