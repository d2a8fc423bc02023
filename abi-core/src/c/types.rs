//! How Rust types are spelled in C, and the trait that ties the two together.
//!
//! The attribute macros never decide a layout: they name the Rust type and let
//! rustc find the [`CType`] (or [`CParam`](crate::c::CParam) /
//! [`CResult`](crate::c::CResult)) implementation. That keeps layout knowledge in
//! one place, checked by the compiler, and lets users add their own types.

use core::ffi::c_void;

use crate::model::c::{CScalar, CTypeDesc};

/// A Rust type with a C spelling and the same size, alignment and bit
/// validity as that spelling on the compilation target.
///
/// # Safety
///
/// Implementing this trait claims that a value of C type [`CType::C_TYPE`]
/// can be reinterpreted as `Self` and back, for every bit pattern C can
/// produce. `#[c_export]` on a `#[repr(C)]` struct implements it after
/// checking the fields; hand-written implementations must uphold the same.
///
/// A newtype C sees as `double`, passed in a slice:
///
/// ```
/// use abi_core::c::CType;
/// use abi_core::emit::CHeader;
/// use abi_core::model::c::{CScalar, CTypeDesc};
/// use abi_core::{Registry, c_export};
///
/// /// A temperature; C sees a `double`.
/// #[repr(transparent)]
/// #[derive(Clone, Copy)]
/// pub struct Celsius(pub f64);
///
/// // SAFETY: `repr(transparent)` over `f64`, and every bit pattern of a
/// // C `double` is an `f64`.
/// unsafe impl CType for Celsius {
///     const C_TYPE: CTypeDesc = CTypeDesc::scalar::<f64>(CScalar::Double);
/// }
///
/// /// The warmest reading.
/// #[c_export]
/// pub fn demo_warmest(readings: &[Celsius]) -> f64 {
///     readings.iter().map(|c| c.0).fold(f64::NEG_INFINITY, f64::max)
/// }
///
/// assert_eq!(demo_warmest(&[Celsius(20.5), Celsius(22.0)]), 22.0);
/// let header = CHeader::new("demo.h").render(&Registry::all()).unwrap();
/// assert!(header.contains("double demo_warmest(const double *readings, size_t readings_len);"));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no C spelling that abi-core knows",
    label = "not a C type",
    note = "C types are the fixed-width integers, `f32`, `f64`, `CBool`, `c_void`, raw pointers to C types, arrays `[T; N]` of C types and `#[c_export] #[repr(C)]` structs",
    note = "a Rust `bool` is accepted only by value: behind a pointer, in a slice, an array or a struct field C can leave any byte in it, so write `abi_core::c::CBool` there"
)]
pub unsafe trait CType {
    /// How C spells this type.
    const C_TYPE: CTypeDesc;
}

macro_rules! scalar_c_types {
    ($($rust:ty => $c:ident),* $(,)?) => {$(
        // SAFETY: the C type named here has the same size, alignment and
        // valid bit patterns as the Rust type on every target Rust and C share
        // (the fixed-width types are exact by definition; `size_t` and
        // `ptrdiff_t` are pointer-sized on all Rust targets).
        unsafe impl CType for $rust {
            const C_TYPE: CTypeDesc = CTypeDesc::scalar::<$rust>(CScalar::$c);
        }
    )*};
}

scalar_c_types! {
    i8 => Int8, i16 => Int16, i32 => Int32, i64 => Int64,
    u8 => Uint8, u16 => Uint16, u32 => Uint32, u64 => Uint64,
    isize => Ptrdiff, usize => Size,
    f32 => Float, f64 => Double,
}

/// C's `bool` (`_Bool`), for the places a Rust `bool` cannot go: behind a
/// pointer, in a slice, in an array or as a field of a `#[c_export]`
/// struct.
///
/// C can store any byte in a `_Bool` object (through a cast, a `memcpy`
/// or a union), and a Rust `bool` holding anything but 0 or 1 is undefined
/// behaviour. A `bool` passed by value is normalised by the shim; memory C
/// owns cannot be, so there the type is `CBool`: one byte, spelled `bool`
/// in the header, where [`CBool::get`] reads any non-zero byte as `true`.
///
/// ```
/// use abi_core::c::CBool;
/// use abi_core::c_export;
///
/// #[c_export]
/// #[repr(C)]
/// #[derive(Clone, Copy)]
/// pub struct Flagged {
///     pub value: i32,
///     pub valid: CBool,
/// }
///
/// /// Count the set flags (C passes `const bool *flags, size_t flags_len`).
/// #[c_export]
/// pub fn count_set(flags: &[CBool]) -> usize {
///     flags.iter().filter(|f| f.get()).count()
/// }
///
/// assert_eq!(count_set(&[CBool::TRUE, CBool::FALSE, CBool::from(true)]), 2);
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, Default)]
pub struct CBool(u8);

