//! Which Rust types may be memref elements, and how MLIR names them.

use super::complex::{Complex, ComplexPart, complex_c_type};
use crate::c::CType;
use crate::model::c::CTypeDesc;
use crate::model::record::TypeRecord;

/// A memref element type: `f32`, `f64`, `i8`..`i64`, `u8`..`u64` (MLIR's
/// signless `iN` read as unsigned), `bool` for `i1`, and with the `half`
/// feature `half::f16` / `half::bf16`. MLIR's `index` is `i64` here.
///
/// # Safety
///
/// `Self` must have the size and alignment MLIR's LLVM lowering gives the
/// element (`i1` is one byte), and [`MemRefElement::is_valid`] must accept
/// exactly the bit patterns that are valid values of `Self`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a memref element type",
    label = "not an MLIR memref element",
    note = "memref elements are f32, f64, i8..i64, u8..u64, bool (i1), abi_core::memref::Complex<f32> / Complex<f64> (complex<f32>, complex<f64>) and, with the `half` feature, half::f16 / half::bf16 (with `num-complex`, num_complex::Complex<f32> / Complex<f64>); MLIR's `index` is i64"
)]
pub unsafe trait MemRefElement: Copy + 'static {
    /// MLIR's spelling of the element type (`f32`, `i1`, ...).
    const MLIR_NAMES: &'static [&'static str];
    /// The C spelling, for the descriptor typedefs in the C header.
    const C_TYPE: CTypeDesc;
    /// The IREE reflection name (`f32`, `i1`, ...); for a complex
    /// element, its part's (the record is `["complex", "f32"]`, see
    /// [`MemRefElement::element_record`]).
    const IREE_NAME: &'static str;
    /// The element's name in the C header's descriptor typedefs
    /// (`MemRef2D_f32`, `MemRef1D_complex_f32`).
    const C_TAG: &'static str = Self::IREE_NAME;
    /// Whether the element is MLIR's `complex<T>` (its reflection record
    /// is `["complex", IREE_NAME]` instead of `IREE_NAME`).
    const COMPLEX: bool = false;
    /// Whether some bit patterns of `size_of::<Self>()` bytes are not values
    /// (only `bool`); views then check every element once.
    const NEEDS_CHECK: bool = false;

    /// The element's reflection record: `"f32"`, or `["complex", "f32"]`.
    fn element_record() -> TypeRecord {
        let part = TypeRecord::Primitive(Self::IREE_NAME.to_owned());
        if Self::COMPLEX {
            TypeRecord::Complex(Box::new(part))
        } else {
            part
        }
    }

    /// Whether the element at `ptr` holds a valid value.
    ///
    /// # Safety
    ///
    /// `ptr` must be valid for reading `size_of::<Self>()` bytes.
    #[inline(always)]
    unsafe fn is_valid(ptr: *const Self) -> bool {
        let _ = ptr;
        true
    }
}

macro_rules! element {
    ($($t:ty => [$($mlir:literal),*], $iree:literal;)*) => {$(
        // SAFETY: every bit pattern is a value, and MLIR's LLVM lowering
        // stores this element with the Rust type's size and alignment.
        unsafe impl MemRefElement for $t {
            const MLIR_NAMES: &'static [&'static str] = &[$($mlir),*];
            const C_TYPE: CTypeDesc = <$t as CType>::C_TYPE;
            const IREE_NAME: &'static str = $iree;
        }
    )*};
}

element! {
    f32 => ["f32"], "f32";
    f64 => ["f64"], "f64";
    i8 => ["i8", "si8"], "i8";
    i16 => ["i16", "si16"], "i16";
    i32 => ["i32", "si32"], "i32";
    i64 => ["i64", "si64", "index"], "i64";
    u8 => ["i8", "ui8"], "i8";
    u16 => ["i16", "ui16"], "i16";
    u32 => ["i32", "ui32"], "i32";
    u64 => ["i64", "ui64", "index"], "i64";
}

// SAFETY: `i1` is stored in one byte; `is_valid` accepts only 0 and 1, the
// two valid `bool` patterns.
unsafe impl MemRefElement for bool {
    const MLIR_NAMES: &'static [&'static str] = &["i1"];
    const C_TYPE: CTypeDesc = crate::c::C_BOOL;
    const IREE_NAME: &'static str = "i1";
    const NEEDS_CHECK: bool = true;

    #[inline(always)]
    unsafe fn is_valid(ptr: *const Self) -> bool {
        // SAFETY: the caller guarantees one readable byte; any byte is a
        // valid `u8`.
        let byte = unsafe { ptr.cast::<u8>().read() };
        byte <= 1
    }
}

