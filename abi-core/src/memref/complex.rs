//! MLIR's `complex<f32>` and `complex<f64>` across the C interface.
//!
//! MLIR lowers `complex<T>` to the LLVM struct `{T, T}` and passes it *by
//! value* as that struct, which LLVM splits into two scalar arguments: on
//! x86-64 the real part takes one SSE register and the imaginary part the
//! next (or one 8-byte stack slot each once the eight are used). C passes
//! `struct {float re, im;}` and `float _Complex` packed into *one*
//! register, so a C struct or `_Complex` parameter would be misread; the
//! header spells a complex argument as two scalars (`float c_re, float
//! c_im`). A complex result comes back through the C interface's leading
//! out-pointer as a `{T re; T im;}` struct, the layout C gives it on every
//! target. (Measured against MLIR 19; tested in `c-tests`.)
//!
//! One placement has no C equivalent: a complex argument whose real part
//! falls in the last SSE argument register (`xmm7`, after seven float
//! arguments) has its imaginary part on the stack in MLIR's lowering,
//! while every C type of two scalars goes to the stack whole. Such a
//! signature is a compile error; reorder the parameters. Complex
//! arguments are proven on x86-64 only and are a compile error elsewhere;
//! complex results, which travel in memory, are allowed on every 64-bit
//! target.

use crate::c::CType;
use crate::model::c::CTypeDesc;

/// A complex number as MLIR lays out `complex<T>`: the real part, then the
/// imaginary part (`#[repr(C)]`, no padding).
///
/// ```
/// use abi_core::memref::Complex;
///
/// let z = Complex::new(3.0f32, 4.0);
/// assert_eq!(z * z.conj(), Complex::new(25.0, 0.0));
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Complex<T> {
    /// The real part.
    pub re: T,
    /// The imaginary part.
    pub im: T,
}

impl<T> Complex<T> {
    /// `re + im·i`.
    pub const fn new(re: T, im: T) -> Self {
        Complex { re, im }
    }
}

impl<T: Copy + core::ops::Neg<Output = T>> Complex<T> {
    /// The complex conjugate `re - im·i`.
    pub fn conj(self) -> Self {
        Complex::new(self.re, -self.im)
    }
}

impl<T> core::ops::Mul for Complex<T>
where
    T: Copy + core::ops::Mul<Output = T> + core::ops::Add<Output = T> + core::ops::Sub<Output = T>,
{
    type Output = Self;
    fn mul(self, rhs: Self) -> Self {
        Complex::new(
            self.re * rhs.re - self.im * rhs.im,
            self.re * rhs.im + self.im * rhs.re,
        )
    }
}

impl<T: core::ops::Add<Output = T>> core::ops::Add for Complex<T> {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        Complex::new(self.re + rhs.re, self.im + rhs.im)
    }
}

#[cfg(feature = "num-complex")]
impl<T> From<num_complex::Complex<T>> for Complex<T> {
    fn from(z: num_complex::Complex<T>) -> Self {
        Complex::new(z.re, z.im)
    }
}

#[cfg(feature = "num-complex")]
impl<T> From<Complex<T>> for num_complex::Complex<T> {
    fn from(z: Complex<T>) -> Self {
        num_complex::Complex::new(z.re, z.im)
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

/// The part type of an MLIR complex: `f32` or `f64`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not the part type of an MLIR complex",
    label = "not `f32` or `f64`",
    note = "MLIR's `complex<f32>` and `complex<f64>` cross the C interface (as values and as memref elements) as `Complex<f32>` / `Complex<f64>`; other part types have no C-interface lowering"
)]
pub trait ComplexPart: sealed::Sealed + Copy + Default + 'static {
    /// What one complex argument is passed as: a type Rust's `extern "C"`
    /// passes in two consecutive SSE registers, real part in the low lanes
    /// of the first, imaginary part in the low lanes of the second (or in
    /// two 8-byte stack slots), as LLVM passes MLIR's `{T, T}`.
    type Split: Copy;
    /// The MLIR name of the part (`f32`).
    const MLIR_NAME: &'static str;
    /// Zero.
    const ZERO: Self;
    /// The C type of a part.
    const C_PART: CTypeDesc;
    /// The part as a memref element kind.
    #[doc(hidden)]
    const FLOAT: crate::model::mlir::FloatKind;
    /// The split form of `z`.
    fn split(z: Complex<Self>) -> Self::Split;
    /// The complex number from its split form.
    fn join(split: Self::Split) -> Complex<Self>;
}

/// `complex<f32>` as an argument: each part with a padding lane, so that
/// each 8-byte half is classified SSE and lands in a register of its own
/// (the padding lanes are never read).
#[doc(hidden)]
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct SplitF32 {
    re: f32,
    _re_upper: f32,
    im: f32,
    _im_upper: f32,
}

