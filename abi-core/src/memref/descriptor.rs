//! The descriptor structs MLIR's LLVM lowering passes by pointer.

use core::ffi::c_void;
use core::fmt;

/// A ranked memref descriptor, exactly as MLIR 19 lowers `memref<...xT>`
/// of rank `N`: `{T *allocated; T *aligned; int64_t offset; int64_t
/// sizes[N]; int64_t strides[N];}` (rank 0: the first three fields only).
/// Clang's `StridedMemRefType<T, N>` from `CRunnerUtils.h` has the same
/// layout.
///
/// A descriptor is plain data; nothing is checked until it becomes a view
/// ([`MemRef::from_descriptor`](super::MemRef::from_descriptor)).
#[repr(C)]
pub struct MemRefDescriptor<T, const N: usize> {
    /// The pointer the buffer was allocated with; the one to free.
    pub allocated: *mut T,
    /// The start of the data (`allocated` rounded up to an alignment).
    pub aligned: *mut T,
    /// Offset of element `[0, 0, ...]` from `aligned`, in elements.
    pub offset: i64,
    /// Size of each dimension.
    pub sizes: [i64; N],
    /// Distance between neighbours along each dimension, in elements.
    pub strides: [i64; N],
}

impl<T, const N: usize> Clone for MemRefDescriptor<T, N> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T, const N: usize> Copy for MemRefDescriptor<T, N> {}

impl<T, const N: usize> fmt::Debug for MemRefDescriptor<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemRefDescriptor")
            .field("allocated", &self.allocated)
            .field("aligned", &self.aligned)
            .field("offset", &self.offset)
            .field("sizes", &self.sizes)
            .field("strides", &self.strides)
            .finish()
    }
}

impl<T, const N: usize> MemRefDescriptor<T, N> {
    /// A descriptor of nothing: NULL pointers, every size 0. What an
    /// out-pointer slot is initialised with before foreign code fills it.
    pub const EMPTY: Self = MemRefDescriptor {
        allocated: core::ptr::null_mut(),
        aligned: core::ptr::null_mut(),
        offset: 0,
        sizes: [0; N],
        strides: [0; N],
    };

    /// Row-major ("identity layout") strides for `sizes`: the last
    /// dimension has stride 1.
    pub fn row_major_strides(sizes: [i64; N]) -> [i64; N] {
        let mut strides = [0i64; N];
        let mut step = 1i64;
        for k in (0..N).rev() {
            strides[k] = step;
            step = step.saturating_mul(sizes[k].max(1));
        }
        strides
    }
}

/// An unranked memref (`memref<*xT>`): the rank and a pointer to a ranked
/// descriptor of that rank. The C interface passes a pointer to this pair;
/// an unranked *result* points to a descriptor MLIR copied to the heap with
/// `malloc` (see [`OwnedUnrankedMemRef`](super::OwnedUnrankedMemRef)).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct UnrankedMemRefDescriptor {
    /// The rank of the descriptor behind `descriptor`.
    pub rank: i64,
    /// A `MemRefDescriptor<T, rank>`.
    pub descriptor: *mut c_void,
}

impl UnrankedMemRefDescriptor {
    /// Nothing: rank 0, NULL descriptor.
    pub const EMPTY: Self = UnrankedMemRefDescriptor {
        rank: 0,
        descriptor: core::ptr::null_mut(),
    };

    /// Bytes of a ranked descriptor of `rank`: two pointers, the offset,
    /// `rank` sizes and `rank` strides (what MLIR's unranked result copy
    /// allocates).
    pub const fn ranked_size(rank: usize) -> usize {
        2 * size_of::<*mut c_void>() + (1 + 2 * rank) * size_of::<i64>()
    }
}

#[cfg(all(test, target_pointer_width = "64"))] // descriptors are 64-bit only
mod tests {
    use super::*;

    #[test]
    fn sizes_match_mlir_struct_lowering() {
        // {ptr, ptr, i64}, {ptr, ptr, i64, [1 x i64], [1 x i64]}, ...
        assert_eq!(size_of::<MemRefDescriptor<f32, 0>>(), 24);
        assert_eq!(size_of::<MemRefDescriptor<f32, 1>>(), 40);
        assert_eq!(size_of::<MemRefDescriptor<f64, 3>>(), 72);
        assert_eq!(UnrankedMemRefDescriptor::ranked_size(3), 72);
        assert_eq!(size_of::<UnrankedMemRefDescriptor>(), 16);
        assert_eq!(
            MemRefDescriptor::<f32, 3>::row_major_strides([2, 3, 4]),
            [12, 4, 1]
        );
        assert_eq!(
            MemRefDescriptor::<f32, 2>::row_major_strides([0, 5]),
            [5, 1]
        );
    }
}
