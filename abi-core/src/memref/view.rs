//! Borrowed views of memref data: built only from validated descriptors or
//! from Rust slices.

use core::fmt;
use core::marker::PhantomData;
use core::ops::{Index, IndexMut};

use super::descriptor::{MemRefDescriptor, UnrankedMemRefDescriptor};
use super::element::MemRefElement;
use super::shape::Geometry;
use crate::model::mlir::MemRefError;
use crate::model::mlir::MemRefType;

#[cfg(feature = "ndarray")]
#[path = "ndarray_views.rs"]
mod ndarray_views;

/// The pointers and geometry shared by both views.
/// The bytes from the lowest to the highest element of `T` reached from
/// `base` (the address of element `[0, ...]`) by the dimensions `(size,
/// stride)`; empty when a size is 0 or negative. Computed in 128 bits, so
/// that a descriptor nobody validated (an argument's, to compare a result
/// with) cannot overflow it; the range saturates at the address space.
pub(crate) fn extent<T>(
    base: usize,
    dims: impl Iterator<Item = (i64, i64)>,
    exclusive: bool,
) -> crate::argument::Borrow {
    let (mut low, mut high) = (0i128, 0i128);
    for (size, stride) in dims {
        if size <= 0 {
            return crate::argument::Borrow::range(0, 0, exclusive);
        }
        let reach = i128::from(size - 1) * i128::from(stride);
        if reach < 0 {
            low += reach;
        } else {
            high += reach;
        }
    }
    let element = size_of::<T>() as i128;
    let start = (base as i128 + low * element).clamp(0, usize::MAX as i128);
    let end = (base as i128 + (high + 1) * element).clamp(0, usize::MAX as i128);
    crate::argument::Borrow::range(start as usize, (end - start) as usize, exclusive)
}

pub use crate::model::mlir::MAX_UNRANKED_RANK;

struct Raw<T, const N: usize> {
    allocated: *mut T,
    aligned: *mut T,
    /// `aligned + offset`: element `[0, ...]` (dangling when empty).
    base: *mut T,
    geometry: Geometry<N>,
}

impl<T, const N: usize> Clone for Raw<T, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, const N: usize> Copy for Raw<T, N> {}

impl<T: MemRefElement, const N: usize> Raw<T, N> {
    /// # Safety
    ///
    /// The descriptor's data must be valid for reads (and writes, when the
    /// caller hands out mutable access) for every element the geometry
    /// reaches.
    #[inline]
    unsafe fn new(desc: &MemRefDescriptor<T, N>, ty: &MemRefType) -> Result<Self, MemRefError> {
        let geometry = ty.check(desc)?;
        let base = if geometry.len == 0 {
            core::ptr::NonNull::dangling().as_ptr()
        } else {
            // SAFETY: `check` proved `offset` stays inside the data the
            // descriptor describes, which the caller vouches for.
            unsafe { desc.aligned.offset(geometry.offset) }
        };
        let raw = Raw {
            allocated: desc.allocated,
            aligned: desc.aligned,
            base,
            geometry,
        };
        if T::NEEDS_CHECK {
            let mut position = 0;
            let mut invalid = None;
            // SAFETY: the elements are readable (caller); `is_valid` reads
            // raw bytes, never a `T` that could be invalid.
            raw.each_pointer(|p| {
                // SAFETY: as above.
                if invalid.is_none() && !unsafe { T::is_valid(p) } {
                    invalid = Some(position);
                }
                position += 1;
            });
            if let Some(position) = invalid {
                return Err(MemRefError::InvalidElement { position });
            }
        }
        Ok(raw)
    }

    fn from_slice_parts(
        ptr: *mut T,
        len: usize,
        sizes: [usize; N],
        strides: [isize; N],
        offset: usize,
    ) -> Result<Self, MemRefError> {
        let mut count = 1usize;
        for &size in &sizes {
            count = count.checked_mul(size).ok_or(MemRefError::Overflow)?;
        }
        let geometry = Geometry {
            sizes,
            strides,
            offset: isize::try_from(offset).map_err(|_| MemRefError::Overflow)?,
            len: count,
        };
        if count > 0 {
            let (first, last) = geometry.index_range()?;
            if first < 0 {
                return Err(MemRefError::BeforeStart {
                    index: first as i64,
                });
            }
            if last as usize >= len {
                return Err(MemRefError::OutOfBounds {
                    index: last as usize,
                    len,
                });
            }
        }
        let base = if count == 0 {
            core::ptr::NonNull::dangling().as_ptr()
        } else {
            // SAFETY: `offset <= last < len`: inside the slice.
            unsafe { ptr.add(offset) }
        };
        Ok(Raw {
            allocated: ptr,
            aligned: ptr,
            base,
            geometry,
        })
    }
}

