//! Memrefs that own their buffer: results MLIR hands back, and buffers Rust
//! hands to MLIR that MLIR may free.
//!
//! MLIR frees a memref with `free(allocated)` (`memref.dealloc`) and expects
//! the same of its callers: `allocated` is what `malloc` returned, `aligned`
//! may lie inside it. Freeing `aligned` is the classic bug (MLIR's own C++
//! `OwningMemRef` did it until LLVM 21); here only `allocated` is ever
//! freed.

use crate::memref::MemRefTypeCheck;
use core::ffi::c_void;
use core::fmt;

use super::ciface::ArgumentBuffer;
use super::descriptor::{MemRefDescriptor, UnrankedMemRefDescriptor};
use super::element::MemRefElement;
use super::view::{MemRef, MemRefMut};
use crate::model::mlir::MemRefError;
use crate::model::mlir::MemRefType;

unsafe extern "C" {
    fn malloc(size: usize) -> *mut c_void;
    fn calloc(count: usize, size: usize) -> *mut c_void;
    fn free(ptr: *mut c_void);
}

/// `bytes` (at least 1) of zeros aligned to `align` (a power of two), which
/// C `free` releases, as MLIR does: `calloc`'s block when it is aligned
/// enough (`malloc` aligns for any fundamental type, 16 bytes on x86-64
/// and AArch64), else `posix_memalign`'s (vector elements align up to 512).
fn allocate_zeroed(bytes: usize, align: usize) -> Result<*mut c_void, MemRefError> {
    // SAFETY: plain allocation; the result is checked for NULL.
    let block = unsafe { calloc(1, bytes) };
    if block.is_null() {
        return Err(MemRefError::OutOfMemory);
    }
    if block.addr() % align == 0 {
        return Ok(block);
    }
    // SAFETY: the block just allocated, freed once.
    unsafe { free(block) };
    // Without `posix_memalign` no allocator both aligns and is released by
    // C `free` (Windows' `_aligned_malloc` needs `_aligned_free`).
    #[cfg(not(unix))]
    return Err(MemRefError::Misaligned {
        align,
        address: block.addr(),
    });
    #[cfg(unix)]
    {
        let mut block = core::ptr::null_mut();
        // `posix_memalign` wants a power of two multiple of a pointer's
        // size.
        let align = align.max(size_of::<*mut c_void>());
        // SAFETY: plain allocation into a local; the result is checked.
        if unsafe { libc::posix_memalign(&mut block, align, bytes) } != 0 || block.is_null() {
            return Err(MemRefError::OutOfMemory);
        }
        // SAFETY: `bytes` writable bytes just allocated.
        unsafe { block.cast::<u8>().write_bytes(0, bytes) };
        Ok(block)
    }
}

/// The `allocated` pointer MLIR 19 gives a memref of static data
/// (`memref.get_global`): `0xdeadbeef`, never a heap pointer.
pub const STATIC_ALLOCATED: usize = 0xdead_beef;

/// How an [`OwnedMemRef`] gives its buffer back.
#[derive(Clone, Copy)]
enum Release {
    /// C `free(allocated)`.
    Free,
    /// A custom deallocator on `allocated`, e.g. MLIR's
    /// `_mlir_memref_to_llvm_free` under `use-generic-functions`.
    Custom(unsafe extern "C" fn(*mut c_void)),
}

impl Release {
    /// Whether C `free` may release the buffer: what MLIR does to a buffer
    /// handed to it (`memref.dealloc`). A buffer with a deallocator of its
    /// own cannot be handed over, since nothing would call that deallocator.
    fn check_handed_over(self) -> Result<(), MemRefError> {
        match self {
            Release::Free => Ok(()),
            Release::Custom(_) => Err(MemRefError::CustomDeallocator),
        }
    }

