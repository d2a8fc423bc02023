//! `DynMemRef` / `DynMemRefMut`: views of an unranked memref whose rank is
//! known only at run time (sizes, strides, offset, elements in row-major
//! order), checked as the ranked views are.
use core::fmt;
use core::marker::PhantomData;

use super::super::element::MemRefElement;
use super::super::shape::{
    check_data_sized, check_declared_layout, collect_moving_dims, dims_overlap, index_range,
    is_row_major,
};
use super::MAX_UNRANKED_RANK;
use crate::model::mlir::{MemRefError, MemRefType};

/// The checked geometry of a ranked descriptor of any rank, with elements
/// of `elem_size` bytes, and where its element `[0, ...]` is.
#[derive(Clone)]
pub(super) struct DynRaw {
    /// `aligned + offset` (dangling when empty).
    pub(super) base: *mut u8,
    /// The descriptor's `aligned` pointer, as it was.
    pub(super) aligned: *mut u8,
    pub(super) elem_size: usize,
    pub(super) sizes: Vec<usize>,
    pub(super) strides: Vec<isize>,
    pub(super) offset: isize,
    pub(super) len: usize,
}

impl DynRaw {
    /// Read and check the ranked descriptor of `rank` at `descriptor`, of
    /// elements of `elem_size` bytes aligned to `align`: the general rules
    /// every ranked view checks (non-negative sizes, nothing overflows,
    /// non-NULL aligned data that no element reaches before `aligned` or
    /// past the address space), and `ty`'s layout.
    ///
    /// # Safety
    ///
    /// `descriptor` points to a readable ranked descriptor of `rank` (at
    /// any alignment).
    pub(super) unsafe fn new(
        descriptor: *const core::ffi::c_void,
        rank: usize,
        ty: &MemRefType,
        elem_size: usize,
        align: usize,
    ) -> Result<Self, MemRefError> {
        if rank > MAX_UNRANKED_RANK {
            return Err(MemRefError::RankOutOfRange { found: rank as i64 });
        }
        // The offset, sizes and strides are `int64_t`s after the two
        // pointers (MLIR's C descriptor), from the next multiple of their
        // alignment: byte 16 on 64-bit targets.
        let first = (2 * size_of::<*mut u8>()).next_multiple_of(align_of::<i64>());
        let bytes = descriptor.cast::<u8>();
        // SAFETY: two pointers, the offset, `rank` sizes and `rank` strides
        // (caller); unaligned because foreign code may hand over a
        // descriptor at any address.
        let word = |k: usize| unsafe {
            bytes
                .wrapping_add(first + size_of::<i64>() * k)
                .cast::<i64>()
                .read_unaligned()
        };
        // SAFETY: as above; read as a pointer, which keeps its provenance.
        let aligned = unsafe {
            descriptor
                .cast::<*mut u8>()
                .wrapping_add(1)
                .read_unaligned()
        };
        let offset = word(0);
        let raw_sizes: Vec<i64> = (0..rank).map(|k| word(1 + k)).collect();
        let raw_strides: Vec<i64> = (0..rank).map(|k| word(1 + rank + k)).collect();
        let mut sizes = Vec::with_capacity(rank);
        let mut strides = Vec::with_capacity(rank);
        let mut len = 1usize;
        for (dim, (&size, &stride)) in raw_sizes.iter().zip(&raw_strides).enumerate() {
            let size =
                usize::try_from(size).map_err(|_| MemRefError::NegativeSize { dim, size })?;
            len = len.checked_mul(size).ok_or(MemRefError::Overflow)?;
            sizes.push(size);
            strides.push(isize::try_from(stride).map_err(|_| MemRefError::Overflow)?);
        }
        let offset_elements = isize::try_from(offset).map_err(|_| MemRefError::Overflow)?;
        check_declared_layout(ty, offset, &raw_sizes, &raw_strides, len == 0)?;
        let base = if len == 0 {
            core::ptr::NonNull::dangling().as_ptr()
        } else {
            let range = index_range(offset_elements, sizes.iter().copied().zip(strides.clone()))?;
            check_data_sized(aligned as usize, elem_size, align, range)?;
            // `check_data_sized` proved `offset * elem_size` stays inside
            // the address space; in bounds of the data the caller vouches
            // for (wrapping: this function reads no element).
            aligned.wrapping_offset(offset_elements * elem_size as isize)
        };
        Ok(DynRaw {
            base,
            aligned,
            elem_size,
            sizes,
            strides,
            offset: offset_elements,
            len,
        })
    }