impl<T, const N: usize> Raw<T, N> {
    fn descriptor(&self) -> MemRefDescriptor<T, N> {
        let mut sizes = [0i64; N];
        let mut strides = [0i64; N];
        for k in 0..N {
            sizes[k] = self.geometry.sizes[k] as i64;
            strides[k] = self.geometry.strides[k] as i64;
        }
        MemRefDescriptor {
            allocated: self.allocated,
            aligned: self.aligned,
            offset: self.geometry.offset as i64,
            sizes,
            strides,
        }
    }

    /// The element at `index`, or `None` out of bounds.
    #[inline]
    fn pointer(&self, index: [usize; N]) -> Option<*mut T> {
        let mut delta = 0isize;
        for ((&i, &size), &stride) in index
            .iter()
            .zip(&self.geometry.sizes)
            .zip(&self.geometry.strides)
        {
            if i >= size {
                return None;
            }
            // In range: `i < size`, and validation proved
            // `(size - 1) * stride` fits.
            delta += i as isize * stride;
        }
        // `wrapping_offset` keeps this safe code; the result is in bounds
        // by validation.
        Some(self.base.wrapping_offset(delta))
    }

    /// The bytes from the lowest to the highest element the view reaches
    /// (its extent; every element between need not be reached).
    #[inline(always)]
    fn extent(&self, exclusive: bool) -> crate::argument::Borrow {
        if self.geometry.len == 0 {
            return crate::argument::Borrow::range(0, 0, exclusive);
        }
        let dims = self.geometry.sizes.iter().zip(&self.geometry.strides);
        extent::<T>(
            self.base.addr(),
            dims.map(|(&size, &stride)| (size as i64, stride as i64)),
            exclusive,
        )
    }

    /// Call `f` with a pointer to every element, in logical order.
    #[inline]
    fn each_pointer(&self, mut f: impl FnMut(*mut T)) {
        if self.geometry.len == 0 {
            return;
        }
        if N == 0 {
            f(self.base);
            return;
        }
        walk(
            self.base,
            &self.geometry.sizes,
            &self.geometry.strides,
            &mut f,
        );
    }

    fn is_contiguous(&self) -> bool {
        self.geometry.is_row_major()
    }

    #[track_caller]
    fn out_of_bounds(&self, index: [usize; N]) -> ! {
        panic!(
            "memref index {index:?} out of bounds for sizes {:?}",
            self.geometry.sizes
        )
    }
}

/// Visit every element of a (non-empty) strided block: the innermost
/// dimension is a tight loop, the outer ones recurse.
#[inline]
fn walk<T>(base: *mut T, sizes: &[usize], strides: &[isize], f: &mut impl FnMut(*mut T)) {
    let (size, stride) = (sizes[0], strides[0]);
    let mut p = base;
    if sizes.len() == 1 {
        for _ in 0..size {
            f(p);
            p = p.wrapping_offset(stride);
        }
    } else {
        for _ in 0..size {
            walk(p, &sizes[1..], &strides[1..], f);
            p = p.wrapping_offset(stride);
        }
    }
}

/// Fold over every element of a (non-empty) strided block, like `walk`
/// but threading an accumulator (what `Iterator::sum` compiles to).
#[inline]
fn fold_block<T, B>(
    base: *mut T,
    sizes: &[usize],
    strides: &[isize],
    init: B,
    f: &mut impl FnMut(B, *mut T) -> B,
) -> B {
    let mut acc = init;
    if sizes.is_empty() {
        return f(acc, base);
    }
    let (size, stride) = (sizes[0], strides[0]);
    let mut p = base;
    if sizes.len() == 1 {
        for _ in 0..size {
            acc = f(acc, p);
            p = p.wrapping_offset(stride);
        }
    } else {
        for _ in 0..size {
            acc = fold_block(p, &sizes[1..], &strides[1..], acc, f);
            p = p.wrapping_offset(stride);
        }
    }
    acc
}