    /// Give `allocated` back.
    ///
    /// # Safety
    ///
    /// `allocated` is the buffer this release came with, released once.
    unsafe fn release(self, allocated: *mut c_void) {
        match self {
            // SAFETY: a `malloc` pointer (caller).
            Release::Free => unsafe { free(allocated) },
            // SAFETY: the matching deallocator (caller).
            Release::Custom(release) => unsafe { release(allocated) },
        }
    }
}

/// A memref whose buffer this value owns: allocated by C `malloc` (so MLIR
/// may free it), or a fresh result returned by MLIR. Dropping it frees
/// `allocated` (never `aligned`).
pub struct OwnedMemRef<T, const N: usize> {
    desc: MemRefDescriptor<T, N>,
    release: Release,
}

// SAFETY: the buffer is owned exclusively, like a `Vec<T>`.
unsafe impl<T: Send, const N: usize> Send for OwnedMemRef<T, N> {}
// SAFETY: shared access only reads.
unsafe impl<T: Sync, const N: usize> Sync for OwnedMemRef<T, N> {}

impl<T: MemRefElement, const N: usize> OwnedMemRef<T, N> {
    /// A row-major memref of `sizes`, every element zero, in a buffer that
    /// C `free` releases (`calloc`'s, or `posix_memalign`'s for elements
    /// aligned above what `malloc` guarantees). A size above `i64::MAX` or
    /// a byte count that overflows is [`MemRefError::Overflow`].
    pub fn zeroed(sizes: [usize; N]) -> Result<Self, MemRefError> {
        let mut len = 1usize;
        let mut isizes = [0i64; N];
        for k in 0..N {
            len = len.checked_mul(sizes[k]).ok_or(MemRefError::Overflow)?;
            isizes[k] = i64::try_from(sizes[k]).map_err(|_| MemRefError::Overflow)?;
        }
        let bytes = len
            .checked_mul(size_of::<T>())
            .filter(|&bytes| bytes <= isize::MAX as usize)
            .ok_or(MemRefError::Overflow)?;
        // One byte at least, so that the pointer is never NULL.
        let ptr = allocate_zeroed(bytes.max(1), align_of::<T>())?.cast::<T>();
        Ok(OwnedMemRef {
            desc: MemRefDescriptor {
                allocated: ptr,
                aligned: ptr,
                offset: 0,
                sizes: isizes,
                strides: MemRefDescriptor::<T, N>::row_major_strides(isizes),
            },
            release: Release::Free,
        })
    }

    /// A row-major copy of `data` with `sizes`, in a `malloc` buffer.
    pub fn from_slice(data: &[T], sizes: [usize; N]) -> Result<Self, MemRefError> {
        let view = MemRef::from_slice(data, sizes)?;
        let mut owned = Self::zeroed(sizes)?;
        let target = owned
            .view_mut()
            .as_mut_slice()
            .map(|s| s.as_mut_ptr())
            .unwrap_or(core::ptr::null_mut());
        if !view.is_empty() {
            // SAFETY: both hold `len` elements and do not overlap.
            unsafe { core::ptr::copy_nonoverlapping(data.as_ptr(), target, view.len()) };
        }
        Ok(owned)
    }

    /// Take ownership of a result descriptor whose buffer came from C
    /// `malloc`. An invalid descriptor is an error, and its buffer is
    /// still freed.
    ///
    /// # Safety
    ///
    /// The caller owns `allocated` (a `malloc` pointer or NULL), nothing
    /// else frees it, and the elements the descriptor reaches are inside
    /// that allocation.
    pub unsafe fn from_descriptor(
        desc: MemRefDescriptor<T, N>,
        ty: &MemRefType,
    ) -> Result<Self, MemRefError> {
        // SAFETY: forwarded.
        unsafe { Self::with_release(desc, ty, Release::Free) }
    }

