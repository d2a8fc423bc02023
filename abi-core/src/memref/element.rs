//! Which Rust types may be memref elements, and how MLIR names them.

use super::complex::{Complex, ComplexPart, complex_c_type};
use crate::c::CType;
use crate::model::c::CTypeDesc;
use crate::model::mlir::{ElementKind, FloatKind};
use crate::model::record::TypeRecord;

/// A memref element type: `f32`, `f64`, `i8`..`i64`, `u8`..`u64` (MLIR's
/// signless `iN` read as unsigned), `bool` for `i1`, `Complex<f32>` /
/// `Complex<f64>`, [`Vector<T, N>`](super::Vector) for `vector<NxT>` and
/// `[Vector<T, C>; R]` for `vector<RxCxT>`, and with the `half` feature
/// `half::f16` / `half::bf16`. MLIR's `index` is `i64` here.
///
/// # Safety
///
/// `Self` must have the size and alignment MLIR's LLVM lowering gives the
/// element (`i1` is one byte; [`ElementKind::llvm_layout`]), and
/// [`MemRefElement::is_valid`] must accept exactly the bit patterns that
/// are valid values of `Self`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a memref element type",
    label = "not an MLIR memref element",
    note = "memref elements are f32, f64, i8..i64, u8..u64, bool (i1), abi_core::memref::Complex<f32> / Complex<f64> (complex<f32>, complex<f64>), abi_core::memref::Vector<T, N> (vector<NxT>) and [Vector<T, C>; R] (vector<RxCxT>) and, with the `half` feature, half::f16 / half::bf16 (with `num-complex`, num_complex::Complex<f32> / Complex<f64>); MLIR's `index` is i64"
)]
pub unsafe trait MemRefElement: Copy + 'static {
    /// What the element is in MLIR: its spellings, its name in the C
    /// header, its reflection record and its LLVM layout follow from it.
    const KIND: ElementKind;
    /// The C spelling, for the descriptor typedefs in the C header.
    const C_TYPE: CTypeDesc;
    /// Whether some bit patterns of `size_of::<Self>()` bytes are not values
    /// (only `bool`); views then check every element once.
    const NEEDS_CHECK: bool = false;

    /// The element's reflection record: `"f32"`, `["complex", "f32"]`,
    /// `["vector", "f32", 3]`.
    fn element_record() -> TypeRecord {
        Self::KIND.record()
    }

    /// Whether the element at `ptr` holds a valid value.
    ///
    /// # Safety
    ///
    /// `ptr` must be valid for reading `size_of::<Self>()` bytes.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn is_valid(ptr: *const Self) -> bool {
        let _ = ptr;
        true
    }
}

macro_rules! element {
    ($($t:ty => $kind:expr;)*) => {$(
        // SAFETY: every bit pattern is a value, and MLIR's LLVM lowering
        // stores this element with the Rust type's size and alignment.
        unsafe impl MemRefElement for $t {
            const KIND: ElementKind = $kind;
            const C_TYPE: CTypeDesc = <$t as CType>::C_TYPE;
        }
    )*};
}

element! {
    f32 => ElementKind::Float(FloatKind::F32);
    f64 => ElementKind::Float(FloatKind::F64);
    i8 => ElementKind::Int { bits: 8, signed: true };
    i16 => ElementKind::Int { bits: 16, signed: true };
    i32 => ElementKind::Int { bits: 32, signed: true };
    i64 => ElementKind::Int { bits: 64, signed: true };
    u8 => ElementKind::Int { bits: 8, signed: false };
    u16 => ElementKind::Int { bits: 16, signed: false };
    u32 => ElementKind::Int { bits: 32, signed: false };
    u64 => ElementKind::Int { bits: 64, signed: false };
}

// SAFETY: `i1` is stored in one byte; `is_valid` accepts only 0 and 1, the
// two valid `bool` patterns.
unsafe impl MemRefElement for bool {
    const KIND: ElementKind = ElementKind::Bool;
    const C_TYPE: CTypeDesc = crate::c::C_BOOL;
    const NEEDS_CHECK: bool = true;

    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
    const KIND: ElementKind = ElementKind::Complex(T::FLOAT);
    const C_TYPE: CTypeDesc = complex_c_type::<T>();
}

