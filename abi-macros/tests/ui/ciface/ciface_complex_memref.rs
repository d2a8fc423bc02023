use abi_core::ciface;
use abi_core::memref::{Complex, MemRef};

/// A `complex<f64>` memref declared for `Complex<f32>` elements.
#[ciface]
pub fn wrong_part(#[mlir("memref<?xcomplex<f64>>")] _m: MemRef<'_, Complex<f32>, 1>) {}

/// A scalar memref declared for complex elements.
#[ciface]
pub fn scalar_for_complex(#[mlir("memref<?xf32>")] _m: MemRef<'_, Complex<f32>, 1>) {}

/// Complex parts other than f32 and f64 are no MLIR memref element.
#[ciface]
pub fn integer_parts(#[mlir("memref<?xcomplex<i32>>")] _m: MemRef<'_, f32, 1>) {}

/// `Complex<i32>` is not a memref element type.
#[ciface]
pub fn integer_complex(_m: MemRef<'_, Complex<i32>, 1>) {}

fn main() {}