    /// Like [`OwnedMemRef::from_descriptor`], freeing `allocated` with
    /// `release` instead of C `free`.
    ///
    /// # Safety
    ///
    /// As for `from_descriptor`, with `release` the matching deallocator.
    pub unsafe fn from_descriptor_with(
        desc: MemRefDescriptor<T, N>,
        ty: &MemRefType,
        release: unsafe extern "C" fn(*mut c_void),
    ) -> Result<Self, MemRefError> {
        // SAFETY: forwarded.
        unsafe { Self::with_release(desc, ty, Release::Custom(release)) }
    }

    unsafe fn with_release(
        desc: MemRefDescriptor<T, N>,
        ty: &MemRefType,
        release: Release,
    ) -> Result<Self, MemRefError> {
        let owned = OwnedMemRef { desc, release };
        if desc.allocated as usize == STATIC_ALLOCATED {
            core::mem::forget(owned);
            return Err(MemRefError::StaticData);
        }
        let geometry = ty.check(&desc)?;
        if geometry.self_overlaps() {
            return Err(MemRefError::Overlapping);
        }
        if T::NEEDS_CHECK {
            // SAFETY: the caller vouches for the data; this checks every
            // `i1` byte.
            unsafe { MemRef::from_descriptor(&desc, &MemRefType::ANY_STRIDED)? };
        }
        Ok(owned)
    }
}

impl<T, const N: usize> OwnedMemRef<T, N> {
    /// The descriptor (still owned by `self`).
    pub fn descriptor(&self) -> &MemRefDescriptor<T, N> {
        &self.desc
    }

    /// Give up ownership: the caller must free `allocated` with C `free`,
    /// or, for a memref made by [`OwnedMemRef::from_descriptor_with`], with
    /// the deallocator given there. (A `#[ciface]` wrapper or shim that
    /// hands an owned memref to MLIR refuses one made that way:
    /// [`MemRefError::CustomDeallocator`].)
    pub fn into_descriptor(self) -> MemRefDescriptor<T, N> {
        let desc = self.desc;
        core::mem::forget(self);
        desc
    }

    /// `Err` when the buffer cannot be handed to MLIR, which frees it with
    /// C `free`: it was made with a deallocator of its own.
    pub(crate) fn check_handed_over(&self) -> Result<(), MemRefError> {
        self.release.check_handed_over()
    }
}

impl<T: MemRefElement, const N: usize> OwnedMemRef<T, N> {
    /// A read-only view.
    pub fn view(&self) -> MemRef<'_, T, N> {
        // SAFETY: the descriptor was validated at construction and the
        // buffer is owned, alive while `self` is borrowed.
        unsafe { MemRef::from_descriptor(&self.desc, &MemRefType::ANY_STRIDED) }
            .expect("an owned memref's descriptor was validated at construction")
    }

    /// A mutable view.
    pub fn view_mut(&mut self) -> MemRefMut<'_, T, N> {
        // SAFETY: as for `view`, borrowed exclusively; non-overlap was
        // checked at construction.
        unsafe { MemRefMut::from_descriptor(&self.desc, &MemRefType::ANY_STRIDED) }
            .expect("an owned memref's descriptor was validated at construction")
    }

    /// The sizes.
    pub fn sizes(&self) -> [usize; N] {
        self.view().sizes()
    }

    /// The elements in logical order.
    pub fn to_vec(&self) -> Vec<T> {
        self.view().to_vec()
    }
}

impl<T, const N: usize> Drop for OwnedMemRef<T, N> {
    fn drop(&mut self) {
        let allocated = self.desc.allocated.cast::<c_void>();
        if allocated.is_null() {
            return;
        }
        // SAFETY: the buffer this memref owns, released once (construction
        // contract).
        unsafe { self.release.release(allocated) };
    }
}

impl<T: MemRefElement + fmt::Debug, const N: usize> fmt::Debug for OwnedMemRef<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("OwnedMemRef").field(&self.view()).finish()
    }
}