// SAFETY: `num_complex::Complex<T>` is `#[repr(C)] {re: T, im: T}`, the
// layout of `Complex<T>` above.
#[cfg(feature = "num-complex")]
unsafe impl<T: ComplexPart> MemRefElement for num_complex::Complex<T> {
    const KIND: ElementKind = ElementKind::Complex(T::FLOAT);
    const C_TYPE: CTypeDesc = complex_c_type::<T>();
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
        const KIND: ElementKind = ElementKind::Float(FloatKind::F16);
        const C_TYPE: CTypeDesc = CTypeDesc::scalar::<half::f16>(CScalar::AbiF16);
    }

    // SAFETY: as above.
    unsafe impl MemRefElement for half::bf16 {
        const KIND: ElementKind = ElementKind::Float(FloatKind::Bf16);
        const C_TYPE: CTypeDesc = CTypeDesc::scalar::<half::bf16>(CScalar::AbiBf16);
    }
}

#[cfg(test)]
mod tests {
    use super::{Complex, MemRefElement};
    use crate::memref::Vector;

    /// Every name on the macros' list of scalar element types has a Rust
    /// element answering to it, and every spelling an element answers to
    /// is one the macros accept.
    #[test]
    fn element_names_are_the_shared_list() {
        let kinds = [
            f32::KIND,
            f64::KIND,
            i8::KIND,
            i16::KIND,
            i32::KIND,
            i64::KIND,
            u8::KIND,
            u16::KIND,
            u32::KIND,
            u64::KIND,
            bool::KIND,
            Complex::<f32>::KIND,
            Complex::<f64>::KIND,
            crate::model::mlir::ElementKind::Float(crate::model::mlir::FloatKind::F16),
            crate::model::mlir::ElementKind::Float(crate::model::mlir::FloatKind::Bf16),
        ];
        #[cfg(feature = "half")]
        {
            assert_eq!(half::f16::KIND, kinds[13]);
            assert_eq!(half::bf16::KIND, kinds[14]);
        }
        let mut named: Vec<String> = kinds.iter().flat_map(|k| k.mlir_names()).collect();
        for kind in &kinds {
            for name in kind.mlir_names() {
                assert!(kind.answers_to(&name), "{name}");
            }
        }
        for name in &named {
            assert!(abi_model::mlir::is_element_type(name), "{name}");
        }
        named.sort_unstable();
        named.dedup();
        let mut shared: Vec<String> = abi_model::mlir::ELEMENT_TYPES
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        shared.sort_unstable();
        assert_eq!(named, shared);
    }

    /// The spellings of vector elements: what the type says, the
    /// signless lane only, nothing else.
    #[test]
    fn vector_elements_answer_to_their_type() {
        let v3 = <Vector<f32, 3>>::KIND;
        assert_eq!(v3.mlir_name(), "vector<3xf32>");
        assert!(v3.answers_to("vector<3xf32>"));
        assert!(!v3.answers_to("vector<4xf32>"));
        assert!(!v3.answers_to("vector<3xf64>"));
        assert!(!v3.answers_to("vector<3x1xf32>"));
        assert!(!v3.answers_to("f32"));
        let m = <[Vector<u8, 3>; 2]>::KIND;
        assert_eq!(m.mlir_name(), "vector<2x3xi8>");
        assert!(m.answers_to("vector<2x3xi8>"));
        assert!(!m.answers_to("vector<2x3xui8>"));
        assert!(!m.answers_to("vector<3xi8>"));
        assert!(abi_model::mlir::is_element_type(&m.mlir_name()));
        assert_eq!(m.c_tag(), "vector_2x3xi8");
        assert!(!i64::KIND.answers_to("ui64"));
        assert!(u64::KIND.answers_to("index"));
        assert!(!u32::KIND.answers_to("index"));
    }
}
