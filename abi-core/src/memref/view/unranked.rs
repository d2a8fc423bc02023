//! `UnrankedMemRef`: a `memref<*xT>` argument, whose rank is known at run
//! time only.
use core::fmt;
use core::marker::PhantomData;

use super::super::descriptor::{MemRefDescriptor, UnrankedMemRefDescriptor};
use super::super::element::MemRefElement;
use super::{MAX_UNRANKED_RANK, MemRef, MemRefMut};
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