/// A memref result that may own its buffer, borrow an argument's (a
/// `subview` or `cast` of an input) or point to static data
/// (`memref.get_global`). Only `Owned` frees anything.
#[derive(Debug)]
pub enum ReturnedMemRef<'a, T: MemRefElement, const N: usize> {
    /// A fresh buffer; freed on drop.
    Owned(OwnedMemRef<T, N>),
    /// Aliases argument `argument`'s buffer, borrowed for `'a`.
    Borrowed {
        /// The index of the argument whose buffer the result aliases.
        argument: usize,
        /// The data.
        view: MemRef<'a, T, N>,
    },
    /// Static data of the MLIR module.
    Static(MemRef<'static, T, N>),
}

impl<'a, T: MemRefElement, const N: usize> ReturnedMemRef<'a, T, N> {
    /// A read-only view.
    pub fn view(&self) -> MemRef<'_, T, N> {
        match self {
            ReturnedMemRef::Owned(owned) => owned.view(),
            ReturnedMemRef::Borrowed { view, .. } => *view,
            ReturnedMemRef::Static(view) => *view,
        }
    }

    /// The elements in logical order.
    pub fn to_vec(&self) -> Vec<T> {
        self.view().to_vec()
    }

    /// Whether dropping this frees a buffer.
    pub fn is_owned(&self) -> bool {
        matches!(self, ReturnedMemRef::Owned(_))
    }

    /// The descriptor (for a Rust callee returning it to MLIR: ownership
    /// of an `Owned` buffer passes to the caller).
    pub fn into_descriptor(self) -> MemRefDescriptor<T, N> {
        match self {
            ReturnedMemRef::Owned(owned) => owned.into_descriptor(),
            ReturnedMemRef::Borrowed { view, .. } => view.descriptor(),
            ReturnedMemRef::Static(view) => view.descriptor(),
        }
    }

    /// Classify a result descriptor: static when `allocated` is MLIR's
    /// static marker, borrowed when it equals an argument's `allocated`,
    /// owned otherwise.
    ///
    /// # Safety
    ///
    /// An owned result's buffer came from `malloc` and belongs to the
    /// caller; a borrowed one stays valid for `'a`; a static one forever.
    pub unsafe fn classify(
        desc: MemRefDescriptor<T, N>,
        ty: &MemRefType,
        arguments: &[ArgumentBuffer],
    ) -> Result<Self, MemRefError> {
        let allocated = desc.allocated.cast_const().cast::<c_void>();
        if allocated as usize == STATIC_ALLOCATED {
            // SAFETY: static data lives for the whole program.
            return Ok(ReturnedMemRef::Static(unsafe {
                MemRef::from_descriptor(&desc, ty)?
            }));
        }
        if let Some(argument) = arguments
            .iter()
            .position(|a| !allocated.is_null() && a.allocated == allocated)
        {
            // Inside the argument's elements, checked before the view (an
            // element type with invalid bit patterns reads every element
            // while the view is built).
            let reach = ArgumentBuffer::of_ranked(&desc).extent;
            if !arguments[argument].extent.contains(&reach) {
                return Err(MemRefError::OutsideArgument { argument });
            }
            // SAFETY: borrowed from an argument the caller keeps for `'a`,
            // and inside its elements (checked above).
            let view = unsafe { MemRef::from_descriptor(&desc, ty)? };
            return Ok(ReturnedMemRef::Borrowed { argument, view });
        }
        // SAFETY: a fresh result, owned by the caller.
        Ok(ReturnedMemRef::Owned(unsafe {
            OwnedMemRef::from_descriptor(desc, ty)?
        }))
    }
}

/// An unranked memref result: MLIR copies the ranked descriptor to the
/// heap with `malloc` and returns `{rank, pointer}`. Dropping frees the data
/// (`allocated`, with the deallocator of the ranked memref it was made
/// from, C `free` otherwise) and the heap descriptor.
pub struct OwnedUnrankedMemRef<T> {
    rank: usize,
    descriptor: *mut c_void,
    /// How the data (not the heap descriptor, always `malloc`'s) goes back.
    release: Release,
    _owns: core::marker::PhantomData<T>,
}

