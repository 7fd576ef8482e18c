//! `CardIds`: a list of card ids with a fixed capacity, stored whole (no uninitialised
//! tail), so that copying it is one fixed-size block copy that the compiler inlines, where
//! an `ArrayVec<u8, N>` copies its used entries with a call to `memcpy`. The hands, shared
//! decks and discard piles use it: search copies them on every action it tries. `Targets`,
//! a chain item's targets, is stored the same way.

use std::ops::{Deref, DerefMut, RangeTo};

/// Up to `N` card ids (`N` at most 255). The entries past the length are left as they were
/// (never read: equality and every view go through the used entries only).
#[derive(Copy, Clone)]
pub struct CardIds<const N: usize> {
    len: u8,
    ids: [u8; N],
}

impl<const N: usize> CardIds<N> {
    const FITS: () = assert!(N <= u8::MAX as usize);

    /// An empty list.
    #[inline]
    pub const fn new() -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::FITS;
        CardIds {
            len: 0,
            ids: [0; N],
        }
    }

    /// The capacity, `N`.
    #[inline]
    pub const fn capacity(&self) -> usize {
        N
    }

    /// The number of ids (read from the count, without making the slice).
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the list is empty (read from the count, without making the slice).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Append the ids of `s` in one block. Panics when they do not fit.
    #[inline]
    pub fn extend_from_slice(&mut self, s: &[u8]) {
        let n = self.len as usize;
        self.ids[n..n + s.len()].copy_from_slice(s);
        self.len = (n + s.len()) as u8;
    }

    /// Whether the list holds `N` ids.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.len as usize == N
    }

    /// Append `c`. Panics when the list is full (callers check `is_full` first, as with
    /// `ArrayVec::push`).
    #[inline]
    pub fn push(&mut self, c: u8) {
        self.ids[self.len as usize] = c;
        self.len += 1;
    }

    /// Append `c`, or give it back when the list is full.
    #[inline]
    pub fn try_push(&mut self, c: u8) -> Result<(), u8> {
        if self.is_full() {
            return Err(c);
        }
        self.push(c);
        Ok(())
    }

    /// Remove and return the last id.
    #[inline]
    pub fn pop(&mut self) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.ids[self.len as usize])
    }

    /// Remove and return the id at `i`, shifting the later ones down. Panics past the end.
    #[inline]
    pub fn remove(&mut self, i: usize) -> u8 {
        let n = self.len as usize;
        let c = self[i];
        self.ids.copy_within(i + 1..n, i);
        self.len -= 1;
        c
    }

    /// Insert `c` at `i`, shifting the later ids up. Panics when full or past the end.
    #[inline]
    pub fn insert(&mut self, i: usize, c: u8) {
        let n = self.len as usize;
        assert!(i <= n && n < N, "insert at {i} into {n} of {N}");
        self.ids.copy_within(i..n, i + 1);
        self.ids[i] = c;
        self.len += 1;
    }

    /// Remove every id.
    #[inline]
    pub fn clear(&mut self) {
        self.truncate(0);
    }

    /// Keep the first `n` ids (all of them when there are fewer).
    #[inline]
    pub fn truncate(&mut self, n: usize) {
        if n < self.len as usize {
            self.len = n as u8;
        }
    }

    /// Keep the ids for which `keep` holds, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&mut u8) -> bool) {
        let n = self.len as usize;
        let mut k = 0;
        for i in 0..n {
            let mut c = self.ids[i];
            if keep(&mut c) {
                self.ids[k] = c;
                k += 1;
            }
        }
        self.len = k as u8;
    }

    /// Remove the ids in `range` (the first ones), shifting the rest down.
    pub fn drain(&mut self, range: RangeTo<usize>) {
        let (n, m) = (self.len as usize, range.end);
        assert!(m <= n, "drain of {m} from {n}");
        self.ids.copy_within(m..n, 0);
        self.len = (n - m) as u8;
    }
}

impl<const N: usize> Default for CardIds<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> Deref for CardIds<N> {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        &self.ids[..self.len as usize]
    }
}

