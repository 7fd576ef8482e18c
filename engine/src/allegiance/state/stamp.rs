//! Content stamps: a number naming the content of a group of fields (the shared piles, a
//! territory's units), so that `clone_from` copies the group only when the target's stamp
//! differs from the source's (search copies a state for every action it tries; most of
//! them touch few of its groups).
//!
//! The invariant: two groups (anywhere in the process, on any thread) with the same nonzero
//! stamp hold the same content. A stamp is 0 ("not named") after a write: the group's
//! content is private to its module and every `&mut` to it goes through an accessor that
//! [`Stamp::clear`]s the stamp first (one store, so that a game played without search pays
//! nothing more). A nonzero stamp is only ever made by [`fresh`] (never handed out twice),
//! when `clone_from` copies from a group whose stamp is 0 (the source is named then, through
//! a relaxed atomic: it is shared, not written, while it is copied; two threads copying it
//! at once may both name it, each with a fresh stamp, and both names are true), or copied
//! together with the content it names. The stamps are a cache: equality and `Debug` of the
//! groups ignore them.

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

/// The stamp of one group (see the module's invariant); 0 when not named.
#[derive(Default)]
pub struct Stamp(AtomicU64);

impl Stamp {
    /// Not named (the group's content is about to change, or was just made).
    #[inline]
    pub fn clear(&mut self) {
        *self.0.get_mut() = 0;
    }

    /// Make the group a copy of `src`'s group with `copy`, unless the two stamps are already
    /// equal (equal stamps name equal content); `src` is named first if it has no stamp.
    #[inline]
    pub fn copy_from(&mut self, src: &Stamp, copy: impl FnOnce()) {
        let s = name(&src.0);
        if *self.0.get_mut() != s {
            copy();
            *self.0.get_mut() = s;
        }
    }

    /// The stamp's value (0: not named), for the tests of the copy.
    #[cfg(test)]
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

impl Clone for Stamp {
    /// The same stamp (for a copy of the group's content).
    #[inline]
    fn clone(&self) -> Self {
        Stamp(AtomicU64::new(self.0.load(Ordering::Relaxed)))
    }
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