    /// The element at `index`, or `None` when the index has another rank
    /// or is out of bounds.
    pub(super) fn pointer(&self, index: &[usize]) -> Option<*mut u8> {
        if index.len() != self.sizes.len() {
            return None;
        }
        let mut delta = 0isize;
        for ((&i, &size), &stride) in index.iter().zip(&self.sizes).zip(&self.strides) {
            if i >= size {
                return None;
            }
            // In range: `i < size`, and validation proved
            // `(size - 1) * stride` fits.
            delta += i as isize * stride;
        }
        // In bounds by validation; `wrapping_offset` keeps this safe code.
        Some(self.base.wrapping_offset(delta * self.elem_size as isize))
    }

    /// Every element's pointer, in row-major order.
    pub(super) fn each_pointer(&self, mut f: impl FnMut(*mut u8)) {
        if self.len == 0 {
            return;
        }
        let size = self.elem_size as isize;
        let mut index = vec![0usize; self.sizes.len()];
        let mut p = self.base;
        for _ in 0..self.len {
            f(p);
            // Odometer: the last index moves fastest; the pointer follows.
            for k in (0..index.len()).rev() {
                index[k] += 1;
                if index[k] < self.sizes[k] {
                    p = p.wrapping_offset(self.strides[k] * size);
                    break;
                }
                p = p.wrapping_offset(-((self.sizes[k] - 1) as isize) * self.strides[k] * size);
                index[k] = 0;
            }
        }
    }

    pub(super) fn self_overlaps(&self) -> bool {
        if self.len <= 1 {
            return false;
        }
        let mut dims = [(0usize, 0usize); MAX_UNRANKED_RANK];
        let count = collect_moving_dims(&self.sizes, &self.strides, &mut dims);
        dims_overlap(&mut dims[..count])
    }

    pub(super) fn is_contiguous(&self) -> bool {
        is_row_major(&self.sizes, &self.strides, self.len)
    }

    /// The bytes from the lowest to the highest element reached.
    pub(super) fn byte_range(&self) -> core::ops::Range<usize> {
        if self.len == 0 {
            return 0..0;
        }
        let (mut low, mut high) = (0isize, 0isize);
        for (&size, &stride) in self.sizes.iter().zip(&self.strides) {
            // Fits: validation bounded every reach.
            let reach = (size as isize - 1) * stride;
            if reach < 0 {
                low += reach;
            } else {
                high += reach;
            }
        }
        let e = self.elem_size as isize;
        let start = (self.base as isize + low * e) as usize;
        let end = (self.base as isize + (high + 1) * e) as usize;
        start..end
    }
}

/// Check every element of `raw` is a valid `T`.
///
/// # Safety
///
/// Every element of `raw` is readable.
unsafe fn check_elements<T: MemRefElement>(raw: &DynRaw) -> Result<(), MemRefError> {
    if !T::NEEDS_CHECK {
        return Ok(());
    }
    let mut position = 0;
    let mut invalid = None;
    raw.each_pointer(|p| {
        // SAFETY: every element is readable (caller); `is_valid` reads raw
        // bytes, never a `T` that could be invalid.
        if invalid.is_none() && !unsafe { T::is_valid(p.cast()) } {
            invalid = Some(position);
        }
        position += 1;
    });
    match invalid {
        Some(position) => Err(MemRefError::InvalidElement { position }),
        None => Ok(()),
    }
}

/// A read-only view of a memref whose rank is known only at run time,
/// from [`UnrankedMemRef::view`](super::UnrankedMemRef::view): the
/// descriptor was checked as a ranked view's is.
///
/// ```
/// use abi_core::memref::{MemRefDescriptor, MemRefMut};
///
/// let mut data = [1i32, 2, 3, 4, 5, 6];
/// let mut ranked = MemRefMut::from_slice(&mut data, [2, 3]).unwrap();
/// let mut slot = MemRefDescriptor::EMPTY;
/// let unranked = ranked.as_unranked(&mut slot);
/// let view = unranked.view().unwrap();
/// assert_eq!((view.rank(), view.sizes(), view.strides()), (2, &[2, 3][..], &[3, 1][..]));
/// assert_eq!(view.get(&[1, 0]), Some(&4));
/// assert_eq!(view.iter().copied().collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6]);
/// ```
pub struct DynMemRef<'a, T> {
    raw: DynRaw,
    _borrow: PhantomData<&'a [T]>,
}

/// A mutable view of a memref whose rank is known only at run time, from
/// [`UnrankedMemRef::view_mut`](super::UnrankedMemRef::view_mut): checked
/// as a ranked view, and refused when two indices reach one element.
pub struct DynMemRefMut<'a, T> {
    raw: DynRaw,
    _borrow: PhantomData<&'a mut [T]>,
}

