//! The shared decks and discard piles behind their one writer: each group carries a stamp
//! naming its content, so that `clone_from` copies it only when the target's stamp differs
//! (search copies a state for every action it tries; most of them never touch the piles).
//!
//! The invariant: two groups (anywhere in the process, on any thread) with the same nonzero
//! stamp hold the same content. A stamp is 0 ("not named") after a write: the content is
//! private to this module and every `&mut` to it goes through `decks_mut`, `discards_mut`
//! or `both_mut`, which clear the group's stamp first (one store, so that a game played
//! without search pays nothing more). A nonzero stamp is only ever made by [`fresh`] (never
//! handed out twice), when `clone_from` copies from a group whose stamp is 0 (the source
//! is named then, through a relaxed atomic: it is shared, not written, while it is copied;
//! two threads copying it at once may both name it, each with a fresh stamp, and both
//! names are true), or copied together with the content it names. The stamps are a cache:
//! equality and `Debug` ignore them.

use super::{CardIds, DECK};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

/// A thread takes stamps from a block of `2^BLOCK_BITS` reserved for it at a time, so that
/// the shared counter is touched once per million stamps (a stamp is made when a written
/// group is first copied from).
const BLOCK_BITS: u32 = 20;
/// Blocks handed out so far (by every thread).
static BLOCKS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// The next stamp of this thread's block; its low `BLOCK_BITS` bits are 0 when the
    /// thread has no block yet or used its block up.
    static NEXT: Cell<u64> = const { Cell::new(0) };
}

/// A stamp no other call ever returned (in this process), never 0.
#[inline]
fn fresh() -> u64 {
    NEXT.with(|next| {
        let mut s = next.get();
        if s & ((1 << BLOCK_BITS) - 1) == 0 {
            s = new_block();
        }
        // Cannot overflow: `s` is below (2^44 blocks) << 20 long before any process makes
        // 2^64 stamps.
        next.set(s + 1);
        s
    })
}

/// The first stamp of a block reserved for this thread (the block's stamp with low bits 0
/// is never used: it marks "take a block" in `NEXT`).
#[cold]
#[inline(never)]
fn new_block() -> u64 {
    // Relaxed is enough: only the uniqueness of the counter's values matters. Block numbers
    // start at 1 (stamps are never 0); the shift cannot drop bits before 2^44 blocks.
    let b = BLOCKS.fetch_add(1, Ordering::Relaxed) + 1;
    (b << BLOCK_BITS) | 1
}

/// The shared decks (basic, elite, action) and their discard piles; the top of each is its
/// last entry.
pub struct Piles {
    decks: [CardIds<DECK>; 3],
    /// Names the content of `decks` (see the module's invariant); 0 when not named.
    deck_stamp: AtomicU64,
    discards: [CardIds<DECK>; 3],
    /// Names the content of `discards`.
    discard_stamp: AtomicU64,
}

/// The stamp of a group being copied: its own, or a fresh one it is given now when it has
/// none (see the module's invariant).
#[inline]
fn name(stamp: &AtomicU64) -> u64 {
    let s = stamp.load(Ordering::Relaxed);
    if s != 0 {
        return s;
    }
    name_now(stamp)
}

/// [`name`] for a group without a stamp: give it a fresh one.
#[cold]
#[inline(never)]
fn name_now(stamp: &AtomicU64) -> u64 {
    let s = fresh();
    stamp.store(s, Ordering::Relaxed);
    s
}

impl Piles {
    /// Empty decks and piles.
    pub(super) fn new() -> Self {
        Piles {
            decks: [CardIds::new(); 3],
            deck_stamp: AtomicU64::new(0),
            discards: [CardIds::new(); 3],
            discard_stamp: AtomicU64::new(0),
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
        *self.deck_stamp.get_mut() = 0;
        &mut self.decks
    }

    /// The discard piles, to change them (their stamp is cleared).
    #[inline]
    pub fn discards_mut(&mut self) -> &mut [CardIds<DECK>; 3] {
        *self.discard_stamp.get_mut() = 0;
        &mut self.discards
    }

    /// Both, to move cards between them (both stamps are cleared).
    #[inline]
    pub fn both_mut(&mut self) -> (&mut [CardIds<DECK>; 3], &mut [CardIds<DECK>; 3]) {
        *self.deck_stamp.get_mut() = 0;
        *self.discard_stamp.get_mut() = 0;
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
        }
    }

    /// The stamps (decks, discards), for the tests of the copy.
    #[cfg(test)]
    pub(super) fn stamps(&self) -> (u64, u64) {
        (
            self.deck_stamp.load(Ordering::Relaxed),
            self.discard_stamp.load(Ordering::Relaxed),
        )
    }
}

impl Clone for Piles {
    #[inline]
    fn clone(&self) -> Self {
        Piles {
            decks: self.decks,
            deck_stamp: AtomicU64::new(self.deck_stamp.load(Ordering::Relaxed)),
            discards: self.discards,
            discard_stamp: AtomicU64::new(self.discard_stamp.load(Ordering::Relaxed)),
        }
    }

    /// Copies a group only when the stamps differ: equal stamps name equal content (the
    /// source's group is named first if it has no stamp).
    #[inline]
    fn clone_from(&mut self, o: &Self) {
        // Fixed-size block copies, one list at a time: each is small enough to be inlined
        // (the three together would be one `memcpy` call of 363 bytes).
        let s = name(&o.deck_stamp);
        if *self.deck_stamp.get_mut() != s {
            for (a, b) in self.decks.iter_mut().zip(&o.decks) {
                *a = *b;
            }
            *self.deck_stamp.get_mut() = s;
        }
        let s = name(&o.discard_stamp);
        if *self.discard_stamp.get_mut() != s {
            for (a, b) in self.discards.iter_mut().zip(&o.discards) {
                *a = *b;
            }
            *self.discard_stamp.get_mut() = s;
        }
    }
}

impl PartialEq for Piles {
    fn eq(&self, o: &Self) -> bool {
        self.decks == o.decks && self.discards == o.discards
    }
}

impl Eq for Piles {}

impl std::fmt::Debug for Piles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Piles")
            .field("decks", &self.decks)
            .field("discards", &self.discards)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::fresh;

    #[test]
    fn fresh_stamps_differ_across_threads_and_blocks() {
        let mine: Vec<u64> = (0..(3 << super::BLOCK_BITS)).map(|_| fresh()).collect();
        let theirs = std::thread::spawn(|| (0..1000).map(|_| fresh()).collect::<Vec<u64>>())
            .join()
            .expect("thread");
        let mut all: Vec<u64> = mine.iter().chain(&theirs).copied().collect();
        assert!(all.iter().all(|&s| s != 0));
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), mine.len() + theirs.len());
    }
}
