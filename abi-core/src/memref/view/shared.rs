//! `MemRef`: a shared view of rank `N`.
use core::fmt;
use core::marker::PhantomData;
use core::ops::Index;

use super::super::descriptor::MemRefDescriptor;
use super::super::element::MemRefElement;
use super::{Iter, Raw, row_major};
use crate::model::mlir::{MemRefError, MemRefType};

/// A read-only view of rank `N` of memref data, borrowed for `'a`.
///
/// Built from a descriptor MLIR passed (validated first), or from a Rust
/// slice. Indexing takes `[i, j, ...]`; iteration is in logical row-major
/// order whatever the strides (transposed, negative, zero), and is a plain
/// slice loop when the data is contiguous.
pub struct MemRef<'a, T, const N: usize> {
    pub(super) raw: Raw<T, N>,
    pub(super) _borrow: PhantomData<&'a [T]>,
}

impl<T, const N: usize> Clone for MemRef<'_, T, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, const N: usize> Copy for MemRef<'_, T, N> {}

// SAFETY: a `MemRef` is a shared borrow of `T`s, like `&[T]`.
unsafe impl<T: Sync, const N: usize> Send for MemRef<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Sync for MemRef<'_, T, N> {}

impl<T: MemRefElement, const N: usize> MemRef<'_, T, N> {
    /// The memory the view borrows (its extent), for the boundary's check
    /// that no exclusive argument overlaps it.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn borrowed_memory(&self) -> crate::argument::Borrow {
        self.raw.extent(false)
    }
}

impl<'a, T: MemRefElement, const N: usize> MemRef<'a, T, N> {
    /// A view of the data a descriptor describes, after checking the
    /// descriptor against `ty` (pass [`MemRefType::ANY_STRIDED`] to accept
    /// any valid layout).
    ///
    /// # Safety
    ///
    /// Every element the descriptor's offset, sizes and strides reach must
    /// be valid for reads and not written through other pointers for `'a`.
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
    /// As for [`MemRef::from_descriptor`], which this is; with
    /// `DYNAMIC_IDENTITY`, checked against that type whatever `ty` says
    /// (see `Raw::new`).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub(crate) unsafe fn from_checked_descriptor<const DYNAMIC_IDENTITY: bool>(
        desc: &MemRefDescriptor<T, N>,
        ty: &MemRefType,
    ) -> Result<Self, MemRefError> {
        // `match`, not `?`: one generic function fewer per element type
        // and rank in every crate (see `Geometry::parse`).
        // SAFETY: forwarded to the caller.
        match unsafe { Raw::new::<DYNAMIC_IDENTITY>(desc, ty) } {
            Ok(raw) => Ok(MemRef {
                raw,
                _borrow: PhantomData,
            }),
            Err(error) => Err(error),
        }
    }

    /// A row-major view of `data` with `sizes`; `data.len()` must be their
    /// product.
    pub fn from_slice(data: &'a [T], sizes: [usize; N]) -> Result<Self, MemRefError> {
        let strides = row_major(sizes);
        let view = Self::from_slice_strided(data, sizes, strides, 0)?;
        if view.len() != data.len() {
            return Err(MemRefError::LengthMismatch {
                len: data.len(),
                expected: view.len(),
            });
        }
        Ok(view)
    }

    /// A strided view into `data`: element `[i, ...]` is
    /// `data[offset + i*strides[0] + ...]`; every reached index must be in
    /// bounds.
    pub fn from_slice_strided(
        data: &'a [T],
        sizes: [usize; N],
        strides: [isize; N],
        offset: usize,
    ) -> Result<Self, MemRefError> {
        Ok(MemRef {
            raw: Raw::from_slice_parts(
                data.as_ptr().cast_mut(),
                data.len(),
                sizes,
                strides,
                offset,
            )?,
            _borrow: PhantomData,
        })
    }
}

impl<'a, T, const N: usize> MemRef<'a, T, N> {
    /// The sizes.
    pub fn sizes(&self) -> [usize; N] {
        self.raw.geometry.sizes
    }

    /// The strides, in elements.
    pub fn strides(&self) -> [isize; N] {
        self.raw.geometry.strides
    }