impl<T: fmt::Debug> fmt::Debug for DynMemRef<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynMemRef")
            .field("sizes", &self.raw.sizes)
            .field("strides", &self.raw.strides)
            .field("offset", &self.raw.offset)
            .finish()
    }
}

impl<T: fmt::Debug> fmt::Debug for DynMemRefMut<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynMemRefMut")
            .field("sizes", &self.raw.sizes)
            .field("strides", &self.raw.strides)
            .field("offset", &self.raw.offset)
            .finish()
    }
}

impl<T: MemRefElement> DynMemRef<'_, T> {
    /// A read-only view of the memref an unranked descriptor describes,
    /// after the checks of [`UnrankedMemRef::view`](super::UnrankedMemRef::view).
    /// Unlike an [`UnrankedMemRef`](super::UnrankedMemRef), which may become
    /// mutable, it claims its elements only for reading: two views of the
    /// same data may coexist (`verifyMemRef(m, m)`).
    ///
    /// # Safety
    ///
    /// `desc.descriptor` must point to a readable ranked descriptor of
    /// `desc.rank`, and every element it reaches must be valid for reads
    /// and not written for `'a`.
    pub unsafe fn from_unranked(
        desc: &super::super::descriptor::UnrankedMemRefDescriptor,
    ) -> Result<Self, MemRefError> {
        let rank = super::checked_rank(desc)?;
        // SAFETY: forwarded to the caller.
        unsafe { Self::from_raw_descriptor(desc.descriptor, rank, &MemRefType::ANY_STRIDED) }
    }

    /// # Safety
    ///
    /// As [`DynRaw::new`]; every element it reaches is valid for reads for
    /// `'a`.
    pub(super) unsafe fn from_raw_descriptor(
        descriptor: *const core::ffi::c_void,
        rank: usize,
        ty: &MemRefType,
    ) -> Result<Self, MemRefError> {
        // SAFETY: forwarded to the caller.
        let raw = unsafe { DynRaw::new(descriptor, rank, ty, size_of::<T>(), align_of::<T>())? };
        // SAFETY: every element is readable (caller).
        unsafe { check_elements::<T>(&raw)? };
        Ok(DynMemRef {
            raw,
            _borrow: PhantomData,
        })
    }
}

impl<T: MemRefElement> DynMemRefMut<'_, T> {
    /// # Safety
    ///
    /// As [`DynRaw::new`]; every element it reaches is valid for reads and
    /// writes for `'a`, with no other access meanwhile.
    pub(super) unsafe fn from_raw_descriptor(
        descriptor: *const core::ffi::c_void,
        rank: usize,
        ty: &MemRefType,
    ) -> Result<Self, MemRefError> {
        // SAFETY: forwarded to the caller.
        let raw = unsafe { DynRaw::new(descriptor, rank, ty, size_of::<T>(), align_of::<T>())? };
        // SAFETY: every element is readable (caller).
        unsafe { check_elements::<T>(&raw)? };
        if raw.self_overlaps() {
            return Err(MemRefError::Overlapping);
        }
        Ok(DynMemRefMut {
            raw,
            _borrow: PhantomData,
        })
    }
}

impl<'a, T> DynMemRef<'a, T> {
    geometry_accessors!();

    /// The element at `index` (one index per dimension), or `None` when
    /// `index` has another length or is out of bounds.
    pub fn get(&self, index: &[usize]) -> Option<&'a T> {
        // SAFETY: in bounds of the validated view, readable for `'a`.
        self.raw.pointer(index).map(|p| unsafe { &*p.cast::<T>() })
    }

    /// The elements in row-major order.
    pub fn iter(&self) -> DynIter<'a, T> {
        DynIter {
            raw: self.raw.clone(),
            index: vec![0; self.raw.sizes.len()],
            remaining: self.raw.len,
            _borrow: PhantomData,
        }
    }

    /// The elements as a slice, when they are contiguous in row-major
    /// order.
    pub fn as_slice(&self) -> Option<&'a [T]> {
        // SAFETY: contiguous, validated, readable for `'a`.
        self.raw.is_contiguous().then(|| unsafe {
            core::slice::from_raw_parts(self.raw.base.cast::<T>(), self.raw.len)
        })
    }

    /// The elements in row-major order.
    pub fn to_vec(&self) -> Vec<T>
    where
        T: Copy,
    {
        self.iter().copied().collect()
    }
}