/// A read-only view of rank `N` of memref data, borrowed for `'a`.
///
/// Built from a descriptor MLIR passed (validated first), or from a Rust
/// slice. Indexing takes `[i, j, ...]`; iteration is in logical row-major
/// order whatever the strides (transposed, negative, zero), and is a plain
/// slice loop when the data is contiguous.
pub struct MemRef<'a, T, const N: usize> {
    raw: Raw<T, N>,
    _borrow: PhantomData<&'a [T]>,
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
    #[inline(always)]
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
    #[inline]
    pub unsafe fn from_descriptor(
        desc: &MemRefDescriptor<T, N>,
        ty: &MemRefType,
    ) -> Result<Self, MemRefError> {
        Ok(MemRef {
            // SAFETY: forwarded to the caller.
            raw: unsafe { Raw::new(desc, ty)? },
            _borrow: PhantomData,
        })
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
    /// # Ok::<(), abi_core::memref::MemRefError>(())
    /// ```
    #[inline]
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

    #[inline]
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

/// A mutable view of rank `N`, borrowed for `'a`. Its layout never reaches
/// one element through two indices (checked at construction).
pub struct MemRefMut<'a, T, const N: usize> {
    raw: Raw<T, N>,
    _borrow: PhantomData<&'a mut [T]>,
}

// SAFETY: a `MemRefMut` is an exclusive borrow of `T`s, like `&mut [T]`.
unsafe impl<T: Send, const N: usize> Send for MemRefMut<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Sync for MemRefMut<'_, T, N> {}

impl<T: MemRefElement, const N: usize> MemRefMut<'_, T, N> {
    /// The memory the view borrows exclusively (its extent), for the
    /// boundary's check that it overlaps no other argument.
    #[inline(always)]
    pub fn borrowed_memory(&self) -> crate::argument::Borrow {
        self.raw.extent(true)
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
    #[inline]
    pub unsafe fn from_descriptor(
        desc: &MemRefDescriptor<T, N>,
        ty: &MemRefType,
    ) -> Result<Self, MemRefError> {
        // SAFETY: forwarded to the caller.
        let raw = unsafe { Raw::new(desc, ty)? };
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
    #[inline]
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

    #[inline]
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
    #[inline]
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

/// The elements of a [`MemRef`] in logical (row-major) order.
pub struct Iter<'a, T, const N: usize> {
    raw: Raw<T, N>,
    index: [usize; N],
    remaining: usize,
    _borrow: PhantomData<&'a [T]>,
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

    #[inline]
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

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }

    #[inline]
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

/// An unranked memref (`memref<*xT>`) argument: the rank is known only at
/// run time. [`UnrankedMemRef::ranked`] checks it and gives a ranked view.
pub struct UnrankedMemRef<'a, T> {
    rank: usize,
    descriptor: *mut core::ffi::c_void,
    _borrow: PhantomData<&'a mut [T]>,
}

impl<T: MemRefElement> fmt::Debug for UnrankedMemRef<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UnrankedMemRef")
            .field("rank", &self.rank)
            .field("sizes", &self.sizes())
            .finish()
    }
}

impl<'a, T: MemRefElement> UnrankedMemRef<'a, T> {
    /// Wrap an unranked descriptor MLIR passed.
    ///
    /// # Safety
    ///
    /// `desc.descriptor` must point to a ranked descriptor of `desc.rank`
    /// whose data is valid for reads and writes for `'a`.
    pub unsafe fn from_descriptor(desc: &UnrankedMemRefDescriptor) -> Result<Self, MemRefError> {
        if desc.descriptor.is_null() {
            return Err(MemRefError::NullDescriptor);
        }
        let rank = usize::try_from(desc.rank)
            .ok()
            .filter(|&r| r <= MAX_UNRANKED_RANK)
            .ok_or(MemRefError::RankOutOfRange { found: desc.rank })?;
        Ok(UnrankedMemRef {
            rank,
            descriptor: desc.descriptor,
            _borrow: PhantomData,
        })
    }

    /// An unranked view of a ranked descriptor, to pass to an MLIR
    /// function taking `memref<*xT>`.
    pub fn from_ranked<const N: usize>(desc: &'a mut MemRefDescriptor<T, N>) -> Self {
        UnrankedMemRef {
            rank: N,
            descriptor: (desc as *mut MemRefDescriptor<T, N>).cast(),
            _borrow: PhantomData,
        }
    }

    /// The rank.
    pub fn rank(&self) -> usize {
        self.rank
    }

    /// The sizes (read from the ranked descriptor).
    pub fn sizes(&self) -> Vec<i64> {
        let words = self.descriptor.cast::<i64>().cast_const();
        // SAFETY: the ranked descriptor is two pointers, the offset, then
        // `rank` sizes (construction contract); pointers are 8 bytes on
        // the 64-bit targets MLIR's C interface is used on, checked below.
        const { assert!(size_of::<*mut T>() == size_of::<i64>()) };
        (0..self.rank)
            .map(|k| {
                let size = words.wrapping_add(3 + k);
                // SAFETY: inside the descriptor, as above; unaligned
                // because foreign code may hand over a descriptor at any
                // address (the ranked view reads it unaligned too).
                unsafe { size.read_unaligned() }
            })
            .collect()
    }