// SAFETY: MLIR lowers `complex<T>` in memory to the LLVM struct `{T, T}`:
// size `2 * size_of::<T>()`, the alignment of `T` (checked against MLIR 19
// and 22's lowering in c-tests), which is `#[repr(C)] Complex<T>`; every
// bit pattern of two floats is a value.
unsafe impl<T: ComplexPart> MemRefElement for Complex<T> {
    const MLIR_NAMES: &'static [&'static str] = T::COMPLEX_MLIR_NAMES;
    const C_TYPE: CTypeDesc = complex_c_type::<T>();
    const IREE_NAME: &'static str = T::MLIR_NAME;
    const C_TAG: &'static str = T::COMPLEX_C_TAG;
    const COMPLEX: bool = true;
}

// SAFETY: `num_complex::Complex<T>` is `#[repr(C)] {re: T, im: T}`, the
// layout of `Complex<T>` above.
#[cfg(feature = "num-complex")]
unsafe impl<T: ComplexPart> MemRefElement for num_complex::Complex<T> {
    const MLIR_NAMES: &'static [&'static str] = T::COMPLEX_MLIR_NAMES;
    const C_TYPE: CTypeDesc = complex_c_type::<T>();
    const IREE_NAME: &'static str = T::MLIR_NAME;
    const C_TAG: &'static str = T::COMPLEX_C_TAG;
    const COMPLEX: bool = true;
}

#[cfg(feature = "half")]
mod half_elements {
    use super::*;
    use crate::model::c::CScalar;

    // The C header names them `abi_f16` / `abi_bf16` and defines them as
    // `_Float16` / `__bf16` where the compiler has those types.
    //
    // SAFETY: `f16`/`bf16` are 2-byte `#[repr(transparent)]` wrappers of
    // `u16`; every pattern is a value; MLIR stores them as 2-byte halves.
    unsafe impl MemRefElement for half::f16 {
        const MLIR_NAMES: &'static [&'static str] = &["f16"];
        const C_TYPE: CTypeDesc = CTypeDesc::scalar::<half::f16>(CScalar::AbiF16);
        const IREE_NAME: &'static str = "f16";
    }

    // SAFETY: as above.
    unsafe impl MemRefElement for half::bf16 {
        const MLIR_NAMES: &'static [&'static str] = &["bf16"];
        const C_TYPE: CTypeDesc = CTypeDesc::scalar::<half::bf16>(CScalar::AbiBf16);
        const IREE_NAME: &'static str = "bf16";
    }
}

#[cfg(test)]
mod tests {
    use super::{Complex, MemRefElement};

    /// Every MLIR name an element answers to is one the macros accept in
    /// `#[mlir("memref<...>")]` (one list, `abi_model::mlir`), and every
    /// name on that list has an element.
    #[test]
    fn element_names_are_the_shared_list() {
        let mut named: Vec<&str> = [
            f32::MLIR_NAMES,
            f64::MLIR_NAMES,
            i8::MLIR_NAMES,
            i16::MLIR_NAMES,
            i32::MLIR_NAMES,
            i64::MLIR_NAMES,
            u8::MLIR_NAMES,
            u16::MLIR_NAMES,
            u32::MLIR_NAMES,
            u64::MLIR_NAMES,
            bool::MLIR_NAMES,
            Complex::<f32>::MLIR_NAMES,
            Complex::<f64>::MLIR_NAMES,
            &["f16", "bf16"], // the `half` feature's, spelled out below
        ]
        .concat();
        #[cfg(feature = "half")]
        {
            assert_eq!(half::f16::MLIR_NAMES, ["f16"]);
            assert_eq!(half::bf16::MLIR_NAMES, ["bf16"]);
        }
        for name in &named {
            assert!(abi_model::mlir::is_element_type(name), "{name}");
        }
        named.sort_unstable();
        named.dedup();
        let mut shared = abi_model::mlir::ELEMENT_TYPES.to_vec();
        shared.sort_unstable();
        assert_eq!(named, shared);
    }
}
