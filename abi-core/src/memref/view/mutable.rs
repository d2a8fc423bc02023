//! `MemRefMut`: a mutable view of rank `N`.
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Index, IndexMut};

use super::super::descriptor::MemRefDescriptor;
use super::super::element::MemRefElement;
use super::{MemRef, Raw, row_major};
use crate::model::mlir::{MemRefError, MemRefType};

/// A mutable view of rank `N`, borrowed for `'a`. Its layout never reaches
/// one element through two indices (checked at construction).
pub struct MemRefMut<'a, T, const N: usize> {
    pub(super) raw: Raw<T, N>,
    pub(super) _borrow: PhantomData<&'a mut [T]>,
}

// SAFETY: a `MemRefMut` is an exclusive borrow of `T`s, like `&mut [T]`.
unsafe impl<T: Send, const N: usize> Send for MemRefMut<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Sync for MemRefMut<'_, T, N> {}

impl<T: MemRefElement, const N: usize> MemRefMut<'_, T, N> {
    /// The memory the view borrows exclusively (its extent), for the
    /// boundary's check that it overlaps no other argument.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn borrowed_memory(&self) -> crate::argument::Borrow {
        self.raw.extent(true)
    }
}

impl<T: MemRefElement, const N: usize> MemRefMut<'_, T, N> {
    /// This view as an unranked memref (`memref<*xT>`), to pass to an MLIR
    /// function. The ranked descriptor it points to is written into `slot`,
    /// which stays borrowed, like the view, while the unranked one lives:
    ///
    /// ```
    /// use abi_core::memref::{MemRefDescriptor, MemRefMut};
    /// let mut data = [0f32; 6];
    /// let mut view = MemRefMut::from_slice(&mut data, [2, 3]).unwrap();
    /// let mut slot = MemRefDescriptor::EMPTY;
    /// let unranked = view.as_unranked(&mut slot);
    /// assert_eq!((unranked.rank(), unranked.sizes()), (2, vec![2, 3]));
    /// ```
    pub fn as_unranked<'s>(
        &'s mut self,
        slot: &'s mut MemRefDescriptor<T, N>,
    ) -> super::UnrankedMemRef<'s, T> {
        *slot = self.raw.descriptor();
        // SAFETY: the descriptor is this view's own (validated, every
        // element valid for reads and writes), and both the view and the
        // slot stay mutably borrowed for `'s`: nothing else reads, writes
        // or changes the descriptor meanwhile.
        unsafe { super::UnrankedMemRef::from_ranked(slot) }
    }
}

impl<'a, T: MemRefElement, const N: usize> MemRefMut<'a, T, N> {
    /// A mutable view of the data a descriptor describes, after checking
    /// it against `ty` and that no element is reached twice.
    ///
    /// # Safety
    ///
    /// Every element the descriptor reaches must be valid for reads and
    /// writes and not accessed through other pointers for `'a`.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub unsafe fn from_descriptor(
        desc: &MemRefDescriptor<T, N>,
        ty: &MemRefType,
    ) -> Result<Self, MemRefError> {
        // SAFETY: forwarded to the caller.
        unsafe { Self::from_checked_descriptor::<false>(desc, ty) }
    }

    /// # Safety
    ///
    /// As for [`MemRefMut::from_descriptor`], which this is; with
    /// `DYNAMIC_IDENTITY`, checked against that type whatever `ty` says
    /// (see `Raw::new`).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub(crate) unsafe fn from_checked_descriptor<const DYNAMIC_IDENTITY: bool>(
        desc: &MemRefDescriptor<T, N>,
        ty: &MemRefType,
    ) -> Result<Self, MemRefError> {
        // SAFETY: forwarded to the caller.
        let raw = unsafe { Raw::new::<DYNAMIC_IDENTITY>(desc, ty)? };
        if raw.geometry.self_overlaps() {
            return Err(MemRefError::Overlapping);
        }
        Ok(MemRefMut {
            raw,
            _borrow: PhantomData,
        })
    }

    /// A row-major mutable view of `data` with `sizes`.
    pub fn from_slice(data: &'a mut [T], sizes: [usize; N]) -> Result<Self, MemRefError> {
        let len = data.len();
        let view = Self::from_slice_strided(data, sizes, row_major(sizes), 0)?;
        if view.len() != len {
            return Err(MemRefError::LengthMismatch {
                len,
                expected: view.len(),
            });
        }
        Ok(view)
    }

    /// A strided mutable view into `data` (see
    /// [`MemRef::from_slice_strided`]); no element may be reached twice.
    pub fn from_slice_strided(
        data: &'a mut [T],
        sizes: [usize; N],
        strides: [isize; N],
        offset: usize,
    ) -> Result<Self, MemRefError> {
        let raw = Raw::from_slice_parts(data.as_mut_ptr(), data.len(), sizes, strides, offset)?;
        if raw.geometry.self_overlaps() {
            return Err(MemRefError::Overlapping);
        }
        Ok(MemRefMut {
            raw,
            _borrow: PhantomData,
        })
    }
}

