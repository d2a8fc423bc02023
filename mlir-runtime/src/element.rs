//! The element types of MLIR's runtime functions: how each is printed
//! (as `std::ostream <<` prints the C++ type LLVM's runtime uses) and
//! compared (`verifyMemRef*`).

use abi_core::memref::{Complex, MemRefElement, Vector};

use crate::output::push_g;

/// An element type of the `printMemref*` / `verifyMemRef*` family.
pub(crate) trait Element: MemRefElement {
    /// Append the element as LLVM's runtime prints it.
    fn push(self, out: &mut Vec<u8>);
    /// Whether `actual` passes as `expected` (`verifyMemRef*`): equal, or
    /// within a relative error for `f32` (1e-6) and `f64` (1e-12).
    fn verify(actual: Self, expected: Self) -> bool;
}

macro_rules! integers {
    ($($t:ty),*) => {$(
        impl Element for $t {
            fn push(self, out: &mut Vec<u8>) {
                out.extend_from_slice(self.to_string().as_bytes());
            }
            fn verify(actual: Self, expected: Self) -> bool {
                actual == expected
            }
        }
    )*};
}

integers!(i16, i32, i64, u64);

/// `int8_t` is a `char` to `std::ostream`: the byte itself.
impl Element for i8 {
    fn push(self, out: &mut Vec<u8>) {
        out.push(self as u8);
    }
    fn verify(actual: Self, expected: Self) -> bool {
        actual == expected
    }
}

impl Element for f32 {
    fn push(self, out: &mut Vec<u8>) {
        push_g(out, f64::from(self));
    }
    fn verify(actual: Self, expected: Self) -> bool {
        actual.is_finite()
            && expected.is_finite()
            && (actual - expected).abs() <= 1e-6f32 * expected.abs()
    }
}

impl Element for f64 {
    fn push(self, out: &mut Vec<u8>) {
        push_g(out, self);
    }
    fn verify(actual: Self, expected: Self) -> bool {
        actual.is_finite()
            && expected.is_finite()
            && (actual - expected).abs() <= 1e-12 * expected.abs()
    }
}

/// MLIR's `f16`: printed as the `float` it converts to.
impl Element for half::f16 {
    fn push(self, out: &mut Vec<u8>) {
        push_g(out, f64::from(self.to_f32()));
    }
    fn verify(actual: Self, expected: Self) -> bool {
        actual.to_bits() == expected.to_bits()
    }
}

/// MLIR's `bf16`: printed as the `float` it converts to.
impl Element for half::bf16 {
    fn push(self, out: &mut Vec<u8>) {
        push_g(out, f64::from(self.to_f32()));
    }
    fn verify(actual: Self, expected: Self) -> bool {
        actual.to_bits() == expected.to_bits()
    }
}

/// `std::complex<T>`: `(re,im)`.
impl Element for Complex<f32> {
    fn push(self, out: &mut Vec<u8>) {
        push_complex(out, f64::from(self.re), f64::from(self.im));
    }
    fn verify(actual: Self, expected: Self) -> bool {
        actual == expected
    }
}

/// `std::complex<T>`: `(re,im)`.
impl Element for Complex<f64> {
    fn push(self, out: &mut Vec<u8>) {
        push_complex(out, self.re, self.im);
    }
    fn verify(actual: Self, expected: Self) -> bool {
        actual == expected
    }
}

fn push_complex(out: &mut Vec<u8>, re: f64, im: f64) {
    out.push(b'(');
    push_g(out, re);
    out.push(b',');
    push_g(out, im);
    out.push(b')');
}

/// `vector<4x4xf32>` (`Vector2D<4, 4, float>`), as LLVM's
/// `VectorDataPrinter` writes it: `((a, b, c, d),   (e, ...),  (m, ...))`
/// (two spaces before the middle rows, one before the last).
impl Element for [Vector<f32, 4>; 4] {
    fn push(self, out: &mut Vec<u8>) {
        out.push(b'(');
        for (r, row) in self.iter().enumerate() {
            match r {
                0 => {}
                3 => out.push(b' '),
                _ => out.extend_from_slice(b"  "),
            }
            out.push(b'(');
            for (k, &x) in row.lanes().iter().enumerate() {
                if k > 0 {
                    out.extend_from_slice(b", ");
                }
                push_g(out, f64::from(x));
            }
            out.push(b')');
            if r < 3 {
                out.extend_from_slice(b", ");
            }
        }
        out.push(b')');
    }
    fn verify(actual: Self, expected: Self) -> bool {
        actual == expected
    }
}