    /// A ranked view, after checking the rank and the descriptor.
    pub fn ranked<const N: usize>(&self, ty: &MemRefType) -> Result<MemRef<'a, T, N>, MemRefError> {
        let desc = self.ranked_descriptor::<N>()?;
        // SAFETY: valid for reads for `'a` (construction contract).
        unsafe { MemRef::from_descriptor(&desc, ty) }
    }

    /// A mutable ranked view, after checking the rank and the descriptor.
    pub fn ranked_mut<const N: usize>(
        &mut self,
        ty: &MemRefType,
    ) -> Result<MemRefMut<'_, T, N>, MemRefError> {
        let desc = self.ranked_descriptor::<N>()?;
        // SAFETY: valid for reads and writes, borrowed through `self`.
        unsafe { MemRefMut::from_descriptor(&desc, ty) }
    }

    fn ranked_descriptor<const N: usize>(&self) -> Result<MemRefDescriptor<T, N>, MemRefError> {
        if self.rank != N {
            return Err(MemRefError::RankMismatch {
                expected: N,
                found: self.rank as i64,
            });
        }
        // SAFETY: the rank matches, so the pointee is a
        // `MemRefDescriptor<T, N>` (construction contract); read unaligned
        // in case foreign code packed it.
        Ok(unsafe {
            self.descriptor
                .cast::<MemRefDescriptor<T, N>>()
                .read_unaligned()
        })
    }

    /// The descriptor to pass to MLIR.
    pub fn descriptor(&mut self) -> UnrankedMemRefDescriptor {
        UnrankedMemRefDescriptor {
            rank: self.rank as i64,
            descriptor: self.descriptor,
        }
    }
}

/// Row-major strides for `sizes`.
pub(crate) fn row_major<const N: usize>(sizes: [usize; N]) -> [isize; N] {
    let mut strides = [0isize; N];
    let mut step = 1isize;
    for k in (0..N).rev() {
        strides[k] = step;
        step = step.saturating_mul(sizes[k].max(1) as isize);
    }
    strides
}

#[cfg(all(test, target_pointer_width = "64"))] // descriptors are 64-bit only
#[allow(clippy::unnecessary_fold, reason = "the tests exercise `fold` itself")]
mod tests {
    use super::*;

    #[test]
    fn indexing_and_iteration() {
        let data: Vec<i32> = (0..24).collect();
        let m = MemRef::from_slice(&data, [2, 3, 4]).unwrap();
        assert_eq!(m[[1, 2, 3]], 23);
        assert_eq!(m.get([2, 0, 0]), None);
        assert_eq!(m.iter().copied().collect::<Vec<_>>(), data);
        assert_eq!(m.iter().sum::<i32>(), 276);
        assert_eq!(m.as_slice(), Some(&data[..]));
        // A transposed view: logical order follows the new indices.
        let t = m.transposed();
        assert_eq!(t.sizes(), [4, 3, 2]);
        assert_eq!(t[[3, 2, 1]], 23);
        let expected: Vec<i32> = (0..4)
            .flat_map(|k| (0..3).flat_map(move |j| (0..2).map(move |i| i * 12 + j * 4 + k)))
            .collect();
        assert_eq!(t.to_vec(), expected);
        assert_eq!(t.iter().copied().collect::<Vec<_>>(), expected);
        assert_eq!(t.iter().fold(0, |a, &x| a + x), 276);
        // Negative strides: the reversed vector.
        let r = MemRef::from_slice_strided(&data, [24], [-1], 23).unwrap();
        assert_eq!(r.to_vec(), data.iter().rev().copied().collect::<Vec<_>>());
        // `first` is element `[0, ...]` whatever the layout.
        assert_eq!(r.first(), Some(&23));
        assert_eq!(t.first(), Some(&0));
        assert_eq!(m.first(), m.get([0, 0, 0]));
        let shifted = MemRef::from_slice_strided(&data, [2, 2], [-6, 1], 20).unwrap();
        assert_eq!(shifted.first(), Some(&20));
        // Partly consumed iterators finish correctly.
        let mut it = t.iter();
        it.next();
        assert_eq!(it.fold(0, |a, &x| a + x), 276);
        // Zero-d and empty.
        let z = MemRef::<i32, 0>::from_slice(&data[5..6], []).unwrap();
        assert_eq!(z[[]], 5);
        assert_eq!(z.to_vec(), [5]);
        let e = MemRef::<i32, 2>::from_slice(&[], [0, 7]).unwrap();
        assert!(e.is_empty());
        assert_eq!(e.first(), None);
        assert_eq!(z.first(), Some(&5));
        assert_eq!(e.iter().count(), 0);
        assert_eq!(e.to_vec(), Vec::<i32>::new());
    }