impl<T> DynMemRefMut<'_, T> {
    geometry_accessors!();

    /// A read-only view of the same data, for as long as `self` is
    /// borrowed.
    pub fn as_view(&self) -> DynMemRef<'_, T> {
        DynMemRef {
            raw: self.raw.clone(),
            _borrow: PhantomData,
        }
    }

    /// The element at `index`, or `None` when `index` has another length or
    /// is out of bounds.
    pub fn get_mut(&mut self, index: &[usize]) -> Option<&mut T> {
        // SAFETY: in bounds of the validated view, writable, borrowed
        // through `self`; no two indices reach one element.
        self.raw
            .pointer(index)
            .map(|p| unsafe { &mut *p.cast::<T>() })
    }

    /// Call `f` on every element, in row-major order.
    pub fn for_each_mut(&mut self, mut f: impl FnMut(&mut T)) {
        // SAFETY: each pointer is a distinct element of the validated
        // view (no overlap), writable, borrowed through `self`; one
        // reference lives at a time.
        self.raw.each_pointer(|p| f(unsafe { &mut *p.cast::<T>() }));
    }

    /// Set every element to `value`.
    pub fn fill(&mut self, value: T)
    where
        T: Copy,
    {
        self.for_each_mut(|x| *x = value);
    }
}

/// The elements of a [`DynMemRef`] in row-major order.
pub struct DynIter<'a, T> {
    raw: DynRaw,
    index: Vec<usize>,
    remaining: usize,
    _borrow: PhantomData<&'a [T]>,
}

impl<T> fmt::Debug for DynIter<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynIter")
            .field("index", &self.index)
            .field("remaining", &self.remaining)
            .finish()
    }
}

impl<'a, T> Iterator for DynIter<'a, T> {
    type Item = &'a T;

    fn next(&mut self) -> Option<&'a T> {
        if self.remaining == 0 {
            return None;
        }
        let p = self.raw.pointer(&self.index)?;
        self.remaining -= 1;
        for k in (0..self.index.len()).rev() {
            self.index[k] += 1;
            if self.index[k] < self.raw.sizes[k] {
                break;
            }
            self.index[k] = 0;
        }
        // SAFETY: in bounds of the validated view, readable for `'a`.
        Some(unsafe { &*p.cast::<T>() })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl<T> ExactSizeIterator for DynIter<'_, T> {}

#[cfg(all(test, target_pointer_width = "64"))] // descriptors are 64-bit only
mod tests {
    use crate::memref::{MemRef, MemRefDescriptor, MemRefMut, UnrankedMemRef};
    use crate::model::mlir::MemRefError;

    /// The checks of the ranked views hold for the dynamic-rank ones: an
    /// element reached twice is no mutable view, a bad descriptor no view.
    #[test]
    fn dynamic_rank_views_refuse_what_ranked_views_refuse() {
        let mut data = [1.0f32, 2.0, 3.0];
        // A broadcast (stride 0) is readable, not writable.
        let broadcast = MemRef::from_slice_strided(&data, [2, 3], [0, 1], 0).unwrap();
        let mut slot = broadcast.descriptor();
        // SAFETY: the descriptor describes `data`, which nothing else accesses
        // while the unranked view lives.
        let mut unranked = unsafe { UnrankedMemRef::from_ranked(&mut slot) };
        assert_eq!(
            unranked.view().unwrap().to_vec(),
            [1.0, 2.0, 3.0, 1.0, 2.0, 3.0]
        );
        assert_eq!(unranked.view_mut().unwrap_err(), MemRefError::Overlapping);
        let mut bad = MemRefMut::from_slice(&mut data, [3]).unwrap().descriptor();
        bad.offset = -1;
        // SAFETY: as above (the view is refused before any element is read).
        let unranked = unsafe { UnrankedMemRef::from_ranked(&mut bad) };
        assert_eq!(
            unranked.view().unwrap_err(),
            MemRefError::BeforeStart { index: -1 }
        );
        bad.sizes = [-2];
        // SAFETY: as above.
        let unranked = unsafe { UnrankedMemRef::from_ranked(&mut bad) };
        assert_eq!(
            unranked.view().unwrap_err(),
            MemRefError::NegativeSize { dim: 0, size: -2 }
        );
        // An `i1` memref whose byte is 2 is no view of `bool`.
        let mut bytes = [0u8, 2];
        let desc = MemRefMut::from_slice(&mut bytes, [2]).unwrap().descriptor();
        let mut as_bool = MemRefDescriptor::<bool, 1> {
            allocated: desc.allocated.cast(),
            aligned: desc.aligned.cast(),
            offset: desc.offset,
            sizes: desc.sizes,
            strides: desc.strides,
        };
        // SAFETY: as above; the bytes are read as bytes by the check.
        let unranked = unsafe { UnrankedMemRef::from_ranked(&mut as_bool) };
        assert_eq!(
            unranked.view().unwrap_err(),
            MemRefError::InvalidElement { position: 1 }
        );
    }
}
