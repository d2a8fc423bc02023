//! Borrowed views of memref data: built only from validated descriptors or
//! from Rust slices.

use super::descriptor::MemRefDescriptor;
use super::element::MemRefElement;
use super::shape::Geometry;
use crate::memref::MemRefTypeCheck;
use crate::model::mlir::MemRefError;
use crate::model::mlir::MemRefType;

/// The accessors every dynamic-rank view has (`DynMemRef`, `DynMemRefMut`,
/// `ByteMemRef`, `ByteMemRefMut`), over a field `raw: DynRaw`.
macro_rules! geometry_accessors {
    () => {
        /// The rank.
        pub fn rank(&self) -> usize {
            self.raw.sizes.len()
        }

        /// The sizes.
        pub fn sizes(&self) -> &[usize] {
            &self.raw.sizes
        }

        /// The size of one element in bytes.
        pub fn elem_size(&self) -> usize {
            self.raw.elem_size
        }

        /// The strides, in elements.
        pub fn strides(&self) -> &[isize] {
            &self.raw.strides
        }

        /// The offset of element `[0, ...]` from the aligned pointer, in
        /// elements.
        pub fn offset(&self) -> isize {
            self.raw.offset
        }

        /// The number of elements.
        pub fn len(&self) -> usize {
            self.raw.len
        }

        /// Whether there are no elements.
        pub fn is_empty(&self) -> bool {
            self.raw.len == 0
        }

        /// The address in the descriptor's `aligned` pointer (what MLIR's
        /// runtime prints as `base@`), for display only.
        pub fn aligned_address(&self) -> usize {
            self.raw.aligned as usize
        }
    };
}

mod bytes;
mod dynamic;
mod iter;
mod mutable;
#[cfg(feature = "ndarray")]
#[path = "../ndarray_views.rs"]
mod ndarray_views;
mod shared;
mod unranked;

pub use bytes::{ByteMemRef, ByteMemRefMut};
pub use dynamic::{DynIter, DynMemRef, DynMemRefMut};
pub use iter::Iter;
pub use mutable::MemRefMut;
pub use shared::MemRef;
pub use unranked::UnrankedMemRef;
use unranked::checked_rank;
pub(crate) use unranked::ranked_extent;

/// The pointers and geometry shared by both views.
/// The bytes from the lowest to the highest element of `T` reached from
/// `base` (the address of element `[0, ...]`) by the dimensions `(size,
/// stride)`; empty when a size is 0 or negative. Computed in 128 bits, so
/// that a descriptor nobody validated (an argument's, to compare a result
/// with) cannot overflow it; the range saturates at the address space.
pub(crate) fn extent<T>(
    base: usize,
    dims: impl Iterator<Item = (i64, i64)> + Clone,
    exclusive: bool,
) -> crate::argument::Borrow {
    // Every real extent fits in 64 bits: checked word arithmetic first
    // (a third of the 128-bit path's instructions on each call of a shim
    // taking an unranked memref), 128 bits only when it overflows.
    let fast = || {
        let (mut low, mut high) = (0i64, 0i64);
        for (size, stride) in dims.clone() {
            if size <= 0 {
                return Some(crate::argument::Borrow::range(0, 0, exclusive));
            }
            let reach = (size - 1).checked_mul(stride)?;
            if reach < 0 {
                low = low.checked_add(reach)?;
            } else {
                high = high.checked_add(reach)?;
            }
        }
        let element = i64::try_from(size_of::<T>()).ok()?;
        let start = (base as i64).checked_add(low.checked_mul(element)?)?;
        let end = (base as i64).checked_add(high.checked_add(1)?.checked_mul(element)?)?;
        // Both inside the address space (a negative one is below it).
        (start >= 0 && end >= start).then(|| {
            crate::argument::Borrow::range(start as usize, (end - start) as usize, exclusive)
        })
    };
    if let Some(borrow) = fast() {
        return borrow;
    }
    let (mut low, mut high) = (0i128, 0i128);
    for (size, stride) in dims {
        if size <= 0 {
            return crate::argument::Borrow::range(0, 0, exclusive);
        }
        // Each reach fits in 127 bits; the sums saturate (64 dimensions of
        // an unranked memref nobody validated could pass `i128::MAX`).
        let reach = i128::from(size - 1) * i128::from(stride);
        if reach < 0 {
            low = low.saturating_add(reach);
        } else {
            high = high.saturating_add(reach);
        }
    }
    let element = size_of::<T>() as i128;
    let start = (base as i128)
        .saturating_add(low.saturating_mul(element))
        .clamp(0, usize::MAX as i128);
    let end = (base as i128)
        .saturating_add(high.saturating_add(1).saturating_mul(element))
        .clamp(0, usize::MAX as i128);
    crate::argument::Borrow::range(start as usize, (end - start) as usize, exclusive)
}

