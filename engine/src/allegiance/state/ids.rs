//! `IdList`: a list of small ids with a fixed capacity, stored whole (no uninitialised
//! tail), so that copying it is one fixed-size block copy that the compiler inlines, where
//! an `ArrayVec<u8, N>` copies its used entries with a call to `memcpy`. `CardIds` (card
//! ids: the hands, shared decks and discard piles) and `Targets` (a chain item's targets)
//! are its two uses: search copies them on every action it tries.

use std::ops::{Deref, DerefMut, RangeTo};

/// An id an [`IdList`] holds: a small plain integer.
pub trait Id: Copy + Eq + std::fmt::Debug {
    /// The value the unused entries start with (never read).
    const ZERO: Self;
}

impl Id for u8 {
    const ZERO: Self = 0;
}

impl Id for u16 {
    const ZERO: Self = 0;
}

/// Up to `N` ids (`N` at most 255). The entries past the length are left as they were
/// (never read: equality and every view go through the used entries only).
#[derive(Copy, Clone)]
pub struct IdList<T: Id, const N: usize> {
    len: u8,
    ids: [T; N],
}

/// Up to `N` card ids.
pub type CardIds<const N: usize> = IdList<u8, N>;

/// Up to four targets of a chain item (unit ids, or [`super::HERO_BIT`] | seat): a plain
/// value, so that a chain item is one too and copying one (search copies the chain, the
/// item being built and the item resolving for every action it tries) is a fixed-size
/// block copy.
pub type Targets = IdList<u16, 4>;

impl<T: Id, const N: usize> IdList<T, N> {
    const FITS: () = assert!(N <= u8::MAX as usize);

    /// An empty list.
    #[inline]
    pub const fn new() -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::FITS;
        IdList {
            len: 0,
            ids: [T::ZERO; N],
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
    pub fn extend_from_slice(&mut self, s: &[T]) {
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
    pub fn push(&mut self, c: T) {
        self.ids[self.len as usize] = c;
        self.len += 1;
    }

    /// Append `c`, or give it back when the list is full.
    #[inline]
    pub fn try_push(&mut self, c: T) -> Result<(), T> {
        if self.is_full() {
            return Err(c);
        }
        self.push(c);
        Ok(())
    }

    /// Remove and return the last id.
    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.ids[self.len as usize])
    }

    /// Remove and return the id at `i`, shifting the later ones down. Panics past the end.
    #[inline]
    pub fn remove(&mut self, i: usize) -> T {
        let n = self.len as usize;
        let c = self[i];
        self.ids.copy_within(i + 1..n, i);
        self.len -= 1;
        c
    }

    /// Insert `c` at `i`, shifting the later ids up. Panics when full or past the end.
    #[inline]
    pub fn insert(&mut self, i: usize, c: T) {
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
    pub fn retain(&mut self, mut keep: impl FnMut(&mut T) -> bool) {
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

impl<T: Id, const N: usize> Default for IdList<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Id, const N: usize> Deref for IdList<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        &self.ids[..self.len as usize]
    }
}

impl<T: Id, const N: usize> DerefMut for IdList<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.ids[..self.len as usize]
    }
}

impl<T: Id, const N: usize> Extend<T> for IdList<T, N> {
    /// Append every id. Panics when the list fills up.
    fn extend<I: IntoIterator<Item = T>>(&mut self, it: I) {
        for c in it {
            self.push(c);
        }
    }
}

impl<T: Id, const N: usize> FromIterator<T> for IdList<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(it: I) -> Self {
        let mut l = Self::new();
        l.extend(it);
        l
    }
}

impl<'a, T: Id, const N: usize> IntoIterator for &'a IdList<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T: Id, const N: usize> IntoIterator for &'a mut IdList<T, N> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T: Id, const N: usize> PartialEq for IdList<T, N> {
    fn eq(&self, o: &Self) -> bool {
        **self == **o
    }
}

impl<T: Id, const N: usize> Eq for IdList<T, N> {}

impl<T: Id, const N: usize> std::fmt::Debug for IdList<T, N> {
    /// As a list of the ids (as `ArrayVec` prints).
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