impl CBool {
    /// `false` (the byte 0).
    pub const FALSE: CBool = CBool(0);
    /// `true` (the byte 1).
    pub const TRUE: CBool = CBool(1);

    /// The truth value: any non-zero byte is `true`, as C's conversion of
    /// a scalar to `_Bool` reads it.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub const fn get(self) -> bool {
        self.0 != 0
    }

    /// Store `value` (as 0 or 1).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn set(&mut self, value: bool) {
        self.0 = u8::from(value);
    }

    /// The byte as C left it (0 and 1 are the only values C's own
    /// conversions produce).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub const fn byte(self) -> u8 {
        self.0
    }
}

impl From<bool> for CBool {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn from(value: bool) -> Self {
        CBool(u8::from(value))
    }
}

impl From<CBool> for bool {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn from(value: CBool) -> Self {
        value.get()
    }
}

/// Compares truth values: the bytes 1 and 2 are equal.
impl PartialEq for CBool {
    fn eq(&self, other: &Self) -> bool {
        self.get() == other.get()
    }
}

impl Eq for CBool {}

impl PartialEq<bool> for CBool {
    fn eq(&self, other: &bool) -> bool {
        self.get() == *other
    }
}

impl core::fmt::Debug for CBool {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Debug::fmt(&self.get(), f)
    }
}

/// How C spells `bool` (C23, or `<stdbool.h>` before it).
pub(crate) const C_BOOL: CTypeDesc = CTypeDesc::scalar::<u8>(CScalar::Bool);

// SAFETY: one byte, like C's `_Bool` on every target Rust supports; every
// byte is a valid `CBool` (its truth value is "non-zero"). Rust `bool` has
// no `CType` impl on purpose: only 0 and 1 are valid `bool`s, and C can
// leave any byte in memory it owns.
unsafe impl CType for CBool {
    const C_TYPE: CTypeDesc = C_BOOL;
}

// SAFETY: `c_void` is only ever used behind a pointer, as C's `void`.
unsafe impl CType for c_void {
    const C_TYPE: CTypeDesc = CTypeDesc::Void;
}

// SAFETY: a raw pointer has no validity requirement beyond being initialised,
// and C's `T *` has the same size and alignment.
unsafe impl<T: CType + ?Sized> CType for *const T {
    const C_TYPE: CTypeDesc = CTypeDesc::Pointer {
        pointee: &T::C_TYPE,
        is_const: true,
    };
}

// SAFETY: as for `*const T`.
unsafe impl<T: CType + ?Sized> CType for *mut T {
    const C_TYPE: CTypeDesc = CTypeDesc::Pointer {
        pointee: &T::C_TYPE,
        is_const: false,
    };
}

// SAFETY: Rust arrays are laid out as C arrays: `N` elements of `T`, no
// padding beyond the elements' own.
unsafe impl<T: CType, const N: usize> CType for [T; N] {
    const C_TYPE: CTypeDesc = CTypeDesc::Array {
        element: &T::C_TYPE,
        len: N,
    };
}

/// The C spelling of `char`, for strings.
pub(crate) const C_CHAR: CTypeDesc = CTypeDesc::scalar::<core::ffi::c_char>(CScalar::Char);

/// `const char *`: how strings (`&str`, `&CStr`) travel.
pub(crate) const C_CONST_CHAR_PTR: CTypeDesc = CTypeDesc::Pointer {
    pointee: &C_CHAR,
    is_const: true,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn spell<T: CType>(name: &str) -> String {
        T::C_TYPE.declare(name)
    }

    #[test]
    fn declarators_follow_c_syntax() {
        assert_eq!(spell::<i32>("x"), "int32_t x");
        assert_eq!(spell::<*const f64>("p"), "const double *p");
        assert_eq!(spell::<*mut u8>("p"), "uint8_t *p");
        assert_eq!(spell::<[u16; 4]>("a"), "uint16_t a[4]");
        assert_eq!(spell::<[[u8; 3]; 2]>("m"), "uint8_t m[2][3]");
        assert_eq!(spell::<*mut [i32; 4]>("grid"), "int32_t (*grid)[4]");
        assert_eq!(spell::<*const [i32; 4]>("grid"), "const int32_t (*grid)[4]");
        assert_eq!(spell::<*const *mut u8>("pp"), "uint8_t *const *pp");
        assert_eq!(spell::<*mut *const u8>("pp"), "const uint8_t **pp");
        assert_eq!(spell::<*const c_void>(""), "const void *");
        assert_eq!(spell::<*mut c_void>("h"), "void *h");
        assert_eq!(spell::<CBool>(""), "bool");
        assert_eq!(spell::<[CBool; 2]>("f"), "bool f[2]");
    }
}

crate::argument::borrows_nothing!(CBool);
