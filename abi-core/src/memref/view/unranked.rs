//! `UnrankedMemRef`: a `memref<*xT>` argument, whose rank is known at run
//! time only.
use core::fmt;
use core::marker::PhantomData;

use super::super::descriptor::{MemRefDescriptor, UnrankedMemRefDescriptor};
use super::super::element::MemRefElement;
use super::{DynMemRef, DynMemRefMut, MAX_UNRANKED_RANK, MemRef, MemRefMut};
use crate::model::mlir::{MemRefError, MemRefType};

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
        let rank = checked_rank(desc)?;
        Ok(UnrankedMemRef {
            rank,
            descriptor: desc.descriptor,
            _borrow: PhantomData,
        })
    }

    /// An unranked view of a ranked descriptor, to pass to an MLIR
    /// function taking `memref<*xT>`. Safe code gets one from a mutable
    /// view instead: [`MemRefMut::as_unranked`].
    ///
    /// # Safety
    ///
    /// The descriptor is plain data (its fields are public): every element
    /// it reaches must be valid for reads and writes and not accessed
    /// through other pointers for `'a`, as for
    /// [`MemRefMut::from_descriptor`]. The views made from the result check
    /// the geometry, never that the pointers point to memory.
    pub unsafe fn from_ranked<const N: usize>(desc: &'a mut MemRefDescriptor<T, N>) -> Self {
        UnrankedMemRef {
            rank: N,
            descriptor: (desc as *mut MemRefDescriptor<T, N>).cast(),
            _borrow: PhantomData,
        }
    }

    /// The memory the ranked descriptor's geometry reaches, borrowed
    /// exclusively (the view can become a [`MemRefMut`]), for the
    /// boundary's check that it overlaps no other argument. Computed from
    /// the sizes and strides before any check, saturating, so a malformed
    /// descriptor gives a large range (an overlap report), never an
    /// overflow.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn borrowed_memory(&self) -> crate::argument::Borrow {
        // SAFETY: the ranked descriptor of `rank` (construction contract).
        unsafe { ranked_extent::<T>(self.descriptor, self.rank, true) }
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

    /// A ranked view, after checking the rank and the descriptor. It
    /// borrows `self`: no [`ranked_mut`](Self::ranked_mut) view of the same
    /// data can exist while it lives.
    pub fn ranked<const N: usize>(&self, ty: &MemRefType) -> Result<MemRef<'_, T, N>, MemRefError> {
        let desc = self.ranked_descriptor::<N>()?;
        // SAFETY: valid for reads for `'a` (construction contract), and
        // the view's lifetime is the shared borrow of `self`, so no
        // mutable view of this memref coexists with it.
        unsafe { MemRef::from_descriptor(&desc, ty) }
    }

    /// The ranked mutable view for the rest of `'a`, after checking the
    /// rank and the descriptor (consumes the unranked view).
    pub fn into_ranked_mut<const N: usize>(
        self,
        ty: &MemRefType,
    ) -> Result<MemRefMut<'a, T, N>, MemRefError> {
        let desc = self.ranked_descriptor::<N>()?;
        // SAFETY: valid for reads and writes for `'a`, and `self`, the
        // only handle to the data, is consumed.
        unsafe { MemRefMut::from_descriptor(&desc, ty) }
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

    /// A view of any rank, after checking the descriptor as a ranked
    /// view's (any strides and offset: the descriptor of an unranked
    /// memref says them). Sizes, strides, elements in row-major order,
    /// with no rank fixed at compile time. It borrows `self`, as
    /// [`ranked`](Self::ranked) does.
    pub fn view(&self) -> Result<DynMemRef<'_, T>, MemRefError> {
        // SAFETY: the ranked descriptor of `rank`, valid for reads for `'a`
        // (construction contract); the view's lifetime is the shared borrow
        // of `self`, so no mutable view of this memref coexists with it.
        unsafe {
            DynMemRef::from_raw_descriptor(self.descriptor, self.rank, &MemRefType::ANY_STRIDED)
        }
    }

    /// A mutable view of any rank (see [`view`](Self::view)); refused when
    /// two indices reach one element.
    pub fn view_mut(&mut self) -> Result<DynMemRefMut<'_, T>, MemRefError> {
        // SAFETY: valid for reads and writes (construction contract),
        // borrowed exclusively through `self`.
        unsafe {
            DynMemRefMut::from_raw_descriptor(self.descriptor, self.rank, &MemRefType::ANY_STRIDED)
        }
    }

    /// The mutable view of any rank for the rest of `'a` (consumes the
    /// unranked view).
    pub fn into_view_mut(self) -> Result<DynMemRefMut<'a, T>, MemRefError> {
        // SAFETY: valid for reads and writes for `'a`, and `self`, the
        // only handle to the data, is consumed.
        unsafe {
            DynMemRefMut::from_raw_descriptor(self.descriptor, self.rank, &MemRefType::ANY_STRIDED)
        }
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

/// The rank of an unranked descriptor, after checking that its pointer is
/// not NULL and its rank is in `0..=MAX_UNRANKED_RANK`.
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub(crate) fn checked_rank(desc: &UnrankedMemRefDescriptor) -> Result<usize, MemRefError> {
    if desc.descriptor.is_null() {
        return Err(MemRefError::NullDescriptor);
    }
    usize::try_from(desc.rank)
        .ok()
        .filter(|&r| r <= MAX_UNRANKED_RANK)
        .ok_or(MemRefError::RankOutOfRange { found: desc.rank })
}

/// The bytes from the lowest to the highest element the ranked descriptor
/// at `descriptor` reaches (its extent), from its sizes and strides as
/// they are: saturating, so an unvalidated descriptor cannot overflow it.
///
/// # Safety
///
/// `descriptor` points to a readable ranked descriptor of `rank` (two
/// pointers, the offset, `rank` sizes, `rank` strides), at any alignment.
pub(crate) unsafe fn ranked_extent<T>(
    descriptor: *const core::ffi::c_void,
    rank: usize,
    exclusive: bool,
) -> crate::argument::Borrow {
    let words = descriptor.cast::<i64>();
    // SAFETY: inside the descriptor (caller); unaligned because foreign
    // code may hand over a descriptor at any address.
    let word = |k: usize| unsafe { words.wrapping_add(k).read_unaligned() };
    let aligned = word(1) as usize;
    let base =
        aligned.wrapping_add_signed((word(2) as isize).wrapping_mul(size_of::<T>() as isize));
    super::extent::<T>(
        base,
        (0..rank).map(|k| (word(3 + k), word(3 + rank + k))),
        exclusive,
    )
}