pub(crate) use crate::model::mlir::MAX_UNRANKED_RANK;

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
    /// The view of a descriptor checked against `ty`; with
    /// `DYNAMIC_IDENTITY`, against [`MemRefType::DYNAMIC_IDENTITY`] whatever
    /// `ty` says, by checks written for that type alone
    /// (`check_dynamic_identity`, what the shim of a parameter without
    /// `#[mlir]` asks for). A constant parameter, not a run-time choice, so
    /// that each instance holds one of the two checks and LLVM never sees
    /// the other: the general check, folded for that type in every shim,
    /// was a third of the code LLVM received for a crate's first
    /// `#[ciface]` function.
    ///
    /// # Safety
    ///
    /// The descriptor's data must be valid for reads (and writes, when the
    /// caller hands out mutable access) for every element the geometry
    /// reaches.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    #[allow(
        clippy::question_mark,
        reason = "one generic function fewer, see below"
    )]
    unsafe fn new<const DYNAMIC_IDENTITY: bool>(
        desc: &MemRefDescriptor<T, N>,
        ty: &MemRefType,
    ) -> Result<Self, MemRefError> {
        // `match`, not `?`, as in `Geometry::parse`.
        let checked = if DYNAMIC_IDENTITY {
            crate::memref::shape::check_dynamic_identity(desc)
        } else {
            ty.check(desc)
        };
        let geometry = match checked {
            Ok(geometry) => geometry,
            Err(error) => return Err(error),
        };
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

    // `#[inline]` here and on `descriptor` and `is_contiguous`: the views
    // live in sibling modules, and rustc gives each module its own codegen
    // unit; without it LLVM compiled a transposed traversal to 2.256
    // instructions per element instead of 1.381 (the memref benchmark).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    #[allow(
        clippy::needless_range_loop,
        reason = "no iterator adapters, see below"
    )]
    fn pointer(&self, index: [usize; N]) -> Option<*mut T> {
        // Indexes, not `zip`: the same machine code, and no iterator
        // adapters for every crate to instantiate and LLVM to inline (a
        // crate's first `#[ciface]` function: 3066 lines of IR to 2567,
        // with `extent`).
        let mut delta = 0isize;
        for dim in 0..N {
            let (i, size) = (index[dim], self.geometry.sizes[dim]);
            if i >= size {
                return None;
            }
            // In range: `i < size`, and validation proved
            // `(size - 1) * stride` fits.
            delta += i as isize * self.geometry.strides[dim];
        }
        // `wrapping_offset` keeps this safe code; the result is in bounds
        // by validation.
        Some(self.base.wrapping_offset(delta))
    }

    /// The bytes from the lowest to the highest element the view reaches
    /// (its extent; every element between need not be reached).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn extent(&self, exclusive: bool) -> crate::argument::Borrow {
        if self.geometry.len == 0 {
            return crate::argument::Borrow::range(0, 0, exclusive);
        }
        // A validated view: every `(size - 1) * stride` and their sums fit
        // in `isize` elements, and the extent in the address space, so
        // plain arithmetic is exact here (the saturating `extent` is for
        // descriptors nobody validated).
        let (mut low, mut high) = (0isize, 0isize);
        for dim in 0..N {
            let (size, stride) = (self.geometry.sizes[dim], self.geometry.strides[dim]);
            let reach = (size as isize - 1).wrapping_mul(stride);
            if reach < 0 {
                low = low.wrapping_add(reach);
            } else {
                high = high.wrapping_add(reach);
            }
        }
        let element = size_of::<T>() as isize;
        let start = self
            .base
            .addr()
            .wrapping_add_signed(low.wrapping_mul(element));
        let len = (high - low + 1).wrapping_mul(element) as usize;
        crate::argument::Borrow::range(start, len, exclusive)
    }

    /// Call `f` with a pointer to every element, in logical order.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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

    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
#[cfg_attr(not(abi_core_unoptimised), inline)]
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
#[cfg_attr(not(abi_core_unoptimised), inline)]
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
    use crate::memref::UnrankedMemRefDescriptor;

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

    /// The overlap check reads an unranked argument's extent before any
    /// validation: 64 dimensions of the largest sizes and strides saturate
    /// to the whole address space instead of overflowing.
    #[test]
    fn the_extent_of_a_hostile_unranked_descriptor_saturates() {
        let rank = MAX_UNRANKED_RANK;
        let mut words = vec![i64::MAX; 3 + 2 * rank];
        // NULL `allocated`, `aligned` at 64, offset 0.
        words[..3].copy_from_slice(&[0, 64, 0]);
        let unranked = UnrankedMemRefDescriptor {
            rank: rank as i64,
            descriptor: words.as_mut_ptr().cast(),
        };
        // SAFETY: a block of `rank` sizes and strides; the data pointer is
        // never read (only the extent is computed).
        let view = unsafe { UnrankedMemRef::<f64>::from_descriptor(&unranked) }.unwrap();
        let all = crate::argument::Borrow::range(64, usize::MAX - 64, true);
        assert_eq!(view.borrowed_memory(), all);
        // A negative stride saturates the other way, to address 0.
        words[3 + rank] = i64::MIN;
        // SAFETY: as above.
        let view = unsafe { UnrankedMemRef::<f64>::from_descriptor(&unranked) }.unwrap();
        let everything = crate::argument::Borrow::range(0, usize::MAX, true);
        assert_eq!(view.borrowed_memory(), everything);
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