impl<'a, T, const N: usize> MemRefMut<'a, T, N> {
    /// A read-only view of the same data, for as long as `self` is
    /// borrowed.
    pub fn as_view(&self) -> MemRef<'_, T, N> {
        MemRef {
            raw: self.raw,
            _borrow: PhantomData,
        }
    }

    /// A shorter mutable borrow, to pass on while keeping `self`.
    pub fn reborrow(&mut self) -> MemRefMut<'_, T, N> {
        MemRefMut {
            raw: self.raw,
            _borrow: PhantomData,
        }
    }

    /// The sizes.
    pub fn sizes(&self) -> [usize; N] {
        self.raw.geometry.sizes
    }

    /// The strides.
    pub fn strides(&self) -> [isize; N] {
        self.raw.geometry.strides
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.raw.geometry.len
    }

    /// Whether some size is 0.
    pub fn is_empty(&self) -> bool {
        self.raw.geometry.len == 0
    }

    /// The element at `[0, ...]`, or `None` when empty (see
    /// [`MemRef::first`]).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn first_mut(&mut self) -> Option<&mut T> {
        // SAFETY: non-empty: `base` is element `[0, ...]`, exclusively
        // borrowed through `self`.
        (self.raw.geometry.len != 0).then(|| unsafe { &mut *self.raw.base })
    }

    /// The element at `index`, or `None` when out of bounds.
    pub fn get_mut(&mut self, index: [usize; N]) -> Option<&mut T> {
        // SAFETY: in bounds, exclusively borrowed through `self`.
        self.raw.pointer(index).map(|p| unsafe { &mut *p })
    }

    /// The elements as one mutable slice, when contiguous.
    pub fn as_mut_slice(&mut self) -> Option<&mut [T]> {
        if !self.raw.is_contiguous() {
            return None;
        }
        // SAFETY: contiguous, `len` elements, exclusively borrowed.
        Some(unsafe { core::slice::from_raw_parts_mut(self.raw.base, self.raw.geometry.len) })
    }

    /// Call `f` on every element in logical order.
    pub fn for_each_mut(&mut self, mut f: impl FnMut(&mut T)) {
        // SAFETY: every pointer is in bounds, each element is visited once
        // (no self-overlap), and `self` is borrowed mutably for the call.
        self.raw.each_pointer(|p| f(unsafe { &mut *p }));
    }

    /// Set every element to `value`.
    pub fn fill(&mut self, value: T)
    where
        T: Copy,
    {
        self.for_each_mut(|x| *x = value);
    }

    /// The descriptor that describes this view, to pass to MLIR.
    pub fn descriptor(&mut self) -> MemRefDescriptor<T, N> {
        self.raw.descriptor()
    }
}

impl<T, const N: usize> Index<[usize; N]> for MemRefMut<'_, T, N> {
    type Output = T;

    #[cfg_attr(not(abi_core_unoptimised), inline)]
    #[track_caller]
    fn index(&self, index: [usize; N]) -> &T {
        match self.raw.pointer(index) {
            // SAFETY: in bounds, borrowed through `self`.
            Some(p) => unsafe { &*p },
            None => self.raw.out_of_bounds(index),
        }
    }
}

impl<T, const N: usize> IndexMut<[usize; N]> for MemRefMut<'_, T, N> {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    #[track_caller]
    fn index_mut(&mut self, index: [usize; N]) -> &mut T {
        match self.raw.pointer(index) {
            // SAFETY: in bounds, exclusively borrowed through `self`.
            Some(p) => unsafe { &mut *p },
            None => self.raw.out_of_bounds(index),
        }
    }
}

impl<T: fmt::Debug, const N: usize> fmt::Debug for MemRefMut<'_, T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.as_view(), f)
    }
}
