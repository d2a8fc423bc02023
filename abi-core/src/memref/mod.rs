//! MLIR memrefs across the C interface (`_mlir_ciface_<name>`).
//!
//! MLIR lowers a ranked `memref<...xT>` to a descriptor
//! `{T *allocated; T *aligned; int64_t offset; int64_t sizes[N]; int64_t strides[N];}`
//! and its C interface passes that descriptor by pointer. Element `(i, j, ...)`
//! lives at `aligned + offset + i*strides[0] + j*strides[1] + ...` (in
//! elements). Results that are memrefs, and multiple results, come back
//! through one out-pointer passed *first*. (Measured on MLIR 19.)
//!
//! This module has:
//!
//! - [`MemRefDescriptor<T, N>`] and [`UnrankedMemRefDescriptor`], the
//!   `#[repr(C)]` structs, layout-identical to Clang's view of what MLIR
//!   emits (proven by C code compiled with clang-19);
//! - [`MemRef`] and [`MemRefMut`], borrowed views built only after a
//!   descriptor was validated ([`MemRefError`](crate::model::mlir::MemRefError) says what was wrong), with
//!   `[i, j]` indexing, logical-order iteration, `as_slice` and `to_vec`,
//!   and with the `ndarray` feature `from_ndarray` / `to_ndarray` (views
//!   shared with ndarray 0.17, any strides, nothing copied);
//! - [`OwnedMemRef`]: a buffer from C `malloc` that MLIR may free, or a
//!   result MLIR handed back and Rust frees (always `allocated`, never
//!   `aligned`); [`ReturnedMemRef`]: a result that may instead alias an
//!   argument or static data; [`OwnedUnrankedMemRef`] for unranked results
//!   (heap descriptor and data: two frees);
//! - [`MemRefType`](crate::model::mlir::MemRefType): the MLIR type a parameter declares (shape and layout),
//!   checked against every descriptor that crosses.
//!
//! ```
//! use abi_core::memref::{MemRef, MemRefMut};
//!
//! let data = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
//! let m = MemRef::from_slice(&data, [2, 3]).unwrap();
//! assert_eq!(m[[1, 2]], 6.0);
//! let t = m.transposed(); // a 3x2 view, strides [1, 3]
//! assert_eq!(t.to_vec(), [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
//! assert!(t.as_slice().is_none()); // not contiguous
//!
//! let mut buffer = [0i32; 4];
//! let mut out = MemRefMut::from_slice(&mut buffer, [2, 2]).unwrap();
//! out[[0, 1]] = 7;
//! assert_eq!(buffer, [0, 7, 0, 0]);
//! ```

mod ciface;
mod complex;
mod descriptor;
mod element;
mod owned;
mod shape;
mod vector;
mod view;

pub use ciface::{
    ArgumentBuffer, CifaceArg, CifaceDirect, CifaceError, CifaceParam, CifaceResult,
    MemRefSignature, Results2, Results3, Results4,
};
pub use complex::{Complex, ComplexPart};
pub use descriptor::{MemRefDescriptor, UnrankedMemRefDescriptor};
pub use element::MemRefElement;
pub use owned::{OwnedMemRef, OwnedUnrankedMemRef, ReturnedMemRef, STATIC_ALLOCATED};
pub use shape::{Geometry, MemRefTypeCheck};
/// What `Vector`'s bounds name (not a public API).
#[doc(hidden)]
pub use vector::{LaneCount, Lanes, align, width};
pub use vector::{Vector, VectorLane};
pub use view::{
    ByteMemRef, ByteMemRefMut, DynIter, DynMemRef, DynMemRefMut, Iter, MemRef, MemRefMut,
    UnrankedMemRef,
};

#[doc(hidden)]
pub use ciface::__private;
