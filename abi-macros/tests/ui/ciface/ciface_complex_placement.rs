use abi_core::ciface;
use abi_core::memref::Complex;

/// Seven floats, then a complex: MLIR passes its real part in xmm7 and its
/// imaginary part on the stack, which no Rust type reproduces.
#[ciface]
#[allow(clippy::too_many_arguments)]
pub fn straddles(
    _x0: f32,
    _x1: f32,
    _x2: f32,
    _x3: f64,
    _x4: f32,
    _x5: f32,
    _x6: f32,
    _z: Complex<f32>,
) {
}

/// The same placement in a call into MLIR.
#[ciface]
unsafe extern "C" {
    pub fn mlir_straddles(a: Complex<f64>, b: Complex<f32>, c: Complex<f64>, x: f32, z: Complex<f32>);
}

/// A complex type of one's own is not MLIR's `complex<T>`.
pub struct Complex32 {
    pub re: f32,
    pub im: f32,
}

#[ciface]
pub fn own_complex(_z: Complex32) {}

fn main() {}
