use abi_core::ciface;
use abi_core::memref::MemRef;

/// Aggregates by value, vectors, slices, references and pointers: each
/// rejected at the parameter with a hint (`bool` is MLIR's `i1`).
#[ciface]
pub fn rejected(
    _complex: (f32, f32),
    _vector: [f32; 4],
    _slice: &[f32],
    _reference: &f64,
    _pointer: *const f32,
    _index: usize,
) -> f32 {
    0.0
}

/// Another crate's complex type: the hint names `Complex<T>`.
#[allow(non_camel_case_types)]
pub struct c32 {
    pub re: f32,
    pub im: f32,
}

#[ciface]
pub fn complex_named(_c: c32, _m: MemRef<'_, f32, 1>) {}

fn main() {}