// SAFETY: exclusively owned, like a `Vec<T>`.
unsafe impl<T: Send> Send for OwnedUnrankedMemRef<T> {}
// SAFETY: shared access only reads.
unsafe impl<T: Sync> Sync for OwnedUnrankedMemRef<T> {}

impl<T: MemRefElement> OwnedUnrankedMemRef<T> {
    /// Take ownership of an unranked result.
    ///
    /// # Safety
    ///
    /// `desc.descriptor` is a `malloc` copy of a ranked descriptor of
    /// `desc.rank` whose `allocated` buffer also belongs to the caller.
    pub unsafe fn from_descriptor(desc: UnrankedMemRefDescriptor) -> Result<Self, MemRefError> {
        if desc.descriptor.is_null() {
            return Err(MemRefError::NullDescriptor);
        }
        let rank = usize::try_from(desc.rank)
            .ok()
            .filter(|&r| r <= super::view::MAX_UNRANKED_RANK);
        let owned = OwnedUnrankedMemRef {
            rank: rank.unwrap_or(0),
            descriptor: desc.descriptor,
            release: Release::Free,
            _owns: core::marker::PhantomData,
        };
        if rank.is_none() {
            // Still freed: `allocated` is the first field whatever the
            // rank, and the heap descriptor is one block.
            drop(owned);
            return Err(MemRefError::RankOutOfRange { found: desc.rank });
        }
        Ok(owned)
    }

    /// A heap copy of `ranked`'s descriptor, as MLIR returns unranked
    /// results (for a Rust callee returning `memref<*xT>`). The data keeps
    /// `ranked`'s deallocator.
    pub fn from_ranked<const N: usize>(ranked: OwnedMemRef<T, N>) -> Result<Self, MemRefError> {
        // SAFETY: plain allocation, checked for NULL.
        let heap = unsafe { malloc(UnrankedMemRefDescriptor::ranked_size(N)) }
            .cast::<MemRefDescriptor<T, N>>();
        if heap.is_null() {
            return Err(MemRefError::OutOfMemory);
        }
        let release = ranked.release;
        // SAFETY: `heap` has room for one descriptor, and `malloc` aligns
        // for any fundamental type.
        unsafe { heap.write(ranked.into_descriptor()) };
        Ok(OwnedUnrankedMemRef {
            rank: N,
            descriptor: heap.cast(),
            release,
            _owns: core::marker::PhantomData,
        })
    }

    /// The rank.
    pub fn rank(&self) -> usize {
        self.rank
    }

    /// As [`OwnedMemRef::check_handed_over`].
    pub(crate) fn check_handed_over(&self) -> Result<(), MemRefError> {
        self.release.check_handed_over()
    }

    /// Check the rank and take the ranked memref (the heap descriptor is
    /// freed, the data now belongs to the result). On a rank mismatch
    /// `self` comes back unchanged.
    pub fn into_ranked<const N: usize>(
        self,
        ty: &MemRefType,
    ) -> Result<OwnedMemRef<T, N>, (Self, MemRefError)> {
        if self.rank != N {
            let error = MemRefError::RankMismatch {
                expected: N,
                found: self.rank as i64,
            };
            return Err((self, error));
        }
        // SAFETY: the rank matches: the heap block holds a
        // `MemRefDescriptor<T, N>` (construction contract).
        let desc = unsafe {
            self.descriptor
                .cast::<MemRefDescriptor<T, N>>()
                .read_unaligned()
        };
        let release = self.release;
        // SAFETY: the heap descriptor came from `malloc`; it is freed once
        // here and `self` is forgotten so that drop does not free it again.
        unsafe { free(self.descriptor) };
        core::mem::forget(self);
        // SAFETY: the data belongs to the caller (construction contract),
        // and `release` is its deallocator.
        unsafe { OwnedMemRef::with_release(desc, ty, release) }.map_err(|e| {
            // The data was freed by `from_descriptor`; nothing is left to
            // return.
            (
                OwnedUnrankedMemRef {
                    rank: 0,
                    descriptor: core::ptr::null_mut(),
                    release: Release::Free,
                    _owns: core::marker::PhantomData,
                },
                e,
            )
        })
    }

