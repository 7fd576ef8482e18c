//! A territory's units behind their one writer, with a content stamp (see `stamp.rs`), so
//! that `clone_from` copies a seat's units only when the target's stamp differs (most
//! actions search tries touch no unit of most territories).

use super::copy::{copy_into, dup};
use super::stamp::Stamp;
use super::{Unit, UNITS};
use arrayvec::ArrayVec;

/// The units in a territory, in slot order: read as the list itself (`units.len()`,
/// `units[i]`, `units.iter()`); changed only through [`Units::edit`], which clears the
/// stamp.
pub struct Units {
    list: ArrayVec<Unit, UNITS>,
    /// Names the content of `list` (see `stamp.rs`).
    stamp: Stamp,
}

impl Units {
    /// No unit.
    pub(super) fn new() -> Self {
        Units {
            list: ArrayVec::new(),
            stamp: Stamp::default(),
        }
    }

    /// The units, to change them (the stamp is cleared).
    #[inline]
    pub(in crate::allegiance) fn edit(&mut self) -> &mut ArrayVec<Unit, UNITS> {
        self.stamp.clear();
        &mut self.list
    }

    /// The stamp, for the tests of the copy.
    #[cfg(test)]
    pub(super) fn stamp(&self) -> u64 {
        self.stamp.get()
    }
}

impl std::ops::Deref for Units {
    type Target = ArrayVec<Unit, UNITS>;
    #[inline(always)]
    fn deref(&self) -> &ArrayVec<Unit, UNITS> {
        &self.list
    }
}

impl<'a> IntoIterator for &'a Units {
    type Item = &'a Unit;
    type IntoIter = std::slice::Iter<'a, Unit>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

impl Clone for Units {
    #[inline]
    fn clone(&self) -> Self {
        Units {
            list: dup(&self.list),
            stamp: self.stamp.clone(),
        }
    }

    /// Copies the units only when the stamps differ (the source is named first if it has
    /// no stamp).
    #[inline]
    fn clone_from(&mut self, o: &Self) {
        self.stamp
            .copy_from(&o.stamp, || copy_into(&mut self.list, &o.list));
    }
}

impl PartialEq for Units {
    fn eq(&self, o: &Self) -> bool {
        self.list == o.list
    }
}

impl Eq for Units {}

impl std::fmt::Debug for Units {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.list.fmt(f)
    }
}
