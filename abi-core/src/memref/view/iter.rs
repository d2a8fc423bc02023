//! `Iter`: the elements of a view in logical (row-major) order.
use core::fmt;
use core::marker::PhantomData;

use super::{Raw, fold_block};

/// The elements of a [`MemRef`](super::MemRef) in logical (row-major) order.
pub struct Iter<'a, T, const N: usize> {
    pub(super) raw: Raw<T, N>,
    pub(super) index: [usize; N],
    pub(super) remaining: usize,
    pub(super) _borrow: PhantomData<&'a [T]>,
}

impl<T, const N: usize> Clone for Iter<'_, T, N> {
    fn clone(&self) -> Self {
        Iter {
            raw: self.raw,
            index: self.index,
            remaining: self.remaining,
            _borrow: PhantomData,
        }
    }
}

impl<T, const N: usize> fmt::Debug for Iter<'_, T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Iter")
            .field("index", &self.index)
            .field("remaining", &self.remaining)
            .finish()
    }
}

impl<'a, T, const N: usize> Iterator for Iter<'a, T, N> {
    type Item = &'a T;

    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn next(&mut self) -> Option<&'a T> {
        if self.remaining == 0 {
            return None;
        }
        let p = self.raw.pointer(self.index)?;
        self.remaining -= 1;
        // Odometer: the last index moves fastest.
        for k in (0..N).rev() {
            self.index[k] += 1;
            if self.index[k] < self.raw.geometry.sizes[k] {
                break;
            }
            self.index[k] = 0;
        }
        // SAFETY: in bounds, readable for `'a`.
        Some(unsafe { &*p })
    }

    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }

    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn fold<B, F>(mut self, init: B, mut f: F) -> B
    where
        F: FnMut(B, &'a T) -> B,
    {
        if self.remaining != self.raw.geometry.len {
            // Partly consumed: finish one element at a time.
            let mut acc = init;
            for x in self.by_ref() {
                acc = f(acc, x);
            }
            return acc;
        }
        if self.raw.is_contiguous() && self.remaining > 0 {
            // SAFETY: contiguous and readable for `'a`.
            let slice = unsafe { core::slice::from_raw_parts(self.raw.base, self.remaining) };
            return slice.iter().fold(init, f);
        }
        if self.remaining == 0 {
            return init;
        }
        let g = &self.raw.geometry;
        // SAFETY: every pointer `fold_block` passes is an element of the
        // validated view, readable for `'a`.
        let mut step = |acc: B, p: *mut T| f(acc, unsafe { &*p });
        fold_block(self.raw.base, &g.sizes, &g.strides, init, &mut step)
    }
}

impl<T, const N: usize> ExactSizeIterator for Iter<'_, T, N> {}