    /// The unranked descriptor; ownership of both blocks passes to the
    /// caller (MLIR frees them), who frees the data as
    /// [`OwnedMemRef::into_descriptor`] says.
    pub fn into_descriptor(self) -> UnrankedMemRefDescriptor {
        let desc = UnrankedMemRefDescriptor {
            rank: self.rank as i64,
            descriptor: self.descriptor,
        };
        core::mem::forget(self);
        desc
    }

    /// Geometry checks without taking the memref apart.
    pub fn sizes(&self) -> Vec<i64> {
        if self.descriptor.is_null() {
            return Vec::new();
        }
        let words = self.descriptor.cast::<i64>().cast_const();
        // SAFETY: the heap block holds two pointers, the offset, then
        // `rank` sizes; pointers are 8 bytes on the targets MLIR's C
        // interface is used on.
        const { assert!(size_of::<*mut T>() == size_of::<i64>()) };
        (0..self.rank)
            .map(|k| {
                let size = words.wrapping_add(3 + k);
                // SAFETY: inside the heap descriptor, as above.
                unsafe { size.read_unaligned() }
            })
            .collect()
    }
}

/// Free the heap copy of an unranked result's descriptor, not the data it
/// describes (which belongs to someone else).
///
/// # Safety
///
/// `descriptor` is NULL or a `malloc` block the caller owns.
pub(crate) unsafe fn free_heap_descriptor(descriptor: *mut c_void) {
    if !descriptor.is_null() {
        // SAFETY: a `malloc` block, freed once (caller).
        unsafe { free(descriptor) };
    }
}

impl<T> Drop for OwnedUnrankedMemRef<T> {
    fn drop(&mut self) {
        if self.descriptor.is_null() {
            return;
        }
        // SAFETY: the heap descriptor starts with the `allocated` pointer,
        // which belongs to us (construction contract).
        let allocated = unsafe { self.descriptor.cast::<*mut c_void>().read_unaligned() };
        if !allocated.is_null() && allocated as usize != STATIC_ALLOCATED {
            // SAFETY: the data this memref owns, released once with its
            // deallocator (construction contract).
            unsafe { self.release.release(allocated) };
        }
        // SAFETY: the heap descriptor came from `malloc`, freed once.
        unsafe { free(self.descriptor) };
    }
}

impl<T> fmt::Debug for OwnedUnrankedMemRef<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OwnedUnrankedMemRef")
            .field("rank", &self.rank)
            .finish()
    }
}

#[cfg(all(test, target_pointer_width = "64"))] // descriptors are 64-bit only
mod tests {
    use super::*;