impl<const N: usize> DerefMut for CardIds<N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.ids[..self.len as usize]
    }
}

impl<const N: usize> Extend<u8> for CardIds<N> {
    /// Append every id. Panics when the list fills up.
    fn extend<I: IntoIterator<Item = u8>>(&mut self, it: I) {
        for c in it {
            self.push(c);
        }
    }
}

impl<const N: usize> FromIterator<u8> for CardIds<N> {
    fn from_iter<I: IntoIterator<Item = u8>>(it: I) -> Self {
        let mut l = Self::new();
        l.extend(it);
        l
    }
}

impl<'a, const N: usize> IntoIterator for &'a CardIds<N> {
    type Item = &'a u8;
    type IntoIter = std::slice::Iter<'a, u8>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, const N: usize> IntoIterator for &'a mut CardIds<N> {
    type Item = &'a mut u8;
    type IntoIter = std::slice::IterMut<'a, u8>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<const N: usize> PartialEq for CardIds<N> {
    fn eq(&self, o: &Self) -> bool {
        **self == **o
    }
}

impl<const N: usize> Eq for CardIds<N> {}

impl<const N: usize> std::fmt::Debug for CardIds<N> {
    /// As a list of the ids (as `ArrayVec` prints).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

/// Up to four targets of a chain item (unit ids, or [`super::HERO_BIT`] | seat), stored
/// whole like [`CardIds`]: a plain value, so that a chain item is one too and copying one
/// (search copies the chain, the item being built and the item resolving for every action
/// it tries) is a fixed-size block copy instead of a copy of the used entries one by one.
#[derive(Copy, Clone, Default)]
pub struct Targets {
    len: u8,
    ids: [u16; 4],
}

impl Targets {
    /// No target.
    #[inline]
    pub const fn new() -> Self {
        Targets {
            len: 0,
            ids: [0; 4],
        }
    }

    /// Add target `t`. Panics when there are four already.
    #[inline]
    pub fn push(&mut self, t: u16) {
        self.ids[self.len as usize] = t;
        self.len += 1;
    }
}

impl Deref for Targets {
    type Target = [u16];
    #[inline]
    fn deref(&self) -> &[u16] {
        &self.ids[..self.len as usize]
    }
}

impl<'a> IntoIterator for &'a Targets {
    type Item = &'a u16;
    type IntoIter = std::slice::Iter<'a, u16>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq for Targets {
    fn eq(&self, o: &Self) -> bool {
        **self == **o
    }
}

impl Eq for Targets {}

impl std::fmt::Debug for Targets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::CardIds;

    /// Every edit matches a `Vec` doing the same.
    #[test]
    fn edits_match_a_vec() {
        let mut l: CardIds<8> = CardIds::new();
        let mut v: Vec<u8> = Vec::new();
        let check = |l: &CardIds<8>, v: &Vec<u8>| {
            assert_eq!(&**l, &v[..]);
        };
        for c in [5, 7, 9, 11] {
            l.push(c);
            v.push(c);
        }
        check(&l, &v);
        assert_eq!(l.remove(1), v.remove(1));
        check(&l, &v);
        l.insert(0, 3);
        v.insert(0, 3);
        check(&l, &v);
        l.retain(|c| *c != 9);
        v.retain(|c| *c != 9);
        check(&l, &v);
        l.drain(..1);
        v.drain(..1);
        check(&l, &v);
        assert_eq!(l.pop(), v.pop());
        check(&l, &v);
        l.extend([1, 2, 3]);
        l.extend_from_slice(&[4, 5, 6]);
        v.extend([1, 2, 3, 4, 5, 6]);
        check(&l, &v);
        assert!(!l.is_full() && !l.is_empty() && l.len() == 7);
        l.push(8);
        assert!(l.is_full());
        l.truncate(2);
        v.truncate(2);
        check(&l, &v);
        l.clear();
        check(&l, &[].to_vec());
        assert_eq!(format!("{:?}", CardIds::<4>::from_iter([1, 2])), "[1, 2]");
    }
}
