use abi_core::ciface;
use abi_core::memref::{MemRef, Vector};

/// The `#[mlir]` type must agree with the Rust type.
#[ciface]
pub fn wrong_rank(#[mlir("memref<?x?xf32>")] _m: MemRef<'_, f32, 1>) {}

#[ciface]
pub fn wrong_element(#[mlir("memref<?xf64>")] _m: MemRef<'_, f32, 1>) {}

#[ciface]
pub fn not_a_memref(#[mlir("memref<?xf32>")] _x: f32) {}

#[ciface]
pub fn bad_text(#[mlir("memref<?xvector<4xf16>>")] _m: MemRef<'_, f32, 1>, #[mlir("tensor<4xf32>")] _n: MemRef<'_, f32, 1>) {}

/// Vector elements: the lane count and the lane type are checked, and
/// shapes beyond two dimensions are refused at the string.
#[ciface]
pub fn wrong_vector(#[mlir("memref<?xvector<4xf32>>")] _m: MemRef<'_, Vector<f32, 3>, 1>) {}

#[ciface]
pub fn vector_3d(#[mlir("memref<?xvector<2x2x2xf32>>")] _m: MemRef<'_, Vector<f32, 2>, 1>) {}

#[ciface]
pub fn too_long(_m: MemRef<'_, Vector<f32, 65>, 1>) {}

/// A type with no C-interface meaning, caught by the trait.
#[ciface]
pub fn unsupported(_s: String) {}

fn main() {}