    #[test]
    fn owned_round_trip() {
        let m = OwnedMemRef::<f64, 2>::from_slice(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [3, 2]).unwrap();
        assert_eq!(m.view()[[2, 1]], 6.0);
        assert_eq!(m.descriptor().strides, [2, 1]);
        let u = OwnedUnrankedMemRef::from_ranked(m).unwrap();
        assert_eq!(u.rank(), 2);
        assert_eq!(u.sizes(), [3, 2]);
        let u = match u.into_ranked::<3>(&MemRefType::ANY_STRIDED) {
            Err((u, e)) => {
                assert_eq!(
                    e,
                    MemRefError::RankMismatch {
                        expected: 3,
                        found: 2
                    }
                );
                u
            }
            Ok(_) => panic!("rank 3 accepted for a rank-2 memref"),
        };
        let m = u.into_ranked::<2>(&MemRefType::DYNAMIC_IDENTITY).unwrap();
        assert_eq!(m.to_vec(), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let empty = OwnedMemRef::<i8, 1>::zeroed([0]).unwrap();
        assert!(empty.view().is_empty());
    }

    #[test]
    fn zeroed_buffers_are_aligned_for_their_elements() {
        use crate::memref::Vector;
        // 64 bytes aligned to 64 (`vector<8xf64>`), above `malloc`'s 16.
        let mut m = OwnedMemRef::<Vector<f64, 8>, 1>::zeroed([3]).unwrap();
        assert_eq!(m.descriptor().aligned.addr() % 64, 0);
        m.view_mut()[[2]] = Vector::from([1.0; 8]);
        assert_eq!(m.to_vec()[2], Vector::from([1.0; 8]));
        assert_eq!(m.to_vec()[0], Vector::from([0.0; 8]));
        let copy =
            OwnedMemRef::<Vector<u8, 64>, 2>::from_slice(&[Vector::from([9; 64]); 4], [2, 2])
                .unwrap();
        assert_eq!(copy.descriptor().aligned.addr() % 64, 0);
        assert_eq!(copy.view()[[1, 1]], Vector::from([9; 64]));
        // Sizes a descriptor cannot hold, or more bytes than an allocation.
        assert_eq!(
            OwnedMemRef::<u8, 2>::zeroed([0, 1 << 63]).unwrap_err(),
            MemRefError::Overflow
        );
        assert_eq!(
            OwnedMemRef::<u64, 1>::zeroed([1 << 61]).unwrap_err(),
            MemRefError::Overflow
        );
        assert!(
            OwnedMemRef::<u8, 2>::zeroed([0, 1 << 62])
                .unwrap()
                .view()
                .is_empty()
        );
    }

    /// A buffer of a custom allocator: a `Box`, which C `free` must never
    /// release (Miri reports the mismatch), counted when released.
    fn boxed_buffer() -> *mut f32 {
        Box::into_raw(Box::new([1.0f32, 2.0, 3.0, 4.0])).cast()
    }

    static RELEASED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    unsafe extern "C" fn release_box(allocated: *mut c_void) {
        RELEASED.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        // SAFETY: made by `boxed_buffer`, released once.
        drop(unsafe { Box::from_raw(allocated.cast::<[f32; 4]>()) });
    }

    fn boxed_memref() -> OwnedMemRef<f32, 1> {
        let buffer = boxed_buffer();
        let desc = MemRefDescriptor {
            allocated: buffer,
            aligned: buffer,
            offset: 0,
            sizes: [4],
            strides: [1],
        };
        // SAFETY: the box is owned here and `release_box` is its deallocator.
        unsafe { OwnedMemRef::from_descriptor_with(desc, &MemRefType::ANY_STRIDED, release_box) }
            .unwrap()
    }

    /// The tests that count releases, in one test so that they do not
    /// count each other's.
    #[test]
    fn custom_deallocator_follows_the_data() {
        use crate::memref::ciface::{CifaceArg, CifaceResult};
        use std::sync::atomic::Ordering::SeqCst;
        let released = || RELEASED.load(SeqCst);
        // Dropped ranked.
        drop(boxed_memref());
        assert_eq!(released(), 1);
        // Through the unranked form and back, then dropped.
        let unranked = OwnedUnrankedMemRef::from_ranked(boxed_memref()).unwrap();
        assert_eq!(
            unranked.check_result(&[]),
            Err((0, MemRefError::CustomDeallocator))
        );
        let ranked = unranked.into_ranked::<1>(&MemRefType::ANY_STRIDED).unwrap();
        assert_eq!(ranked.to_vec(), [1.0, 2.0, 3.0, 4.0]);
        drop(ranked);
        assert_eq!(released(), 2);
        // Dropped unranked.
        drop(OwnedUnrankedMemRef::from_ranked(boxed_memref()).unwrap());
        assert_eq!(released(), 3);
        // Refused as a result handed to MLIR, owned or returned.
        let owned = boxed_memref();
        assert_eq!(
            owned.check_result(&[MemRefType::ANY_STRIDED]),
            Err((0, MemRefError::CustomDeallocator))
        );
        let returned = ReturnedMemRef::Owned(owned);
        assert_eq!(
            returned.check_result(&[MemRefType::ANY_STRIDED]),
            Err((0, MemRefError::CustomDeallocator))
        );
        drop(returned);
        assert_eq!(released(), 4);
        // Refused as an argument MLIR would free; released once, here.
        let refused = CifaceArg::prepare(boxed_memref(), &MemRefType::ANY_STRIDED);
        assert_eq!(refused.unwrap_err(), MemRefError::CustomDeallocator);
        assert_eq!(released(), 5);
        // A `malloc` buffer is still handed over.
        let handed = OwnedMemRef::<f32, 1>::from_slice(&[1.0], [1]).unwrap();
        assert_eq!(handed.check_result(&[MemRefType::ANY_STRIDED]), Ok(()));
        let desc = CifaceArg::prepare(handed, &MemRefType::ANY_STRIDED).unwrap();
        // SAFETY: the `malloc` buffer given up by `prepare`.
        drop(unsafe { OwnedMemRef::from_descriptor(desc, &MemRefType::ANY_STRIDED) }.unwrap());
        let plain = OwnedUnrankedMemRef::from_ranked(OwnedMemRef::<f32, 1>::zeroed([2]).unwrap());
        assert_eq!(plain.unwrap().check_result(&[]), Ok(()));
        assert_eq!(released(), 5);
    }

    #[test]
    fn classify_results() {
        let mut data = [1i32, 2, 3];
        // One pointer for every use: a second `as_mut_ptr` would invalidate
        // the first (Miri checks).
        let ptr = data.as_mut_ptr();
        let desc = MemRefDescriptor::<i32, 1> {
            allocated: ptr,
            aligned: ptr,
            offset: 1,
            sizes: [2],
            strides: [1],
        };
        let argument = MemRefDescriptor::<i32, 1> {
            offset: 0,
            sizes: [3],
            ..desc
        };
        let args = [ArgumentBuffer::of_ranked(&argument)];
        // Reaching past the argument's three elements is refused.
        let past = MemRefDescriptor::<i32, 1> { sizes: [3], ..desc };
        // SAFETY: refused before any element is read.
        let refused = unsafe { ReturnedMemRef::classify(past, &MemRefType::ANY_STRIDED, &args) };
        assert_eq!(
            refused.unwrap_err(),
            MemRefError::OutsideArgument { argument: 0 }
        );
        // SAFETY: borrowed from `data`, alive for the test.
        let r = unsafe { ReturnedMemRef::classify(desc, &MemRefType::ANY_STRIDED, &args) }.unwrap();
        assert!(matches!(r, ReturnedMemRef::Borrowed { argument: 0, .. }));
        assert_eq!(r.to_vec(), [2, 3]);
        // Declared as owned, the same result is refused and not freed.
        let aliasing = OwnedMemRef::from_slice(&[7i32], [1]).unwrap();
        let desc = aliasing.into_descriptor();
        let statik = MemRefDescriptor::<i32, 1> {
            allocated: STATIC_ALLOCATED as *mut i32,
            ..desc
        };
        // SAFETY: the static marker is never freed.
        let err =
            unsafe { OwnedMemRef::from_descriptor(statik, &MemRefType::ANY_STRIDED) }.unwrap_err();
        assert_eq!(err, MemRefError::StaticData);
        // SAFETY: `desc` is the malloc buffer given up above.
        drop(unsafe { OwnedMemRef::from_descriptor(desc, &MemRefType::ANY_STRIDED) }.unwrap());
    }
}
