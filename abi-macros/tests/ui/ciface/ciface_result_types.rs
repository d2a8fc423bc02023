//! `#[ciface(result = ...)]`: the MLIR types of the results a Rust function
//! returns to MLIR, checked against the Rust types at compile time.
use abi_core::ciface;
use abi_core::memref::OwnedMemRef;

/// Two types for one result.
#[ciface(result = ("memref<4xf32>", "memref<?xf32>"))]
pub fn too_many() -> OwnedMemRef<f32, 1> {
    OwnedMemRef::zeroed([4]).unwrap()
}

/// A scalar result has no memref type.
#[ciface(result = "memref<4xf32>")]
pub fn scalar() -> f32 {
    0.0
}

/// Not an MLIR memref type.
#[ciface(result = "tensor<4xf32>")]
pub fn not_memref() -> OwnedMemRef<f32, 1> {
    OwnedMemRef::zeroed([4]).unwrap()
}

/// The element type differs from the Rust type's.
#[ciface(result = "memref<4xi32>")]
pub fn wrong_element() -> OwnedMemRef<f32, 1> {
    OwnedMemRef::zeroed([4]).unwrap()
}

/// Not a string.
#[ciface(result = 4)]
pub fn not_a_string() -> OwnedMemRef<f32, 1> {
    OwnedMemRef::zeroed([4]).unwrap()
}

/// A tuple: one type per member, `"_"` for the default.
#[ciface(result = ("_", "memref<2x2xf64>"))]
pub fn pair() -> (OwnedMemRef<f32, 1>, OwnedMemRef<f64, 2>) {
    (OwnedMemRef::zeroed([4]).unwrap(), OwnedMemRef::zeroed([2, 2]).unwrap())
}

/// On a block, `result` would apply to every declaration: it goes on the
/// declaration.
#[ciface(result = "memref<4xf32>")]
unsafe extern "C" {
    pub fn from_mlir() -> OwnedMemRef<f32, 1>;
}

#[ciface]
unsafe extern "C" {
    /// A declaration's result type, checked against the Rust type.
    #[ciface(result = "memref<4x4xf32>")]
    pub fn wrong_rank_from_mlir() -> OwnedMemRef<f32, 1>;
}

#[ciface]
unsafe extern "C" {
    /// Only `result` belongs on a declaration.
    #[ciface(name = "other")]
    pub fn renamed() -> OwnedMemRef<f32, 1>;
    /// A declaration's `#[ciface]` without a result type.
    #[ciface]
    pub fn bare() -> OwnedMemRef<f32, 1>;
}

fn main() {}