impl ComplexPart for f32 {
    type Split = SplitF32;
    const MLIR_NAME: &'static str = "f32";
    const ZERO: f32 = 0.0;
    const C_PART: CTypeDesc = <f32 as CType>::C_TYPE;
    const FLOAT: crate::model::mlir::FloatKind = crate::model::mlir::FloatKind::F32;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn split(z: Complex<f32>) -> SplitF32 {
        SplitF32 {
            re: z.re,
            _re_upper: 0.0,
            im: z.im,
            _im_upper: 0.0,
        }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn join(split: SplitF32) -> Complex<f32> {
        Complex::new(split.re, split.im)
    }
}

impl ComplexPart for f64 {
    // Two doubles are two SSE eightbytes already.
    type Split = Complex<f64>;
    const MLIR_NAME: &'static str = "f64";
    const ZERO: f64 = 0.0;
    const C_PART: CTypeDesc = <f64 as CType>::C_TYPE;
    const FLOAT: crate::model::mlir::FloatKind = crate::model::mlir::FloatKind::F64;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn split(z: Complex<f64>) -> Complex<f64> {
        z
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn join(split: Complex<f64>) -> Complex<f64> {
        split
    }
}

/// The C description of `complex<T>`: a header struct `Complex_<T>` as a
/// result, two scalars as an argument.
pub(crate) const fn complex_c_type<T: ComplexPart>() -> CTypeDesc {
    CTypeDesc::Complex {
        part: &T::C_PART,
        name: T::MLIR_NAME,
    }
}

/// Which floating-point argument register each parameter starts in, and
/// what goes wrong with a complex one: `None` when every complex argument
/// is passed as MLIR passes it. `registers[k]` is how many SSE registers
/// parameter `k` takes (0, 1, or 2 for a complex). Evaluated at compile
/// time by every `#[ciface]` signature with a complex argument.
pub const fn complex_argument_problem(registers: &[usize]) -> Option<&'static str> {
    let mut used = 0;
    let mut k = 0;
    while k < registers.len() {
        if registers[k] == 2 {
            if !cfg!(target_arch = "x86_64") {
                return Some(
                    "complex arguments over MLIR's C interface are proven on x86-64 only (LLVM splits MLIR's `{T, T}` into two scalars, which C's struct rules do not follow on every target); pass the parts as two scalars and build the complex value in MLIR (`complex.create`)",
                );
            }
            if used == 7 {
                return Some(
                    "this complex argument would start in the last SSE argument register (xmm7): MLIR's lowering passes its real part there and its imaginary part on the stack, which no Rust or C type reproduces; move it before a float argument, or pass the parts as two scalars",
                );
            }
        }
        used += registers[k];
        k += 1;
    }
    None
}

/// The compile-time check of a `#[ciface]` signature's complex arguments
/// ([`complex_argument_problem`]), reported at the caller's location, the
/// function's name. One call in a constant of each function: spelled out
/// there (`if let Some(problem) = .. { panic!(..) }`), it cost a crate of
/// 100 functions 6% of rustc's instructions.
#[track_caller]
pub const fn checked_complex_placement(registers: &[usize]) {
    if let Some(problem) = complex_argument_problem(registers) {
        panic!("{}", problem)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_parts_keep_their_values() {
        let z = Complex::new(1.5f32, -2.25);
        assert_eq!(f32::join(f32::split(z)), z);
        let w = Complex::new(1.5f64, -2.25);
        assert_eq!(f64::join(f64::split(w)), w);
        assert_eq!(size_of::<SplitF32>(), 16);
        assert_eq!(size_of::<Complex<f32>>(), 8);
        assert_eq!(align_of::<Complex<f64>>(), 8);
    }

    #[test]
    fn complex_placement_rules() {
        assert_eq!(complex_argument_problem(&[1, 1, 0, 1]), None);
        if cfg!(target_arch = "x86_64") {
            // Six floats then a complex: xmm6 and xmm7.
            assert_eq!(complex_argument_problem(&[1, 1, 1, 1, 1, 1, 2]), None);
            // Eight floats then a complex: both parts on the stack.
            assert_eq!(complex_argument_problem(&[1, 1, 1, 1, 1, 1, 1, 1, 2]), None);
            // Seven floats then a complex: split between xmm7 and memory.
            assert!(complex_argument_problem(&[1, 1, 1, 1, 1, 1, 1, 2]).is_some());
            assert!(complex_argument_problem(&[2, 2, 2, 1, 0, 2]).is_some());
        } else {
            assert!(complex_argument_problem(&[2]).is_some());
        }
    }

    /// On x86-64 no signature of at most
    /// `COMPLEX_PLACEMENT_FREE_ON_X86_64` parameters has a problem, whatever
    /// each takes (the macros leave the check out there), and one more
    /// parameter can have one.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn short_signatures_place_complex_arguments_on_x86_64() {
        let free = crate::model::mlir::COMPLEX_PLACEMENT_FREE_ON_X86_64;
        for len in 0..=free {
            for code in 0..3usize.pow(len as u32) {
                let registers: Vec<usize> =
                    (0..len).map(|k| code / 3usize.pow(k as u32) % 3).collect();
                assert_eq!(complex_argument_problem(&registers), None, "{registers:?}");
            }
        }
        let longer: Vec<usize> = [2; 3].into_iter().chain([1, 2]).collect();
        assert_eq!(longer.len(), free + 1);
        assert!(complex_argument_problem(&longer).is_some());
    }

    #[test]
    fn arithmetic() {
        let z = Complex::new(1.0f64, 2.0);
        assert_eq!(z * Complex::new(3.0, 4.0), Complex::new(-5.0, 10.0));
        assert_eq!(z + z, Complex::new(2.0, 4.0));
    }
}