    /// The offset of element `[0, ...]` from the aligned pointer.
    pub fn offset(&self) -> usize {
        self.raw.geometry.offset as usize
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.raw.geometry.len
    }

    /// Whether some size is 0.
    pub fn is_empty(&self) -> bool {
        self.raw.geometry.len == 0
    }

    /// The element at `[0, ...]`, first in logical order whatever the
    /// strides, or `None` when empty. Cheaper than `get([0; N])`: one test
    /// of the element count instead of one per dimension.
    ///
    /// ```
    /// # use abi_core::memref::MemRef;
    /// let data = [1, 2, 3, 4, 5, 6];
    /// let view = MemRef::from_slice(&data, [2, 3])?.transposed();
    /// assert_eq!(view.first(), Some(&1));
    /// assert_eq!(MemRef::<i32, 2>::from_slice(&[], [0, 3])?.first(), None);
    /// # Ok::<(), abi_core::model::mlir::MemRefError>(())
    /// ```
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn first(&self) -> Option<&'a T> {
        // SAFETY: non-empty: `base` is element `[0, ...]`, readable for `'a`.
        (self.raw.geometry.len != 0).then(|| unsafe { &*self.raw.base })
    }

    /// The element at `index`, or `None` when out of bounds.
    pub fn get(&self, index: [usize; N]) -> Option<&'a T> {
        // SAFETY: in bounds (checked by `pointer`), readable for `'a`.
        self.raw.pointer(index).map(|p| unsafe { &*p })
    }

    /// The elements as one slice, when they are contiguous in row-major
    /// order.
    pub fn as_slice(&self) -> Option<&'a [T]> {
        if !self.raw.is_contiguous() {
            return None;
        }
        // SAFETY: row-major contiguous: `len` elements from `base`, all
        // readable for `'a`; `base` is dangling but aligned when empty.
        Some(unsafe { core::slice::from_raw_parts(self.raw.base, self.raw.geometry.len) })
    }

    /// The elements in logical order.
    pub fn iter(&self) -> Iter<'a, T, N> {
        Iter {
            raw: self.raw,
            index: [0; N],
            remaining: self.raw.geometry.len,
            _borrow: PhantomData,
        }
    }

    /// The elements in logical order, copied.
    pub fn to_vec(&self) -> Vec<T>
    where
        T: Copy,
    {
        match self.as_slice() {
            Some(slice) => slice.to_vec(),
            None => self.iter().copied().collect(),
        }
    }

    /// The same data with the dimensions reversed (`[i, j]` becomes
    /// `[j, i]`).
    pub fn transposed(&self) -> Self {
        let mut raw = self.raw;
        raw.geometry.sizes.reverse();
        raw.geometry.strides.reverse();
        MemRef {
            raw,
            _borrow: PhantomData,
        }
    }

    /// The descriptor that describes this view, to pass to MLIR. The
    /// callee must not write through it.
    pub fn descriptor(&self) -> MemRefDescriptor<T, N> {
        self.raw.descriptor()
    }
}

impl<T, const N: usize> Index<[usize; N]> for MemRef<'_, T, N> {
    type Output = T;

    #[cfg_attr(not(abi_core_unoptimised), inline)]
    #[track_caller]
    fn index(&self, index: [usize; N]) -> &T {
        match self.raw.pointer(index) {
            // SAFETY: in bounds and readable.
            Some(p) => unsafe { &*p },
            None => self.raw.out_of_bounds(index),
        }
    }
}

impl<'a, T, const N: usize> IntoIterator for MemRef<'a, T, N> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T, N>;
    fn into_iter(self) -> Iter<'a, T, N> {
        self.iter()
    }
}

impl<T: fmt::Debug, const N: usize> fmt::Debug for MemRef<'_, T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemRef")
            .field("sizes", &self.sizes())
            .field("strides", &self.strides())
            .field("offset", &self.offset())
            .field("elements", &DebugElements(self.iter()))
            .finish()
    }
}

struct DebugElements<'a, T, const N: usize>(Iter<'a, T, N>);

impl<T: fmt::Debug, const N: usize> fmt::Debug for DebugElements<'_, T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.clone().take(64)).finish()
    }
}
