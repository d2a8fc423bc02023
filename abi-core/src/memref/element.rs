//! Which Rust types may be memref elements, and how MLIR names them.

use crate::c::CType;
use crate::model::c::CTypeDesc;

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
    note = "memref elements are f32, f64, i8..i64, u8..u64, bool (i1) and, with the `half` feature, half::f16 / half::bf16; MLIR's `index` is i64"
)]
pub unsafe trait MemRefElement: Copy + 'static {
    /// MLIR's spelling of the element type (`f32`, `i1`, ...).
    const MLIR_NAMES: &'static [&'static str];
    /// The C spelling, for the descriptor typedefs in the C header.
    const C_TYPE: CTypeDesc;
    /// The IREE reflection name (`f32`, `i1`, ...).
    const IREE_NAME: &'static str;
    /// Whether some bit patterns of `size_of::<Self>()` bytes are not values
    /// (only `bool`); views then check every element once.
    const NEEDS_CHECK: bool = false;

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
    use super::MemRefElement;

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