    /// Foreign code may hand over an unranked memref whose ranked
    /// descriptor sits at any address: the sizes are read unaligned (Miri,
    /// which runs these tests in `cargo xtask test`, flags an aligned read).
    #[test]
    fn unranked_descriptor_at_an_odd_address() {
        let desc = MemRefDescriptor::<f32, 2> {
            allocated: core::ptr::null_mut(),
            aligned: core::ptr::null_mut(),
            offset: 0,
            sizes: [0, 7],
            strides: [7, 1],
        };
        let mut block = [0u8; size_of::<MemRefDescriptor<f32, 2>>() + 1];
        let at_one = block
            .as_mut_ptr()
            .wrapping_add(1)
            .cast::<MemRefDescriptor<f32, 2>>();
        // SAFETY: `block` has room for the descriptor after one byte; the
        // write is unaligned.
        unsafe { at_one.write_unaligned(desc) };
        let unranked = UnrankedMemRefDescriptor {
            rank: 2,
            descriptor: block.as_mut_ptr().wrapping_add(1).cast(),
        };
        // SAFETY: a rank-2 descriptor of an empty memref.
        let view = unsafe { UnrankedMemRef::<f32>::from_descriptor(&unranked) }.unwrap();
        assert_eq!(view.sizes(), [0, 7]);
        assert!(
            view.ranked::<2>(&MemRefType::ANY_STRIDED)
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn bad_slices_are_errors() {
        let data = [0u8; 6];
        assert_eq!(
            MemRef::from_slice(&data, [2, 2]).unwrap_err(),
            MemRefError::LengthMismatch {
                len: 6,
                expected: 4
            }
        );
        assert_eq!(
            MemRef::from_slice_strided(&data, [2, 3], [4, 1], 0).unwrap_err(),
            MemRefError::OutOfBounds { index: 6, len: 6 }
        );
        assert!(matches!(
            MemRef::from_slice_strided(&data, [3], [-1], 1).unwrap_err(),
            MemRefError::BeforeStart { index: -1 }
        ));
        let mut data = [0u8; 6];
        assert_eq!(
            MemRefMut::from_slice_strided(&mut data, [2, 3], [0, 1], 0).unwrap_err(),
            MemRefError::Overlapping
        );
    }

    #[test]
    fn mutable_views() {
        let mut data = [0i64; 6];
        let mut m = MemRefMut::from_slice_strided(&mut data, [3, 2], [1, 3], 0).unwrap();
        let mut n = 0;
        m.for_each_mut(|x| {
            *x = n;
            n += 1;
        });
        m[[2, 1]] += 100;
        *m.first_mut().unwrap() -= 1;
        assert_eq!(data, [-1, 2, 4, 1, 3, 105]);
        let mut none: [i64; 0] = [];
        assert_eq!(
            MemRefMut::from_slice(&mut none, [0, 2])
                .unwrap()
                .first_mut(),
            None
        );
    }

    #[test]
    fn i1_elements_are_checked() {
        let mut bytes = [1u8, 0, 1, 2];
        let desc = MemRefDescriptor::<bool, 1> {
            allocated: bytes.as_mut_ptr().cast(),
            aligned: bytes.as_mut_ptr().cast(),
            offset: 0,
            sizes: [4],
            strides: [1],
        };
        // SAFETY: four readable bytes.
        let err = unsafe { MemRef::from_descriptor(&desc, &MemRefType::ANY_STRIDED) }.unwrap_err();
        assert_eq!(err, MemRefError::InvalidElement { position: 3 });
        // SAFETY: byte 3 of the buffer, written through the descriptor's
        // own pointer.
        let byte = desc.aligned.cast::<u8>().wrapping_add(3);
        // SAFETY: as above.
        unsafe { byte.write(0) };
        // SAFETY: as above.
        let ok = unsafe { MemRef::from_descriptor(&desc, &MemRefType::ANY_STRIDED) }.unwrap();
        assert_eq!(ok.to_vec(), [true, false, true, false]);
    }
}
